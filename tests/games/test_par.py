"""Par sheets against figures worked out by hand or published (never read back from our own
output): Three Card Poker, Let It Ride, baccarat, craps, roulette, the Hold 'Em Bonus Wager.
Hold 'Em Bonus under optimal play: tests/games/test_par_holdem.py; Pai Gow Poker:
tests/games/test_par_pai_gow.py."""

from fractions import Fraction
from math import comb

import pytest

from games.par import ParError, par_sheet


def one(game, wager, paytable=None, **options):
    wagers = par_sheet(game, wager=wager, paytable=paytable, options=options)["wagers"]
    assert len(wagers) == 1
    return wagers[0]


def rows(w):
    return {r["hand"]: r for r in w["rows"]}


def test_pair_plus_40_30_6_4_1_is_2_32_percent():
    # Three-card hands of 22,100: straight flush 48, trips 52, straight 720, flush 1,096,
    # pair 3,744; the rest (16,440) lose: EV = (1920 + 1560 + 4320 + 4384 + 3744 - 16440).
    w = one("three_card_poker", "pair_plus", "D")
    assert w["paytable"] == "three_card_poker.pair_plus.D"
    assert w["method"] == "exact" and w["ci95"] is None
    assert w["house_edge"] == pytest.approx(512 / 22100)
    assert round(w["house_edge"] * 100, 2) == 2.32
    r = rows(w)
    assert r["straight_flush"]["probability"] == pytest.approx(48 / 22100)
    assert r["pair"]["probability"] == pytest.approx(3744 / 22100)
    assert r["straight"]["return"] == pytest.approx(720 * 6 / 22100)
    assert sum(x["probability"] for x in w["rows"]) == pytest.approx(1)
    assert sum(x["return"] for x in w["rows"]) == pytest.approx(-w["house_edge"])


def test_paytable_by_catalog_id_same_as_letter():
    by_id = one("three_card_poker", "pair_plus", "three_card_poker.pair_plus.D")
    assert by_id["house_edge"] == one("three_card_poker", "pair_plus", "D")["house_edge"]


def test_ante_play_optimal_q64_with_1_4_5_ante_bonus():
    # Published: 3.37% per Ante, 2.01% per total wagered, play Q-6-4 or better.
    w = one("three_card_poker", "ante", "A")
    assert round(w["house_edge"] * 100, 2) == 3.37
    assert round(w["house_edge_per_total_wagered"] * 100, 2) == 2.01
    assert w["weakest_hand_played"] == "high card (Q-6-4)"
    assert sum(x["return"] for x in w["rows"]) == pytest.approx(-w["house_edge"])


def test_let_it_ride_optimal_is_3_51_percent():
    # Published: 3.51% per unit of one bet, 2.86% per total wagered (1000-200-50-11-8-5-3-2-1).
    w = one("let_it_ride", "bet_1", "common_1000")
    assert round(w["house_edge"] * 100, 2) == 3.51
    assert round(w["house_edge_per_total_wagered"] * 100, 2) == 2.86
    r = rows(w)
    assert r["royal_flush"]["probability"] == pytest.approx(4 / comb(52, 5))
    assert r["two_pair"]["probability"] == pytest.approx(123552 / comb(52, 5))
    assert sum(x["return"] for x in w["rows"]) == pytest.approx(-w["house_edge"])


def test_baccarat_eight_decks():
    sheet = {w["wager"]: w for w in par_sheet("baccarat")["wagers"]}
    assert round(sheet["banker"]["house_edge"] * 100, 2) == 1.06
    assert round(sheet["player"]["house_edge"] * 100, 2) == 1.24
    assert round(sheet["tie"]["house_edge"] * 100, 2) == 14.36
    assert rows(sheet["tie"])["tie hand"]["probability"] == pytest.approx(0.0951, abs=1e-4)


def test_baccarat_pairs_by_hand():
    # Second card of a hand matches the first's rank: 4d - 1 of 52d - 1; 11 to 1.
    w = one("baccarat", "player_pair", commission_free="true")
    assert w["house_edge"] == pytest.approx(float(1 - Fraction(12 * 31, 415)))
    pp = one("baccarat", "perfect_pairs_player", "A", decks="6")
    left = 311
    ev = Fraction(25 * 5 + 12 * 6 + 6 * 12, left) - Fraction(left - 23, left)
    assert pp["house_edge"] == pytest.approx(float(-ev))


def test_five_treasures_match_the_ez_baccarat_side_bets():
    # Fortune 7 is EZ Baccarat's Dragon 7 (Banker wins with a three-card 7, 40 to 1: 7.61%);
    # Golden 8 its Panda 8 (Player wins with a three-card 8, 25 to 1: 10.19%), eight decks.
    assert round(one("baccarat", "fortune_7", "A")["house_edge"] * 100, 2) == 7.61
    assert round(one("baccarat", "golden_8", "A")["house_edge"] * 100, 2) == 10.19


def test_lucky_nines_by_hand():
    # Eight decks: 32 nines of 416 cards; four nines among the first four cards.
    w = one("baccarat", "lucky_nines", "A")
    assert rows(w)["four_nines"]["probability"] == pytest.approx(comb(32, 4) / comb(416, 4))
    one_nine = 32 * comb(384, 3) / comb(416, 4)
    assert rows(w)["one_nine_diamonds"]["probability"] == pytest.approx(one_nine / 4)


def test_pass_line_and_bonus_craps():
    assert one("craps", "pass_line")["house_edge"] == pytest.approx(7 / 495)
    assert round(one("craps", "pass_line")["house_edge"] * 100, 2) == 1.41
    assert round(one("craps", "all_small", "1")["house_edge"] * 100, 2) == 7.76
    assert round(one("craps", "make_em_all", "1")["house_edge"] * 100, 2) == 7.46


def test_roulette_double_and_single_zero():
    assert one("roulette", "straight_up")["house_edge"] == pytest.approx(2 / 38)
    assert round(one("roulette", "even_money")["house_edge"] * 100, 2) == 5.26
    assert one("roulette", "five_number")["house_edge"] == pytest.approx(3 / 38)
    assert one("roulette", "split", wheel="single_zero")["house_edge"] == pytest.approx(1 / 37)


def test_three_card_progressive_meter_break_even_and_top_award():
    # Mini royal 4 of 22,100 takes 100% of the meter on $1; straight flush 44 at 70 for 1,
    # trips 52 at 60 for 1: return = (6200 + 4 M) / 22100, break-even M = 3,975.
    w = one("three_card_poker", "three_card_progressive", "trips", meter="3975")
    p = w["progressive"]
    assert p["break_even_meter"] == pytest.approx(3975)
    assert p["top_award"] == "mini_royal" and p["top_award_one_in"] == 5525
    assert p["within_nj_cap"] is True and p["nj_cap_probability"] == 1e-8
    assert w["house_edge"] == pytest.approx(0, abs=1e-12)


def test_five_card_progressive_top_award_one_in_649_740():
    p = one("let_it_ride", "five_card_progressive")["progressive"]
    assert p["top_award_one_in"] == 649740


def test_holdem_bonus_wager_exact():
    # 1,326 two-card hands: AA 6 (1 in 1,225 with the dealer's two aces at 1,000), AKs 4,
    # AQs/AJs 8, AKo 12, KK-JJ 18, AQo/AJo 24, 22-TT 54; 1,200 lose.
    aa = 6 * (Fraction(1000, 1225) + Fraction(30 * 1224, 1225))
    won = aa + 4 * 25 + 8 * 20 + 12 * 15 + 18 * 10 + 24 * 5 + 54 * 3
    w = one("texas_holdem_bonus", "bonus", "common")
    assert w["house_edge"] == pytest.approx(float(-(won - 1200) / 1326))


@pytest.mark.parametrize(("kwargs", "field"), [
    ({"game": "three_card_poker", "wager": "pair_plus", "paytable": "Z"}, "paytable"),
    ({"game": "three_card_poker", "wager": "bogus"}, "wager"),
    ({"game": "baccarat", "options": {"decks": "0"}}, "options.decks"),
    ({"game": "baccarat", "options": {"shoes": "2"}}, "options.shoes"),
    ({"game": "roulette", "wager": "five_number", "options": {"wheel": "single_zero"}},
     "wager"),
    ({"game": "chess"}, "game"),
    ({"game": "pai_gow_poker", "wager": "pai_gow", "options": {"deals": "10"}},
     "options.deals"),
    ({"game": "pai_gow_poker", "wager": "pai_gow", "options": {"rounds": "10"}},
     "options.rounds"),
])
def test_bad_requests_name_the_field(kwargs, field):
    game = kwargs.pop("game")
    with pytest.raises(ParError) as e:
        par_sheet(game, **kwargs)
    assert field in e.value.errors
