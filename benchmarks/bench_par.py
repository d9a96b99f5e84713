"""Par sheets (issue "Par sheets"), in seconds, each beside a naive enumeration in the same run.

- ``par.three_card_poker``: the Ante and Play with the optimal play rule and Ante Bonus A,
  exact (``games.par.three_card_poker.ante_play``), from cold caches. Naive: each player hand
  against each dealer hand its cards leave, compared with the engine's ``three_card_strength``
  and ``dealer_qualifies`` one pair at a time; timed on a sample of player hands and scaled
  to all 22,100 (the full loop, 407 million pairs, would take hours). The naive play values
  of the sample must equal ours.
- ``par.let_it_ride``: the three bets with the optimal decisions, exact, from cold caches.
  Naive: every three cards, fourth card and fifth card (52 million five-card hands) evaluated
  with ``games.hands.strength``; timed on a sample of three-card hands and scaled; its
  expected pays must equal ours.
- ``par.baccarat``: the Banker wager of eight decks by composition (with the Player and Tie
  its pass computes too), from a cold cache. Naive: the Banker wager by nested loops over the
  thirteen ranks, card by card, timed in full; the two house edges must agree. Like with like:
  the figure once timed our whole sheet (27 lines: every pair, Five Treasures, Lucky Nines and
  progressive wager) against the naive Banker alone and printed 0.95x (issue 32); the whole
  sheet's time is printed beside it.
- ``par.texas_holdem_bonus``: the Ante, Flop, Turn and River under optimal play, exact
  (``games.par.holdem_exact``). Naive: one hole and four board cards against every River and
  dealer hand (45,540 hands evaluated in one batch), timed on a sample and scaled to the
  1,326 x 230,300 such pairs the River decisions need; the sample's sums must equal ours.
- ``par.pai_gow_poker``: every optional wager exact over the 154,143,080 seven-card hands,
  counted by kind, and the Pai Gow Poker Wager (400,000 deals), from cold caches. Naive:
  ``seven_card_hands`` on random hands, timed and scaled to all 154,143,080.
"""

from __future__ import annotations

import time
from itertools import combinations
from math import comb

import numpy as np

from games.baccarat.rules import RANK_VALUE
from games.batch import strengths
from games.hands import strength, three_card_strength
from games.par import baccarat, let_it_ride, poker, three_card_poker
from games.paytables import catalog
from games.three_card_poker.rankings import dealer_qualifies

SAMPLE_TCP = 20
SAMPLE_LIR = 4
SAMPLE_THB = 3
SAMPLE_PGP = 20_000


def _timed(fn):
    started = time.perf_counter()
    result = fn()
    return time.perf_counter() - started, result


def _figure(value: float, baseline: str, baseline_value: float) -> dict:
    return {"value": value, "unit": "s", "baseline": baseline, "baseline_value": baseline_value,
            "ratio": baseline_value / value}


def _naive_tcp_play(player: tuple[int, ...]) -> float:
    """Net per Ante of playing ``player`` against every dealer hand, before any Ante Bonus."""
    mine = three_card_strength(player)
    rest = [c for c in range(52) if c not in player]
    total = 0
    for dealer in combinations(rest, 3):
        if not dealer_qualifies(dealer):
            total += 1
        else:
            theirs = three_card_strength(dealer)
            total += 2 if mine > theirs else -2 if mine < theirs else 0
    return total / comb(49, 3)


def tcp() -> dict:
    three_card_poker.hands.cache_clear()
    table = catalog().resolve("three_card_poker", "ante_bonus", "A")
    ours, _ = _timed(lambda: three_card_poker.ante_play(table))
    counts = three_card_poker.dealer_counts()
    _, _, combos = three_card_poker.hands()
    picks = np.random.default_rng(649).choice(len(combos), SAMPLE_TCP, replace=False)
    sample, naive = _timed(lambda: [_naive_tcp_play(combos[i]) for i in picks])
    total = comb(49, 3)
    for i, value in zip(picks, naive, strict=True):
        fast = (counts["not_qualifying"][i] + 2 * counts["win"][i] - 2 * counts["lose"][i]) / total
        if abs(fast - value) > 1e-12:
            raise AssertionError(f"Three Card Poker: naive and counted play values differ at {i}")
    return _figure(ours, f"naive pair-by-pair enumeration, {SAMPLE_TCP} player hands timed and "
                         "scaled to 22,100", sample * len(combos) / SAMPLE_TCP)


def _naive_lir_ev3(three: tuple[int, ...], nets: dict) -> float:
    rest = [c for c in range(52) if c not in three]
    total = 0.0
    for fourth in rest:
        for fifth in rest:
            if fifth != fourth:
                total += nets[strength((*three, fourth, fifth))]
    return total / (49 * 48)


def lir() -> dict:
    poker.every_combination.cache_clear()
    table = catalog().resolve("let_it_ride", "bet_3", "common_1000")
    ours, _ = _timed(lambda: let_it_ride.optimal(table))
    nets_array, _, _ = let_it_ride._net_by_strength(table)
    nets = dict(enumerate(nets_array.tolist()))
    threes = list(combinations(range(52), 3))
    picks = np.random.default_rng(643).choice(len(threes), SAMPLE_LIR, replace=False)
    sample, naive = _timed(lambda: [_naive_lir_ev3(threes[i], nets) for i in picks])
    fives = poker.every_combination(5)
    net5 = nets_array[let_it_ride.batch.strengths(fives)]
    for i, value in zip(picks, naive, strict=True):
        three = set(threes[i])
        holds = np.isin(fives, list(three)).sum(axis=1) == 3
        if abs(net5[holds].mean() - value) > 1e-9:
            raise AssertionError("Let It Ride: naive and counted expectations differ")
    return _figure(ours, f"naive enumeration of every deal, {SAMPLE_LIR} three-card hands "
                         "timed and scaled to 22,100", sample * len(threes) / SAMPLE_LIR)


def bac() -> dict:
    def cold(wager):
        baccarat.coups.cache_clear()
        baccarat._suits.cache_clear()
        return _timed(lambda: baccarat.par_sheet(wager, None, {"decks": "8"}))

    ours, wagers = cold("banker")
    whole, lines = cold(None)
    naive_time, naive = _timed(lambda: naive_banker_edge(8))
    for banker in (w for w in (*wagers, *lines) if w.wager == "banker"):
        if abs(banker.house_edge - naive) > 1e-12:
            raise AssertionError("baccarat: naive and composition Banker edges differ")
    print(f"# par.baccarat: the Banker wager {ours:.2f} s (naive {naive_time:.2f} s); the "
          f"whole sheet, {len(lines)} lines, {whole:.2f} s")
    return _figure(ours, "naive card-by-card nested loops over the ranks, the same Banker "
                         "wager, timed in full", naive_time)


def thb() -> dict:
    from games.hands import CATEGORY_STARTS, Category
    from games.par import boards, holdem_exact

    straight = CATEGORY_STARTS[Category.STRAIGHT]
    four = holdem_exact._four_card_boards()
    started = time.perf_counter()
    by_river, results = holdem_exact._five_card_boards(four, straight, None)
    offset, flat = holdem_exact._river_sums(four, by_river, results)
    found = holdem_exact._flops(four, offset, flat, None)
    ours = time.perf_counter() - started
    edge = _holdem_edge(found)
    if round(edge * 100, 2) != 2.04:
        raise AssertionError(f"Hold 'Em Bonus: {edge:.5f}, not the published 2.04%")
    rng = np.random.default_rng(647)
    picks = rng.choice(len(four["cards"]), SAMPLE_THB, replace=False)
    started = time.perf_counter()
    for number in picks:
        board = four["cards"][number]
        x, y = rng.choice(boards.remaining(board[None])[0], 2, replace=False)
        naive = _every_river_and_dealer(board, (x, y), straight)
        tx, ty = four["card_type"][number][[x, y]]
        pair = holdem_exact.PAIRS[13 * four["classes"][number]][1][tx, ty]
        if naive != tuple(int(t[offset[number] + pair]) for t in flat):
            raise AssertionError("Hold 'Em Bonus: naive and counted River sums differ")
    sample = time.perf_counter() - started
    return _figure(ours, f"naive enumeration of every River and dealer hand, {SAMPLE_THB} "
                         "holes and four-card boards timed and scaled to 1,326 x 230,300",
                   sample * 1326 * comb(50, 4) / SAMPLE_THB)


def _holdem_edge(found: dict) -> float:
    mass, sizes = found["mass"], found["sizes"]
    net = np.array([[-(1 + k), k, 1 + k, 0] for k in (2, 3, 4)])
    value = np.maximum((mass * net[None]).sum(axis=(1, 2)), -1)
    return float(-(value * sizes).sum() / sizes.sum())


def _every_river_and_dealer(board, hole, straight) -> tuple[int, int, int]:
    from games.par import boards

    won = lost = ante = 0
    rest = [c for c in boards.remaining(board[None])[0] if c not in hole]
    for river in rest:
        left = np.array([c for c in rest if c != river])
        dealers = left[boards.combos(len(left), 2)]
        five = np.append(board, river)
        mine = strengths(np.append(five, hole)[None])[0]
        theirs = strengths(np.hstack([np.broadcast_to(five, (len(dealers), 5)), dealers]))
        won += int((mine > theirs).sum())
        lost += int((mine < theirs).sum())
        ante += int((mine > theirs).sum()) * (mine >= straight)
    return won, lost, ante


def pgp() -> dict:
    from games.pai_gow_poker.rankings import _seven_card_hands, seven_card_hands
    from games.par import pai_gow, pai_gow_hands

    pai_gow_hands.kinds.cache_clear()
    pai_gow_hands.formed_counts.cache_clear()
    pai_gow._kind_settings.cache_clear()
    ours, _ = _timed(lambda: pai_gow.par_sheet(None, None, {}))
    rng = np.random.default_rng(645)
    hands = np.argsort(rng.random((SAMPLE_PGP, 53)), axis=1)[:, :7].tolist()
    _seven_card_hands.cache_clear()
    sample, _ = _timed(lambda: [seven_card_hands(h) for h in hands])
    return _figure(ours, f"seven_card_hands on {SAMPLE_PGP:,} random hands, timed and scaled to "
                         "all 154,143,080 (the optional wagers only)",
                   sample * pai_gow_hands.HANDS / SAMPLE_PGP)


def run() -> dict:
    return {"par.three_card_poker": tcp(), "par.let_it_ride": lir(), "par.baccarat": bac(),
            "par.texas_holdem_bonus": thb(), "par.pai_gow_poker": pgp()}


def naive_banker_edge(decks: int = 8) -> float:
    """The Banker wager's house edge by plain nested loops over the thirteen ranks, card by
    card, the rules written out: the benchmark's reference, and a check of the count by
    composition (``games.par.baccarat``)."""
    counts = [4 * decks] * 13
    total = 52 * decks
    ev = 0.0

    def draw(v, depth):
        p = counts[v] / (total - depth)
        counts[v] -= 1
        return p

    value = RANK_VALUE
    for a in range(13):
        pa = draw(a, 0)
        for b in range(13):
            pb = draw(b, 1)
            for c in range(13):
                pc = draw(c, 2)
                for d in range(13):
                    pd = draw(d, 3)
                    ev += pa * pb * pc * pd * _naive_rest(
                        (value[a] + value[c]) % 10, (value[b] + value[d]) % 10, counts, total)
                    counts[d] += 1
                counts[c] += 1
            counts[b] += 1
        counts[a] += 1
    return -ev


def _naive_rest(player: int, banker: int, counts: list[int], total: int) -> float:
    def net(p: int, b: int) -> float:
        return 0.95 if b > p else -1.0 if p > b else 0.0

    if player >= 8 or banker >= 8:
        return net(player, banker)
    left = total - 4
    if player >= 6:  # the player stands; the banker draws on 0-5
        if banker >= 6:
            return net(player, banker)
        return sum(counts[r] / left * net(player, (banker + RANK_VALUE[r]) % 10)
                   for r in range(13))
    ev = 0.0
    for r3 in range(13):
        p3 = counts[r3] / left
        counts[r3] -= 1
        third = RANK_VALUE[r3]
        final = (player + third) % 10
        draws = (banker <= 2 or (banker == 3 and third != 8) or (banker == 4 and 2 <= third <= 7)
                 or (banker == 5 and 4 <= third <= 7) or (banker == 6 and third in (6, 7)))
        if draws:
            ev += p3 * sum(counts[r] / (left - 1) * net(final, (banker + RANK_VALUE[r]) % 10)
                           for r in range(13))
        else:
            ev += p3 * net(final, banker)
        counts[r3] += 1
    return ev
