"""The audit log in words: action codes as people say them, before/after as a field-by-field
change. Codes stay in the data (and the API) for integrations; pages show these."""

from __future__ import annotations

import re
from dataclasses import dataclass

import games
from games.names import choice_name, words

ENTITIES = {
    "submission": "Rules Submission", "paytable": "Catalog paytable", "staff": "Staff member",
    "property": "Property", "slip": "Jackpot slip", "meter": "Progressive meter",
    "meter_adjustment": "Meter adjustment", "table": "Table", "layout": "Table layout",
    "user": "User", "group": "Group", "token": "API token", "membership": "Staff membership",
    "session": "Sign-in", "par_sheet": "Par sheet", "chain": "Audit chain",
    "signin": "Sign-in", "staffmembership": "Staff membership",
    "linked_group": "Linked progressive group",
}
VERBS = {
    "create": "created", "update": "changed", "submit": "submitted", "approve": "approved",
    "return": "returned with comments", "propose": "proposed", "reject": "rejected",
    "retire": "retired", "request_retirement": "retirement asked", "keep": "kept",
    "add": "added", "remove": "removed", "set_role": "role changed", "delete": "deleted",
    "record": "recorded", "validate": "validated", "pay": "paid", "void": "voided",
    "void_request": "void asked", "open": "opened", "close": "closed", "seed": "seeded",
    "hit": "hit", "reverse": "reversed", "reconciled": "reconciled",
    "reconciliation_alert": "reconciliation alert", "parameters": "parameters changed",
    "mystery_win": "Mystery Bonus won", "recheck": "checked again", "append": "appended",
    "login": "signed in", "logout": "signed out", "login_failed": "sign-in failed",
    "rotate": "rotated", "revoke": "revoked", "verify": "verified", "broken": "broken",
    "issue": "issued", "expire": "expired", "success": "succeeded", "failure": "failed",
    "lockout": "locked out", "signout": "signed out", "unlock": "unlocked",
    "groups_add": "added to a role", "groups_remove": "removed from a role",
    "groups_clear": "all roles removed", "request": "requested",
}
# Whole codes the entity and verb do not say well on their own.
NAMES = {
    "casino.signin.success": "Sign-in succeeded",
    "casino.signin.failure": "Sign-in failed",
    "casino.signin.signout": "Signed out",
    "casino.signin.lockout": "Locked out after failed sign-ins",
    "casino.signin.unlock": "Sign-in lockout lifted",
    "auth.user.user_permissions_add": "User given permissions",
    "auth.user.user_permissions_remove": "User permissions removed",
    "auth.group.permissions_add": "Group given permissions",
    "auth.group.permissions_remove": "Group permissions removed",
    "tables.meter.reconciliation_alert": "Progressive meter reconciliation alert raised",
    "tables.meter.mystery_win": "Must-Hit-By Mystery Bonus won",
}


def known_action_name(code: str) -> str | None:
    """The words for an action code we record, or ``None`` when they are not written here."""
    if code in NAMES:
        return NAMES[code]
    _, _, rest = code.partition(".")
    entity, _, verb = rest.rpartition(".")
    if entity in ENTITIES and verb in VERBS:
        return f"{ENTITIES[entity]} {VERBS[verb]}"
    return None


def action_name(code: str) -> str:
    """``rulesubmissions.submission.approve`` -> ``Rules Submission approved``; a code
    without words here (an old or foreign one) is spelt out from its parts."""
    known = known_action_name(code)
    if known is not None:
        return known
    _, _, rest = code.partition(".")
    entity, _, verb = rest.rpartition(".")
    if not entity:
        return words(code)
    return f"{ENTITIES.get(entity) or words(entity)} {VERBS.get(verb) or words(verb).lower()}"


@dataclass(frozen=True)
class FieldChange:
    label: str
    before: str
    after: str
    kind: str  # "added", "removed", "changed" or "set" (no before/after to compare)


def _flat(data, path: str = "") -> dict[str, object]:
    if isinstance(data, dict):
        out: dict[str, object] = {}
        for key, value in data.items():
            out |= _flat(value, f"{path}.{key}" if path else str(key))
        return out
    return {path or "value": data}


def shown(value, key: str = "") -> str:
    """A stored value as text: "not set" for nothing, lists joined, booleans as Yes/No, a
    snake_case key in words ("manual_shoe" under dealing_procedure: "Manual dealing shoe")."""
    if value is None or value == "":
        return "not set"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(v, key) for v in value) or "none"
    if key.rpartition(".")[2] == "game" and value in games.GAMES:
        return games.spec(value).name
    if isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", value):
        return choice_name(key.rpartition(".")[2], value)
    return str(value)


def label(path: str) -> str:
    """``meters.five_card_progressive.initial`` -> ``Meters › Five card progressive ›
    Initial``."""
    return " › ".join(words(part) for part in path.split("."))


def changes(before: dict | None, after: dict | None) -> list[FieldChange]:
    """Each field that differs, in the order written; with only one side, every field."""
    old, new = _flat(before or {}), _flat(after or {})
    if before is None or after is None:
        side, kind = (new, "set") if before is None else (old, "removed")
        return [FieldChange(label(k), "" if before is None else shown(v, k),
                            shown(v, k) if before is None else "", kind)
                for k, v in side.items()]
    out = []
    for key in [*new, *(k for k in old if k not in new)]:
        a, b = old.get(key, None), new.get(key, None)
        if a == b:
            continue
        kind = "added" if key not in old else "removed" if key not in new else "changed"
        out.append(FieldChange(label(key), shown(a, key) if key in old else "",
                               shown(b, key) if key in new else "", kind))
    return out
