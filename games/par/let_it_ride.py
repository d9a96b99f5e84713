"""Let It Ride par sheets (58 Pa. Code ch. 643a), exact, with the player's optimal decisions.

The player sees three cards and may take back Bet Number 1 (§643a.11(b)); then one community
card and may take back Bet Number 2 (§643a.11(d)); Bet Number 3 always plays. A bet left to
ride is worth the expected pay of the final hand given what is seen, so each decision is
"ride when that expectation is positive", and the two decisions do not affect each other.

Every five-card hand is evaluated once (``games.batch.strengths``); its pay is summed into each
of its five four-card subsets and each four-card subset's expectation into its four three-card
subsets, by colex index (``games.par.poker``): C(52, 5) x 5 + C(52, 4) x 4 additions in numpy.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from math import comb
from typing import cast

import numpy as np

from games import batch
from games.hands import STRENGTH_COUNT
from games.let_it_ride import GAME, SPEC, five_card_hand, three_card_hands
from games.par import core, poker
from games.par.core import Outcome, WagerPar
from games.paytables import Paytable

WAGERS = ("bet_1", "five_card_bonus", "three_card_bonus", "three_card_progressive",
          "five_card_progressive", "five_card_hand_bonus")
OPTIONS = ("meter", "stake")


def _net_by_strength(table: Paytable) -> tuple[np.ndarray, np.ndarray, list[str]]:
    """Net units per unit bet of every five-card strength at ``table`` (§643a.12(a)), and each
    strength's row number (-1: loses) with the row names."""
    rows = core.paid_rows(table)
    names = [r.hand for r in rows]
    nets = np.full(STRENGTH_COUNT, -1.0)
    row_of = np.full(STRENGTH_COUNT, -1, np.int64)
    for s in range(STRENGTH_COUNT):
        row = table.row(five_card_hand(s))
        if row is not None:
            nets[s] = core.row_net("bet_3", row)
            row_of[s] = names.index(row.hand)
    return nets, row_of, names


def _five_card_bonus_probabilities(table: Paytable) -> dict[str, float]:
    """The Five Card Bonus Wager (§643a.12(b)): each row's share of the 2,598,960 hands, by
    the game's own names of a five-card hand (``five_card_hand``)."""
    histogram = batch.every_hand_histogram(5)
    out: dict[str, float] = {}
    for s in np.flatnonzero(histogram):
        row = table.row(five_card_hand(int(s)))
        if row is not None:
            out[row.hand] = out.get(row.hand, 0.0) + float(histogram[s]) / comb(52, 5)
    return out


def _sum(arrays: Iterable[np.ndarray]) -> np.ndarray:
    """Python's ``sum`` of arrays (0 + a + b + ...), typed as the array it is."""
    return cast(np.ndarray, sum(arrays))


def optimal(table: Paytable, *, progress: core.Progress | None = None) -> WagerPar:
    """The three Let It Ride Wagers per unit of one bet, optimal decisions (§643a.11(b)-(f))."""
    step = progress or (lambda fraction: None)
    fives = poker.every_combination(5)
    nets_by_strength, row_by_strength, names = _net_by_strength(table)
    strengths = batch.strengths(fives)
    step(0.3)
    net5 = nets_by_strength[strengths]
    four_of = [poker.without(fives, j) for j in range(5)]
    n4, n3 = comb(52, 4), comb(52, 3)
    sum4 = _sum(np.bincount(i, net5, n4) for i in four_of)
    square4 = _sum(np.bincount(i, net5 * net5, n4) for i in four_of)
    step(0.6)
    ev4 = sum4 / 48  # Bet 2 rides when this is positive (§643a.11(d))
    fours = poker.every_combination(4)
    four_index = poker.colex(fours)
    ev4_listed = ev4[four_index]
    three_of = [poker.without(fours, j) for j in range(4)]
    ev3 = _sum(np.bincount(i, ev4_listed, n3) for i in three_of) / 49
    ride2 = (ev4 > 0).astype(float)
    ride2_mean3 = _sum(np.bincount(i, ride2[four_index], n3) for i in three_of) / 49
    ride1 = (ev3 > 0).astype(float)  # Bet 1 rides when the three cards expect a win
    # Per three-card hand: Bet 3 and a riding Bet 1 are worth ev3; Bet 2 rides per 4th card.
    positive4 = _sum(np.bincount(i, np.maximum(ev4_listed, 0), n3) for i in three_of) / 49
    value3 = ev3 * (1 + ride1) + positive4
    mean = float(value3.mean())
    # Second moment: given three cards and the fourth, (1 + ride1 + ride2)^2 E[net^2 | four].
    q4 = (square4 / 48)[four_index]
    second = _sum(np.bincount(i, (1 + ride1[i] + ride2[four_index]) ** 2 * q4, n3)
                 for i in three_of) / 49
    std = float(np.sqrt(second.mean() - mean * mean))
    step(0.9)
    # Rows: E[units riding x net] by final hand; the units riding on a five-card hand average
    # over the 20 orders its cards can come in (which three first, which fourth).
    units = 1 + _sum(ride1[i] for i in poker.subsets(fives, 3)) / 10 + _sum(
        ride2[i] for i in four_of) / 5
    row5 = row_by_strength[strengths]
    total = len(fives)
    outcomes = []
    for k, name in enumerate(names + [core.LOSES]):
        hit = row5 == (k if k < len(names) else -1)
        p = float(hit.sum() / total)
        avg = float((units[hit] * net5[hit]).sum() / hit.sum()) if hit.any() else 0.0
        outcomes.append(Outcome(name, p, avg))
    bets = 1 + float(ride1.mean()) + float(ride2_mean3.mean())
    par = WagerPar(
        "bet_1", "Let It Ride Wagers (Bets 1, 2 and 3)", table.id, outcomes, std_dev=std,
        notes=["Optimal decisions: let Bet 1 ride when the three cards' expected pay is "
               "positive, Bet 2 when the four cards' is (§643a.11(b), (d)); house edge per "
               "unit of one bet",
               "Each row's return is its probability times the average units won on the bets "
               "still riding"],
        extra={"house_edge_per_total_wagered": -mean / bets,
               "average_bets_riding": bets,
               "bet_1_ride_frequency": float(ride1.mean()),
               "bet_2_ride_frequency": float(ride2_mean3.mean())},
    )
    step(1.0)
    return par


def par_sheet(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
              progress: core.Progress | None = None) -> list[WagerPar]:
    core.refuse_unknown(options, OPTIONS)
    meter = core.option(options, "meter", None, Decimal)
    stake = core.option(options, "stake", Decimal("1.00"), Decimal)
    out = []
    for key in [wager] if wager else list(WAGERS):
        if key in ("bet_1", "bet_2", "bet_3"):
            for table in core.tables_for(GAME, key, paytable, catalog_wager="bet_3"):
                out.append(optimal(table, progress=progress))
            continue
        if key not in WAGERS:
            raise core.ParError({"wager": f"{key!r}: Let It Ride par sheets cover "
                                          f"{', '.join(WAGERS)}"})
        if key == "five_card_hand_bonus":
            out += [poker.five_card_hand_bonus(GAME, key, SPEC.require_wager(key).name, t,
                                               meter=meter, stake=stake)
                    for t in core.tables_for(GAME, key, paytable)]
            continue
        for table in core.tables_for(GAME, key, paytable):
            if key == "five_card_bonus":
                p = _five_card_bonus_probabilities(table)
            elif key == "five_card_progressive":
                p = poker.five_card_probabilities(table, 5)
            else:
                p = poker.three_card_probabilities(table, three_card_hands)
            has_meter = any(r.basis == "meter_percent" for r in table.rows)
            par = WagerPar(key, SPEC.require_wager(key).name, table.id, core.by_rows(
                table, p, key, meter=meter, stake=stake if has_meter else Decimal(1)))
            if has_meter:
                core.progressive(par, table, p, stake=stake, meter=meter)
            out.append(par)
    return out
