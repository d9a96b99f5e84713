"""Each game's SPEC declares the fields its settle request carries and its settlement's dealer
part holds (``GameSpec.request``, issue 29), and the declaration is the engine's: the fields
the game's ``Reader`` accepts are exactly the declared ones, the declared example round
settles and fits the declaration, and the dealer part the engine answers fits its schema."""

from __future__ import annotations

from collections.abc import Mapping

import jsonschema
import pytest

import games
from games.payload import POSITION_FIELDS, ROUND_FIELDS, Reader


def json_schema(node: object) -> object:
    """An OpenAPI 3.0 fragment as JSON Schema: ``nullable`` becomes a ``null`` type."""
    if isinstance(node, Mapping):
        out = {k: json_schema(v) for k, v in node.items() if k != "nullable"}
        if not node.get("nullable"):
            return out
        if "type" in node:
            return {**out, "type": [node["type"], "null"]}
        return {"anyOf": [out, {"type": "null"}]}
    if isinstance(node, list):
        return [json_schema(v) for v in node]
    return node


def closed(properties: Mapping[str, object], required: tuple[str, ...] = ()) -> object:
    return json_schema({"type": "object", "properties": properties,
                        "required": list(required), "additionalProperties": False})


def read_fields(monkeypatch, example: Mapping[str, object]) -> dict[str, set[str]]:
    """The fields the game's Reader accepts when it reads ``example``, and the settlement."""
    seen: dict[str, set[str]] = {}
    init = Reader.__init__

    def spy(self, payload, spec, **kwargs):
        init(self, payload, spec, **kwargs)
        if payload is example:
            seen["round"] = set(kwargs.get("fields", ROUND_FIELDS))
            seen["position"] = set(self.position_fields)

    monkeypatch.setattr(Reader, "__init__", spy)
    seen["dealer"] = set(games.settle(example)["dealer"])
    return seen


@pytest.mark.parametrize("game", games.GAMES)
def test_the_fields_the_engine_reads_are_the_declared_ones(game, monkeypatch):
    request = games.spec(game).request
    read = read_fields(monkeypatch, request.example)
    assert read["round"] == {*ROUND_FIELDS, *request.round}
    assert read["position"] == {*POSITION_FIELDS, *request.position}
    assert set(request.dealer_required) <= read["dealer"] <= set(request.dealer)


@pytest.mark.parametrize("game", games.GAMES)
def test_the_example_round_and_its_settlement_fit_the_declaration(game):
    request = games.spec(game).request
    example = dict(request.example)
    assert example["game"] == game
    own = {k: v for k, v in example.items() if k not in ROUND_FIELDS}
    jsonschema.validate(own, closed(request.round))
    for position in example["positions"]:
        jsonschema.validate({k: v for k, v in position.items() if k not in POSITION_FIELDS},
                            closed(request.position))
    jsonschema.validate(games.settle(example)["dealer"],
                        closed(request.dealer, request.dealer_required))


def test_a_field_a_game_does_not_declare_is_refused_by_name():
    """The declaration is closed because the engine is: Three Card Poker takes no ``spin``
    (Roulette's) and no position ``high`` (Pai Gow Poker's)."""
    round_ = dict(games.spec("three_card_poker").request.example)
    assert "spin" not in games.spec("three_card_poker").request.round
    with pytest.raises(games.InvalidRound) as refused:
        games.settle({**round_, "spin": 17, "positions": [
            {**round_["positions"][0], "high": ["Ah"]}]})
    assert set(refused.value.errors) == {"spin", "positions[0].high"}


def test_a_dealer_part_beyond_the_example_fits_too():
    """The optional dealer keys: Roulette's B2B payout drawn on a repeat (§617b.1(e)), Three
    Card Poker's five-card hand with community cards (§649a.11(c)(7))."""
    roulette = games.spec("roulette").request
    b2b = games.settle({"game": "roulette", "positions": [{"seat": 1, "wagers": {"b2b": "5.00"}}],
                        "spin": 17, "previous_spin": 17, "rng_payout": "25 to 1"})
    assert b2b["dealer"]["rng_payout"] == "25 to 1"
    jsonschema.validate(b2b["dealer"], closed(roulette.dealer, roulette.dealer_required))
    tcp = games.spec("three_card_poker").request
    five = games.settle({**tcp.example, "community": ["Jh", "Th"]})
    assert five["dealer"]["five_card_hand"] == "high card (J-T-9-7-2)"  # 2c 7d 9s Jh Th
    jsonschema.validate(five["dealer"], closed(tcp.dealer, tcp.dealer_required))
