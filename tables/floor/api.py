"""API for tables and layouts, mounted under /api/v1/: thin views over the floor room's
``services``, ``selectors`` and ``layouts``. Each body is read by its serializer
(``tables.floor.serializers``), which is also its schema. Errors are 400s ``{"errors": {field:
[messages]}}``; refusals by role are 403s, checked before any body or state; other properties'
tables and layouts are 404s. A refusal by the table's or the layout's state (opening an open
table, submitting a layout that is not being prepared) is a 409 naming the state.
"""

import django_filters
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import generics
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

import games
from casino.api_fields import NoBody
from casino.api_filters import Backend, StrictFilterSet
from casino.api_views import AbilityByMethod, ActionSchema, ErrorsSerializer, errors, parsed
from casino.limits import StrictJSONParser, StrictMultiPartParser
from casino.permissions import HasAbility
from casino.selectors import current_property
from games import layout as engine_layout
from rulesubmissions.api.common import refused
from rulesubmissions.services import RulesError
from tables.floor import layouts, selectors, services
from tables.floor.engine import TableRound, TableSettlementSerializer
from tables.floor.models import Layout, LayoutStatus, LinkedGroup, Table, TableStatus
from tables.floor.serializers import (
    ChecklistSerializer,
    LayoutComment,
    LayoutCreate,
    LayoutSerializer,
    LayoutTicks,
    LayoutUpdate,
    LinkedGroupBody,
    LinkedGroupSerializer,
    TableBody,
    TableDetailSerializer,
    TableSerializer,
)

ARTWORK_REFUSED = "Attach the layout artwork as a file (PNG, JPEG or PDF)."


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=400)


def _detail(table: Table) -> dict:
    return TableDetailSerializer(table).data


_TABLE_EXAMPLE = {"label": "TCP-7", "pit": "Pit 1", "game": "three_card_poker", "positions": 7,
                  "progressive_system": "PTS-0042", "progressive_lockout": True}
_SETTLE_EXAMPLE = {"dealer": ["Qh", "7h", "2d"], "positions": [
    {"seat": 1, "cards": ["As", "Ks", "Qs"],
     "wagers": {"ante": "10.00", "play": "10.00", "pair_plus": "5.00"}}]}


class TableFilter(StrictFilterSet):
    game = django_filters.ChoiceFilter(choices=[(g, g) for g in games.GAMES])
    status = django_filters.ChoiceFilter(choices=TableStatus.choices)

    class Meta:
        model = Table
        fields = ["game", "status"]


class _TableView(AbilityByMethod):
    """Tables are looked up among the user's own properties (others' are 404)."""

    permission_classes = [HasAbility]
    serializer_class = TableSerializer
    read_ability = "tables.read"

    def get_queryset(self):
        return selectors.table_list(user=self.request.user)


class TableList(_TableView, generics.ListAPIView):
    """Tables of your property (``?game=``, ``?status=``); POST adds one (table games
    manager)."""

    ABILITY_BY_METHOD = {"POST": "tables.configure"}
    filter_backends = [Backend]
    filterset_class = TableFilter

    @extend_schema(
        request=TableBody, responses={201: TableDetailSerializer, 400: ErrorsSerializer},
        examples=[
            OpenApiExample("A Three Card Poker table", value=_TABLE_EXAMPLE, request_only=True),
            OpenApiExample("Too many positions", response_only=True, status_codes=["400"],
                           value={"errors": {"positions": [
                               "Three Card Poker has at most 7 betting positions (§649a.2(a))."
                           ]}}),
        ])
    def post(self, request):
        data = parsed(TableBody, request)
        try:
            table = services.table_create(actor=request.user,
                                          property=current_property(request.user), data=data)
        except RulesError as exc:
            return refused(exc)
        return Response(_detail(table), status=201)


class TableDetail(_TableView, generics.GenericAPIView):
    """One table with its terms and opening problems; PATCH changes a closed table."""

    ABILITY_BY_METHOD = {"PATCH": "tables.configure"}

    @extend_schema(responses=TableDetailSerializer, examples=[OpenApiExample(
        "A closed table that may not open yet", response_only=True, status_codes=["200"],
        value={"id": 7, "property": 1, "label": "TCP-7", "pit": "Pit 1",
               "game": "three_card_poker", "game_name": "Three Card Poker", "positions": 7,
               "progressive_system": "PTS-0042", "progressive_lockout": True,
               "electronic_wagering_system": "", "linked_group": None, "layout": None,
               "status": "closed", "status_display": "Closed",
               "terms": {"id": 1, "version": 1}, "opened_by": None, "opened_at": None,
               "closed_by": None, "closed_at": None, "newer_version_waiting": None,
               "opening_problems": [{"reason": "No layout is assigned to the table.",
                                     "section": "§601a.10(a), §649a.2"}]})])
    def get(self, request, pk: int):
        return Response(_detail(self.get_object()))

    @extend_schema(request=TableBody(partial=True), responses={
        200: TableDetailSerializer,
        **errors(e409="The table is open: close it before changing its configuration.")})
    def patch(self, request, pk: int):
        table = self.get_object()
        data = parsed(TableBody, request, partial=True)
        try:
            table = services.table_update(actor=request.user, table=table, data=data)
        except RulesError as exc:
            return refused(exc)
        return Response(_detail(table))


class TableAction(_TableView, generics.GenericAPIView):
    """POST ``open`` or ``close`` (floor manager), no body. A refusal by the table's state is
    a 409: opening an open table, closing a closed one, or opening with every reason it may
    not (``decisions.may_open``)."""

    ACTIONS = {"open": services.table_open, "close": services.table_close}
    ABILITY_BY_METHOD = {"POST": "tables.operate"}
    BODIES: dict = {}
    schema = ActionSchema()

    @extend_schema(
        responses={200: TableDetailSerializer, **errors(
            e409="The table's state refuses it: already open (or closed), or every reason "
                 "it may not open, each with its section.")},
        examples=[OpenApiExample(
            "Refused: every reason, with its section", response_only=True,
            status_codes=["409"], value={"errors": {"opening": [
                "No layout is assigned to the table. (§601a.10(a), §649a.2)"]}})])
    def post(self, request, pk: int, action: str):
        table = self.get_object()
        parsed(NoBody, request)
        try:
            table = self.ACTIONS[action](actor=request.user, table=table)
        except RulesError as exc:
            return refused(exc)
        return Response(_detail(table))


class TableSettle(_TableView, generics.GenericAPIView):
    """POST /api/v1/tables/{id}/settle/: a round settled by the table's approved terms."""

    read_ability = "engine.settle"

    @extend_schema(
        summary="Settle one round at a table",
        description=(
            "The engine's settle body without `game`, `options` or `meters`: the table's "
            "approved Rules Submission supplies the game, every option and paytable, and its "
            "live meters the meter amounts. A wager the terms do not offer, a seat beyond the "
            "table's positions or a closed table is a 400. The answer is the engine's plus "
            "`submission` (the version used)."),
        request=TableRound,
        responses={200: TableSettlementSerializer, 400: ErrorsSerializer},
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
        body = parsed(TableRound, request)
        try:
            return Response(services.table_settle(table=table, body=body))
        except games.InvalidRound as exc:
            return _bad(exc.errors)
        except games.GameError as exc:
            return _bad({"non_field_errors": [str(exc)]})


# --- layouts ----------------------------------------------------------------------------------

def _layout_games() -> list[tuple[str, str]]:
    return [(g, g) for g in engine_layout.LAYOUTS]


class LayoutFilter(StrictFilterSet):
    status = django_filters.ChoiceFilter(
        choices=LayoutStatus.choices,
        error_messages={"invalid_choice": f"One of: {', '.join(LayoutStatus.values)}."})
    game = django_filters.ChoiceFilter(
        choices=_layout_games(),
        error_messages={"invalid_choice": "No game is called \"%(value)s\"."})

    class Meta:
        model = Layout
        fields = ["status", "game"]


class _LayoutView(AbilityByMethod):
    permission_classes = [HasAbility]
    serializer_class = LayoutSerializer
    read_ability = "tables.read"
    pagination_class = None  # a list, as it always was

    def get_queryset(self):
        return layouts.layout_list(user=self.request.user).order_by("pk")

    def get_parsers(self):
        """Layouts carry their artwork as a file (multipart); ticks may come as JSON."""
        return [StrictMultiPartParser(), StrictJSONParser()]


def _parse_layout(serializer, request, **kwargs) -> dict:
    """The body read by ``serializer``; any refusal of the artwork said in words."""
    try:
        return parsed(serializer, request, **kwargs)
    except ValidationError as exc:
        if isinstance(exc.detail, dict) and "artwork" in exc.detail:
            exc.detail["artwork"] = [ARTWORK_REFUSED]
        raise


class LayoutList(_LayoutView, generics.ListAPIView):
    """Layouts of your property (``?status=``, ``?game=``); POST (multipart) prepares one."""

    ABILITY_BY_METHOD = {"POST": "layouts.prepare"}
    filter_backends = [Backend]
    filterset_class = LayoutFilter

    @extend_schema(operation_id="v1_layouts_list")
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request={"multipart/form-data": LayoutCreate},
        responses={201: LayoutSerializer, 400: ErrorsSerializer},
        examples=[OpenApiExample(
            "Artwork that is not what its name says", response_only=True, status_codes=["400"],
            value={"errors": {"artwork": [
                "The artwork must be a PNG image, a JPEG image or a PDF document (its content "
                "is not a known type, whatever its name says)."]}})])
    def post(self, request):
        data = _parse_layout(LayoutCreate, request)
        try:
            layout = layouts.layout_create(
                actor=request.user, property=current_property(request.user),
                name=data["name"], game=data["game"], artwork=data["artwork"],
                checked=data.get("checked", []))
        except RulesError as exc:
            return refused(exc)
        return Response(LayoutSerializer(layout).data, status=201)


class LayoutDetail(_LayoutView, generics.GenericAPIView):
    """One layout with its checklist; PATCH ticks items or replaces the artwork."""

    ABILITY_BY_METHOD = {"PATCH": "layouts.prepare"}

    @extend_schema(responses=LayoutSerializer)
    def get(self, request, pk: int):
        return Response(LayoutSerializer(self.get_object()).data)

    @extend_schema(request={"multipart/form-data": LayoutUpdate,
                            "application/json": LayoutTicks},
                   responses={200: LayoutSerializer, **errors(
                       e409="The layout is submitted or approved: it cannot be changed.")})
    def patch(self, request, pk: int):
        layout = self.get_object()
        data = _parse_layout(LayoutUpdate, request)
        try:
            layout = layouts.layout_update(actor=request.user, layout=layout,
                                           checked=data.get("checked"),
                                           artwork=data.get("artwork"))
        except RulesError as exc:
            return refused(exc)
        return Response(LayoutSerializer(layout).data)


class LayoutAction(_LayoutView, generics.GenericAPIView):
    """POST ``submit`` (preparer), ``approve`` or ``return`` with ``comment`` (a compliance
    officer who did not prepare it), ``recheck`` (against a newer version that changes it)."""

    ACTIONS = (*layouts.ACTIONS, "recheck")
    ABILITIES = {"submit": "layouts.prepare", "approve": "layouts.approve",
                 "return": "layouts.approve", "recheck": "layouts.prepare"}
    # Each action's own body: approve may carry a comment, return must (it says what to fix);
    # submit and recheck take none.
    BODIES = {"approve": LayoutComment, "return": LayoutComment}
    EXAMPLES = {
        "approve": [OpenApiExample("Approve with a note", request_only=True,
                                   value={"comment": "Matches the felt in Pit 1."})],
        "return": [OpenApiExample("Return with comments", request_only=True,
                                  value={"comment": "The Pair Plus odds are missing."})],
    }
    schema = ActionSchema()

    @property
    def required_ability(self) -> str:
        return self.ABILITIES.get(self.kwargs.get("action", ""), "layouts.prepare")

    def get_parsers(self):
        return [StrictJSONParser()]

    @extend_schema(responses={200: LayoutSerializer, **errors(
        e409="The layout's state refuses the action, named in words (submitting an approved "
             "layout, approving one not submitted, a newer version that changes it).")})
    def post(self, request, pk: int, action: str):
        layout = self.get_object()
        body = parsed(self.BODIES.get(action, NoBody), request)
        try:
            layout = layouts.layout_act(actor=request.user, layout=layout, action=action,
                                        comment=body.get("comment", ""))
        except RulesError as exc:
            return refused(exc)
        return Response(LayoutSerializer(layout).data)


class LayoutChecklist(generics.GenericAPIView):
    """GET /api/v1/games/{game}/layout-checklist/: every item the game's layout may need, each
    with its section and the wagers or options that call for it."""

    permission_classes = [HasAbility]
    required_ability = "tables.read"
    serializer_class = ChecklistSerializer

    @extend_schema(
        responses={200: ChecklistSerializer,
                   404: OpenApiResponse(description="No game is called that.")},
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
            return Response({"errors": {"game": [f"No game is called \"{game[:60]}\"."]}},
                            status=404)
        return Response(engine_layout.full_checklist(game))


class LinkedGroupFilter(StrictFilterSet):
    game = django_filters.ChoiceFilter(choices=[(g, g) for g in games.GAMES])

    class Meta:
        model = LinkedGroup
        fields = ["game"]


class LinkedGroupList(AbilityByMethod, generics.ListAPIView):
    """Linked groups of your property (tables sharing progressive meters, §605a.8); POST
    ``{"name", "game"}`` adds one (table games manager)."""

    permission_classes = [HasAbility]
    read_ability = "tables.read"
    ABILITY_BY_METHOD = {"POST": "tables.configure"}
    serializer_class = LinkedGroupSerializer
    pagination_class = None
    filter_backends = [Backend]
    filterset_class = LinkedGroupFilter

    def get_queryset(self):
        return LinkedGroup.objects.filter(property=current_property(self.request.user)
                                          ).order_by("pk")

    @extend_schema(
        request=LinkedGroupBody, responses={201: LinkedGroupSerializer},
        examples=[OpenApiExample("A linked Five-Card Progressive", request_only=True,
                                 value={"name": "Pit 1 Five-Card link",
                                        "game": "three_card_poker"})])
    def post(self, request):
        data = parsed(LinkedGroupBody, request)
        try:
            group = services.linked_group_create(actor=request.user,
                                                 property=current_property(request.user),
                                                 name=data["name"], game=data["game"])
        except RulesError as exc:
            return refused(exc)
        return Response(LinkedGroupSerializer(group).data, status=201)
