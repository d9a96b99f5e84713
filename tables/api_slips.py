"""/api/v1/jackpot-slips/: list, record, detail, and the validate, pay and void actions.

Thin views over ``tables.slips``; the same rules as the pages. Errors are 400s
``{"errors": {field: [messages]}}``; another property's slip is a 404.
"""

from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.permissions import HasAbility
from casino.selectors import current_property
from tables import slips
from tables.models import JackpotSlip, Table


class SlipSerializer(serializers.ModelSerializer):
    table = serializers.CharField(source="table.label")
    kind_name = serializers.CharField(source="get_kind_display")
    status_name = serializers.CharField(source="get_status_display")
    paid_from_name = serializers.CharField(source="get_paid_from_display")
    parent = serializers.IntegerField(source="parent.number", default=None,
                                      allow_null=True)
    recorded_by = serializers.CharField(source="recorded_by.username", default=None,
                                        allow_null=True)  # None: the system recorded it
    validated_by = serializers.CharField(source="validated_by.username", default=None,
                                         allow_null=True)
    paid_by = serializers.CharField(source="paid_by.username", default=None, allow_null=True)
    void_requested_by = serializers.CharField(source="void_requested_by.username", default=None,
                                              allow_null=True)
    voided_by = serializers.CharField(source="voided_by.username", default=None, allow_null=True)

    class Meta:
        model = JackpotSlip
        fields = ["id", "number", "kind", "kind_name", "parent", "status", "status_name",
                  "table", "game", "submission_version", "seat", "wager", "wager_name",
                  "wager_amount", "hand", "from_seat", "odds", "award", "paid_from",
                  "paid_from_name", "meter_name", "meter_before", "meter_after",
                  "verification", "rule", "witness_required", "round", "recorded_by",
                  "recorded_at", "validated_by", "validated_at", "paid_by", "paid_at",
                  "void_reason", "void_requested_by", "voided_by", "voided_at"]


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=status.HTTP_400_BAD_REQUEST)


def _property(request):
    """The staff member's property; a token client has none on the request (the middleware
    runs before DRF authenticates it)."""
    return getattr(request, "property", None) or current_property(request.user)


RECORD_EXAMPLE = {
    "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
    "idempotency_key": "c0ffee00-0000-4000-8000-000000000001",
    "round": {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
              "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                             "wagers": {"ante": "5.00", "play": "5.00",
                                        "five_card_progressive": "1.00"}}]},
}


class SlipList(generics.ListAPIView):
    """Jackpot slips of your property, newest first; POST records one."""

    serializer_class = SlipSerializer
    permission_classes = [HasAbility]
    required_ability = "slips.read"

    def get_required_ability(self):
        return "slips.record" if self.request.method == "POST" else "slips.read"

    def check_permissions(self, request):
        self.required_ability = self.get_required_ability()
        super().check_permissions(request)

    def get_queryset(self):
        return slips.slip_list(property=_property(self.request),
                               filters=self.request.query_params.dict())

    @extend_schema(summary="List jackpot slips", parameters=[
        OpenApiParameter(name, str) for name in slips.FILTERS])
    def get(self, request, *args, **kwargs):
        try:
            slips.check_input(request.query_params.dict(), {*slips.FILTERS, "page"})
            return super().get(request, *args, **kwargs)
        except slips.SlipError as exc:
            return _bad(exc.errors)

    @extend_schema(
        summary="Record a jackpot slip",
        description=("`table` (label), `seat`, `wager` (the winning wager's key) and `round`: "
                     "the cards and wagers as dealt, the body of a table settle. A hand that "
                     "does not win is refused. The same `idempotency_key` twice gives one slip."),
        request=OpenApiTypes.OBJECT, responses={201: SlipSerializer},
        examples=[OpenApiExample("A royal flush on the Five-Card Progressive",
                                 value=RECORD_EXAMPLE, request_only=True)])
    def post(self, request):
        data = dict(request.data) if isinstance(request.data, dict) else None
        if data is None:
            return _bad({"non_field_errors": ["The body must be a JSON object."]})
        label = data.pop("table", None)
        table = Table.objects.filter(property=_property(request), label=label).first()
        if table is None:
            return _bad({"table": ["No table with this label at your property."]})
        try:
            slip = slips.slip_record(table=table, data=data, actor=request.user)
        except slips.SlipError as exc:
            return _bad(exc.errors)
        return Response(SlipSerializer(slip).data, status=status.HTTP_201_CREATED)


class SlipPreview(APIView):
    """What a slip would document, without recording it."""

    permission_classes = [HasAbility]
    required_ability = "slips.record"

    @extend_schema(summary="Preview a jackpot slip", request=OpenApiTypes.OBJECT,
                   responses={200: OpenApiTypes.OBJECT})
    def post(self, request):
        data = dict(request.data) if isinstance(request.data, dict) else {}
        table = Table.objects.filter(property=_property(request),
                                     label=data.pop("table", None)).first()
        if table is None:
            return _bad({"table": ["No table with this label at your property."]})
        data.pop("idempotency_key", None)
        try:
            return Response(slips.slip_preview(table=table, data=data).as_dict())
        except slips.SlipError as exc:
            return _bad(exc.errors)


class SlipDetail(generics.RetrieveAPIView):
    serializer_class = SlipSerializer
    permission_classes = [HasAbility]
    required_ability = "slips.read"

    def get_object(self):
        try:
            return slips.slip_get(property=_property(self.request), pk=self.kwargs["pk"])
        except JackpotSlip.DoesNotExist as exc:
            raise Http404 from exc


class _Action(APIView):
    permission_classes = [HasAbility]
    service = None

    def post(self, request, pk: int):
        slip = (JackpotSlip.objects.select_related("property")
                .filter(property=_property(request), pk=pk).first())
        if slip is None:
            raise Http404
        try:
            slip = type(self).service(slip=slip, actor=request.user,
                                      **self.extra(request))
        except slips.SlipError as exc:
            return _bad(exc.errors)
        return Response(SlipSerializer(slip).data)

    def extra(self, request) -> dict:
        return {"data": request.data if isinstance(request.data, dict) else None}


@extend_schema(summary="Validate a jackpot slip (a floorperson or above, not the recorder)",
               request=None, responses={200: SlipSerializer})
class SlipValidate(_Action):
    required_ability = "slips.validate"
    service = staticmethod(slips.slip_validate)

    def extra(self, request) -> dict:
        slips.check_input(request.data or {}, set())  # nothing to send: strict input
        return {}


@extend_schema(summary="Mark a validated slip paid", request=OpenApiTypes.OBJECT,
               responses={200: SlipSerializer})
class SlipPay(_Action):
    required_ability = "slips.validate"
    service = staticmethod(slips.slip_pay)


@extend_schema(summary="Void a slip: a reason, then a second person confirms",
               request=OpenApiTypes.OBJECT, responses={200: SlipSerializer})
class SlipVoid(_Action):
    required_ability = "slips.void"
    service = staticmethod(slips.slip_void)
