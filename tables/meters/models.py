"""Progressive meters (§605a.7; linked tables share one, §605a.8), their append-only ledger,
the wager events that feed them, two-person adjustments, daily readings and reconciliation
alerts.

A meter keeps exact amounts (fractions of a cent: 0.5% of $5 is 2.5¢); every change is a
``MeterEntry`` and the meter row caches the sums, updated only under ``select_for_update``.
"""

import builtins
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.frozen import FrozenRecord
from casino.models import Property
from games.money import to_cents

# Meters keep ten decimal places: a rate of progression has at most four (percent), so a
# contribution of a whole-cent wager is exact (2 + 4 + 2 places for "/ 100").
METER_DIGITS = {"max_digits": 24, "decimal_places": 10}
MONEY_DIGITS = {"max_digits": 16, "decimal_places": 2}


class Meter(models.Model):
    """One progressive meter for one wager level at one table or linked group.

    Parameters (initial, reset, rates, limit) are copied from the approved Rules Submission at
    seeding and change only at a reset or with every table closed (``submission``).
    """

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="meters")
    table = models.ForeignKey("tables.Table", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="meters")
    linked_group = models.ForeignKey("tables.LinkedGroup", null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="meters")
    game = models.CharField(max_length=40)
    key = models.CharField(max_length=60)
    name = models.CharField(max_length=120)
    submission = models.ForeignKey("rulesubmissions.RulesSubmission", on_delete=models.PROTECT,
                                   related_name="+")
    initial_amount = models.DecimalField(**MONEY_DIGITS)
    reset_amount = models.DecimalField(**MONEY_DIGITS)
    rate = models.DecimalField(max_digits=8, decimal_places=4)  # percent of each wager
    reserve_rate = models.DecimalField(max_digits=8, decimal_places=4, default=0)
    limit = models.DecimalField(null=True, blank=True, **MONEY_DIGITS)
    # Must-Hit-By Mystery Bonus range (§631b.6(c)(3)-(4)); the trigger is in MysteryTrigger.
    mystery_minimum = models.DecimalField(null=True, blank=True, **MONEY_DIGITS)
    mystery_maximum = models.DecimalField(null=True, blank=True, **MONEY_DIGITS)
    # State: what the meter shows, the hidden reserve pool and the overflow above the limit.
    amount = models.DecimalField(**METER_DIGITS)
    reserve = models.DecimalField(default=0, **METER_DIGITS)
    overflow = models.DecimalField(default=0, **METER_DIGITS)
    # Accounting meters (§605a.7(a)): qualifying wagers counted and summed, hits, total paid.
    wagers_counted = models.BigIntegerField(default=0)
    wagers_sum = models.DecimalField(max_digits=20, decimal_places=2, default=0)
    contributed = models.DecimalField(default=0, **METER_DIGITS)
    hits = models.PositiveIntegerField(default=0)
    total_paid = models.DecimalField(max_digits=20, decimal_places=2, default=0)
    funded = models.DecimalField(default=0, **METER_DIGITS)  # seeds, resets, adjustments
    seeded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                  related_name="+")
    seeded_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["pk"]
        constraints = [
            models.CheckConstraint(
                condition=(Q(table__isnull=False, linked_group__isnull=True)
                           | Q(table__isnull=True, linked_group__isnull=False)),
                name="meter_table_xor_group"),
            models.UniqueConstraint(fields=["table", "key"], condition=Q(table__isnull=False),
                                    name="unique_meter_per_table"),
            models.UniqueConstraint(fields=["linked_group", "key"],
                                    condition=Q(linked_group__isnull=False),
                                    name="unique_meter_per_group"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.owner_label})"

    @builtins.property
    def owner_label(self) -> str:
        return self.linked_group.name if self.linked_group_id else self.table.label

    @builtins.property
    def is_mystery(self) -> bool:
        return self.mystery_maximum is not None

    @builtins.property
    def shown(self) -> Decimal:
        """What the display shows: dollars and cents, the fraction of a cent kept behind."""
        return to_cents(self.amount)


class EntryKind(models.TextChoices):
    SEED = "seed", "Seed"
    CONTRIBUTION = "contribution", "Contributions"
    HIT = "hit", "Hit"
    RESET = "reset", "Reset"
    ADJUSTMENT = "adjustment", "Adjustment"
    REVERSAL = "reversal", "Reversal of a payment"
    PARAMETERS = "parameters", "New parameters"


class MeterEntry(models.Model):
    """One change of a meter. Rows are only ever added (a reversal is a new row).

    Per row, ``amount_delta + reserve_delta + overflow_delta == contributed + funded - paid``:
    reconciliation checks it, and that the meter row holds the sums.
    """

    # Indexed by (meter, kind) and (meter, id) below: no index of its own.
    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="entries",
                              db_index=False)
    kind = models.CharField(max_length=20, choices=EntryKind.choices)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    amount_delta = models.DecimalField(default=0, **METER_DIGITS)
    reserve_delta = models.DecimalField(default=0, **METER_DIGITS)
    overflow_delta = models.DecimalField(default=0, **METER_DIGITS)
    amount_after = models.DecimalField(**METER_DIGITS)
    contributed = models.DecimalField(default=0, **METER_DIGITS)
    funded = models.DecimalField(default=0, **METER_DIGITS)
    paid = models.DecimalField(default=0, **MONEY_DIGITS)
    wagers_counted = models.PositiveIntegerField(default=0)
    wagers_sum = models.DecimalField(default=0, max_digits=20, decimal_places=2)
    table = models.ForeignKey("tables.Table", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    reference = models.CharField(max_length=100, blank=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.PROTECT, related_name="+")
    reason = models.TextField(blank=True)
    # The last event applied in a contribution batch: events are applied in this order.
    last_event = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]
        indexes = [models.Index(fields=["meter", "kind"], name="meter_entry_kind_idx"),
                   # Keyset pages of one meter's ledger and reconciliation from a checkpoint.
                   models.Index(fields=["meter", "id"], name="meter_entry_meter_id_idx")]
        constraints = [
            # A meter goes down only by a recorded hit or an approved adjustment (or the
            # reversal of a voided payment's reset), §605a.7: the database refuses any other.
            models.CheckConstraint(
                condition=Q(amount_delta__gte=0) | Q(kind__in=["hit", "adjustment", "reversal"]),
                name="meter_falls_only_by_hit_or_adjustment"),
            models.CheckConstraint(
                condition=~Q(kind="adjustment") | (Q(actor__isnull=False) & ~Q(reason="")),
                name="meter_adjustment_has_approver_and_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount_delta}"

    def save(self, *args, **kwargs):
        """Written once (``tables.meters.frozen``, the database's rule)."""
        if not self._state.adding:
            raise FrozenRecord(f"Row {self.pk} of the meter ledger was written: it never "
                               f"changes. A correction is a new row (an approved adjustment).")
        super().save(*args, **kwargs)


class MysteryTrigger(models.Model):
    """The Must-Hit-By trigger drawn by a cryptographic RNG (§631b.6(c)(3)). It is read only by
    the applier until ``hit_at``; pages, API and logs never show an open one."""

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="+")
    amount = models.DecimalField(**MONEY_DIGITS)
    drawn_at = models.DateTimeField(default=timezone.now)
    hit_at = models.DateTimeField(null=True, blank=True)
    hit_entry = models.OneToOneField(MeterEntry, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["meter"], condition=Q(hit_at__isnull=True),
                                               name="one_open_trigger_per_meter")]

    def __str__(self) -> str:
        return f"trigger of meter {self.meter_id}"


class WagerEvent(models.Model):
    """A progressive wager posted by a table game system, stored before it is acknowledged and
    applied to the meters exactly once (``applied_at``)."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="+")
    event_id = models.CharField(max_length=100)
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="+",
                              db_index=False)  # indexed by (table, id) below
    seat = models.PositiveSmallIntegerField()
    wager = models.CharField(max_length=60)
    amount = models.DecimalField(**MONEY_DIGITS)
    placed_at = models.DateTimeField()
    received_at = models.DateTimeField(default=timezone.now)
    applied_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["property", "event_id"],
                                               name="unique_wager_event_id")]
        indexes = [models.Index(fields=["table", "id"], condition=Q(applied_at__isnull=True),
                                name="wager_event_unapplied_idx"),
                   # Reconciliation and removal read one owner's events in id order.
                   models.Index(fields=["table", "id"], name="wager_event_table_id_idx")]

    def __str__(self) -> str:
        return self.event_id


class AdjustmentStatus(models.TextChoices):
    PROPOSED = "proposed", "Waiting for approval"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


class MeterAdjustment(models.Model):
    """A correction of a meter: proposed by one person, applied only when a second approves
    (a meter never goes down except by a hit or an approved adjustment)."""

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="adjustments")
    amount = models.DecimalField(**METER_DIGITS)  # signed change of the amount shown
    reason = models.TextField()
    status = models.CharField(max_length=10, choices=AdjustmentStatus.choices,
                              default=AdjustmentStatus.PROPOSED)
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    entry = models.OneToOneField(MeterEntry, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"{self.amount} on {self.meter}"


class MeterReading(models.Model):
    """The meters at the end of a gaming day (the property's ``gaming_day_ends``)."""

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="readings")
    gaming_day = models.DateField()
    taken_at = models.DateTimeField(default=timezone.now)
    amount = models.DecimalField(**METER_DIGITS)
    reserve = models.DecimalField(**METER_DIGITS)
    overflow = models.DecimalField(**METER_DIGITS)
    hits = models.PositiveIntegerField()
    total_paid = models.DecimalField(max_digits=20, decimal_places=2)

    class Meta:
        ordering = ["-gaming_day", "meter_id"]
        constraints = [models.UniqueConstraint(fields=["meter", "gaming_day"],
                                               name="one_reading_per_meter_day")]

    def __str__(self) -> str:
        return f"{self.meter} on {self.gaming_day}"

    def save(self, *args, **kwargs):
        """Taken once (``tables.meters.frozen``, the database's rule)."""
        if not self._state.adding:
            raise FrozenRecord(f"The reading of {self.meter} on {self.gaming_day:%Y-%m-%d} was "
                               f"taken: it never changes.")
        super().save(*args, **kwargs)


class ReconciliationAlert(models.Model):
    """A meter whose amount does not match its ledger (found by the reconciliation job)."""

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="alerts")
    found_at = models.DateTimeField(default=timezone.now)
    problems = models.JSONField()
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-pk"]

    def __str__(self) -> str:
        return f"reconciliation alert on {self.meter}"


class CheckpointKind(models.TextChoices):
    RECONCILED = "reconciled", "Last reconciled"
    BASE = "base", "Removed history"


class MeterCheckpoint(models.Model):
    """What reconciliation has verified of one meter, so the next run reads only what came
    after it (§605a.7: the meters are the record). ``reconciled``: the ledger's totals up to
    ``last_entry`` and the qualifying wager events applied up to ``last_event``, as of the last
    run that found no problem. ``base``: the same for history that no longer exists (wager
    events removed after the dispute window, ledger rows archived after the records-retention
    period): a full reconciliation starts from it. Each is
    signed (``digest``, an HMAC of the site's key), so a changed checkpoint is noticed."""

    meter = models.ForeignKey(Meter, on_delete=models.PROTECT, related_name="checkpoints")
    kind = models.CharField(max_length=10, choices=CheckpointKind.choices)
    taken_at = models.DateTimeField(default=timezone.now)
    last_entry = models.BigIntegerField(default=0)
    last_event = models.BigIntegerField(default=0)
    amount = models.DecimalField(default=0, **METER_DIGITS)
    reserve = models.DecimalField(default=0, **METER_DIGITS)
    overflow = models.DecimalField(default=0, **METER_DIGITS)
    contributed = models.DecimalField(default=0, **METER_DIGITS)
    funded = models.DecimalField(default=0, **METER_DIGITS)
    total_paid = models.DecimalField(max_digits=20, decimal_places=2, default=0)
    wagers_counted = models.BigIntegerField(default=0)
    wagers_sum = models.DecimalField(max_digits=20, decimal_places=2, default=0)
    hits = models.BigIntegerField(default=0)
    events_applied = models.BigIntegerField(default=0)
    events_removed = models.BigIntegerField(default=0)  # base: wager events deleted so far
    digest = models.CharField(max_length=64)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["meter", "kind"],
                                               name="one_checkpoint_per_meter_kind")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} checkpoint of meter {self.meter_id}"
