"""The meters API's declared shapes: the wager feed's body (a JSON array of events) and
answer, a meter's parameters and accounting meters, and the meter list's filter.

Each wager event is checked by ``tables.meters.wagers`` one by one, and a malformed one is
``rejected`` with its reason while the others are stored (a table game system's batch is
never lost for one bad event); the schema types every field an event carries.
"""

from __future__ import annotations

import django_filters
from django.db.models import Q
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.api_fields import money_schema
from casino.api_filters import StrictFilterSet
from tables.floor.models import Table
from tables.meters.models import Meter
from tables.meters.wagers import MAX_EVENTS


@extend_schema_field(money_schema())
class _AmountText(serializers.CharField):
    """An amount as posted (the feed reads it; a malformed one rejects its event)."""


class WagerEventSerializer(serializers.Serializer):
    """One progressive wager as the table game system saw it placed."""

    id = serializers.CharField(max_length=100, help_text="The system's id for the event: "
                               "posted again, it counts once.")
    table = serializers.CharField(max_length=Table._meta.get_field("label").max_length,
                                  help_text="The table's label (\"TCP-1\").")
    seat = serializers.IntegerField(min_value=1, max_value=99)
    wager = serializers.CharField(max_length=60, help_text="The wager's key "
                                  "(\"five_card_progressive\").")
    amount = _AmountText(help_text="Dollars and cents, like \"5.00\".")
    placed_at = serializers.DateTimeField(help_text="When it was placed, with its offset.")


class WagerFeed(serializers.ListSerializer):
    """The feed's body: a JSON array of at most ``MAX_EVENTS`` events. Only the array is
    checked here; each event is checked by the feed, which names what is wrong with it."""

    child = WagerEventSerializer()

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("child", WagerEventSerializer())
        kwargs.setdefault("max_length", MAX_EVENTS)
        super().__init__(*args, **kwargs)

    def to_internal_value(self, data):
        if not isinstance(data, list):
            raise serializers.ValidationError({"non_field_errors": [
                "a JSON array of wager events"]})
        if len(data) > MAX_EVENTS:
            raise serializers.ValidationError({"non_field_errors": [
                f"at most {MAX_EVENTS:,} events per request"]})
        return data

    def run_validation(self, data=serializers.empty):
        return self.to_internal_value(data)


class WagerResultSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True, help_text="The event's id as posted (null "
                               "when it had none).")
    status = serializers.ChoiceField(choices=["accepted", "duplicate", "rejected"])
    reason = serializers.CharField(required=False, help_text="Why it was rejected; absent on "
                                   "an accepted or duplicate event.")


class WagerFeedAnswer(serializers.Serializer):
    accepted = serializers.IntegerField()
    duplicate = serializers.IntegerField()
    rejected = serializers.IntegerField()
    results = WagerResultSerializer(many=True)


class MustHitBySerializer(serializers.Serializer):
    minimum = serializers.CharField()
    maximum = serializers.CharField()


class MeterParametersSerializer(serializers.Serializer):
    """A meter's terms from the Rules Submission it was seeded under."""

    initial = serializers.CharField(help_text="dollars")
    reset = serializers.CharField(help_text="dollars")
    rate = serializers.CharField(help_text="percent of each wager")
    reserve_rate = serializers.CharField(help_text="percent of each wager")
    limit = serializers.CharField(allow_null=True, help_text="dollars, or null")
    submission_version = serializers.IntegerField()
    must_hit_by = MustHitBySerializer(required=False, help_text=(
        "A Must-Hit-By meter's range its trigger is drawn from (§631b.6(c)(3)); absent on "
        "any other meter."))


class AccountingSerializer(serializers.Serializer):
    wagers_counted = serializers.IntegerField()
    wagers_sum = serializers.CharField(help_text="dollars")
    contributed = serializers.CharField(help_text="dollars, exact")
    hits = serializers.IntegerField()
    total_paid = serializers.CharField(help_text="dollars")


class MeterFilter(StrictFilterSet):
    """``?table=TCP-2``: the meters that table feeds (its own, or its linked group's)."""

    table = django_filters.CharFilter(method="by_table", max_length=40,
                                      help_text="A table's label: the meters it feeds.")

    class Meta:
        model = Meter
        fields = ["table"]

    def by_table(self, queryset, name, value: str):
        tables = Table.objects.filter(label=value)
        user = self.request.user
        if not user.is_superuser:
            tables = tables.filter(property__memberships__user=user)
        if not tables.exists():
            raise serializers.ValidationError({"table": [
                f"no table {value[:40]!r} at your property"]})
        return queryset.filter(Q(table__in=tables) | Q(linked_group__tables__in=tables)
                               ).distinct()
