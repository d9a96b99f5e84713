"""The floor's records: gaming tables (each game's §6xxa.2), linked groups of tables sharing a
progressive meter per level (§605a.8), and table layouts (§601a.10(a), each game's §6xxa.2(b)):
a design for one game at a property, checked item by item against one Rules Submission version
and approved by compliance."""


from django.conf import settings
from django.db import models
from django.utils import timezone

from casino.frozen import FrozenModel
from casino.models import Property


class TableStatus(models.TextChoices):
    CLOSED = "closed", "Closed"
    OPEN = "open", "Open"


class LinkedGroup(models.Model):
    """Tables that share one progressive meter per level (§605a.8)."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="linked_groups")
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=40)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["property", "name"],
                                               name="unique_linked_group_name")]
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Table(models.Model):
    """One gaming table. It plays by ``submission`` (the approved Rules Submission it was opened
    under) while open; closed, it will open under whatever version is then in force."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="tables")
    label = models.CharField(max_length=40)
    pit = models.CharField(max_length=40, blank=True)
    game = models.CharField(max_length=40)
    positions = models.PositiveSmallIntegerField()
    progressive_system = models.CharField(max_length=100, blank=True)
    progressive_lockout = models.BooleanField(default=False)
    electronic_wagering_system = models.CharField(max_length=100, blank=True)
    linked_group = models.ForeignKey(LinkedGroup, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="tables")
    layout = models.ForeignKey("tables.Layout", null=True, blank=True, on_delete=models.PROTECT,
                               related_name="tables")
    status = models.CharField(max_length=10, choices=TableStatus.choices,
                              default=TableStatus.CLOSED)
    submission = models.ForeignKey("rulesubmissions.RulesSubmission", null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    opened_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    opened_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                  on_delete=models.PROTECT, related_name="+")
    closed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["property", "label"],
                                               name="unique_table_label")]
        ordering = ["pit", "label"]

    def __str__(self) -> str:
        return self.label


class LayoutStatus(models.TextChoices):
    DRAFT = "draft", "Being prepared"
    SUBMITTED = "submitted", "Waiting for compliance"
    RETURNED = "returned", "Returned with comments"
    APPROVED = "approved", "Approved"


def artwork_path(layout: "Layout", filename: str) -> str:
    """Where the storage keeps the artwork: by property, never by the uploader's file name
    (the extension is the one its content proved)."""
    return f"layouts/{layout.property_id}/{timezone.now():%Y%m%d%H%M%S}.{layout.artwork_type}"


class Layout(FrozenModel, models.Model):
    """One layout design. ``checklist`` is the game's layout checklist for ``submission`` (the
    version it was checked against); ``checked`` the item keys the table games manager ticked;
    ``approved_checklist`` the checklist as compliance approved it, compared with each newer
    version to know whether it needs re-approval."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="layouts")
    game = models.CharField(max_length=40)
    name = models.CharField(max_length=100)
    artwork = models.FileField(upload_to=artwork_path, max_length=200)
    artwork_type = models.CharField(max_length=10)  # png, jpg or pdf, from the content
    artwork_name = models.CharField(max_length=200, blank=True)  # as uploaded, for people
    submission = models.ForeignKey("rulesubmissions.RulesSubmission", on_delete=models.PROTECT,
                                   related_name="+")
    checked = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=20, choices=LayoutStatus.choices,
                              default=LayoutStatus.DRAFT)
    approved_checklist = models.JSONField(default=list, blank=True)
    prepared_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
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

    class Meta:
        constraints = [models.UniqueConstraint(fields=["property", "name"],
                                               name="unique_layout_name")]
        ordering = ["game", "name"]

    def __str__(self) -> str:
        return self.name

    def frozen_refusal(self, stored: dict, changed: set) -> str:
        """Approved, its artwork and checklist never change; it is checked again against a newer
        version instead (``tables.floor.frozen``, the database's rule)."""
        moves = {"status", "checked", "submission_id"}  # checked again: back to a draft
        if stored.get("status") == LayoutStatus.APPROVED and (
                changed - moves - {"updated_at"}
                or (changed & moves and self.status != LayoutStatus.DRAFT)):
            return (f"The layout \"{self.name}\" is approved: its artwork and checklist never "
                    f"change. Check it again against a newer Rules Submission version.")
        return ""
