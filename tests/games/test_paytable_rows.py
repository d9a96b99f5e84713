"""Every row of every catalog paytable, paid through the engine, against odds typed from the
regulation in ``tests/games/paytable_figures.py`` (or the secondary source the catalog cites:
/work/shared/regs/facts.md) — never read back from the catalog. Changing one figure in
``games/paytables/*.toml`` fails a test here or in ``test_paytable_rows_tables.py`` (baccarat,
craps, roulette); a row added to the catalog without a figure fails
``test_every_catalog_row_is_typed_here``. This module: the card games dealt as poker hands (Let
It Ride, Texas Hold 'Em Bonus, Three Card Poker, Pai Gow Poker)."""

import pytest

import games
from games.paytables import builtin_catalog
from tests.games.paytable_figures import METER, TYPED, D, expected_net, name_of, own_line, rows_of

# --- Every catalog row has its figure --------------------------------------------------------


def row_key(row) -> str:
    return f"{row.hand}@{next(iter(row.when.values()))}" if row.when else row.hand


def test_every_catalog_row_is_typed_here():
    """The catalog's rows (their names only: the figures are typed in paytable_figures.py) are
    all there."""
    catalog_rows = {(p.id, row_key(r)) for p in builtin_catalog() for r in p.rows}
    typed = {(pid, row) for pid, rows in TYPED.items() for row in rows}
    assert catalog_rows == typed


# --- Settling through the engine ------------------------------------------------------------


def envy_lines(result, seat):
    position = next(p for p in result["positions"] if p["seat"] == seat)
    return [x for x in position["lines"] if "from_seat" in x]


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
