"""What a par sheet says of one wager, and the arithmetic every game's sheet shares.

A wager's sheet lists each outcome (a paytable row, or "loses") with its probability and its
*return*: probability times the net win per unit wagered, so the returns add up to the
player's expected net and the house edge is minus their sum, as published analyses state it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar, cast

from games.errors import InvalidRound
from games.paytables import Paytable, Row, catalog
from games.settlement import win_row

T = TypeVar("T")
D = TypeVar("D")
# A par sheet reports how far it has got (0 to 1) to a progress bar.
Progress = Callable[[float], None]

EXACT, MONTE_CARLO = "exact", "monte_carlo"
LOSES = "loses"
Z95 = 1.959963984540054  # two-sided 95% normal quantile
NJ_TOP_AWARD_CAP = 1e-8  # New Jersey: a top award no rarer than 1 in 100 million


class ParError(InvalidRound):
    """A par sheet request the engine cannot answer, by field (``game``, ``wager``,
    ``paytable``, ``options.<key>``)."""


@dataclass(frozen=True)
class Outcome:
    """One line of a sheet: ``net`` units won (negative: lost) with ``probability``."""

    hand: str
    probability: float
    net: float

    @property
    def ret(self) -> float:
        return self.probability * self.net


@dataclass
class WagerPar:
    """The par of one wager at one paytable."""

    wager: str
    name: str
    paytable: str | None
    outcomes: Sequence[Outcome]
    method: str = EXACT
    ci95: tuple[float, float] | None = None
    house_edge: float | None = None  # set for Monte Carlo, else minus the expected net
    std_dev: float | None = None
    notes: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        mean = sum(o.ret for o in self.outcomes)
        if self.house_edge is None:
            self.house_edge = -mean
        if self.std_dev is None:
            second = sum(o.probability * o.net * o.net for o in self.outcomes)
            self.std_dev = math.sqrt(max(second - mean * mean, 0.0))

    @property
    def hit_frequency(self) -> float:
        return sum(o.probability for o in self.outcomes if o.net > 0)

    def as_dict(self) -> dict[str, Any]:
        return {
            "wager": self.wager, "name": self.name, "paytable": self.paytable,
            "house_edge": self.house_edge, "std_dev": self.std_dev, "method": self.method,
            "ci95": list(self.ci95) if self.ci95 else None,
            "hit_frequency": self.hit_frequency,
            "rows": [{"hand": o.hand, "probability": o.probability, "return": o.ret}
                     for o in self.outcomes],
            "notes": list(self.notes), **self.extra,
        }


def sheet(game: str, wagers: Iterable[WagerPar]) -> dict[str, Any]:
    return {"game": game, "wagers": [w.as_dict() for w in wagers]}


def resolve(game: str, wager: str, chosen: object, *, catalog_wager: str | None = None,
            field_name: str = "paytable") -> Paytable:
    """The paytable as the settle API accepts it: the regulation's name or the catalog id
    (``Catalog.resolve``), of the active catalog."""
    key = catalog_wager or wager
    found = catalog().resolve(game, key, str(chosen))
    if found is None:
        names = ", ".join(p.name for p in catalog().for_wager(game, key)) or "none"
        raise ParError({field_name: f"{chosen!r} is not a paytable of {game} {key} "
                                    f"(the catalog has: {names})"})
    return found


def tables_for(game: str, wager: str, chosen: object | None, *,
               catalog_wager: str | None = None) -> tuple[Paytable, ...]:
    """The chosen paytable, or every paytable of the wager when none is chosen."""
    if chosen is not None:
        return (resolve(game, wager, chosen, catalog_wager=catalog_wager),)
    return catalog().for_wager(game, catalog_wager or wager)


def row_net(wager: str, row: Row, *, stake: Decimal = Decimal(1),
            meter: Decimal | None = None) -> float:
    """Net units a winning ``row`` pays on ``stake``, by the engine's own rule (``win_row``):
    "to", "for", a share of the meter, or a fixed amount in place of the stake."""
    unit = stake if row.basis in ("meter_percent", "amount") else Decimal(100)
    line = win_row(wager, unit, row, "", meter=meter)
    return float(line.net / unit)


def paid_rows(table: Paytable) -> list[Row]:
    """Rows that depend on the wager's own hand: an Envy Bonus depends on other players'."""
    return [r for r in table.rows if not r.hand.startswith("envy_") and not r.when]


def by_rows(table: Paytable, hand_probability: Mapping[str, float], wager: str, *,
            meter: Decimal | None = None, stake: Decimal = Decimal(1),
            rows: Sequence[Row] | None = None) -> list[Outcome]:
    """Outcomes of a wager paid on its highest row: ``hand_probability`` gives the probability
    that each row's hand is the highest row the hand makes (hands outside the table lose);
    ``rows``, the table's rows that pay this wager when the table pays several."""
    outcomes, won = [], 0.0
    for row in paid_rows(table) if rows is None else rows:
        p = hand_probability.get(row.hand, 0.0)
        if row.basis == "meter_percent" and meter is None:
            continue
        outcomes.append(Outcome(row.hand, p, row_net(wager, row, stake=stake, meter=meter)))
        won += p
    outcomes.append(Outcome(LOSES, max(1.0 - won, 0.0), -1.0))
    return outcomes


def monte_carlo(wager: str, name: str, paytable: str | None, nets: Sequence[float],
                labels: Mapping[str, Sequence[bool]] | None = None, *, strategy: str,
                seed: int) -> WagerPar:
    """A simulated wager: the mean net of ``nets`` with its 95% confidence interval (normal
    approximation, n is large), the rows' observed frequencies."""
    import numpy as np

    values = np.asarray(nets, float)
    n = len(values)
    mean, sd = float(values.mean()), float(values.std(ddof=1))
    half = Z95 * sd / math.sqrt(n)
    outcomes = []
    for hand, mask in (labels or {}).items():
        hits = np.asarray(mask, bool)
        if hits.any():
            outcomes.append(Outcome(hand, float(hits.mean()), float(values[hits].mean())))
    return WagerPar(
        wager, name, paytable, outcomes, method=MONTE_CARLO,
        ci95=(-mean - half, -mean + half), house_edge=-mean, std_dev=sd,
        notes=[strategy, f"{n:,} rounds simulated, random seed {seed}; the 95% confidence "
                         "interval is the house edge's"],
        extra={"rounds": n, "seed": seed},
    )


def progressive(par: WagerPar, table: Paytable, hand_probability: Mapping[str, float], *,
                stake: Decimal, meter: Decimal | None) -> WagerPar:
    """A progressive wager's return as a function of the meter: the fixed rows give ``a``, the
    meter rows ``b`` per unit of meter, so the return per unit wagered is ``a + b * meter``
    (the stake is returned on no row: meter and "for" awards replace it). The break-even meter
    is where the expected net is 0; the top award's probability stands beside New Jersey's
    1 in 100 million floor."""
    fixed = 0.0
    per_meter = 0.0
    top_hand, top_p = None, None
    for row in paid_rows(table):
        p = hand_probability.get(row.hand, 0.0)
        if row.basis == "meter_percent":
            per_meter += p * float(row.value) / 100 / float(stake)
            if top_hand is None:
                top_hand, top_p = row.hand, p
        else:
            fixed += p * (row_net(par.wager, row, stake=stake) + 1)
    if top_hand is None:
        top = paid_rows(table)[0]
        top_hand, top_p = top.hand, hand_probability.get(top.hand, 0.0)
    break_even = max((1 - fixed) / per_meter, 0.0) if per_meter else None
    if fixed >= 1:
        par.notes.append("The fixed rows alone return more than the wager: the player has "
                         "the edge at any meter amount")
    par.extra["progressive"] = {
        "stake": f"{stake:.2f}",
        "meter": f"{meter:.2f}" if meter is not None else None,
        "fixed_return": fixed,
        "return_per_meter_dollar": per_meter,
        "break_even_meter": round(break_even, 2) if break_even is not None else None,
        "top_award": top_hand,
        "top_award_probability": top_p,
        "top_award_one_in": round(1 / top_p) if top_p else None,
        "nj_cap_probability": NJ_TOP_AWARD_CAP,
        "within_nj_cap": bool(top_p and top_p >= NJ_TOP_AWARD_CAP),
    }
    par.notes.append("The return grows with the meter: the fixed rows' return plus each meter "
                     "row's share of the meter"
                     + ("; the Envy Bonus rows depend on the other players and are not counted"
                        if any(r.hand.startswith("envy_") for r in table.rows) else ""))
    if meter is None:
        par.notes.append("No meter amount given: the meter rows are left out of the house edge")
    return par


def option(options: Mapping[str, str], key: str, default: D, kind: Callable[[str], T]) -> T | D:
    """An option's value as ``kind``, or ParError naming it."""
    raw = options.get(key)
    if raw is None:
        return default
    try:
        if kind is bool:
            if str(raw).lower() not in ("true", "false", "1", "0", "yes", "no"):
                raise ValueError
            return cast(T, str(raw).lower() in ("true", "1", "yes"))
        return kind(raw)
    except (ValueError, ArithmeticError):
        raise ParError({f"options.{key}": f"{raw!r} is not a valid {key}"}) from None


def refuse_unknown(options: Mapping[str, str], known: Iterable[str]) -> None:
    known = set(known)
    unknown = sorted(set(options) - known)
    if unknown:
        raise ParError({f"options.{k}": f"unknown option (this par sheet takes: "
                                        f"{', '.join(sorted(known)) or 'none'})" for k in unknown})
