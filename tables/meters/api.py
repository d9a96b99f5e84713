"""API for progressive meters and the wager events that feed them: thin views over
``tables.meters.wagers`` and ``tables.meters.services``. A Must-Hit-By trigger never appears here
(§631b.6(c)(3)): the serializers name every field they show.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiExample,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import generics, serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_filters import Backend
from casino.api_views import parsed
from casino.permissions import HasAbility, property_ids
from casino.selectors import current_property
from games.money import fmt
from tables.meters import hooks, tasks, wagers
from tables.meters.ledger import LedgerCursor
from tables.meters.models import Meter, MeterEntry
from tables.meters.selectors import exact, one_moment
from tables.meters.serializers import (
    AccountingSerializer,
    MeterFilter,
    MeterParametersSerializer,
    WagerFeed,
    WagerFeedAnswer,
)


@extend_schema_field(OpenApiTypes.STR)
class ExactField(serializers.Field):
    """An exact meter amount as a decimal string (fractions of a cent kept)."""

    def to_representation(self, value):
        return exact(value) if value is not None else None


class PendingJackpotSerializer(serializers.Serializer):
    """A jackpot recorded against the meter, waiting to be paid: its slip and payout."""

    number = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    amount = serializers.CharField()
    table = serializers.CharField()
    seat = serializers.IntegerField()
    recorded_at = serializers.DateTimeField()


class MeterSerializer(serializers.ModelSerializer):
    tables = serializers.SerializerMethodField()
    linked_group = serializers.CharField(source="linked_group.name", default=None, allow_null=True)
    parameters = serializers.SerializerMethodField()
    amount = ExactField()
    reserve = ExactField()
    overflow = ExactField()
    accounting = serializers.SerializerMethodField()
    pending = serializers.SerializerMethodField()
    pending_jackpots = serializers.SerializerMethodField()

    class Meta:
        model = Meter
        fields = ["id", "key", "name", "game", "tables", "linked_group", "parameters", "amount",
                  "reserve", "overflow", "accounting", "pending", "pending_jackpots",
                  "seeded_at"]

    def get_tables(self, meter) -> list[str]:
        if meter.linked_group_id:
            return sorted(t.label for t in meter.linked_group.tables.all())
        return [meter.table.label]

    @extend_schema_field(MeterParametersSerializer)
    def get_parameters(self, meter) -> dict:
        parameters = {"initial": fmt(meter.initial_amount), "reset": fmt(meter.reset_amount),
                      "rate": f"{meter.rate.normalize():f}",
                      "reserve_rate": f"{meter.reserve_rate.normalize():f}",
                      "limit": fmt(meter.limit) if meter.limit is not None else None,
                      "submission_version": meter.submission.version}
        if meter.is_mystery:
            parameters["must_hit_by"] = {"minimum": fmt(meter.mystery_minimum),
                                         "maximum": fmt(meter.mystery_maximum)}
        return parameters

    @extend_schema_field(AccountingSerializer)
    def get_accounting(self, meter) -> dict:
        return {"wagers_counted": meter.wagers_counted, "wagers_sum": fmt(meter.wagers_sum),
                "contributed": exact(meter.contributed), "hits": meter.hits,
                "total_paid": fmt(meter.total_paid)}

    def get_pending(self, meter) -> int:
        return self.context.get("pending", {}).get(meter.pk, 0)

    @extend_schema_field(PendingJackpotSerializer(many=True))
    def get_pending_jackpots(self, meter) -> list[dict]:
        """The slips recorded against the meter and not yet paid or voided, oldest first: the
        meter was hit and reseeded when each was recorded (issue 19's jackpot lock)."""
        found = self.context.get("pending_jackpots", {}).get(meter.pk, [])
        return PendingJackpotSerializer(found, many=True).data


class EntrySerializer(serializers.ModelSerializer):
    kind_display = serializers.CharField(source="get_kind_display")
    amount_delta = ExactField()
    reserve_delta = ExactField()
    overflow_delta = ExactField()
    amount_after = ExactField()
    contributed = ExactField()
    funded = ExactField()
    table = serializers.CharField(source="table.label", default=None, allow_null=True)
    actor = serializers.CharField(source="actor.username", default=None, allow_null=True)

    class Meta:
        model = MeterEntry
        fields = ["id", "kind", "kind_display", "created_at", "amount_delta", "reserve_delta",
                  "overflow_delta", "amount_after", "contributed", "funded", "paid",
                  "wagers_counted", "wagers_sum", "table", "seat", "reference", "actor",
                  "reason"]


def visible_meters(user):
    qs = Meter.objects.select_related("table", "linked_group", "submission").prefetch_related(
        "linked_group__tables")
    return qs if user.is_superuser else qs.filter(property_id__in=property_ids(user))


class MeterList(generics.ListAPIView):
    """GET /api/v1/meters/: the meters of your property with parameters, amount (exact),
    reserve, overflow, accounting meters and pending (accepted, not yet applied) events."""

    permission_classes = [HasAbility]
    required_ability = "meters.read"
    serializer_class = MeterSerializer
    queryset = Meter.objects.none()  # the model, for the schema
    filter_backends = [Backend]
    filterset_class = MeterFilter

    def get_queryset(self):
        return visible_meters(self.request.user).order_by("pk")

    def list(self, request, *args, **kwargs):
        """The meters, their pending events and jackpots read as of one moment (``one_moment``):
        ``pending`` and the totals always agree, whatever an applier does meanwhile."""
        with one_moment():
            page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
            context = {**self.get_serializer_context(), "pending": wagers.pending_counts(page),
                       "pending_jackpots": hooks.pending_jackpots(page)}
            data = MeterSerializer(page, many=True, context=context).data
        return self.get_paginated_response(data)


class MeterLedger(generics.ListAPIView):
    """GET /api/v1/meters/{id}/ledger/: the meter's ledger, newest first, 50 rows a page;
    ``next`` and ``previous`` carry a cursor (keyset: as fast on the last page of a long
    ledger as on the first; no count)."""

    permission_classes = [HasAbility]
    required_ability = "meters.read"
    serializer_class = EntrySerializer
    pagination_class = LedgerCursor

    def get_queryset(self):
        meter = generics.get_object_or_404(visible_meters(self.request.user),
                                           pk=self.kwargs["pk"])
        return meter.entries.select_related("table", "actor").order_by("-pk")


_WAGER_EXAMPLE = [{"id": "TCP-1-000001", "table": "TCP-1", "seat": 3,
                   "wager": "five_card_progressive", "amount": "5.00",
                   "placed_at": "2026-11-30T21:15:04-05:00"}]


class WagerIngest(APIView):
    """POST /api/v1/wagers/: progressive wager events from a table game system."""

    permission_classes = [HasAbility]
    required_ability = "wagers.post"

    @extend_schema(
        summary="Post progressive wager events",
        description=(
            "A JSON array of events (at most 5,000). Each is stored before the answer, which "
            "says per event `accepted`, `duplicate` (the id was posted before: it counts once) "
            "or `rejected` with the reason. Workers add accepted events to the meters."),
        request=WagerFeed,
        responses={200: OpenApiResponse(WagerFeedAnswer, description="Per-event status."),
                   400: OpenApiResponse(description="Not an array, or too many events."),
                   403: OpenApiResponse(description="Not an API client, or no property.")},
        # the array's one item: the schema shows it in its array
        examples=[OpenApiExample("One event", value=_WAGER_EXAMPLE[0], request_only=True),
                  OpenApiExample("Answer", response_only=True, status_codes=["200"], value={
                      "accepted": 1, "duplicate": 0, "rejected": 0,
                      "results": [{"id": "TCP-1-000001", "status": "accepted"}]})],
    )
    def post(self, request):
        prop = getattr(request, "property", None) or current_property(request.user)
        if prop is None:  # a superuser who is staff nowhere: no property's meters to feed
            raise PermissionDenied("Wagers are posted for a property: this account is staff "
                                   "at none.")
        events = parsed(WagerFeed, request)
        results, touched = wagers.wagers_ingest(property=prop, events=events)
        tasks.enqueue_apply(touched)
        counts = {s: sum(r["status"] == s for r in results)
                  for s in ("accepted", "duplicate", "rejected")}
        return Response({**counts, "results": results})
