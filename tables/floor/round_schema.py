"""One round schema per game for POST /api/v1/engine/settle/ (issue 29), read from the engine.

``EngineRound`` (tables/floor/engine.py) declares what every game's round may carry; this
drf-spectacular post-processing hook makes it a ``oneOf`` selected by ``game``
(``discriminator``), one component per game, each that declaration with what the game's SPEC
says of itself: its key as ``game``, its betting positions as the seat's maximum, and its
wagers as the only keys of a position's ``wagers`` (the engine refuses any other by name). The
back office names no game or wager here: each comes from ``games.spec``.
"""

from __future__ import annotations

import copy

import games
from casino.api_fields import money_schema

BASE = "EngineRound"
REF = "#/components/schemas/"


def component_name(game: str) -> str:
    """``three_card_poker`` -> ``EngineRoundThreeCardPoker``."""
    return BASE + "".join(part.capitalize() for part in game.split("_"))


def _position(position: dict, spec: games.GameSpec) -> dict:
    position = copy.deepcopy(position)
    position["properties"]["seat"]["maximum"] = spec.positions
    position["properties"]["wagers"] = {
        "type": "object", "additionalProperties": False,
        "description": f"Wager -> amount in dollars: the wagers of {spec.name}.",
        "properties": {w.key: {**money_schema(), "description": f"{w.name} ({w.rule})"}
                       for w in spec.wagers}}
    return position


def game_round(base: dict, position: dict, game: str) -> dict:
    """``base`` (the round every game may carry) for ``game``, as its SPEC declares it."""
    spec = games.spec(game)
    schema = copy.deepcopy(base)
    schema["description"] = f"A round of {spec.name} ({spec.rule})."
    schema["properties"]["game"] = {"type": "string", "enum": [game]}
    schema["properties"]["positions"] = {
        **schema["properties"]["positions"], "items": _position(position, spec), "minItems": 1}
    return schema


def game_rounds(result, generator, request, public):
    """drf-spectacular post-processing hook (see the module)."""
    schemas = result.get("components", {}).get("schemas", {})
    base, position = schemas.get(BASE), schemas.get("EnginePosition")
    if base is None or position is None:
        return result
    mapping = {}
    for game in games.GAMES:
        schemas[component_name(game)] = game_round(base, position, game)
        mapping[game] = REF + component_name(game)
    schemas[BASE] = {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                     "discriminator": {"propertyName": "game", "mapping": mapping},
                     "description": "A round for the engine: one schema per game, selected by "
                                    "`game` (GET /api/v1/games/ lists each game's wagers and "
                                    "options)."}
    return result
