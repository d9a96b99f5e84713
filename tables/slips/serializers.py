"""The shapes of /api/v1/jackpot-slips/: a slip as the API answers it (with every payout its
validation makes and their total) and each action's body, declared once: the view parses the
body with it (strict: an unknown key is a 400 naming it) and the schema documents it (issue 20).
The rules that need the table or the slip (a seat on the table, a wager of its game, the total
the validator saw) stay in the services, which the pages call too."""

import copy

import django_filters
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api_fields import Choice, Money, StrictSerializer, Text, text_of
from casino.api_filters import DayFilter, MoneyFilter, StrictFilterSet
from casino.selectors import current_property
from tables.floor.engine import TableRound, VersionUsed
from tables.floor.models import Table
from tables.slips import selectors
from tables.slips.errors import choices
from tables.slips.models import JackpotSlip, PaidFrom, SlipKind, SlipStatus
from tables.slips.validation import family, total


class PayoutSerializer(serializers.Serializer):
    """One payout a validation of the slip makes: the jackpot, an Envy Bonus or a share."""

    number = serializers.IntegerField()
    kind = serializers.CharField()
    kind_name = serializers.CharField(source="get_kind_display")
    status = serializers.CharField()
    seat = serializers.IntegerField()
    wager_name = serializers.CharField()
    hand = serializers.CharField()
    award = serializers.DecimalField(max_digits=14, decimal_places=2)
    paid_from = serializers.CharField()


# A slip the system recorded (a Must-Hit-By Mystery Bonus, §631b.6(c)(5)) has no round dealt.
NO_ROUND = {"type": "object", "maxProperties": 0, "additionalProperties": False,
            "description": "No round: the system recorded the slip (a Must-Hit-By Mystery "
                           "Bonus, §631b.6(c)(5))."}


@extend_schema_field({"oneOf": [{"$ref": "#/components/schemas/TableRound"}, NO_ROUND],
                      "description": "The round as recorded: a table settle's body (the "
                                     "table's terms supply game, options and meters), or {} "
                                     "when no round was dealt."})
class RecordedRound(serializers.JSONField):
    """A slip's round as it was recorded (answers only)."""


@extend_schema_field(TableRound)
class RoundBody(serializers.DictField):
    """The round of a recording or preview: a table settle's body, which the engine reads."""


class FieldsBuiltOnce:
    """A ModelSerializer whose fields are worked out from the model once per class, then made
    again from the same arguments for each answer (DRF works every field out of the model's
    metadata for every serializer made, and its deep copy of their arguments costs nearly as
    much: 2-3 ms of a slip's answer, issue 32). Each answer gets new unbound fields and binds
    its own; the arguments (sources, choices, the model's field) are only read, never
    changed, so they are shared. A nested serializer is deep-copied, as DRF does."""

    def get_fields(self):
        cls = type(self)
        if "_fields_built" not in cls.__dict__:
            cls._fields_built = super().get_fields()
        return {name: copy.deepcopy(field) if isinstance(field, serializers.BaseSerializer)
                else type(field)(*field._args, **field._kwargs)
                for name, field in cls._fields_built.items()}


class SlipSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
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
    round = RecordedRound(read_only=True)
    payouts = serializers.SerializerMethodField(
        help_text="Every payout validating the slip makes (the jackpot slip and its Envy Bonus "
                  "and shared-award slips that are not void), in number order.")
    payouts_total = serializers.SerializerMethodField(
        help_text="Their total: what a validation's `total` confirms.")

    class Meta:
        model = JackpotSlip
        fields = ["id", "number", "kind", "kind_name", "parent", "status", "status_name",
                  "table", "game", "submission_version", "seat", "wager", "wager_name",
                  "wager_amount", "hand", "from_seat", "odds", "award", "paid_from",
                  "paid_from_name", "meter_name", "meter_before", "meter_after",
                  "verification", "rule", "witness_required", "round", "idempotency_key",
                  "recorded_by", "recorded_at", "validated_by", "validated_at", "paid_by",
                  "paid_at", "void_reason", "void_requested_by", "void_requested_at",
                  "voided_by", "voided_at", "payouts", "payouts_total"]

    def _family(self, slip) -> list:
        cache = self.context.setdefault("families", {})
        if slip.pk not in cache:  # a write hands over the rows it just wrote (issue 32)
            cache[slip.pk] = getattr(slip, "family_rows", None) or family(slip)
        return cache[slip.pk]

    @extend_schema_field(PayoutSerializer(many=True))
    def get_payouts(self, slip) -> list[dict]:
        return PayoutSerializer(self._family(slip), many=True).data

    def get_payouts_total(self, slip) -> str:
        return f"{total(self._family(slip)):.2f}"


class SlipListSerializer(SlipSerializer):
    """A slip in the list: its payouts are on its own answer (one query each)."""

    payouts = None
    payouts_total = None

    class Meta(SlipSerializer.Meta):
        fields = [f for f in SlipSerializer.Meta.fields if f not in ("payouts", "payouts_total")]


ROUND_MISSING = ("The round is required: the cards and wagers as dealt, the same fields as a "
                 "table settle.")


class RecordRequest(StrictSerializer):
    """A slip's recording: the table, the winning seat and wager, and the round as dealt."""

    table = text_of(Table, "label", help_text="The table's label.")
    seat = serializers.IntegerField(min_value=1, max_value=99,
                                    help_text="The winning seat (one of the table's betting "
                                              "positions).")
    wager = text_of(JackpotSlip, "wager", help_text="The winning wager's key.")
    round = RoundBody(
        help_text="The cards and wagers as dealt: a table settle's body.",
        error_messages={"required": ROUND_MISSING, "not_a_dict": ROUND_MISSING,
                        "null": ROUND_MISSING})
    idempotency_key = Text(
        required=False, max_length=255, allow_blank=True,
        help_text="The client's key for this one recording: the same key with the same body "
                  "gives the same slip; with another body, a 409.")


class PreviewRequest(RecordRequest):
    """The same body as a recording's; nothing is written."""

    idempotency_key = Text(required=False, max_length=255, allow_blank=True,
                           help_text="Read and ignored: a preview records nothing.")


class ValidateRequest(StrictSerializer):
    total = Money(
        help_text="The total of every payout the validator saw (the slip's `payouts_total`): "
                  "a 409 if the payouts total anything else.",
        error_messages={"required": "Required: the total of every payout the validation "
                                    "makes, as the slip's page shows it (the jackpot, each "
                                    "Envy Bonus and shared award)."})


class PayRequest(StrictSerializer):
    paid_from = Choice(choices=PaidFrom.choices, required=False,
                       help_text="Where the payout came from; the slip's own if not given.")


class VoidRequest(StrictSerializer):
    reason = Text(help_text="Why the slip should be void.", error_messages={
        "required": "A reason is required to ask for a void.",
        "blank": "A reason is required to ask for a void.",
        "null": "A reason is required to ask for a void."})


# --- issue 20: the list's filters and the preview's shapes -------------------------------------

class SlipFilter(StrictFilterSet):
    """The list's filters (the slips page's): gaming days, table, status, kind and amount; a
    bad or unknown one is a 400 naming it, an inverted range a 400 on its end."""

    date_from = DayFilter(help_text="From this gaming day (YYYY-MM-DD).")
    date_to = DayFilter(help_text="To this gaming day (YYYY-MM-DD), inclusive.")
    table = django_filters.CharFilter(max_length=40, help_text="A table's label.")
    status = django_filters.ChoiceFilter(
        choices=SlipStatus.choices,
        error_messages={"invalid_choice": f"Choose one of {choices(SlipStatus)}."})
    kind = django_filters.ChoiceFilter(
        choices=SlipKind.choices,
        error_messages={"invalid_choice": f"Choose one of {choices(SlipKind)}."})
    amount_min = MoneyFilter(help_text="Awards of at least this many dollars.")
    amount_max = MoneyFilter(help_text="Awards of at most this many dollars.")
    ranges = (("date_from", "date_to"), ("amount_min", "amount_max"))

    class Meta:
        model = JackpotSlip
        fields = []

    def filter_queryset(self, queryset):
        """The selector's filters, given as the page gives them (text)."""
        given = {k: str(v) for k, v in self.form.cleaned_data.items() if v not in (None, "")}
        return selectors.slip_list(property=self.request_property, filters=given)

    @property
    def request_property(self):
        return (getattr(self.request, "property", None)
                or current_property(self.request.user))


class AwardSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    wager = serializers.CharField()
    wager_name = serializers.CharField()
    amount = serializers.CharField(help_text="the wager, dollars")
    award = serializers.CharField(help_text="dollars")
    odds = serializers.CharField(allow_blank=True)
    rule = serializers.CharField()
    paid_from = serializers.CharField()
    paid_from_name = serializers.CharField()
    hand = serializers.CharField(allow_blank=True)
    from_seat = serializers.CharField(allow_blank=True, help_text="An Envy Bonus's winning "
                                      "seat, as the engine names it")
    meter = serializers.CharField(allow_blank=True)
    verification = serializers.CharField(allow_blank=True)


class PreviewMeterSerializer(serializers.Serializer):
    name = serializers.CharField()
    amount = serializers.CharField(help_text="dollars")


class PreviewSerializer(serializers.Serializer):
    """What a slip would document, as the engine settles the round."""

    table = serializers.CharField()
    seat = serializers.IntegerField()
    wager = serializers.CharField()
    wager_name = serializers.CharField()
    hand = serializers.CharField(allow_blank=True)
    wins = serializers.BooleanField()
    why = serializers.CharField(allow_blank=True)
    jackpot = AwardSerializer(allow_null=True)
    envy_bonuses = AwardSerializer(many=True)
    shared_awards = AwardSerializer(many=True)
    meter = PreviewMeterSerializer(allow_null=True)
    sections = serializers.ListField(child=serializers.CharField())
    submission = VersionUsed(help_text="The Rules Submission version the round was settled "
                                        "by.")
