"""Rules Submissions (§601a.2) and the paytables compliance adds to the catalog.

A submission is one version of one game's terms at one property. Only services write these
rows; approved versions are never changed and nothing is ever deleted.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.frozen import FrozenModel
from casino.models import Property
from rulesubmissions.engine import game_spec


class Status(models.TextChoices):
    DRAFT = "draft", "Draft"
    SUBMITTED = "submitted", "Submitted"
    RETURNED = "returned", "Returned with comments"
    APPROVED = "approved", "Approved"


OPEN_STATUSES = (Status.DRAFT, Status.SUBMITTED, Status.RETURNED)


class RulesSubmission(FrozenModel, models.Model):
    """One version of a game's terms: options, wagers and paytables, meters, limits."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT,
                                 related_name="rules_submissions")
    game = models.CharField(max_length=40)
    version = models.PositiveIntegerField()
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.DRAFT)
    options = models.JSONField(default=dict, blank=True)
    wagers = models.JSONField(default=dict, blank=True)  # wager key -> paytable id ("" if none)
    meters = models.JSONField(default=dict, blank=True)  # meter key -> amounts and rates
    table_minimum = models.DecimalField(max_digits=12, decimal_places=2)
    table_maximum = models.DecimalField(max_digits=12, decimal_places=2)
    payout_limit = models.DecimalField(max_digits=14, decimal_places=2, null=True, blank=True)
    based_on = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="+")
    author = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                               related_name="+")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    updated_at = models.DateTimeField(default=timezone.now)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(null=True, blank=True)
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_comment = models.TextField(blank=True)
    effective_date = models.DateField(null=True, blank=True)
    supersedes = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT,
                                   related_name="+")

    class Meta:
        ordering = ["property", "game", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["property", "game", "version"],
                                    name="rulesubmission_unique_version"),
            models.UniqueConstraint(fields=["property", "game"],
                                    condition=Q(status__in=OPEN_STATUSES),
                                    name="rulesubmission_one_open_per_game"),
        ]

    def __str__(self) -> str:
        spec = game_spec(self.game)
        return f"{spec.name if spec else self.game} v{self.version} ({self.get_status_display()})"

    def frozen_refusal(self, stored: dict, changed: set) -> str:
        """Approved terms never change (``rulesubmissions.frozen``, the database's rule)."""
        if stored.get("status") == Status.APPROVED and (
                changed - {"status", "updated_at"} or self.status in OPEN_STATUSES):
            return (f"Version {self.version} is approved: its terms never change. A change of "
                    f"terms is a new version.")
        return ""

    def terms(self) -> dict:
        """The terms as ``validation.check_terms`` reads them."""
        return {
            "game": self.game, "options": self.options, "wagers": self.wagers,
            "meters": self.meters,
            "table_minimum": _text(self.table_minimum), "table_maximum": _text(self.table_maximum),
            "payout_limit": _text(self.payout_limit),
        }


def _text(value) -> str:
    return "" if value is None else f"{value:.2f}"


class PaytableStatus(models.TextChoices):
    PROPOSED = "proposed", "Waiting for a second compliance officer"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    RETIRING = "retiring", "Retirement waiting for a second compliance officer"
    RETIRED = "retired", "Retired"


# A paytable staff can select and the engine pays: approved, or approved with its retirement
# not yet confirmed by a second compliance officer.
LIVE_PAYTABLE_STATUSES = (PaytableStatus.APPROVED, PaytableStatus.RETIRING)


class CatalogPaytable(FrozenModel, models.Model):
    """A paytable from a newer regulation, as a catalog entry (games/paytables/README.md).

    It joins the property's catalog only once a second compliance officer approves it.
    """

    property = models.ForeignKey(Property, on_delete=models.PROTECT,
                                 related_name="catalog_paytables")
    paytable_id = models.CharField(max_length=200)
    game = models.CharField(max_length=40)
    wager = models.CharField(max_length=60)
    entry = models.JSONField()
    status = models.CharField(max_length=20, choices=PaytableStatus.choices,
                              default=PaytableStatus.PROPOSED)
    proposed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    proposed_at = models.DateTimeField(default=timezone.now, editable=False)
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    decided_at = models.DateTimeField(null=True, blank=True)
    # Retirement (two compliance officers, like approval): who asked, why, who confirmed.
    retire_requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                            on_delete=models.PROTECT, related_name="+")
    retire_requested_at = models.DateTimeField(null=True, blank=True)
    retire_reason = models.TextField(blank=True)
    retired_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    retired_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "wager", "paytable_id"]
        constraints = [
            models.UniqueConstraint(fields=["property", "paytable_id"],
                                    condition=~Q(status__in=["rejected", "retired"]),
                                    name="catalogpaytable_unique_live_id"),
        ]

    def __str__(self) -> str:
        return f"{self.paytable_id} ({self.get_status_display()})"

    def frozen_refusal(self, stored: dict, changed: set) -> str:
        """Decided, its rows never change; only a retirement moves on
        (``rulesubmissions.frozen``, the database's rule)."""
        retirement = {"status", "retire_requested_by_id", "retire_requested_at",
                      "retire_reason", "retired_by_id", "retired_at"}
        status = stored.get("status")
        if status in (PaytableStatus.RETIRED, PaytableStatus.REJECTED) or (
                status in LIVE_PAYTABLE_STATUSES and changed - retirement):
            decided = "approved" if status in LIVE_PAYTABLE_STATUSES else status
            return f"The paytable {self.paytable_id} was {decided}: its rows never change."
        return ""


class ParSheetStatus(models.TextChoices):
    QUEUED = "queued", "Waiting for a worker"
    RUNNING = "running", "Computing"
    DONE = "done", "Done"
    FAILED = "failed", "Failed"


class ParSheet(models.Model):
    """One wager's par sheet at one paytable (issue "Par sheets"), kept once computed: the
    same paytable rows and options give the same figures, whichever submission asks."""

    key = models.CharField(max_length=64, unique=True)  # hash of game, wager, rows, options
    game = models.CharField(max_length=40)
    wager = models.CharField(max_length=60)
    paytable = models.CharField(max_length=200, blank=True)
    options = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=20, choices=ParSheetStatus.choices,
                              default=ParSheetStatus.QUEUED)
    progress = models.FloatField(default=0)
    result = models.JSONField(null=True, blank=True)
    error = models.TextField(blank=True)
    requested_at = models.DateTimeField(default=timezone.now)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["game", "wager", "paytable"]

    def __str__(self) -> str:
        return f"par sheet {self.game} {self.wager} {self.paytable or '-'}"
