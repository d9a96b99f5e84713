"""Texas Hold 'Em Bonus: one position per player (§647a.7(e)) and the stub count (§647a.8(f)-(h),
which the hand and automated-shoe procedures, §647a.9 and §647a.10, follow too). A stub count
showing the wrong number of cards voids every hand and returns every wager: no Envy Bonus, no
meter award. Numbers worked out by hand from the text."""

import pytest

import games
from games import texas_holdem_bonus as thb
from games.errors import InvalidRound

PLAYED = {"ante": "1.00", "flop": "2.00", "progressive": "1.00"}


def settle(positions, options=None, **fields):
    payload = {"game": "texas_holdem_bonus", "positions": positions,
               "options": {"ante_pays_on": "straight_or_better", **(options or {})}, **fields}
    return games.settle(payload)


def errors(positions, **fields):
    with pytest.raises(InvalidRound) as e:
        settle(positions, **fields)
    return e.value.errors


def seat(number, wagers, cards=None, **more):
    found = {"seat": number, "wagers": wagers, **more}
    if cards:
        found["cards"] = cards.split()
    return found


# §647a.7(e): one position per player -------------------------------------------------------


def test_a_player_may_not_wager_on_two_positions():
    found = errors([seat(1, PLAYED, "9s 8s", player="Ann"), seat(2, PLAYED, "2h 2d", player="Ann")],
                   dealer=["4d", "6c"], community=["Qs", "Js", "Ts", "2c", "3d"],
                   meters={"progressive": "20000.00"})
    assert found["positions"] == ["player Ann wagers on seats 1, 2: at most 1 adjacent box(es) "
                                  "(§647a.7(e))"]


def test_a_player_may_not_wager_on_two_positions_even_when_the_stub_voids_the_round():
    found = errors([seat(1, {"ante": "5.00"}, player="Ann"), seat(4, {"ante": "5.00"}, player="Ann")],
                   stub_count=30)
    assert "§647a.7(e)" in found["positions"][0]


def test_players_each_on_one_position_are_settled():
    # Seat 5 is paid first: 100% of $20,000 (net $19,999); the meter resets to $10,000 and
    # seat 2's straight flush gets 10% of it, $1,000 (net $999), as without ``player``.
    result = settle([seat(2, PLAYED, "9s 8s", player="Ann"), seat(5, PLAYED, "As Ks", player="Bo")],
                    dealer=["4d", "6c"], community=["Qs", "Js", "Ts", "2c", "3d"],
                    meters={"progressive": "20000.00", "progressive_reset": "10000.00"})
    nets = {p["seat"]: {x["wager"]: x["net"] for x in p["lines"] if x["wager"] == "progressive"}
            for p in result["positions"]}
    assert nets == {2: {"progressive": "999.00"}, 5: {"progressive": "19999.00"}}


# §647a.8(f)-(h): the stub count ------------------------------------------------------------


@pytest.mark.parametrize(("players", "stub"), [
    (1, 40),  # 52 - 2 x (1 player + the dealer) - 3 burn cards - 5 community = 40
    (2, 38),  # 52 - 2 x 3 - 3 - 5 = 38
    (6, 30),  # 52 - 2 x 7 - 3 - 5 = 30
])
def test_a_correct_stub_holds_the_deck_less_the_cards_dealt_and_burnt(players, stub):
    assert thb.stub_expected([{"seat": n} for n in range(1, players + 1)]) == stub


def test_a_wrong_stub_count_voids_every_hand_and_returns_every_wager():
    # Two players: a correct stub holds 38 cards; 37 is wrong, so every wager is returned
    # (net $0.00), no cards are needed, and no meter is paid.
    positions = [
        seat(1, {"ante": "5.00", "flop": "10.00", "bonus": "5.00", "progressive": "1.00"}),
        seat(4, {"ante": "5.00", "five_card_hand_bonus_player": "1.00",
                 "five_card_hand_bonus_dealer": "1.00"}),
    ]
    result = settle(positions, stub_count=37, options={"bonus": "common"})
    lines = {p["seat"]: [(x["wager"], x["result"], x["net"], x["rule"]) for x in p["lines"]]
             for p in result["positions"]}
    assert lines == {
        1: [("ante", "push", "0.00", "§647a.8(h)"), ("flop", "push", "0.00", "§647a.8(h)"),
            ("bonus", "push", "0.00", "§647a.8(h)"),
            ("progressive", "push", "0.00", "§647a.8(h)")],
        4: [("ante", "push", "0.00", "§647a.8(h)"),
            ("five_card_hand_bonus_player", "push", "0.00", "§647a.8(h)"),
            ("five_card_hand_bonus_dealer", "push", "0.00", "§647a.8(h)")],
    }
    assert {p["hand"] for p in result["positions"]} == {"void (misdeal)"}
    assert result["meter_awards"] == []
    assert result["notes"] == ["37 cards in the stub instead of 38 (52 cards in the deck): all "
                               "hands void, all wagers returned (§647a.8(h))"]


def test_a_wrong_stub_count_pays_no_envy_and_no_meter_for_a_royal_flush_dealt():
    # Seat 5's royal flush on the Flop would take 100% of the $20,000 meter and give seat 2 a
    # $300 Envy Bonus; one player short of the count (1 player: 40 expected, 39 counted), the
    # round is void: every line a push, no Envy line, no meter award.
    result = settle([seat(2, PLAYED, "9s 8s"), seat(5, PLAYED, "As Ks")],
                    dealer=["4d", "6c"], community=["Qs", "Js", "Ts", "2c", "3d"],
                    meters={"progressive": "20000.00"}, stub_count=39)
    assert [x["result"] for p in result["positions"] for x in p["lines"]] == ["push"] * 6
    assert not [x for p in result["positions"] for x in p["lines"] if x["wager"] == "envy_bonus"]
    assert result["meter_awards"] == []


@pytest.mark.parametrize(("procedure", "rule"), [
    ("manual_shoe", "§647a.8(h)"),
    ("hand", "§647a.9, §647a.8(h)"),
    ("automated_shoe", "§647a.10, §647a.8(h)"),
])
def test_each_dealing_procedure_voids_the_round_on_a_wrong_count(procedure, rule):
    result = settle([seat(3, {"ante": "5.00"})], stub_count=41,
                    options={"dealing_procedure": procedure})
    (line,) = result["positions"][0]["lines"]
    assert (line["result"], line["net"], line["rule"]) == ("push", "0.00", rule)


def test_a_correct_stub_count_settles_the_round_and_needs_the_cards():
    # One player, 40 cards in the stub: the round is settled as dealt. The 8-Q straight beats
    # the dealer's king high: Ante $5 (straight or better) and Flop $10 at 1 to 1.
    result = settle([seat(1, {"ante": "5.00", "flop": "10.00"}, "Qs 8h")],
                    dealer=["Kc", "3h"], community=["9c", "Td", "Jh", "4s", "2d"],
                    stub_count=40)
    assert [(x["wager"], x["net"]) for x in result["positions"][0]["lines"]] == [
        ("ante", "5.00"), ("flop", "10.00")]
    found = errors([seat(1, {"ante": "5.00"})], stub_count=40)
    assert {"dealer", "community", "positions[0].cards"} <= set(found)


@pytest.mark.parametrize("stub", ["40", -1, 2.5, True])
def test_the_stub_count_is_a_whole_number(stub):
    found = errors([seat(1, {"ante": "5.00"})], stub_count=stub)
    assert found["stub_count"] == ["the number of cards left after the deal, a whole number "
                                   "(§647a.8(f)-(g))"]


def test_a_void_round_still_needs_an_ante_at_every_position():
    found = errors([seat(1, {"bonus": "5.00"})], stub_count=10, options={"bonus": "common"})
    assert "§647a.9(b)" in found["positions[0].wagers.ante"][0]
