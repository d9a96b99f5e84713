"""The one way to write the audit trail.

Call ``audit_record`` inside the caller's transaction, right after the change, from a service.
Action codes are namespaced ``<app>.<entity>.<verb>``, e.g. ``"casino.property.create"``.
"""

import json

from django.contrib.contenttypes.models import ContentType
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models

from casino.models import AuditEvent, Property


def target_key(obj: models.Model) -> str:
    """``app_label.model:pk`` for an object (see the audit page's ``target`` filter)."""
    ct = ContentType.objects.get_for_model(obj)
    return f"{ct.app_label}.{ct.model}:{obj.pk}"


def _jsonable(data: dict | None) -> dict | None:
    # Round-trip through Django's encoder so Decimals, dates and UUIDs are stored as strings.
    if data is None:
        return None
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


def _property_of(target: models.Model | None) -> Property | None:
    if isinstance(target, Property):
        return target
    return getattr(target, "property", None)


def audit_record(*, actor, action: str, target: models.Model | None, before: dict | None = None,
                 after: dict | None = None, property: Property | None = None) -> AuditEvent:
    """Append one event. ``property`` defaults to the target's (or the target itself)."""
    if action.count(".") < 2:
        raise ValueError(f"action {action!r} must be namespaced '<app>.<entity>.<verb>'")
    actor = actor if actor is not None and actor.is_authenticated else None
    return AuditEvent.objects.create(
        actor=actor,
        actor_repr=actor.get_username() if actor else "system",
        property=property or _property_of(target),
        action=action,
        target_type=ContentType.objects.get_for_model(target) if target is not None else None,
        target_id=str(target.pk) if target is not None else "",
        target_repr=str(target)[:255] if target is not None else "",
        before=_jsonable(before),
        after=_jsonable(after),
    )
