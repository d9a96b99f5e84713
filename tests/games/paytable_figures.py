"""The figures of every catalog paytable, typed here from the regulation (or the secondary
source the catalog cites: /work/shared/regs/facts.md), never read back from the catalog, and
what a row pays worked out from its posted odds alone.

Odds are written as posted: ``"40 to 1"`` (net 40 units), ``"9 for 1"`` (net 8), ``"10%"`` of the
meter (the award includes the stake: net award - wager), ``"$1000"`` (an Envy Bonus: net the
amount; a Royal 9 row: the amount replaces the stake).
"""

from decimal import ROUND_DOWN, Decimal

D = Decimal
METER = D("20000.00")  # every meter: 10% of it is a whole number of cents

# --- The figures, typed from the regulation -----------------------------------------------------

FIVE_CARD_PROGRESSIVE = {  # §643a.12(e)(1), (5); §647a.12(d) prints the same rows
    "royal_flush": "100%", "straight_flush": "10%", "four_of_a_kind": "300 for 1",
    "full_house": "50 for 1", "flush": "40 for 1", "straight": "30 for 1",
    "three_of_a_kind": "9 for 1",
    "envy_royal_flush@1.00": "$1000", "envy_straight_flush@1.00": "$300",
    "envy_royal_flush@5.00": "$5000", "envy_straight_flush@5.00": "$1500",
}
FIVE_CARD_HAND_BONUS = {  # §643a.12(f)(1); §647a.12(e)(1)
    "royal_flush": "100%", "straight_flush": "10%", "four_of_a_kind": "500 for 1",
    "full_house": "100 for 1", "flush": "50 for 1",
}
THREE_CARD_PROGRESSIVE = {  # facts.md (secondary): trips table; the straight table adds a row
    "mini_royal": "100%", "straight_flush": "70 for 1", "three_of_a_kind": "60 for 1",
    "envy_mini_royal@1.00": "$100", "envy_mini_royal@5.00": "$500",
}
PAIR_PLUS = {  # facts.md: SF / trips / straight / flush / pair, to 1
    "A": (35, 25, 6, 4, 1), "B": (40, 30, 5, 4, 1), "C": (40, 30, 6, 3, 1),
    "D": (40, 30, 6, 4, 1), "E": (40, 25, 6, 4, 1),
}
SIX_CARD_ROWS = ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
                 "straight", "three_of_a_kind")
FORTUNE_ROWS = ("natural_seven_card_straight_flush", "royal_flush_and_royal_match",
                "seven_card_straight_flush_with_joker", "five_aces", "royal_flush",
                "straight_flush", "four_of_a_kind", "full_house", "flush", "three_of_a_kind",
                "straight")
FORTUNE = {  # facts.md (secondary), §645a.13(b), to 1, in FORTUNE_ROWS order
    "1": (5000, 1000, 750, 250, 100, 50, 20, 5, 4, 3, 2),
    "2": (8000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2),
    "3": (5000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2),
    "4": (2500, 1000, 750, 250, 125, 50, 25, 5, 4, 3, 2),
    "5": (5000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2),
    "6": (5000, 1000, 500, 300, 110, 45, 25, 5, 4, 3, 2),
    "7": (8000, 2000, 1000, 400, 150, 50, 25, 5, 4, 3, 2),
}
# The commonly posted Fortune Bonus Envy amounts (secondary; docs/interpretation-notes.md).
FORTUNE_ENVY = {
    "envy_natural_seven_card_straight_flush": "$5000", "envy_royal_flush_and_royal_match": "$1000",
    "envy_seven_card_straight_flush_with_joker": "$500", "envy_five_aces": "$250",
    "envy_royal_flush": "$50", "envy_straight_flush": "$25", "envy_four_of_a_kind": "$5",
}
NO_PAIR_ROWS = ("nine_high", "ten_high", "jack_high", "queen_high", "king_high", "ace_high")


def _to(values, rows):
    return {row: f"{v} to 1" for row, v in zip(rows, values, strict=True)}


TYPED: dict[str, dict[str, str]] = {
    # Let It Ride, §643a.12 (bet_3 tables and the Three Card Bonus: facts.md, secondary)
    "let_it_ride.bet_3.common_1000": _to(
        (1000, 200, 50, 11, 8, 5, 3, 2, 1),
        ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair_of_tens_or_better")),
    "let_it_ride.bet_3.posted_500": _to(
        (500, 100, 25, 15, 10, 5, 3, 2, 1),
        ("royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush", "straight",
         "three_of_a_kind", "two_pair", "pair_of_tens_or_better")),
    "let_it_ride.three_card_bonus.flush_4": _to(
        (50, 40, 30, 6, 4, 1),
        ("mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair")),
    "let_it_ride.three_card_bonus.flush_3": _to(
        (50, 40, 30, 6, 3, 1),
        ("mini_royal", "straight_flush", "three_of_a_kind", "straight", "flush", "pair")),
    "let_it_ride.three_card_progressive.trips": THREE_CARD_PROGRESSIVE,
    "let_it_ride.three_card_progressive.straight": {**THREE_CARD_PROGRESSIVE,
                                                    "straight": "6 for 1"},
    "let_it_ride.five_card_progressive.standard": FIVE_CARD_PROGRESSIVE,
    "let_it_ride.five_card_hand_bonus.standard": FIVE_CARD_HAND_BONUS,
    # Texas Hold 'Em Bonus, §647a.12 (the Bonus table: facts.md, secondary)
    "texas_holdem_bonus.bonus.common": _to(
        (1000, 30, 25, 20, 15, 10, 5, 3),
        ("aces_with_dealer_aces", "pair_of_aces", "ace_king_suited",
         "ace_queen_or_ace_jack_suited", "ace_king_offsuit", "pair_of_kings_queens_or_jacks",
         "ace_queen_or_ace_jack_offsuit", "pair_of_twos_through_tens")),
    "texas_holdem_bonus.progressive.standard": FIVE_CARD_PROGRESSIVE,
    "texas_holdem_bonus.five_card_hand_bonus.standard": FIVE_CARD_HAND_BONUS,
    # Three Card Poker, §649a.12 (facts.md; the five-card tables modelled on §643a.12(e), (f))
    "three_card_poker.ante_bonus.A": _to((5, 4, 1),
                                         ("straight_flush", "three_of_a_kind", "straight")),
    **{f"three_card_poker.pair_plus.{name}": _to(
        odds, ("straight_flush", "three_of_a_kind", "straight", "flush", "pair"))
       for name, odds in PAIR_PLUS.items()},
    "three_card_poker.three_card_progressive.trips": THREE_CARD_PROGRESSIVE,
    "three_card_poker.three_card_progressive.straight": {**THREE_CARD_PROGRESSIVE,
                                                         "straight": "6 for 1"},
    "three_card_poker.six_card_bonus.posted_1": _to((1000, 200, 100, 20, 15, 10, 7),
                                                    SIX_CARD_ROWS),
    "three_card_poker.six_card_bonus.posted_2": _to((1000, 200, 50, 25, 20, 10, 5),
                                                    SIX_CARD_ROWS),
    # Table E: posted_2's rows and a Super Royal at 1,000 to 1 until confirmed (interpretation
    # notes)
    "three_card_poker.six_card_bonus.E": {"super_royal": "1000 to 1",
                                          **_to((1000, 200, 50, 25, 20, 10, 5), SIX_CARD_ROWS)},
    "three_card_poker.five_card_progressive.M": FIVE_CARD_PROGRESSIVE,
    "three_card_poker.five_of_six_progressive.M": FIVE_CARD_PROGRESSIVE,
    "three_card_poker.five_card_hand_bonus.standard": FIVE_CARD_HAND_BONUS,
    # Pai Gow Poker, §645a.13
    **{f"pai_gow_poker.fortune_bonus.{name}": {**_to(odds, FORTUNE_ROWS), **FORTUNE_ENVY}
       for name, odds in FORTUNE.items()},
    "pai_gow_poker.emperors_treasure.1": _to(FORTUNE["2"], FORTUNE_ROWS),  # facts.md
    "pai_gow_poker.insurance.emperors_challenge": _to((100, 25, 15, 6, 5, 3), NO_PAIR_ROWS),
    "pai_gow_poker.progressive.standard": {  # §645a.13(e)(1)
        "seven_card_straight_flush": "100%", "five_aces": "10%", "royal_flush": "500 for 1",
        "straight_flush": "100 for 1", "four_of_a_kind": "75 for 1", "full_house": "4 for 1"},
    "pai_gow_poker.queens_dragon.standard": {"queens_dragon": "50 to 1"},  # §645a.13(f)
    "pai_gow_poker.dynasty_bonus.standard": {  # §645a.13(g)
        **_to((2000, 2000, 1000, 1000, 500, 120, 120, 50, 25, 5, 4, 3, 2), (
            "ace_five_natural_straight_flush_and_natural_ace_queen_suited",
            "natural_seven_card_straight_flush",
            "natural_royal_flush_and_natural_ace_queen_suited",
            "seven_card_straight_flush_with_joker", "five_aces", "ace_five_natural_straight_flush",
            "royal_flush", "straight_flush", "four_of_a_kind", "full_house", "flush",
            "three_of_a_kind", "straight")),
        "envy_ace_five_natural_straight_flush_and_natural_ace_queen_suited": "$500",
        "envy_natural_seven_card_straight_flush": "$400",
        "envy_natural_royal_flush_and_natural_ace_queen_suited": "$300",
        "envy_seven_card_straight_flush_with_joker": "$200", "envy_five_aces": "$100",
        "envy_ace_five_natural_straight_flush": "$75", "envy_royal_flush": "$50",
        "envy_straight_flush": "$20", "envy_four_of_a_kind": "$5"},
    "pai_gow_poker.protection.standard": {  # §645a.13(h)
        "ace_five_natural_straight_flush": "120 to 1",
        **_to((100, 25, 15, 7, 5, 3), NO_PAIR_ROWS)},
    "pai_gow_poker.red_black.standard": {  # §645a.13(i)
        "seven_cards_of_the_chosen_color": "5 to 1", "six_cards_of_the_chosen_color": "1 to 1",
        "five_cards_of_the_chosen_color": "1 to 1", "four_cards_of_the_chosen_color": "1 to 1"},
    # Baccarat: Perfect Pairs §631b.1(e), Lucky Nines §631b.4(e), 5 Treasures §631b.3(h),
    # Royal 9 §629b.3(f)(1) ($5) and (g)(1) ($1), Heavenly 9 §631b.2(i)
    "baccarat.perfect_pairs.A": _to((25, 12, 6), ("perfect_pair", "colored_pair", "mixed_pair")),
    "baccarat.perfect_pairs.B": _to((30, 10, 5), ("perfect_pair", "colored_pair", "mixed_pair")),
    "baccarat.perfect_pairs.C": _to((25, 15, 5), ("perfect_pair", "colored_pair", "mixed_pair")),
    **{f"baccarat.lucky_nines.{name}": _to(odds, (
        "four_nines", "three_nines_same_suit", "three_nines", "two_nines_same_suit", "two_nines",
        "one_nine_diamonds", "one_nine")) for name, odds in {
            "A": (500, 250, 20, 8, 5, 2, 1), "B": (500, 250, 30, 12, 5, 2, 1),
            "C": (1000, 500, 35, 16, 5, 2, 1), "D": (2000, 500, 15, 10, 4, 2, 1)}.items()},
    "baccarat.five_treasures.A": _to((40, 25, 75, 10, 400, 6), (
        "fortune_7", "golden_8", "heavenly_9_player_and_banker", "heavenly_9_player_or_banker",
        "three_card_blazing_7s", "cover_all")),
    "baccarat.five_treasures.B": _to((40, 25, 75, 10, 200, 50, 6), (
        "fortune_7", "golden_8", "heavenly_9_player_and_banker", "heavenly_9_player_or_banker",
        "three_card_blazing_7s", "two_card_blazing_7s", "cover_all")),
    "baccarat.royal_9_progressive.5": {
        "personal_king_9_v_personal_king_9": "100%", "personal_king_9_on_banker_hand": "100%",
        "personal_king_9_on_player_hand": "100%", "mega_envy": "$5000",
        "suited_royal_9_tie_hand": "$1500", "royal_9_tie_hand": "$250",
        "any_suited_royal_9": "$50", "any_royal_9": "$25"},
    "baccarat.royal_9_progressive.1": {
        "personal_king_9_v_personal_king_9": "100%", "personal_king_9_on_banker_hand": "100%",
        "personal_king_9_on_player_hand": "100%", "mega_envy": "$1000",
        "suited_royal_9_tie_hand": "$300", "royal_9_tie_hand": "$50",
        "any_suited_royal_9": "$10", "any_royal_9": "$5"},
    "baccarat.heavenly_9_progressive.standard": {
        "three_card_tie_all_cards_same_suit": "100%",
        "three_card_tie_all_cards_same_color": "299 for 1", "three_card_tie": "60 for 1",
        "banker_three_card_9": "9 for 1", "player_three_card_9": "8 for 1"},
    # Craps: Hot Roller §623b.1(h), Lucky Shooter §623b.2(e), Bonus Craps §623b.3(c)
    "craps.hot_roller.A": _to((200, 50, 20, 10, 5), (
        "all_6_number_combinations", "any_5_number_combinations", "any_4_number_combinations",
        "any_3_number_combinations", "any_2_number_combinations")),
    "craps.hot_roller.B": _to((300, 50, 20, 10, 5), (
        "all_6_number_combinations", "any_5_number_combinations", "any_4_number_combinations",
        "any_3_number_combinations", "any_2_number_combinations")),
    **{f"craps.lucky_shooter.{name}": {row: f"{v} for 1" for row, v in rows.items()}
       for name, rows in {
           "A": {"five_of_five_and_established_point": 1000, "five_of_five": 150,
                 "four_of_five": 15, "three_of_five": 5, "first_roll_seven_or_eleven": 1},
           "B": {"five_of_five_and_established_point": 500, "five_of_five": 100,
                 "four_of_five": 10, "three_of_five": 4, "two_of_five": 2,
                 "first_roll_seven_or_eleven": 1},
           "C": {"five_of_five_and_established_point": 1000, "five_of_five": 150,
                 "four_of_five": 20, "three_of_five": 5, "first_roll_seven_or_eleven": 1},
           "D": {"five_of_five_and_established_point": 500, "five_of_five": 100,
                 "four_of_five": 10, "three_of_five": 5, "two_of_five": 2,
                 "first_roll_seven_or_eleven": 1}}.items()},
    "craps.bonus_craps.1": _to((34, 34, 175), ("all_small", "all_tall", "make_em_all")),
    "craps.bonus_craps.2": _to((30, 30, 150), ("all_small", "all_tall", "make_em_all")),
    # Roulette: B2B §617b.1(e), Blazing 7's §617b.2(j)
    "roulette.b2b.rng": {f"repeat_of_previous_spin@{v}": f"{v} to 1"
                         for v in (1000, 500, 250, 100, 50, 25, 10)},
    "roulette.blazing_7s.1": _to((1000, 100, 17, 7),
                                 ("all_three", "two_of_three", "one_of_three", "other")),
    "roulette.blazing_7s.2": _to((299, 100, 17, 7),
                                 ("all_three", "two_of_three", "one_of_three", "other")),
    "roulette.blazing_7s.3": _to((1000, 100, 17, 11, 6), (
        "all_three", "two_of_three", "one_of_three", "three_balls_in_one_color", "other")),
    "roulette.blazing_7s.4": _to((299, 100, 17, 11, 6), (
        "all_three", "two_of_three", "one_of_three", "three_balls_in_one_color", "other")),
}


def expected_net(odds: str, wager: D, meter: D = METER, *, replaces_stake=False) -> D:
    """What a row pays, worked out from the posted odds alone."""
    if odds.endswith("%"):
        award = (meter * D(odds[:-1]) / 100).quantize(D("0.01"), rounding=ROUND_DOWN)
        return award - wager
    if odds.startswith("$"):
        return D(odds[1:]) - (wager if replaces_stake else 0)
    value, basis, _ = odds.split()
    return wager * D(value) - (wager if basis == "for" else 0)


def rows_of(game: str) -> list[tuple[str, str, str]]:
    return [(pid, row, odds) for pid, rows in TYPED.items() if pid.startswith(f"{game}.")
            for row, odds in rows.items()]


# --- Settling through the engine ------------------------------------------------------------

def own_line(result, seat, wager):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return next(x for x in position["lines"] if x["wager"] == wager and "from_seat" not in x)


def name_of(pid):
    return pid.rsplit(".", 1)[1]
