"""Records checked against their audit events (issue 28, item 2): the chain proves the events
were not changed; this proves the records still say what the events recorded. A paid slip's
award, a ledger row, a meter's parameters, a reading, an approved version's terms, a layout's
approved artwork: each app registers a checker (``casino.registry.record_check``) that compares
its records at one property with the values their events carry, and names the first that
differs, e.g. "Jackpot slip 98 at Keystone Downs Casino: award $100,000.50 in the database,
$10,000.50 in its audit event (recorded 2026-11-02 14:05:11)".

The hourly run checks the records whose events came after the chain's last good check (and
the records written since, with or without an event); ``audit_verify --full`` checks every
record. The helpers here are what every checker needs: the events of a kind of record, the
comparison of a field, the words.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

from django.contrib.contenttypes.models import ContentType
from django.db.models import Min
from django.utils import timezone

from casino import registry
from casino.audit_hash import jsonable
from casino.formats import money
from casino.models import AuditEvent, Property

MAX_PROBLEMS = 20  # per checker: the first is what matters, a few more help whoever looks
# Records written this long before the last good check are checked again by the next hourly
# run: a transaction that began before the check and committed after it is not missed.
OVERLAP = dt.timedelta(minutes=15)


@dataclass(frozen=True)
class Since:
    """Where the hourly run starts: after event ``seq`` of the chain, and records written since
    ``at`` (the last good check's time, less ``OVERLAP``)."""

    seq: int
    at: dt.datetime


@dataclass(frozen=True)
class Scope:
    """What one checker checks: the records of one property (``name`` as staff read it), since
    ``since`` (None: every record); ``kept_from``: the time of the chain's oldest event still in
    the database (older records' events may have been archived, casino/audit_archive.py)."""

    property_id: int
    name: str
    since: Since | None
    kept_from: dt.datetime | None
    full: bool = False  # ``audit_verify --full``: also what only a pass over every row shows
    windows: dict = field(default_factory=dict, compare=False)  # model -> its new events

    def window(self, model) -> list[Event]:
        """The events of ``model`` records after ``since`` (read once per run: one range of
        the chain's index, however long each record's history)."""
        if model not in self.windows:
            self.windows[model] = list(events_of(self.property_id, model,
                                                 since_seq=self.since.seq))
        return self.windows[model]

    def unvouched(self, written_at) -> bool:
        """A record written at ``written_at`` with no event: missing, not archived."""
        return self.kept_from is None or written_at is None or written_at >= self.kept_from


@dataclass(frozen=True)
class Event:
    seq: int
    action: str
    target_id: str
    actor_id: int | None
    created_at: dt.datetime
    after: dict

    @property
    def when(self) -> str:
        return f"{timezone.localtime(self.created_at):%Y-%m-%d %H:%M:%S}"


EVENT_FIELDS = ("seq", "action", "target_id", "actor_id", "created_at", "after")


def events_of(property_id: int, model, *, ids=None, since_seq: int | None = None,
              actions=None, carrying: str | None = None):
    """The events of ``model`` records at the property, in chain order: of the records
    ``ids`` (all when None), after ``since_seq``, of ``actions``, whose ``after`` has the key
    ``carrying``."""
    found = AuditEvent.objects.filter(
        chain=property_id, target_type=ContentType.objects.get_for_model(model)).exclude(seq=None)
    if ids is not None:
        found = found.filter(target_id__in=[str(i) for i in ids])
    if since_seq:
        found = found.filter(seq__gt=since_seq)
    if actions is not None:
        found = found.filter(action__in=list(actions))
    if carrying is not None:
        found = found.filter(after__has_key=carrying)
    for row in found.order_by("seq").values_list(*EVENT_FIELDS).iterator(chunk_size=2000):
        yield Event(*row[:5], after=row[5] if isinstance(row[5], dict) else {})


def touched(scope: Scope, model) -> set[int] | None:
    """Ids of ``model`` records with an event after ``since`` (None: every record)."""
    if scope.since is None:
        return None
    return {int(e.target_id) for e in scope.window(model) if e.target_id.isdigit()}


def latest_by_target(events) -> dict[int, Event]:
    """The latest of ``events`` for each record."""
    return {int(e.target_id): e for e in events if e.target_id.isdigit()}


def latest_events(scope: Scope, model, ids, touched: set[int] | None, *,
                  carrying: str | None = None, actions=None) -> dict[int, Event | None]:
    """The latest event of each record of ``ids`` (carrying ``carrying``, of ``actions``).
    ``--full``: from each record's whole history. The hourly run reads the chain's new events
    only (one range of the chain's index, however long a record's history): a record they
    touched is compared with the latest of them that carries the values, or maps to None
    (nothing new to compare: ``--full`` compares it); a record written since the last check
    that they did not touch is looked up in its whole history."""
    if scope.since is None:
        return latest_by_target(events_of(scope.property_id, model, ids=ids, carrying=carrying,
                                          actions=actions))
    touched = touched or set()
    found: dict[int, Event | None] = {pk: None for pk in ids if pk in touched}
    found.update(latest_by_target(
        e for e in scope.window(model)
        if (carrying is None or carrying in e.after) and (actions is None or e.action in actions)
        and e.target_id.isdigit() and int(e.target_id) in found))
    rest = [pk for pk in ids if pk not in touched]
    if rest:
        found.update(latest_by_target(events_of(scope.property_id, model, ids=rest,
                                                 carrying=carrying, actions=actions)))
    return found


def first_event_at(property_id: int, model):
    """When the first event of a ``model`` record at the property was written (None: never)."""
    return AuditEvent.objects.filter(
        chain=property_id, target_type=ContentType.objects.get_for_model(model)).aggregate(
        first=Min("created_at"))["first"]


def as_decimal(value) -> Decimal | None:
    if value is None or value == "":
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


PERCENT = "percent"  # a field's kind: a number shown as a percentage (True: money)


def _shown(value, kind) -> str:
    if value is None or value == "":
        return "none"
    if isinstance(kind, dict):  # a choice: its label
        return str(kind.get(value, value))
    if kind == PERCENT and as_decimal(value) is not None:
        return f"{as_decimal(value).normalize():f}%"
    return money(value) if kind is True else str(value)


def same(db_value, event_value, kind=False) -> bool:
    """Numbers (money, percentages) compare by value: 0.5 and 0.5000 are the same."""
    if kind is True or kind == PERCENT:
        return as_decimal(db_value) == as_decimal(event_value)
    return jsonable(db_value) == event_value


def differs(record: str, fields, values: dict, event: Event, source: dict | None = None,
            noun: str = "its audit event") -> str | None:
    """The first of ``fields`` ((key, words, kind): kind True for money, ``PERCENT``, a dict
    of a choice's labels, or False) where the record's ``values`` differ
    from what the event carries (``source``: the event's ``after`` unless given); keys the
    event does not carry are not compared."""
    carried = event.after if source is None else source
    for key, words, is_money in fields:
        if key not in carried:
            continue
        if not same(values.get(key), carried[key], is_money):
            return (f"{record}: {words} {_shown(values.get(key), is_money)} in the database, "
                    f"{_shown(carried[key], is_money)} in {noun} (recorded {event.when}).")
    return None


def no_event(record: str) -> str:
    return f"{record}: no audit event records it, so nothing vouches for it."


def check_records(property_id: int, since: Since | None, *, full: bool = False) -> list[str]:
    """Every registered checker's findings at one property, the first checker's first."""
    prop = Property.objects.filter(pk=property_id).first()
    if prop is None:
        return []
    oldest = (AuditEvent.objects.filter(chain=property_id).exclude(seq=None).order_by("seq")
              .values_list("created_at", flat=True).first())
    scope = Scope(property_id, prop.name, since, oldest, full)
    problems = []
    for check in registry.record_checks():
        problems += list(check.check(scope))[:MAX_PROBLEMS]
    return problems
