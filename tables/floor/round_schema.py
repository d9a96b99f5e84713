"""One round schema per game for POST /api/v1/engine/settle/ (issue 29), read from the engine.

``EngineRound`` (tables/floor/engine.py) declares what every game's round carries; this
drf-spectacular post-processing hook makes it a ``oneOf`` selected by ``game``
(``discriminator``), one component per game, each that declaration with what the game's SPEC
says of itself: its key as ``game``, its betting positions as the seat's maximum, its wagers
as the only keys of a position's ``wagers``, and its round's and position's own fields
(``GameSpec.request``). Each is closed (``additionalProperties: false``): the engine refuses
any other key by name (``games.payload.Reader``). The settlement is one schema per game too,
with the game's ``dealer`` part.

``TableRound`` (a table settle's body) has no ``game``: the table's terms supply it, so each of
its fields is what the games take for it, each game's shape said in its description. The back
office names no game or wager here: each comes from ``games.spec``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping

import games
from casino.api_fields import money_schema
from rulesubmissions.serializers import SCALAR_OPTION

BASE = "EngineRound"
REF = "#/components/schemas/"
# The settlements, each made one schema per game like the round.
SETTLEMENTS = ("Settlement", "TableSettlement")


def component_name(game: str, base: str = BASE) -> str:
    """``three_card_poker`` -> ``EngineRoundThreeCardPoker``."""
    return base + "".join(part.capitalize() for part in game.split("_"))


def _closed(schema: dict, fields: Mapping[str, Mapping[str, object]]) -> dict:
    """``schema`` with ``fields`` added to its properties and no other key accepted."""
    schema["properties"].update({k: copy.deepcopy(dict(v)) for k, v in fields.items()})
    schema["additionalProperties"] = False
    return schema


def _position(position: dict, spec: games.GameSpec) -> dict:
    position = copy.deepcopy(position)
    position["description"] = f"One betting position of {spec.name}."
    position["properties"]["seat"]["maximum"] = spec.positions
    position["properties"]["wagers"] = {
        "type": "object", "additionalProperties": False,
        "description": f"Wager -> amount in dollars: the wagers of {spec.name}.",
        "properties": {w.key: {**money_schema(), "description": f"{w.name} ({w.rule})"}
                       for w in spec.wagers}}
    return _closed(position, spec.request.position)


def game_round(base: dict, position: dict, game: str) -> dict:
    """``base`` (the round every game carries) for ``game``, as its SPEC declares it."""
    spec = games.spec(game)
    schema = copy.deepcopy(base)
    schema["description"] = f"A round of {spec.name} ({spec.rule})."
    schema["properties"]["game"] = {"type": "string", "enum": [game]}
    schema["properties"]["positions"] = {
        **schema["properties"]["positions"], "items": _position(position, spec), "minItems": 1}
    schema["properties"]["options"] = _options(schema["properties"]["options"], spec)
    return _closed(schema, spec.request.round)


def _options(options: dict, spec: games.GameSpec) -> dict:
    """The game's options, each with its shape (Royal 9's combinations) or as a choice, yes/no
    or number; any other key is a wager's paytable (by name or catalog id) or a term such as
    ``payout_limit``, which the engine reads or refuses by name."""
    return {**options, "type": "object", "additionalProperties": copy.deepcopy(SCALAR_OPTION),
            "properties": {o.key: copy.deepcopy({
                **(o.shape or SCALAR_OPTION), "description": f"{o.name} ({o.rule})."})
                for o in spec.options}}


def game_settlement(base: dict, game: str) -> dict:
    """A settlement (``base``) of ``game``: its ``dealer`` part as the SPEC declares it."""
    spec = games.spec(game)
    schema = copy.deepcopy(base)
    schema["description"] = f"A round of {spec.name} settled."
    schema["properties"]["game"] = {"type": "string", "enum": [game]}
    schema["properties"]["dealer"] = {
        "type": "object", "additionalProperties": False,
        "description": "The table's part of the round (the dealer's hand, the spin, the "
                       "rolls), as the engine read it; empty when the round is void.",
        "properties": copy.deepcopy({k: dict(v) for k, v in spec.request.dealer.items()})}
    if spec.request.dealer_required:
        schema["properties"]["dealer"]["required"] = list(spec.request.dealer_required)
    return schema


def every_game(per_game: Mapping[str, Mapping[str, Mapping[str, object]]]) -> dict:
    """Each field any game takes, as what the games take for it: one shape, or ``anyOf``
    the distinct shapes; the description says each game's."""
    fields: dict[str, list[tuple[str, dict]]] = {}
    for game, declared in per_game.items():
        for key, schema in declared.items():
            fields.setdefault(key, []).append((games.spec(game).name, dict(schema)))
    union = {}
    for key, taken in fields.items():
        shapes: dict[str, dict] = {}
        for _, schema in taken:
            shape = {k: v for k, v in schema.items() if k != "description"}
            for one in shape["anyOf"] if list(shape) == ["anyOf"] else [shape]:
                shapes.setdefault(json.dumps(one, sort_keys=True), one)
        said = " ".join(f"{name}: {schema.get('description', 'as declared.')}"
                        for name, schema in taken)
        found = list(shapes.values())
        union[key] = {**(found[0] if len(found) == 1 else {"anyOf": found}),
                      "description": said}
    return union


def _one_per_game(schemas: dict, base: str, made: Mapping[str, dict], about: str) -> None:
    """``schemas[base]`` becomes a ``oneOf`` of ``made`` (game -> component), by ``game``."""
    mapping = {}
    for game, schema in made.items():
        schemas[component_name(game, base)] = schema
        mapping[game] = REF + component_name(game, base)
    schemas[base] = {"oneOf": [{"$ref": ref} for ref in mapping.values()],
                     "discriminator": {"propertyName": "game", "mapping": mapping},
                     "description": about}


def game_rounds(result, generator, request, public):
    """drf-spectacular post-processing hook (see the module)."""
    schemas = result.get("components", {}).get("schemas", {})
    base, position = schemas.get(BASE), schemas.get("EnginePosition")
    if base is None or position is None:
        return result
    _one_per_game(schemas, BASE, {g: game_round(base, position, g) for g in games.GAMES},
                  "A round for the engine: one schema per game, selected by `game` (GET "
                  "/api/v1/games/ lists each game's wagers and options).")
    specs = {g: games.spec(g).request for g in games.GAMES}
    if (table_round := schemas.get("TableRound")) is not None:
        _closed(table_round, every_game({g: r.round for g, r in specs.items()}))
        _closed(position, every_game({g: r.position for g, r in specs.items()}))
    for name in SETTLEMENTS:
        if (settlement := schemas.get(name)) is not None:
            _one_per_game(schemas, name, {g: game_settlement(settlement, g) for g in games.GAMES},
                          "The engine's settlement: one schema per game, selected by `game`.")
    return result
