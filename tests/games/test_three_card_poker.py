"""Three Card Poker's own wagers (§649a.11(b)-(c)(4), §649a.12(a), (b), (d)): the dealer
qualifies with queen high, Ante and Play, the Ante Bonus, a fold, Pair Plus, and the dealing
procedures; numbers worked out by hand.

Paytables used (games/paytables/three_card_poker.toml): Ante Bonus A (straight 1, trips 4,
straight flush 5, to 1); Pair Plus A-E (SF/trips/straight/flush/pair to 1: A 35-25-6-4-1,
B 40-30-5-4-1, C 40-30-6-3-1, D 40-30-6-4-1, E 40-25-6-4-1).
"""

import pytest

from games.cards import parse_cards
from games.paytables import catalog, parse_paytable, using
from games.three_card_poker import SPEC
from games.three_card_poker.rankings import dealer_qualifies
from tests.games.three_card_poker_builders import line, lines, play, refused, seat

# §649a.11(c)(3): the dealer qualifies with queen high ------------------------------------


@pytest.mark.parametrize("dealer, qualifies", [
    ("Qs 7h 2d", True), ("Jc Td 8s", False), ("2s 2h 5d", True), ("As 3d 2c", True),
    ("Kh 4c 3s", True), ("Js 9h 8d", False),
])
def test_dealer_qualifies_with_queen_high_or_better(dealer, qualifies):
    assert dealer_qualifies(parse_cards(dealer)) is qualifies


def test_dealer_below_queen_high_pays_the_ante_and_returns_the_play():
    r = play([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="10.00")], ["Jc", "Td", "8s"])
    assert (line(r, 1, "ante")["net"], line(r, 1, "play")["net"]) == ("10.00", "0.00")
    assert line(r, 1, "ante")["odds"] == "1 to 1"
    assert line(r, 1, "play")["result"] == "push"
    assert line(r, 1, "play")["rule"] == "§649a.11(c)(3)(i)"
    assert r["dealer"]["qualifies"] is False


def test_a_player_who_outranks_a_qualifying_dealer_wins_ante_and_play_one_to_one():
    r = play([seat(1, ["Ks", "5d", "3c"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play")] == ["10.00", "10.00"]
    assert line(r, 1, "play")["rule"] == "§649a.11(c)(3)(ii)(B), §649a.12(a)"
    assert r["positions"][0]["net"] == "20.00"


def test_a_player_below_a_qualifying_dealer_loses_ante_and_play():
    r = play([seat(1, ["Js", "9d", "3c"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play")] == ["-10.00", "-10.00"]
    assert line(r, 1, "ante")["rule"] == "§649a.11(c)(3)(ii)(A)"


def test_equal_hands_push_ante_and_play_suits_never_break_a_tie():
    r = play([seat(1, ["Qh", "7d", "2s"], ante="10.00", play="10.00")], ["Qs", "7h", "2d"])
    assert [line(r, 1, k)["result"] for k in ("ante", "play")] == ["push", "push"]
    assert line(r, 1, "ante")["rule"] == "§649a.11(c)(3)(ii)(C)"


def test_a_pair_beats_a_flush_does_not_in_three_card_poker_ranks():
    # Three-card ranks (§649a.6): a flush beats a pair.
    r = play([seat(1, ["2h", "7h", "Jh"], ante="5.00", play="5.00")], ["Ks", "Kd", "3c"])
    assert line(r, 1, "play")["net"] == "5.00"


# Ante Bonus (§649a.12(b), paytable A: straight 1, trips 4, straight flush 5 to 1) ----------


@pytest.mark.parametrize("cards, net", [
    (["9s", "Th", "Jd"], "10.00"),   # straight: 1 to 1 on the $10 Ante
    (["8s", "8h", "8d"], "40.00"),   # three of a kind: 4 to 1
    (["5h", "6h", "7h"], "50.00"),   # straight flush: 5 to 1
    (["As", "Ks", "Qs"], "50.00"),   # a mini-royal is a straight flush
])
def test_ante_bonus_pays_on_the_ante(cards, net):
    r = play([seat(1, cards, ante="10.00", play="10.00")], ["Qd", "7c", "2d"])
    assert line(r, 1, "ante_bonus")["net"] == net
    assert line(r, 1, "ante_bonus")["rule"] == "§649a.12(b)"


def test_ante_bonus_is_paid_even_when_the_dealer_wins():
    # Player 4-5-6 straight loses to the dealer's straight flush: -$10 -$10 + $10 bonus.
    r = play([seat(1, ["4s", "5d", "6c"], ante="10.00", play="10.00")], ["7h", "8h", "9h"])
    assert line(r, 1, "play")["result"] == "lose"
    assert line(r, 1, "ante_bonus")["net"] == "10.00"
    assert r["positions"][0]["net"] == "-10.00"


def test_ante_bonus_is_paid_when_the_dealer_does_not_qualify():
    """§649a.11(c)(3)(i), §649a.12(b): dealer J-9-8 is below queen high. Ante 1 to 1 on $10
    ($10), Play returned ($0), Ante Bonus A straight (2-3-4) 1 to 1 on the $10 Ante ($10)."""
    r = play([seat(1, ["2c", "3d", "4h"], ante="10.00", play="10.00")], ["Js", "9d", "8c"])
    assert [line(r, 1, k)["net"] for k in ("ante", "play", "ante_bonus")] \
        == ["10.00", "0.00", "10.00"]
    assert r["positions"][0]["net"] == "20.00"


def test_ante_bonus_is_paid_on_a_tie():
    """§649a.11(c)(3)(ii)(C), §649a.12(b): straights 4-5-6 on both sides push Ante and Play;
    the Ante Bonus pays the straight 1 to 1 on the $10 Ante: $10 in all."""
    r = play([seat(1, ["4s", "5d", "6c"], ante="10.00", play="10.00")], ["4h", "5c", "6d"])
    assert [line(r, 1, k)["result"] for k in ("ante", "play")] == ["push", "push"]
    assert line(r, 1, "ante_bonus")["net"] == "10.00"
    assert r["positions"][0]["net"] == "10.00"


def test_no_ante_bonus_below_a_straight_and_none_on_a_fold():
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", play="10.00"),
              seat(2, ["8s", "8h", "8d"], ante="10.00")], ["Qd", "7c", "2d"])
    assert lines(r, 1, "ante_bonus") == []
    assert lines(r, 2, "ante_bonus") == []


def test_the_ante_bonus_paytable_must_be_chosen_when_a_play_is_made():
    errors = refused([seat(1, ["Ks", "Kd", "3c"], ante="10.00", play="10.00")],
                     ["Qd", "7c", "2d"], options={"ante_bonus": None})
    assert "options.ante_bonus" in errors


# Fold: §649a.11(b)(1)-(3) --------------------------------------------------------------------


def test_a_fold_forfeits_the_ante_and_the_pair_plus_b1():
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", pair_plus="5.00")], ["Qd", "7c", "2d"])
    assert line(r, 1, "ante") == {**line(r, 1, "ante"), "net": "-10.00", "rule": "§649a.11(b)"}
    # a pair would have paid 1 to 1, but the fold forfeits it
    assert line(r, 1, "pair_plus")["net"] == "-5.00"
    assert line(r, 1, "pair_plus")["rule"] == "§649a.11(b)(1)"
    assert r["positions"][0]["folded"] is True


def test_a_fold_forfeits_the_progressive_wagers_b2():
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", three_card_progressive="1.00",
                   five_card_progressive="1.00")],
             ["Qd", "7c", "2d"], community=["8c", "2s"],
             meters={"three_card_progressive": "5000", "five_card_progressive": "20000"})
    # trips would pay 60 for 1, quads 300 for 1: both forfeited
    assert line(r, 1, "three_card_progressive")["net"] == "-1.00"
    assert line(r, 1, "five_card_progressive")["net"] == "-1.00"
    assert {line(r, 1, k)["rule"] for k in ("three_card_progressive", "five_card_progressive")} \
        == {"§649a.11(b)(2)"}


def test_a_fold_keeps_six_card_bonus_hand_bonus_and_five_of_six_live_b3():
    # Player 8-8-8 with the dealer's 8-Q-2: four eights in the six cards.
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", pair_plus="5.00",
                   six_card_bonus="5.00", five_of_six_progressive="1.00",
                   five_card_hand_bonus_player="1.00")],
             ["8c", "Qd", "2d"], community=["3s", "4s"],
             meters={"five_of_six_progressive": "20000", "five_card_hand_bonus": "10000"})
    assert line(r, 1, "ante")["net"] == "-10.00"
    assert line(r, 1, "pair_plus")["net"] == "-5.00"
    assert line(r, 1, "six_card_bonus")["net"] == "500.00"  # quads 100 to 1 on $5
    assert line(r, 1, "five_of_six_progressive")["net"] == "299.00"  # 300 for 1 on $1
    # the player's five cards 8-8-8-3-4 are trips: no Five Card Hand Bonus (flush or better)
    assert line(r, 1, "five_card_hand_bonus_player")["result"] == "lose"


def test_a_fold_with_no_pair_plus_keeps_the_six_card_bonus_live():
    """§649a.11(c): a folded player's cards stay on the table when he placed a Six Card Bonus,
    which is settled as in (b)(3). Player 8-8-8 with the dealer's 8-Q-2: four eights, posted_1
    100 to 1 on $5 = $500; the $10 Ante is forfeited: $490."""
    r = play([seat(1, ["8s", "8h", "8d"], ante="10.00", six_card_bonus="5.00")],
             ["8c", "Qd", "2d"])
    assert line(r, 1, "ante")["net"] == "-10.00"
    assert line(r, 1, "six_card_bonus")["net"] == "500.00"
    assert r["positions"][0]["net"] == "490.00"


# Pair Plus (§649a.11(c)(4), §649a.12(d)) -----------------------------------------------------

HANDS = {
    "straight_flush": ["5h", "6h", "7h"], "three_of_a_kind": ["8s", "8h", "8d"],
    "straight": ["9s", "Th", "Jd"], "flush": ["2c", "7c", "Jc"], "pair": ["Ks", "Kd", "4h"],
}


# $5 Pair Plus: odds x $5, worked out per paytable.
PAIR_PLUS = {
    "A": {"straight_flush": "175.00", "three_of_a_kind": "125.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
    "B": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "25.00",
          "flush": "20.00", "pair": "5.00"},
    "C": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "30.00",
          "flush": "15.00", "pair": "5.00"},
    "D": {"straight_flush": "200.00", "three_of_a_kind": "150.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
    "E": {"straight_flush": "200.00", "three_of_a_kind": "125.00", "straight": "30.00",
          "flush": "20.00", "pair": "5.00"},
}


@pytest.mark.parametrize("table, hand", [(t, h) for t in PAIR_PLUS for h in HANDS])
def test_pair_plus_pays_each_row_of_each_paytable(table, hand):
    r = play([seat(1, HANDS[hand], pair_plus="5.00")], ["Qd", "3c", "2d"],
             options={"pair_plus": table})
    assert line(r, 1, "pair_plus")["net"] == PAIR_PLUS[table][hand]
    assert line(r, 1, "pair_plus")["rule"] == "§649a.12(d)"


def test_pair_plus_loses_below_a_pair():
    r = play([seat(1, ["As", "9d", "4c"], pair_plus="5.00")], ["Qd", "3c", "2d"])
    assert line(r, 1, "pair_plus") == {**line(r, 1, "pair_plus"), "result": "lose",
                                       "net": "-5.00", "rule": "§649a.11(c)(4)"}


def test_pair_plus_is_paid_even_when_the_player_loses_to_the_dealer():
    r = play([seat(1, ["Ks", "Kd", "4h"], ante="5.00", play="5.00", pair_plus="5.00")],
             ["As", "Ad", "2c"])
    assert line(r, 1, "ante")["result"] == "lose"
    assert line(r, 1, "pair_plus")["net"] == "5.00"


def test_the_pair_plus_paytable_must_be_one_of_the_catalog():
    errors = refused([seat(1, ["Ks", "Kd", "4h"], pair_plus="5.00")], ["As", "Ad", "2c"],
                     options={"pair_plus": "Z"})
    assert "options.pair_plus" in errors
    assert "'Z' is not a paytable" in errors["options.pair_plus"][0]


@pytest.mark.parametrize("wager", ["pair_plus", "ante_bonus"])
def test_a_fixed_odds_paytable_with_a_meter_row_is_refused_not_a_crash(wager):
    """§649a.12(b), (d): Ante Bonus and Pair Plus pay odds; a property's paytable paying a
    share of a meter on them is refused by its option, naming the paytable."""
    bad = parse_paytable({
        "id": f"three_card_poker.{wager}.Q", "game": "three_card_poker", "wager": wager,
        "name": "Q", "citation": "§649a.12", "source": "primary",
        "rows": [{"hand": "straight_flush", "meter_percent": "10"}, {"hand": "pair", "odds": "1"}],
    })
    with using(catalog().with_paytables([bad])):
        errors = refused([seat(1, ["5h", "6h", "7h"], ante="5.00", play="5.00", pair_plus="5.00")],
                         ["Qs", "7d", "2c"], options={wager: "Q"})
    assert errors == {f"options.{wager}": [
        f"paytable Q pays a share of a meter, but {wager} has no progressive meter (§649a.12)"]}


def test_pair_plus_by_catalog_id():
    r = play([seat(1, ["5h", "6h", "7h"], pair_plus="5.00")], ["Qd", "3c", "2d"],
             options={"pair_plus": "three_card_poker.pair_plus.A"})
    assert line(r, 1, "pair_plus")["net"] == "175.00"


@pytest.mark.parametrize("procedure", ["manual_shoe", "hand", "automated_shoe"])
def test_every_dealing_procedure_settles_alike(procedure):
    """§649a.8-§649a.10 differ in how cards reach the layout, not in how a round is paid."""
    r = play([seat(1, ["As", "Ks", "Qs"], ante="10.00", play="10.00")], ["Qd", "7c", "2d"],
             options={"dealing_procedure": procedure})
    # a straight flush beats queen high: Ante and Play 1 to 1, Ante Bonus 5 to 1 (table A)
    assert [line(r, 1, k)["net"] for k in ("ante", "play", "ante_bonus")] == [
        "10.00", "10.00", "50.00"]


def test_an_unknown_dealing_procedure_is_refused():
    errors = refused([seat(1, ["As", "Ks", "Qs"], ante="10.00", play="10.00")],
                     ["Qd", "7c", "2d"], options={"dealing_procedure": "shuffled_by_hand"})
    assert errors["options.dealing_procedure"] == [
        "'shuffled_by_hand' is not one of: manual_shoe, hand, automated_shoe"]


def test_the_ante_bonus_is_needed_only_where_a_play_wager_is_made():
    """SPEC says which wager makes the Ante Bonus paytable compulsory (§649a.12(b)); a fold
    makes no Play Wager, so a round of folds and Pair Plus settles without one."""
    assert SPEC.option("ante_bonus").required_with == {
        "play": "§649a.11(c)(3)(ii)(B), §649a.12(b)"}
    r = play([seat(1, ["Ks", "Kd", "3c"], ante="10.00", pair_plus="5.00")],
             ["Qd", "7c", "2d"], options={"ante_bonus": None})
    assert [line(r, 1, k)["net"] for k in ("ante", "pair_plus")] == ["-10.00", "-5.00"]
