"""API for Rules Submissions, paytables and the engine's games: thin views over the services.

Errors are 400s ``{"errors": {field_path: [messages]}}``; refusals by role are 403s.
"""

import django_filters
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
)
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_fields import NoBody
from casino.api_filters import Backend, StrictFilterSet
from casino.api_views import AbilityByMethod, ActionSchema, errors, parsed
from casino.models import Property
from casino.permissions import HasAbility
from casino.selectors import current_property, properties_visible_to
from games import GAMES
from games.names import choice_name, hand_name
from rulesubmissions import selectors, services
from rulesubmissions.diff import diff_terms
from rulesubmissions.engine import available_games, describe, game_spec
from rulesubmissions.models import CatalogPaytable, RulesSubmission, Status
from rulesubmissions.serializers import (
    PAYTABLE_BODIES,
    SUBMISSION_BODIES,
    DiffAnswer,
    DiffQuery,
    MeterTermsAnswer,
    OptionsField,
    OptionValue,
    PaytableProposal,
    SubmissionTerms,
    terms_of,
)


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
    options = OptionsField()
    wagers = serializers.DictField(child=serializers.CharField(allow_blank=True),
                                   help_text="Each wager offered -> its paytable id.")
    meters = serializers.DictField(child=MeterTermsAnswer(), help_text="Meter key -> terms.")

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


def _property(user, pk: int | None) -> Property:
    """The property ``pk`` if the user is staff there (their own if None); a 400 otherwise."""
    if pk is None:
        prop = current_property(user)
    else:
        prop = properties_visible_to(user).filter(pk=pk).first()
    if prop is None:
        raise serializers.ValidationError({"property": ["not a property where you are staff"]})
    return prop


class SubmissionFilter(StrictFilterSet):
    game = django_filters.ChoiceFilter(choices=[(g, g) for g in GAMES],
                                       help_text="Only this game's versions.")
    status = django_filters.ChoiceFilter(choices=Status.choices,
                                         help_text="Only versions in this status.")

    class Meta:
        model = RulesSubmission
        fields = []

    def filter_queryset(self, queryset):
        data = self.form.cleaned_data
        return selectors.submission_list(user=self.request.user, game=data["game"] or "",
                                         status=data["status"] or "")


class SubmissionList(AbilityByMethod, generics.ListAPIView):
    """Submissions of your properties (filters ``game``, ``status``); POST a new draft."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    read_ability = "rulesubmissions.read"
    ABILITY_BY_METHOD = {"POST": "rulesubmissions.draft"}
    queryset = RulesSubmission.objects.none()  # the model, for the schema
    filter_backends = [Backend]
    filterset_class = SubmissionFilter

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    def get_serializer(self, *args, **kwargs):
        if args and kwargs.get("many"):
            page = list(args[0])
            kwargs["context"] = {**self.get_serializer_context(),
                                 "standings": selectors.standings(page)}
            args = (page, *args[1:])
        return super().get_serializer(*args, **kwargs)

    @extend_schema(request=SubmissionTerms, responses={201: SubmissionSerializer})
    def post(self, request):
        terms = parsed(SubmissionTerms, request)
        prop = _property(request.user, terms.pop("property", None))
        try:
            submission = services.submission_create(actor=request.user, property=prop,
                                                    terms=terms_of(terms))
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
ETAG = OpenApiParameter("ETag", str, OpenApiParameter.HEADER, response=True,
                        description="The version's tag, to send back as If-Match.")


class SubmissionDetail(AbilityByMethod, generics.RetrieveAPIView):
    """One version (with an ``ETag``); PUT replaces a draft's terms, PATCH changes some of them.
    Send ``If-Match`` with the ETag you read to be refused (412) rather than overwrite a change
    made meanwhile."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    read_ability = "rulesubmissions.read"
    ABILITY_BY_METHOD = {"PUT": "rulesubmissions.draft", "PATCH": "rulesubmissions.draft"}

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    @extend_schema(parameters=[ETAG])
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def retrieve(self, request, *args, **kwargs):
        submission = self.get_object()
        return _with_etag(Response(SubmissionSerializer(submission).data), submission)

    def _update(self, request, partial: bool) -> Response:
        submission = self.get_object()
        try:
            # the precondition before the body (RFC 9110 §13.2.2); checked again under the lock
            services.submission_check_if_match(submission, _if_match(request))
        except services.StaleVersion as exc:
            return Response({"errors": {"If-Match": [str(exc)]}},
                            status=status.HTTP_412_PRECONDITION_FAILED)
        # PUT replaces every term but the game, which never changes: each term is optional to
        # the parser, and the rules name any a version needs
        terms = parsed(SubmissionTerms, request, partial=True)
        if "property" in terms:
            return _bad({"property": ["a version stays at its property: leave it out"]})
        try:
            submission = services.submission_update(
                actor=request.user, submission=submission, terms=terms_of(terms),
                partial=partial, if_match=_if_match(request))
        except services.StaleVersion as exc:
            return Response({"errors": {"If-Match": [str(exc)]}},
                            status=status.HTTP_412_PRECONDITION_FAILED)
        except services.RulesError as exc:
            return _bad(exc.errors)
        return _with_etag(Response(SubmissionSerializer(submission).data), submission)

    @extend_schema(request=SubmissionTerms(partial=True), parameters=[IF_MATCH, ETAG],
                   responses={200: SubmissionSerializer, **errors(
                       e412="The version changed since you read it (If-Match).")})
    def put(self, request, pk: int):
        return self._update(request, partial=False)

    @extend_schema(request=SubmissionTerms(partial=True), parameters=[IF_MATCH, ETAG],
                   responses={200: SubmissionSerializer, **errors(
                       e412="The version changed since you read it (If-Match).")})
    def patch(self, request, pk: int):
        return self._update(request, partial=True)


class SubmissionAction(generics.GenericAPIView):
    """POST ``submit``, ``approve`` (``effective_date``), ``return`` (``comment``) or
    ``new-version`` (a draft copying this approved version)."""

    serializer_class = SubmissionSerializer
    permission_classes = [HasAbility]
    ACTIONS = services.SUBMISSION_ACTIONS
    BODIES = SUBMISSION_BODIES
    schema = ActionSchema()

    @property
    def required_ability(self) -> str:
        action = self.kwargs.get("action", "")
        to = self.ACTIONS.get(action)
        return services.TRANSITION_ABILITY[to] if to else "rulesubmissions.draft"

    @classmethod
    def actions(cls) -> tuple[str, ...]:
        return (*cls.ACTIONS, "new-version")

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    @extend_schema(responses={200: SubmissionSerializer, 201: SubmissionSerializer})
    def post(self, request, pk: int, action: str):
        submission = self.get_object()
        body = parsed(self.BODIES[action], request)
        try:
            if action == "new-version":
                draft = services.submission_new_version(
                    actor=request.user, property=submission.property, game=submission.game)
                return Response(SubmissionSerializer(draft).data, status=201)
            submission = services.submission_transition(
                actor=request.user, submission=submission, to=self.ACTIONS[action],
                comment=body.get("comment", ""), effective_date=body.get("effective_date"))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(SubmissionSerializer(submission).data)


@extend_schema(
    summary="What a version changes", parameters=[DiffQuery],
    responses={200: DiffAnswer, **errors(e400="`against` is not an id of a version of the "
                                              "same game at the same property.")})
class SubmissionDiff(generics.GenericAPIView):
    """The compliance review's diff (``rulesubmissions.diff``) against ``?against=`` (default
    ``selectors.review_base``, the version in force): terms in words, paytables row by row."""

    serializer_class = DiffAnswer
    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    def get_queryset(self):
        return selectors.submission_list(user=self.request.user)

    def get(self, request, pk: int):
        submission = self.get_object()
        query = DiffQuery(data=request.query_params.dict())  # "?against=" is no id: a 400
        query.is_valid(raise_exception=True)
        against = query.validated_data.get("against")
        base = selectors.review_base(submission) if against is None else self.get_queryset(
        ).filter(pk=against, property=submission.property, game=submission.game).first()
        if against is not None and base is None:
            raise serializers.ValidationError({"against": [
                f"no version of {game_spec(submission.game).name} at "
                f"{submission.property.name} has that id"]})
        changes = diff_terms(base.terms() if base else None, submission.terms(),
                             selectors.display_catalog(submission.property))
        return Response(DiffAnswer({"submission": submission, "against": base,
                                    "changes": changes}).data)


class PaytableRowSerializer(serializers.Serializer):
    hand = serializers.CharField()
    hand_name = serializers.CharField()
    basis = serializers.CharField(help_text="`to` or `for` (odds), `amount`, `meter_percent`")
    value = serializers.CharField(help_text="odds, dollars or percent, as a decimal string")
    odds = serializers.CharField()
    when = serializers.DictField(child=serializers.CharField())
    note = serializers.CharField(allow_blank=True)


class CatalogEntrySerializer(serializers.Serializer):
    """A paytable of the catalog, as the engine pays it."""

    id = serializers.CharField()
    game = serializers.CharField()
    wager = serializers.CharField()
    name = serializers.CharField()
    title = serializers.CharField()
    citation = serializers.CharField()
    source = serializers.CharField()
    source_note = serializers.CharField(allow_blank=True)
    rows = PaytableRowSerializer(many=True)


class PaytablesSerializer(serializers.Serializer):
    catalog = CatalogEntrySerializer(many=True)
    proposals = CatalogPaytableSerializer(many=True)


class PaytableList(AbilityByMethod, APIView):
    """The catalog (the engine's paytables and your property's approved ones), and proposals;
    POST ``{"entry": {...}}`` (catalog format) proposes a paytable from a newer regulation."""

    permission_classes = [HasAbility]
    read_ability = "rulesubmissions.read"
    ABILITY_BY_METHOD = {"POST": "paytables.approve"}

    @extend_schema(responses=PaytablesSerializer)
    def get(self, request):
        prop = current_property(request.user)
        rows = selectors.paytable_list(user=request.user)
        return Response({
            "catalog": [_named(p.as_dict()) for p in selectors.catalog_for(prop)] if prop else [],
            "proposals": CatalogPaytableSerializer(rows, many=True).data,
        })

    @extend_schema(request=PaytableProposal, responses={201: CatalogPaytableSerializer})
    def post(self, request):
        body = parsed(PaytableProposal, request)
        prop = _property(request.user, body.get("property"))
        try:
            paytable = services.paytable_propose(actor=request.user, property=prop,
                                                 entry=dict(body["entry"]))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(CatalogPaytableSerializer(paytable).data, status=201)


def _named(paytable: dict) -> dict:
    """A catalog entry with each row's hand in words beside its key."""
    for row in paytable["rows"]:
        row["hand_name"] = hand_name(row["hand"])
    return paytable


class PaytableDecision(generics.GenericAPIView):
    """POST ``approve`` or ``reject`` (a second compliance officer decides on a proposal),
    ``request-retirement`` (``{"reason": ...}``) on an approved paytable no approved version
    in force or scheduled selects, then ``retire`` or ``keep`` (a second officer)."""

    permission_classes = [HasAbility]
    required_ability = "paytables.approve"
    DECISIONS = services.PAYTABLE_ACTIONS
    BODIES = PAYTABLE_BODIES
    serializer_class = CatalogPaytableSerializer
    schema = ActionSchema()

    def get_queryset(self):
        return selectors.paytable_list(user=self.request.user)

    @extend_schema(responses=CatalogPaytableSerializer)
    def post(self, request, pk: int, decision: str):
        paytable = self.get_object()
        body = parsed(self.BODIES.get(decision, NoBody), request)
        try:
            paytable = services.paytable_decide(
                actor=request.user, paytable=paytable, decision=decision,
                reason=body.get("reason", ""))
        except services.RulesError as exc:
            return _bad(exc.errors)
        return Response(CatalogPaytableSerializer(paytable).data)


class _OptionSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField())
    choice_names = serializers.ListField(child=serializers.CharField())
    default = OptionValue(allow_null=True)
    requires_wagers = serializers.DictField(child=serializers.CharField())
    required_with = serializers.DictField(child=serializers.CharField())
    shape = serializers.JSONField(
        allow_null=True, help_text="The JSON Schema of a value that is not a choice, yes/no "
                                   "or number (Royal 9's combination of each position); null "
                                   "otherwise.")


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
        shape = game_spec(game["key"]).option(option["key"]).shape
        option["shape"] = dict(shape) if shape else None
    return game
