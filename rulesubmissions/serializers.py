"""The bodies the Rules Submission API reads, declared once: each parses its request and is
its OpenAPI schema. Types, lengths and formats are checked here; the rules themselves (which
wagers a game offers, a meter's minimums, §601a.2) stay in ``rulesubmissions.validation``,
which names the section of each refusal.
"""

from __future__ import annotations

import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

import games
from casino.api_fields import Choice, Day, Id, Money, NoBody, StrictSerializer, Text
from rulesubmissions.models import CatalogPaytable
from rulesubmissions.validation import TERM_KEYS, TERMS

PERCENT_PATTERN = r"^[0-9]{1,3}(\.[0-9]{1,4})?$"


@extend_schema_field({"type": "string", "pattern": PERCENT_PATTERN, "example": "5",
                      "description": "percent, 0 to 100, at most four decimals"})
class Percent(Text):
    """A rate in percent as a string (``"5"``, ``"0.25"``); its range is a rule the
    validation names with its section."""

    def __init__(self, **kwargs):
        super().__init__(max_length=8, **kwargs)

    def to_internal_value(self, data):
        text = super().to_internal_value(data)
        if text and not _PERCENT.fullmatch(text):
            raise serializers.ValidationError(
                f"{text!r} is not a percentage between 0 and 100, like \"5\"")
        return text


_PERCENT = re.compile(PERCENT_PATTERN.strip("^$"))


SCALAR_OPTION = {"oneOf": [{"type": "string", "maxLength": 100, "nullable": True},
                           {"type": "boolean"},
                           {"type": "integer", "minimum": 0, "maximum": 1000}],
                 "description": "the option's choice, yes/no or number (GET /api/v1/games/ "
                                "lists each option's choices)"}
MOST_ENTRIES = 100  # in an option's mapping or list (Royal 9's: a position each, at most 9)


@extend_schema_field(SCALAR_OPTION)  # a mapping or list: its shape in ``OptionsField``
class OptionValue(serializers.Field):
    """An option's value: a choice (text), yes/no, a whole number, null (not offered), or a
    mapping or list of the shape the engine's SPEC defines for the option
    (``OptionSpec.shape``: Royal 9's combination of each position); the engine checks each
    against its SPEC (``rulesubmissions.validation``)."""

    def to_internal_value(self, data):
        if data is None or isinstance(data, bool):
            return data
        if isinstance(data, int) and 0 <= data <= 1000:
            return data
        if isinstance(data, str) and len(data) <= 100:
            return Text(max_length=100, allow_blank=True).run_validation(data)
        if isinstance(data, dict | list) and len(data) <= MOST_ENTRIES:
            return data
        raise serializers.ValidationError(
            "a choice (text), true or false, a whole number from 0 to 1,000, null, or the "
            "mapping or list the option takes (GET /api/v1/games/ lists each option)")

    def to_representation(self, value):
        return value


def option_schemas() -> dict[str, dict]:
    """Each option key of every game with the shape of its value: the engine's ``shape``
    where a game's SPEC defines one, a choice, yes/no or number otherwise."""
    shapes: dict[str, dict] = {}
    for game in games.GAMES:
        for o in games.spec(game).options:
            if o.key in TERM_KEYS:
                continue
            shown = {**o.shape, "description": f"{o.name} ({o.rule}). {o.shape['description']}"
                     } if o.shape else {**SCALAR_OPTION, "description": f"{o.name} ({o.rule})"}
            if o.key not in shapes or o.shape:
                shapes[o.key] = shown
    return dict(sorted(shapes.items()))


OPTIONS_SCHEMA = {
    "type": "object",
    "description": "Option key -> value, the keys the game's SPEC defines (GET /api/v1/games/ "
                   "lists each game's); each value as its option takes it, checked by the "
                   "engine (a refusal names `options.<key>`).",
    "properties": option_schemas(),
    "additionalProperties": SCALAR_OPTION,
}


@extend_schema_field(OPTIONS_SCHEMA)
class OptionsField(serializers.DictField):
    """A Rules Submission's ``options``: each value an ``OptionValue``."""

    def __init__(self, **kwargs):
        super().__init__(child=OptionValue(allow_null=True), **kwargs)


class MeterTerms(StrictSerializer):
    """A progressive meter's terms: amounts in dollars, rates in percent of each wager."""

    unknown_message = "not a term of a meter (terms: {fields})"

    initial = Money(required=False, allow_blank=True, help_text="Initial amount, dollars (\"10000.00\").")
    reset = Money(required=False, allow_blank=True, help_text="Reset amount, dollars.")
    rate = Percent(required=False, allow_blank=True, help_text="Rate of progression, percent (\"5\").")
    reserve_rate = Percent(required=False, allow_blank=True,
                           help_text="Reserve rate, percent (\"0.5\").")
    limit = Money(required=False, allow_blank=True, allow_null=True, help_text="Limit, dollars (optional).")


def _game_refused(value) -> str:
    return games.game_refusal(value)


class GameField(Choice):
    """A game key; a refusal lists the games by name, as the services do."""

    def __init__(self, **kwargs):
        super().__init__(choices=list(games.GAMES), **kwargs)
        self.error_messages["required"] = _game_refused(None)

    def to_internal_value(self, data):
        if not isinstance(data, str) or data not in self.choices:
            raise serializers.ValidationError(_game_refused(data))
        return data


WAGERS_HELP = "Each wager offered -> its paytable (name or id; \"\" for none)."


class SubmissionTerms(StrictSerializer):
    """A new draft's terms (``POST``): the game, and any term it leaves out takes its
    default (the base wagers only, each option's default; the rules name what a version
    needs, e.g. a meter's terms for each progressive wager)."""

    unknown_message = "not a term of a Rules Submission (terms: {fields})"

    property = Id(required=False, help_text="Your property (the first where you are staff "
                                            "if omitted).")
    game = GameField(help_text="The game (GET /api/v1/games/ lists them).")
    options = OptionsField(required=False)
    wagers = serializers.DictField(child=Text(max_length=200, allow_blank=True),
                                   required=False, help_text=WAGERS_HELP)
    meters = serializers.DictField(child=MeterTerms(), required=False,
                                   help_text="Meter key -> its terms.")
    table_minimum = Money(required=False, allow_blank=True, help_text="Dollars, e.g. \"5.00\".")
    table_maximum = Money(required=False, allow_blank=True, help_text="Dollars, e.g. \"500.00\".")
    payout_limit = Money(required=False, allow_blank=True, allow_null=True,
                         help_text="Dollars; only for games that have one.")

    def writable(self) -> list[str]:
        return [*TERMS, "property"]


class SubmissionReplace(SubmissionTerms):
    """Every term of a draft or returned version (``PUT`` replaces them all): each is
    required but ``payout_limit`` (none if left out) and ``game``, which never changes
    (leave it out, or send the version's own)."""

    unknown_message = "not a term of a Rules Submission version (terms: {fields})"

    property = None  # a version stays at its property
    game = GameField(required=False, help_text="The version's game: it never changes.")
    options = OptionsField(help_text="Option key -> value, every option of the game.")
    wagers = serializers.DictField(child=Text(max_length=200, allow_blank=True),
                                   help_text=WAGERS_HELP)
    meters = serializers.DictField(child=MeterTerms(), help_text="Meter key -> its terms, "
                                   "one for each meter the offered wagers feed ({} if none).")
    table_minimum = Money(help_text="Dollars, e.g. \"5.00\".")
    table_maximum = Money(help_text="Dollars, e.g. \"500.00\".")

    def writable(self) -> list[str]:
        return list(TERMS)


class SubmissionChange(SubmissionReplace):
    """Some terms of a draft or returned version (``PATCH``, ``rulesubmissions.terms_merge``):
    a term sent replaces the stored one, and the maps are merged key by key; ``null`` as a
    wager's or a meter's entry takes it out."""

    wagers = serializers.DictField(
        child=Text(max_length=200, allow_blank=True, allow_null=True),
        help_text="Wager -> its paytable, merged into the stored map: a wager sent replaces "
                  "its entry, null stops offering it, the others stay.")
    meters = serializers.DictField(
        child=MeterTerms(allow_null=True),
        help_text="Meter key -> its terms, merged into the stored map: a meter sent replaces "
                  "its terms whole, null drops them, the others stay.")


def terms_of(validated: dict) -> dict:
    """The validated terms as the services read them (amounts as dollar strings; a meter's
    ``None``, a PATCH's removal, kept)."""
    terms = {}
    for key, value in validated.items():
        if key == "meters":
            value = {k: None if m is None else {f: ("" if v is None else str(v))
                                                for f, v in m.items()}
                     for k, m in value.items()}
        elif key in ("table_minimum", "table_maximum", "payout_limit"):
            value = "" if value is None else str(value)
        terms[key] = value
    return terms


class ApproveBody(StrictSerializer):
    effective_date = Day(error_messages={"required": "an effective date, today or later"},
                         help_text="The first day the version is in force (today or later).")


class ReturnBody(StrictSerializer):
    comment = Text(max_length=5000, error_messages={"required": "say what must change"},
                   help_text="What must change.")


def _length(model, field: str) -> int:
    return model._meta.get_field(field).max_length


@extend_schema_field({
    "type": "object", "description": "A paytable in the catalog's format (the engine checks "
    "every row and names each refusal, e.g. `entry.rows[2].odds`).",
    "required": ["game", "wager", "name", "rows"],
    "properties": {
        "game": {"type": "string", "enum": list(games.GAMES)},
        "wager": {"type": "string", "maxLength": _length(CatalogPaytable, "wager")},
        "name": {"type": "string", "maxLength": 40},
        "title": {"type": "string", "maxLength": 120},
        "citation": {"type": "string", "maxLength": 40, "example": "§649a.12(c)"},
        "source": {"type": "string", "maxLength": 200},
        "source_note": {"type": "string", "maxLength": 1000},
        "rows": {"type": "array", "items": {"type": "object", "properties": {
            "hand": {"type": "string", "maxLength": 80},
            "odds": {"type": "string", "example": "40"},
            "basis": {"type": "string", "enum": ["to", "for"]},
            "amount": {"type": "string", "example": "100.00"},
            "meter_percent": {"type": "string", "example": "10"},
            "when": {"type": "object", "additionalProperties": {"type": "string"}},
            "note": {"type": "string"}}}},
    }})
class PaytableEntry(serializers.DictField):
    """The catalog entry, an object the engine's catalog parser reads and checks."""


class PaytableProposal(StrictSerializer):
    unknown_message = "not a field of a paytable proposal (fields: {fields})"

    entry = PaytableEntry(error_messages={"required": "a catalog entry (an object)"})
    property = Id(required=False, help_text="Your property (the first where you are staff "
                                            "if omitted).")


class RetirementRequest(StrictSerializer):
    reason = Text(max_length=2000, error_messages={"required": "say why it is retired"},
                  help_text="Why the paytable should be retired.")


# Each action's body, by its route.
SUBMISSION_BODIES = {"submit": NoBody, "approve": ApproveBody, "return": ReturnBody,
                     "new-version": NoBody}
PAYTABLE_BODIES = {"request-retirement": RetirementRequest}


class MeterTermsAnswer(serializers.Serializer):
    """A meter's terms as a version keeps them (amounts in dollars, rates in percent)."""

    initial = serializers.CharField()
    reset = serializers.CharField()
    rate = serializers.CharField()
    reserve_rate = serializers.CharField(allow_blank=True, help_text="\"\" when none")
    limit = serializers.CharField(allow_blank=True, help_text="\"\" when none")


# The version diff (GET .../{id}/diff/): what the compliance review shows, as data.


class DiffQuery(StrictSerializer):
    unknown_message = "not a parameter of the diff (parameters: {fields})"

    against = Id(required=False, help_text="The version to compare with (default: the "
                                           "version in force; for that version itself, the "
                                           "one it superseded).")


class VersionRef(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()
    effective_date = serializers.DateField(allow_null=True)


class PaytableRef(serializers.Serializer):
    id = serializers.CharField(help_text="The catalog id (\"three_card_poker.pair_plus.D\").")
    title = serializers.CharField()


class RowChangeAnswer(serializers.Serializer):
    """One hand of two paytables: its odds as posted in each ("" where that one does not pay
    it)."""

    hand = serializers.CharField()
    before = serializers.CharField(allow_blank=True)
    after = serializers.CharField(allow_blank=True)
    changed = serializers.BooleanField()


class ChangeAnswer(serializers.Serializer):
    """A term added, removed or changed, in words as the review shows it; a paytable
    selection with both tables and their rows side by side."""

    path = serializers.CharField(help_text="The term's path (\"wagers.pair_plus\").")
    label = serializers.CharField()
    kind = serializers.ChoiceField(choices=["added", "removed", "changed"])
    before = serializers.CharField(allow_blank=True)
    after = serializers.CharField(allow_blank=True)
    before_paytable = PaytableRef(source="before_table", allow_null=True)
    after_paytable = PaytableRef(source="after_table", allow_null=True)
    rows = RowChangeAnswer(many=True)


class DiffAnswer(serializers.Serializer):
    submission = VersionRef()
    against = VersionRef(allow_null=True, help_text="null: nothing to compare with (the "
                                                    "first version); every term is added.")
    changes = ChangeAnswer(many=True)
