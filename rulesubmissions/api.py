"""API for Rules Submissions, paytables and the engine's games: thin views over the services.

Errors are 400s ``{"errors": {field_path: [messages]}}``; refusals by role are 403s.
"""

from datetime import date

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.limits import whole_id
from casino.models import Property
from casino.permissions import HasAbility
from casino.selectors import current_property, properties_visible_to
from games.names import choice_name, hand_name
from rulesubmissions import selectors, services
from rulesubmissions.engine import available_games, describe, game_spec
from rulesubmissions.models import CatalogPaytable, RulesSubmission


class SupersededBySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    on = serializers.DateField()


class StandingSerializer(serializers.Serializer):
    """An approved version's standing today: ``in_force``, ``scheduled`` (from ``since``) or
    ``superseded`` (by ``superseded_by``); ``next`` is a version scheduled to replace it."""

    code = serializers.ChoiceField(choices=["in_force", "scheduled", "superseded"])
    label = serializers.CharField()
    text = serializers.CharField()
    since = serializers.DateField(allow_null=True)
    superseded_by = SupersededBySerializer(allow_null=True)
    next = SupersededBySerializer(allow_null=True)


class SubmissionSerializer(serializers.ModelSerializer):
    game_name = serializers.SerializerMethodField()
    status_name = serializers.CharField(source="get_status_display", read_only=True)
    author = serializers.CharField(source="author.username")
    submitted_by = serializers.CharField(source="submitted_by.username", default=None,
                                         allow_null=True)
    reviewed_by = serializers.CharField(source="reviewed_by.username", default=None,
                                        allow_null=True)
    standing = serializers.SerializerMethodField()

    class Meta:
        model = RulesSubmission
        fields = ["id", "property", "game", "game_name", "version", "status", "status_name",
                  "standing", "options", "wagers", "meters",
                  "table_minimum", "table_maximum", "payout_limit",
                  "effective_date", "based_on", "supersedes", "author", "created_at",
                  "updated_at", "submitted_by", "submitted_at", "reviewed_by", "reviewed_at",
                  "review_comment"]

    def get_game_name(self, obj) -> str:
        spec = game_spec(obj.game)
        return spec.name if spec else obj.game

    @extend_schema_field(StandingSerializer(allow_null=True))
    def get_standing(self, obj):
        """Null unless approved; the list reads every standing of its page in one query."""
        standings = self.context.get("standings")
        found = standings.get(obj.pk) if standings else selectors.standing(obj)
        return StandingSerializer(found.as_dict()).data if found and found.code else None


class CatalogPaytableSerializer(serializers.ModelSerializer):
    proposed_by = serializers.CharField(source="proposed_by.username")
    decided_by = serializers.CharField(source="decided_by.username", default=None,
                                       allow_null=True)

    class Meta:
        model = CatalogPaytable
        fields = ["id", "property", "paytable_id", "game", "wager", "entry", "status",
                  "proposed_by", "proposed_at", "decided_by", "decided_at", "retire_reason",
                  "retire_requested_at", "retired_at"]


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def _property(request) -> Property | None:
    """The body's ``property`` if the user is staff there, else the user's property."""
    wanted = request.data.get("property") if isinstance(request.data, dict) else None
    if wanted is None:
        return current_property(request.user)
    pk = whole_id(wanted)
    if pk is None:
        return None
    return properties_visible_to(request.user).filter(pk=pk).first()


PROPOSAL_FIELDS = ("entry", "property")  # a paytable proposal's body


def _terms(data) -> dict:
    return dict(data) if isinstance(data, dict) else {}


class SubmissionList(generics.ListAPIView):
    """Submissions of your properties (filters ``game``, ``status``); POST a new draft."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    def get_queryset(self):
        params = self.request.query_params
        return selectors.submission_list(user=self.request.user, game=params.get("game", ""),
                                         status=params.get("status", ""))

    def get_serializer(self, *args, **kwargs):
        if args and kwargs.get("many"):
            page = list(args[0])
            kwargs["context"] = {**self.get_serializer_context(),
                                 "standings": selectors.standings(page)}
            args = (page, *args[1:])
        return super().get_serializer(*args, **kwargs)

    @extend_schema(parameters=[OpenApiParameter("game", str), OpenApiParameter("status", str)])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: SubmissionSerializer})
    def post(self, request):
        prop = _property(request)
        if prop is None:
            return _bad({"property": ["not a property where you are staff"]})
        terms = {k: v for k, v in _terms(request.data).items() if k != "property"}
        try:
            submission = services.submission_create(actor=request.user, property=prop,
                                                    terms=terms)
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(SubmissionSerializer(submission).data, status=status.HTTP_201_CREATED)


def _with_etag(response: Response, submission) -> Response:
    response["ETag"] = f'"{services.submission_etag(submission)}"'
    return response


def _if_match(request) -> str | None:
    """The tag of ``If-Match: "<etag>"`` (``*`` or no header: no check)."""
    value = request.headers.get("If-Match", "").strip()
    if not value or value == "*":
        return None
    return value.removeprefix("W/").strip('"')


IF_MATCH = OpenApiParameter(
    "If-Match", str, OpenApiParameter.HEADER,
    description="The ETag of the version you read: a 412 if someone changed it since.")


class SubmissionDetail(generics.RetrieveAPIView):
    """One version (with an ``ETag``); PUT replaces a draft's terms, PATCH changes some of them.
    Send ``If-Match`` with the ETag you read to be refused (412) rather than overwrite a change
    made meanwhile."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    def retrieve(self, request, *args, **kwargs):
        submission = self.get_object()
        return _with_etag(Response(SubmissionSerializer(submission).data), submission)

    def _update(self, request, terms: dict, partial: bool) -> Response:
        submission = self.get_object()
        try:
            submission = services.submission_update(
                actor=request.user, submission=submission, terms=terms, partial=partial,
                if_match=_if_match(request))
        except services.StaleVersion as exc:
            return Response({"errors": {"If-Match": [str(exc)]}},
                            status=status.HTTP_412_PRECONDITION_FAILED)
        except services.RulesError as exc:
            return _bad(exc.errors)
        return _with_etag(Response(SubmissionSerializer(submission).data), submission)

    @extend_schema(request=OpenApiTypes.OBJECT, parameters=[IF_MATCH])
    def put(self, request, pk: int):
        return self._update(request, _terms(request.data), partial=False)

    @extend_schema(request=OpenApiTypes.OBJECT, parameters=[IF_MATCH])
    def patch(self, request, pk: int):
        return self._update(request, _terms(request.data), partial=True)


class SubmissionAction(generics.GenericAPIView):
    """POST ``submit``, ``approve`` (``effective_date``), ``return`` (``comment``) or
    ``new-version`` (a draft copying this approved version)."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"
    ACTIONS = services.SUBMISSION_ACTIONS

    @classmethod
    def actions(cls) -> tuple[str, ...]:
        return (*cls.ACTIONS, "new-version")

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    @extend_schema(request=OpenApiTypes.OBJECT, responses=SubmissionSerializer)
    def post(self, request, pk: int, action: str):
        submission = self.get_object()
        data = _terms(request.data)
        try:
            if action == "new-version":
                draft = services.submission_new_version(
                    actor=request.user, property=submission.property, game=submission.game)
                return Response(SubmissionSerializer(draft).data, status=201)
            submission = services.submission_transition(
                actor=request.user, submission=submission, to=self.ACTIONS[action],
                comment=str(data.get("comment", "")),
                effective_date=_date(data.get("effective_date")))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(SubmissionSerializer(submission).data)


def _date(value) -> date | None:
    try:
        return date.fromisoformat(str(value)) if value else None
    except ValueError:
        return None


class PaytableList(APIView):
    """The catalog (the engine's paytables and your property's approved ones), and proposals;
    POST ``{"entry": {...}}`` (catalog format) proposes a paytable from a newer regulation."""

    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        prop = current_property(request.user)
        rows = selectors.paytable_list(user=request.user)
        return Response({
            "catalog": [_named(p.as_dict()) for p in selectors.catalog_for(prop)] if prop else [],
            "proposals": CatalogPaytableSerializer(rows, many=True).data,
        })

    @extend_schema(request=OpenApiTypes.OBJECT, responses={201: CatalogPaytableSerializer})
    def post(self, request):
        unknown = [key for key in _terms(request.data) if key not in PROPOSAL_FIELDS]
        if unknown:  # strict: a typo is named, never ignored
            return _bad({str(key): ["not a field of a paytable proposal (fields: "
                                    f"{', '.join(PROPOSAL_FIELDS)})"] for key in unknown})
        prop = _property(request)
        if prop is None:
            return _bad({"property": ["not a property where you are staff"]})
        try:
            paytable = services.paytable_propose(actor=request.user, property=prop,
                                                 entry=_terms(request.data).get("entry"))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(CatalogPaytableSerializer(paytable).data, status=201)


def _named(paytable: dict) -> dict:
    """A catalog entry with each row's hand in words beside its key."""
    for row in paytable["rows"]:
        row["hand_name"] = hand_name(row["hand"])
    return paytable


class PaytableDecision(APIView):
    """POST ``approve`` or ``reject`` (a second compliance officer decides on a proposal),
    ``request-retirement`` (``{"reason": ...}``) on an approved paytable no approved version
    in force or scheduled selects, then ``retire`` or ``keep`` (a second officer)."""

    permission_classes = [HasAbility]
    required_ability = "paytables.approve"
    DECISIONS = services.PAYTABLE_ACTIONS

    @extend_schema(request=OpenApiTypes.OBJECT, responses=CatalogPaytableSerializer)
    def post(self, request, pk: int, decision: str):
        paytable = generics.get_object_or_404(selectors.paytable_list(user=request.user), pk=pk)
        try:
            paytable = services.paytable_decide(
                actor=request.user, paytable=paytable, decision=decision,
                reason=str(_terms(request.data).get("reason", "")))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(CatalogPaytableSerializer(paytable).data)


class _OptionSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField())
    choice_names = serializers.ListField(child=serializers.CharField())
    default = serializers.JSONField(allow_null=True)
    requires_wagers = serializers.DictField(child=serializers.CharField())
    required_with = serializers.DictField(child=serializers.CharField())


class _NeededWagersSchema(serializers.Serializer):
    one_of = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField()


class _WagerSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    optional = serializers.BooleanField()
    base = serializers.BooleanField()
    paytable_required = serializers.BooleanField()
    requires = serializers.DictField(child=serializers.JSONField())
    requires_wagers = _NeededWagersSchema(many=True)
    meters = serializers.ListField(child=serializers.CharField())
    paytables = serializers.ListField(child=serializers.CharField())


class _MinimumSchema(serializers.Serializer):
    when = serializers.DictField(child=serializers.JSONField())
    rule = serializers.CharField()
    min_initial = serializers.CharField(allow_null=True)
    min_reset = serializers.CharField(allow_null=True)


class _MeterSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    wager = serializers.CharField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    min_initial = serializers.CharField(allow_null=True, help_text="dollars, e.g. \"10000.00\"")
    min_reset = serializers.CharField(allow_null=True)
    min_rate = serializers.CharField(allow_null=True, help_text="percent of each wager")
    max_rate = serializers.CharField(allow_null=True)
    minimums_when = _MinimumSchema(many=True)


class GameSchema(serializers.Serializer):
    """One game as ``GET /api/v1/games/`` lists it (documentation of the response)."""

    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    positions = serializers.IntegerField()
    options = _OptionSchema(many=True)
    wagers = _WagerSchema(many=True)
    meters = _MeterSchema(many=True)


class GameList(APIView):
    """Each game of the engine: wagers, paytables, options (with their choices' names),
    meters and their minimums. A list, one object per game."""

    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    @extend_schema(responses=GameSchema(many=True))
    def get(self, request):
        cat = selectors.catalog_for(current_property(request.user))
        return Response([_with_choice_names(describe(spec, cat)) for spec in available_games()])


def _with_choice_names(game: dict) -> dict:
    """Each option's choices in words beside the keys integrations send."""
    for option in game["options"]:
        option["choice_names"] = [choice_name(option["key"], c) for c in option["choices"]]
    return game
