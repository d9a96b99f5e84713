"""Texas Hold 'Em Bonus under optimal play (§647a.11): the dealer comparisons and the River
sums against hand-by-hand enumeration with the engine's evaluator, and the whole count against
the published 2.04% per Ante (Wizard of Odds, the Ante paid on a straight or better) and its
published strategy (fold only 2-3 to 2-7 of different suits before the Flop)."""

import numpy as np
import pytest

from games import batch
from games.hands import CATEGORY_STARTS, Category
from games.par import ParError, boards, holdem_exact, par_sheet, texas_holdem

STRAIGHT = CATEGORY_STARTS[Category.STRAIGHT]


def every_dealer(board: np.ndarray, hole: tuple[int, int], river_from=None):
    """Wins, losses and Ante wins of ``hole`` on ``board`` (five cards, or four and every River
    left) against every dealer hand, one by one."""
    won = lost = ante = 0
    rest = boards.remaining(board[None])[0]
    rivers = [None] if len(board) == 5 else [r for r in rest if r not in hole]
    for river in rivers:
        five = board if river is None else np.append(board, river)
        left = np.array([c for c in rest if c not in (*hole, river)])
        dealers = left[boards.combos(len(left), 2)]
        mine = batch.strengths(np.append(five, hole)[None])[0]
        theirs = batch.strengths(np.hstack([np.broadcast_to(five, (len(dealers), 5)), dealers]))
        won += (mine > theirs).sum()
        lost += (mine < theirs).sum()
        ante += (mine > theirs).sum() * (mine >= STRAIGHT)
    return won, lost, ante


def test_dealer_comparisons_by_type_match_every_dealer_hand():
    rng = np.random.default_rng(5)
    for trial in range(12):
        suit = trial % 4
        flush = [r * 4 + suit for r in rng.choice(13, 3, replace=False)]
        others = [c for c in rng.permutation(52) if c not in flush and c & 3 != suit][:2]
        board = np.sort(flush + others if trial % 2 else rng.choice(52, 5, replace=False))
        counts = np.bincount(board & 3, minlength=4)
        flush_suit = int(counts.argmax()) if counts.max() >= 3 else -1
        won, lost, _ = holdem_exact._dealer_comparisons(board[None], np.array([flush_suit]),
                                                        STRAIGHT)
        types = 26 if flush_suit >= 0 else 13
        rest = boards.remaining(board[None])[0]
        for x, y in rng.choice(rest, (6, 2), replace=False):
            tx, ty = ((c >> 2) + (13 * ((c & 3) == flush_suit) if flush_suit >= 0 else 0)
                      for c in (x, y))
            pair = holdem_exact.PAIRS[types][1][tx, ty]
            expected = every_dealer(board, (x, y))
            assert (won[0, pair], lost[0, pair]) == expected[:2], (board, x, y)


@pytest.fixture(scope="module")
def counted():
    """The River sums and the whole count, once; the par sheet below reads the same count."""
    four = holdem_exact._four_card_boards()
    by_river, results = holdem_exact._five_card_boards(four, STRAIGHT, None)
    offset, flat = holdem_exact._river_sums(four, by_river, results)
    found = holdem_exact._flops(four, offset, flat, None)
    texas_holdem._FOUND.setdefault("straight_or_better", found)
    return four, offset, flat


@pytest.mark.slow
def test_river_sums_match_every_river_and_dealer_hand(counted):
    four, offset, flat = counted
    rng = np.random.default_rng(7)
    for classes in (1, 2, 2, 3):
        number = int(rng.choice(np.flatnonzero(four["classes"] == classes)))
        board = four["cards"][number]
        x, y = rng.choice(boards.remaining(board[None])[0], 2, replace=False)
        tx, ty = four["card_type"][number][[x, y]]
        pair = holdem_exact.PAIRS[13 * classes][1][tx, ty]
        got = tuple(int(t[offset[number] + pair]) for t in flat)
        assert got == every_dealer(board, (x, y)), (board, x, y)


@pytest.mark.slow
def test_optimal_play_is_2_04_percent_per_ante(counted):
    w = par_sheet("texas_holdem_bonus", wager="ante")["wagers"][0]
    assert w["method"] == "exact" and w["ci95"] is None
    assert abs(w["house_edge"] - 0.0204) < 0.0015
    assert round(w["house_edge"] * 100, 2) == 2.04
    strategy = w["strategy"]
    assert sorted(strategy["folds"]) == ["3-2 offsuit", "4-2 offsuit", "5-2 offsuit",
                                         "6-2 offsuit", "7-2 offsuit"]
    # 5 kinds x 12 offsuit hands of 1,326 fold: the Ante lost.
    rows = {r["hand"]: r for r in w["rows"]}
    assert rows["folds before the Flop: the Ante lost"]["probability"] == pytest.approx(
        60 / 1326)
    assert sum(r["probability"] for r in w["rows"]) == pytest.approx(1)
    assert sum(r["return"] for r in w["rows"]) == pytest.approx(-w["house_edge"])
    # Per total wagered: the Ante, twice it on the Flop, and the Turn and River bets made.
    played = 1 - 60 / 1326
    assert w["average_units_wagered"] == pytest.approx(
        1 + 2 * played + strategy["turn_bet_frequency"] + strategy["river_bet_frequency"])
    assert 0 < strategy["river_bet_frequency"] < played
    by_hand = {h["hand"]: h for h in strategy["preflop"]}
    assert len(by_hand) == 169 and by_hand["A-A"]["value_played"] > 2
    assert not by_hand["7-2 offsuit"]["played"] and by_hand["8-2 offsuit"]["played"]


def test_the_ante_rule_is_an_option_checked():
    with pytest.raises(ParError) as e:
        par_sheet("texas_holdem_bonus", wager="ante", options={"ante_pays_on": "pair"})
    assert "options.ante_pays_on" in e.value.errors
