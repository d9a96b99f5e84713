"""The floor API's bodies and answers, declared once: each body parses its request and is its
OpenAPI schema; each answer is what the view sends. Types, lengths (from the models) and
formats are checked here; the floor's rules (a game's positions, §601a.10(a)'s approved
layout) stay in the services, which name the section of each refusal.
"""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import games
from casino.api_fields import Id, OptionConditions, StrictSerializer, TermValues, Text, text_of
from rulesubmissions.engine import game_spec
from rulesubmissions.serializers import GameField
from tables.floor import layouts, selectors
from tables.floor.models import Layout, LinkedGroup, Table


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": 32767})
class Positions(serializers.Field):
    """A table's betting positions: a whole number (ASCII digits in a form), 1 or more."""

    def to_internal_value(self, data):
        if isinstance(data, str) and data.isascii() and data.isdigit() and len(data) <= 5:
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= 32767:
            raise serializers.ValidationError(
                "A whole number of betting positions, 1 or more.")
        return data

    def to_representation(self, value):
        return value


class TableBody(StrictSerializer):
    """A table (``POST``: every required field; ``PATCH``: the fields to change)."""

    unknown_message = "Unknown field."

    label = text_of(Table, "label", help_text="The table's label on the floor (\"TCP-7\").")
    pit = text_of(Table, "pit", required=False, allow_blank=True)
    game = GameField(help_text="The game (GET /api/v1/games/ lists them).")
    positions = Positions(help_text="Betting positions (at most the game's, e.g. 7).")
    progressive_system = text_of(Table, "progressive_system", required=False,
                                 allow_blank=True,
                                 help_text="The progressive table game system's identifier.")
    progressive_lockout = serializers.BooleanField(required=False)
    electronic_wagering_system = text_of(Table, "electronic_wagering_system",
                                         required=False, allow_blank=True)
    linked_group = Id(required=False, allow_null=True, help_text="A linked group's id.")
    layout = Id(required=False, allow_null=True, help_text="A layout's id.")


class VersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()


class ProblemSerializer(serializers.Serializer):
    reason = serializers.CharField()
    section = serializers.CharField()


def version_of(submission) -> dict | None:
    return {"id": submission.pk, "version": submission.version} if submission else None


def game_name(game: str) -> str:
    spec = game_spec(game)
    return spec.name if spec else game


class TableSerializer(serializers.ModelSerializer):
    terms = serializers.SerializerMethodField()
    game_name = serializers.SerializerMethodField()
    status_display = serializers.CharField(source="get_status_display", read_only=True)
    opened_by = serializers.CharField(source="opened_by.username", default=None,
                                      allow_null=True)
    closed_by = serializers.CharField(source="closed_by.username", default=None,
                                      allow_null=True)

    class Meta:
        model = Table
        fields = ["id", "property", "label", "pit", "game", "game_name", "positions",
                  "progressive_system", "progressive_lockout", "electronic_wagering_system",
                  "linked_group", "layout", "status", "status_display", "terms", "opened_by",
                  "opened_at", "closed_by", "closed_at"]

    def get_game_name(self, table) -> str:
        return game_name(table.game)

    @extend_schema_field(VersionSerializer(allow_null=True))
    def get_terms(self, table):
        """The version the table plays by while open (the list shows no closed table's)."""
        return version_of(table.submission) if table.status == "open" else None


class TableDetailSerializer(TableSerializer):
    """A table with its terms, what waits, and every reason it may not open."""

    newer_version_waiting = serializers.SerializerMethodField()
    opening_problems = serializers.SerializerMethodField()

    class Meta(TableSerializer.Meta):
        fields = [*TableSerializer.Meta.fields, "newer_version_waiting", "opening_problems"]

    @extend_schema_field(VersionSerializer(allow_null=True))
    def get_terms(self, table):
        return version_of(selectors.terms_for(table))

    @extend_schema_field(VersionSerializer(allow_null=True))
    def get_newer_version_waiting(self, table):
        return version_of(selectors.newer_version_waiting(table))

    @extend_schema_field(ProblemSerializer(many=True))
    def get_opening_problems(self, table):
        return selectors.opening_problems(table) if table.status == "closed" else []


# --- layouts ----------------------------------------------------------------------------------

class CheckedField(serializers.ListField):
    """Checklist item keys: a JSON list, repeated form fields, or one comma-separated field."""

    def __init__(self, **kwargs):
        super().__init__(child=Text(max_length=100), max_length=200, **kwargs)

    def to_internal_value(self, data):
        if isinstance(data, list) and len(data) == 1 and isinstance(data[0], str) \
                and "," in data[0]:
            data = [v.strip() for v in data[0].split(",") if v.strip()]
        return super().to_internal_value(data)


@extend_schema_field({"type": "string", "format": "binary",
                      "description": "The artwork file: PNG, JPEG or PDF, checked by its content."})
class ArtworkFile(serializers.FileField):
    """The layout's artwork as the file a multipart body uploads (``format: binary``, so a
    generated client sends a file); the answer gives its address, ``artwork_url``."""


class LayoutCreate(StrictSerializer):
    """A layout being prepared (multipart: the artwork is a file)."""

    unknown_message = "Unknown field."

    name = text_of(Layout, "name", error_messages={"blank": "Give the layout a name."})
    game = GameField()
    artwork = ArtworkFile(help_text="PNG, JPEG or PDF, checked by its content.")
    checked = CheckedField(required=False, help_text="The checklist items it shows.")


class LayoutUpdate(StrictSerializer):
    """Tick items (JSON or multipart) or replace the artwork (multipart)."""

    unknown_message = "Unknown field."

    artwork = ArtworkFile(required=False, help_text="A new artwork file (multipart only).")
    checked = CheckedField(required=False)


class LayoutTicks(StrictSerializer):
    """Tick items as JSON (the artwork, a file, comes only in a multipart body; the view reads
    either with ``LayoutUpdate``): the JSON body's schema."""

    unknown_message = "Unknown field."

    checked = CheckedField(required=False)


class LayoutComment(StrictSerializer):
    """An approval's note (optional) or a return's comments (required by the rules)."""

    unknown_message = "Unknown field."

    comment = Text(max_length=5000, required=False, allow_blank=True,
                   help_text="What must change (a return), or a note (an approval).")


class ChecklistItemSerializer(serializers.Serializer):
    key = serializers.CharField()
    kind = serializers.CharField()
    text = serializers.CharField()
    rule = serializers.CharField()
    when_offered = serializers.ListField(child=serializers.CharField())
    when_options = OptionConditions(help_text="Shown when each of these options has this value "
                                              "(\"set\": has any value).")
    needs = serializers.CharField(allow_blank=True)


class ShownItemSerializer(serializers.Serializer):
    """A checklist item of the layout's version: what it inscribes, and whether it is ticked."""

    key = serializers.CharField()
    kind = serializers.CharField()
    text = serializers.CharField()
    rule = serializers.CharField()
    inscribed = TermValues(help_text="Term -> the value the layout inscribes.")
    needs = serializers.CharField(allow_blank=True)
    checked = serializers.BooleanField()
    shows = serializers.CharField(allow_blank=True, help_text="What it inscribes, in words.")


class ReapprovalSerializer(serializers.Serializer):
    key = serializers.CharField()
    text = serializers.CharField()
    rule = serializers.CharField()
    was = serializers.CharField(allow_blank=True)
    now = serializers.CharField(allow_blank=True)
    change = serializers.ChoiceField(choices=["changed", "added", "no longer needed"])


class ChecklistSerializer(serializers.Serializer):
    game = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    items = ChecklistItemSerializer(many=True)


class LayoutSerializer(serializers.ModelSerializer):
    game_name = serializers.SerializerMethodField()
    status_display = serializers.CharField(source="get_status_display")
    artwork_url = serializers.SerializerMethodField()
    submission = serializers.SerializerMethodField()
    checklist = serializers.SerializerMethodField()
    prepared_by = serializers.CharField(source="prepared_by.username")
    submitted_by = serializers.CharField(source="submitted_by.username", default=None,
                                         allow_null=True)
    reviewed_by = serializers.CharField(source="reviewed_by.username", default=None,
                                        allow_null=True)
    needs_reapproval = serializers.SerializerMethodField()

    class Meta:
        model = Layout
        fields = ["id", "property", "game", "game_name", "name", "status", "status_display",
                  "artwork_url", "artwork_type", "artwork_name", "submission", "checklist",
                  "prepared_by", "submitted_by", "reviewed_by", "review_comment",
                  "needs_reapproval"]

    def get_game_name(self, layout) -> str:
        return game_name(layout.game)

    def get_artwork_url(self, layout) -> str:
        return reverse("tables:layout-artwork", args=[layout.pk])

    @extend_schema_field(VersionSerializer)
    def get_submission(self, layout):
        return version_of(layout.submission)

    @extend_schema_field(ShownItemSerializer(many=True))
    def get_checklist(self, layout):
        return layouts.checklist_shown(layout.submission, layout.checked)

    @extend_schema_field(ReapprovalSerializer(many=True))
    def get_needs_reapproval(self, layout):
        return layouts.reapproval_shown(layout)


class LinkedGroupBody(StrictSerializer):
    unknown_message = "Unknown field."

    name = text_of(LinkedGroup, "name", help_text="Its name (\"Pit 1 Five-Card link\").")
    game = GameField()


class LinkedGroupSerializer(serializers.ModelSerializer):
    class Meta:
        model = LinkedGroup
        fields = ["id", "property", "name", "game"]


GAME_KEYS = list(games.GAMES)
