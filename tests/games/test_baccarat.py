"""Baccarat through the engine: the Player, Banker and Tie wagers on standard and Commission free
tables (§627b.2, §629b.2, §631b.5), Player/Banker Pair and Lucky Six, the request's refusals, and
what SPEC publishes. Numbers are worked by hand from the regulation."""

import contextlib
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.baccarat import SPEC, max_round_win
from games.errors import GameError, InvalidRound

D = Decimal


def settle(player, banker, wagers, **options):
    payload = {"game": "baccarat", "options": options, "player_cards": player.split(),
               "banker_cards": banker.split(), "positions": [{"seat": 1, "wagers": wagers}]}
    return games.settle(payload)


def lines(result, seat=1):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return {line["wager"]: line for line in position["lines"]}


def refusal(payload):
    with pytest.raises(InvalidRound) as e:
        games.settle({"game": "baccarat", **payload})
    return e.value.errors


# Hands worked out under §631a.11:
PLAYER_7_V_6 = ("4s 3h", "Ts 6d")  # both stand: Player 7 beats 6
BANKER_6_V_3 = ("2s 3h 8c", "4d 2c")  # Player 5 draws the 8 (3); Banker 6 stands on an 8
BANKER_3_CARD_6 = ("Ts 5h 7c", "3d Th 3s")  # Player 5 draws 7 (2); Banker 3 draws 3 -> 6
TIE_7 = ("4s 3h", "5d 2c")
TIE_6 = ("Ts 6h", "4d 2c")
BANKER_NATURAL_9 = ("4s 3h", "Ks 9d")


def test_player_wins_one_to_one_banker_and_tie_lose():
    got = lines(settle(*PLAYER_7_V_6, {"player": "10.00", "banker": "10.00", "tie": "5.00"}))
    assert (got["player"]["net"], got["player"]["odds"]) == ("10.00", "1 to 1")
    assert got["banker"]["net"] == "-10.00"
    assert got["tie"]["net"] == "-5.00"
    assert got["player"]["rule"] == "§631a.8(a)(1)"


def test_banker_wins_one_to_one_less_five_percent_commission():
    got = lines(settle(*BANKER_6_V_3, {"banker": "10.00"}))["banker"]
    assert (got["net"], got["odds"]) == ("9.50", "1 to 1 less 5% commission")


def test_commission_on_an_odd_amount_is_paid_down_to_the_cent():
    # $5.10 * 0.95 = $4.845 -> $4.84
    assert lines(settle(*BANKER_6_V_3, {"banker": "5.10"}))["banker"]["net"] == "4.84"


def test_a_tie_pays_eight_to_one_and_returns_player_and_banker_wagers():
    got = lines(settle(*TIE_7, {"player": "10.00", "banker": "20.00", "tie": "5.00"}))
    assert (got["tie"]["net"], got["tie"]["odds"]) == ("40.00", "8 to 1")
    assert (got["player"]["result"], got["player"]["net"]) == ("push", "0.00")
    assert (got["banker"]["result"], got["banker"]["net"]) == ("push", "0.00")


def test_the_standard_commission_is_flagged_as_secondary():
    assert "secondary" in settle(*BANKER_6_V_3, {"banker": "10.00"})["notes"][0]


def test_commission_free_banker_win_with_six_pays_one_to_two():
    got = lines(settle(*BANKER_6_V_3, {"banker": "10.00"}, commission_free=True))["banker"]
    assert (got["net"], got["odds"], got["rule"]) == ("5.00", "1 to 2", "§631b.5(i)")


def test_commission_free_one_to_two_on_an_odd_amount_is_paid_down():
    # $5.05 / 2 = $2.525 -> $2.52
    got = lines(settle(*BANKER_6_V_3, {"banker": "5.05"}, commission_free=True))
    assert got["banker"]["net"] == "2.52"


def test_commission_free_banker_win_without_six_pays_one_to_one():
    got = lines(settle(*BANKER_NATURAL_9, {"banker": "10.00"}, commission_free=True))["banker"]
    assert (got["net"], got["odds"]) == ("10.00", "1 to 1")


def test_commission_free_player_and_tie():
    got = lines(settle(*PLAYER_7_V_6, {"player": "10.00"}, commission_free=True))["player"]
    assert (got["net"], got["rule"]) == ("10.00", "§631b.5(h)")
    got = lines(settle(*TIE_7, {"tie": "5.00"}, commission_free=True))["tie"]
    assert (got["net"], got["rule"]) == ("40.00", "§631b.5(j)")


def test_player_and_banker_pairs_pay_eleven_to_one():
    # Player 8s 8h = 6 stands; Banker Qd Qc = 0 draws (Player stood) the 3s.
    got = lines(settle("8s 8h", "Qd Qc 3s", {"player_pair": "5.00", "banker_pair": "5.00"},
                       commission_free=True))
    assert (got["player_pair"]["net"], got["player_pair"]["odds"]) == ("55.00", "11 to 1")
    assert got["banker_pair"]["net"] == "55.00"
    assert got["player_pair"]["rule"] == "§631b.5(c)(1), (g)"


def test_a_ten_and_a_king_are_not_a_pair():
    # Player Ts Kh = 0 draws the 7c; Banker 5d 2c = 7 stands.
    got = lines(settle("Ts Kh 7c", "5d 2c", {"player_pair": "5.00", "banker_pair": "5.00"},
                       commission_free=True))
    assert got["player_pair"]["net"] == "-5.00"
    assert got["banker_pair"]["net"] == "-5.00"


def test_lucky_six_pays_twelve_to_one_on_two_cards():
    got = lines(settle(*BANKER_6_V_3, {"lucky_six": "5.00"}, commission_free=True))["lucky_six"]
    assert (got["net"], got["odds"], got["rule"]) == ("60.00", "12 to 1", "§631b.5(k)(1)")


def test_lucky_six_pays_twenty_to_one_on_three_cards():
    got = lines(settle(*BANKER_3_CARD_6, {"lucky_six": "5.00", "banker": "10.00"},
                       commission_free=True))
    assert (got["lucky_six"]["net"], got["lucky_six"]["rule"]) == ("100.00", "§631b.5(k)(2)")
    assert got["banker"]["net"] == "5.00"  # a Banker win with 6, 1 to 2


def test_lucky_six_loses_when_the_banker_six_is_lower_or_not_a_six():
    got = lines(settle(*PLAYER_7_V_6, {"lucky_six": "5.00"}, commission_free=True))
    assert (got["lucky_six"]["net"], got["lucky_six"]["rule"]) == ("-5.00", "§631b.5(c)(3)(i)")
    got = lines(settle(*TIE_7, {"lucky_six": "5.00"}, commission_free=True))
    assert (got["lucky_six"]["net"], got["lucky_six"]["rule"]) == ("-5.00", "§631b.5(c)(3)(ii)")


def test_lucky_six_on_a_six_six_tie_is_returned():
    got = lines(settle(*TIE_6, {"lucky_six": "5.00"}, commission_free=True))["lucky_six"]
    assert (got["result"], got["net"]) == ("push", "0.00")


def test_each_chapter_cites_its_own_sections():
    got = lines(settle(*BANKER_6_V_3, {"lucky_six": "5.00", "player": "5.00"},
                       commission_free=True, variant="minibaccarat"))
    assert (got["lucky_six"]["rule"], got["player"]["rule"]) == ("§627b.2(k)(1)", "§627b.2(h)")
    got = lines(settle(*PLAYER_7_V_6, {"banker": "5.00"}, variant="midibaccarat"))
    assert got["banker"]["rule"] == "§629a.7(a)(2)"


def test_the_engine_deals_from_a_shoe():
    result = games.settle({
        "game": "baccarat", "shoe": "Ts 3d 5h Th 7c 4s 9s 9s",
        "positions": [{"seat": 1, "wagers": {"banker": "10.00"}}],
    })
    assert result["dealer"]["player"]["cards"] == ["Ts", "5h", "7c"]
    assert result["dealer"]["banker"]["cards"] == ["3d", "Th", "4s"]
    assert result["dealer"]["cards_dealt"] == 6
    assert lines(result)["banker"]["net"] == "9.50"


def test_positions_come_back_in_seat_order_with_the_round_as_hand():
    result = games.settle({
        "game": "baccarat", "player_cards": ["4s", "3h"], "banker_cards": ["Ts", "6d"],
        "positions": [{"seat": 5, "wagers": {"player": "5"}}, {"seat": 2, "wagers": {"tie": "5"}}],
    })
    assert [p["seat"] for p in result["positions"]] == [2, 5]
    assert result["positions"][0]["hand"] == "Player wins, 7 to 6"


# Refusals: each bad field named with its rule.

def test_a_third_card_against_a_natural_is_a_400_naming_the_rule():
    errors = refusal({"player_cards": ["4s", "4h", "2c"], "banker_cards": ["Ts", "5d"],
                      "positions": [{"seat": 1, "wagers": {"player": "5"}}]})
    assert "Natural 8" in errors["player_cards"][0] and "§631a.11" in errors["player_cards"][0]


def test_the_minibaccarat_third_card_rule_is_cited_from_its_chapter():
    errors = refusal({"options": {"variant": "minibaccarat"}, "player_cards": "Ts 6h 2c",
                      "banker_cards": "Ts 7d", "positions": [{"wagers": {"player": "5"}}]})
    assert "§627a.10" in errors["player_cards"][0]


def test_more_copies_of_a_card_than_the_shoe_holds_are_refused():
    errors = refusal({"options": {"decks": 1}, "player_cards": "Ks 9s", "banker_cards": "Ks 8h",
                      "positions": [{"wagers": {"player": "5"}}]})
    assert "a shoe of 1 deck" in errors["banker_cards"][0]


def test_a_short_shoe_is_refused():
    errors = refusal({"shoe": "Ts 3d 5h Th", "positions": [{"wagers": {"player": "5"}}]})
    assert "ran out" in errors["shoe"][0]


@pytest.mark.parametrize("wager", ["player_pair", "banker_pair", "lucky_six"])
def test_pair_and_lucky_six_wagers_need_a_commission_free_table(wager):
    errors = refusal({"player_cards": "4s 3h", "banker_cards": "Ts 6d",
                      "positions": [{"wagers": {wager: "5"}}]})
    assert "commission_free" in errors[f"positions[0].wagers.{wager}"][0]


def test_a_seat_beyond_the_minibaccarat_table_is_refused():
    errors = refusal({"options": {"variant": "minibaccarat"}, "player_cards": "4s 3h",
                      "banker_cards": "Ts 6d", "positions": [{"seat": 8, "wagers": {"tie": "5"}}]})
    assert "7 positions" in errors["positions[0].seat"][0]


def test_the_alternative_card_reveal_is_midibaccarat_only():
    errors = refusal({"options": {"alternative_card_reveal": True}, "player_cards": "4s 3h",
                      "banker_cards": "Ts 6d", "positions": [{"wagers": {"tie": "5"}}]})
    assert "§629b.4(a)" in errors["options.alternative_card_reveal"][0]
    settle(*PLAYER_7_V_6, {"player": "5"}, variant="midibaccarat", alternative_card_reveal=True)


def test_shoe_and_hands_together_are_refused():
    errors = refusal({"shoe": "4s Ts 3h 6d", "player_cards": "4s 3h", "banker_cards": "Ts 6d",
                      "positions": [{"wagers": {"tie": "5"}}]})
    assert "either" in errors["shoe"][0]


@pytest.mark.parametrize("payload", [
    {"positions": "seat 1"},
    {"positions": [{"wagers": ["player"]}], "player_cards": "4s 3h", "banker_cards": "Ts 6d"},
    {"positions": [{"wagers": {"player": 5.5}}], "player_cards": 7, "banker_cards": None},
    {"options": ["commission_free"], "shoe": {"a": 1}, "positions": [{"seat": "1"}]},
    {"options": {"decks": "many", "variant": "big"}, "shoe": "As", "positions": [{}]},
    {"options": {"decks": "²"}, "player_cards": "4s 3h", "banker_cards": "Ts 6d",
     "positions": [{"wagers": {"player": "5"}}]},
    {"options": {"variant": "minibaccarat", "royal_9_progressive": "5",
                 "royal_9_combinations": {"²": "Ks 9s"}}, "player_cards": "4s 3h",
     "banker_cards": "Ts 6d", "positions": [{"wagers": {"player": "5",
                                                       "royal_9_progressive": "5"}}]},
    {"options": {"royal_9_combinations": 5, "royal_9_progressive": 5}, "player_cards": "Ks 9s",
     "banker_cards": "Ks 9s", "positions": [{"wagers": {"royal_9_progressive": "5"}}]},
])
def test_malformed_requests_are_refused_never_crash(payload):
    refusal(payload)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=6)
    | st.sampled_from(["As", "9s", "Ks", "5.00", "A", "minibaccarat"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=12,
)
fields = st.sampled_from(["options", "meters", "player_cards", "banker_cards", "shoe",
                          "positions"])


@settings(max_examples=300)
@given(st.dictionaries(fields, json_values))
def test_any_request_shape_is_settled_or_refused_with_a_game_error(payload):
    with contextlib.suppress(GameError):
        games.settle({"game": "baccarat", **payload})


# What SPEC publishes.

def test_spec_lists_every_wager_of_the_issue():
    assert [w.key for w in SPEC.wagers] == [
        "player", "banker", "tie", "player_pair", "banker_pair", "lucky_six",
        "perfect_pairs_player", "perfect_pairs_banker", "royal_9_progressive",
        "heavenly_9_progressive", "fortune_7", "golden_8", "heavenly_9", "blazing_7s",
        "cover_all", "lucky_nines",
    ]


def test_spec_meters_carry_the_regulation_minimums():
    assert SPEC.meter("heavenly_9_progressive").min_initial == D("10000.00")
    assert SPEC.meter("heavenly_9_progressive").min_reset == D("10000.00")
    assert SPEC.meter("royal_9_mega_jackpot").min_initial == D("10000.00")
    assert "$50,000" in SPEC.meter("royal_9_mega_jackpot").note
    assert SPEC.meter("royal_9_major_jackpot").min_reset == D("90.00")
    assert "$450" in SPEC.meter("royal_9_minor_jackpot").note
    five = SPEC.meter("royal_9_mega_jackpot").minimums({"royal_9_progressive": "5"})
    assert five[:2] == (D("50000.00"), D("50000.00"))
    one = SPEC.meter("royal_9_major_jackpot").minimums({"royal_9_progressive": "1"})
    assert one[:2] == (D("90.00"), D("90.00"))
    assert SPEC.meter("royal_9_minor_jackpot").minimums({"royal_9_progressive": "5"})[1] == D(450)
    assert SPEC.meter("heavenly_9_progressive").min_rate == D(10)
    assert {m.key for m in SPEC.meters_for("royal_9_progressive")} == {
        "royal_9_mega_jackpot", "royal_9_major_jackpot", "royal_9_minor_jackpot"}


def test_spec_option_choices_come_from_the_catalog():
    assert SPEC.option("perfect_pairs").choices == ("A", "B", "C")
    assert SPEC.option("five_treasures").choices == ("A", "B")
    assert SPEC.option("variant").choices == ("minibaccarat", "midibaccarat", "baccarat")
    assert len(SPEC.option("must_hit_by").choices) == 12


def test_max_round_win_counts_one_main_outcome_and_each_side_wager_at_its_best():
    # Tie 8 beats Player 1; Perfect Pairs B 30 on each hand; Lucky Nines D 2,000; at $5:
    # (8 + 30 + 30 + 2000) * 5 = $10,340.
    offered = {"player": "", "tie": "", "perfect_pairs_player": "B",
               "perfect_pairs_banker": "baccarat.perfect_pairs.B", "lucky_nines": "D"}
    assert max_round_win(offered, {}, D("5.00")) == D("10340.00")


def test_max_round_win_weighs_lucky_six_with_a_banker_win_against_the_tie():
    # Commission free: a Banker win with 6 pays 1 to 2 (0.5) plus Lucky Six 20 = 20.5 > Tie 8;
    # plus two Pairs at 11: (20.5 + 22) * $10 = $425.
    offered = dict.fromkeys(["banker", "tie", "lucky_six", "player_pair", "banker_pair"], "")
    assert max_round_win(offered, {"commission_free": True}, D("10.00")) == D("425.00")


def test_max_round_win_values_progressive_rows_at_the_least_meter():
    # Royal 9 at $5: the Mega Jackpot's least meter $50,000 less the $5 wager; Heavenly 9:
    # 100% of the $10,000 seed less the $5 wager.
    assert max_round_win({"royal_9_progressive": "5"}, {}, D("1.00")) == D("49995.00")
    assert max_round_win({"heavenly_9_progressive": ""}, {}, D("5.00")) == D("9995.00")
    assert SPEC.payout_limit_floor({"royal_9_progressive": "5"}, {}, D("1")) == D("50000.00")


@pytest.mark.parametrize("decks", ["٨", " 8", "8 "])
def test_decks_written_in_other_digits_or_with_spaces_are_refused(decks):
    # "٨" (Arabic-Indic eight) is a decimal digit to Python's int(): eight decks only as "8".
    errors = refusal({"options": {"decks": decks}, "player_cards": "4s 3h",
                      "banker_cards": "Ts 6d", "positions": [{"wagers": {"player": "5"}}]})
    assert errors == {"options.decks": ["the shoe holds 1 to 8 decks (§631a.3)"]}


def test_a_royal_9_combination_for_a_seat_in_other_digits_is_not_that_seat():
    errors = refusal({"options": {"variant": "minibaccarat", "royal_9_progressive": "5",
                                  "royal_9_combinations": {"٣": "Ks 9s"}},
                      "player_cards": "4s 3h", "banker_cards": "Ts 6d",
                      "positions": [{"wagers": {"player": "5", "royal_9_progressive": "5"}}]})
    assert errors["options.royal_9_combinations.٣"][0].startswith(
        "not a position of the Minibaccarat table (1-")
