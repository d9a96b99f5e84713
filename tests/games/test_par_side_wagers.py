"""Par sheets of the side wagers round 1 left out, against figures worked out by hand from the
regulation (never read back from our own output): the Five Card Hand Bonus, Lucky Shooter,
Hot Roller, B2B Roulette, Blazing 7's."""

import random
from fractions import Fraction
from math import comb

import pytest

from games.craps import base_game, hot_roller
from games.par import ParError, par_sheet

FIVE = comb(52, 5)


def one(game, wager, paytable=None, **options):
    wagers = par_sheet(game, wager=wager, paytable=paytable, options=options)["wagers"]
    assert len(wagers) == 1
    return wagers[0]


def rows(w):
    return {r["hand"]: r for r in w["rows"]}


@pytest.mark.parametrize(("game", "wager"), [
    ("let_it_ride", "five_card_hand_bonus"),
    ("three_card_poker", "five_card_hand_bonus_player"),
    ("texas_holdem_bonus", "five_card_hand_bonus_dealer"),
])
def test_five_card_hand_bonus_every_hand(game, wager):
    # $1 at a $10,000 meter: royal 4 x 10,000, straight flush 36 x 1,000 (10%), four of a
    # kind 624 x 500, full house 3,744 x 100, flush 5,108 x 50, all "for 1" (§643a.12(f)(1)).
    w = one(game, wager, meter="10000")
    paid = 4 * 10000 + 36 * 1000 + 624 * 500 + 3744 * 100 + 5108 * 50
    assert w["method"] == "exact"
    assert w["house_edge"] == pytest.approx(1 - paid / FIVE)
    assert rows(w)["flush"]["probability"] == pytest.approx(5108 / FIVE)
    p = w["progressive"]
    fixed = (624 * 500 + 3744 * 100 + 5108 * 50) / FIVE
    assert p["fixed_return"] == pytest.approx(fixed)
    # Break-even: fixed + M (4 + 36 x 10%) / C(52, 5) = 1.
    assert p["break_even_meter"] == pytest.approx((1 - fixed) * FIVE / 7.6, abs=0.01)
    assert p["top_award_one_in"] == 649740


def test_lucky_shooter_by_hand():
    # Past the come-out 7s and 11s (paid 1 for 1, the wager stays), craps is 4 of 28. Five of
    # five then the point: each point p (DICE[p] / (28/36)), the five others in any of 5!
    # orders, then p: 120 x (3 x 4 x 5 x 5 x 4 x 3) / 36^6 x (24 / 36) x 36 / 28.
    dice = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    top = 120 * Fraction(3600, 36 ** 6) * Fraction(24, 36) * Fraction(36, 28)
    w = one("craps", "lucky_shooter", "A")
    r = rows(w)
    assert r["five_of_five_and_established_point"]["probability"] == pytest.approx(float(top))
    assert w["naturals_per_wager"] == pytest.approx(2 / 7)
    # Three of five on a point of 4: the first two others in either order, then a roll that
    # is none of the three left. Summed over points gives the row; check the 4's share.
    others = [5, 6, 8, 9, 10]
    three_on_4 = sum(dice[a] * dice[b] * (1 - sum(dice[t] for t in others if t not in (a, b)))
                     for a in others for b in others if a != b)
    assert three_on_4 * dice[4] * Fraction(36, 28) < Fraction(r["three_of_five"]["probability"])
    assert sum(x["probability"] for x in w["rows"]) == pytest.approx(1)
    assert rows(w)["loses"]["probability"] > 4 / 28  # craps on the come-out at least


def test_hot_roller_exact_come_out_seven_by_hand():
    # The first 7 is a come-out 7 with probability a / (a + b): a = 6/36 a come-out 7,
    # b = sum over points of DICE[p] x 6/36 / (DICE[p] + 6/36) a seven-out (§623b.1(g)).
    dice = {t: Fraction(6 - abs(t - 7), 36) for t in range(2, 13)}
    seven = Fraction(6, 36)
    b = sum(dice[p] * seven / (dice[p] + seven) for p in (4, 5, 6, 8, 9, 10))
    come_out_seven = seven / (seven + b)
    w = one("craps", "hot_roller", "A")
    assert w["method"] == "exact" and w["ci95"] is None
    assert rows(w)["loses"]["probability"] > float(come_out_seven)
    assert sum(x["return"] for x in w["rows"]) == pytest.approx(-w["house_edge"])


def test_hot_roller_exact_agrees_with_the_engine_reading_simulated_rolls():
    # The engine's own reading of shooters' rolls (games.craps.hot_roller), 40,000 shooters:
    # each row's frequency within 4.5 standard errors of the exact chain's probability.
    rng = random.Random(12)
    counts: dict[str, int] = {}
    n = 40_000
    for _ in range(n):
        rolls = []
        while not rolls or sum(rolls[-1]) != 7:
            rolls.append(tuple(sorted((rng.randint(1, 6), rng.randint(1, 6)))))
        hand = hot_roller(rolls, base_game(sum(r) for r in rolls)[0]).hand
        counts[hand] = counts.get(hand, 0) + 1
    r = rows(one("craps", "hot_roller", "A"))
    for hand in ("any_2_number_combinations", "any_3_number_combinations"):
        p = r[hand]["probability"]
        assert abs(counts.get(hand, 0) / n - p) < 4.5 * (p * (1 - p) / n) ** 0.5
    lost = (counts["seven_on_come_out_roll"] + counts["fewer_than_2_number_combinations"]) / n
    assert abs(lost - r["loses"]["probability"]) < 4.5 * (0.25 / n) ** 0.5


def test_blazing_7s_by_hand():
    # 3 of 38 to win, then C(38, 3) = 8,436 sets of balls: all three 1, two of 7-17-27
    # 3 x 35 = 105, one 3 x C(35, 2) = 1,785, the rest 6,545 "other" (§617b.2(j)).
    w = one("roulette", "blazing_7s", "1")
    won = Fraction(3, 38) * Fraction(1 * 1001 + 105 * 101 + 1785 * 18 + 6545 * 8, 8436)
    assert w["house_edge"] == pytest.approx(float(1 - won))
    # Paytable 3: three of one colour, none of 7-17-27: red C(16, 3) + black C(17, 3) = 1,240.
    r = rows(one("roulette", "blazing_7s", "3"))
    assert r["three_balls_in_one_color"]["probability"] == pytest.approx(3 / 38 * 1240 / 8436)
    assert r["other"]["probability"] == pytest.approx(3 / 38 * (6545 - 1240) / 8436)


def test_b2b_with_and_without_rng_weights():
    # 1 in 38 to repeat; weights 10 to 1 always: 11 / 38 returned.
    w = one("roulette", "b2b", rng_weights="10:1")
    assert w["house_edge"] == pytest.approx(1 - 11 / 38)
    assert w["break_even_average_payout_to_1"] == 37
    equal = one("roulette", "b2b")
    assert equal["average_payout_to_1"] == pytest.approx(1935 / 7)
    assert any("equal weights are assumed" in n for n in equal["notes"])
    with pytest.raises(ParError) as e:
        one("roulette", "b2b", rng_weights="7:1")
    assert "options.rng_weights" in e.value.errors


def test_red_black_by_hand():
    # Seven of 53 cards, 26 of the chosen colour, the joker neither (§645a.13(i)): seven 5 to
    # 1, six, five or four 1 to 1.
    def k(n, mine=26):
        return comb(mine, n) * comb(53 - mine, 7 - n) / comb(53, 7)

    w = one("pai_gow_poker", "red_black")
    assert w["method"] == "exact"
    assert w["house_edge"] == pytest.approx(1 - (6 * k(7) + 2 * (k(6) + k(5) + k(4))))
    chosen = one("pai_gow_poker", "red_black", red_black_joker="chosen_color")
    assert chosen["house_edge"] == pytest.approx(
        1 - (6 * k(7, 27) + 2 * (k(6, 27) + k(5, 27) + k(4, 27))))


def test_suit_shares_by_hand():
    import numpy as np

    from games.par.baccarat import suit_shares

    # Six different non-zero values: each card is of the first card's suit 1 in 4 (all of
    # one suit 4 x (1/4)^5 ... with the first card free: 4 x (1/4)^6 counting its suit too).
    values = np.array([[1], [2], [3], [4], [5], [6]])
    suit, colour = suit_shares(values, 8)
    assert suit[0] == pytest.approx(4 * 0.25 ** 6) and colour[0] == pytest.approx(2 * 0.5 ** 6)
    # One deck has one 9 of each suit: two 9s are never of one suit; of one colour 1 in 3.
    nines = np.array([[9], [9], [1], [2], [3], [4]])
    suit, colour = suit_shares(nines, 1)
    assert suit[0] == 0
    assert colour[0] == pytest.approx(2 * (2 / 4) * (1 / 3) * 0.5 ** 4)


def test_heavenly_9_progressive_and_lucky_six_outside_commission_free():
    w = one("baccarat", "heavenly_9_progressive", meter="10000", stake="5")
    r = rows(w)
    # The three tie rows split the coups where both hands are three-card 9s (5 Treasures'
    # Heavenly 9 "player and banker" row counts the same coups).
    treasures = rows(one("baccarat", "heavenly_9", "A"))
    tie = sum(r[h]["probability"] for h in ("three_card_tie_all_cards_same_suit",
                                            "three_card_tie_all_cards_same_color",
                                            "three_card_tie"))
    assert tie == pytest.approx(treasures["heavenly_9_player_and_banker"]["probability"])
    # All six of one suit about 1 in 1,024 of those ties, fewer as 8 decks deplete.
    share = r["three_card_tie_all_cards_same_suit"]["probability"] / tie
    assert 1 / 1300 < share < 1 / 1024
    assert w["progressive"]["top_award"] == "three_card_tie_all_cards_same_suit"
    # Lucky Six is the same wager on any table: 12 to 1 and 20 to 1 (§627b.2(c)(3), (k)).
    plain = one("baccarat", "lucky_six")
    assert plain["house_edge"] == one("baccarat", "lucky_six", commission_free="true")[
        "house_edge"]


def test_royal_9_progressive_by_hand():
    # Eight decks (416 cards), 8 of each card. The position's own King-9 (Ks 9s) as both
    # hands' first two cards: 2 orders on each hand, 8/416 x 8/415 x 7/414 x 7/413.
    own_v_own = 4 * 8 * 8 * 7 * 7 / (416 * 415 * 414 * 413)
    sheet = par_sheet("baccarat", wager="royal_9_progressive", paytable="5",
                      options={"combinations": "Ks 9s,Kh 9h,Kd 9d", "meter": "50000"})["wagers"]
    assert [w["position"] for w in sheet] == [1, 2, 3]
    assert [w["combination"] for w in sheet] == ["9s Ks", "9h Kh", "9d Kd"]
    w = sheet[0]
    r = rows(w)
    assert r["personal_king_9_v_personal_king_9"]["probability"] == pytest.approx(own_v_own)
    # Mega Envy: another position's combination on both hands, two of them here.
    assert r["mega_envy"]["probability"] == pytest.approx(2 * own_v_own)
    # On the Banker's Hand only: 2 x 8/416 x 8/415 less both hands.
    assert r["personal_king_9_on_banker_hand"]["probability"] == pytest.approx(
        2 * 8 * 8 / (416 * 415) - own_v_own)
    p = w["progressive"]
    assert p["stake"] == "5.00" and p["top_award_one_in"] == round(1 / own_v_own)
    # The fixed rows pay in place of the $5 (amounts), the Major and Minor at $450 each.
    fixed = sum(r[h]["probability"] * a / 5 for h, a in (
        ("mega_envy", 5000), ("suited_royal_9_tie_hand", 1500), ("royal_9_tie_hand", 250),
        ("any_suited_royal_9", 50), ("any_royal_9", 25), ("personal_king_9_on_banker_hand", 450),
        ("personal_king_9_on_player_hand", 450)))
    assert p["fixed_return"] == pytest.approx(fixed)
    assert p["break_even_meter"] == pytest.approx((1 - fixed) * 5 / own_v_own, abs=0.01)
    # Every position's combination is suited, one suit each: the same figures by symmetry.
    assert [x["house_edge"] for x in sheet[1:]] == pytest.approx([w["house_edge"]] * 2)
    with pytest.raises(ParError) as e:
        one("baccarat", "royal_9_progressive", "5", combinations="Ks 8s")
    assert "options.combinations" in e.value.errors


def test_royal_9_each_position_by_its_own_combination():
    # An offsuit combination (Ks 9h) is no suited Royal 9: when it lands on one hand it is paid
    # the personal row, so a suited King-9 on that hand alone (Ks 9s, another position's) is
    # the suited row for both positions; but a suited own combination takes those coups from
    # "any suited Royal 9". Per hand, the first two cards being one given King-9 pair in
    # either order: 2 x 8/416 x 8/415.
    one_pair = 2 * 8 * 8 / (416 * 415)
    suited, offsuit = par_sheet("baccarat", wager="royal_9_progressive", paytable="1",
                                options={"combinations": "Ks 9s,Ks 9h"})["wagers"]
    assert (suited["position"], offsuit["position"]) == (1, 2)
    a, b = rows(suited), rows(offsuit)
    # Each position's own combination on the Banker's Hand alone: the same chance.
    assert a["personal_king_9_on_banker_hand"]["probability"] == pytest.approx(
        b["personal_king_9_on_banker_hand"]["probability"])
    assert a["personal_king_9_on_banker_hand"]["probability"] < one_pair
    # The suited own combination leaves fewer suited Royal 9s to the lower row.
    assert a["any_suited_royal_9"]["probability"] < b["any_suited_royal_9"]["probability"]
    assert suited["house_edge"] != pytest.approx(offsuit["house_edge"], abs=1e-6)
