"""A round without a game, or with one we do not offer, is refused naming the games staff
know, by name, each with the key an integration sends."""

import pytest

import games

OFFERED = ("Three Card Poker (three_card_poker), Let It Ride Poker (let_it_ride), "
           "Texas Hold 'Em Bonus Poker (texas_holdem_bonus), Pai Gow Poker (pai_gow_poker), "
           "Baccarat (baccarat), Craps side wagers (craps), Roulette side wagers (roulette)")


@pytest.mark.parametrize("payload", [{}, {"game": None}, {"game": ""}])
def test_a_round_without_a_game_asks_for_one(payload):
    with pytest.raises(games.InvalidRound) as raised:
        games.settle(payload)
    assert raised.value.errors == {"game": [f"required: choose a game: {OFFERED}"]}


@pytest.mark.parametrize("game,shown", [("xyz", "'xyz'"), (5, "5"), (["baccarat"], "['baccarat']")])
def test_a_game_we_do_not_offer_is_named_with_the_games_we_do(game, shown):
    with pytest.raises(games.InvalidRound) as raised:
        games.settle({"game": game})
    assert raised.value.errors == {"game": [f"{shown} is not a game we offer: {OFFERED}"]}
