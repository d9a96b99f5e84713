"""``/api/v1/paytables/``: the catalog and its proposals, and a second compliance officer's
decisions on them."""

from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_fields import NoBody
from casino.api_views import AbilityByMethod, ActionSchema, errors, parsed
from casino.permissions import HasAbility
from casino.selectors import current_property
from games.names import hand_name
from rulesubmissions import selectors, services
from rulesubmissions.api.common import own_property, refused
from rulesubmissions.models import CatalogPaytable
from rulesubmissions.serializers import PAYTABLE_BODIES, PaytableProposal


class CatalogPaytableSerializer(serializers.ModelSerializer):
    proposed_by = serializers.CharField(source="proposed_by.username")
    decided_by = serializers.CharField(source="decided_by.username", default=None,
                                       allow_null=True)

    class Meta:
        model = CatalogPaytable
        fields = ["id", "property", "paytable_id", "game", "wager", "entry", "status",
                  "proposed_by", "proposed_at", "decided_by", "decided_at", "retire_reason",
                  "retire_requested_at", "retired_at"]


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
        prop = own_property(request.user, body.get("property"))
        try:
            paytable = services.paytable_propose(actor=request.user, property=prop,
                                                 entry=dict(body["entry"]))
        except services.RulesError as exc:
            return refused(exc)
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

    @extend_schema(responses={200: CatalogPaytableSerializer, **errors(
        e409="The paytable's state refuses the decision, named in words (no longer a "
             "proposal, or a version selects it).")})
    def post(self, request, pk: int, decision: str):
        paytable = self.get_object()
        body = parsed(self.BODIES.get(decision, NoBody), request)
        try:
            paytable = services.paytable_decide(
                actor=request.user, paytable=paytable, decision=decision,
                reason=body.get("reason", ""))
        except services.RulesError as exc:
            return refused(exc)
        return Response(CatalogPaytableSerializer(paytable).data)
