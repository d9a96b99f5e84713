"""What the ground floor shows for the apps above it, registered by each app from its
``AppConfig.ready()`` so that ``casino/`` imports none of them (issue 18; ``casino/urls.py``, the
URL root, is the one exception):

- the words for its audit values: what its entities are called, codes said better whole, the
  status and choice labels its pages show, field labels and values named by a lookup (read by
  ``casino.audit_display``);
- its dashboard cards and panels (read by ``casino.dashboard``);
- its part of the demo casino (run in order by ``casino.demo.load_demo``);
- its tables that grow with history and how long each keeps its rows (read by
  ``casino.history_status``, issue 24), and its tables of records no application connection
  may delete from (read by ``casino.db_roles``).

Registering twice replaces (``ready()`` may run more than once, e.g. in tests).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class AuditWords:
    entities: dict[str, str] = field(default_factory=dict)  # "slip" -> "Jackpot slip"
    names: dict[str, str] = field(default_factory=dict)  # whole action code -> words
    statuses: dict[str, dict[str, str]] = field(default_factory=dict)  # entity -> labels
    choices: dict[str, dict[str, str]] = field(default_factory=dict)  # stored key -> labels
    labels: dict[tuple[str, str], str] = field(default_factory=dict)  # (entity, field) -> label
    values: dict[tuple[str, str], Callable] = field(default_factory=dict)  # -> name(value)
    shown_with: dict[str, tuple[str, ...]] = field(default_factory=dict)  # code -> fields


AUDIT = AuditWords()


def _labels(choices) -> dict[str, str]:
    """A ``TextChoices`` class (or a mapping) as {stored value: label}."""
    return dict(choices.choices) if hasattr(choices, "choices") else dict(choices)


def audit_words(*, entities: dict | None = None, names: dict | None = None,
                statuses: dict | None = None, choices: dict | None = None,
                labels: dict | None = None, values: dict | None = None,
                shown_with: dict | None = None) -> None:
    """Add an app's words. ``statuses`` maps an entity to its status choices; ``choices`` a
    stored key (``kind``, ``paid_from``) to choices, merged with other apps' under the same key;
    ``values`` maps (entity, field) to a function naming a stored value (or returning None);
    ``shown_with`` maps an action code to the fields its event shows even when unchanged (a
    payment's amount, seat and where it was paid from)."""
    AUDIT.entities.update(entities or {})
    AUDIT.names.update(names or {})
    AUDIT.statuses.update({entity: _labels(c) for entity, c in (statuses or {}).items()})
    for key, found in (choices or {}).items():
        AUDIT.choices.setdefault(key, {}).update(_labels(found))
    AUDIT.labels.update(labels or {})
    AUDIT.values.update(values or {})
    AUDIT.shown_with.update(shown_with or {})


# --- Dashboard ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Card:
    ability: str
    title: str
    description: str
    url_name: str
    with_property: bool = False  # reverse(url_name, args=[property.pk])
    unless: str = ""  # hidden from whoever holds this ability (a card of theirs goes there)


@dataclass(frozen=True)
class Panel:
    """A list a role works from: ``build(user, property)`` returns what ``template`` shows (as
    ``panel``), or None when the user may not see it; panels show in ``order``."""

    name: str
    template: str
    build: Callable
    order: int = 50
    needs_property: bool = True  # a superuser belongs to no property: no such list


CARDS: dict[str, list[Card]] = {}  # app label -> its cards, in the order written
PANELS: dict[str, Panel] = {}


def dashboard_cards(app: str, cards: list[Card]) -> None:
    CARDS[app] = list(cards)


def dashboard_panel(panel: Panel) -> None:
    PANELS[panel.name] = panel


# --- Demo -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class DemoPart:
    """``load(properties, users)`` creates what is missing of the app's part (idempotent), with
    the demo's properties and users by key; parts run in ``order``."""

    name: str
    load: Callable
    order: int = 50


DEMO: dict[str, DemoPart] = {}


def demo_part(part: DemoPart) -> None:
    DEMO[part.name] = part


def demo_parts() -> list[DemoPart]:
    return sorted(DEMO.values(), key=lambda p: p.order)


# --- History ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class HistoryTable:
    """A table that grows with the casino's history, for ``manage.py history_status``: what it
    holds in words, its model (``app_label.Model``), the field that dates a row, how long a row
    is kept (``keep_for()``: a ``timedelta``, or None for good), what happens after (words)
    and whether a job removes the rows by itself (``removed_by_job``: then rows past the
    period mean the job is behind; otherwise a person archives them when due)."""

    name: str
    model: str
    dated_by: str
    keep_for: Callable
    then: str
    order: int = 50
    removed_by_job: bool = False


HISTORY: dict[str, HistoryTable] = {}


def history_table(table: HistoryTable) -> None:
    HISTORY[table.model] = table


def history_tables() -> list[HistoryTable]:
    return sorted(HISTORY.values(), key=lambda t: t.order)


# Tables of records the application adds to and corrects but never deletes from: on
# PostgreSQL its role may not DELETE from them (``casino.db_roles``); only an archive, run as
# the owner, removes rows (the meter ledger after the records-retention period, §465a.6(c)).
RECORDS: set[str] = set()


def records_tables(*db_tables: str) -> None:
    RECORDS.update(db_tables)


# --- Records checked against their audit events (issue 28) ------------------------------------

@dataclass(frozen=True)
class RecordCheck:
    """``check(scope)`` compares an app's records at one property with their audit events and
    returns (or yields) the differences found, first first, each naming the record in words
    (``casino.record_checks.Scope``: the property, and ``since``: the hourly run's start, its
    last good check; None for every record, ``audit_verify --full``). Checks run in
    ``order``."""

    name: str
    check: Callable
    order: int = 50


RECORD_CHECKS: dict[str, RecordCheck] = {}


def record_check(name: str, fn: Callable, order: int = 50) -> None:
    RECORD_CHECKS[name] = RecordCheck(name, fn, order)


def record_checks() -> list[RecordCheck]:
    return sorted(RECORD_CHECKS.values(), key=lambda c: c.order)


# --- Records in an evidence bundle (issue 28, ``manage.py export_evidence``) -------------------

@dataclass(frozen=True)
class EvidenceSource:
    """``collect(property, start, end)`` returns an app's records of one property in the
    period (aware datetimes, ``end`` excluded; None: open) as ``casino.evidence_bundle.Record``s,
    for the bundle the Board checks offline; sources run in ``order``. ``creates``: record kind
    -> the audit actions each of whose events makes one such record (so a record removed from
    the database, its event still in the chain, is named)."""

    name: str
    collect: Callable
    order: int = 50
    creates: dict = field(default_factory=dict)


EVIDENCE: dict[str, EvidenceSource] = {}


def evidence_records(name: str, collect: Callable, order: int = 50,
                     creates: dict | None = None) -> None:
    EVIDENCE[name] = EvidenceSource(name, collect, order, dict(creates or {}))


def evidence_sources() -> list[EvidenceSource]:
    return sorted(EVIDENCE.values(), key=lambda s: s.order)
