"""The first audit chain's hash (one global chain, migration casino.0004), frozen here so the
migrations that wrote it (0004) and read it back (0005) do not follow casino/audit_hash.py.
Django's migration loader skips modules whose name starts with an underscore."""

import datetime as dt
import hashlib
import json
from decimal import Decimal

GENESIS = "0" * 64


def _canonical(value):
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
    created = fields["created_at"].astimezone(dt.UTC).isoformat(timespec="microseconds")
    body = json.dumps(_canonical({**fields, "created_at": created, "prev_hash": prev_hash}),
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def event_fields(*, seq, created_at, actor_id, actor_repr, property_id, action, target_type,
                 target_id, target_repr, before, after) -> dict:
    return {"seq": seq, "created_at": created_at, "actor_id": actor_id,
            "actor_repr": actor_repr, "property_id": property_id, "action": action,
            "target_type": target_type, "target_id": target_id, "target_repr": target_repr,
            "before": before, "after": after}
