"""Three Card Poker par sheets (58 Pa. Code ch. 649a), every combination counted exactly.

- Ante and Play (§649a.11(b), (c)(3)): each of the 22,100 player hands against the 18,424
  dealer hands its cards leave. The dealer hands disjoint from a player hand are counted by
  inclusion and exclusion over cumulative counts by three-card strength (all hands, hands
  holding a card, hands holding two cards), so no pair of hands is ever enumerated. The player
  plays when playing loses less than folding: the optimal play rule, with the Ante Bonus
  (§649a.12(b)) paid on a Play Wager whatever the dealer holds.
- Pair Plus and the Three-Card Progressive (§649a.11(c)(4)-(5)): the 22,100 hands.
- Six Card Bonus and the 5 of 6 Progressive (§649a.11(c)(6), (9)): the 20,358,520 six-card
  hands; the Five-Card Progressive (§649a.11(c)(7)): the 2,598,960 five-card hands
  (``games.batch.every_hand_histogram``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from games.hands import three_card_strength
from games.par import core, poker
from games.par.core import Outcome, WagerPar
from games.paytables import Paytable
from games.three_card_poker.rankings import dealer_qualifies, three_card_label, three_card_names
from games.three_card_poker.spec import GAME, ONE, SPEC

PROGRESSIVE_STAKE = Decimal("1.00")
WAGERS = ("ante", "pair_plus", "six_card_bonus", "three_card_progressive",
          "five_card_progressive", "five_of_six_progressive", "five_card_hand_bonus_player",
          "five_card_hand_bonus_dealer")
OPTIONS = ("ante_bonus", "meter", "stake")


@cache
def hands() -> tuple[np.ndarray, np.ndarray, tuple[tuple[int, ...], ...]]:
    """Every three-card hand (lexicographic), its strength rank (0 = lowest, equal hands equal)
    and the hands as tuples."""
    combos = tuple(combinations(range(52), 3))
    keys = [three_card_strength(h) for h in combos]
    order = {k: i for i, k in enumerate(sorted(set(keys)))}
    return np.array(combos, np.int16), np.array([order[k] for k in keys], np.int32), combos


def _cumulative(index: np.ndarray, ranks: np.ndarray, groups: int, size: int) -> np.ndarray:
    """``out[g, x]``: hands of group ``g`` (a card, a pair of cards) with rank below ``x``."""
    counts = np.bincount(index * size + ranks, minlength=groups * size).reshape(groups, size)
    out: np.ndarray = np.zeros((groups, size + 1), np.int64)
    np.cumsum(counts, axis=1, out=out[:, 1:])
    return out


def _pair_index(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    index: np.ndarray = a.astype(np.int64) * 52 + b
    return index


def dealer_counts() -> dict[str, np.ndarray]:
    """For every player hand, how many of the 18,424 dealer hands its cards leave fail to
    qualify (§649a.11(c)(3)), qualify and lose to it, tie it, and beat it."""
    cards, ranks, combos = hands()
    size = int(ranks.max()) + 1
    qualify_rank = int(min(r for r, h in zip(ranks.tolist(), combos, strict=True)
                           if dealer_qualifies(h)))
    all_below = _cumulative(np.zeros(len(ranks), np.int64), ranks, 1, size)[0]
    one = _cumulative(cards.T.reshape(-1).astype(np.int64), np.tile(ranks, 3), 52, size)
    pairs = [(0, 1), (0, 2), (1, 2)]
    two_index = np.concatenate([_pair_index(cards[:, i], cards[:, j]) for i, j in pairs])
    two = _cumulative(two_index, np.tile(ranks, 3), 52 * 52, size)
    a, b, c = (cards[:, i].astype(np.int64) for i in range(3))
    ab, ac, bc = (_pair_index(cards[:, i], cards[:, j]) for i, j in pairs)

    def below(x: np.ndarray) -> np.ndarray:
        """Dealer hands disjoint from each player hand with rank below ``x``."""
        count: np.ndarray = (all_below[x] - one[a, x] - one[b, x] - one[c, x]
                             + two[ab, x] + two[ac, x] + two[bc, x] - (ranks < x))
        return count

    total = comb(49, 3)
    q = np.full_like(ranks, qualify_rank)
    not_qualifying = below(q)
    lower = below(np.maximum(ranks, q))
    not_higher = below(np.maximum(ranks + 1, q))
    return {"not_qualifying": not_qualifying, "win": lower - not_qualifying,
            "tie": not_higher - lower, "lose": total - not_higher}


def _bonus_nets(table: Paytable | None) -> np.ndarray:
    """The Ante Bonus each hand earns on a Play Wager (§649a.12(b)), per unit of Ante."""
    _, _, combos = hands()
    if table is None:
        return np.zeros(len(combos))
    net = {r.hand: core.row_net("ante_bonus", r) for r in core.paid_rows(table)}
    return np.array([next((net[n] for n in three_card_names(h) if n in net), 0.0)
                     for h in combos])


def ante_play(bonus_table: Paytable | None) -> WagerPar:
    """The base game per unit of Ante with optimal Play decisions (§649a.11(b)-(c)(3))."""
    counts = dealer_counts()
    total = comb(49, 3)
    p = {k: v / total for k, v in counts.items()}
    bonus = _bonus_nets(bonus_table)
    # Net per Ante when playing: ante 1 to 1 on a non-qualifying dealer, play pushed; ante
    # and play 1 to 1 each on a win, returned on a tie, lost on a loss (ONE: §649a.12(a)).
    main = float(ONE) * (p["not_qualifying"] + 2 * p["win"] - 2 * p["lose"])
    play_ev = main + bonus
    plays = play_ev > -1
    n = len(plays)
    ev = np.where(plays, play_ev, -1.0)
    second = np.where(
        plays,
        p["not_qualifying"] * (1 + bonus) ** 2 + p["win"] * (2 + bonus) ** 2
        + p["tie"] * bonus ** 2 + p["lose"] * (bonus - 2) ** 2,
        1.0,
    )
    mean = float(ev.mean())
    std = float(np.sqrt(second.mean() - mean * mean))
    played = plays.mean()
    outcomes = [
        Outcome("folds", float(1 - played), -1.0),
        Outcome("dealer does not qualify", float((p["not_qualifying"] * plays).sum() / n), 1.0),
        Outcome("player beats the dealer", float((p["win"] * plays).sum() / n), 2.0),
        Outcome("tie", float((p["tie"] * plays).sum() / n), 0.0),
        Outcome("dealer wins", float((p["lose"] * plays).sum() / n), -2.0),
    ]
    _, ranks, combos = hands()
    if bonus_table is not None:
        for row in core.paid_rows(bonus_table):
            hit = np.array([row.hand == next((x for x in three_card_names(h)
                                              if bonus_table.row(x)), None) for h in combos])
            outcomes.append(Outcome(f"ante bonus: {row.hand}", float((hit & plays).mean()),
                                    core.row_net("ante_bonus", row)))
    weakest = combos[int(np.flatnonzero(plays)[np.argmin(ranks[plays])])]
    par = WagerPar(
        "ante", "Ante and Play Wagers", bonus_table.id if bonus_table else None, outcomes,
        std_dev=std,
        notes=[f"Optimal play: Play with {three_card_label(weakest)} or better, fold the rest "
               "(§649a.11(b))",
               "House edge per unit of the Ante; the Ante Bonus (§649a.12(b)) is paid on a "
               "Play Wager whatever the dealer holds"],
        extra={"house_edge_per_total_wagered": -mean / (1 + played),
               "play_frequency": float(played), "weakest_hand_played": three_card_label(weakest)},
    )
    return par


def _three_card_probabilities(table: Paytable) -> dict[str, float]:
    return poker.three_card_probabilities(table, three_card_names)


def _five_card_probabilities(table: Paytable, cards: int) -> dict[str, float]:
    return poker.five_card_probabilities(table, cards, super_royal=cards == 6)


def _paytable_wager(key: str, table: Paytable,
                    probabilities: Callable[[Paytable], Mapping[str, float]],
                    meter: Decimal | None, stake: Decimal) -> WagerPar:
    p = probabilities(table)
    has_meter = any(r.basis == "meter_percent" for r in table.rows)
    outcomes = core.by_rows(table, p, key, meter=meter, stake=stake if has_meter else ONE)
    par = WagerPar(key, SPEC.require_wager(key).name, table.id, outcomes)
    if has_meter:
        core.progressive(par, table, p, stake=stake, meter=meter)
    return par


def par_sheet(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
              progress: core.Progress | None = None,  # exact and quick: none to report
              ) -> list[WagerPar]:
    core.refuse_unknown(options, OPTIONS)
    meter = core.option(options, "meter", None, Decimal)
    stake = core.option(options, "stake", PROGRESSIVE_STAKE, Decimal)
    wagers = [wager] if wager else list(WAGERS)
    out = []
    for key in wagers:
        if key == "ante":
            chosen = paytable or options.get("ante_bonus", "A")
            table = None if str(chosen).lower() == "none" else core.resolve(
                GAME, "ante_bonus", chosen, field_name="paytable" if paytable else
                "options.ante_bonus")
            out.append(ante_play(table))
            continue
        if key not in WAGERS:
            raise core.ParError({"wager": f"{key!r}: Three Card Poker par sheets cover "
                                          f"{', '.join(WAGERS)}"})
        if key.startswith("five_card_hand_bonus"):
            out += [poker.five_card_hand_bonus(GAME, key, SPEC.require_wager(key).name, t,
                                               meter=meter, stake=stake)
                    for t in core.tables_for(GAME, key, paytable,
                                             catalog_wager="five_card_hand_bonus")]
            continue
        five = {"six_card_bonus": 6, "five_of_six_progressive": 6, "five_card_progressive": 5}
        probabilities: Callable[[Paytable], Mapping[str, float]]
        if key in five:
            def probabilities(t: Paytable, n: int = five[key]) -> dict[str, float]:
                return _five_card_probabilities(t, n)
        else:
            probabilities = _three_card_probabilities
        for table in core.tables_for(GAME, key, paytable):
            out.append(_paytable_wager(key, table, probabilities, meter, stake))
    return out
