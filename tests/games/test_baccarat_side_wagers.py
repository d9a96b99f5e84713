"""Perfect Pairs (§627b.1, §629b.1, §631b.1), Lucky Nines (§631b.4) and the 5 Treasures wagers
(§631b.3) through the engine: every paytable row, with payouts worked out by hand."""

import pytest

import games
from games.baccarat.side_wagers import perfect_pairs_hand
from games.cards import parse_cards
from games.errors import InvalidRound


def settle(player, banker, wagers, **options):
    payload = {"game": "baccarat", "options": options, "player_cards": player.split(),
               "banker_cards": banker.split(), "positions": [{"seat": 1, "wagers": wagers}]}
    return {line["wager"]: line for line in games.settle(payload)["positions"][0]["lines"]}


def refusal(player, banker, wagers, **options):
    with pytest.raises(InvalidRound) as e:
        settle(player, banker, wagers, **options)
    return e.value.errors


# Perfect Pairs: both hands a pair of fours (8, a Natural each, so nobody draws).
PERFECT = "4h 4h"  # same rank, same suit
COLORED = "4s 4c"  # same rank and color, different suits
MIXED = "4d 4s"  # same rank, different colors
NO_PAIR = "4h 5h"  # 9


@pytest.mark.parametrize(("paytable", "hand", "net"), [
    ("A", PERFECT, "250.00"), ("A", COLORED, "120.00"), ("A", MIXED, "60.00"),  # 25 / 12 / 6
    ("B", PERFECT, "300.00"), ("B", COLORED, "100.00"), ("B", MIXED, "50.00"),  # 30 / 10 / 5
    ("C", PERFECT, "250.00"), ("C", COLORED, "150.00"), ("C", MIXED, "50.00"),  # 25 / 15 / 5
])
def test_perfect_pairs_pays_each_row_of_each_paytable(paytable, hand, net):
    got = settle(hand, "Ts 7d", {"perfect_pairs_player": "10.00"}, perfect_pairs=paytable)
    assert got["perfect_pairs_player"]["net"] == net
    assert got["perfect_pairs_player"]["rule"] == "§631b.1(d)(1), (e)"


def test_perfect_pairs_on_both_hands_pays_both():
    got = settle(PERFECT, COLORED, {"perfect_pairs_player": "5.00", "perfect_pairs_banker": "5.00"},
                 perfect_pairs="A")
    assert got["perfect_pairs_player"]["net"] == "125.00"  # 25 to 1
    assert got["perfect_pairs_banker"]["net"] == "60.00"  # 12 to 1


def test_perfect_pairs_without_a_pair_loses():
    got = settle(NO_PAIR, PERFECT, {"perfect_pairs_player": "5.00"}, perfect_pairs="B")
    assert (got["perfect_pairs_player"]["net"], got["perfect_pairs_player"]["rule"]) == (
        "-5.00", "§631b.1(d)(2)")


def test_perfect_pairs_reads_only_the_initial_two_cards():
    # Player 2s 3h = 5 draws the 2c: a pair with the third card does not count.
    got = settle("2s 3h 2c", "Ts 7d", {"perfect_pairs_player": "5.00"}, perfect_pairs="A")
    assert got["perfect_pairs_player"]["net"] == "-5.00"


def test_perfect_pairs_cites_the_chapter_of_the_table():
    got = settle(PERFECT, COLORED, {"perfect_pairs_banker": "5.00"}, perfect_pairs="C",
                 variant="minibaccarat")
    assert got["perfect_pairs_banker"]["rule"] == "§627b.1(d)(1), (e)"


def test_perfect_pairs_paytable_may_be_named_per_hand_if_they_agree():
    got = settle(PERFECT, COLORED, {"perfect_pairs_player": "5.00"}, perfect_pairs_player="B",
                 perfect_pairs_banker="B")
    assert got["perfect_pairs_player"]["net"] == "150.00"  # 30 to 1


def test_two_perfect_pairs_paytables_are_refused():
    errors = refusal(PERFECT, COLORED, {"perfect_pairs_player": "5.00"}, perfect_pairs_player="A",
                     perfect_pairs_banker="B")
    assert "§631b.1(e)" in errors["options.perfect_pairs"][0]


def test_a_perfect_pairs_paytable_not_in_the_catalog_is_refused():
    errors = refusal(PERFECT, COLORED, {"perfect_pairs_player": "5.00"}, perfect_pairs="Z")
    assert "A, B, C" in errors["options.perfect_pairs"][0]


def test_pair_kinds_by_definition():
    assert perfect_pairs_hand(parse_cards("Jh Jh", distinct=False)) == "perfect_pair"
    assert perfect_pairs_hand(parse_cards("Jh Jd")) == "colored_pair"
    assert perfect_pairs_hand(parse_cards("Jh Js")) == "mixed_pair"
    assert perfect_pairs_hand(parse_cards("Jh Qh")) is None


# Lucky Nines: the first two cards of each hand; Baccarat on a fully automated table only.
LUCKY_NINES = {"variant": "baccarat", "fully_automated": True}
FOUR_NINES = ("9s 9h", "9d 9c")  # 8 v 8, Naturals
THREE_SAME_SUIT = ("9s 9s", "9s Ts")  # 8 v 9
THREE_NINES = ("9s 9h", "9s Ts")
TWO_SAME_SUIT = ("9c Tc", "9c Kh")  # 9 v 9
TWO_NINES = ("9c Tc", "9h Kh")
ONE_DIAMOND = ("9d Tc", "2h 5h")  # 9 v 7
ONE_NINE = ("9h Tc", "2h 5h")


@pytest.mark.parametrize(("paytable", "hands", "net"), [
    ("A", FOUR_NINES, "2500.00"), ("B", FOUR_NINES, "2500.00"),  # 500 to 1
    ("C", FOUR_NINES, "5000.00"), ("D", FOUR_NINES, "10000.00"),  # 1,000 / 2,000 to 1
    ("A", THREE_SAME_SUIT, "1250.00"), ("B", THREE_SAME_SUIT, "1250.00"),  # 250 to 1
    ("C", THREE_SAME_SUIT, "2500.00"), ("D", THREE_SAME_SUIT, "2500.00"),  # 500 to 1
    ("A", THREE_NINES, "100.00"), ("B", THREE_NINES, "150.00"),  # 20 / 30 to 1
    ("C", THREE_NINES, "175.00"), ("D", THREE_NINES, "75.00"),  # 35 / 15 to 1
    ("A", TWO_SAME_SUIT, "40.00"), ("B", TWO_SAME_SUIT, "60.00"),  # 8 / 12 to 1
    ("C", TWO_SAME_SUIT, "80.00"), ("D", TWO_SAME_SUIT, "50.00"),  # 16 / 10 to 1
    ("A", TWO_NINES, "25.00"), ("B", TWO_NINES, "25.00"),  # 5 to 1
    ("C", TWO_NINES, "25.00"), ("D", TWO_NINES, "20.00"),  # 5 / 4 to 1
    ("A", ONE_DIAMOND, "10.00"), ("B", ONE_DIAMOND, "10.00"),  # 2 to 1 on every table
    ("C", ONE_DIAMOND, "10.00"), ("D", ONE_DIAMOND, "10.00"),
    ("A", ONE_NINE, "5.00"), ("B", ONE_NINE, "5.00"),  # 1 to 1 on every table
    ("C", ONE_NINE, "5.00"), ("D", ONE_NINE, "5.00"),
])
def test_lucky_nines_pays_each_row_of_each_paytable(paytable, hands, net):
    got = settle(*hands, {"player": "5.00", "lucky_nines": "5.00"}, lucky_nines=paytable,
                 **LUCKY_NINES)["lucky_nines"]
    assert (got["net"], got["rule"]) == (net, "§631b.4(d)(2), (e)")


def test_lucky_nines_without_a_nine_loses():
    got = settle("4s 3h", "Ts 6d", {"tie": "5.00", "lucky_nines": "5.00"}, lucky_nines="A",
                 **LUCKY_NINES)["lucky_nines"]
    assert (got["net"], got["rule"]) == ("-5.00", "§631b.4(d)(1)")


def test_lucky_nines_is_settled_before_the_third_card():
    # Player 2s 3h = 5 draws the 9c: it came after Lucky Nines was settled.
    got = settle("2s 3h 9c", "Ts 7d", {"tie": "5.00", "lucky_nines": "5.00"}, lucky_nines="A",
                 **LUCKY_NINES)
    assert got["lucky_nines"]["net"] == "-5.00"


def test_lucky_nines_needs_a_fully_automated_table():
    errors = refusal(*ONE_NINE, {"player": "5.00", "lucky_nines": "5.00"}, lucky_nines="A")
    assert "fully_automated" in errors["positions[0].wagers.lucky_nines"][0]


def test_lucky_nines_needs_an_initial_wager():
    errors = refusal(*ONE_NINE, {"lucky_nines": "5.00"}, lucky_nines="A", **LUCKY_NINES)
    assert "§631b.4(c)" in errors["positions[0].wagers.lucky_nines"][0]


def test_lucky_nines_needs_its_paytable():
    errors = refusal(*ONE_NINE, {"player": "5.00", "lucky_nines": "5.00"}, **LUCKY_NINES)
    assert "A, B, C, D" in errors["options.lucky_nines"][0]


# 5 Treasures: $5 on every wager.
FIVE = {"banker": "5.00", **dict.fromkeys(
    ["fortune_7", "golden_8", "heavenly_9", "blazing_7s", "cover_all"], "5.00")}
# Player Ts 5h = 5 draws 7c (2); Banker 3d Th = 3 draws unless an 8: the 4s -> 7, wins.
FORTUNE_7 = ("Ts 5h 7c", "3d Th 4s")
# Player 5 draws the 3c -> 8; Banker Ts 7d stands on 7: Player wins with a 3-card 8.
GOLDEN_8 = ("Ts 5h 3c", "Ts 7d")
# Player 5 draws 4c -> 9; Banker Td 4s = 4 draws on a 4 (2-7): the 5h -> 9. Tie 9 v 9.
HEAVENLY_BOTH = ("Ts 5h 4c", "Td 4s 5h")
HEAVENLY_PLAYER = ("Ts 5h 4c", "Ts 7d")  # Player 3-card 9 beats 7
# Player 5 draws 2c -> 7; Banker 4 draws on a 2: the 3h -> 7. A three-card 7 each.
BLAZING_3 = ("Ts 5h 2c", "Td 4s 3h")
BLAZING_2 = ("4s 3h", "5d 2c")  # two-card 7s
# Player 7 stands; Banker Td 3s = 3 draws (Player stood): 4h -> 7. A 2-card and a 3-card 7.
BLAZING_MIXED = ("4s 3h", "Td 3s 4h")


def five(hands, paytable):
    got = settle(*hands, FIVE, five_treasures=paytable)
    return {w: got[w]["net"] for w in FIVE if w != "banker"}


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_fortune_7_pays_forty_to_one_on_a_banker_win_with_a_three_card_7(paytable):
    assert five(FORTUNE_7, paytable) == {
        "fortune_7": "200.00", "golden_8": "-5.00", "heavenly_9": "-5.00",
        "blazing_7s": "-5.00", "cover_all": "30.00",  # 40 to 1; Cover All 6 to 1
    }


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_golden_8_pays_twenty_five_to_one_on_a_player_win_with_a_three_card_8(paytable):
    assert five(GOLDEN_8, paytable)["golden_8"] == "125.00"
    assert five(GOLDEN_8, paytable)["cover_all"] == "30.00"


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_heavenly_9_pays_seventy_five_to_one_when_both_hands_have_a_three_card_9(paytable):
    assert five(HEAVENLY_BOTH, paytable)["heavenly_9"] == "375.00"


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_heavenly_9_pays_ten_to_one_when_one_hand_has_a_three_card_9(paytable):
    got = settle(*HEAVENLY_PLAYER, FIVE, five_treasures=paytable)["heavenly_9"]
    assert (got["net"], got["hand"], got["rule"]) == (
        "50.00", "heavenly_9_player_or_banker", "§631b.3(f)(3), §631b.3(h)")


def test_three_card_blazing_7s_pays_four_hundred_on_a_and_two_hundred_on_b():
    assert five(BLAZING_3, "A")["blazing_7s"] == "2000.00"
    assert five(BLAZING_3, "B")["blazing_7s"] == "1000.00"
    assert five(BLAZING_3, "B")["cover_all"] == "30.00"


def test_a_three_card_seven_tie_is_blazing_but_not_fortune_7():
    """§631b.3(f)(1): Fortune 7 needs the Banker to *win* with a three-card 7; on a 7-7 tie it
    loses while Blazing 7's ((f)(4)) wins: $5 at 400 to 1 (A) = $2,000, Cover All 6 to 1 = $30."""
    assert five(BLAZING_3, "A") == {
        "fortune_7": "-5.00", "golden_8": "-5.00", "heavenly_9": "-5.00",
        "blazing_7s": "2000.00", "cover_all": "30.00",
    }


def test_two_card_blazing_7s_pays_fifty_on_b_and_nothing_on_a():
    assert five(BLAZING_2, "B")["blazing_7s"] == "250.00"
    assert five(BLAZING_2, "B")["cover_all"] == "30.00"
    assert five(BLAZING_2, "A") == dict.fromkeys(
        ["fortune_7", "golden_8", "heavenly_9", "blazing_7s", "cover_all"], "-5.00")


@pytest.mark.parametrize("paytable", ["A", "B"])
def test_a_two_card_seven_against_a_three_card_seven_is_not_blazing(paytable):
    assert five(BLAZING_MIXED, paytable)["blazing_7s"] == "-5.00"


def test_fortune_7_needs_the_banker_to_win():
    # Player 5 draws the 3c -> 8; Banker 3d Th = 3 draws (an 8? no, a 3): the 4s -> 7, loses.
    got = five(("Ts 5h 3c", "3d Th 4s"), "A")
    assert got["fortune_7"] == "-5.00"
    assert got["golden_8"] == "125.00"


def test_cover_all_alone_wins_on_any_other_treasure():
    got = settle(*FORTUNE_7, {"player": "5.00", "cover_all": "5.00"}, five_treasures="A")
    assert got["cover_all"]["net"] == "30.00"


def test_five_treasures_lose_when_nothing_happens():
    got = settle("4s 3h", "Ts 6d", FIVE, five_treasures="B")
    assert {got[w]["rule"] for w in FIVE if w != "banker"} == {"§631b.3(g)"}


def test_five_treasures_need_a_baccarat_wager_and_a_baccarat_table():
    errors = refusal(*FORTUNE_7, {"fortune_7": "5.00"}, five_treasures="A")
    assert "§631b.3(a)" in errors["positions[0].wagers.fortune_7"][0]
    errors = refusal(*FORTUNE_7, {"tie": "5", "golden_8": "5.00"}, five_treasures="A",
                     variant="midibaccarat")
    assert "Baccarat only" in errors["positions[0].wagers.golden_8"][0]


@pytest.mark.parametrize(("wager", "rule"), [
    ("lucky_nines", "§631b.4(c)"), ("fortune_7", "§631b.3(a)")])
def test_side_wagers_need_a_player_banker_or_tie_wager_as_spec_says(wager, rule):
    """§631b.3(a), §631b.4(c): offered to a player who placed a Baccarat wager; the engine
    reads the rule from SPEC's ``requires_wagers``."""
    assert (("player", "banker", "tie"), rule) in games.spec("baccarat").wager(
        wager).needed_wagers()
    options = {"lucky_nines": "A", "five_treasures": "A", **LUCKY_NINES}
    errors = refusal(*ONE_NINE, {wager: "5.00"}, **options)
    assert errors[f"positions[0].wagers.{wager}"] == [
        f"the {games.spec('baccarat').wager(wager).name} wager is open to a player who placed "
        f"a wager on the Player, Banker or Tie Hand ({rule})"]
    assert wager in settle(*ONE_NINE, {"tie": "5.00", wager: "5.00"}, **options)
