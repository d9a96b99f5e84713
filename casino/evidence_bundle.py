"""An evidence bundle the Board checks without us (issue 28; ``manage.py export_evidence``,
checked by ``tools/verify_evidence.py``, which re-does every hash with no Django).

One UTF-8 file, one JSON object a line (docs/auditor.md, "Verifying an evidence bundle
offline"): the manifest; the property's audit events; its anchors; the records of the period
with the seqs of their audit events; the Ed25519 signature of every byte before it, by the
evidence signing key (casino/evidence_anchors.py).

Which events: the property's chain from just after the latest anchor that comes before both
the period's first event and the first event of any record in it (so the bundle's chain starts
at a point signed outside the database), or from the chain's first event kept when no anchor
does, up to the chain's head at export. The anchors from that one on are included: the tool
checks that the chain reaches each of them unchanged, so a chain cut or rewritten since is
reported. Read in one snapshot (casino.snapshots: REPEATABLE READ READ ONLY on PostgreSQL, a deferred
transaction on SQLite that stops no writer), so a record and its events agree as of one moment.

The apps give their records through ``casino.registry.evidence_records`` (this module imports
none of them): each a ``Record`` naming the values its audit events carry.
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from casino import audit_chain, evidence_anchors, registry
from casino.audit_hash import chain_key, jsonable
from casino.models import AuditEvent, Property
from casino.snapshots import snapshot

FORMAT = "casino-evidence-bundle/1"
CHUNK = 2000
EVENT_FIELDS = ("seq", "prev_hash", "hash", "created_at", "actor_id", "actor_repr",
                "property_id", "action", "target_type_id", "target_id", "target_repr", "before",
                "after")


@dataclass
class Record:
    """One record of the period: ``kind`` (slip, ledger, meter, reading, version, layout),
    its ``name`` in words, its ``values`` and, in ``checked``, which of them its audit events
    carry (value -> key of an event's ``after``; the latest event carrying a key is compared).
    Its events: those whose target is ``target``, and those whose ``after`` names
    ``reference`` (a meter's hit under a slip's reference)."""

    kind: str
    name: str
    values: dict
    checked: dict = field(default_factory=dict)
    target: object = None
    reference: str = ""


@dataclass
class Bundle:
    data: bytes
    events: int
    records: int
    first_seq: int | None
    last_seq: int | None
    anchors: int
    fingerprint: str
    problems: list[str]


def period(start: dt.date | None, end: dt.date | None):
    """The period's bounds as aware datetimes: from the start of ``start`` to the end of
    ``end``, days of the site's time zone."""
    def midnight(day):
        return timezone.make_aware(dt.datetime.combine(day, dt.time.min))
    return (midnight(start) if start else None,
            midnight(end + dt.timedelta(days=1)) if end else None)


def _line(obj: dict) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _needed(record: Record, found: dict[int, dict | None]) -> list[int]:
    """Of a record's events (seq -> ``after``), those the tool compares: for each value it
    checks, the latest event carrying it (so an old event, its values since recorded again,
    does not pull the bundle back to it)."""
    keep = set()
    for key in record.checked.values():
        carrying = [seq for seq, after in found.items() if isinstance(after, dict)
                    and key in after]
        if carrying:
            keep.add(max(carrying))
    return sorted(keep)


def _event_seqs(key: int, records: list[Record]) -> list[list[int]]:
    """Each record's event seqs in the chain, found by target (one query per model and chunk)
    and by reference (one query per chunk), trimmed to those ``_needed``."""
    by_target, by_ref = defaultdict(list), defaultdict(list)
    for record in records:
        if record.target is not None:
            ct = ContentType.objects.get_for_model(record.target)
            by_target[(ct.pk, str(record.target.pk))].append(record)
        if record.reference:
            by_ref[record.reference].append(record)
    found: dict[int, dict[int, dict | None]] = defaultdict(dict)
    events = AuditEvent.objects.filter(chain=key).exclude(seq=None)
    types = defaultdict(list)
    for type_id, pk in by_target:
        types[type_id].append(pk)
    for type_id, pks in types.items():
        for i in range(0, len(pks), CHUNK):
            for target_id, seq, after in events.filter(
                    target_type_id=type_id, target_id__in=pks[i:i + CHUNK]).values_list(
                        "target_id", "seq", "after"):
                for record in by_target[(type_id, target_id)]:
                    found[id(record)][seq] = after
    refs = list(by_ref)
    for i in range(0, len(refs), CHUNK):
        for after, seq in events.filter(after__reference__in=refs[i:i + CHUNK]).values_list(
                "after", "seq"):
            for record in by_ref.get((after or {}).get("reference"), []):
                found[id(record)][seq] = after
    return [_needed(record, found[id(record)]) for record in records]


def _target(obj) -> str | None:
    """``app_label.model:pk``, as an event names its target (``target_type``, ``target_id``)."""
    if obj is None:
        return None
    ct = ContentType.objects.get_for_model(obj)
    return f"{ct.app_label}.{ct.model}:{obj.pk}"


def _event_line(key: int, row: dict) -> dict:
    type_id = row.pop("target_type_id")
    ct = ContentType.objects.get_for_id(type_id) if type_id else None
    return {"type": "event", "chain": key, **row,
            "target_type": f"{ct.app_label}.{ct.model}" if ct else "",
            # Microseconds kept: the body hash covers them.
            "created_at": row["created_at"].isoformat(timespec="microseconds")}


def _events(key: int, start: int):
    seq = start - 1
    while True:
        rows = list(AuditEvent.objects.filter(chain=key, seq__gt=seq).order_by("seq")
                    .values(*EVENT_FIELDS)[:CHUNK])
        for row in rows:
            seq = row["seq"]
            yield _event_line(key, row)
        if len(rows) < CHUNK:
            return


def _start(key: int, lowest: int | None, anchors: list[dict]) -> tuple[int, dict | None]:
    """The first event to include and the anchor it follows (None: from the first kept)."""
    first = (AuditEvent.objects.filter(chain=key).exclude(seq=None).order_by("seq")
             .values_list("seq", flat=True).first()) or 1
    if lowest is None:
        return first, None
    before = [a for a in anchors if first - 1 <= a["seq"] < lowest]
    anchor = max(before, key=lambda a: a["seq"], default=None)
    return (anchor["seq"] + 1, anchor) if anchor else (first, None)


def build(prop: Property, start: dt.datetime | None, end: dt.datetime | None) -> Bundle:
    """The bundle of ``prop``'s records made in [start, end), in one snapshot."""
    audit_chain.link_pending()  # a write of its own, before the read-only snapshot
    with snapshot():
        return _build(prop, start, end)


def _build(prop: Property, start, end) -> Bundle:
    key = chain_key(prop.pk)
    private = evidence_anchors.load_private_key()
    public = evidence_anchors.public_key(private)
    printed = evidence_anchors.fingerprint(public)
    checked = evidence_anchors.read_anchors(key)
    problems = list(checked.problems)
    problems += [f"An anchor of chain {key} has no event number: {a}" for a in checked.anchors
                 if not isinstance(a.get("seq"), int)]
    kept = [a for a in checked.anchors if isinstance(a.get("seq"), int)]
    sources = registry.evidence_sources()
    records = [r for source in sources for r in source.collect(prop, start, end)]
    creates = {kind: sorted(actions) for source in sources
               for kind, actions in source.creates.items()}
    seqs = _event_seqs(key, records)
    in_period = AuditEvent.objects.filter(chain=key).exclude(seq=None)
    if start is not None:
        in_period = in_period.filter(created_at__gte=start)
    first_of_period = in_period.order_by("seq").values_list("seq", flat=True).first()
    now = audit_chain.head(key)
    # Nothing of the period in the chain: from the anchor before its head, to the head.
    lowest = min([s[0] for s in seqs if s] + ([first_of_period] if first_of_period else []),
                 default=now[0] if now else None)
    first, anchor = _start(key, lowest, kept)
    events = [_line(e) for e in _events(key, first)]
    anchors = [a for a in kept if a["seq"] >= first - 1]
    anchor_lines = [_line({"type": "anchor", **a}) for a in anchors]
    record_lines = [_line({"type": "record", "kind": r.kind, "name": r.name,
                           "target": _target(r.target), "values": jsonable(r.values),
                           "checked": r.checked, "events": s})
                    for r, s in zip(records, seqs, strict=True)]
    body = events + anchor_lines + record_lines
    head = json.loads(events[-1]) if events else None
    manifest = {
        "type": "manifest", "format": FORMAT,
        "property": {"name": prop.name, "license_number": prop.license_number},
        "period": {"from": timezone.localtime(start).date().isoformat() if start else None,
                   "to": (timezone.localtime(end) - dt.timedelta(days=1)).date().isoformat()
                   if end else None},
        "created_at": evidence_anchors.utc_text(timezone.now()),
        "bounds": {"from": evidence_anchors.utc_text(start) if start else None,
                   "to": evidence_anchors.utc_text(end) if end else None},
        "creates": creates,
        "chain": {"key": key, "name": str(prop), "first_seq": json.loads(events[0])["seq"]
                  if events else None, "last_seq": head["seq"] if head else None,
                  "after_anchor": anchor["seq"] if anchor else None},
        "public_key": evidence_anchors.public_key_pem(private), "key": printed,
        "parts": {part: {"lines": len(lines),
                         "sha256": hashlib.sha256(b"".join(x + b"\n" for x in lines))
                         .hexdigest()}
                  for part, lines in (("event", events), ("anchor", anchor_lines),
                                      ("record", record_lines))},
        "line_sha256": [hashlib.sha256(x).hexdigest() for x in body],
    }
    signed = b"".join(x + b"\n" for x in [_line(manifest), *body])
    signature = {"type": "signature", "algorithm": "Ed25519", "key": printed,
                 "signature": base64.b64encode(private.sign(signed)).decode()}
    return Bundle(data=signed + _line(signature) + b"\n", events=len(events),
                  records=len(records), first_seq=manifest["chain"]["first_seq"],
                  last_seq=manifest["chain"]["last_seq"], anchors=len(anchors),
                  fingerprint=printed, problems=problems)
