"""Archiving old audit events without breaking their chain (issue 24).

The records-retention period (5 years unless the Board says otherwise) keeps the log; after it
an operator may move older events out of the hot table: ``manage.py audit_archive --before
YYYY-MM-DD --to FILE``, run as the owner (``DATABASE_MIGRATE_URL``; the application role may
not delete). For each chain it

1. checks the events to archive, from the chain's start (or the previous archive) to the cut:
   a broken chain is never archived (that would destroy the evidence);
2. writes them to FILE, one JSON object a line, with every field the hash covers, so the file
   can be checked again on its own (``verify_file``);
3. keeps an ``archive`` check: a verified checkpoint where the archived head left off, from
   which ``audit_verify --full`` then starts, so the archive is no gap;
4. deletes them, in batches; the append-only trigger lets the owner delete only events an
   archive checkpoint of their chain covers.

The newest event of every chain always stays: it is where the next event links. Each chain
archived then gets one event of its own ("Audit events archived after the records-retention
period": how many, the cut, the file and, where the Board permitted an earlier destruction in
writing, its reference, §465a.6(b)(5)).
"""

import json
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction

from casino import audit_chain
from casino.audit import audit_record
from casino.audit_hash import BODY_FIELDS, GENESIS, NO_PROPERTY, body_of, link_hash
from casino.models import AuditEvent, CheckKind, Property

BATCH = 5000
ACTION = "casino.audit_log.archive"
# What the archive's own event records, in words (registered from casino/apps.py).
LABELS = {"events": "Audit events archived", "first_seq": "From event", "last_seq": "To event",
          "before": "Recorded before", "retention_years": "Records-retention period (years)",
          "file": "Archive file", "board_permission": "The Board's written permission "
          "(§465a.6(b)(5))"}
FIELDS = ("id", "chain", "seq", "prev_hash", "hash", *BODY_FIELDS)


class ArchiveRefused(Exception):
    """The chain to archive is broken, or nothing may be archived."""


def _cut(key: int, before: datetime) -> int | None:
    """The last seq to archive: the newest event recorded before ``before``, short of the
    chain's head (which stays)."""
    newest = audit_chain.head(key)
    last = (AuditEvent.objects.filter(chain=key, created_at__lt=before).exclude(seq=None)
            .order_by("-seq").values_list("seq", flat=True).first())
    if newest is None or last is None:
        return None
    return min(last, newest[0] - 1) or None


def _rows(key: int, after: int, upto: int) -> Iterator[dict]:
    while after < upto:
        rows = list(AuditEvent.objects.filter(chain=key, seq__gt=after, seq__lte=upto)
                    .order_by("seq").values(*FIELDS)[:BATCH])
        if not rows:
            return
        yield from rows
        after = rows[-1]["seq"]


def _line(row: dict) -> str:
    ct = ContentType.objects.get_for_id(row["target_type_id"]) if row["target_type_id"] else None
    # Microseconds kept: the hash covers them (Django's JSON encoder keeps milliseconds).
    data = {**row, "target_type": f"{ct.app_label}.{ct.model}" if ct else "",
            "created_at": row["created_at"].isoformat(timespec="microseconds")}
    return json.dumps(data, sort_keys=True) + "\n"


def _verified(key: int, seq: int, prev: str, cut: int) -> str:
    """Check the events after ``seq`` up to ``cut``; the last one's hash, or refuse."""
    for row in _rows(key, seq, cut):
        at = row["seq"]
        if at != seq + 1 or row["prev_hash"] != prev or link_hash(
                key, at, row["prev_hash"], body_of(row)) != row["hash"]:
            raise ArchiveRefused(f"Chain {key}: event {at} does not verify - run audit_verify "
                                 "--full and investigate; nothing of this chain was archived.")
        seq, prev = at, row["hash"]
    if seq != cut:
        raise ArchiveRefused(f"Chain {key}: events {seq + 1} to {cut} are missing; nothing of "
                             "this chain was archived.")
    return prev


def archive_chain(key: int, before: datetime, out) -> object | None:
    """Archive one chain's events recorded before ``before`` into ``out``: checked first,
    then written, then the checkpoint kept, then deleted. The check kept, or None."""
    start = audit_chain.checks_of(key).filter(kind=CheckKind.ARCHIVE, ok=True).first()
    seq, prev = (start.last_seq, start.last_hash) if start else (0, GENESIS)
    if start is not None:
        _delete(key, seq)  # what an interrupted archive left
    cut = _cut(key, before)
    if cut is None or cut <= seq:
        return None
    last_hash = _verified(key, seq, prev, cut)
    for row in _rows(key, seq, cut):
        out.write(_line(row))
    out.flush()
    result = audit_chain.ChainResult(chain=key, name="", kind=CheckKind.ARCHIVE,
                                     events_checked=cut - seq, first_seq=seq + 1,
                                     last_seq=cut, last_hash=last_hash)
    check = audit_chain.keep(result, kind=CheckKind.ARCHIVE)
    _delete(key, cut)
    return check


def _delete(key: int, upto: int) -> None:
    """Delete the archived events in batches (each its own short transaction)."""
    while True:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                "DELETE FROM casino_auditevent WHERE id IN (SELECT id FROM casino_auditevent "
                "WHERE chain = %s AND seq <= %s ORDER BY seq LIMIT %s)", [key, upto, BATCH])
            if cursor.rowcount < BATCH:
                return


def archive(before: datetime, path: Path, permission: str = "") -> list:
    """Archive every chain's events recorded before ``before`` into ``path`` (appended), then
    record each archived chain's part in that chain."""
    checks = []
    with open(path, "a", encoding="utf-8") as out:
        for key in audit_chain.chain_names():
            check = archive_chain(key, before, out)
            if check is not None:
                checks.append(check)
    props = Property.objects.in_bulk([c.chain for c in checks if c.chain != NO_PROPERTY])
    for check in checks:
        audit_record(actor=None, action=ACTION, target=None, property=props.get(check.chain),
                     after={"events": check.events_checked, "first_seq": check.first_seq,
                            "last_seq": check.last_seq, "before": before.date().isoformat(),
                            "retention_years": settings.RECORDS_RETENTION_YEARS,
                            "file": str(path),
                            **({"board_permission": permission.strip()}
                               if permission.strip() else {})})
    return checks


def verify_file(path: Path) -> dict[int, tuple[int, str, list[str]]]:
    """Check an archive file on its own: chain -> (events, last hash, problems). Its last
    hash is the ``last_hash`` of that chain's archive check."""
    state: dict[int, tuple[int, str, int, list[str]]] = {}
    with open(path, encoding="utf-8") as lines:
        for text in lines:
            row = json.loads(text)
            row["created_at"] = datetime.fromisoformat(row["created_at"])
            key = row["chain"]
            count, prev, seq, problems = state.get(key, (0, row["prev_hash"], row["seq"] - 1, []))
            if row["seq"] != seq + 1 or row["prev_hash"] != prev:
                problems.append(f"Event {row['seq']} does not link to the one before it.")
            if link_hash(key, row["seq"], row["prev_hash"], body_of(row)) != row["hash"]:
                problems.append(f"Event {row['seq']} was changed after it was recorded.")
            state[key] = (count + 1, row["hash"], row["seq"], problems)
    return {key: (count, last, problems) for key, (count, last, _, problems) in state.items()}
