"""Craps and roulette par sheets, exact from the dice's and the wheel's probabilities.

- Craps (Chapter 623a, side wagers Chapter 623b): the Pass Line and Don't Pass of the base game
  (the come-out and point as ``games.craps.base_game`` plays them), and Bonus Craps's All Small,
  All Tall and Make 'em All (§623b.3): every needed total before a 7, found by a recursion over
  the totals still needed; Hot Roller (§623b.1) by Monte Carlo, each shooter's rolls up to the
  first 7 read by the engine's own ``games.craps.hot_roller``. Lucky Shooter is not covered.
- Roulette (Chapter 617a): the layout's inside and outside wagers on the chosen wheel
  (``games.roulette.WHEELS``).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import numpy as np

from games.craps import BONUS_CRAPS, NATURALS, POINTS, base_game, hot_roller
from games.par import core
from games.par.core import Outcome, WagerPar
from games.roulette import WHEELS

DICE = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
SEVEN = DICE[7]


def _point_made(point: int) -> Fraction:
    """The point repeated before a 7."""
    return DICE[point] / (DICE[point] + SEVEN)


def pass_line() -> list[WagerPar]:
    """Won on a come-out 7 or 11 or a point repeated before a 7; lost on 2, 3, 12 or the
    seven-out; even money. Don't Pass is the reverse, a come-out 12 barred (returned)."""
    natural = sum(DICE[t] for t in NATURALS)
    craps = DICE[2] + DICE[3] + DICE[12]
    made = sum(DICE[p] * _point_made(p) for p in POINTS)
    missed = sum(DICE[p] * (1 - _point_made(p)) for p in POINTS)
    section = "Chapter 623a: the base game, as games/craps plays the come-out and the point"
    return [
        WagerPar("pass_line", "Pass Line", None, [
            Outcome("come-out 7 or 11", float(natural), 1.0),
            Outcome("point made", float(made), 1.0),
            Outcome("come-out 2, 3 or 12", float(craps), -1.0),
            Outcome("seven-out", float(missed), -1.0)], notes=[section]),
        WagerPar("dont_pass", "Don't Pass (12 barred)", None, [
            Outcome("come-out 2 or 3", float(DICE[2] + DICE[3]), 1.0),
            Outcome("seven-out", float(missed), 1.0),
            Outcome("come-out 12: returned", float(DICE[12]), 0.0),
            Outcome("come-out 7 or 11", float(natural), -1.0),
            Outcome("point made", float(made), -1.0)], notes=[section]),
    ]


@cache
def all_before_seven(needed: frozenset[int]) -> Fraction:
    """Probability that every total in ``needed`` is rolled before a 7 (other totals ignored):
    the next relevant roll is a needed total or the 7, in proportion to their chances."""
    if not needed:
        return Fraction(1)
    relevant = SEVEN + sum(DICE[t] for t in needed)
    return sum(DICE[t] / relevant * all_before_seven(needed - {t}) for t in needed)


def bonus_craps(paytable: str | None) -> list[WagerPar]:
    """§623b.3: each wager paid at its paytable row when its totals all come before a 7."""
    out = []
    for table in core.tables_for("craps", "bonus_craps", paytable):
        for wager, totals in BONUS_CRAPS.items():
            p = float(all_before_seven(frozenset(totals)))
            rows = [r for r in core.paid_rows(table) if r.hand == wager]
            out.append(WagerPar(wager, wager.replace("_", " ").title().replace("Em", "'em"),
                                table.id, core.by_rows(table, {wager: p}, wager, rows=rows),
                                notes=["Every needed total before any 7, a come-out 7 "
                                       "included (§623b.3)"]))
    return out


# Roulette: numbers covered and the odds "to 1" of the layout's wagers (Chapter 617a).
ROULETTE_WAGERS = {
    "straight_up": ("Straight up", 1, 35), "split": ("Split", 2, 17),
    "street": ("Street", 3, 11), "corner": ("Corner", 4, 8),
    "five_number": ("Five number (0, 00, 1, 2, 3)", 5, 6), "six_line": ("Six line", 6, 5),
    "dozen": ("Dozen or column", 12, 2), "even_money": ("Red, black, odd, even, 1-18, 19-36",
                                                         18, 1),
}


def roulette(wager: str | None, options: Mapping[str, str]) -> list[WagerPar]:
    core.refuse_unknown(options, ("wheel",))
    wheel = options.get("wheel", "double_zero")
    if wheel not in WHEELS:
        raise core.ParError({"options.wheel": f"one of {', '.join(WHEELS)}"})
    compartments = len(WHEELS[wheel])
    keys = [wager] if wager else [k for k in ROULETTE_WAGERS
                                  if k != "five_number" or wheel == "double_zero"]
    out = []
    for key in keys:
        if key not in ROULETTE_WAGERS or (key == "five_number" and wheel != "double_zero"):
            raise core.ParError({"wager": f"{key!r}: roulette par sheets cover "
                                          f"{', '.join(ROULETTE_WAGERS)} (five_number on a "
                                          "double-zero wheel only)"})
        name, covered, odds = ROULETTE_WAGERS[key]
        p = covered / compartments
        out.append(WagerPar(key, name, None, [
            Outcome(f"wins {odds} to 1", p, float(odds)), Outcome(core.LOSES, 1 - p, -1.0)],
            notes=[f"{compartments} compartments ({wheel.replace('_', ' ')}, §617a.1(d))"]))
    return out


HOT_ROLLER_ROUNDS = 100_000
DEFAULT_SEED = 20260101


def hot_roller_par(paytable: str | None, options: Mapping[str, str], progress=None
                   ) -> list[WagerPar]:
    """§623b.1(g)-(h), simulated: the shooter's rolls up to the first 7; the engine says which
    row they make (a come-out 7 loses)."""
    rounds = core.option(options, "rounds", HOT_ROLLER_ROUNDS, int)
    if not 1000 <= rounds <= 5_000_000:
        raise core.ParError({"options.rounds": "1,000 to 5,000,000 rounds"})
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    tables = core.tables_for("craps", "hot_roller", paytable)
    rng = np.random.default_rng(seed)
    hands = []
    for i in range(rounds):
        rolls: list[tuple[int, int]] = []
        while not rolls or sum(rolls[-1]) != 7:
            # Smaller die first, as the settle API reads a roll (games.craps._rolls).
            rolls += [tuple(sorted(r)) for r in rng.integers(1, 7, (8, 2)).tolist()]
            sevens = [j for j, r in enumerate(rolls) if sum(r) == 7]
            if sevens:
                rolls = rolls[:sevens[0] + 1]
        come_outs, _ = base_game([sum(r) for r in rolls])
        hands.append(hot_roller(rolls, come_outs).hand)
        if progress is not None and i % 5000 == 0:
            progress(i / rounds)
    hands_array = np.array(hands)
    out = []
    for table in tables:
        nets = np.full(rounds, -1.0)
        labels = {}
        for row in core.paid_rows(table):
            hit = hands_array == row.hand
            nets[hit] = core.row_net("hot_roller", row)
            labels[row.hand] = hit
        labels[core.LOSES] = nets == -1.0
        out.append(core.monte_carlo(
            "hot_roller", "Hot Roller", table.id, nets, labels, seed=seed,
            strategy="No decisions: each simulated shooter rolls until the first 7 "
                     "(§623b.1(g))"))
    return out


CRAPS_WAGERS = ("pass_line", "dont_pass", *BONUS_CRAPS, "hot_roller")


def craps(wager: str | None, paytable: str | None, options: Mapping[str, str], progress=None):
    core.refuse_unknown(options, ("rounds", "seed"))
    if wager is not None and wager not in CRAPS_WAGERS:
        raise core.ParError({"wager": f"{wager!r}: craps par sheets cover "
                                      f"{', '.join(CRAPS_WAGERS)}"})
    out = []
    if wager in (None, "pass_line", "dont_pass"):
        out += pass_line()
    if wager is None or wager in BONUS_CRAPS:
        out += bonus_craps(paytable)
    if wager in (None, "hot_roller"):
        out += hot_roller_par(paytable if wager else None, options, progress)
    return [w for w in out if wager is None or w.wager == wager]
