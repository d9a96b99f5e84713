"""What a version changes against the version in force, for the compliance review: each term
in words, and a changed paytable row by row, side by side."""

from __future__ import annotations

from dataclasses import dataclass, field

from casino.formats import money, number, odds
from games.names import choice_name, hand_name
from games.paytables import Catalog, Paytable, PaytableNames
from rulesubmissions.engine import game_spec
from rulesubmissions.validation import METER_FIELDS

LIMITS = {"table_minimum": "Table minimum wager", "table_maximum": "Table maximum wager",
          "payout_limit": "Payout limit"}


@dataclass(frozen=True)
class RowChange:
    """One hand of two paytables: its odds in each ("" where that table does not pay it)."""

    hand: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True)
class Change:
    path: str
    label: str
    kind: str  # "added", "removed" or "changed"
    before: str
    after: str
    # A paytable selection: the tables in force and in this version, and their rows.
    before_table: Paytable | None = None
    after_table: Paytable | None = None
    rows: tuple[RowChange, ...] = field(default=())


def _labels(game: str) -> dict[str, str]:
    spec = game_spec(game)
    if spec is None:
        return {}
    labels = {f"options.{o.key}": o.name for o in spec.options}
    labels |= {f"wagers.{w.key}": w.name for w in spec.wagers}
    for m in spec.meters:
        # The unit goes with the value ("$10,000.00", "5%"), not the editor's "(\$)" label.
        labels |= {f"meters.{m.key}.{f}": f"{m.name}: {text.partition(' (')[0]}"
                   for f, text in METER_FIELDS.items()}
    return labels | LIMITS


def flatten(terms: dict) -> dict[str, str]:
    """Each term as ``path -> value``; a wager without a paytable is "offered"."""
    # a value of a shape (Royal 9's combinations) in words, not as Python writes it
    flat = {f"options.{k}": choice_name(k, v) if isinstance(v, dict | list) else str(v)
            for k, v in terms.get("options", {}).items()}
    flat |= {f"wagers.{k}": v or "offered" for k, v in terms.get("wagers", {}).items()}
    for key, amounts in terms.get("meters", {}).items():
        flat |= {f"meters.{key}.{f}": v for f, v in amounts.items() if v}
    flat |= {k: terms[k] for k in LIMITS if terms.get(k)}
    return flat


def _paytable_wager(game: str, path: str) -> str | None:
    """The catalog wager a term selects a paytable for (a wager, or a paytable option)."""
    spec = game_spec(game)
    kind, _, key = path.partition(".")
    if spec is None or kind not in ("wagers", "options"):
        return None
    if kind == "wagers":
        return key
    o = spec.option(key)
    return o.choices.wager if o is not None and isinstance(o.choices, PaytableNames) else None


def condition_words(when) -> str:
    """A paytable row's condition as staff read it: " (on a $1.00 wager)" for an Envy amount,
    " (random payout 1,000 to 1)" for a roulette RNG row; "" for none."""
    parts = []
    for key, value in dict(when).items():
        if key == "wager":
            parts.append(f"on a {money(value)} wager")
        elif key == "rng":
            parts.append(f"random payout {number(value)} to 1")
        else:
            parts.append(f"{key} {value}")
    return "".join(f" ({p})" for p in parts)


def rows_side_by_side(before: Paytable | None, after: Paytable | None) -> tuple[RowChange, ...]:
    """Every hand either table pays, in the new table's order, then hands only the old paid."""
    def posted(table):
        return {} if table is None else {(r.hand, tuple(sorted(r.when.items()))):
                                         odds(r.value, r.basis) for r in table.rows}
    old, new = posted(before), posted(after)
    keys = [*new, *(k for k in old if k not in new)]

    def name(key):
        hand, when = key
        return hand_name(hand) + condition_words(when)
    return tuple(RowChange(name(k), old.get(k, ""), new.get(k, "")) for k in keys)


def _shown(game: str, path: str, value: str | None, table: Paytable | None) -> str:
    if value is None:
        return ""
    if table is not None:
        return table.title
    if path.startswith("options."):
        return choice_name(path.removeprefix("options."), value)
    if path in LIMITS or path.split(".")[-1] in ("initial", "reset", "limit"):
        return money(value)
    if path.split(".")[-1] in ("rate", "reserve_rate"):
        return f"{value}%"
    return value


def diff_terms(before: dict | None, after: dict, catalog: Catalog | None = None) -> list[Change]:
    """Every term added, removed or changed from ``before`` (None: all added); with the
    ``catalog``, a paytable is named by its title and compared row by row."""
    old, new = flatten(before or {}), flatten(after)
    game = after.get("game", "")
    labels = _labels(game)
    changes = []
    for path in [*new, *(p for p in old if p not in new)]:
        a, b = old.get(path), new.get(path)
        if a == b:
            continue
        kind = "added" if a is None else "removed" if b is None else "changed"
        wager = _paytable_wager(game, path) if catalog is not None else None
        ta = catalog.resolve(game, wager, a) if wager and a else None
        tb = catalog.resolve(game, wager, b) if wager and b else None
        rows = rows_side_by_side(ta, tb) if ta or tb else ()
        changes.append(Change(path, labels.get(path, path), kind, _shown(game, path, a, ta),
                              _shown(game, path, b, tb), ta, tb, rows))
    return changes
