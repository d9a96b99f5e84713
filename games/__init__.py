"""The shared game engine: pure Python, never imports Django.

``settle(payload)`` settles one round of any game from a JSON-shaped request and returns a
JSON-ready dict; ``spec(game)`` says what a game offers. Each game is a module named after it
exposing ``SPEC`` (a ``GameSpec``) and ``settle(payload) -> RoundResult``.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import ModuleType
from typing import Any

from games.errors import GameError, InvalidCards, InvalidRound
from games.spec import GameSpec, HouseWaySpec

GAMES = (
    "three_card_poker",
    "let_it_ride",
    "texas_holdem_bonus",
    "pai_gow_poker",
    "baccarat",
    "craps",
    "roulette",
)

__all__ = ["GAMES", "GameError", "InvalidCards", "InvalidRound", "game_module", "game_refusal",
           "house_way", "settle", "spec"]


def offered() -> str:
    """The games by the names staff know them, each key in parentheses for integrations."""
    names = (import_module(f"games.{g}").SPEC.name.partition(" (")[0] for g in GAMES)
    return ", ".join(f"{name} ({g})" for name, g in zip(names, GAMES, strict=True))


def game_refusal(game: object) -> str:
    """Why ``game`` (missing, or not one of ``GAMES``) is refused, in words for staff."""
    if game is None or game == "":
        return f"required: choose a game: {offered()}"
    return f"{game!r} is not a game we offer: {offered()}"


def game_module(game: object) -> ModuleType:
    if not isinstance(game, str) or game not in GAMES:
        raise InvalidRound({"game": game_refusal(game)})
    return import_module(f"games.{game}")


def spec(game: str) -> GameSpec:
    found: GameSpec = game_module(game).SPEC
    return found


def settle(payload: Mapping[str, Any]) -> dict[str, Any]:
    """Settle one round; raises InvalidRound naming each bad field."""
    if not isinstance(payload, Mapping):
        raise InvalidRound({"non_field_errors": "the request body must be a JSON object"})
    result: dict[str, Any] = game_module(payload.get("game")).settle(payload).as_dict()
    return result


def house_way() -> HouseWaySpec:
    """The house way of the game whose players set their own hands and may ask how the house
    would set them (Pai Gow Poker, §645a.11(a)(1)): the one game whose SPEC declares one."""
    (found,) = (s.house_way for s in map(spec, GAMES) if s.house_way is not None)
    return found
