"""Jackpot slips: a winning progressive or bonus payout documented before it is paid
(§649a.11(c)(5)(iii)-(iv) and their twins; the two-part slip of §465a.26).

A floor manager records the round (``round``: the cards and wagers as dealt); the engine, run by
the table's approved terms, says what the seat won. The amount is fixed when the slip is
recorded: a meter award against the meter as it stands then, which is hit and reseeded at once,
with the Envy Bonus and shared-award slips of the round (``tables.slips.recording``). A
floorperson or above who is not the recorder validates them all (``tables.slips.validation``).
Numbers are per property and gapless (``SlipCounter``, locked while a number is taken, last). A
Must-Hit-By Mystery Bonus slip is recorded by the system at the win (``tables.meters.services``),
which has already paid and reset the meter.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.frozen import FrozenModel
from casino.models import Property
from tables.meters.models import METER_DIGITS
from tables.slips.frozen import SLIP_LIFECYCLE

MONEY = {"max_digits": 14, "decimal_places": 2}


class SlipStatus(models.TextChoices):
    RECORDED = "recorded", "Waiting for validation"
    VALIDATED = "validated", "Validated, to be paid"
    PAID = "paid", "Paid"
    VOIDED = "voided", "Void"


class SlipKind(models.TextChoices):
    JACKPOT = "jackpot", "Jackpot"
    ENVY = "envy", "Envy Bonus"
    SHARE = "share", "Shared award"
    # Recorded by the system when a qualifying wager takes the meter past its trigger
    # (§631b.6(c)(3)); validated and paid like a jackpot (§631b.6(c)(5)-(6)).
    MYSTERY = "mystery", "Must-Hit-By Mystery Bonus"


class PaidFrom(models.TextChoices):
    TABLE_INVENTORY = "table_inventory", "Table inventory"
    NOT_TABLE_INVENTORY = "not_table_inventory", "Not the table inventory (cage)"
    GAME_ACCOUNT = "game_account", "Player's game account"


class SlipCounter(models.Model):
    """The last slip number at a property; its row is locked while a number is taken, so
    numbers never repeat and never skip (a rolled-back slip rolls its number back)."""

    property = models.OneToOneField(Property, on_delete=models.PROTECT, related_name="+")
    last_number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"slip counter of {self.property.name}: {self.last_number}"


class JackpotSlip(FrozenModel, models.Model):
    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="slips")
    # None only inside the recording's transaction: the slips are numbered last, once the
    # meter is hit, so the property's counter is held briefly (``recording``, issue 32).
    number = models.PositiveIntegerField(null=True)
    kind = models.CharField(max_length=10, choices=SlipKind.choices, default=SlipKind.JACKPOT)
    # An Envy Bonus or shared-award slip belongs to the jackpot slip recorded with it.
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="companions")
    table = models.ForeignKey("tables.Table", on_delete=models.PROTECT, related_name="slips")
    game = models.CharField(max_length=40)
    submission = models.ForeignKey("rulesubmissions.RulesSubmission", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    submission_version = models.PositiveIntegerField(null=True, blank=True)
    seat = models.PositiveSmallIntegerField()
    wager = models.CharField(max_length=60)
    wager_name = models.CharField(max_length=120)
    wager_amount = models.DecimalField(**MONEY)
    # The round as recorded: the engine's request body without game and options.
    round = models.JSONField(default=dict)
    hand = models.CharField(max_length=200, blank=True)
    from_seat = models.CharField(max_length=10, blank=True)  # Envy: whose hand
    odds = models.CharField(max_length=80, blank=True)
    rule = models.CharField(max_length=200, blank=True)
    verification = models.CharField(max_length=80, blank=True)
    paid_from = models.CharField(max_length=24, choices=PaidFrom.choices)
    # Amount to the player (the award, stake included for "for 1" and meter payouts).
    award = models.DecimalField(**MONEY)
    meter = models.ForeignKey("tables.Meter", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    meter_name = models.CharField(max_length=120, blank=True)
    meter_before = models.DecimalField(null=True, blank=True, **METER_DIGITS)
    meter_after = models.DecimalField(null=True, blank=True, **METER_DIGITS)
    witness_required = models.BooleanField(default=False)
    # The client's key for one recording, kept whole (a retry with the same key and body gets
    # the same slip; another body under it is refused).
    idempotency_key = models.CharField(max_length=255, blank=True)
    status = models.CharField(max_length=10, choices=SlipStatus.choices,
                              default=SlipStatus.RECORDED)
    # None: recorded by the progressive table game system (a Must-Hit-By Mystery Bonus).
    recorded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+")
    recorded_at = models.DateTimeField(default=timezone.now, db_index=True)
    validated_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    validated_at = models.DateTimeField(null=True, blank=True)
    paid_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                on_delete=models.PROTECT, related_name="+")
    paid_at = models.DateTimeField(null=True, blank=True)
    void_reason = models.TextField(blank=True)
    void_requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                          on_delete=models.PROTECT, related_name="+")
    void_requested_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    voided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["property", "number"], name="unique_slip_number"),
            models.UniqueConstraint(fields=["property", "idempotency_key"],
                                    condition=~Q(idempotency_key=""),
                                    name="unique_slip_idempotency_key"),
        ]
        indexes = [models.Index(fields=["property", "status"], name="slip_status_idx")]

    def __str__(self) -> str:
        return f"Jackpot slip {self.number}"

    def frozen_refusal(self, stored: dict, changed: set) -> str:
        """Paid or void, nothing changes; what was recorded never does (``tables.slips.frozen``,
        the database's rule)."""
        if stored.get("status") in (SlipStatus.PAID, SlipStatus.VOIDED):
            return (f"Slip {self.number} is {SlipStatus(stored['status']).label.lower()}: a paid "
                    f"or void slip is never changed. A wrong slip is voided and recorded again; "
                    f"money paid in error is a two-person meter adjustment.")
        if changed - {*SLIP_LIFECYCLE, "meter_after"} - (
                {"number"} if stored.get("number") is None else set()):
            return (f"Slip {self.number} was recorded: its round, wager, award and meter never "
                    f"change. A wrong slip is voided and recorded again.")
        return ""

    def meter_reference(self) -> str:
        """The ledger reference of this slip's meter payment (reversed by a void)."""
        return f"jackpot-slip:{self.pk}"
