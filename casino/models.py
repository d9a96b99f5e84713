"""Properties, staff memberships and the append-only audit log."""

import datetime
from decimal import Decimal

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import connections, models, router, transaction
from django.db.models.functions import Coalesce
from django.utils import timezone

from casino.audit_hash import (
    BODY_FIELDS,
    GENESIS,
    NO_PROPERTY,
    body_of,
    chain_key,
    jsonable,
    link_hash,
)


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
    """One thing someone did. Append-only: see casino/audit.py and the PostgreSQL triggers.

    Hash chain (casino/audit_chain.py): one chain per property (``chain`` is its id; 0 for
    events that belong to no property), ``seq`` 1, 2, 3... with no gaps in each. On PostgreSQL
    the database links an event when its transaction commits: until then ``seq`` is empty and
    ``hash`` holds the digest of its fields."""

    created_at = models.DateTimeField(default=timezone.now, editable=False)
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
    chain = models.BigIntegerField(default=NO_PROPERTY, editable=False)
    seq = models.BigIntegerField(null=True, editable=False)
    prev_hash = models.CharField(max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, blank=True, editable=False)

    objects = AuditEventQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["target_type", "target_id"], name="audit_target_idx"),
            # Keyset pages of the log, all of it or one property's (casino/selectors.py).
            models.Index(fields=["created_at", "id"], name="audit_time_idx"),
            models.Index(fields=["property", "created_at", "id"], name="audit_property_time_idx"),
        ]
        constraints = [
            models.UniqueConstraint(fields=["chain", "seq"], name="audit_chain_seq_unique"),
            models.CheckConstraint(
                condition=models.Q(chain=Coalesce(models.F("property"), NO_PROPERTY)),
                name="audit_chain_is_property"),
        ]

    def __str__(self) -> str:
        return f"{self.created_at:%Y-%m-%d %H:%M:%S} {self.action} {self.target_repr}"

    def save(self, *args, **kwargs):
        """One INSERT on PostgreSQL (linked at commit by the database); on SQLite, which has
        one writer at a time, the chain's head is read and the event linked here: two, in one
        transaction that holds the write lock from its start (``transaction_mode`` IMMEDIATE),
        so two sign-ins at the same moment never read the same head (issue 32)."""
        if not self._state.adding:
            raise AuditLogImmutable("Audit events cannot be updated.")
        using = kwargs.get("using") or router.db_for_write(type(self), instance=self)
        self.created_at = self.created_at or timezone.now()
        self.before, self.after = jsonable(self.before), jsonable(self.after)
        self.chain = chain_key(self.property_id)
        body = body_of({name: getattr(self, name) for name in BODY_FIELDS})
        if connections[using].vendor == "postgresql":
            self.seq, self.prev_hash, self.hash = None, "", body
            super().save(*args, **kwargs)
            return
        with transaction.atomic(using=using, savepoint=False):  # no extra statement
            head = (AuditEvent.objects.using(using).filter(chain=self.chain)
                    .exclude(seq=None).order_by("-seq").values_list("seq", "hash").first())
            self.seq, self.prev_hash = (head[0] + 1, head[1]) if head else (1, GENESIS)
            self.hash = link_hash(self.chain, self.seq, self.prev_hash, body)
            super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AuditLogImmutable("Audit events cannot be deleted.")

    def target_key(self) -> str:
        """``app_label.model:id``, the value of the audit page's ``target`` filter."""
        if not self.target_type_id:
            return ""
        return f"{self.target_type.app_label}.{self.target_type.model}:{self.target_id}"


class CheckKind(models.TextChoices):
    HOURLY = "hourly", "From the last checkpoint"
    FULL = "full", "Whole chain"
    ARCHIVE = "archive", "Archived up to here"
    RELINK = "relink", "Chains split by property"
    GLOBAL = "global", "Whole log (one chain, before casino.0005)"


class AuditChainCheck(models.Model):
    """One run of one chain's check (``audit_verify``, the beat job, an archive). Append-only
    like the log, and itself a chain: each check's ``hash`` covers its result and the previous
    check's hash. The latest is what the dashboards show; its ``last_seq``/``last_hash`` are
    the checkpoint the next hourly run starts from, and let it notice events cut off the end."""

    checked_at = models.DateTimeField(default=timezone.now, db_index=True, editable=False)
    chain = models.BigIntegerField(null=True, blank=True)  # None: the one chain before 0005
    kind = models.CharField(max_length=10, choices=CheckKind.choices, default=CheckKind.HOURLY)
    ok = models.BooleanField()
    events_checked = models.BigIntegerField(default=0)
    first_seq = models.BigIntegerField(null=True, blank=True)
    last_seq = models.BigIntegerField(null=True, blank=True)
    last_hash = models.CharField(max_length=64, blank=True)
    problems = models.JSONField(default=list, blank=True)
    prev_hash = models.CharField(max_length=64, blank=True, editable=False)
    hash = models.CharField(max_length=64, blank=True, editable=False)

    class Meta:
        ordering = ["-checked_at", "-id"]
        indexes = [
            models.Index(fields=["chain", "id"], name="audit_check_chain_idx"),
            # Where archived events left off (the append-only trigger reads it on DELETE).
            models.Index(fields=["chain", "last_seq"], condition=models.Q(kind="archive"),
                         name="audit_check_archive_idx"),
        ]

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


class ApiToken(models.Model):
    """The name and number of one API token (django-rest-knox's ``AuthToken`` has neither): a
    person tells their tokens apart by name, and the audit log names the token an event was
    made with (casino/tokens.py). Goes with its token when it is revoked or expires."""

    token = models.OneToOneField("knox.AuthToken", on_delete=models.CASCADE,
                                 related_name="casino_token")
    name = models.CharField(max_length=100)

    def __str__(self) -> str:
        return f"token “{self.name}”, no. {self.pk}"
