"""``/api/v1/rules-submissions/``: the versions of your properties, their terms (``POST`` a
draft, ``PUT`` every term, ``PATCH`` some, maps merged key by key), the workflow's actions
and the compliance review's diff."""

import django_filters
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import generics, serializers, status
from rest_framework.response import Response

from casino.api_filters import Backend, StrictFilterSet
from casino.api_views import AbilityByMethod, ActionSchema, errors, parsed
from casino.permissions import HasAbility
from games import GAMES
from rulesubmissions import selectors, services
from rulesubmissions.api.common import own_property, refused
from rulesubmissions.diff import diff_terms
from rulesubmissions.engine import game_spec
from rulesubmissions.models import RulesSubmission, Status
from rulesubmissions.serializers import (
    SUBMISSION_BODIES,
    DiffAnswer,
    DiffQuery,
    MeterTermsAnswer,
    OptionsField,
    SubmissionChange,
    SubmissionReplace,
    SubmissionTerms,
    terms_of,
)
from rulesubmissions.validation import TERMS


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

    @extend_schema(request=SubmissionTerms, responses={201: SubmissionSerializer, **errors(
        e409="Another version of the game is still open (a draft, submitted or returned): "
             "finish it first.")})
    def post(self, request):
        terms = parsed(SubmissionTerms, request)
        prop = own_property(request.user, terms.pop("property", None))
        try:
            submission = services.submission_create(actor=request.user, property=prop,
                                                    terms=terms_of(terms))
        except services.RulesError as exc:
            return refused(exc)
        return Response(SubmissionSerializer(submission).data, status=status.HTTP_201_CREATED)


def _kept(errors: dict[str, list[str]], *, sent) -> dict[str, list[str]]:
    """A PATCH's refusal of a stored term it did not send (a meter whose wager it stopped
    offering) says so: the change sent is what made it wrong, and sending that term too is
    how to put it right."""
    def said(path: str, messages: list[str]) -> list[str]:
        term = path.split(".", 1)[0]
        if term in sent or term not in TERMS:
            return messages
        return [f"{m} (the version's `{term}` as stored, which this PATCH does not send: "
                f"send `{path}` too)" for m in messages]
    return {path: said(path, messages) for path, messages in errors.items()}


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
UPDATE_ERRORS = errors(
    e409="The version is submitted or approved: only a draft or a returned version changes "
         "(the answer names its state).",
    e412="The version changed since you read it (If-Match).")


class SubmissionDetail(AbilityByMethod, generics.RetrieveAPIView):
    """One version (with an ``ETag``); PUT replaces a draft's terms (every term required),
    PATCH changes some of them, merging the maps key by key (``terms_merge``). Send
    ``If-Match`` with the ETag you read to be refused (412) rather than overwrite a change
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
        terms = (parsed(SubmissionChange, request, partial=True) if partial
                 else parsed(SubmissionReplace, request))
        try:
            submission = services.submission_update(
                actor=request.user, submission=submission, terms=terms_of(terms),
                partial=partial, if_match=_if_match(request))
        except services.StaleVersion as exc:
            return Response({"errors": {"If-Match": [str(exc)]}},
                            status=status.HTTP_412_PRECONDITION_FAILED)
        except services.RulesError as exc:
            if partial and not isinstance(exc, services.StateRefused):
                exc.errors = _kept(exc.errors, sent=terms)
            return refused(exc)
        return _with_etag(Response(SubmissionSerializer(submission).data), submission)

    @extend_schema(request=SubmissionReplace, parameters=[IF_MATCH, ETAG],
                   responses={200: SubmissionSerializer, **UPDATE_ERRORS})
    def put(self, request, pk: int):
        return self._update(request, partial=False)

    @extend_schema(request=SubmissionChange(partial=True), parameters=[IF_MATCH, ETAG],
                   responses={200: SubmissionSerializer, **UPDATE_ERRORS})
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

    @extend_schema(responses={200: SubmissionSerializer, 201: SubmissionSerializer, **errors(
        e409="The version's state refuses the action, named in words (approving an approved "
             "version, submitting a submitted one; a new version while another is open).")})
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
            return refused(exc)
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
