"""The money documents are typed from the engine (issue 29): each game's round schema has the
round and position fields its SPEC declares and no other; a table's round (no ``game``: the
table supplies it) takes each field as what the games take for it; the settlement is one
schema per game with its ``dealer`` part. Each game's declared example round, sent to the API,
fits its schema and is settled, and the answer fits the settlement's."""

import jsonschema
import pytest

import games
from games.payload import POSITION_FIELDS, ROUND_FIELDS
from tables.floor.round_schema import component_name
from tests.api.conftest import SETTLE_URL
from tests.games.test_round_fields import json_schema

pytestmark = pytest.mark.django_db

CARD = {"type": "string", "minLength": 2, "maxLength": 3}


@pytest.fixture
def schemas(client):
    return client.get("/api/schema/", {"format": "json"}).json()["components"]["schemas"]


def fits(instance, name: str, schemas: dict) -> None:
    """``instance`` is valid for the component ``name``, its references resolved."""
    jsonschema.validate(instance, json_schema({"$ref": f"#/components/schemas/{name}",
                                               "components": {"schemas": schemas}}))


@pytest.mark.parametrize("game", games.GAMES)
def test_each_game_round_declares_its_fields_and_no_other(game, schemas):
    request = games.spec(game).request
    variant = schemas[component_name(game)]
    assert set(variant["properties"]) == {*ROUND_FIELDS, *request.round}
    assert variant["additionalProperties"] is False
    position = variant["properties"]["positions"]["items"]
    assert set(position["properties"]) == {*POSITION_FIELDS, *request.position}
    assert position["additionalProperties"] is False
    dealer = schemas[component_name(game, "Settlement")]["properties"]["dealer"]
    assert set(dealer["properties"]) == set(request.dealer)
    assert dealer["additionalProperties"] is False


@pytest.mark.parametrize("game", games.GAMES)
def test_each_game_example_fits_its_schema_and_settles(game, schemas, api):
    example = dict(games.spec(game).request.example)
    fits(example, "EngineRound", schemas)
    answer = api.post(SETTLE_URL, example, format="json")
    assert answer.status_code == 200, answer.json()
    fits(answer.json(), "Settlement", schemas)
    assert schemas["Settlement"]["discriminator"]["mapping"][game].endswith(
        component_name(game, "Settlement"))


def test_a_table_round_takes_each_field_as_the_games_take_it(schemas):
    """``dealer``: three cards (Three Card Poker), two (Texas Hold 'Em Bonus) or seven with
    the joker (Pai Gow Poker); ``rolls`` only as Craps takes them; nothing else."""
    table_round = schemas["TableRound"]
    assert table_round["additionalProperties"] is False
    dealer = table_round["properties"]["dealer"]
    assert sorted((d["minItems"], d["maxItems"]) for d in dealer["anyOf"]) == [
        (2, 2), (3, 3), (7, 7)]
    assert dealer["description"].startswith("Three Card Poker: The dealer's three cards.")
    assert table_round["properties"]["rolls"]["items"]["items"] == {
        "type": "integer", "minimum": 1, "maximum": 6}
    assert table_round["properties"]["magic_card"] == {
        **CARD, "description": table_round["properties"]["magic_card"]["description"]}
    declared = {k for g in games.GAMES for k in games.spec(g).request.round}
    assert set(table_round["properties"]) == {"positions", *declared}
    position = schemas["EnginePosition"]
    assert position["additionalProperties"] is False
    assert set(position["properties"]) == {
        *POSITION_FIELDS, "cards", "player", "high", "low", "surrender", "red_black_color"}
