"""A meter sign: a screen at a table or a linked group that shows the players each progressive
amount they can win (§605a.7(a)(1); linked tables, one common meter, §605a.8). It is opened
without signing in, by a secret address; only the secret's SHA-256 is stored, so whoever reads
the database cannot open a sign."""

import builtins

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone

from casino.models import Property


class MeterSign(models.Model):
    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="+")
    table = models.ForeignKey("tables.Table", null=True, blank=True, on_delete=models.PROTECT,
                              related_name="+")
    linked_group = models.ForeignKey("tables.LinkedGroup", null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    secret_sha256 = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="+")
    created_at = models.DateTimeField(default=timezone.now)
    revoked_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                   on_delete=models.PROTECT, related_name="+")
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]
        constraints = [models.CheckConstraint(
            condition=(Q(table__isnull=False, linked_group__isnull=True)
                       | Q(table__isnull=True, linked_group__isnull=False)),
            name="meter_sign_table_xor_group")]

    def __str__(self) -> str:
        return f"Meter sign {self.pk} ({self.owner_label})"

    @builtins.property
    def owner_label(self) -> str:
        return self.linked_group.name if self.linked_group_id else self.table.label
