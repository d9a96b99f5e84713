"""Craps and roulette par sheets, exact from the dice's and the wheel's probabilities.

- Craps (Chapter 623a, side wagers Chapter 623b): the Pass Line and Don't Pass of the base game
  (the come-out and point as ``games.craps.base_game`` plays them), and Bonus Craps's All Small,
  All Tall and Make 'em All (§623b.3): every needed total before a 7, found by a recursion over
  the totals still needed; Lucky Shooter (§623b.2) by a recursion over the points still to
  come; Hot Roller (§623b.1) as a Markov chain over the dice combinations thrown and the point.
- Roulette (Chapter 617a): the layout's inside and outside wagers on the chosen wheel
  (``games.roulette.WHEELS``); the side wagers of Chapter 617b: B2B Roulette at the random
  number generator's weights, Blazing 7's over every set of three bonus balls.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np

from games.craps import (
    BONUS_CRAPS,
    COUNT_WORDS,
    CRAPS,
    NATURALS,
    NUMBER_COMBINATIONS,
    POINTS,
    _count_hand,
    completed_numbers,
)
from games.craps import SPEC as CRAPS_SPEC
from games.names import choice_name
from games.par import core
from games.par.core import Outcome, WagerPar
from games.paytables import Paytable
from games.roulette import BLAZING_NUMBERS, WHEELS, b2b_payouts, bonus_round_row

DICE = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
SEVEN = DICE[7]


def _point_made(point: int) -> Fraction:
    """The point repeated before a 7."""
    return DICE[point] / (DICE[point] + SEVEN)


def pass_line() -> list[WagerPar]:
    """Won on a come-out 7 or 11 or a point repeated before a 7; lost on 2, 3, 12 or the
    seven-out; even money. Don't Pass is the reverse, a come-out 12 barred (returned)."""
    natural = sum(DICE[t] for t in NATURALS)
    craps = sum(DICE[t] for t in CRAPS)
    made = sum(DICE[p] * _point_made(p) for p in POINTS)
    missed = sum(DICE[p] * (1 - _point_made(p)) for p in POINTS)
    section = "The base game's come-out, point and seven-out (Chapter 623a)"
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
    return sum((DICE[t] / relevant * all_before_seven(needed - {t}) for t in needed), Fraction(0))


def bonus_craps(paytable: str | None) -> list[WagerPar]:
    """§623b.3: each wager paid at its paytable row when its totals all come before a 7."""
    out = []
    for table in core.tables_for("craps", "bonus_craps", paytable):
        for wager, totals in BONUS_CRAPS.items():
            p = float(all_before_seven(frozenset(totals)))
            rows = [r for r in core.paid_rows(table) if r.hand == wager]
            out.append(WagerPar(wager, CRAPS_SPEC.require_wager(wager).name,
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


ROULETTE_SIDE_WAGERS = ("b2b", "blazing_7s")


def roulette(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
             progress: core.Progress | None = None,  # exact and quick: none to report
             ) -> list[WagerPar]:
    core.refuse_unknown(options, ("wheel", "rng_weights"))
    wheel = options.get("wheel", "double_zero")
    if wheel not in WHEELS:
        raise core.ParError({"options.wheel": f"one of {', '.join(WHEELS)}"})
    compartments = len(WHEELS[wheel])
    keys = [wager] if wager else [*(k for k in ROULETTE_WAGERS
                                    if k != "five_number" or wheel == "double_zero"),
                                  *ROULETTE_SIDE_WAGERS]
    if paytable is not None and wager not in ROULETTE_SIDE_WAGERS:
        raise core.ParError({"paytable": "only the side wagers (b2b, blazing_7s) have "
                                         "paytables to choose"})
    out = []
    for key in keys:
        if key == "b2b":
            out.append(b2b(wheel, options.get("rng_weights")))
            continue
        if key == "blazing_7s":
            out += blazing_7s(wheel, paytable)
            continue
        if key not in ROULETTE_WAGERS or (key == "five_number" and wheel != "double_zero"):
            raise core.ParError({"wager": f"{key!r}: roulette par sheets cover "
                                          f"{', '.join((*ROULETTE_WAGERS, *ROULETTE_SIDE_WAGERS))}"
                                          " (five_number on a double-zero wheel only)"})
        name, covered, odds = ROULETTE_WAGERS[key]
        p = covered / compartments
        out.append(WagerPar(key, name, None, [
            Outcome(f"wins {odds} to 1", p, float(odds)), Outcome(core.LOSES, 1 - p, -1.0)],
            notes=[f"{compartments} compartments, {choice_name('wheel', wheel).lower()} "
                   "(§617a.1(d))"]))
    return out


def _rng_weights(raw: str | None, payouts: Paytable) -> dict[str, Fraction]:
    """``"1000:1,500:2,..."``: the reader board RNG's relative weight of each payout; equal
    weights when not given."""
    odds = [r.when["rng"] for r in payouts.rows]
    if raw is None:
        return {o: Fraction(1, len(odds)) for o in odds}
    weights: dict[str, Fraction] = {}
    try:
        for part in raw.split(","):
            key, _, value = part.partition(":")
            weights[key.strip().lower().removesuffix("to 1").strip()] = Fraction(value.strip())
    except (ValueError, ZeroDivisionError):
        weights = {}
    unknown = set(weights) - set(odds)
    if not weights or unknown or any(w < 0 for w in weights.values()) or not sum(
            weights.values()):
        raise core.ParError({"options.rng_weights": (
            f"{raw!r}: the weight of each payout the RNG draws, like "
            f"'{odds[0]}:1,{odds[1]}:2', payouts among {', '.join(odds)} (§617b.1(e))")})
    total = sum(weights.values())
    return {o: weights.get(o, Fraction(0)) / total for o in odds}


def b2b(wheel: str, rng_weights: str | None) -> WagerPar:
    """§617b.1(d)-(e): the ball repeats the previous spin's number (1 in the wheel's
    compartments), paid at the payout the reader board's RNG draws. The RNG's weights are the
    manufacturer's, not the regulation's: given in ``rng_weights``, else equal, and the sheet
    states the break-even average payout (compartments - 1 to 1)."""
    payouts = b2b_payouts()
    weights = _rng_weights(rng_weights, payouts)
    hit = Fraction(1, len(WHEELS[wheel]))
    outcomes = [Outcome(f"repeat paid {r.when['rng']} to 1", float(hit * weights[r.when["rng"]]),
                        core.row_net("b2b", r)) for r in payouts.rows]
    outcomes.append(Outcome(core.LOSES, float(1 - hit), -1.0))
    average = sum(w * Fraction(o) for o, w in weights.items())
    return WagerPar("b2b", "B2B Roulette", payouts.id, outcomes, notes=[
        f"Exact: 1 in {len(WHEELS[wheel])} to repeat the previous number (§617b.1(d)); the "
        "random number generator's weights of the seven payouts (§617b.1(e)) are "
        + ("as given" if rng_weights else "not in the regulation: equal weights are assumed, "
           "give the manufacturer's weights to value it"),
        f"Break-even at an average payout of {len(WHEELS[wheel]) - 1} to 1; these weights "
        f"average {float(average):.2f} to 1"],
        extra={"house_edge_assumes": None if rng_weights else "the seven payouts were "
                                                              "equally likely",
               "average_payout_to_1": float(average),
               "break_even_average_payout_to_1": len(WHEELS[wheel]) - 1})


def blazing_7s(wheel: str, paytable: str | None) -> list[WagerPar]:
    """§617b.2: the spin is a 7, 17 or 27; then three balls rest in three different
    compartments (§617b.2(h)-(i)), every one of the C(n, 3) sets alike, paid at the
    best-paying outcome they make (``games.roulette.bonus_round_row``)."""
    numbers = WHEELS[wheel]
    spin = Fraction(len(BLAZING_NUMBERS), len(numbers))
    sets = list(combinations(numbers, 3))
    out = []
    for table in core.tables_for("roulette", "blazing_7s", paytable):
        made: dict[str, int] = {}
        for balls in sets:
            hand = bonus_round_row(table, balls).hand
            made[hand] = made.get(hand, 0) + 1
        p = {h: float(spin * Fraction(n, len(sets))) for h, n in made.items()}
        out.append(WagerPar("blazing_7s", "Blazing 7's", table.id,
                            core.by_rows(table, p, "blazing_7s"),
                            notes=[f"Exact: {len(BLAZING_NUMBERS)} in {len(numbers)} to win, "
                                   f"then every set of three bonus balls of {len(sets):,} "
                                   "(§617b.2(a), (j))"]))
    return out


def _rolls() -> list[tuple[tuple[int, int], Fraction]]:
    """The 21 rolls as the engine reads them (smaller die first) with their chances."""
    return [((a, b), Fraction(1 if a == b else 2, 36)) for a in range(1, 7) for b in range(a, 7)]


def _next_point(point: int, total: int) -> int:
    """The point after a roll (0: a come-out is next), as ``games.craps.base_game`` plays it."""
    if point == 0:
        return total if total in POINTS else 0
    return 0 if total == point else point


@cache
def hot_roller_distribution() -> dict[str, float]:
    """§623b.1(f)-(g), exact: the probability of each Hot Roller hand at the shooter's first 7.

    A Markov chain on (the dice combinations of §623b.1(a)(2)(iii) thrown so far, the point):
    the thrown set only grows, so the sets are solved from the full one down, each a 7 x 7
    linear system over the point states (rolls that throw nothing new keep the set). The first
    7 ends it: on a come-out it loses, else the numbers completed (``completed_numbers``) name
    the hand. 16,384 sets of the 14 combinations."""
    combos = sorted(c for ways in NUMBER_COMBINATIONS.values() for c in ways)
    bit = {c: 1 << i for i, c in enumerate(combos)}
    states = (0, *POINTS)
    index = {p: i for i, p in enumerate(states)}
    hands = ["seven_on_come_out_roll", *(_count_hand(k) for k in range(7))]
    moves: list[tuple[int, float, np.ndarray]] = []  # (roll's bit or 0, chance, 7 x 7 move)
    for roll, chance in _rolls():
        if sum(roll) == 7:
            continue
        move = np.zeros((7, 7))
        for p in states:
            move[index[p], index[_next_point(p, sum(roll))]] = 1.0
        moves.append((bit.get(roll, 0), float(chance), move))
    seven = float(SEVEN)
    full = (1 << len(combos)) - 1
    values = np.zeros((full + 1, 7, len(hands)))
    for thrown in range(full, -1, -1):
        stay = np.zeros((7, 7))
        known = np.zeros((7, len(hands)))
        known[0, 0] = seven  # a come-out 7
        completed = completed_numbers({c for c in combos if thrown & bit[c]})
        known[1:, 1 + completed] = seven  # the seven-out
        for b, p_roll, move in moves:
            if b == 0 or thrown & b:
                stay += p_roll * move
            else:
                known += p_roll * move @ values[thrown | b]
        values[thrown] = np.linalg.solve(np.eye(7) - stay, known)
    out: dict[str, float] = {}
    for hand, p in zip(hands, values[0, 0].tolist(), strict=True):
        out[hand] = out.get(hand, 0.0) + p  # no number and one number: one hand
    return out


def hot_roller_par(paytable: str | None) -> list[WagerPar]:
    """§623b.1(g)-(h): each row at its exact probability (``hot_roller_distribution``)."""
    p = hot_roller_distribution()
    return [WagerPar("hot_roller", "Hot Roller", t.id, core.by_rows(t, p, "hot_roller"),
                     notes=["Exact: every thrown combination and point as a Markov chain up "
                            "to the shooter's first 7; a come-out 7 loses (§623b.1(g))"])
            for t in core.tables_for("craps", "hot_roller", paytable)]


def lucky_shooter_distribution() -> tuple[dict[str, Fraction], Fraction]:
    """§623b.2(d), exact: the probability of each final Lucky Shooter hand, and the number of
    come-out 7s and 11s expected before it (each paid 1 for 1, the wager staying up).

    Past the naturals, a come-out is craps (4 of 28) or a point; each roll then counts one
    more of the five other points or settles the wager by the count; after all five, the next
    roll pays the "and established point" row when it is the point."""
    naturals = sum((DICE[t] for t in NATURALS), Fraction(0))
    decided = 1 - naturals
    out = {"craps_on_come_out_roll": sum((DICE[t] for t in CRAPS), Fraction(0)) / decided}

    def collect(point: int, remaining: frozenset[int], weight: Fraction) -> None:
        if not remaining:
            out["five_of_five_and_established_point"] = out.get(
                "five_of_five_and_established_point", 0) + weight * DICE[point]
            out["five_of_five"] = out.get("five_of_five", 0) + weight * (1 - DICE[point])
            return
        going = sum((DICE[t] for t in remaining), Fraction(0))
        hand = f"{COUNT_WORDS[5 - len(remaining)]}_of_five"
        out[hand] = out.get(hand, 0) + weight * (1 - going)
        for t in remaining:
            collect(point, remaining - {t}, weight * DICE[t])

    for point in POINTS:
        collect(point, frozenset(POINTS) - {point}, DICE[point] / decided)
    return out, naturals / decided


def lucky_shooter_par(paytable: str | None) -> list[WagerPar]:
    """§623b.2(d)-(e): the final hands at their exact probabilities; a come-out 7 or 11 pays
    1 for 1 (the stake) and the wager stays up, so it changes nothing and is counted apart."""
    p, naturals = lucky_shooter_distribution()
    probabilities = {k: float(v) for k, v in p.items()}
    out = []
    for t in core.tables_for("craps", "lucky_shooter", paytable):
        rows = [r for r in core.paid_rows(t) if r.hand != "first_roll_seven_or_eleven"]
        out.append(WagerPar(
            "lucky_shooter", "Lucky Shooter", t.id,
            core.by_rows(t, probabilities, "lucky_shooter", rows=rows),
            notes=["Exact from the dice (§623b.2(d)); a come-out 7 or 11 is paid 1 for 1, the "
                   "stake, and the wager stays up: on average "
                   f"{float(naturals):.4f} of them per wager, each changing nothing"],
            extra={"naturals_per_wager": float(naturals)}))
    return out


CRAPS_WAGERS = ("pass_line", "dont_pass", *BONUS_CRAPS, "hot_roller", "lucky_shooter")


def craps(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
          progress: core.Progress | None = None,  # exact and quick: none to report
          ) -> list[WagerPar]:
    core.refuse_unknown(options, ())
    if wager is not None and wager not in CRAPS_WAGERS:
        raise core.ParError({"wager": f"{wager!r}: craps par sheets cover "
                                      f"{', '.join(CRAPS_WAGERS)}"})
    out = []
    if wager in (None, "pass_line", "dont_pass"):
        out += pass_line()
    if wager is None or wager in BONUS_CRAPS:
        out += bonus_craps(paytable)
    if wager in (None, "hot_roller"):
        out += hot_roller_par(paytable if wager else None)
    if wager in (None, "lucky_shooter"):
        out += lucky_shooter_par(paytable if wager else None)
    return [w for w in out if wager is None or w.wager == wager]
