"""The audit log's hash chain: tamper-evident on top of tamper-resistant.

One global chain (not one per property): every event gets the next ``seq`` (1, 2, 3... with no
gaps) and ``hash = sha256(canonical fields + previous event's hash)``. A changed field, a
removed event or a reordered pair breaks a link that ``verify`` reports; ``run_check`` keeps
each run (``AuditChainCheck``), so events cut off the end are noticed against the last run.
A global chain costs one short lock per audited transaction, held until it commits (a
PostgreSQL advisory lock), which a back office's write rate easily affords.
"""

import datetime as dt
import hashlib
import json
from decimal import Decimal

from django.db import connection
from django.utils import timezone

GENESIS = "0" * 64
# pg_advisory_xact_lock key: arbitrary, constant, used only for the chain.
CHAIN_LOCK_KEY = 7_301_649_001


def _canonical(value):
    """Numbers as normalised decimals (so a JSONB round trip hashes the same), strings tagged."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float | Decimal):
        return "n:" + format(Decimal(str(value)).normalize(), "f")
    if isinstance(value, str):
        return "s:" + value
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    return "s:" + str(value)


def digest(fields: dict, prev_hash: str) -> str:
    """The hash of one event given its plain field values (see ``event_fields``)."""
    created = fields["created_at"].astimezone(dt.UTC).isoformat(timespec="microseconds")
    body = json.dumps(_canonical({**fields, "created_at": created, "prev_hash": prev_hash}),
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def event_fields(*, seq, created_at, actor_id, actor_repr, property_id, action, target_type,
                 target_id, target_repr, before, after) -> dict:
    """What the hash covers; ``target_type`` is ``app_label.model`` (ids differ across DBs)."""
    return {"seq": seq, "created_at": created_at, "actor_id": actor_id,
            "actor_repr": actor_repr, "property_id": property_id, "action": action,
            "target_type": target_type, "target_id": target_id, "target_repr": target_repr,
            "before": before, "after": after}


def _fields_of(event) -> dict:
    ct = event.target_type
    return event_fields(
        seq=event.seq, created_at=event.created_at, actor_id=event.actor_id,
        actor_repr=event.actor_repr, property_id=event.property_id, action=event.action,
        target_type=f"{ct.app_label}.{ct.model}" if ct else "", target_id=event.target_id,
        target_repr=event.target_repr, before=event.before, after=event.after)


def link(event) -> None:
    """Give a new, unsaved event its place in the chain. Call inside the insert's transaction."""
    from casino.models import AuditEvent

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [CHAIN_LOCK_KEY])
    last = AuditEvent.objects.order_by("-seq").values("seq", "hash").first()
    event.seq = (last["seq"] + 1) if last else 1
    event.prev_hash = last["hash"] if last else GENESIS
    event.created_at = event.created_at or timezone.now()
    event.hash = digest(_fields_of(event), event.prev_hash)


def verify() -> tuple[int, int | None, str, list[str]]:
    """Walk the whole chain: (events checked, last seq, last hash, problems in plain words)."""
    from casino.models import AuditChainCheck, AuditEvent

    problems: list[str] = []
    expected_seq, prev_hash, count = 1, GENESIS, 0
    events = AuditEvent.objects.select_related("target_type").order_by("seq")
    for event in events.iterator(chunk_size=2000):
        count += 1
        if event.seq is None:
            problems.append(f"Event {event.pk} has no place in the chain.")
            continue
        if event.seq != expected_seq:
            problems.append(f"Events {expected_seq} to {event.seq - 1} are missing.")
        elif event.prev_hash != prev_hash:
            problems.append(f"Event {event.seq} does not link to the event before it.")
        if digest(_fields_of(event), event.prev_hash) != event.hash:
            problems.append(f"Event {event.seq} was changed after it was recorded.")
        expected_seq, prev_hash = event.seq + 1, event.hash
    last_seq = expected_seq - 1 if count else None
    previous = AuditChainCheck.objects.exclude(last_seq=None).first()
    if previous is not None and (last_seq or 0) < previous.last_seq:
        problems.append(f"Events after {last_seq or 0} are missing: the check of "
                        f"{previous.checked_at:%Y-%m-%d %H:%M} saw up to {previous.last_seq}.")
    elif previous is not None and not AuditEvent.objects.filter(
            seq=previous.last_seq, hash=previous.last_hash).exists():
        problems.append(f"Event {previous.last_seq} differs from what the check of "
                        f"{previous.checked_at:%Y-%m-%d %H:%M} saw.")
    return count, last_seq, prev_hash if count else "", problems


def run_check():
    """Verify the chain and keep the result (the dashboards show the latest)."""
    from casino.models import AuditChainCheck

    count, last_seq, last_hash, problems = verify()
    return AuditChainCheck.objects.create(ok=not problems, events_checked=count,
                                          last_seq=last_seq, last_hash=last_hash,
                                          problems=problems[:100])


def latest_check():
    from casino.models import AuditChainCheck

    return AuditChainCheck.objects.first()
