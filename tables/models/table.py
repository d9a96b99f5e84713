"""Gaming tables (each game's §6xxa.2) and linked groups of tables (§605a.8)."""

from django.conf import settings
from django.db import models
from django.utils import timezone

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
