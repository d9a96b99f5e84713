"""Reads for the casino app."""

from datetime import date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db.models import Q, QuerySet
from django.utils import timezone

from casino.audit_display import action_name
from casino.models import AuditEvent, Property
from casino.permissions import property_ids, staff_properties
from casino.roles import ROLES, Role


def current_property(user) -> Property | None:
    """The user's property; with several, the first by name (a switcher can come later)."""
    return next(iter(staff_properties(user)), None)


def user_roles(user) -> list[Role]:
    labels = set(user.groups.values_list("name", flat=True))
    return [r for r in ROLES.values() if r.label in labels]


def properties_visible_to(user) -> QuerySet[Property]:
    if user.is_superuser:
        return Property.objects.all()
    return Property.objects.filter(pk__in=property_ids(user))


class BadFilter(ValueError):
    """A filter value that cannot be understood; shown to the user (and no events are)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


def _parse_target(value: str) -> tuple[ContentType, str]:
    label, sep, object_id = value.partition(":")
    app_label, dot, model = label.partition(".")
    if not (sep and dot and object_id):
        raise BadFilter("target", f"{value!r} is not an object of the log: pick one from the "
                                  "list")
    try:
        return ContentType.objects.get_by_natural_key(app_label, model.lower()), object_id
    except ContentType.DoesNotExist:
        raise BadFilter("target", f"{value!r} is not an object of the log: pick one from the "
                                  "list") from None


def _day_start(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def _visible(user) -> QuerySet[AuditEvent]:
    qs = AuditEvent.objects.all()
    return qs if user.is_superuser else qs.filter(property_id__in=property_ids(user))


def action_codes(*, user, text: str) -> list[str]:
    """The action codes ``text`` names: a code or its prefix (``rulesubmissions.``), a part
    of one (``approve``), or words of its name (``Rules Submission approved``)."""
    wanted = text.strip().lower()
    codes = _visible(user).order_by().values_list("action", flat=True).distinct()
    return sorted(c for c in codes
                  if c.startswith(wanted) or wanted in c or wanted in action_name(c).lower())


def _person(value: str) -> Q:
    """Each word in the actor's username, first or last name (or the recorded name)."""
    query = Q()
    for word in value.split():
        query &= (Q(actor__username__icontains=word) | Q(actor__first_name__icontains=word)
                  | Q(actor__last_name__icontains=word) | Q(actor_repr__icontains=word))
    return query


def audit_event_list(*, user, target: str = "", username: str = "", action: str = "",
                     date_from: date | None = None, date_to: date | None = None
                     ) -> QuerySet[AuditEvent]:
    """Events of the user's properties, filtered; ``action`` in words or a code (prefix),
    ``username`` a person by username or name. A filter that names nothing is a
    ``BadFilter`` (never every event)."""
    qs = _visible(user).select_related("actor", "property", "target_type")
    if target:
        ct, object_id = _parse_target(target)
        qs = qs.filter(target_type=ct, target_id=object_id)
    if username:
        qs = qs.filter(_person(username))
    if action:
        codes = action_codes(user=user, text=action)
        if not codes:
            raise BadFilter("action", f"no action is called {action!r}: pick one from the list")
        qs = qs.filter(action__in=codes)
    if date_from:
        qs = qs.filter(created_at__gte=_day_start(date_from))
    if date_to:
        qs = qs.filter(created_at__lt=_day_start(date_to) + timedelta(days=1))
    return qs


def audit_targets(*, user, limit: int = 1000) -> list[tuple[str, list[tuple[str, str]]]]:
    """Objects of the log to pick from, grouped by kind: (kind, [(key, latest name)])."""
    rows = (_visible(user).exclude(target_type=None).order_by("-id")
            .values_list("target_type_id", "target_id", "target_repr")[:limit * 5])
    seen: dict[tuple[int, str], str] = {}
    for type_id, object_id, text in rows:
        if len(seen) >= limit:
            break
        seen.setdefault((type_id, object_id), text)
    types = ContentType.objects.in_bulk({t for t, _ in seen})
    groups: dict[str, list[tuple[str, str]]] = {}
    for (type_id, object_id), text in seen.items():
        ct = types[type_id]
        model = ct.model_class()
        kind = str(model._meta.verbose_name).capitalize() if model else ct.model
        groups.setdefault(kind, []).append((f"{ct.app_label}.{ct.model}:{object_id}", text))
    return [(kind, sorted(items, key=lambda i: i[1])) for kind, items in sorted(groups.items())]


def audit_people(*, user) -> list[str]:
    """Who appears in the log, by name, for the person filter's suggestions."""
    ids = _visible(user).exclude(actor=None).order_by().values_list("actor_id", flat=True)
    people = get_user_model().objects.filter(pk__in=ids.distinct())
    return sorted({(u.get_full_name() or u.get_username()) for u in people})


def audit_actions(*, user) -> list[tuple[str, str]]:
    """(code, words) of every action in the log, by words."""
    codes = _visible(user).order_by().values_list("action", flat=True).distinct()
    return sorted(((c, action_name(c)) for c in codes), key=lambda a: a[1])
