"""Tables on the floor: settling a round by the table's own approved terms, and every write
(configuring, opening and closing a table, naming a linked group), each audited in its
transaction.

A table plays by its game's approved Rules Submission in force at its property (§601a.2). It
opens only with that version, a layout approved for it (§601a.10(a)), the progressive and
electronic wagering systems its wagers need (e.g. §649a.2(c)-(d)) and every meter seeded
(``selectors.opening_problems``); while open it keeps the version it opened under.
"""

from collections.abc import Mapping

from django.db import IntegrityError, transaction
from django.utils import timezone

import games
from casino.audit import audit_record
from casino.decisions import Decision
from casino.limits import whole_id
from casino.models import Property
from casino.permissions import require_at
from games.paytables import using
from games.wager_rules import refusals, wager_rules
from rulesubmissions import selectors as submissions
from rulesubmissions.engine import game_spec
from rulesubmissions.models import RulesSubmission
from rulesubmissions.services import RulesError, StateRefused
from tables.floor import decisions, hooks
from tables.floor.models import Layout, LinkedGroup, Table, TableStatus
from tables.floor.selectors import terms_for


class FloorError(RulesError):
    """Refused by the rules; ``errors`` maps fields to messages (a 400)."""


class FloorConflict(FloorError, StateRefused):
    """Refused by the table's state (a 409): opening an open table, changing an open one."""


def _enforce(decision: Decision) -> None:
    """A refusal by the table's state: a ``FloorConflict`` (a 409) naming every reason (the
    role was refused before, a 403)."""
    if not decision:
        raise FloorConflict({decision.field: list(decision.each) or [decision.reason]})


# --- settling at the table ------------------------------------------------------------------

def engine_options(submission: RulesSubmission) -> dict:
    """The engine's ``options`` for rounds under ``submission``: its options, each offered
    wager's paytable under the wager's key, and its payout limit (§601a.2: every term
    approved, nothing else)."""
    options = {k: v for k, v in submission.options.items() if v is not None}
    options |= {wager: paytable for wager, paytable in submission.wagers.items() if paytable}
    if submission.payout_limit is not None:
        options["payout_limit"] = f"{submission.payout_limit:.2f}"
    return options


# Keys the table's terms and live meters supply; a request may not send its own.
_TERMS_KEYS = {"game": "Not accepted: the game is the table's own (§601a.2).",
               "options": "Not accepted: the table's approved terms supply it (§601a.2).",
               "meters": "Not accepted: the table's live progressive meters supply it "
                         "(§601a.2)."}


def wager_rules_of(terms: RulesSubmission) -> dict:
    """Each offered wager's amount rule under ``terms``, as the engine decides it
    (``games.wager_rules``: the table limits are the main wagers', a progressive wager's
    amount a term of its own). Run ``using`` the property's catalog; the wager feed asks it
    too, so a wager is refused alike wherever it comes in."""
    return wager_rules(terms.game, wagers=terms.wagers, options=terms.options,
                       table_minimum=terms.table_minimum, table_maximum=terms.table_maximum)


def _verify_round(table: Table, terms: RulesSubmission | None, body: Mapping, *,
                  as_recorded: bool = False) -> None:
    errors = {key: message for key, message in _TERMS_KEYS.items() if key in body}
    if (table.status != TableStatus.OPEN and not as_recorded) or terms is None:
        errors["table"] = f"Table {table.label} is closed: rounds are settled only at an open " \
                          f"table (§601a.2)."
    positions = body.get("positions")
    for n, position in enumerate(positions if isinstance(positions, list) else []):
        if not isinstance(position, Mapping):
            continue
        seat = position.get("seat")
        if isinstance(seat, int) and not isinstance(seat, bool) and seat > table.positions:
            errors[f"positions[{n}].seat"] = (
                f"Seat {seat} is beyond the table's {table.positions} betting positions "
                f"({game_spec(table.game).rule}).")
        wagers = position.get("wagers")
        for key in (wagers if isinstance(wagers, Mapping) and terms else ()):
            if key not in terms.wagers:
                errors[f"positions[{n}].wagers.{key}"] = (
                    f"The table's approved terms (version {terms.version}) do not offer "
                    f"{_wager_name(table.game, key)} (§601a.2).")
    if terms is not None:
        errors = refusals(wager_rules_of(terms), positions) | errors
    if errors:
        raise games.InvalidRound(errors)


def _wager_name(game: str, key: str) -> str:
    wager = game_spec(game).wager(key)
    return wager.name if wager else f"a wager called \"{key}\""


def table_settle(*, table: Table, body: dict, terms: RulesSubmission | None = None,
                 meters: Mapping | None = None, live: Mapping | None = None) -> dict:
    """Settle one round at ``table`` by its approved terms: game, options and paytables from
    the version it opened under, meters from its live meters. Anything refused is a
    ``games.InvalidRound`` naming the field; the answer is the engine's plus the version used.

    ``terms`` and ``meters`` settle a round again as it was recorded (a jackpot slip's
    validation): under the version it was dealt by and the meter amounts it was paid from,
    whether or not the table is open now. ``live``: the live meters as a caller that holds
    them locked read them (a recording), not read again."""
    if not isinstance(body, Mapping):
        raise games.InvalidRound({"non_field_errors": "The body must be a JSON object."})
    as_recorded = terms is not None
    terms = terms or terms_for(table)
    with using(submissions.catalog_for(table.property)):
        _verify_round(table, terms, body, as_recorded=as_recorded)
        live = hooks.live_meters(table) if live is None else live
        payload = {**body, "game": table.game, "options": engine_options(terms),
                   "meters": live if meters is None else {**live, **meters}}
        result = games.settle(payload)
    return {**result, "submission": {"id": terms.pk, "version": terms.version}}


# --- writes ---------------------------------------------------------------------------------

TABLE_FIELDS = ("label", "pit", "game", "positions", "progressive_system",
                "progressive_lockout", "electronic_wagering_system", "linked_group", "layout")


def _text(errors: dict, data: Mapping, key: str, *, required: bool = False) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        errors[key] = ["Must be text."]
        return ""
    value = value.strip()
    if required and not value:
        errors[key] = ["Required."]
    return value


def _positions(errors: dict, value: object, game: str) -> int:
    spec = game_spec(game)
    if isinstance(value, str):  # ASCII digits: "²" is a digit to isdigit() but not to int()
        value = whole_id(value.strip()) or value
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        errors["positions"] = ["A whole number of betting positions, 1 or more."]
    elif spec is not None and value > spec.positions:
        errors["positions"] = [f"{spec.name} has at most {spec.positions} betting positions "
                               f"({spec.rule})."]
    return value


def _related(errors: dict, model, key: str, value: object, prop: Property, game: str):
    if value in (None, ""):
        return None
    pk = whole_id(value)
    found = model.objects.filter(pk=pk, property=prop).first() if pk else None
    if found is None:
        errors[key] = ["Not found at this property."]
    elif found.game != game:
        errors[key] = [f"\"{found}\" is for another game."]
    return found


def _clean(prop: Property, data: Mapping, table: Table | None) -> dict:
    """The table's fields from ``data`` (a field not given keeps its value); unknown keys and
    bad values are named."""
    if not isinstance(data, Mapping):
        raise FloorError({"non_field_errors": ["The body must be a JSON object."]})
    errors = {key: ["Unknown field."] for key in data if key not in TABLE_FIELDS}
    current = {f: getattr(table, f) for f in TABLE_FIELDS} if table else {}
    if table:
        current["linked_group"], current["layout"] = table.linked_group_id, table.layout_id
    merged = {**current, **data}
    game = _text(errors, merged, "game", required=True)
    if game and game_spec(game) is None:
        errors["game"] = [f"No game is called \"{game}\"."]
    lockout = merged.get("progressive_lockout", False)
    if not isinstance(lockout, bool):
        errors["progressive_lockout"] = ["Yes or no (true/false)."]
    cleaned = {
        "label": _text(errors, merged, "label", required=True),
        "pit": _text(errors, merged, "pit"),
        "game": game,
        "positions": _positions(errors, merged.get("positions"), game),
        "progressive_system": _text(errors, merged, "progressive_system"),
        "progressive_lockout": lockout,
        "electronic_wagering_system": _text(errors, merged, "electronic_wagering_system"),
        "linked_group": _related(errors, LinkedGroup, "linked_group",
                                 merged.get("linked_group"), prop, game),
        "layout": _related(errors, Layout, "layout", merged.get("layout"), prop, game),
    }
    if errors:
        raise FloorError(errors)
    return cleaned


def _snapshot(table: Table) -> dict:
    """The configuration as the audit log shows it: the layout and linked group by name."""
    return {f: (str(getattr(table, f)) if getattr(table, f) else None)
            if f in ("linked_group", "layout") else getattr(table, f) for f in TABLE_FIELDS}


def _save(table: Table) -> None:
    try:
        with transaction.atomic():
            table.save()
    except IntegrityError:
        raise FloorError({"label": [f"Table {table.label} already exists here."]}) from None


@transaction.atomic
def table_create(*, actor, property: Property, data: Mapping) -> Table:
    """A table games manager adds a table (closed) to the floor."""
    require_at(actor, "tables.configure", property)
    table = Table(property=property, **_clean(property, data, None))
    _save(table)
    audit_record(actor=actor, action="tables.table.create", target=table,
                 after=_snapshot(table))
    return table


@transaction.atomic
def table_update(*, actor, table: Table, data: Mapping) -> Table:
    """Change a closed table's configuration (an open table's game and equipment are what it
    opened with)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_at(actor, "tables.configure", table.property)
    if table.status == TableStatus.OPEN:
        raise FloorConflict({"status": [f"Table {table.label} is open. Close the table before "
                                        "changing its configuration."]})
    before = _snapshot(table)
    for key, value in _clean(table.property, data, table).items():
        setattr(table, key, value)
    _save(table)
    audit_record(actor=actor, action="tables.table.update", target=table, before=before,
                 after=_snapshot(table))
    return table


@transaction.atomic
def table_open(*, actor, table: Table) -> Table:
    """A floor manager opens the table under the version in force, which it keeps until it
    closes; refused with every reason it may not."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_at(actor, "tables.operate", table.property)
    _enforce(decisions.may_open(actor, table))  # the status panel's rule (``decisions``)
    table.submission = submissions.in_force(property=table.property, game=table.game)
    table.status, table.opened_by, table.opened_at = TableStatus.OPEN, actor, timezone.now()
    table.save()
    audit_record(actor=actor, action="tables.table.open", target=table,
                 before={"status": TableStatus.CLOSED},
                 after={"status": TableStatus.OPEN, "version": table.submission.version,
                        "layout": table.layout.name})
    return table


@transaction.atomic
def table_close(*, actor, table: Table) -> Table:
    """A floor manager closes the table; it opens next under the version then in force."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_at(actor, "tables.operate", table.property)
    _enforce(decisions.may_close(actor, table))
    version = table.submission.version if table.submission else None
    table.status, table.closed_by, table.closed_at = TableStatus.CLOSED, actor, timezone.now()
    table.save()
    audit_record(actor=actor, action="tables.table.close", target=table,
                 before={"status": TableStatus.OPEN, "version": version},
                 after={"status": TableStatus.CLOSED})
    return table


@transaction.atomic
def linked_group_create(*, actor, property: Property, name: str, game: str) -> LinkedGroup:
    """A table games manager names a group of tables sharing one progressive meter per level
    (§605a.8); tables join it through their configuration."""
    require_at(actor, "tables.configure", property)
    errors = {}
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        errors["name"] = ["Required."]
    if game_spec(game) is None:
        errors["game"] = [f"No game is called \"{game}\"."]
    if errors:
        raise FloorError(errors)
    try:
        with transaction.atomic():
            group = LinkedGroup.objects.create(property=property, name=name, game=game)
    except IntegrityError:
        raise FloorError({"name": [f"A linked group named \"{name}\" already exists here."]}) \
            from None
    audit_record(actor=actor, action="tables.linked_group.create", target=group,
                 after={"name": name, "game": game})
    return group
