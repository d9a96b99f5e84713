"""Texas Hold 'Em Bonus under optimal play, exact: every hole, Flop, Turn, River and dealer hand
(§647a.11(b)-(h)).

The Turn and River Wagers each win or lose one Ante with the final hands and a player who
checks stays in (§647a.11(d), (f)), so each is worth the chance of beating the dealer less the
chance of losing given what the player sees, whatever else he bets: bet it when that is above
nought. The Flop Wager (twice the Ante, §647a.11(b)) is worth playing on when the hand's value
with those decisions is above the Ante lost by folding. So the whole strategy follows from
R(hole, four board cards): the wins less the losses over every River and two-card dealer hand.

R is counted on one board of each suit pattern (``games.par.boards``): 16,432 four-card boards
stand for the 270,725, and on each the cards left are grouped into types that play alike, so a
River of each type and a dealer hand of each pair of types are compared once, card removal
counted by how many cards of each type are left. Then every Flop of each pattern (1,755 stand
for 22,100), every Turn and every hole give the decisions and the outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

import numpy as np

from games import batch
from games.par import boards as bd
from games.par.poker import colex

# The canonical four-card boards' arrays by name (``_four_card_boards``).
Boards = dict[str, np.ndarray]
# By whether the five-card board has a flush suit: wins, losses and Ante wins per board.
Results = dict[bool, tuple[np.ndarray, np.ndarray, np.ndarray]]
Progress = Callable[[float], None]

PAIRS = {n: bd.pair_index(n) for n in (13, 26, 39)}
DEALERS = comb(45, 2)  # two-card dealer hands from the 45 cards the player and board leave
RIVER_DEALER = 46 * DEALERS  # River cards and dealer hands after four board cards
_CHUNK = 384


def _dealer_comparisons(
    boards: np.ndarray, flush_suit: np.ndarray, ante_minimum: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For five-card boards all with a flush suit (three or more of one suit) or all without,
    and each pair of card types as the player's two cards: how many of the 990 dealer hands the
    player beats and loses to, and whether his hand wins the Ante (``ante_minimum``).

    Types: the rank, and (with a flush suit) whether the card is of it. A pair's wins are the
    dealer pairs ranked lower counted with every card left, less those that share a card with
    the player's: the pairs holding one of his types, one card fewer of it."""
    nb, flush = len(boards), bool(flush_suit[0] >= 0)
    types = 26 if flush else 13
    pairs, _ = PAIRS[types]
    rows = np.arange(nb)
    on = np.zeros((nb, 52), bool)
    np.put_along_axis(on, boards, True, axis=1)
    card_type = np.broadcast_to(bd.RANK_OF, (nb, 52)).copy()
    if flush:
        card_type += 13 * (bd.SUIT_OF[None, :] == flush_suit[:, None])
    left = np.zeros((nb, types), np.int64)
    first = np.full((nb, types), -1)
    second = np.full((nb, types), -1)
    for c in range(52):  # each type's count and two of its cards still in the deck
        t, free = card_type[:, c], ~on[:, c]
        left[rows, t] += free
        seen = first[rows, t] >= 0
        take = free & seen & (second[rows, t] < 0)
        second[rows[take], t[take]] = c
        take = free & ~seen
        first[rows[take], t[take]] = c
    a, b = pairs[:, 0], pairs[:, 1]
    same = a == b
    la, lb = left[:, a], left[:, b]
    valid = np.where(same, la >= 2, (la >= 1) & (lb >= 1))
    ca = np.maximum(first[:, a], 0)
    cb = np.maximum(np.where(same, second[:, a], first[:, b]), 0)
    words = (batch.CARD_WORDS[boards].sum(axis=1)[:, None] + batch.CARD_WORDS[ca]
             + batch.CARD_WORDS[cb])
    masks = (batch.CARD_SUIT_MASKS[boards].sum(axis=1)[:, None] + batch.CARD_SUIT_MASKS[ca]
             + batch.CARD_SUIT_MASKS[cb])
    s = batch.strengths_of_sums(words.ravel(), masks.ravel(), 7).reshape(nb, -1)
    s = np.where(valid, s, -1).astype(np.int16)
    ways = np.where(same, la * (la - 1) // 2, la * lb) * valid
    below, above = _ranked_counts(s, ways)
    # Row t of the grid: the pairs holding type t, each weighted by the cards of the other
    # type left; the player's own pair {t, u} sits in row t at column u.
    grid = np.full((nb, types, types), -1, np.int16)
    grid[:, a, b] = s
    grid[:, b, a] = s
    weight = np.broadcast_to(left[:, None, :] * (1 - np.eye(types, dtype=np.int64)), grid.shape)
    row_below, row_above = (x.reshape(grid.shape) for x in _ranked_counts(
        grid.reshape(-1, types), weight.reshape(-1, types)))
    aa, bb = grid[:, a, a], grid[:, b, b]
    counts: np.ndarray
    for counts, by_rank, compare in ((below, row_below, np.less),
                                     (above, row_above, np.greater)):
        by_a, by_b = by_rank[:, a, b], by_rank[:, b, a]
        own = compare(aa, s) * (la - 1) + compare(bb, s) * (lb - 1)
        counts -= np.where(same, 2 * by_a, by_a + by_b + own)
    return below.astype(np.int16), above.astype(np.int16), s >= ante_minimum


def _ranked_counts(s: np.ndarray, ways: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per row, the ways of the entries ranked strictly below and strictly above each entry:
    sorted once, each tie group's sums read at its first and last entry."""
    order = np.argsort(s, axis=1)
    ranked = np.take_along_axis(s, order, axis=1)
    w = np.take_along_axis(ways, order, axis=1)
    cum = np.cumsum(w, axis=1)
    starts = np.ones(s.shape, bool)
    np.not_equal(ranked[:, 1:], ranked[:, :-1], out=starts[:, 1:])
    ends = np.ones(s.shape, bool)
    ends[:, :-1] = starts[:, 1:]
    group = np.cumsum(starts.ravel()) - 1
    before = (cum - w).ravel()[starts.ravel()][group].reshape(s.shape)
    after = (cum[:, -1:] - cum).ravel()[ends.ravel()][group].reshape(s.shape)
    below, above = np.empty_like(before), np.empty_like(after)
    np.put_along_axis(below, order, before, axis=1)
    np.put_along_axis(above, order, after, axis=1)
    return below, above


def _four_card_boards() -> Boards:
    """The canonical four-card boards: cards, how many boards each stands for, the type of
    each card left (suit class * 13 + rank; a suit with two or more on the board can still
    make a flush and is its own class, the others share one), and the cards left per type."""
    keys, weight, by_colex, renaming = bd.kinds(4)
    cards = bd.cards_of(keys, 4)
    counts = np.stack([np.bitwise_count((keys >> s) & 0x1FFF) for s in (39, 26, 13, 0)], 1)
    flushable = counts >= 2
    classes = flushable.sum(axis=1) + 1
    suit_class = np.where(flushable, np.cumsum(flushable, axis=1) - 1, classes[:, None] - 1)
    card_type = suit_class[:, bd.SUIT_OF] * 13 + bd.RANK_OF[None, :]
    on = np.zeros((len(keys), 52), bool)
    np.put_along_axis(on, cards, True, axis=1)
    card_type = np.where(on, -1, card_type)
    left = np.zeros((len(keys), 39), np.int64)
    for c in range(52):
        ok = card_type[:, c] >= 0
        left[np.flatnonzero(ok), card_type[ok, c]] += 1
    most = np.take_along_axis(counts, np.argmax(flushable, axis=1)[:, None], axis=1)[:, 0]
    return {"cards": cards, "weight": weight, "by_colex": by_colex, "renaming": renaming,
            "classes": classes, "card_type": card_type, "left": left, "first_count": most}


def _five_card_boards(
    four: Boards, ante_minimum: int, progress: Progress | None
) -> tuple[np.ndarray, Results]:
    """Each canonical four-card board with a River of each type (its lowest card stands for
    it): the number of the five-card board among the distinct ones, each compared with every
    dealer hand once (``_dealer_comparisons``), by whether it has a flush suit."""
    n4, card_type = len(four["cards"]), four["card_type"]
    river = np.full((n4, 39), -1)
    for c in range(51, -1, -1):
        t = card_type[:, c]
        river[np.flatnonzero(t >= 0), t[t >= 0]] = c
    board, rtype = np.nonzero(river >= 0)
    keys, _ = bd.canonical(np.hstack([four["cards"][board], river[board, rtype][:, None]]))
    distinct, number = np.unique(keys, return_inverse=True)
    cards = bd.cards_of(distinct, 5)
    counts = np.stack([(bd.SUIT_OF[cards] == s).sum(axis=1) for s in range(4)], axis=1)
    flush_suit = np.where(counts.max(axis=1) >= 3, counts.argmax(axis=1), -1)
    results: Results = {}
    place = np.empty(len(distinct), np.int64)
    done, total = 0, len(distinct)
    for kind in (False, True):
        picked = np.flatnonzero((flush_suit >= 0) == kind)
        place[picked] = np.arange(len(picked))
        chunks = [picked[i:i + _CHUNK] for i in range(0, len(picked), _CHUNK)]
        parts = []
        for chunk, part in zip(chunks, batch.pool().map(
                lambda c: _dealer_comparisons(cards[c], flush_suit[c], ante_minimum), chunks),
                strict=True):
            parts.append(part)
            done += len(chunk)
            if progress:
                progress(0.6 * done / total)
        won, lost, high = (np.concatenate(x) for x in zip(*parts, strict=True))
        results[kind] = (won, lost, np.where(high, won, 0).astype(np.int16))
    by_river = np.full((n4, 39), -1)
    by_river[board, rtype] = place[number]
    return by_river, results


def _river_sums(
    four: Boards, by_river: np.ndarray, results: Results
) -> tuple[np.ndarray, list[np.ndarray]]:
    """R of every canonical four-card board and pair of its types as the player's hole: the
    wins, losses and Ante wins over every River and dealer hand, one flat table (and each
    board's start in it). A River of a flushable suit's type makes that suit the five-card
    board's flush suit, and so does any River when the suit already has three."""
    n4 = len(four["cards"])
    offset = np.zeros(n4, np.int64)
    flat: list[list[np.ndarray]] = [[], [], []]
    position = 0
    for k in (1, 2, 3):
        types = 13 * k
        pairs = PAIRS[types][0]
        a, b = pairs[:, 0], pairs[:, 1]
        rt = np.arange(types)[:, None]
        used = (a[None, :] == rt).astype(np.int64) + (b[None, :] == rt)  # the hole's cards
        tables = {-1: PAIRS[13][1][a % 13, b % 13]}
        for c in range(k - 1):
            tables[c] = PAIRS[26][1][a % 13 + 13 * (a // 13 == c), b % 13 + 13 * (b // 13 == c)]
        group = np.flatnonzero(four["classes"] == k)
        river_class = np.arange(types) // 13
        variant = np.where(river_class < k - 1, river_class, -1)[None, :].repeat(len(group), 0)
        if k == 2:  # the flushable suit's third card on the board: every River makes a flush
            variant[four["first_count"][group] >= 3] = 0
        out = np.zeros((len(group), len(pairs), 3), np.int64)
        for i in range(0, len(group), 48):
            g = group[i:i + 48]
            rivers, var = by_river[g, :types], variant[i:i + 48]
            left = four["left"][g, :types]
            for v, table in tables.items():
                mask = (var == v) & (rivers >= 0)
                if not mask.any():
                    continue
                cols = np.flatnonzero(mask.any(axis=0))
                m = mask[:, cols]
                where = np.where(m, rivers[:, cols], 0)[:, :, None]
                factor = np.where(m[:, :, None], left[:, cols, None] - used[cols][None], 0)
                for j, x in enumerate(results[v >= 0]):
                    out[i:i + 48, :, j] += (factor * x[where, table[None, None, :]]).sum(axis=1)
        offset[group] = position + np.arange(len(group)) * len(pairs)
        position += len(group) * len(pairs)
        for j in range(3):
            flat[j].append(out[:, :, j].ravel())
    return offset, [np.concatenate(x) for x in flat]


def optimal(ante_minimum: int, progress: Progress | None = None) -> dict[str, Any]:
    """The exact optimal-play figures per kind of two-card hand (169): the probability of each
    outcome (lose, win with the Ante returned, win the Ante too, tie) by the units wagered
    beyond the Ante (2, 3 or 4), and how often the Turn and River Wagers are made."""
    four = _four_card_boards()
    by_river, results = _five_card_boards(four, ante_minimum, progress)
    offset, flat = _river_sums(four, by_river, results)
    del results
    if progress:
        progress(0.75)
    return _flops(four, offset, flat, progress)


def _flops(four: Boards, offset: np.ndarray, flat: list[np.ndarray],
           progress: Progress | None) -> dict[str, Any]:
    """Every Flop (canonical, weighted), Turn and hole: the River decision from R, the Turn
    decision from R summed over the Turns, and the outcomes by the units wagered."""
    keys3, weight3, _, _ = bd.kinds(3)
    flops = bd.cards_of(keys3, 3)
    hole_class, names = bd.hole_classes()
    n, step = len(names), 12
    starts = range(0, len(flops), step)
    acc = np.zeros(n * 3 * 4 + 2 * n)
    for f0, part in zip(starts, batch.pool().map(
            lambda f0: _flop_batch(four, offset, flat, flops[f0:f0 + step],
                                   weight3[f0:f0 + step], hole_class, n), starts), strict=True):
        acc += part
        if progress:
            progress(0.75 + 0.25 * min(f0 + step, len(flops)) / len(flops))
    sizes = np.bincount(hole_class, minlength=n)
    flop_count = comb(50, 3)
    scale = sizes * flop_count * 47 * RIVER_DEALER
    mass, turns_bet, rivers_bet = acc[:12 * n], acc[12 * n:13 * n], acc[13 * n:]
    return {"names": names, "sizes": sizes, "mass": mass.reshape(n, 3, 4) / scale[:, None, None],
            "turn_bet": turns_bet / (sizes * flop_count),
            "river_bet": rivers_bet / (sizes * flop_count * 47)}


_PAIR_TABLES = np.zeros((4, 39, 39), np.int64)
for _k in (1, 2, 3):
    _PAIR_TABLES[_k, :13 * _k, :13 * _k] = PAIRS[13 * _k][1]
_LOCAL = bd.combos(49, 2)


def _flop_batch(four: Boards, offset: np.ndarray, flat: list[np.ndarray], flop: np.ndarray,
                weight: np.ndarray, hole_class: np.ndarray, n: int) -> np.ndarray:
    """One batch of Flops: per kind of hand, the outcome masses by units (12 per kind), then
    the Turn Wagers and River Wagers made."""
    nf, holes = len(flop), len(_LOCAL)
    rest = bd.remaining(flop)  # (nf, 49): the Turns, and the holes' cards
    fours = np.sort(np.concatenate([np.repeat(flop[:, None, :], 49, 1), rest[:, :, None]],
                                   axis=2), axis=2).reshape(-1, 4)
    index = colex(fours)
    number = four["by_colex"][index].reshape(nf, 49)
    rename = four["renaming"][index].reshape(nf, 49, 4)
    renamed = (np.arange(52) & ~3)[None, None, :] | np.take_along_axis(
        rename, np.broadcast_to(np.arange(52) & 3, (nf, 49, 52)), axis=2)
    ctype = np.take_along_axis(four["card_type"][number], renamed, axis=2)
    x, y = rest[:, _LOCAL[:, 0]], rest[:, _LOCAL[:, 1]]  # (nf, 1176)
    tx = np.take_along_axis(ctype, np.broadcast_to(x[:, None, :], (nf, 49, holes)), 2)
    ty = np.take_along_axis(ctype, np.broadcast_to(y[:, None, :], (nf, 49, holes)), 2)
    valid = (tx >= 0) & (ty >= 0)  # the hole does not hold the Turn
    pidx = _PAIR_TABLES[four["classes"][number][:, :, None], np.maximum(tx, 0),
                        np.maximum(ty, 0)]
    where = np.where(valid, offset[number][:, :, None] + pidx, 0)
    won, lost, ante = (np.where(valid, t[where], 0) for t in flat)
    river = won > lost  # False where not valid (both 0)
    turn = (won - lost).sum(axis=1) > 0  # (nf, holes)
    cls = hole_class[colex(np.sort(np.stack([x, y], axis=2), axis=2).reshape(-1, 2))]
    w = np.repeat(weight.astype(float), holes)
    played = valid.sum(axis=1)
    total = [lost.sum(axis=1), (won - ante).sum(axis=1), ante.sum(axis=1)]
    bet = [(lost * river).sum(axis=1), ((won - ante) * river).sum(axis=1),
           (ante * river).sum(axis=1)]
    rivers = river.sum(axis=1)
    total.append(RIVER_DEALER * played - total[0] - total[1] - total[2])
    bet.append(RIVER_DEALER * rivers - bet[0] - bet[1] - bet[2])
    out = np.zeros(n * 3 * 4)
    for river_bet, values in ((0, [t - b for t, b in zip(total, bet, strict=True)]), (1, bet)):
        units = (turn.astype(np.int64) + river_bet).ravel()  # 2, 3 or 4 units past the Ante
        for j, value in enumerate(values):
            out += np.bincount((cls * 3 + units) * 4 + j, w * value.ravel(), minlength=len(out))
    return np.concatenate([out, np.bincount(cls, w * turn.ravel(), minlength=n),
                           np.bincount(cls, w * rivers.ravel(), minlength=n)])
