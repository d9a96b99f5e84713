"""A typo never changes a payout silently: in every game an unknown top-level field, option,
meter or position field is refused by name (``{"ez": true}`` on a Pai Gow table used to settle
as if not given; Three Card Poker alone refused unknown options)."""

import pytest

import games
from games import pai_gow_poker

# One valid round per game: the unknown key is the only thing wrong with each request.
ROUNDS = {
    "three_card_poker": {
        "game": "three_card_poker", "options": {"ante_bonus": "A"}, "dealer": ["2c", "7d", "9s"],
        "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                       "wagers": {"ante": "10.00", "play": "10.00"}}]},
    "let_it_ride": {
        "game": "let_it_ride", "options": {"bet_3": "common_1000"}, "community": ["2c", "7d"],
        "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                       "wagers": {"bet_1": "5.00", "bet_2": "5.00", "bet_3": "5.00"}}]},
    "texas_holdem_bonus": {
        "game": "texas_holdem_bonus", "options": {"ante_pays_on": "straight_or_better"},
        "dealer": ["2c", "3d"],
        "community": ["9s", "Td", "4h", "5c", "Jc"],
        "positions": [{"seat": 1, "cards": ["Ah", "Kh"],
                       "wagers": {"ante": "5.00", "flop": "10.00", "turn": "5.00",
                                  "river": "5.00"}}]},
    "pai_gow_poker": {
        "game": "pai_gow_poker", "dealer": ["2c", "3d", "5h", "7s", "9c", "Jd", "Kh"],
        "positions": [{"seat": 1, "high": ["Ah", "As", "Kd", "Qc", "4d"], "low": ["Th", "8d"],
                       "wagers": {"pai_gow": "10.00"}}]},
    "baccarat": {
        "game": "baccarat", "player_cards": ["9h", "Kd"], "banker_cards": ["2c", "3d"],
        "positions": [{"seat": 1, "wagers": {"player": "10.00"}}]},
    "craps": {
        "game": "craps", "options": {"hot_roller": "A"}, "rolls": [[1, 3], [3, 4]],
        "positions": [{"seat": 1, "wagers": {"hot_roller": "5.00"}}]},
    "roulette": {
        "game": "roulette", "options": {"blazing_7s": "1"}, "spin": "12",
        "positions": [{"seat": 1, "wagers": {"blazing_7s": "5.00"}}]},
}
# What a careless integration sends: a misspelt option of another game or of this one.
TYPOS = {"three_card_poker": "anti_bonus", "let_it_ride": "payout_limt",
         "texas_holdem_bonus": "ante_pays", "pai_gow_poker": "ez", "baccarat": "comission_free",
         "craps": "electronic", "roulette": "wheels"}


def refused(payload) -> dict:
    with pytest.raises(games.InvalidRound) as caught:
        games.settle(payload)
    return caught.value.errors


@pytest.mark.parametrize("game", games.GAMES)
def test_each_round_here_settles_as_it_is(game):
    assert games.settle(ROUNDS[game])["positions"]


@pytest.mark.parametrize("game", games.GAMES)
def test_an_unknown_option_is_refused_by_name(game):
    payload = {**ROUNDS[game], "options": {**ROUNDS[game].get("options", {}), TYPOS[game]: True}}
    errors = refused(payload)
    assert list(errors) == [f"options.{TYPOS[game]}"]
    assert errors[f"options.{TYPOS[game]}"][0].startswith(
        f"unknown option of {games.spec(game).name} (known: ")


@pytest.mark.parametrize("game", games.GAMES)
def test_an_unknown_top_level_field_is_refused_by_name(game):
    errors = refused({**ROUNDS[game], "colour": "red"})
    assert list(errors) == ["colour"]
    assert "unknown field" in errors["colour"][0]


@pytest.mark.parametrize("game", games.GAMES)
def test_an_unknown_position_field_is_refused_by_name(game):
    position = {**ROUNDS[game]["positions"][0], "wager": {"ante": "5.00"}}
    errors = refused({**ROUNDS[game], "positions": [position]})
    assert list(errors) == ["positions[0].wager"]


@pytest.mark.parametrize("game", games.GAMES)
def test_an_unknown_meter_is_refused_by_name(game):
    errors = refused({**ROUNDS[game], "meters": {"progresive": "10000.00"}})
    assert list(errors) == ["meters.progresive"]


def test_the_regulations_option_of_one_game_is_unknown_to_another():
    """Pai Gow's vigorish rounding on a Let It Ride table is refused, not ignored."""
    payload = {**ROUNDS["let_it_ride"], "options": {"bet_3": "common_1000",
                                                    "vigorish_rounding": "up_to_25c"}}
    assert list(refused(payload)) == ["options.vigorish_rounding"]


@pytest.mark.parametrize("game, key", [
    ("pai_gow_poker", "progressive_reset"), ("let_it_ride", "five_card_progressive_reset"),
    ("baccarat", "heavenly_9_progressive_reset"),
])
def test_a_meters_reset_amount_is_a_known_meter_key(game, key):
    payload = {**ROUNDS[game], "meters": {key: "10000.00"}}
    assert games.settle(payload)["positions"]


def test_a_paytable_the_regulation_fixes_may_be_named_only_as_itself():
    """Hold 'Em's Progressive paytable is §647a.12(d)'s: a Rules Submission's terms may name it
    (as they do for every offered wager), but naming another is refused, never ignored."""
    options = ROUNDS["texas_holdem_bonus"]["options"]
    named = {**ROUNDS["texas_holdem_bonus"], "options": {**options, "progressive": "standard"}}
    assert games.settle(named)["positions"]
    other = {**named, "options": {**options, "progressive": "A"}}
    assert list(refused(other)) == ["options.progressive"]


def test_every_unknown_key_is_named_at_once():
    payload = {**ROUNDS["craps"], "colour": 1, "options": {"hot_roller": "A", "x": 1},
               "meters": {"y": "1"}, "positions": [{"seat": 1, "wagers": {}, "z": 2}]}
    assert {"colour", "options.x", "meters.y", "positions[0].z"} <= set(refused(payload))


def test_the_house_way_body_refuses_an_unknown_key():
    body = {"cards": ["Ks", "Kh", "5d", "5c", "As", "Qh", "2d"], "house_way": "common"}
    assert pai_gow_poker.house_way_request(body)["house_way"] == "common"
    with pytest.raises(games.InvalidRound) as caught:
        pai_gow_poker.house_way_request({**body, "game": "pai_gow_poker"})
    assert list(caught.value.errors) == ["game"]
