"""The Royal 9 Progressive wager (§627b.3, §629b.3), the Heavenly 9 Progressive wager (§631b.2)
and the Must-Hit-By Mystery Bonus configurations (§631b.6(c)(4)): every paytable row through the
engine, with payouts worked out by hand."""

from decimal import Decimal

import pytest

import games
from games.baccarat.progressives import MUST_HIT_BY, must_hit_by
from games.errors import InvalidRound

D = Decimal

# Each Minibaccarat position's King-9 combination, as printed on the layout (§627b.3(e)(5)).
COMBINATIONS = {"1": "Ks 9s", "2": "Kh 9h", "3": "Kd 9d", "4": "Kc 9c", "5": "Ks 9h",
                "6": "Kh 9s", "7": "Kd 9c"}
MIDI_COMBINATIONS = {**COMBINATIONS, "8": "Kc 9d", "9": "Ks 9d"}
METERS = {"royal_9_mega_jackpot": "61234.567", "royal_9_major_jackpot": "512.34",
          "royal_9_minor_jackpot": "498.76"}


def royal_9(player, banker, seats, denomination="5", meters=None, **options):
    wager = f"{denomination}.00"
    payload = {
        "game": "baccarat",
        "options": {"variant": "minibaccarat", "royal_9_progressive": denomination,
                    "royal_9_combinations": COMBINATIONS, **options},
        "meters": METERS if meters is None else meters,
        "player_cards": player.split(), "banker_cards": banker.split(),
        "positions": [{"seat": s, "wagers": {"banker": "5.00", "royal_9_progressive": wager}}
                      for s in seats],
    }
    return games.settle(payload)


def r9(result, seat):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return next(line for line in position["lines"] if line["wager"] == "royal_9_progressive")


def refused(call, *args, **kwargs):
    with pytest.raises(InvalidRound) as e:
        call(*args, **kwargs)
    return e.value.errors


def test_personal_king_9_on_both_hands_pays_the_mega_jackpot_and_others_mega_envy():
    result = royal_9("Ks 9s", "9s Ks", [1, 2])
    mega = r9(result, 1)
    # 100% of $61,234.567 paid down to $61,234.56, in place of the $5 wager.
    assert (mega["net"], mega["hand"], mega["meter"]) == (
        "61229.56", "personal_king_9_v_personal_king_9", "royal_9_mega_jackpot")
    assert (mega["rule"], mega["paid_from"]) == ("§627b.3(e)(6), §627b.3(f)(1)",
                                                 "not_table_inventory")
    envy = r9(result, 2)
    assert (envy["net"], envy["hand"], envy["odds"]) == ("4995.00", "mega_envy", "$5,000.00")
    assert result["meter_awards"] == [{"seat": 1, "wager": "royal_9_progressive",
                                       "meter": "royal_9_mega_jackpot", "award": "61234.56",
                                       "rule": "§627b.3(e)(6), §627b.3(f)(1)"}]


def test_mega_envy_pays_for_an_empty_positions_combination():
    # Kd 9c is position 7's; nobody sits there (§627b.3(e)(9)).
    assert r9(royal_9("Kd 9c", "9c Kd", [1]), 1)["net"] == "4995.00"


def test_personal_king_9_on_the_banker_hand_pays_the_major_and_on_the_player_hand_the_minor():
    result = royal_9("Kh 9h", "Ks 9s", [1, 2, 3])
    assert (r9(result, 1)["net"], r9(result, 1)["hand"]) == (
        "507.34", "personal_king_9_on_banker_hand")  # $512.34 - $5
    assert (r9(result, 2)["net"], r9(result, 2)["hand"]) == (
        "493.76", "personal_king_9_on_player_hand")  # $498.76 - $5
    # Position 3 sees two suited Royal 9s: Suited Royal 9 Tie Hand, $1,500.
    assert (r9(result, 3)["net"], r9(result, 3)["rule"]) == ("1495.00", "§627b.3(e)(4), §627b.3(f)(1)")


@pytest.mark.parametrize(("player", "banker", "five", "one", "hand"), [
    ("Qh 9h", "Jd 9d", "1495.00", "299.00", "suited_royal_9_tie_hand"),  # $1,500 / $300
    ("Qh 9s", "Jd 9c", "245.00", "49.00", "royal_9_tie_hand"),  # $250 / $50
    ("Qh 9h", "Jd 9c", "245.00", "49.00", "royal_9_tie_hand"),  # only one suited
    ("Qh 9h", "4s 3h", "45.00", "9.00", "any_suited_royal_9"),  # $50 / $10
    ("4s 3h", "9c Jc", "45.00", "9.00", "any_suited_royal_9"),
    ("Qh 9s", "4s 3h", "20.00", "4.00", "any_royal_9"),  # $25 / $5
])
def test_royal_9_fixed_rows_on_both_denominations(player, banker, five, one, hand):
    at_five, at_one = r9(royal_9(player, banker, [1]), 1), r9(royal_9(player, banker, [1], "1"), 1)
    assert (at_five["net"], at_five["hand"], at_five["paid_from"]) == (five, hand, "table_inventory")
    assert at_one["net"] == one
    assert at_one["rule"].endswith("§627b.3(g)(1)")


def test_the_jackpots_on_the_one_dollar_table():
    meters = {"royal_9_mega_jackpot": "12000.00", "royal_9_major_jackpot": "90.00",
              "royal_9_minor_jackpot": "95.50"}
    result = royal_9("Ks 9s", "Ks 9s", [1, 2], "1", meters)
    assert (r9(result, 1)["net"], r9(result, 2)["net"]) == ("11999.00", "999.00")
    result = royal_9("Kh 9h", "Ks 9s", [1, 2], "1", meters)
    assert (r9(result, 1)["net"], r9(result, 2)["net"]) == ("89.00", "94.50")


def test_a_ten_and_a_nine_is_not_a_royal_9():
    line = r9(royal_9("Ts 9s", "4s 3h", [1]), 1)
    assert (line["net"], line["rule"]) == ("-5.00", "§627b.3(b)")


def test_midibaccarat_cites_its_own_chapter():
    # Midibaccarat has nine positions (§629a.2(a)), each with its combination.
    line = r9(royal_9("Qh 9s", "4s 3h", [1], variant="midibaccarat",
                      royal_9_combinations=MIDI_COMBINATIONS), 1)
    assert line["rule"] == "§629b.3(e)(1), §629b.3(f)(1)"


def test_a_jackpot_without_its_meter_amount_is_refused():
    errors = refused(royal_9, "Ks 9s", "Ks 9s", [1], meters={})
    assert "meters.royal_9_mega_jackpot" in errors


def test_a_meter_below_the_denominations_minimum_is_refused():
    meters = {**METERS, "royal_9_mega_jackpot": "20000.00"}
    errors = refused(royal_9, "4s 3h", "Ts 6d", [1], meters=meters)
    assert "$50,000" in errors["meters.royal_9_mega_jackpot"][0]
    assert "§627b.3(f)(2)" in errors["meters.royal_9_mega_jackpot"][0]
    royal_9("4s 3h", "Ts 6d", [1], "1", meters=meters)  # enough at $1


def test_a_royal_9_wager_is_the_tables_denomination():
    payload = {"game": "baccarat", "player_cards": "4s 3h", "banker_cards": "Ts 6d",
               "options": {"variant": "minibaccarat", "royal_9_progressive": "5",
                           "royal_9_combinations": COMBINATIONS},
               "positions": [{"wagers": {"player": "5", "royal_9_progressive": "10.00"}}]}
    errors = refused(games.settle, payload)
    assert "$5.00" in errors["positions[0].wagers.royal_9_progressive"][0]


def test_royal_9_is_not_offered_on_baccarat_and_needs_a_minibaccarat_wager():
    payload = {"game": "baccarat", "player_cards": "4s 3h", "banker_cards": "Ts 6d",
               "options": {"royal_9_progressive": "5"},
               "positions": [{"wagers": {"royal_9_progressive": "5.00"}}]}
    errors = refused(games.settle, payload)
    assert "Minibaccarat or Midibaccarat only" in errors["positions[0].wagers.royal_9_progressive"][0]
    payload["options"].update(variant="minibaccarat", royal_9_combinations=COMBINATIONS)
    errors = refused(games.settle, payload)
    assert "§627b.3(b)" in errors["positions[0].wagers.royal_9_progressive"][0]


@pytest.mark.parametrize(("combinations", "field", "why"), [
    ({**COMBINATIONS, "2": "Qh 9h"}, "2", "a King and a Nine"),
    ({**COMBINATIONS, "2": "9s Ks"}, "2", "unique"),
    ({**COMBINATIONS, "8": "Kc 9s"}, "8", "1-7"),
])
def test_personal_combinations_are_a_unique_king_and_nine_per_position(combinations, field, why):
    errors = refused(royal_9, "4s 3h", "Ts 6d", [1], royal_9_combinations=combinations)
    assert why in errors[f"options.royal_9_combinations.{field}"][0]


def test_a_combination_is_needed_for_every_position_even_an_empty_one():
    """§627b.3(e)(9): Mega Envy pays on any position's King 9, occupied or not. Without position
    7's Kd 9c, a Kd 9c v. 9c Kd round would wrongly lose instead of paying $5,000."""
    partial = {k: v for k, v in COMBINATIONS.items() if k != "7"}
    errors = refused(royal_9, "Kd 9c", "9c Kd", [1], royal_9_combinations=partial)
    message = errors["options.royal_9_combinations"][0]
    assert "position 7" in message and "§627b.3(e)(5), (e)(9)" in message


def test_a_position_given_twice_is_refused():
    errors = refused(royal_9, "4s 3h", "Ts 6d", [1],
                     royal_9_combinations={**COMBINATIONS, "01": "Kc 9d"})
    assert "given twice" in errors["options.royal_9_combinations.01"][0]


def test_royal_9_needs_the_layouts_combinations():
    errors = refused(royal_9, "4s 3h", "Ts 6d", [1], royal_9_combinations=None)
    assert "§627b.3(e)(5)" in errors["options.royal_9_combinations"][0]


# Heavenly 9 Progressive (Baccarat): $5 wagers.

def heavenly(player, banker, seats=(1,), meters=None):
    payload = {"game": "baccarat", "player_cards": player.split(), "banker_cards": banker.split(),
               "meters": meters or {"heavenly_9_progressive": "12345.678"},
               "positions": [{"seat": s, "wagers": {"tie": "5.00",
                                                     "heavenly_9_progressive": "5.00"}}
                             for s in seats]}
    result = games.settle(payload)
    return {p["seat"]: p["lines"][1] for p in result["positions"]}


def test_a_three_card_nine_tie_all_one_suit_pays_the_progressive_highest_position_first():
    # Player Ts 5s = 5 draws 4s -> 9; Banker Ts 4s = 4 draws on a 4: 5s -> 9. All spades.
    got = heavenly("Ts 5s 4s", "Ts 4s 5s", seats=(1, 2),
                   meters={"heavenly_9_progressive": "12345.678",
                           "heavenly_9_progressive_reset": "10000.00"})
    assert (got[2]["net"], got[2]["hand"]) == ("12340.67", "three_card_tie_all_cards_same_suit")
    assert got[2]["rule"] == "§631b.2(g)(1), (i)"
    assert got[1]["net"] == "9995.00"  # the meter, reset to $10,000, pays the next position


@pytest.mark.parametrize(("player", "banker", "net", "hand"), [
    ("Ts 5s 4c", "Tc 4s 5c", "1490.00", "three_card_tie_all_cards_same_color"),  # 299 for 1
    ("Ts 5h 4c", "Td 4s 5h", "295.00", "three_card_tie"),  # 60 for 1: $300 less the $5
    ("4s 3h", "Ts 3d 6c", "40.00", "banker_three_card_9"),  # 9 for 1
    ("Ts 5h 4c", "Ts 7d", "35.00", "player_three_card_9"),  # 8 for 1
])
def test_heavenly_9_fixed_rows(player, banker, net, hand):
    line = heavenly(player, banker)[1]
    assert (line["net"], line["hand"], line["paid_from"]) == (net, hand, "table_inventory")


def test_a_natural_nine_is_not_a_heavenly_9():
    line = heavenly("Ks 9h", "4s 3h")[1]
    assert (line["net"], line["rule"]) == ("-5.00", "§631b.2(h)")


def test_heavenly_9_needs_five_dollars_a_baccarat_wager_and_a_baccarat_table():
    base = {"game": "baccarat", "player_cards": "4s 3h", "banker_cards": "Ts 6d"}
    errors = refused(games.settle, {**base, "positions": [
        {"wagers": {"tie": "5", "heavenly_9_progressive": "4.00"}}]})
    assert "§631b.2(c)" in errors["positions[0].wagers.heavenly_9_progressive"][0]
    errors = refused(games.settle, {**base, "positions": [
        {"wagers": {"heavenly_9_progressive": "5.00"}}]})
    assert "§631b.2(a)" in errors["positions[0].wagers.heavenly_9_progressive"][0]
    errors = refused(games.settle, {**base, "options": {"variant": "midibaccarat"}, "positions": [
        {"wagers": {"tie": "5", "heavenly_9_progressive": "5.00"}}]})
    assert "Baccarat only" in errors["positions[0].wagers.heavenly_9_progressive"][0]


def test_a_heavenly_9_reset_below_the_reseed_is_refused():
    """§631b.2(i): "Meter Seed/ Reseed $10,000". Two same-suit three-card ties empty the meter
    twice; a $5 reset would pay the second position $5 instead of $10,000."""
    with pytest.raises(InvalidRound) as e:
        heavenly("Ts 5s 4s", "Ts 4s 5s", seats=(1, 2),
                 meters={"heavenly_9_progressive": "12000.00",
                         "heavenly_9_progressive_reset": "5.00"})
    assert "$10,000" in e.value.errors["meters.heavenly_9_progressive_reset"][0]


def test_a_royal_9_reset_below_the_denominations_minimum_is_refused():
    """§627b.3(g)(2): at $1 the Major Jackpot's reset amount is at least $90."""
    errors = refused(royal_9, "4s 3h", "Ts 6d", [1], "1",
                     meters={**METERS, "royal_9_major_jackpot_reset": "89.99"})
    assert "$90" in errors["meters.royal_9_major_jackpot_reset"][0]
    assert "§627b.3(g)(2)" in errors["meters.royal_9_major_jackpot_reset"][0]


def test_a_heavenly_9_meter_below_the_seed_is_refused():
    with pytest.raises(InvalidRound) as e:
        heavenly("4s 3h", "Ts 6d", meters={"heavenly_9_progressive": "9999.99"})
    assert "$10,000" in e.value.errors["meters.heavenly_9_progressive"][0]


# Must-Hit-By Mystery Bonus configurations (§631b.6(c)(4)).

def test_the_must_hit_by_table_has_twelve_rows():
    assert [c.name for c in MUST_HIT_BY] == [
        "A-1", "A-2", "A-5", "B-1", "B-2", "B-5", "C-1", "C-2", "C-5", "D-1", "D-2", "D-5"]
    # §631b.6(c)(4), copied row by row: minimum wager, minimum and maximum dollar values, rate %.
    assert [(c.minimum_wager, c.minimum, c.maximum, c.contribution_percent)
            for c in MUST_HIT_BY] == [
        (1, 100, 200, 2), (2, 100, 200, D("1.5")), (5, 100, 250, 1),
        (1, 100, 500, 5), (2, 100, 500, D("3.5")), (5, 100, 500, 2),
        (1, 250, 500, 2), (2, 250, 500, D("1.5")), (5, 250, 500, D("0.5")),
        (1, 250, 1000, 5), (2, 250, 1000, 3), (5, 250, 1000, 2),
    ]
    b2 = must_hit_by("B-2")
    assert (b2.minimum, b2.maximum, b2.contribution_percent) == (D(100), D(500), D("3.5"))
    d1 = must_hit_by("D-1")
    assert (d1.minimum, d1.maximum, d1.contribution_percent) == (D(250), D(1000), D(5))


def test_the_must_hit_by_option_names_a_row_on_a_baccarat_table():
    base = {"game": "baccarat", "player_cards": "4s 3h", "banker_cards": "Ts 6d",
            "positions": [{"wagers": {"tie": "5"}}]}
    games.settle({**base, "options": {"must_hit_by": "C-5"}})
    errors = refused(games.settle, {**base, "options": {"must_hit_by": "E-1"}})
    assert "§631b.6(c)(4)" in errors["options.must_hit_by"][0]
    errors = refused(games.settle, {**base, "options": {"must_hit_by": "A-1",
                                                         "variant": "minibaccarat"}})
    assert "§631b.6(a)" in errors["options.must_hit_by"][0]
