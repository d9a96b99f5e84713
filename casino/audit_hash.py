"""The audit chain's arithmetic, with no model behind it (so casino/models.py and
casino/audit_chain.py both use it and neither imports the other).

An event's ``body`` is the SHA-256 of its fields in a canonical form; its link is
``hash = SHA-256("<chain>:<seq>:<prev_hash>:<body>")``, where ``chain`` is its property's id
(0: the chain of events that belong to no property). The body is worked out in Python (the
canonical form of JSON is Python's); the link is plain text, so PostgreSQL computes it at commit
(casino/audit_chain.py) exactly as ``link_hash`` does here.
"""

import datetime as dt
import hashlib
import json
from decimal import Decimal

from django.core.serializers.json import DjangoJSONEncoder

GENESIS = "0" * 64
NO_PROPERTY = 0  # the chain key of events that belong to no property (users, tokens, sign-ins)


def chain_key(property_id: int | None) -> int:
    return NO_PROPERTY if property_id is None else int(property_id)


def jsonable(data):
    """What the database will hand back: Decimals, dates and UUIDs as strings."""
    if data is None:
        return None
    return json.loads(json.dumps(data, cls=DjangoJSONEncoder))


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


def event_fields(*, created_at, actor_id, actor_repr, property_id, action, target_type,
                 target_id, target_repr, before, after) -> dict:
    """What the body covers; ``target_type`` is ``app_label.model`` (ids differ across DBs)."""
    return {"created_at": created_at, "actor_id": actor_id, "actor_repr": actor_repr,
            "property_id": property_id, "action": action, "target_type": target_type,
            "target_id": target_id, "target_repr": target_repr, "before": before,
            "after": after}


BODY_FIELDS = ("created_at", "actor_id", "actor_repr", "property_id", "action", "target_type_id",
               "target_id", "target_repr", "before", "after")


def body_of(values) -> str:
    """The digest of an event's fields, from a mapping of its ``BODY_FIELDS`` (a row)."""
    from django.contrib.contenttypes.models import ContentType

    label = values.get("target_type")  # ``app_label.model`` (an archive file's rows)
    if label is None:
        type_id = values["target_type_id"]
        ct = ContentType.objects.get_for_id(type_id) if type_id else None
        label = f"{ct.app_label}.{ct.model}" if ct else ""
    return body_hash(event_fields(
        created_at=values["created_at"], actor_id=values["actor_id"],
        actor_repr=values["actor_repr"], property_id=values["property_id"],
        action=values["action"], target_type=label,
        target_id=values["target_id"], target_repr=values["target_repr"],
        before=values["before"], after=values["after"]))


def body_hash(fields: dict) -> str:
    created = fields["created_at"].astimezone(dt.UTC).isoformat(timespec="microseconds")
    body = json.dumps(_canonical({**fields, "created_at": created}), sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def link_hash(chain: int, seq: int, prev_hash: str, body: str) -> str:
    """The event's place in its chain; PostgreSQL's casino_auditevent_link() is the same."""
    return hashlib.sha256(f"{chain}:{seq}:{prev_hash}:{body}".encode("ascii")).hexdigest()


def check_fields(check) -> dict:
    """What a chain check's hash covers (``AuditChainCheck`` or its historical model)."""
    return {"chain": check.chain, "kind": check.kind, "ok": check.ok,
            "checked_at": check.checked_at.astimezone(dt.UTC).isoformat(timespec="microseconds"),
            "events_checked": check.events_checked, "first_seq": check.first_seq,
            "last_seq": check.last_seq, "last_hash": check.last_hash,
            "problems": list(check.problems)}


def check_hash(fields: dict, prev_hash: str) -> str:
    """A chain check's own link to the check before it (checks are verifiable too)."""
    body = json.dumps(_canonical({**fields, "prev_hash": prev_hash}), sort_keys=True,
                      separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()
