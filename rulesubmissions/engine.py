"""What the game engine publishes, read for the back office (no Django here).

The engine is the single source of truth for a game's wagers, options, paytables, meters and
minimums (§601a.2: a game is offered only as its Rules Submission says); this module only asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal

import games
from games.errors import InvalidRound
from games.money import fmt
from games.paytables import Catalog, using
from games.spec import GameSpec, MeterSpec


def game_spec(game: object) -> GameSpec | None:
    """The game's SPEC, or None when the key is not a game the engine has (yet)."""
    try:
        return games.spec(game)
    except (InvalidRound, ModuleNotFoundError, AttributeError):
        return None


def available_games() -> tuple[GameSpec, ...]:
    return tuple(s for s in (game_spec(g) for g in games.GAMES) if s is not None)


def _money(value: Decimal | None) -> str | None:
    return None if value is None else fmt(value)


def _meter(m: MeterSpec) -> dict:
    return {
        "key": m.key, "name": m.name, "rule": m.rule, "wager": m.wager, "note": m.note,
        "min_initial": _money(m.min_initial), "min_reset": _money(m.min_reset),
        "min_rate": None if m.min_rate is None else str(m.min_rate),
        "max_rate": None if m.max_rate is None else str(m.max_rate),
        "minimums_when": [
            {"when": dict(x.when), "rule": x.rule, "min_initial": _money(x.min_initial),
             "min_reset": _money(x.min_reset)}
            for x in m.minimums_when
        ],
    }


def describe(spec: GameSpec, cat: Catalog) -> dict:
    """A game's terms as JSON: wagers with their paytables, options, meters and minimums
    (paytable options list ``cat``'s paytables)."""
    with using(cat):
        return _describe(spec, cat)


def _describe(spec: GameSpec, cat: Catalog) -> dict:
    return {
        "key": spec.key, "name": spec.name, "rule": spec.rule, "positions": spec.positions,
        "options": [
            {"key": o.key, "name": o.name, "rule": o.rule, "choices": list(o.choices),
             "default": o.default, "requires_wagers": dict(o.requires_wagers),
             "required_with": dict(o.required_with)}
            for o in spec.options
        ],
        "wagers": [
            {"key": w.key, "name": w.name, "rule": w.rule, "optional": w.optional,
             "base": w.base, "paytable_required": w.paytable_required,
             "requires": dict(w.requires),
             "requires_wagers": [{"one_of": list(n), "rule": r} for n, r in w.needed_wagers()],
             "meters": [m.key for m in spec.meters_for(w.key)],
             "paytables": [p.id for p in cat.for_wager(spec.key, w.key)]}
            for w in spec.wagers
        ],
        "meters": [_meter(m) for m in spec.meters],
    }


def meter_context(options: Mapping[str, object], wagers: Mapping[str, str],
                  cat: Catalog) -> dict[str, object]:
    """Options plus each offered wager's paytable name, for ``MeterSpec.minimums``."""
    context: dict[str, object] = dict(options)
    for key, pid in wagers.items():
        table = cat.get(pid) if pid else None
        if table is not None:
            context[key] = table.name
    return context

