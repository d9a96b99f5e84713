"""Reads for the casino app."""

from datetime import date, datetime, time, timedelta

from django.contrib.contenttypes.models import ContentType
from django.db.models import QuerySet
from django.utils import timezone

from casino.models import AuditEvent, Property
from casino.permissions import property_ids
from casino.roles import ROLES, Role


def current_property(user) -> Property | None:
    """The user's property; with several, the first by name (a switcher can come later)."""
    return Property.objects.filter(memberships__user=user).order_by("name", "pk").first()


def user_roles(user) -> list[Role]:
    labels = set(user.groups.values_list("name", flat=True))
    return [r for r in ROLES.values() if r.label in labels]


def properties_visible_to(user) -> QuerySet[Property]:
    if user.is_superuser:
        return Property.objects.all()
    return Property.objects.filter(pk__in=property_ids(user))


class BadFilter(ValueError):
    """A filter value that cannot be understood; shown to the user."""


def _parse_target(value: str) -> tuple[ContentType, str]:
    label, sep, object_id = value.partition(":")
    app_label, dot, model = label.partition(".")
    if not (sep and dot and object_id):
        raise BadFilter("target must look like app_label.model:id")
    try:
        return ContentType.objects.get_by_natural_key(app_label, model.lower()), object_id
    except ContentType.DoesNotExist:
        raise BadFilter(f"unknown object type {label!r}") from None


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def audit_event_list(*, user, target: str = "", username: str = "", action: str = "",
                     date_from: date | None = None, date_to: date | None = None
                     ) -> QuerySet[AuditEvent]:
    """Events of the user's properties, filtered; ``action`` matches a prefix."""
    qs = AuditEvent.objects.select_related("actor", "property", "target_type")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    if target:
        ct, object_id = _parse_target(target)
        qs = qs.filter(target_type=ct, target_id=object_id)
    if username:
        qs = qs.filter(actor_repr=username)
    if action:
        qs = qs.filter(action__startswith=action)
    if date_from:
        qs = qs.filter(created_at__gte=_day_start(date_from))
    if date_to:
        qs = qs.filter(created_at__lt=_day_start(date_to) + timedelta(days=1))
    return qs
