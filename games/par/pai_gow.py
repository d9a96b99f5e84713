"""Pai Gow Poker par sheets (58 Pa. Code ch. 645a).

The optional wagers (§645a.11(h)) are paid on the seven cards alone (Queen's Dragon on the
dealer's seven), so each is exact over all 154,143,080 seven-card hands of the 53-card deck
(``games.par.pai_gow_hands``). The Pai Gow Poker Wager, house way against house way
(§645a.11(c), (f)), is simulated: each deal gives seven hands of seven cards, and every one of
its 42 ordered pairs is a player against a dealer, so the deal's average is one observation
with a small variance (a pair and its reverse nearly cancel). The common house way is set for
every kind of hand at once (``games.par.pai_gow_batch``); another house way by the engine's
``set_hand``, hand by hand, on fewer deals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from functools import cache
from math import comb

import numpy as np

from games.names import choice_name
from games.pai_gow_poker import GAME, SPEC
from games.pai_gow_poker.house_way import DEFAULT_HOUSE_WAY, HOUSE_WAYS, set_hand
from games.pai_gow_poker.pai_gow_wager import VIGORISH
from games.pai_gow_poker.rankings import (
    high_strength,
    is_envy_qualifying,
    is_queens_dragon,
    low_strength,
)
from games.pai_gow_poker.wagers import (
    JOKER_COLOR_CHOSEN,
    JOKER_COLOR_NEITHER,
    QUALIFYING_MINIMUM,
    envy_hand,
    paid_row,
)
from games.par import core, pai_gow_batch, pai_gow_hands
from games.par.core import MONTE_CARLO, Z95, Outcome, WagerPar
from games.paytables import Paytable

# A deal's hands (N, 7) -> their high and low strengths and whether each is a Queen's Dragon.
Settings = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray, np.ndarray]]

SIDE = ("fortune_bonus", "emperors_treasure", "insurance", "progressive", "queens_dragon",
        "dynasty_bonus", "protection")
WAGERS = ("pai_gow", *SIDE, "red_black")
BASE_OPTIONS = ("deals", "seed", "house_way", "ez_pai_gow")
DEFAULT_SEED = 20260101
DEALS = {"batch": 400_000, "engine": 20_000}  # the common house way, and any other
_DEAL_CHUNK = 25_000


def _progress(progress: core.Progress | None, fraction: float) -> None:
    if progress is not None:
        progress(fraction)


def pai_gow(options: Mapping[str, str], *, progress: core.Progress | None = None) -> WagerPar:
    """The Pai Gow Poker Wager, the player setting his hand by the dealer's house way: won 1 to
    1 less the 5% vigorish (§645a.13(a)), a tie when one hand wins, copies to the dealer
    (§645a.11(f)); on EZ Pai Gow Poker no vigorish, and the dealer's Queen's Dragon returns
    the wager (§645a.11(f)(1)(v)). One deck of 53 cards."""
    core.refuse_unknown(options, BASE_OPTIONS)
    way = options.get("house_way", DEFAULT_HOUSE_WAY)
    if way not in HOUSE_WAYS:
        raise core.ParError({"options.house_way": f"one of {', '.join(HOUSE_WAYS)}"})
    batch = way == "common"
    deals = core.option(options, "deals", DEALS["batch" if batch else "engine"], int)
    if not 1000 <= deals <= 2_000_000:
        raise core.ParError({"options.deals": "1,000 to 2,000,000 deals"})
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    ez = core.option(options, "ez_pai_gow", False, bool)
    rng = np.random.default_rng(seed)
    setting = _batch_settings(progress) if batch else None
    tally = np.zeros(4)  # pairs won, tied, lost, pushed by the dealer's Queen's Dragon
    means: list[np.ndarray] = []
    win_net = 1.0 if ez else 1.0 - float(VIGORISH)
    for start in range(0, deals, _DEAL_CHUNK):
        n = min(_DEAL_CHUNK, deals - start)
        hands = np.argsort(rng.random((n, 53)), axis=1)[:, :49].reshape(n * 7, 7)
        high, low, dragon = (x.reshape(n, 7) for x in (
            setting(hands) if setting else _engine_settings(hands, way)))
        won = (high[:, :, None] > high[:, None, :]) & (low[:, :, None] > low[:, None, :])
        one = (high[:, :, None] > high[:, None, :]) ^ (low[:, :, None] > low[:, None, :])
        pairs = ~np.eye(7, dtype=bool)[None]
        pushed = np.broadcast_to(dragon[:, None, :] & ez, won.shape) & pairs
        won, one = won & pairs & ~pushed, one & pairs & ~pushed
        lost = pairs & ~won & ~one & ~pushed
        means.append((won.sum(axis=(1, 2)) * win_net - lost.sum(axis=(1, 2))) / 42)
        tally += [won.sum(), one.sum(), lost.sum(), pushed.sum()]
        _progress(progress, 0.5 + 0.5 * (start + n) / deals if batch else (start + n) / deals)
    deal_means = np.concatenate(means)
    p = tally / tally.sum()
    outcomes = [Outcome("player wins both hands", float(p[0]), win_net),
                Outcome("one hand each: returned", float(p[1]), 0.0),
                Outcome("dealer wins (copies included)", float(p[2]), -1.0)]
    if ez:
        outcomes.append(Outcome("dealer's Queen's Dragon: returned", float(p[3]), 0.0))
    half = Z95 * float(deal_means.std(ddof=1)) / math.sqrt(deals)
    par = WagerPar("pai_gow", SPEC.require_wager("pai_gow").name, None, outcomes,
                   method=MONTE_CARLO)
    assert par.house_edge is not None  # WagerPar works it out from the outcomes
    par.ci95 = (par.house_edge - half, par.house_edge + half)
    par.notes += [
        f"The player sets every hand by the {choice_name('house_way', way).lower()}, as the "
        "dealer does (§645a.11(c)); " + ("EZ Pai Gow Poker: no vigorish, the dealer's Queen's "
                                          "Dragon returns the wager" if ez else
                                          "5% vigorish on wins (§645a.13(a))"),
        f"Simulated: {deals:,} deals of seven hands (random seed {seed}), every one of the 42 "
        "ordered pairs of hands in a deal a player against a dealer; the 95% confidence "
        "interval is the house edge's, from the deals' averages",
    ]
    par.extra.update({"deals": deals, "seed": seed, "rounds": 42 * deals})
    return par


@cache
def _kind_settings() -> tuple[np.ndarray, np.ndarray]:
    """The common house way's high and low strengths of every kind of hand."""
    kinds = pai_gow_hands.kinds()
    makes = np.array([bool({"straight", "flush"} & f) for f in kinds["formed"]])
    return pai_gow_batch.common(kinds["cards"], makes)


def _batch_settings(progress: core.Progress | None) -> Settings:
    """The common house way's strengths of every kind of hand, then a look-up per hand."""
    kinds = pai_gow_hands.kinds()
    _progress(progress, 0.3)
    high, low = _kind_settings()
    _progress(progress, 0.5)
    dragon = kinds["queens_dragon"]

    def settings(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        number = pai_gow_hands.kind_numbers(hands)
        return high[number], low[number], dragon[number]
    return settings


def _engine_settings(hands: np.ndarray, way: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    high: list[int] = []
    low: list[int] = []
    dragon: list[bool] = []
    for cards in hands.tolist():
        s = set_hand(cards, way)
        high.append(high_strength(s.high))
        low.append(low_strength(s.low))
        dragon.append(is_queens_dragon(cards))
    return np.array(high), np.array(low), np.array(dragon)


def side(wager: str, tables: Iterable[Paytable], options: Mapping[str, str], *,
         progress: core.Progress | None = None) -> list[WagerPar]:
    """An optional wager (§645a.11(h)), exact: each paytable's highest row among the hands the
    seven cards form (``wagers.paid_row``), counted over every seven-card hand; Queen's Dragon
    on the dealer's seven (§645a.13(f)). The Envy Bonus rows are paid on the other players'
    hands and are not in the house edge: their return for each other player at the table, on
    the least Qualifying Wager ($5, §645a.1), is stated beside it."""
    core.refuse_unknown(options, ("meter", "stake"))
    meter = core.option(options, "meter", None, Decimal)
    stake = core.option(options, "stake", Decimal("1.00"), Decimal)
    _progress(progress, 0.1)
    counts = pai_gow_hands.formed_counts()
    total = pai_gow_hands.HANDS
    out = []
    for table in tables:
        p: dict[str, float] = {}
        if wager == "queens_dragon":
            p["queens_dragon"] = _queens_dragons() / total
        else:
            for formed, n in counts:
                row = paid_row(table, formed)
                if row is not None:
                    p[row.hand] = p.get(row.hand, 0.0) + n / total
        par = WagerPar(wager, SPEC.require_wager(wager).name, table.id,
                       core.by_rows(table, p, wager, meter=meter, stake=stake),
                       notes=[f"Exact: all {total:,} seven-card hands of the 53-card deck, "
                              "counted by kind (§645a.6)" + (
                                  "; the dealer's seven cards" if wager == "queens_dragon"
                                  else ", the dealer rearranging them (§645a.11(h))")])
        if any(r.hand.startswith("envy_") for r in table.rows):
            _envy(par, table, counts, total)
        if any(r.basis == "meter_percent" for r in core.paid_rows(table)):
            core.progressive(par, table, p, stake=stake, meter=meter)
        out.append(par)
    _progress(progress, 1.0)
    return out


def _queens_dragons() -> int:
    kinds = pai_gow_hands.kinds()
    return int(kinds["weight"][kinds["queens_dragon"]].sum())


def _envy(par: WagerPar, table: Paytable, counts: Iterable[tuple[frozenset[str], int]],
          total: int) -> None:
    """The Envy Bonus's return per other player (§645a.11(h)(1)(ii)): the chance that another
    player holds each qualifying hand times its fixed amount, over a $5 wager."""
    due = 0.0
    for formed, n in counts:
        hand = envy_hand(table, formed) if is_envy_qualifying(formed) else None
        if hand is not None:
            row = table.row(f"envy_{hand}")
            assert row is not None  # envy_hand names a hand of the table's Envy rows
            due += n / total * float(row.value)
    per_player = due / float(QUALIFYING_MINIMUM)
    par.extra["envy_return_per_other_player"] = per_player
    par.notes.append(f"The Envy Bonus rows are paid on other players' hands and are not in "
                     f"the house edge: on a ${QUALIFYING_MINIMUM} wager each other player at "
                     f"the table adds {per_player * 100:.4f}% to the return")


def red_black(tables: Iterable[Paytable], options: Mapping[str, str]) -> list[WagerPar]:
    """The Red/Black Wager (§645a.7(e)(5)(iv), §645a.13(i)), exact: of the player's seven
    cards from 53, k of the chosen colour with probability C(26, k) C(27, 7 - k) / C(53, 7)
    (the joker neither colour), or C(27, k) C(26, 7 - k) / C(53, 7) when it counts as the
    chosen colour."""
    joker = options.get("red_black_joker", JOKER_COLOR_NEITHER)
    if joker not in (JOKER_COLOR_NEITHER, JOKER_COLOR_CHOSEN):
        raise core.ParError({"options.red_black_joker": f"one of {JOKER_COLOR_NEITHER}, "
                                                        f"{JOKER_COLOR_CHOSEN}"})
    mine = 27 if joker == JOKER_COLOR_CHOSEN else 26
    p = {f"{word}_cards_of_the_chosen_color": comb(mine, k) * comb(53 - mine, 7 - k)
         / comb(53, 7) for k, word in ((7, "seven"), (6, "six"), (5, "five"), (4, "four"))}
    return [WagerPar("red_black", SPEC.require_wager("red_black").name, t.id,
                     core.by_rows(t, p, "red_black"),
                     notes=["Exact: the colour count of seven cards from 53 (§645a.13(i)); "
                            + ("the joker counts as the chosen colour" if mine == 27 else
                               "the joker is neither colour")])
            for t in tables]


def par_sheet(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
              progress: core.Progress | None = None) -> list[WagerPar]:
    """Every Pai Gow Poker wager, or ``wager``."""
    core.refuse_unknown(options, (*BASE_OPTIONS, "meter", "stake", "red_black_joker"))
    if wager is not None and wager not in WAGERS:
        raise core.ParError({"wager": f"{wager!r}: Pai Gow Poker par sheets cover "
                                      f"{', '.join(WAGERS)}"})
    if paytable is not None and wager in (None, "pai_gow"):
        raise core.ParError({"paytable": "the Pai Gow Poker Wager has no paytable to choose: "
                                         "give an optional wager"})
    out = []
    for key in [wager] if wager else WAGERS:
        if key == "pai_gow":
            out.append(pai_gow({k: v for k, v in options.items() if k in BASE_OPTIONS},
                               progress=progress))
        elif key == "red_black":
            out += red_black(core.tables_for(GAME, key, paytable), options)
        else:
            own = {k: v for k, v in options.items() if k in ("meter", "stake")}
            out += side(key, core.tables_for(GAME, key, paytable), own, progress=progress)
    return out
