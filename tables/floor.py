"""Tables on the floor: their terms, the checks before one opens, opening and closing, and
settling a round by the table's own approved terms.

A table plays by its game's approved Rules Submission in force at its property (§601a.2). It
opens only with that version, a layout approved for it (§601a.10(a)), the progressive and
electronic wagering systems its wagers need (e.g. §649a.2(c)-(d)) and every meter seeded;
while open it keeps the version it opened under. Every write is audited in its transaction.
"""

from collections.abc import Mapping

from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

import games
from casino.audit import audit_record
from casino.audit_display import action_name
from casino.limits import whole_id
from casino.models import AuditEvent, Property
from casino.permissions import property_ids, require_at
from games import layout as engine_layout
from games.paytables import using
from rulesubmissions import selectors as submissions
from rulesubmissions.engine import game_spec
from rulesubmissions.models import RulesSubmission
from rulesubmissions.services import RulesError
from tables import layouts, meters
from tables.models import Layout, LayoutStatus, LinkedGroup, Table, TableStatus


class FloorError(RulesError):
    """Refused by the rules; ``errors`` maps fields to messages (a 400)."""


# --- reads ----------------------------------------------------------------------------------

def table_list(*, user) -> QuerySet[Table]:
    """Tables of the user's properties, by pit and label (other properties' are invisible)."""
    qs = Table.objects.select_related("property", "submission", "layout", "linked_group",
                                      "opened_by", "closed_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    return qs.order_by("property__name", "pit", "label")


def terms_for(table: Table) -> RulesSubmission | None:
    """The version the table plays by: while open, the one it opened under; closed, the
    version in force now (§601a.2)."""
    if table.status == TableStatus.OPEN:
        return table.submission
    return submissions.in_force(property=table.property, game=table.game)


def newer_version_waiting(table: Table) -> RulesSubmission | None:
    """The version in force when an open table still plays an older one (it takes effect at
    the table once the table closes)."""
    if table.status != TableStatus.OPEN:
        return None
    now = submissions.in_force(property=table.property, game=table.game)
    return now if now is not None and now.pk != table.submission_id else None


HISTORY = 20  # events on a table's page


def table_history(table: Table) -> list[dict]:
    """The table's own events, newest first, in words: who configured, opened and closed it
    and when (every floor role sees its tables' history; the full log is for audit readers)."""
    events = AuditEvent.objects.filter(
        target_type=ContentType.objects.get_for_model(Table), target_id=str(table.pk),
    ).select_related("actor").order_by("-created_at", "-pk")[:HISTORY]
    return [{"when": e.created_at, "who": (e.actor.get_full_name() if e.actor else "")
             or e.actor_repr, "what": action_name(e.action),
             "version": (e.after or {}).get("version")} for e in events]


def _layout_problems(table: Table, terms: RulesSubmission | None) -> list[dict]:
    """The layout's own problems; with ``terms``, also whether it shows what they need."""
    layout, rule = table.layout, f"§601a.10(a), {engine_layout.game_layout(table.game).rule}"
    if layout is None:
        return [{"reason": "No layout is assigned to the table.", "section": rule}]
    if layout.game != table.game:
        return [{"reason": f"The layout \"{layout.name}\" is for another game.", "section": rule}]
    if layout.status != LayoutStatus.APPROVED:
        return [{"reason": f"The layout \"{layout.name}\" is not approved "
                           f"({layout.get_status_display().lower()}).", "section": rule}]
    if terms is None:
        return []
    changed = layouts.layout_changes(layout, terms)
    if changed and layout.submission.version > terms.version:
        return [{"reason": f"The layout \"{layout.name}\" is approved for version "
                           f"{layout.submission.version}, which is not in force yet; it "
                           f"differs from version {terms.version}.", "section": rule}]
    if changed:
        names = "; ".join(i["text"] for i in changed)
        return [{"reason": f"The layout \"{layout.name}\" needs re-approval for version "
                           f"{terms.version}: {names}.", "section": rule}]
    return []


def _equipment_problems(table: Table, terms: RulesSubmission) -> list[dict]:
    """Equipment the checklist's items need (a progressive system with a lock-out, an
    electronic wagering system), recorded on the table."""
    problems = []
    for item in layouts.checklist_for(terms):
        if item["needs"] == engine_layout.PROGRESSIVE_SYSTEM:
            if not table.progressive_system:
                problems.append({"reason": "The table has no progressive table game system "
                                           "for its progressive wagers.", "section": item["rule"]})
            elif not table.progressive_lockout:
                problems.append({"reason": "The table's progressive table game system has no "
                                           "lock-out.", "section": item["rule"]})
        if item["needs"] == engine_layout.ELECTRONIC_WAGERING_SYSTEM and not (
                table.electronic_wagering_system):
            problems.append({"reason": "The table has no electronic wagering system for the "
                                       "wagers that need one.", "section": item["rule"]})
    return problems


def opening_problems(table: Table) -> list[dict]:
    """Every reason the table may not open now, each ``{"reason", "section"}``; empty: it may.
    Without a version in force, the layout's own problems are still listed (what it must show
    and the equipment and meters the terms need are not known yet)."""
    terms = submissions.in_force(property=table.property, game=table.game)
    if terms is None:
        return [{"reason": "The game has no approved Rules Submission in force at the "
                           "property.", "section": "§601a.2"}, *_layout_problems(table, None)]
    problems = _layout_problems(table, terms) + _equipment_problems(table, terms)
    problems += [{"reason": f"The {name} meter is not seeded.", "section": "§605a.7(a)"}
                 for name in meters.unseeded_meters(table)]
    return problems


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


def _verify_round(table: Table, terms: RulesSubmission | None, body: Mapping) -> None:
    errors = {key: message for key, message in _TERMS_KEYS.items() if key in body}
    if table.status != TableStatus.OPEN or terms is None:
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
    if errors:
        raise games.InvalidRound(errors)


def _wager_name(game: str, key: str) -> str:
    wager = game_spec(game).wager(key)
    return wager.name if wager else f"a wager called \"{key}\""


def table_settle(*, table: Table, body: dict) -> dict:
    """Settle one round at ``table`` by its approved terms: game, options and paytables from
    the version it opened under, meters from its live meters. Anything refused is a
    ``games.InvalidRound`` naming the field; the answer is the engine's plus the version used."""
    if not isinstance(body, Mapping):
        raise games.InvalidRound({"non_field_errors": "The body must be a JSON object."})
    terms = terms_for(table)
    _verify_round(table, terms, body)
    payload = {**body, "game": table.game, "options": engine_options(terms),
               "meters": meters.live_meter_amounts(table)}
    with using(submissions.catalog_for(table.property)):
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
        raise FloorError({"status": ["Close the table before changing its configuration."]})
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
    if table.status == TableStatus.OPEN:
        raise FloorError({"status": [f"Table {table.label} is already open."]})
    problems = opening_problems(table)
    if problems:
        raise FloorError({"opening": [f"{p['reason']} ({p['section']})" for p in problems]})
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
    if table.status != TableStatus.OPEN:
        raise FloorError({"status": [f"Table {table.label} is already closed."]})
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

