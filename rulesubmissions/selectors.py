"""Reads for Rules Submissions: what staff may see, what is in force (each approved version's
standing), upcoming changes, review history, the property's catalog."""

import json
import logging
import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Q, QuerySet
from django.utils import timezone

from casino.models import AuditEvent, Property
from casino.permissions import property_ids
from games.names import words
from games.paytables import (
    Catalog,
    Paytable,
    PaytableFormatError,
    builtin_catalog,
    parse_paytable,
)
from rulesubmissions.engine import game_spec
from rulesubmissions.models import (
    LIVE_PAYTABLE_STATUSES,
    CatalogPaytable,
    PaytableStatus,
    RulesSubmission,
    Status,
)

log = logging.getLogger(__name__)


def submission_list(*, user, game: str = "", status: str = "") -> QuerySet[RulesSubmission]:
    """Submissions of the user's properties (staff see only their own), newest first."""
    qs = RulesSubmission.objects.select_related("property", "author", "submitted_by",
                                                    "reviewed_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    if game:
        qs = qs.filter(game=game)
    if status:
        qs = qs.filter(status=status)
    return qs.order_by("-updated_at", "-pk")


def compliance_queue(*, user) -> QuerySet[RulesSubmission]:
    """Submitted versions waiting for a compliance officer, oldest first."""
    return submission_list(user=user, status=Status.SUBMITTED).order_by("submitted_at", "pk")


def in_force(*, property: Property, game: str, on: date | None = None) -> RulesSubmission | None:
    """The approved version in force on ``on`` (today): the latest effective by then."""
    on = on or timezone.localdate()
    return (RulesSubmission.objects
            .filter(property=property, game=game, status=Status.APPROVED, effective_date__lte=on)
            .order_by("-effective_date", "-version").first())


def review_base(submission: RulesSubmission) -> RulesSubmission | None:
    """What the compliance review compares a version with: the version in force, or, for the
    version in force itself, the version it superseded (None: the first version)."""
    base = in_force(property=submission.property, game=submission.game)
    return submission.supersedes if base is not None and base.pk == submission.pk else base


def in_force_by_game(*, property: Property, on: date | None = None) -> dict[str, RulesSubmission]:
    """Each game's version in force on ``on`` (today) at ``property``, in one query: the
    approved versions effective by then (a few per game) read newest first, the first of each
    game kept, as ``in_force`` picks it."""
    on = on or timezone.localdate()
    found: dict[str, RulesSubmission] = {}
    for submission in (RulesSubmission.objects
                       .filter(property=property, status=Status.APPROVED, effective_date__lte=on)
                       .order_by("game", "-effective_date", "-version")):
        found.setdefault(submission.game, submission)
    return found


def latest_approved(*, property: Property, game: str) -> RulesSubmission | None:
    return (RulesSubmission.objects.filter(property=property, game=game, status=Status.APPROVED)
            .order_by("-version").first())


def paytable_list(*, user) -> QuerySet[CatalogPaytable]:
    qs = CatalogPaytable.objects.select_related("property", "proposed_by", "decided_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    return qs


_LIVE = (f"SELECT paytable_id, entry FROM {CatalogPaytable._meta.db_table} "
         f"WHERE property_id = %s AND status IN ({', '.join(['%s'] * len(LIVE_PAYTABLE_STATUSES))}) "
         "ORDER BY id")


@lru_cache(maxsize=256)
def _parsed(stored: str) -> Paytable:
    """One approved entry read, by its stored text: an approved paytable's rows never change
    (``rulesubmissions.frozen``), and the same text always reads the same, so every settle
    of the property need not parse them again (issue 32). A text that does not read raises
    again each time (nothing kept)."""
    return parse_paytable(json.loads(stored))


def approved_paytables(property: Property | None) -> list[Paytable]:
    """The property's approved paytables (a retirement not yet confirmed keeps one). An entry
    approved before today's bounds that no longer reads is left out, never a crash: the
    catalog page lists it for retirement. Read as the stored text in one plain statement
    (every settle reads them: issue 32), parsed once per text (``_parsed``)."""
    if property is None:
        return []
    with connection.cursor() as cursor:
        cursor.execute(_LIVE, [property.pk, *map(str, LIVE_PAYTABLE_STATUSES)])
        rows = cursor.fetchall()
    tables = []
    for paytable_id, stored in rows:
        try:
            tables.append(_parsed(stored))
        except PaytableFormatError as exc:
            log.warning("catalog paytable %s left out: %s", paytable_id, exc)
    return tables


def unreadable_paytables(property: Property | None) -> list[CatalogPaytable]:
    """Approved paytables the engine cannot read under today's bounds (to be retired)."""
    rows = CatalogPaytable.objects.filter(property=property, status__in=LIVE_PAYTABLE_STATUSES)
    return [p for p in rows.order_by("pk") if unpayable_because(p.entry)]


def live_paytables(*, user) -> QuerySet[CatalogPaytable]:
    """Approved database paytables (those a compliance officer may ask to retire)."""
    return paytable_list(user=user).filter(status__in=LIVE_PAYTABLE_STATUSES)


def submissions_using(paytable: CatalogPaytable, *, on: date | None = None
                      ) -> list[RulesSubmission]:
    """Approved versions in force or scheduled (not superseded) that select ``paytable``: by
    id under its wager, or by name under the paytable option filing it (Ante Bonus)."""
    approved = RulesSubmission.objects.filter(property=paytable.property, game=paytable.game,
                                              status=Status.APPROVED)
    standing = standings(list(approved), on=on)
    name = paytable.entry.get("name") if isinstance(paytable.entry, dict) else None
    using = []
    for s in approved:
        if standing[s.pk].code == Standing.SUPERSEDED:
            continue
        chosen = (s.wagers or {}).get(paytable.wager)
        if chosen == paytable.paytable_id or (name and (s.options or {}).get(paytable.wager)
                                              == name):
            using.append(s)
    return using


def catalog_for(property: Property | None) -> Catalog:
    """The engine's built-in catalog plus the property's approved paytables (none without a
    property): what the engine runs ``using`` for that property's staff."""
    return builtin_catalog().with_paytables(approved_paytables(property))


def display_catalog(property: Property | None) -> Catalog:
    """``catalog_for`` plus the property's retired paytables, so a superseded version's pages
    and print view still show the rows it was approved with."""
    live = catalog_for(property)
    retired = []
    for p in CatalogPaytable.objects.filter(property=property, status=PaytableStatus.RETIRED):
        try:
            table = parse_paytable(p.entry)
        except PaytableFormatError:
            continue
        if live.get(table.id) is None and table.id not in {t.id for t in retired}:
            retired.append(table)
    return live.with_paytables(retired)


def read_entry(entry: dict) -> tuple[Paytable | None, str]:
    """A stored entry as the engine reads it under today's checks, or None and why not (its
    first problem, as "row 1: ..." or "citation: ..."): one stored before a check existed."""
    try:
        return parse_paytable(entry), ""
    except PaytableFormatError as exc:
        path, messages = next(iter(exc.errors.items()))
        row = re.fullmatch(r"rows\[(\d+)\].*", path)
        return None, f"{f'row {int(row[1]) + 1}' if row else path}: {messages[0]}"


def unpayable_because(entry: dict) -> str:
    """Why the engine cannot read a stored entry (``read_entry``), or "" when it reads."""
    return read_entry(entry)[1]


def proposed_paytables(*, user) -> list[tuple[CatalogPaytable, Paytable | None, str]]:
    """Proposals waiting for a second compliance officer, each with its paytable as parsed,
    or None and why it no longer reads (it can only be rejected)."""
    rows = paytable_list(user=user).filter(status=PaytableStatus.PROPOSED)
    return [(p, *read_entry(p.entry)) for p in rows]


@dataclass(frozen=True)
class Standing:
    """Where an approved version stands on a day: in force, scheduled, or superseded (by which
    version, from when). Not approved: ``code`` is empty and the status says it all."""

    IN_FORCE, SCHEDULED, SUPERSEDED = "in_force", "scheduled", "superseded"
    LABELS = {IN_FORCE: "In force", SCHEDULED: "Scheduled", SUPERSEDED: "Superseded"}

    code: str = ""
    since: date | None = None  # in force or scheduled from
    by: RulesSubmission | None = None  # superseded by this version...
    on: date | None = None  # ...from this date
    next: RulesSubmission | None = None  # in force: the version scheduled to replace it

    @property
    def label(self) -> str:
        return self.LABELS.get(self.code, "")

    @property
    def text(self) -> str:
        """One line, as the list, the detail and the print view show it."""
        if self.code == self.IN_FORCE:
            then = (f"; version {self.next.version} takes over on {self.next.effective_date:%Y-%m-%d}"
                    if self.next else "")
            return f"In force since {self.since:%Y-%m-%d}{then}"
        if self.code == self.SCHEDULED:
            return f"Scheduled: in force from {self.since:%Y-%m-%d}, not yet"
        if self.code == self.SUPERSEDED:
            if self.by is None:
                return "Superseded"
            return f"Superseded by version {self.by.version} on {self.on:%Y-%m-%d}"
        return ""

    def as_dict(self) -> dict | None:
        if not self.code:
            return None
        return {
            "code": self.code, "label": self.label, "text": self.text, "since": self.since,
            "superseded_by": None if self.by is None else {
                "id": self.by.pk, "version": self.by.version, "on": self.on},
            "next": None if self.next is None else {
                "id": self.next.pk, "version": self.next.version,
                "on": self.next.effective_date},
        }


def _chain(versions: list[RulesSubmission]) -> list[RulesSubmission]:
    """Approved versions of one game in the order they take force (``in_force``'s order)."""
    return sorted(versions, key=lambda s: (s.effective_date, s.version))


def _standing_in(chain: list[RulesSubmission], s: RulesSubmission, today: date) -> Standing:
    started = [v for v in chain if v.effective_date <= today]
    if s.effective_date > today:
        return Standing(Standing.SCHEDULED, since=s.effective_date)
    if started and started[-1].pk == s.pk:
        upcoming = [v for v in chain if v.effective_date > today]
        return Standing(Standing.IN_FORCE, since=s.effective_date,
                        next=upcoming[0] if upcoming else None)
    after = started[started.index(s) + 1:] if s in started else []
    by = after[0] if after else None
    return Standing(Standing.SUPERSEDED, by=by, on=by.effective_date if by else None)


def standings(submissions, *, on: date | None = None) -> dict[int, Standing]:
    """Each submission's standing on ``on`` (today), reading every approved version of their
    games in one query."""
    today = on or timezone.localdate()
    keys = {(s.property_id, s.game) for s in submissions if s.status == Status.APPROVED}
    chains: dict[tuple[int, str], list[RulesSubmission]] = defaultdict(list)
    if keys:
        query = Q()
        for prop, game in keys:
            query |= Q(property_id=prop, game=game)
        for v in RulesSubmission.objects.filter(query, status=Status.APPROVED):
            chains[(v.property_id, v.game)].append(v)
    result = {}
    for s in submissions:
        if s.status != Status.APPROVED:
            result[s.pk] = Standing()
            continue
        result[s.pk] = _standing_in(_chain(chains[(s.property_id, s.game)]), s, today)
    return result


def standing(submission: RulesSubmission, *, on: date | None = None) -> Standing:
    return standings([submission], on=on)[submission.pk]


UPCOMING_DAYS = 30


def upcoming_changes(*, user, property: Property | None = None,
                     days: int = UPCOMING_DAYS) -> QuerySet[RulesSubmission]:
    """Approved versions that take force after today and within ``days``, soonest first."""
    today = timezone.localdate()
    qs = submission_list(user=user, status=Status.APPROVED).filter(
        effective_date__gt=today, effective_date__lte=today + timedelta(days=days))
    if property is not None:
        qs = qs.filter(property=property)
    return qs.order_by("effective_date", "game", "version")


def review_history(submission: RulesSubmission) -> QuerySet[AuditEvent]:
    """The version's audit events, oldest first: drafted, changed, submitted, returned (with
    the comment of that time), approved."""
    return (AuditEvent.objects.select_related("actor")
            .filter(target_type=ContentType.objects.get_for_model(RulesSubmission),
                    target_id=str(submission.pk))
            .order_by("created_at", "id"))


def submission_name(pk) -> str | None:
    """A Rules Submission by its id as staff read it ("Three Card Poker version 2"), for the
    audit log (a meter's parameters name the version they come from)."""
    if isinstance(pk, bool) or not isinstance(pk, int):
        return None
    found = RulesSubmission.objects.filter(pk=pk).values_list("game", "version").first()
    if found is None:
        return f"#{pk}"
    game, version = found
    return f"{game_spec(game).name if game_spec(game) else words(game)} version {version}"
