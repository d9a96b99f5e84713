"""Every row of every baccarat, craps and roulette catalog paytable, paid through the engine,
against the odds typed in ``tests/games/paytable_figures.py`` from the regulation: changing one
figure in ``games/paytables/*.toml`` fails a test here."""

import pytest

import games
from tests.games.paytable_figures import METER, D, expected_net, name_of, own_line, rows_of

# Baccarat ----------------------------------------------------------------------------------

# Each Minibaccarat position's King-9 combination, as printed on the layout (§627b.3(e)(5)).
COMBINATIONS = {"1": "Ks 9s", "2": "Kh 9h", "3": "Kd 9d", "4": "Kc 9c", "5": "Ks 9h",
                "6": "Kh 9s", "7": "Kd 9c"}
BACCARAT_HANDS = {  # the Player's and the Banker's cards, as dealt
    "perfect_pair": ("4h 4h", "Ts 7d"), "colored_pair": ("4s 4c", "Ts 7d"),
    "mixed_pair": ("4d 4s", "Ts 7d"),
    "four_nines": ("9s 9h", "9d 9c"), "three_nines_same_suit": ("9s 9s", "9s Ts"),
    "three_nines": ("9s 9h", "9s Ts"), "two_nines_same_suit": ("9c Tc", "9c Kh"),
    "two_nines": ("9c Tc", "9h Kh"), "one_nine_diamonds": ("9d Tc", "2h 5h"),
    "one_nine": ("9h Tc", "2h 5h"),
    # Player 5 draws 7c (2); Banker 3 draws unless an 8: the 4s -> 7 wins with three cards.
    "fortune_7": ("Ts 5h 7c", "3d Th 4s"),
    "golden_8": ("Ts 5h 3c", "Ts 7d"),  # Player 5 draws 3c -> 8 beats the Banker's 7
    "heavenly_9_player_and_banker": ("Ts 5h 4c", "Td 4s 5h"),  # three-card 9 each
    "heavenly_9_player_or_banker": ("Ts 5h 4c", "Ts 7d"),
    "three_card_blazing_7s": ("Ts 5h 2c", "Td 4s 3h"), "two_card_blazing_7s": ("4s 3h", "5d 2c"),
    "cover_all": ("Ts 5h 7c", "3d Th 4s"),
    # Royal 9 on the $5 or $1 table: King-9s on both hands are positions 1 and 2's ...
    "personal_king_9_v_personal_king_9": ("Ks 9s", "9s Ks"),
    "personal_king_9_on_banker_hand": ("Kh 9h", "Ks 9s"),  # seat 1's King-9 on the Banker
    "personal_king_9_on_player_hand": ("Ks 9s", "Kh 9h"),  # seat 1's on the Player
    "mega_envy": ("Kd 9c", "9c Kd"),  # position 7's, and nobody sits there
    "suited_royal_9_tie_hand": ("Qh 9h", "Jd 9d"), "royal_9_tie_hand": ("Qh 9s", "Jd 9c"),
    "any_suited_royal_9": ("Qh 9h", "4s 3h"), "any_royal_9": ("Qh 9s", "4s 3h"),
    # Heavenly 9: Player Ts 5s = 5 draws 4s -> 9; Banker Ts 4s = 4 draws on a 4: 5s -> 9
    "three_card_tie_all_cards_same_suit": ("Ts 5s 4s", "Ts 4s 5s"),
    "three_card_tie_all_cards_same_color": ("Ts 5s 4c", "Tc 4s 5c"),
    "three_card_tie": ("Ts 5h 4c", "Td 4s 5h"), "banker_three_card_9": ("4s 3h", "Ts 3d 6c"),
    "player_three_card_9": ("Ts 5h 4c", "Ts 7d"),
}


# Above the least amounts of §627b.3 / §629b.3 on the $5 table; each meter its own figure.
ROYAL_9_METERS = {"royal_9_mega_jackpot": "60000.00", "royal_9_major_jackpot": "2000.00",
                  "royal_9_minor_jackpot": "1000.00"}
ROYAL_9_METER_OF = {"personal_king_9_v_personal_king_9": "royal_9_mega_jackpot",
                    "personal_king_9_on_banker_hand": "royal_9_major_jackpot",
                    "personal_king_9_on_player_hand": "royal_9_minor_jackpot"}


@pytest.mark.parametrize("pid, row, odds", rows_of("baccarat"))
def test_baccarat_rows(pid, row, odds):
    paytable_key, amount = pid.split(".")[1], D("5.00")
    player, banker = BACCARAT_HANDS[row]
    options: dict = {}
    meters: dict = {}
    if paytable_key == "perfect_pairs":
        wagers, wager_key = {"player": "5.00", "perfect_pairs_player": "5.00"}, "perfect_pairs_player"
        options["perfect_pairs"] = name_of(pid)
    elif paytable_key == "lucky_nines":
        wagers, wager_key = {"player": "5.00", "lucky_nines": "5.00"}, "lucky_nines"
        options.update(lucky_nines=name_of(pid), fully_automated=True)
    elif paytable_key == "five_treasures":
        wager_key = ("heavenly_9" if row.startswith("heavenly_9") else
                     "blazing_7s" if "blazing" in row else row)
        wagers = {"banker": "5.00", wager_key: "5.00"}
        options["five_treasures"] = name_of(pid)
    elif paytable_key == "royal_9_progressive":
        amount = D(name_of(pid))
        wager_key = "royal_9_progressive"
        wagers = {"banker": "5.00", "royal_9_progressive": str(amount)}
        options.update(variant="minibaccarat", royal_9_progressive=name_of(pid),
                       royal_9_combinations=COMBINATIONS)
        meters = ROYAL_9_METERS
    else:
        wager_key = "heavenly_9_progressive"
        wagers = {"tie": "5.00", "heavenly_9_progressive": "5.00"}
        meters = {"heavenly_9_progressive": str(METER)}
    result = games.settle({"game": "baccarat", "options": options, "meters": meters,
                           "player_cards": player.split(), "banker_cards": banker.split(),
                           "positions": [{"seat": 1, "wagers": wagers}]})
    got = own_line(result, 1, wager_key)
    assert got["hand"] == row or paytable_key != "five_treasures" or wager_key == "cover_all"
    meter = D(meters.get(ROYAL_9_METER_OF.get(row, ""), METER))
    assert D(got["net"]) == expected_net(odds, amount, meter,
                                         replaces_stake=paytable_key == "royal_9_progressive")


# Craps -------------------------------------------------------------------------------------

SEVEN_OUT = [3, 4]
NINE, TEN, FOUR, SIX_ROLL, EIGHT, FIVE_ROLL = [4, 5], [4, 6], [1, 3], [2, 4], [2, 6], [1, 4]
# Point 4 on the 1-3, then every combination of 4, 5, 6, 8, 9 and 10 (the 2-2 makes the
# point), a come-out 5, then the seven-out: each dropped combination leaves a number short.
ALL_6 = [[1, 3], [1, 4], [2, 3], [1, 5], [2, 4], [3, 3], [2, 6], [3, 5], [4, 4], [3, 6], [4, 5],
         [4, 6], [5, 5], [2, 2], [2, 3], SEVEN_OUT]
ANY_5 = [r for r in ALL_6 if r != [5, 5]]  # the 10 short
ANY_4 = [r for r in ANY_5 if r != [4, 5]]  # and the 9
ANY_3 = [r for r in ANY_4 if r != [2, 6]]  # and the 8
ANY_2 = [r for r in ANY_3 if r != [3, 3]]  # and the 6
CRAPS_ROLLS = {
    "all_6_number_combinations": ALL_6, "any_5_number_combinations": ANY_5,
    "any_4_number_combinations": ANY_4, "any_3_number_combinations": ANY_3,
    "any_2_number_combinations": ANY_2,
    # §623b.2(d)(3)(ii): 9, then 10, 4, 6, 8, 5 and the 9 again
    "five_of_five_and_established_point": [NINE, TEN, FOUR, SIX_ROLL, EIGHT, FIVE_ROLL, NINE],
    "five_of_five": [NINE, TEN, FOUR, SIX_ROLL, EIGHT, FIVE_ROLL, SEVEN_OUT],
    "four_of_five": [NINE, TEN, FOUR, SIX_ROLL, EIGHT, SEVEN_OUT],
    "three_of_five": [NINE, TEN, FOUR, SIX_ROLL, TEN],
    "two_of_five": [NINE, TEN, FOUR, NINE, SEVEN_OUT],
    "first_roll_seven_or_eleven": [[5, 6], [3, 4], FOUR, [2, 3], [3, 3], [4, 4], SEVEN_OUT],
    # 2 and 3 on come-out rolls, point 4, 5, 6, 8, 9, 10, 11, 12, then the seven-out
    "all_small": [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], SEVEN_OUT],
    "all_tall": [[2, 2], [4, 4], [4, 5], [5, 5], [5, 6], [6, 6], SEVEN_OUT],
    "make_em_all": [[1, 1], [1, 2], [2, 2], [2, 3], [3, 3], [4, 4], [4, 5], [5, 5], [5, 6],
                    [6, 6], SEVEN_OUT],
}


@pytest.mark.parametrize("pid, row, odds", rows_of("craps"))
def test_craps_rows(pid, row, odds):
    table, amount = pid.split(".")[1], D("5.00")
    wager_key = row if table == "bonus_craps" else table
    options = {table: name_of(pid), "electronic_table": True}
    result = games.settle({"game": "craps", "options": options, "rolls": CRAPS_ROLLS[row],
                           "positions": [{"seat": 1, "wagers": {wager_key: str(amount)}}]})
    got = own_line(result, 1, wager_key)
    assert got["hand"] == row
    assert D(got["net"]) == expected_net(odds, amount)


# Roulette ----------------------------------------------------------------------------------

BONUS_BALLS = {"all_three": ["7", "17", "27"], "two_of_three": ["7", "17", "3"],
               "one_of_three": ["27", "2", "4"], "three_balls_in_one_color": ["1", "3", "5"],
               "other": ["1", "2", "4"]}


@pytest.mark.parametrize("pid, row, odds", rows_of("roulette"))
def test_roulette_rows(pid, row, odds):
    amount = D("5.00")
    if pid == "roulette.b2b.rng":
        payload = {"game": "roulette", "previous_spin": "17", "spin": "17",
                   "rng_payout": row.split("@")[1],
                   "positions": [{"seat": 1, "wagers": {"b2b": "5.00"}}]}
        wager_key = "b2b"
    else:
        payload = {"game": "roulette", "options": {"blazing_7s": name_of(pid)}, "spin": "27",
                   "bonus_balls": BONUS_BALLS[row],
                   "positions": [{"seat": 1, "wagers": {"blazing_7s": "5.00"}}]}
        wager_key = "blazing_7s"
    got = own_line(games.settle(payload), 1, wager_key)
    assert D(got["net"]) == expected_net(odds, amount)
