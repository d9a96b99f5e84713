"""Reads for the casino app. The audit log's pages read only what they show, however long the
log (issue 24): people from the staff, objects to pick from the events shown, the log's action
codes (a loose index scan) only when an action is searched, counts that stop at 10,000, keyset
pages and exports (the index on created_at and id), a person found among the users and matched
on the events' indexed actor."""

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Case, CharField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Cast, Concat
from django.utils import timezone

from casino.audit_display import action_name, object_name
from casino.formats import person
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


# The distinct action codes by a loose index scan of ``action``'s index: one index probe per
# code (about a hundred), whatever the size of the log; never a DISTINCT over every event.
_RECORDED_ACTIONS = """
WITH RECURSIVE codes(action) AS (
    SELECT MIN(action) FROM casino_auditevent
    UNION ALL
    SELECT (SELECT MIN(e.action) FROM casino_auditevent e WHERE e.action > c.action)
      FROM codes c WHERE c.action IS NOT NULL
)
SELECT action FROM codes WHERE action IS NOT NULL LIMIT %s
"""


def recorded_actions(limit: int = 2000) -> list[str]:
    """Every action code the log holds (the words are casino/audit_display.py's)."""
    with connection.cursor() as cursor:
        cursor.execute(_RECORDED_ACTIONS, [limit])
        return [code for (code,) in cursor.fetchall()]


def action_codes(*, user, text: str) -> list[str]:
    """The action codes ``text`` names: a code or its prefix (``rulesubmissions.``), a part
    of one (``approve``), or words of its name (``Rules Submission approved``); the log's
    codes are read only when an action is asked for."""
    wanted = text.strip().lower()
    return sorted(c for c in recorded_actions()
                  if c.startswith(wanted) or wanted in c or wanted in action_name(c).lower())


def _person(value: str) -> Q:
    """Each word in the person's username, first or last name: found among the users (a
    small table) and matched on the events' indexed ``actor``; "system" is no one."""
    users = get_user_model().objects.all()
    for word in value.split():
        users = users.filter(Q(username__icontains=word) | Q(first_name__icontains=word)
                             | Q(last_name__icontains=word))
    query = Q(actor_id__in=users.values("pk"))
    if all(word.lower() in "system" for word in value.split()):
        query |= Q(actor=None)
    return query


def audit_event_list(*, user, target: str = "", username: str = "", action: str = "",
                     date_from: date | None = None,
                     date_to: date | None = None) -> QuerySet[AuditEvent]:
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


def page_objects(events, chosen: str = "", *,
                 user=None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The objects to pick from, grouped by kind: those of the events shown (already read:
    no query, and never a scan of the log, issue 24) and the one ``chosen``, by its latest
    name on the page, or else its latest name in the ``user``'s log (one look-up through the
    index on the target; its kind and key when the log has none)."""
    seen: dict[str, tuple[str, str]] = {}
    for e in events:
        if e.target_type_id and (key := e.target_key()) not in seen:
            seen[key] = (_kind(e.target_type), object_name(e) or key.partition(":")[2])
    if chosen and chosen not in seen:
        try:
            ct, object_id = _parse_target(chosen)
        except BadFilter:
            pass
        else:
            latest = (_visible(user).filter(target_type=ct, target_id=object_id)
                      .order_by("-created_at", "-id").values_list("target_repr", flat=True)
                      .first()) if user is not None else None
            if ct.model_class() is get_user_model():
                latest = _user_name(object_id) or latest or f"Person #{object_id}"
            seen[chosen] = (_kind(ct), latest or f"{_kind(ct)} #{object_id}")
    groups: dict[str, list[tuple[str, str]]] = {}
    for key, (kind, text) in seen.items():
        groups.setdefault(kind, []).append((key, text))
    return [(kind, sorted(items, key=lambda i: i[1])) for kind, items in sorted(groups.items())]


def _kind(ct: ContentType) -> str:
    """A kind of object as staff say it ("Jackpot slip"), from its model's name; users are
    "People", named by their names, apart from the things they work on (issue 30)."""
    model = ct.model_class()
    if model is get_user_model():
        return "People"
    return str(model._meta.verbose_name).capitalize() if model else ct.model


def _user_name(pk: str) -> str | None:
    user = get_user_model().objects.filter(pk=pk).first() if pk.isdecimal() else None
    return person(user) if user is not None else None


def audit_people(*, user) -> list[str]:
    """The people of the user's properties (their staff; every user for a superuser), by
    name, for the person filter's suggestions: read from the staff, not from the log."""
    people = get_user_model().objects.all()
    if not user.is_superuser:
        people = people.filter(memberships__property_id__in=property_ids(user)).distinct()
    return sorted({person(u) for u in people})


def with_people(qs: QuerySet[AuditEvent]) -> QuerySet[AuditEvent]:
    """The events with ``target_person``: the name of the person each is about (a user's
    target name is their user name), read in the events' own query, never one per event."""
    User = get_user_model()  # noqa: N806
    people = (User.objects.annotate(key=Cast("pk", CharField())).filter(key=OuterRef("target_id"))
              .annotate(name=Concat("first_name", Value(" "), "last_name")).values("name")[:1])
    return qs.annotate(target_person=Case(When(
        target_type=ContentType.objects.get_for_model(User), then=Subquery(people))))


COUNT_CAP = 10_000
PAGE_SIZE = 50


def capped_count(qs: QuerySet, cap: int | None = None) -> tuple[int, bool]:
    """(how many, whether that is exact): counting stops after ``cap`` (``COUNT_CAP``)."""
    cap = COUNT_CAP if cap is None else cap
    found = qs.order_by()[:cap + 1].count()
    return min(found, cap), found <= cap


@dataclass
class KeysetPage:
    """One page of events, newest first, and the cursors to the pages beside it."""

    events: list
    newer: str = ""  # cursor of the page before (newer events), "" on the first page
    older: str = ""  # cursor of the page after (older events), "" on the last


def cursor_of(event) -> str:
    return f"{event.created_at.astimezone(UTC).isoformat(timespec='microseconds')}~{event.pk}"


def _parse_cursor(value: str) -> tuple[datetime, int] | None:
    when, _, pk = (value or "").partition("~")
    try:
        return datetime.fromisoformat(when), int(pk)
    except ValueError:
        return None


def before(qs: QuerySet, at: datetime, pk: int) -> QuerySet:
    """Events older than (at, pk) in the log's order; ``created_at <= at`` lets the index
    (created_at, id) start where the page does."""
    return qs.filter(created_at__lte=at).filter(Q(created_at__lt=at) | Q(pk__lt=pk))


def keyset_page(qs: QuerySet, *, older_than: str = "", newer_than: str = "",
                size: int = PAGE_SIZE) -> KeysetPage:
    """A page of ``qs`` newest first, after a cursor (``older_than``) or before one
    (``newer_than``); a bad cursor is the first page. One query, however deep the page."""
    newest_first = qs.order_by("-created_at", "-id")
    newer = _parse_cursor(newer_than)
    if newer is not None:
        at, pk = newer
        rows = list(qs.filter(created_at__gte=at).filter(Q(created_at__gt=at) | Q(pk__gt=pk))
                    .order_by("created_at", "id")[:size + 1])
        more_newer = len(rows) > size
        rows = rows[:size][::-1]
        return KeysetPage(rows, newer=cursor_of(rows[0]) if rows and more_newer else "",
                          older=cursor_of(rows[-1]) if rows else "")
    older = _parse_cursor(older_than)
    page = newest_first if older is None else before(newest_first, *older)
    rows = list(page[:size + 1])
    more_older = len(rows) > size
    rows = rows[:size]
    return KeysetPage(rows, newer=cursor_of(rows[0]) if rows and older is not None else "",
                      older=cursor_of(rows[-1]) if rows and more_older else "")


def in_chunks(qs: QuerySet, size: int = 1000):
    """Every event of ``qs``, newest first, one short keyset query per ``size`` (an export
    of any length holds no cursor open and never offsets)."""
    page = qs.order_by("-created_at", "-id")
    while True:
        rows = list(page[:size])
        yield from rows
        if len(rows) < size:
            return
        page = before(qs.order_by("-created_at", "-id"), rows[-1].created_at, rows[-1].pk)
