"""API for tables and layouts, mounted under /api/v1/: thin views over ``tables.floor`` and
``tables.layouts``. Errors are 400s ``{"errors": {field: [messages]}}``; refusals by role are
403s; other properties' tables and layouts are 404s.
"""

from django.urls import reverse
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
)
from rest_framework import generics, serializers
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from casino.permissions import HasAbility
from casino.selectors import current_property
from games import layout as engine_layout
from rulesubmissions.engine import game_spec
from rulesubmissions.services import RulesError
from tables import floor, layouts
from tables.models import Layout, LayoutStatus, LinkedGroup, Table

_LIST = {"type": "array", "items": {"type": "object"}}  # a list of objects, as answered


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=400)


def _game_name(game: str) -> str:
    spec = game_spec(game)
    return spec.name if spec else game


def _version(submission) -> dict | None:
    return {"id": submission.pk, "version": submission.version} if submission else None


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
        return _game_name(table.game)

    def get_terms(self, table) -> dict | None:
        """The version the table plays by while open (the list shows no closed table's)."""
        return _version(table.submission) if table.status == "open" else None


def _table_detail(table: Table) -> dict:
    """A table with its terms, what waits, and every reason it may not open."""
    return {**TableSerializer(table).data,
            "terms": _version(floor.terms_for(table)),
            "newer_version_waiting": _version(floor.newer_version_waiting(table)),
            "opening_problems": floor.opening_problems(table) if table.status == "closed"
            else []}


_TABLE_EXAMPLE = {"label": "TCP-7", "pit": "Pit 1", "game": "three_card_poker", "positions": 7,
                  "progressive_system": "PTS-0042", "progressive_lockout": True}
_SETTLE_EXAMPLE = {"dealer": ["Qh", "7h", "2d"], "positions": [
    {"seat": 1, "cards": ["As", "Ks", "Qs"],
     "wagers": {"ante": "10.00", "play": "10.00", "pair_plus": "5.00"}}]}


class _TableView:
    """Tables are looked up among the user's own properties (others' are 404)."""

    permission_classes = [HasAbility]
    serializer_class = TableSerializer

    def get_queryset(self):
        return floor.table_list(user=self.request.user)


class TableList(_TableView, generics.ListAPIView):
    """Tables of your property; POST adds one (table games manager)."""

    required_ability = "tables.read"

    @extend_schema(
        request=OpenApiTypes.OBJECT, responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
        examples=[
            OpenApiExample("A Three Card Poker table", value=_TABLE_EXAMPLE, request_only=True),
            OpenApiExample("Too many positions", response_only=True, status_codes=["400"],
                           value={"errors": {"positions": [
                               "Three Card Poker has at most 7 betting positions (§649a.2(a))."
                           ]}}),
        ])
    def post(self, request):
        prop = current_property(request.user)
        try:
            table = floor.table_create(actor=request.user, property=prop, data=request.data)
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_table_detail(table), status=201)


class TableDetail(_TableView, generics.GenericAPIView):
    """One table with its terms and opening problems; PATCH changes a closed table."""

    required_ability = "tables.read"

    @extend_schema(responses=OpenApiTypes.OBJECT, examples=[OpenApiExample(
        "A closed table that may not open yet (part)", response_only=True, status_codes=["200"],
        value={"label": "TCP-7", "game": "three_card_poker", "game_name": "Three Card Poker",
               "status": "closed", "status_display": "Closed",
               "terms": {"id": 1, "version": 1}, "newer_version_waiting": None,
               "opening_problems": [{"reason": "No layout is assigned to the table.",
                                     "section": "§601a.10(a), §649a.2"}]})])
    def get(self, request, pk: int):
        return Response(_table_detail(self.get_object()))

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def patch(self, request, pk: int):
        try:
            table = floor.table_update(actor=request.user, table=self.get_object(),
                                       data=request.data)
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_table_detail(table))


class TableAction(_TableView, generics.GenericAPIView):
    """POST ``open`` or ``close`` (floor manager). Opening is refused with every reason."""

    required_ability = "tables.read"
    ACTIONS = {"open": floor.table_open, "close": floor.table_close}

    @extend_schema(
        request=None, responses={200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
        examples=[OpenApiExample(
            "Refused: every reason, with its section", response_only=True,
            status_codes=["400"], value={"errors": {"opening": [
                "No layout is assigned to the table. (§601a.10(a), §649a.2)"]}})])
    def post(self, request, pk: int, action: str):
        table = self.get_object()
        if isinstance(request.data, dict) and request.data:
            return _bad({k: ["Unknown field: this action takes no body."] for k in request.data})
        try:
            table = self.ACTIONS[action](actor=request.user, table=table)
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_table_detail(table))


class TableSettle(_TableView, generics.GenericAPIView):
    """POST /api/v1/tables/{id}/settle/: a round settled by the table's approved terms."""

    required_ability = "engine.settle"

    @extend_schema(
        summary="Settle one round at a table",
        description=(
            "The engine's settle body without `game`, `options` or `meters`: the table's "
            "approved Rules Submission supplies the game, every option and paytable, and its "
            "live meters the meter amounts. A wager the terms do not offer, a seat beyond the "
            "table's positions or a closed table is a 400. The answer is the engine's plus "
            "`submission` (the version used)."),
        request=OpenApiTypes.OBJECT,
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="The settlement."),
                   400: OpenApiResponse(OpenApiTypes.OBJECT, description="Field errors.")},
        examples=[
            OpenApiExample("A Three Card Poker round", value=_SETTLE_EXAMPLE,
                           request_only=True),
            OpenApiExample("An option override is refused", response_only=True,
                           status_codes=["400"], value={"errors": {"options": [
                               "Not accepted: the table's approved terms supply it (§601a.2)."
                           ]}}),
        ])
    def post(self, request, pk: int):
        table = self.get_object()
        try:
            return Response(floor.table_settle(table=table, body=request.data))
        except games.InvalidRound as exc:
            return _bad(exc.errors)
        except games.GameError as exc:
            return _bad({"non_field_errors": [str(exc)]})


def _layout_data(layout: Layout) -> dict:
    return {
        "id": layout.pk, "property": layout.property_id, "game": layout.game,
        "game_name": _game_name(layout.game),
        "name": layout.name, "status": layout.status,
        "status_display": layout.get_status_display(),
        "artwork_url": reverse("tables:layout-artwork", args=[layout.pk]),
        "artwork_type": layout.artwork_type, "artwork_name": layout.artwork_name,
        "submission": _version(layout.submission),
        "checklist": layouts.checklist_shown(layout.submission, layout.checked),
        "prepared_by": layout.prepared_by.username,
        "submitted_by": layout.submitted_by.username if layout.submitted_by else None,
        "reviewed_by": layout.reviewed_by.username if layout.reviewed_by else None,
        "review_comment": layout.review_comment,
        "needs_reapproval": layouts.reapproval_shown(layout),
    }


def _checked_field(data) -> list | None:
    """``checked`` as JSON (a list) or multipart (repeated fields, or one comma list)."""
    if hasattr(data, "getlist"):
        values = data.getlist("checked")
        if len(values) == 1 and "," in values[0]:
            values = [v.strip() for v in values[0].split(",") if v.strip()]
        return values if "checked" in data else None
    return data.get("checked") if isinstance(data, dict) else None


_LAYOUT_FIELDS = {"name", "game", "artwork", "checked"}


class LayoutList(APIView):
    """Layouts of your property (``?status=``, ``?game=``); POST (multipart) prepares one."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    @extend_schema(parameters=[OpenApiParameter("status", str), OpenApiParameter("game", str)],
                   responses={200: _LIST, 400: OpenApiTypes.OBJECT},
                   operation_id="v1_layouts_list")
    def get(self, request):
        status, game = (request.query_params.get(k, "") for k in ("status", "game"))
        errors = {}
        if status and status not in LayoutStatus.values:
            errors["status"] = [f"One of: {', '.join(LayoutStatus.values)}."]
        if game and game not in engine_layout.LAYOUTS:
            errors["game"] = [f"No game is called \"{game}\"."]
        if errors:
            return _bad(errors)
        rows = layouts.layout_list(user=request.user, status=status, game=game)
        return Response([_layout_data(layout) for layout in rows])

    @extend_schema(
        request={"multipart/form-data": {"type": "object", "properties": {
            "name": {"type": "string"}, "game": {"type": "string"},
            "artwork": {"type": "string", "format": "binary"},
            "checked": {"type": "array", "items": {"type": "string"}}}}},
        responses={201: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT},
        examples=[OpenApiExample(
            "Artwork that is not what its name says", response_only=True, status_codes=["400"],
            value={"errors": {"artwork": [
                "The artwork must be a PNG image, a JPEG image or a PDF document (its content "
                "is not a known type, whatever its name says)."]}})])
    def post(self, request):
        unknown = [k for k in request.data if k not in _LAYOUT_FIELDS]
        if unknown:
            return _bad({k: ["Unknown field."] for k in unknown})
        try:
            layout = layouts.layout_create(
                actor=request.user, property=current_property(request.user),
                name=str(request.data.get("name", "")), game=str(request.data.get("game", "")),
                artwork=request.data.get("artwork") or None,
                checked=_checked_field(request.data) or [])
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_layout_data(layout), status=201)


class LayoutDetail(APIView):
    """One layout with its checklist; PATCH ticks items or replaces the artwork."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"
    parser_classes = [MultiPartParser, FormParser, JSONParser]

    def _layout(self, request, pk: int) -> Layout:
        return generics.get_object_or_404(layouts.layout_list(user=request.user), pk=pk)

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk: int):
        return Response(_layout_data(self._layout(request, pk)))

    @extend_schema(request=OpenApiTypes.OBJECT, responses=OpenApiTypes.OBJECT)
    def patch(self, request, pk: int):
        layout = self._layout(request, pk)
        unknown = [k for k in request.data if k not in {"artwork", "checked"}]
        if unknown:
            return _bad({k: ["Unknown field."] for k in unknown})
        try:
            layout = layouts.layout_update(actor=request.user, layout=layout,
                                           checked=_checked_field(request.data),
                                           artwork=request.data.get("artwork") or None)
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_layout_data(layout))


# Each layout action's own body: approve may carry a comment, return must (it says what to
# fix); submit and recheck take none.
_LAYOUT_ACTION_EXAMPLES = {
    "approve": [OpenApiExample("Approve with a note", request_only=True,
                               value={"comment": "Matches the felt in Pit 1."})],
    "return": [OpenApiExample("Return with comments", request_only=True,
                              value={"comment": "The Pair Plus odds are missing."})],
}


class _LayoutActionSchema(AutoSchema):
    """One view serves every layout action's path: the schema documents each path's body."""

    def _action(self) -> str:
        return self.path.rstrip("/").rpartition("/")[2]

    def get_request_serializer(self):
        return OpenApiTypes.OBJECT if self._action() in _LAYOUT_ACTION_EXAMPLES else None

    def get_response_serializers(self):
        return {200: OpenApiTypes.OBJECT, 400: OpenApiTypes.OBJECT}

    def get_examples(self):
        return _LAYOUT_ACTION_EXAMPLES.get(self._action(), [])


class LayoutAction(APIView):
    """POST ``submit`` (preparer), ``approve`` or ``return`` with ``comment`` (a compliance
    officer who did not prepare it), ``recheck`` (against a newer version that changes it)."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"
    ACTIONS = (*layouts.ACTIONS, "recheck")

    schema = _LayoutActionSchema()

    def post(self, request, pk: int, action: str):
        layout = generics.get_object_or_404(layouts.layout_list(user=request.user), pk=pk)
        data = request.data if isinstance(request.data, dict) else {}
        unknown = [k for k in data if k != "comment"]
        if unknown:
            return _bad({k: ["Unknown field."] for k in unknown})
        try:
            if action == "recheck":
                layout = layouts.layout_recheck(actor=request.user, layout=layout)
            else:
                layout = layouts.layout_transition(actor=request.user, layout=layout,
                                                   to=layouts.ACTIONS[action],
                                                   comment=str(data.get("comment", "")))
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(_layout_data(layout))


class LayoutChecklist(APIView):
    """GET /api/v1/games/{game}/layout-checklist/: every item the game's layout may need, each
    with its section and the wagers or options that call for it."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: OpenApiTypes.OBJECT},
        examples=[OpenApiExample(
            "Three Card Poker (first item)", response_only=True, status_codes=["200"],
            value={"game": "three_card_poker", "name": "Three Card Poker", "rule": "§649a.2",
                   "note": "", "items": [{
                       "key": "inscription.name_or_logo", "kind": "Inscription or sign",
                       "text": "The name or logo of the certificate holder",
                       "rule": "§649a.2(b)(1)", "when_offered": [], "when_options": {},
                       "needs": ""}]})])
    def get(self, request, game: str):
        if game not in engine_layout.LAYOUTS:
            return Response({"errors": {"game": [f"No game is called \"{game}\"."]}},
                            status=404)
        return Response(engine_layout.full_checklist(game))


class LinkedGroupList(APIView):
    """Linked groups of your property (tables sharing progressive meters, §605a.8); POST
    ``{"name", "game"}`` adds one (table games manager)."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"

    @staticmethod
    def _data(group: LinkedGroup) -> dict:
        return {"id": group.pk, "property": group.property_id, "name": group.name,
                "game": group.game}

    @extend_schema(responses={200: _LIST})
    def get(self, request):
        rows = LinkedGroup.objects.filter(property=current_property(request.user))
        return Response([self._data(g) for g in rows])

    @extend_schema(
        request=OpenApiTypes.OBJECT, responses={201: OpenApiTypes.OBJECT},
        examples=[OpenApiExample("A linked Five-Card Progressive", request_only=True,
                                 value={"name": "Pit 1 Five-Card link",
                                        "game": "three_card_poker"})])
    def post(self, request):
        data = request.data if isinstance(request.data, dict) else {}
        unknown = [k for k in data if k not in ("name", "game")]
        if unknown:
            return _bad({k: ["Unknown field."] for k in unknown})
        try:
            group = floor.linked_group_create(actor=request.user,
                                              property=current_property(request.user),
                                              name=data.get("name", ""),
                                              game=str(data.get("game", "")))
        except RulesError as exc:
            return _bad(exc.errors)
        return Response(self._data(group), status=201)

