"""The audit log in words: action codes as people say them, before/after as a field-by-field
change. Codes stay in the data (and the API) for integrations; pages show these. The words for
the apps' own entities, statuses and values come from ``casino.registry`` (each app registers
them in its ``AppConfig.ready()``): the ground floor imports no app above it."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal
from functools import lru_cache

from django.contrib.auth import get_user_model
from django.utils.timezone import localtime

import games
from casino.formats import person
from casino.registry import AUDIT
from casino.roles import ROLES
from games.names import choice_name, words
from games.paytables import PaytableNames, builtin_catalog

# The ground floor's own entities; the apps' come from ``casino.registry``.
ENTITIES = {
    "staff": "Staff member", "property": "Property", "user": "User", "group": "Group",
    "token": "API token", "membership": "Staff membership", "session": "Sign-in",
    "chain": "Audit chain", "signin": "Sign-in", "staffmembership": "Staff membership",
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
}


def action_words() -> list[str]:
    """Words to search the actions by, for the page's suggestions: every object's name, the
    names said whole and the verbs, from here and the apps' registries (never read from the
    log, issue 24); each matches every action whose name holds it."""
    found: dict[str, str] = {}
    for text in (*ENTITIES.values(), *AUDIT.entities.values(), *NAMES.values(),
                 *AUDIT.names.values(), *VERBS.values()):
        found.setdefault(text.lower(), text)  # "Signed out" (a name) over "signed out"
    return sorted(found.values(), key=str.lower)


def _entity(entity: str) -> str | None:
    return ENTITIES.get(entity) or AUDIT.entities.get(entity)


def known_action_name(code: str) -> str | None:
    """The words for an action code we record, or ``None`` when they are not written here."""
    if (name := NAMES.get(code) or AUDIT.names.get(code)) is not None:
        return name
    _, _, rest = code.partition(".")
    entity, _, verb = rest.rpartition(".")
    if _entity(entity) and verb in VERBS:
        return f"{_entity(entity)} {VERBS[verb]}"
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
    return f"{_entity(entity) or words(entity)} {VERBS.get(verb) or words(verb).lower()}"


@dataclass(frozen=True)
class FieldChange:
    label: str
    before: str
    after: str
    kind: str  # "added", "removed", "changed" or "set" (no before/after to compare)

    def __str__(self) -> str:
        """One line of the CSV's changes: "Payout: $15,750.00", "Status: Validated → Paid"."""
        if self.kind == "set":
            return f"{self.label}: {self.after}"
        return f"{self.label}: {self.before or '—'} → {self.after or '—'}"


def who(event) -> str:
    """Who did it, by name ("Fiona Marsh"), with the token they used when they used one
    ("Fiona Marsh, with token “tablet 3”, no. 12"); "the system" for no person. The user name
    only when no name is on file (``actor_repr`` keeps it, hashed with the event)."""
    if event.actor_id is None:
        return "the system" if event.actor_repr in ("", "system") else event.actor_repr
    name = person(event.actor)
    _, token, rest = event.actor_repr.partition(" (token ")
    return f"{name}, with token {rest.removesuffix(')')}" if token else name


def object_name(event) -> str:
    """The object an event is about, as its pages name it; a person (a user, whose stored
    name is their user name) by their name, read with the event
    (``casino.selectors.with_people``)."""
    name = (getattr(event, "target_person", None) or "").strip()
    return name or event.target_repr


def _flat(data, path: str = "") -> dict[str, object]:
    if isinstance(data, dict):
        out: dict[str, object] = {}
        for key, value in data.items():
            out |= _flat(value, f"{path}.{key}" if path else str(key))
        return out
    return {path or "value": data}


# Amounts in dollars (stored as decimal strings) and rates in percent (§ rulesubmissions
# validation: "amounts are decimal strings in dollars, rates in percent").
MONEY_KEYS = {"amount", "initial", "reset", "limit", "table_minimum", "table_maximum",
              "payout_limit", "meter_amount", "minimum_wager", "maximum_wager", "paid",
              "award", "trigger", "reserve", "overflow", "total_paid", "contributed", "funded",
              "wager_amount", "meter_before", "meter_after", "total"}
CENT = Decimal("0.01")
PERCENT_KEYS = {"rate", "reserve_rate"}
# A meter's terms as the Rules Submission form names them.
METER_FIELDS = {"initial": "Initial amount", "reset": "Reset amount", "limit": "Limit",
                "rate": "Rate of progression", "reserve_rate": "Reserve rate"}
ROLE_KEYS = {"role", "roles"}
# Events whose "user" value is a person's user name (casino/signals.py): shown by name.
PEOPLE_ENTITIES = {"staffmembership", "membership", "token"}
_WHEN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)?")
_NUMBER = re.compile(r"-?\d+(\.\d+)?")
_ABILITY_PREFIX = "Casino | ability | "


def _money(value) -> str | None:
    if isinstance(value, bool) or not _NUMBER.fullmatch(str(value).strip()):
        return None
    amount = abs(Decimal(str(value).strip()))
    # Meters keep exact fractions of a cent: shown whole, never rounded away.
    text = f"{amount:,.2f}" if amount == amount.quantize(CENT) else f"{amount.normalize():,f}"
    return f"{'-' if Decimal(str(value).strip()) < 0 else ''}${text}"


def _percent(value) -> str | None:
    if isinstance(value, bool) or not _NUMBER.fullmatch(str(value).strip()):
        return None
    return f"{Decimal(str(value).strip()).normalize():f}%"


def _property_name(pk: int) -> str:
    from casino.models import Property

    return Property.objects.filter(pk=pk).values_list("name", flat=True).first() or f"#{pk}"


# Names read from the database (a property's, a Rules Submission's) while one page or export is
# written: each value read once, however many of the events shown name it (issue 24).
_NAMES: ContextVar[dict | None] = ContextVar("audit_names", default=None)


@contextmanager
def names_read_once() -> Iterator[None]:
    """Inside, a value named by a lookup is looked up once (the page's or export's own)."""
    outer = _NAMES.get() is not None
    if not outer:
        _NAMES.set({})
    try:
        yield
    finally:
        if not outer:
            _NAMES.set(None)


def _named(key: tuple, namer: Callable, value):
    memo = _NAMES.get()
    if memo is None:
        return namer(value)
    key = (*key, repr(value))
    if key not in memo:
        memo[key] = namer(value)
    return memo[key]


def _option_value(game: str, option: str, value: str) -> str:
    """An option's choice; a paytable chosen by an option (Ante Bonus "A") names the table."""
    spec = games.spec(game) if game in games.GAMES else None
    found = spec.option(option) if spec else None
    if found is not None and isinstance(found.choices, PaytableNames):
        name = found.name.removesuffix(" paytable")
        return f"{name} paytable {value}"
    return choice_name(option, value)


@lru_cache(maxsize=1)
def _wager_names() -> dict[str, set[str]]:
    names: dict[str, set[str]] = {}
    for game in games.GAMES:
        for wager in games.spec(game).wagers:
            names.setdefault(wager.key, set()).add(wager.name)
    return names


def wager_name(key: str, game: str = "") -> str | None:
    """A wager by its regulation name, the engine's (``six_card_bonus`` -> "Six Card Bonus
    Wager"): the game's when known, else the one name every game offering it gives it (a
    slip's events name the table, not the game); None for a key no game offers."""
    found = games.spec(game).wager(key) if game in games.GAMES else None
    if found is not None:
        return found.name
    names = _wager_names().get(key, set())
    return next(iter(names)) if len(names) == 1 else None


def event_changes(event) -> list[FieldChange]:
    """``changes`` of an event. The person an event is about, read with it
    (``casino.selectors.with_people``), is the one its "user" value names by user name: named
    from there, not read again."""
    name = getattr(event, "target_person", None)
    memo = _NAMES.get()
    if name is not None and memo is not None:
        memo.setdefault(("user", repr(event.target_repr)), name.strip() or event.target_repr)
    return changes(event.before, event.after, event.action)


def _user_name(value) -> str | None:
    """A person stored by their user name (a staff membership's, a token's) by their name."""
    user = get_user_model().objects.filter(username=str(value)).first()
    return person(user) if user is not None else None


def paytable_name(paytable_id: str) -> str | None:
    """A catalog paytable id (``three_card_poker.pair_plus.D``) as its catalog title ("Pair
    Plus paytable D"); one a property added is named from its wager the same way."""
    found = builtin_catalog().get(paytable_id)
    if found is not None:
        return found.title
    game, _, rest = paytable_id.partition(".")
    wager, _, name = rest.partition(".")
    if game not in games.GAMES or not wager or not name:
        return None
    spec = games.spec(game)
    chooser = spec.paytable_chooser(wager)
    return f"{chooser.name if chooser else words(wager)} paytable {name}"


def shown(value, key: str = "", entity: str = "", game: str = "") -> str:
    """A stored value as staff read it: "not set" for nothing, lists joined, Yes/No, money as
    "$1,000.00", rates as "5%", statuses, roles, games and paytables by their names, a
    snake_case key in words ("manual_shoe" under dealing_procedure: "Manual dealing shoe")."""
    if key.startswith("wagers.") and value == "":
        return "Offered (no paytable)"
    if value is None or value == "":
        return "not set"
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, (list, tuple)):
        return ", ".join(shown(v, key, entity, game) for v in value) or "not set"
    field = key.rpartition(".")[2]
    if key.startswith("options.") and isinstance(value, str):
        return _option_value(game, field, value)
    text = str(value)
    if field in MONEY_KEYS and (money := _money(value)) is not None:
        return money
    if field in PERCENT_KEYS and (percent := _percent(value)) is not None:
        return percent
    if field == "wager" and isinstance(value, str) and (name := wager_name(value, game)):
        return name
    if field == "user" and entity in PEOPLE_ENTITIES and (
            name := _named(("user",), _user_name, value)) is not None:
        return name
    if field == "status":
        labels = AUDIT.statuses.get(entity) or {}
        return labels.get(text) or words(text)
    if field == "property" and isinstance(value, int):
        return _named(("property",), _property_name, value)
    if ((namer := AUDIT.values.get((entity, field)))
            and (name := _named((entity, field), namer, value)) is not None):
        return name
    if field in ROLE_KEYS and text in ROLES:
        return ROLES[text].label
    if text in (labels := AUDIT.choices.get(field, {})):
        return labels[text]
    if text in games.GAMES:
        return games.spec(text).name
    if text.startswith(_ABILITY_PREFIX):
        return text[len(_ABILITY_PREFIX):]
    if text.count(".") == 2 and (name := paytable_name(text)) is not None:
        return name
    if isinstance(value, str) and _WHEN.fullmatch(value):
        return localtime(datetime.fromisoformat(value)).strftime("%Y-%m-%d %H:%M %Z")
    if isinstance(value, str) and re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", value):
        return choice_name(field, value)
    return text


@lru_cache(maxsize=4096)  # a pure function of the games' specs: the page's rows reuse a few
def label(path: str, game: str = "") -> str:
    """``meters.five_card_progressive.initial`` -> ``Meters › Five card progressive ›
    Initial``; with the game known, its wagers, options and meters by the game's names
    ("Wagers › Pair Plus Wager", "Meters › Five-Card Progressive › Initial amount ($)")."""
    parts = path.split(".")
    spec = games.spec(game) if game in games.GAMES else None
    if spec is not None and len(parts) > 1:
        lookup = {"wagers": spec.paytable_chooser, "options": spec.option,
                  "meters": spec.meter}.get(parts[0])
        found = lookup(parts[1]) if lookup else None
        if found is not None:
            rest = [METER_FIELDS.get(p) or words(p) for p in parts[2:]]
            return " › ".join([words(parts[0]), found.name, *rest])
    return " › ".join(words(part) for part in parts)


def changes(before: dict | None, after: dict | None, action: str = "") -> list[FieldChange]:
    """Each field that differs, in the order written; with only one side, every field.
    ``action`` (the event's code) says whose statuses they are."""
    entity = action.rpartition(".")[0].rpartition(".")[2]
    game = str((after or {}).get("game") or (before or {}).get("game") or "")

    def say(value, key):
        return shown(value, key, entity, game)

    def label_of(key):
        return AUDIT.labels.get((entity, key)) or label(key, game)

    old, new = _flat(before or {}), _flat(after or {})
    # What the event is about, shown even where it did not change (a payment's amount).
    context = [FieldChange(label_of(key), "", say(new[key], key), "set")
               for key in AUDIT.shown_with.get(action, ())
               if key in new and before is not None and old.get(key) == new[key]]
    if before is None or after is None:
        side, kind = (new, "set") if before is None else (old, "removed")
        return [FieldChange(label_of(k), "" if before is None else say(v, k),
                            say(v, k) if before is None else "", kind)
                for k, v in side.items()]
    out = context
    for key in [*new, *(k for k in old if k not in new)]:
        a, b = old.get(key, None), new.get(key, None)
        if a == b:
            continue
        kind = "added" if key not in old else "removed" if key not in new else "changed"
        out.append(FieldChange(label_of(key), say(a, key) if key in old else "",
                               say(b, key) if key in new else "", kind))
    return out
