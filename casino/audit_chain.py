"""The audit log's hash chains: tamper-evident on top of tamper-resistant.

One chain per property (the Board licenses and audits each property on its own) and one for
the events that belong to no property (users, tokens, sign-ins): chain key = the property's
id, 0 for none. Each event gets the next ``seq`` of its chain (1, 2, 3... with no gaps) and
``hash = SHA-256("<chain>:<seq>:<prev_hash>:<digest of its fields>")`` (casino/audit_hash.py).
A changed field, a removed event or a reordered pair breaks a link that ``verify`` reports.

Linking, on PostgreSQL, is the database's: an audited write inserts its event unlinked (one
query) and the deferred constraint trigger ``casino_auditevent_link`` links all of the
transaction's events at COMMIT, under one advisory lock per chain (migration casino.0005).
Events of two properties never wait for each other; two transactions of one property wait
only for the other's commit.

**Lock order** (so the chain lock is never one side of a deadlock): a transaction takes its domain
rows first, in the one order of ``tables.slips.locks`` (a meters' owner, its meters, the jackpot
slips, then the slip number counter, taken last), and the audit chain LAST: the chain locks are
taken only by the link trigger at COMMIT, after every statement of the transaction, and when a
transaction wrote to several chains, in ascending chain key. A transaction waiting for a chain lock
therefore holds no lock another chain holder needs. (Django's foreign keys are checked at COMMIT
too, with ``FOR KEY SHARE`` row locks that only a ``FOR UPDATE`` of the parent row blocks: a
service that writes children of a row another transaction may lock ``FOR UPDATE`` locks that parent
first, or with ``select_for_update(no_key=True)``.)

SQLite has one writer at a time: ``AuditEvent.save`` links there, reading the chain's head.

Checks (``AuditChainCheck``, append-only and themselves a chain per audit chain): the hourly
run checks each chain from its last good checkpoint (the last event the previous run verified,
which must still be there unchanged); ``audit_verify --full`` checks every chain from its start,
or from where archived events left off (casino/audit_archive.py).

Each run (``run_check``, ``verify_evidence``) also compares a property's records with their
events (``casino.record_checks``, issue 28: the records the new events touched, or with
``--full`` every record), and every chain with its last anchor outside the database
(``casino.evidence_anchors``): a chain shorter than its anchor, or whose event at the anchor's
seq differs, is reported even if the database's owner removed the checks that saw it. Each
intact chain's head is then signed and appended as a new anchor.
"""

from dataclasses import dataclass, field

from django.db import connection, transaction
from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from casino import evidence_anchors as anchoring
from casino.audit_hash import GENESIS, NO_PROPERTY, body_of, check_fields, check_hash, link_hash
from casino.models import AuditChainCheck, AuditEvent, CheckKind, Property
from casino.record_checks import OVERLAP, Since, check_records

# pg_advisory_xact_lock(namespace, chain): arbitrary, constant, used only for the chains.
LOCK_NAMESPACE = 73_016_490
CHECK_LOCK_NAMESPACE = 73_016_491  # one chain's checks, while one is added
CHUNK = 5000
NO_PROPERTY_NAME = "Users, tokens and sign-ins (no property)"


def link_pending() -> None:
    """Link what this transaction has written so far (PostgreSQL links at COMMIT; a check run
    inside a transaction, as in the tests, sees its own events linked)."""
    if connection.vendor == "postgresql" and connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS casino_auditevent_link IMMEDIATE")
            cursor.execute("SET CONSTRAINTS casino_auditevent_link DEFERRED")


def chain_names(keys=None) -> dict[int, str]:
    """Chain key -> its name as staff read it; every chain when ``keys`` is None."""
    props = Property.objects.order_by("name", "pk")
    if keys is not None:
        props = props.filter(pk__in=[k for k in keys if k != NO_PROPERTY])
    names = {NO_PROPERTY: NO_PROPERTY_NAME} if keys is None or NO_PROPERTY in keys else {}
    return {**{p.pk: str(p) for p in props}, **names}


@dataclass
class ChainResult:
    chain: int
    name: str
    kind: str
    events_checked: int = 0
    first_seq: int | None = None
    last_seq: int | None = None
    last_hash: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


FIELDS = ("seq", "prev_hash", "hash", "created_at", "actor_id", "actor_repr", "property_id",
          "action", "target_type_id", "target_id", "target_repr", "before", "after")


def _walk(key: int, seq: int, prev: str, result: ChainResult, progress=None) -> None:
    """Check every event of the chain after ``seq`` (whose hash is ``prev``), in keyset
    chunks: one short query per ``CHUNK`` events, none held open."""
    while True:
        rows = list(AuditEvent.objects.filter(chain=key, seq__gt=seq).order_by("seq")
                    .values_list(*FIELDS)[:CHUNK])
        for row in rows:
            values = dict(zip(FIELDS, row, strict=True))
            at = values["seq"]
            if result.first_seq is None:
                result.first_seq = at
            if at != seq + 1:
                result.problems.append(f"Events {seq + 1} to {at - 1} are missing.")
            elif values["prev_hash"] != prev:
                result.problems.append(f"Event {at} does not link to the event before it.")
            if link_hash(key, at, values["prev_hash"], body_of(values)) != values["hash"]:
                result.problems.append(f"Event {at} was changed after it was recorded.")
            seq, prev = at, values["hash"]
            result.events_checked += 1
        if progress is not None and rows:
            progress(result, seq)
        if len(rows) < CHUNK:
            break
    result.last_seq, result.last_hash = (seq or None), (prev if seq else "")


def checks_of(key: int):
    return AuditChainCheck.objects.filter(chain=key).order_by("-id")


def head(key: int) -> tuple[int, str] | None:
    return (AuditEvent.objects.filter(chain=key).exclude(seq=None).order_by("-seq")
            .values_list("seq", "hash").first())


def _when(check) -> str:
    return f"{timezone.localtime(check.checked_at):%Y-%m-%d %H:%M}"


def verify_chain(key: int, *, full: bool = False, name: str = "", progress=None) -> ChainResult:
    """Check one chain: from its last good checkpoint, or (``full``) from its start or the
    checkpoint archived events left. Problems are in plain words."""
    result = ChainResult(chain=key, name=name, kind=CheckKind.FULL if full else CheckKind.HOURLY)
    checks = checks_of(key)
    latest = checks.first()
    archived = checks.filter(kind=CheckKind.ARCHIVE).first()
    start = archived if full else checks.filter(ok=True).exclude(last_seq=None).first()
    seq, prev = (start.last_seq, start.last_hash) if start is not None else (0, GENESIS)
    result.problems += verify_checks(key, full=full)
    now = head(key)
    if latest is not None and latest.last_seq and latest.kind != CheckKind.ARCHIVE and (
            now is None or now[0] < latest.last_seq):
        result.problems.append(
            f"Events after {now[0] if now else 0} are missing: the check of {_when(latest)} "
            f"saw up to {latest.last_seq}.")
    elif start is not None and start.kind != CheckKind.ARCHIVE and start.last_seq and not (
            AuditEvent.objects.filter(chain=key, seq=start.last_seq,
                                      hash=start.last_hash).exists()):
        result.problems.append(f"Event {start.last_seq} differs from what the check of "
                               f"{_when(start)} saw.")
    _walk(key, seq, prev, result, progress)
    unlinked = AuditEvent.objects.filter(chain=key, seq=None).values_list("pk", flat=True)
    result.problems += [f"Event {pk} has no place in the chain." for pk in unlinked[:100]]
    if not result.events_checked and start is not None:
        result.last_seq, result.last_hash = start.last_seq, start.last_hash
    return result


def verify_evidence(result: ChainResult, *, full: bool = False) -> ChainResult:
    """What a verification adds to the chain's own check (issue 28): the chain against its
    last anchor, and the property's records against their events, from the same checkpoint
    as the chain (the last good check) or, ``full``, every record."""
    key = result.chain
    result.problems += anchor_problems(key, full=full)
    if key != NO_PROPERTY:
        start = None if full else checks_of(key).filter(ok=True).exclude(last_seq=None).first()
        since = Since(start.last_seq, start.checked_at - OVERLAP) if start is not None else None
        result.problems += check_records(key, since, full=full)
    return result


def _anchor_words(anchor: dict) -> str:
    return f"the anchor signed at {anchor['at']} (event {anchor['seq']:,})"


def anchor_problems(key: int, *, full: bool = False) -> list[str]:
    """The chain against its last anchor outside the database: as long, and the same at the
    anchor's event. ``full`` also verifies every line of the chain's anchor file; the hourly
    run verifies the last line only (read from the end of the file)."""
    try:
        public = anchoring.public_key()
        if full:
            read = anchoring.read_anchors(key, public)
            problems, latest = list(read.problems), (read.anchors or [None])[-1]
        else:
            problems, latest = [], anchoring.latest_anchor(key)
            if latest is not None and not anchoring.verify_anchor(latest, public):
                problems.append(f"The last line of {anchoring.chain_file(key).name}: the "
                                f"signature does not verify (the line was changed, or signed "
                                f"by another key).")
    except anchoring.AnchorError as exc:
        return [str(exc)]
    if latest is None or not isinstance(latest.get("seq"), int):
        return problems
    now = head(key)
    if now is None or now[0] < latest["seq"]:
        problems.append(f"The chain ends at event {now[0] if now else 0:,}, but "
                        f"{_anchor_words(latest)} saw it reach event {latest['seq']:,}: "
                        f"events were removed.")
        return problems
    found = AuditEvent.objects.filter(chain=key, seq=latest["seq"]).values_list(
        "hash", flat=True).first()
    if found is None:
        found = checks_of(key).filter(kind=CheckKind.ARCHIVE, last_seq=latest["seq"]).values_list(
            "last_hash", flat=True).first()
    if found != latest["hash"]:
        problems.append(f"Event {latest['seq']:,} differs from {_anchor_words(latest)}: the "
                        f"chain was rewritten.")
    return problems


def anchor(check: AuditChainCheck, name: str) -> dict | None:
    """Sign an intact chain's head and append it outside the database (none for a broken
    chain, whose last good anchor stands, nor for a chain with no events yet)."""
    if not check.ok or not check.last_seq:
        return None
    signed = anchoring.sign_anchor(chain=check.chain, chain_name=name, seq=check.last_seq,
                                   hash=check.last_hash, events=check.events_checked,
                                   at=check.checked_at)
    anchoring.append_anchor(signed)
    return signed


def verify_checks(key: int, *, full: bool = False) -> list[str]:
    """The chain's checks link to one another: the latest two, or (``full``) all of them."""
    checks = checks_of(key)
    rows = list(checks.order_by("id")) if full else list(checks[:2])[::-1]
    problems, prev = [], rows[0].prev_hash if rows and not full else GENESIS
    for check in rows:
        if check.prev_hash != prev or check_hash(check_fields(check), prev) != check.hash:
            problems.append(f"The chain check of {_when(check)} was changed after it was kept.")
        prev = check.hash
    return problems


def keep(result: ChainResult, *, kind: str | None = None, checked_at=None) -> AuditChainCheck:
    """Keep a check, linked to the chain's check before it (one writer per chain at a time)."""
    with transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)",
                               [CHECK_LOCK_NAMESPACE, result.chain])
        previous = checks_of(result.chain).values_list("hash", flat=True).first()
        check = AuditChainCheck(
            chain=result.chain, kind=kind or result.kind, ok=result.ok,
            events_checked=result.events_checked, first_seq=result.first_seq,
            last_seq=result.last_seq, last_hash=result.last_hash or "",
            problems=result.problems[:100], checked_at=checked_at or timezone.now())
        check.prev_hash = previous or GENESIS
        check.hash = check_hash(check_fields(check), check.prev_hash)
        check.save()
        return check


def run_check(*, full: bool = False, progress=None) -> list[AuditChainCheck]:
    """Check every chain and keep each result (the dashboards show the latest of each)."""
    link_pending()
    checks = []
    for key, name in chain_names().items():
        result = verify_chain(key, full=full, name=name, progress=progress)
        check = keep(verify_evidence(result, full=full))
        anchor(check, name)
        checks.append(check)
    return checks


def summary(checks) -> dict:
    """What the beat job returns and logs: every chain's result, problems named by chain."""
    names = chain_names([c.chain for c in checks])
    return {"ok": all(c.ok for c in checks), "events": sum(c.events_checked for c in checks),
            "problems": [f"{names.get(c.chain, c.chain)}: {p}" for c in checks
                         for p in c.problems],
            "chains": [{"chain": names.get(c.chain, str(c.chain)), "ok": c.ok,
                        "events": c.events_checked, "last_seq": c.last_seq,
                        "last_hash": c.last_hash} for c in checks]}


def latest_checks(keys=None) -> list[AuditChainCheck]:
    """The latest check of each chain (of ``keys``; every chain when None), each with its
    ``chain_name``: two queries, each chain's latest found through its index."""
    def last(chain):
        return AuditChainCheck.objects.filter(chain=chain).order_by("-id").values("id")[:1]

    props = Property.objects.annotate(last_check=Subquery(last(OuterRef("pk"))))
    if keys is not None:
        props = props.filter(pk__in=[k for k in keys if k != NO_PROPERTY])
    names, ids = {}, Q(pk__in=[])
    for prop in props:
        names[prop.pk] = str(prop)
        ids |= Q(pk=prop.last_check)
    if keys is None or NO_PROPERTY in keys:
        names[NO_PROPERTY] = NO_PROPERTY_NAME
        ids |= Q(pk=Subquery(last(NO_PROPERTY)))
    checks = list(AuditChainCheck.objects.filter(ids))
    for check in checks:
        check.chain_name = names[check.chain]
    return sorted(checks, key=lambda c: (c.chain == NO_PROPERTY, c.chain_name))


def broken_chains(property_ids=None) -> list[AuditChainCheck]:
    """Chains whose latest check found a problem: of these properties and the chain of no
    property (every chain when None)."""
    keys = None if property_ids is None else [*property_ids, NO_PROPERTY]
    return [check for check in latest_checks(keys) if not check.ok]
