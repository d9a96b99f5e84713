"""Every row of every catalog paytable, paid through the engine, against odds typed here from
the regulation (or the secondary source the catalog cites: /work/shared/regs/facts.md) — never
read back from the catalog. Changing one figure in ``games/paytables/*.toml`` fails a test here;
a row added to the catalog without a figure here fails ``test_every_catalog_row_is_typed_here``.

Odds are written as posted: ``"40 to 1"`` (net 40 units), ``"9 for 1"`` (net 8), ``"10%"`` of the
meter (the award includes the stake: net award - wager), ``"$1000"`` (an Envy Bonus: net the
amount; a Royal 9 row: the amount replaces the stake).
"""

from decimal import ROUND_DOWN, Decimal

import pytest

import games
from games.paytables import builtin_catalog

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
FORTUNE_ENVY = {  # the commonly posted Fortune Bonus Envy amounts (secondary, README)
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
    # Table E: posted_2's rows and a Super Royal at 1,000 to 1 until confirmed (README)
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


def row_key(row) -> str:
    return f"{row.hand}@{next(iter(row.when.values()))}" if row.when else row.hand


def test_every_catalog_row_is_typed_here():
    """The catalog's rows (their names only: the figures are typed above) are all here."""
    catalog_rows = {(p.id, row_key(r)) for p in builtin_catalog() for r in p.rows}
    typed = {(pid, row) for pid, rows in TYPED.items() for row in rows}
    assert catalog_rows == typed


# --- Settling through the engine ------------------------------------------------------------

def own_line(result, seat, wager):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return next(x for x in position["lines"] if x["wager"] == wager and "from_seat" not in x)


def envy_lines(result, seat):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return [x for x in position["lines"] if "from_seat" in x]


def name_of(pid):
    return pid.rsplit(".", 1)[1]


# Five-card poker hands: the first three are a player's three cards where a game deals three.
FIVE = {
    "royal_flush": "As Ks Qs Js Ts", "straight_flush": "9h 8h 7h 6h 5h",
    "four_of_a_kind": "9s 9h 9d 9c 2s", "full_house": "9s 9h 9d 5c 5s",
    "flush": "Ks 9s 7s 4s 2s", "straight": "9s 8h 7d 6c 5s", "three_of_a_kind": "9s 9h 9d Kc 2s",
    "two_pair": "9s 9h 5d 5c 2s", "pair_of_tens_or_better": "Ts Th 5d 7c 2s",
}
THREE = {"mini_royal": "As Ks Qs", "straight_flush": "9h 8h 7h", "three_of_a_kind": "9s 9h 9d",
         "straight": "9s 8h 7d", "flush": "Ks 9s 4s", "pair": "9s 9h 4d"}
NOTHING_THREE = "2h 4c 8d"  # beside any FIVE hand's last two cards and 3d: no hand
DECK = [r + s for r in "23456789TJQKA" for s in "shdc"]
SPARE = "2c 3c 4d 6d 8s Th Qd 2d 5h 7h Jh Kh 4h 6h 8h Qs Jd Tc".split()  # noqa: SIM905


def unused(n, *hands):
    taken = {c for h in hands for c in (h.split() if isinstance(h, str) else h)}
    return [c for c in SPARE if c not in taken][:n]


def hand_of(pid, row):
    return row.removeprefix("envy_").split("@")[0]


# Let It Ride -------------------------------------------------------------------------------


@pytest.mark.parametrize("pid, row, odds", rows_of("let_it_ride"))
def test_let_it_ride_rows(pid, row, odds):
    wager_key = pid.split(".")[1]
    amount = D(row.split("@")[1]) if "@" in row else D("5.00")
    options = {"bet_3": "common_1000"}
    if wager_key in ("bet_3", "three_card_bonus", "three_card_progressive"):
        options[wager_key] = name_of(pid)
    meters = {"three_card_progressive": str(METER), "five_card_progressive": str(METER),
              "five_card_hand_bonus": str(METER)}
    hand = hand_of(pid, row)
    if wager_key in ("three_card_bonus", "three_card_progressive"):
        cards, community = THREE[hand].split(), ["2c", "Jd"]
    else:
        cards, community = FIVE[hand].split()[:3], FIVE[hand].split()[3:]
    holder = {"seat": 1, "cards": cards, "wagers": {"bet_3": "5.00", wager_key: "1.00"}}
    if row.startswith("envy_"):
        other = {"seat": 2, "cards": NOTHING_THREE.split(),
                 "wagers": {"bet_3": "5.00", wager_key: str(amount)}}
        result = games.settle({"game": "let_it_ride", "options": options, "meters": meters,
                               "community": community, "positions": [holder, other]})
        (envy,) = envy_lines(result, 2)
        assert D(envy["net"]) == expected_net(odds, amount)
        return
    holder["wagers"][wager_key] = str(amount)
    result = games.settle({"game": "let_it_ride", "options": options, "meters": meters,
                           "community": community, "positions": [holder]})
    assert D(own_line(result, 1, wager_key)["net"]) == expected_net(odds, amount)


# Texas Hold 'Em Bonus ----------------------------------------------------------------------

HOLDEM_BONUS = {  # the player's two cards, the dealer's two
    "aces_with_dealer_aces": ("As Ah", "Ad Ac"), "pair_of_aces": ("As Ah", "2d 7c"),
    "ace_king_suited": ("As Ks", "2d 7c"), "ace_queen_or_ace_jack_suited": ("As Js", "2d 7c"),
    "ace_king_offsuit": ("As Kh", "2d 7c"), "pair_of_kings_queens_or_jacks": ("Qs Qh", "2d 7c"),
    "ace_queen_or_ace_jack_offsuit": ("As Qh", "2d 7c"),
    "pair_of_twos_through_tens": ("Ts Th", "2d 7c"),
}


@pytest.mark.parametrize("pid, row, odds", rows_of("texas_holdem_bonus"))
def test_texas_holdem_bonus_rows(pid, row, odds):
    wager_key = {"bonus": "bonus", "progressive": "progressive",
                 "five_card_hand_bonus": "five_card_hand_bonus_player"}[pid.split(".")[1]]
    amount = D(row.split("@")[1]) if "@" in row else D("5.00")
    options = {"ante_pays_on": "straight_or_better"}
    meters = {"progressive": str(METER), "five_card_hand_bonus": str(METER)}
    if wager_key == "bonus":
        options["bonus"] = name_of(pid)
        player, dealer = HOLDEM_BONUS[row]
        community = ["3c", "4h", "8c", "Jd", "Kd"]
        position = {"seat": 1, "cards": player.split(), "wagers": {"ante": "5.00", "bonus": "5.00"}}
        result = games.settle({"game": "texas_holdem_bonus", "options": options,
                               "meters": meters, "dealer": dealer.split(), "community": community,
                               "positions": [position]})
        assert D(own_line(result, 1, "bonus")["net"]) == expected_net(odds, amount)
        return
    five = FIVE[hand_of(pid, row)].split()
    player, flop = five[:2], five[2:]
    rest = unused(4, five, NOTHING_THREE.split()[:2])
    community, dealer = flop + rest[:2], rest[2:]
    # each plays on (a Flop Wager): a player who folds forfeits the side wagers (§647a.11(b))
    holder = {"seat": 1, "cards": player,
              "wagers": {"ante": "5.00", "flop": "10.00", wager_key: "1.00"}}
    if row.startswith("envy_"):
        other = {"seat": 2, "cards": NOTHING_THREE.split()[:2],
                 "wagers": {"ante": "5.00", "flop": "10.00", wager_key: str(amount)}}
        result = games.settle({"game": "texas_holdem_bonus", "options": options,
                               "meters": meters, "dealer": dealer, "community": community,
                               "positions": [holder, other]})
        (envy,) = envy_lines(result, 2)
        assert D(envy["net"]) == expected_net(odds, amount)
        return
    holder["wagers"][wager_key] = str(amount)
    result = games.settle({"game": "texas_holdem_bonus", "options": options, "meters": meters,
                           "dealer": dealer, "community": community, "positions": [holder]})
    assert D(own_line(result, 1, wager_key)["net"]) == expected_net(odds, amount)


# Three Card Poker --------------------------------------------------------------------------

SIX = {**{hand: f"{cards} 3d" for hand, cards in FIVE.items()},
       "super_royal": "As Ks Qs Js Ts 9s"}


def _tcp(positions, options, dealer, community=None):
    payload = {"game": "three_card_poker", "options": {"pair_plus": "D", **options},
               "meters": {"three_card_progressive": str(METER),
                          "five_card_progressive": str(METER),
                          "five_card_hand_bonus": str(METER),
                          "five_of_six_progressive": str(METER)},
               "dealer": dealer, "positions": positions}
    if community is not None:
        payload["community"] = community
    return games.settle(payload)


@pytest.mark.parametrize("pid, row, odds", rows_of("three_card_poker"))
def test_three_card_poker_rows(pid, row, odds):
    wager_key = pid.split(".")[1]
    amount = D(row.split("@")[1]) if "@" in row else D("5.00")
    hand = hand_of(pid, row)
    options = {} if wager_key == "five_card_hand_bonus" else {wager_key: name_of(pid)}
    if wager_key == "ante_bonus":
        # the Ante Bonus is paid on the Play Wager whatever the dealer holds (§649a.12(b))
        cards = THREE[hand].split()
        result = _tcp([{"seat": 1, "cards": cards, "wagers": {"ante": "5.00", "play": "5.00"}}],
                      options, unused(3, cards))
        assert D(own_line(result, 1, "ante_bonus")["net"]) == expected_net(odds, amount)
        return
    if wager_key in ("pair_plus", "three_card_progressive"):
        cards, dealer, community, others = THREE[hand].split(), None, None, NOTHING_THREE.split()
        dealer = unused(3, cards, others)
    elif wager_key == "six_card_bonus":
        six = SIX[hand].split()
        cards, dealer, community, others = six[:3], six[3:], None, None
    elif wager_key == "five_of_six_progressive":
        six = SIX[hand].split()
        cards, dealer, community, others = six[:3], six[3:], None, NOTHING_THREE.split()
    else:  # the five-card wagers: the player's three and the two community cards
        five = FIVE[hand].split()
        cards, community, others = five[:3], five[3:], NOTHING_THREE.split()
        dealer = unused(3, five, others)
    key = "five_card_hand_bonus_player" if wager_key == "five_card_hand_bonus" else wager_key
    holder = {"seat": 1, "cards": cards, "wagers": {"pair_plus": "5.00", key: "1.00"}}
    if row.startswith("envy_"):
        other = {"seat": 2, "cards": others, "wagers": {"pair_plus": "5.00", key: str(amount)}}
        result = _tcp([holder, other], options, dealer, community)
        (envy,) = envy_lines(result, 2)
        assert D(envy["net"]) == expected_net(odds, amount)
        return
    holder["wagers"][key] = str(amount)
    result = _tcp([holder], options, dealer, community)
    assert D(own_line(result, 1, key)["net"]) == expected_net(odds, amount)


# Pai Gow Poker -----------------------------------------------------------------------------

SEVEN = {
    "natural_seven_card_straight_flush": "8h 9h Th Jh Qh Kh Ah",
    "seven_card_straight_flush": "8h 9h Th Jh Qh Kh Ah",
    "royal_flush_and_royal_match": "As Ks Qs Js Ts Kh Qh",
    "seven_card_straight_flush_with_joker": "8h 9h Th Jk Qh Kh Ah",
    "five_aces": "As Ah Ad Ac Jk 2s 7d", "royal_flush": "Ks Qs Js Ts Jk 2h 3d",
    "straight_flush": "9s 8s 7s 6s 5s 2h 3d", "four_of_a_kind": "9s 9h 9d 9c 5s 2h 3d",
    "full_house": "9s 9h 9d 5c 5s 2h 3d", "flush": "Ks 9s 7s 5s 2s 2h 3d",
    "three_of_a_kind": "9s 9h 9d Kc 5s 2h 3d", "straight": "9s Th Jd Qc Ks 2h 3d",
    "ace_five_natural_straight_flush_and_natural_ace_queen_suited": "As 2s 3s 4s 5s Ah Qh",
    "natural_royal_flush_and_natural_ace_queen_suited": "As Ks Qs Js Ts Ah Qh",
    "ace_five_natural_straight_flush": "As 2s 3s 4s 5s Kh Qh",
    "nine_high": "2s 3h 4d 6c 7s 8h 9d", "ten_high": "2s 3h 4d 6c 7s 8h Td",
    "jack_high": "2s 3h 4d 6c 7s 8h Jd", "queen_high": "2s 3h 4d 6c 7s 8h Qd",
    "king_high": "2s 3h 4d 6c 7s 8h Kd", "ace_high": "2s 3h 4d 6c 7s 8h Ad",
    "seven_cards_of_the_chosen_color": "Ah Kh Qd Jd 9h 7d 5h",
    "six_cards_of_the_chosen_color": "Ah Kh Qd Jd 9h 7d 5s",
    "five_cards_of_the_chosen_color": "Ah Kh Qd Jd 9h 7c 5s",
    "four_cards_of_the_chosen_color": "Ah Kh Qd Jd 9s 7c 5s",
}
PAI_GOW_NOTHING = "2c 3c 5d 7h 9c Jd Kc"  # no pair, no Envy hand, no qualifying anything
QUEENS_DRAGON = "Qs Jh 9d 8c 5s 3h 2d"  # the dealer's queen-high pai gow (§645a.1)
EZ_ONLY = ("queens_dragon", "dynasty_bonus", "protection", "red_black")


def _pai_gow(positions, options, dealer=None):
    used = [c for p in positions for c in p["cards"]]
    return games.settle({"game": "pai_gow_poker", "options": options,
                         "meters": {"progressive": str(METER)},
                         "dealer": dealer or unused(7, used, "Jk"), "positions": positions})


@pytest.mark.parametrize("pid, row, odds", rows_of("pai_gow_poker"))
def test_pai_gow_poker_rows(pid, row, odds):
    wager_key = pid.split(".")[1]
    amount = D("5.00")
    options = {"ez_pai_gow": True} if wager_key in EZ_ONLY else {}
    if wager_key in ("fortune_bonus", "emperors_treasure", "insurance", "dynasty_bonus",
                     "protection", "red_black", "progressive", "queens_dragon"):
        options[wager_key] = name_of(pid)
    seat = {"seat": 1, "wagers": {"pai_gow": "5.00"}}
    if wager_key == "red_black":
        seat["red_black_color"] = "red"
    if row.startswith("envy_"):
        # the holder places no Qualifying Wager; the other player's $5 one has a lammer
        holder = {**seat, "cards": SEVEN[hand_of(pid, row)].split()}
        other = {"seat": 2, "cards": unused(7, holder["cards"], "Jk"),
                 "wagers": {"pai_gow": "5.00", wager_key: str(amount)}}
        other["cards"] = [c for c in PAI_GOW_NOTHING.split()]
        if set(other["cards"]) & set(holder["cards"]):
            other["cards"] = [c for c in DECK if c not in holder["cards"]
                              and c[0] in "2479J" and c[1] in "cd"][:7]
        dealer = [c for c in DECK if c not in holder["cards"] + other["cards"]][-7:]
        result = _pai_gow([holder, other], options, dealer=dealer)
        (envy,) = envy_lines(result, 2)
        assert D(envy["net"]) == expected_net(odds, amount)
        return
    seat["wagers"][wager_key] = str(amount)
    if wager_key == "queens_dragon":
        seat["cards"] = ["As", "Ah", "Kd", "Kc", "7h", "6c", "4h"]
        result = _pai_gow([seat], options, dealer=QUEENS_DRAGON.split())
    else:
        seat["cards"] = SEVEN[row].split()
        result = _pai_gow([seat], options)
    assert D(own_line(result, 1, wager_key)["net"]) == expected_net(odds, amount)


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
