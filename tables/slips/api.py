"""/api/v1/jackpot-slips/: list, record, detail, and the validate, pay, void and void-confirm
actions.

Thin views over ``tables.slips.services``; the same rules as the pages. Each body is parsed by
its serializer (``tables.slips.serializers``, the one declaration the schema shows too) and the
service is handed its validated values (issue 20). Errors are in the one
``Errors`` shape, ``{"errors": {field: [messages]}}``: bad input a 400, a refusal by the slip's
state a 409 (a second void request, a paid slip, a later win paid before an earlier one, a total
the validator did not see, an idempotency key reused for another round); another property's
slip is a 404.
"""

from django.http import Http404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import generics, status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_fields import NoBody
from casino.api_filters import Backend
from casino.api_pages import CappedCursor
from casino.api_views import errors as error_answers
from casino.api_views import parsed
from casino.permissions import HasAbility
from casino.selectors import current_property
from tables.floor.models import Table
from tables.slips import selectors, services
from tables.slips.errors import SlipConflict, SlipError
from tables.slips.locks import Prepared
from tables.slips.models import JackpotSlip
from tables.slips.serializers import (
    PayRequest,
    PreviewRequest,
    PreviewSerializer,
    RecordRequest,
    SlipFilter,
    SlipListSerializer,
    SlipSerializer,
    ValidateRequest,
    VoidRequest,
)


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def _refused(exc: SlipError) -> Response:
    """A 409 for what the slip's state refuses, a 400 for the rest, in the one shape."""
    code = status.HTTP_409_CONFLICT if isinstance(exc, SlipConflict) else status.HTTP_400_BAD_REQUEST
    return Response({"errors": exc.errors}, status=code)


def _property(request):
    """The staff member's property; a token client has none on the request (the middleware
    runs before DRF authenticates it)."""
    return getattr(request, "property", None) or current_property(request.user)


_TABLE = Prepared(lambda prop, label: (Table.objects.select_related("submission")
                                        .filter(property_id=prop, label=label).order_by()),
                  prop=-1_000_059, label="\x00label")


def _table(request, label: str) -> Table | None:
    """The table of the staff member's property with this label, with its terms, handed the
    property the request read (read once, issue 23; by its unique key, unsorted, its SQL
    worked out once: issue 32)."""
    prop = _property(request)
    found = _TABLE.rows(prop=prop.pk, label=label) if prop is not None else []
    if not found:
        return None
    found[0].property = prop
    return found[0]


NO_TABLE = {"table": ["No table with this label at your property."]}


RECORD_EXAMPLE = {
    "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
    "idempotency_key": "c0ffee00-0000-4000-8000-000000000001",
    "round": {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
              "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                             "wagers": {"ante": "5.00", "play": "5.00",
                                        "five_card_progressive": "1.00"}}]},
}


class SlipCursor(CappedCursor):
    """Newest first by number (unique at a property: the index on property and number)."""

    ordering = "-number"
    example = "/api/v1/jackpot-slips/?status=paid"


class SlipList(generics.ListAPIView):
    """Jackpot slips of your property, newest first, 50 a page (follow `next` until it is
    null); POST records one."""

    serializer_class = SlipListSerializer
    permission_classes = [HasAbility]
    required_ability = "slips.read"

    def get_required_ability(self):
        return "slips.record" if self.request.method == "POST" else "slips.read"

    def check_permissions(self, request):
        self.required_ability = self.get_required_ability()
        super().check_permissions(request)

    queryset = JackpotSlip.objects.none()  # the model, for the schema; rows: the filter's
    filter_backends = [Backend]
    filterset_class = SlipFilter
    pagination_class = SlipCursor

    def get_queryset(self):
        return selectors.slip_list(property=_property(self.request))

    @extend_schema(summary="List jackpot slips")
    def get(self, request, *args, **kwargs):
        try:
            return super().get(request, *args, **kwargs)
        except SlipError as exc:
            return _bad(exc.errors)

    @extend_schema(
        summary="Record a jackpot slip",
        description=("`table` (label), `seat`, `wager` (the winning wager's key) and `round`: "
                     "the cards and wagers as dealt, the body of a table settle. A hand that "
                     "does not win is refused. An award of a meter's wager is fixed against "
                     "the meter with every wager already received applied, and the meter is "
                     "hit and reseeded at once: the slip is in the meter's `pending_jackpots` "
                     "until paid or voided. The Envy Bonus and shared-award slips are created "
                     "with it. The same `idempotency_key` with the same body gives the same "
                     "slip, the same answer; with another body it is a 409."),
        request=RecordRequest,
        responses={201: SlipSerializer,
                   **error_answers(e409="The idempotency key recorded another round.")},
        examples=[OpenApiExample("A royal flush on the Five-Card Progressive",
                                 value=RECORD_EXAMPLE, request_only=True)])
    def post(self, request):
        data = dict(parsed(RecordRequest, request))
        table = _table(request, data.pop("table"))
        if table is None:
            return _bad(NO_TABLE)
        try:
            slip = services.slip_record(table=table, data=data, actor=request.user)
        except SlipError as exc:
            return _refused(exc)
        return Response(SlipSerializer(slip).data, status=status.HTTP_201_CREATED)


class SlipPreview(APIView):
    """What a slip would document, without recording it."""

    permission_classes = [HasAbility]
    required_ability = "slips.record"

    @extend_schema(summary="Preview a jackpot slip", request=PreviewRequest,
                   responses={200: PreviewSerializer})
    def post(self, request):
        data = dict(parsed(PreviewRequest, request))
        data.pop("idempotency_key", None)
        table = _table(request, data.pop("table"))
        if table is None:
            return _bad(NO_TABLE)
        try:
            return Response(services.slip_preview(table=table, data=data).as_dict())
        except SlipError as exc:
            return _bad(exc.errors)


class SlipDetail(generics.RetrieveAPIView):
    serializer_class = SlipSerializer
    permission_classes = [HasAbility]
    required_ability = "slips.read"

    def get_object(self):
        try:
            return selectors.slip_get(property=_property(self.request), pk=self.kwargs["pk"])
        except JackpotSlip.DoesNotExist as exc:
            raise Http404 from exc


class _Action(APIView):
    """An action on one slip: another property's is a 404, then the body parsed by ``body``
    and handed to ``service`` (a validation reads its slip its own way: ``SlipValidate``)."""

    permission_classes = [HasAbility]
    service = None
    body = NoBody

    def post(self, request, pk: int):
        slip = (JackpotSlip.objects.select_related("property", "table", "parent", "meter")
                .filter(property=_property(request), pk=pk).order_by()[:1] or [None])[0]
        if slip is None:
            raise Http404
        try:
            data = dict(parsed(self.body, request))
            slip = type(self).service(slip=slip, actor=request.user, data=data)
        except SlipError as exc:
            return _refused(exc)
        return Response(SlipSerializer(slip).data)


@extend_schema(
    summary="Validate a jackpot slip (a floorperson or above, not the recorder)",
    description=("Confirms every payout the validation makes: the slip's `payouts` (the "
                 "jackpot, each Envy Bonus and shared award). `total` is the total the "
                 "validator saw, the slip's `payouts_total`; any other is a 409. The round is "
                 "settled again as recorded to verify the hand: no amount changes, a "
                 "disagreement is a 409 (void the slip and record the round again)."),
    request=ValidateRequest,
    responses={200: SlipSerializer, **error_answers(
        e409="Not a recorded jackpot slip, a total other than its payouts', or a round that "
             "no longer settles to the recorded amounts.")})
class SlipValidate(_Action):
    required_ability = "slips.validate"
    body = ValidateRequest

    def post(self, request, pk: int):
        """The slip read and locked in one statement (issue 32), the recorder refused before
        the body is read, whatever it says (§649a.11(c)(5)(iii))."""
        try:
            slip = services.slip_validate_at(
                prop=_property(request), pk=pk, actor=request.user,
                parse=lambda: dict(parsed(self.body, request)))
        except JackpotSlip.DoesNotExist as exc:
            raise Http404 from exc
        except SlipError as exc:
            return _refused(exc)
        return Response(SlipSerializer(slip).data)


@extend_schema(
    summary="Mark a validated slip paid",
    description=("Wins on one meter are paid in the order they were recorded: paying a later "
                 "one first is a 409 naming the earlier slip."),
    request=PayRequest,
    responses={200: SlipSerializer, **error_answers(
        e409="Not validated, or an earlier win on the same meter is not paid yet.")})
class SlipPay(_Action):
    required_ability = "slips.validate"
    service = staticmethod(services.slip_pay)
    body = PayRequest


@extend_schema(
    summary="Ask for a void, with a reason",
    description=("The first of two steps: another person confirms with `.../void/confirm/`. "
                 "A second request is a 409 naming the open one. A paid slip, or one whose "
                 "Envy Bonus or shared award was paid, is never voided (a 409: a payment made "
                 "in error is documented by a two-person meter adjustment)."),
    request=VoidRequest,
    responses={200: SlipSerializer, **error_answers(
        e409="Already void, paid, a companion paid, a Must-Hit-By slip, or a void request is "
             "open.")})
class SlipVoid(_Action):
    required_ability = "slips.void"
    service = staticmethod(services.slip_void)
    body = VoidRequest


@extend_schema(
    summary="Confirm the open void request (another person)",
    description=("Voids the slip and its Envy Bonus and shared-award slips; an unpaid meter "
                 "slip's hit and reseed are reversed, and it leaves the meter's "
                 "`pending_jackpots`."),
    request=None,  # NoBody: {} or nothing (as casino.api_views.ActionSchema documents it)
    responses={200: SlipSerializer, **error_answers(
        e409="No open void request, or the slip was paid meanwhile.")})
class SlipVoidConfirm(_Action):
    required_ability = "slips.void"
    service = staticmethod(services.slip_void_confirm)
