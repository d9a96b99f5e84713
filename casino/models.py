"""Properties, staff memberships and the append-only audit log."""

import datetime
from decimal import Decimal

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models, transaction
from django.utils import timezone


class Property(models.Model):
    """A certificate holder's licensed facility; every record belongs to one."""

    name = models.CharField(max_length=200)
    license_number = models.CharField(max_length=50, unique=True)
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    # The gaming day ends here (local time): daily meter readings are taken at this hour.
    gaming_day_ends = models.TimeField(default=datetime.time(6, 0))
    # A jackpot slip above this amount needs a security or cage witness (cf. §465a.26(b)(2)).
    jackpot_witness_threshold = models.DecimalField(max_digits=12, decimal_places=2,
                                                    default=Decimal("1200.00"))

    class Meta:
        verbose_name_plural = "properties"
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.license_number})"


class StaffMembership(models.Model):
    """A user works at a property; the role is the user's group (see casino/roles.py)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="memberships")
    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="memberships")
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "property"], name="unique_staff_membership")
        ]

    def __str__(self) -> str:
        return f"{self.user} @ {self.property.name}"


class Ability(models.Model):
    """Table-less anchor for the ability permissions (``casino.<ability code>``)."""

    class Meta:
        managed = False
        default_permissions = ()

    def __str__(self) -> str:
        return "ability"


class AuditLogImmutable(Exception):
    """Raised on any attempt to change or delete an audit event."""


class AuditEventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise AuditLogImmutable("Audit events cannot be updated.")

    def delete(self):
        raise AuditLogImmutable("Audit events cannot be deleted.")

    def bulk_update(self, objs, fields, batch_size=None):
        raise AuditLogImmutable("Audit events cannot be updated.")

    def update_or_create(self, *args, **kwargs):
        raise AuditLogImmutable("Audit events cannot be updated.")

    def bulk_create(self, objs, *args, **kwargs):
        raise AuditLogImmutable("Audit events are added one at a time, each linked to the last.")


class AuditEvent(models.Model):
    """One thing someone did. Append-only: see casino/audit.py and the PostgreSQL trigger."""

    created_at = models.DateTimeField(default=timezone.now, db_index=True, editable=False)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                              on_delete=models.PROTECT, related_name="+")
    actor_repr = models.CharField(max_length=200, blank=True)
    property = models.ForeignKey(Property, null=True, blank=True, on_delete=models.PROTECT,
                                 related_name="audit_events")
    action = models.CharField(max_length=100, db_index=True)
    target_type = models.ForeignKey(ContentType, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+")
    target_id = models.CharField(max_length=64, blank=True)
    target_repr = models.CharField(max_length=255, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # Hash chain (casino/audit_chain.py): one global chain, seq 1, 2, 3... with no gaps; each
    # event's hash covers its fields and the previous event's hash.
    seq = models.BigIntegerField(unique=True, null=True, editable=False)
    prev_hash = models.CharField(max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, blank=True, editable=False)

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["target_type", "target_id"], name="audit_target_idx")]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action} {self.target_repr}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AuditLogImmutable("Audit events cannot be updated.")
        from casino.audit_chain import link

        with transaction.atomic(using=kwargs.get("using")):
            link(self)
            super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AuditLogImmutable("Audit events cannot be deleted.")

    def target_key(self) -> str:
        """``app_label.model:id``, the value of the audit page's ``target`` filter."""
        if not self.target_type_id:
            return ""
        return f"{self.target_type.app_label}.{self.target_type.model}:{self.target_id}"


class AuditChainCheck(models.Model):
    """One run of the chain check (``audit_verify`` or the beat job). Append-only like the log:
    the latest run is what the dashboards show, and its ``last_seq``/``last_hash`` let the next
    run notice events cut off the end of the chain."""

    checked_at = models.DateTimeField(default=timezone.now, db_index=True, editable=False)
    ok = models.BooleanField()
    events_checked = models.BigIntegerField(default=0)
    last_seq = models.BigIntegerField(null=True, blank=True)
    last_hash = models.CharField(max_length=64, blank=True)
    problems = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-checked_at", "-id"]

    def __str__(self) -> str:
        return f"{self.checked_at:%Y-%m-%d %H:%M:%S} {'intact' if self.ok else 'BROKEN'}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise AuditLogImmutable("Chain checks cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AuditLogImmutable("Chain checks cannot be deleted.")


class HealthProbe(models.Model):
    """The last time a worker answered the beat's health probe (read by /healthz)."""

    name = models.CharField(max_length=50, primary_key=True)
    at = models.DateTimeField()
    host = models.CharField(max_length=255, blank=True)

    def __str__(self) -> str:
        return f"{self.name} at {self.at:%Y-%m-%d %H:%M:%S}"
