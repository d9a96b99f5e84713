"""Every write of the signs room: a floor manager makes a sign for a table or a linked group
(§605a.7(a)(1); linked tables, one common meter, §605a.8) and revokes it. Both are audited.
The secret address is said once, when the sign is made: only its SHA-256 is kept."""

import secrets

from django.db import transaction
from django.utils import timezone

from casino.audit import audit_record
from tables.floor.models import LinkedGroup, Table
from tables.signs.models import MeterSign
from tables.signs.selectors import secret_digest


def sign_create(*, actor, table: Table | None = None,
                linked_group: LinkedGroup | None = None) -> tuple[MeterSign, str]:
    """A new sign for ``table`` or ``linked_group`` (one of them) and its secret, returned
    once: ``secrets.token_urlsafe(32)``, 256 bits."""
    owner = table or linked_group
    if (table is None) == (linked_group is None):
        raise ValueError("a sign is for one table or one linked group")
    secret = secrets.token_urlsafe(32)
    with transaction.atomic():
        sign = MeterSign.objects.create(property=owner.property, table=table,
                                        linked_group=linked_group, created_by=actor,
                                        secret_sha256=secret_digest(secret))
        audit_record(actor=actor, action="tables.sign.create", target=sign,
                     after={"table": table.label} if table else
                     {"linked_group": linked_group.name})
    return sign, secret


def sign_revoke(*, actor, property, pk: int) -> bool:
    """Revoke the property's sign ``pk``: its address is a 404 from now on. False when the
    property has no such sign (or it was revoked before)."""
    with transaction.atomic():
        sign = (MeterSign.objects.select_for_update()
                .filter(property=property, pk=pk, revoked_at__isnull=True).first())
        if sign is None:
            return False
        sign.revoked_by, sign.revoked_at = actor, timezone.now()
        sign.save(update_fields=["revoked_by", "revoked_at"])
        audit_record(actor=actor, action="tables.sign.revoke", target=sign,
                     before={"revoked": False}, after={"revoked": True})
    return True
