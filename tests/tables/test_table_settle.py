"""Settling a round at a table: its approved terms supply the game, every option and paytable;
a request may not override them. Payouts are worked out by hand from §649a.11-12."""

import json
from pathlib import Path

import pytest

import games
from tables.floor import services as floor
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import new_version

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db

# Dealer queen high qualifies (§649a.11(c)(3)); the player's A-K-Q suited is a straight flush.
ROUND = {"dealer": ["Qh", "7h", "2d"], "positions": [
    {"seat": 1, "cards": ["As", "Ks", "Qs"],
     "wagers": {"ante": "10.00", "play": "10.00", "pair_plus": "5.00"}}]}


def url(table) -> str:
    return f"/api/v1/tables/{table.pk}/settle/"


def test_a_round_is_settled_by_the_tables_approved_terms(open_table, tcp):
    result = floor.table_settle(table=open_table, body=ROUND)
    lines = {line["wager"]: line for line in result["positions"][0]["lines"]}
    # Ante and Play 1 to 1 (§649a.12(a)); Ante Bonus A: straight flush 5 to 1 on the $10 Ante
    # (§649a.12(b)); Pair Plus D: straight flush 40 to 1 on $5 (§649a.12(d)).
    assert {k: line["net"] for k, line in lines.items()} == {
        "ante": "10.00", "play": "10.00", "ante_bonus": "50.00", "pair_plus": "200.00"}
    assert lines["pair_plus"]["odds"] == "40 to 1"
    assert result["positions"][0]["net"] == "270.00"
    assert result["submission"] == {"id": tcp.pk, "version": 1}


def test_the_terms_paytable_applies_not_another(keystone, open_table, table_games_manager,
                                                compliance_officer, floor_manager):
    """Version 2 selects Pair Plus C (straight flush 40, trips 30, straight 6, flush 3): the
    open table keeps D until it closes, then settles by C."""
    wagers = {**open_table.submission.wagers, "pair_plus": "C"}
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                wagers=wagers)
    flush = {"dealer": ["Qh", "7h", "2d"], "positions": [
        {"seat": 1, "cards": ["2s", "9s", "Js"], "wagers": {"pair_plus": "5.00"}}]}
    line = floor.table_settle(table=open_table, body=flush)["positions"][0]["lines"][0]
    assert (line["odds"], line["net"]) == ("4 to 1", "20.00")  # D: flush 4 to 1


@pytest.mark.parametrize("field", ["game", "options", "meters"])
def test_the_request_may_not_override_the_terms(open_table, field):
    body = {**ROUND, field: {"pair_plus": "A"} if field != "game" else "three_card_poker"}
    with pytest.raises(games.InvalidRound) as exc:
        floor.table_settle(table=open_table, body=body)
    assert list(exc.value.errors) == [field]
    assert "§601a.2" in exc.value.errors[field][0]


def test_a_wager_the_terms_do_not_offer_is_refused(open_table):
    body = {**ROUND, "positions": [{**ROUND["positions"][0],
                                    "wagers": {"ante": "10.00", "six_card_bonus": "5.00"}}]}
    with pytest.raises(games.InvalidRound) as exc:
        floor.table_settle(table=open_table, body=body)
    assert exc.value.errors == {"positions[0].wagers.six_card_bonus": [
        "The table's approved terms (version 1) do not offer Six Card Bonus Wager (§601a.2)."]}


def test_a_seat_beyond_the_tables_positions_is_refused(keystone, tcp_layout,
                                                       table_games_manager, floor_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-5", "game": "three_card_poker", "positions": 5, "layout": tcp_layout.pk})
    table = floor.table_open(actor=floor_manager, table=table)
    body = {**ROUND, "positions": [{**ROUND["positions"][0], "seat": 6}]}
    with pytest.raises(games.InvalidRound) as exc:
        floor.table_settle(table=table, body=body)
    assert exc.value.errors == {"positions[0].seat": [
        "Seat 6 is beyond the table's 5 betting positions (§649a.2(a))."]}


def test_a_closed_table_settles_nothing(ready_table):
    with pytest.raises(games.InvalidRound) as exc:
        floor.table_settle(table=ready_table, body=ROUND)
    assert exc.value.errors["table"] == [
        "Table TCP-1 is closed: rounds are settled only at an open table (§601a.2)."]


def test_the_engine_still_names_unknown_fields(open_table):
    with pytest.raises(games.InvalidRound) as exc:
        floor.table_settle(table=open_table, body={**ROUND, "colour": "red"})
    assert "colour" in exc.value.errors


def test_the_api_settles_at_the_table(api_for, api_client, open_table):
    response = api_for(api_client).post(url(open_table), ROUND, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["positions"][0]["net"] == "270.00"
    assert response.json()["submission"]["version"] == 1


def test_the_api_names_an_overridden_option(api_for, api_client, open_table):
    response = api_for(api_client).post(url(open_table), {**ROUND, "options": {
        "pair_plus": "A"}}, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"options": [
        "Not accepted: the table's approved terms supply it (§601a.2)."]}}


def test_another_propertys_table_is_not_found(api_session_for, outsider, open_table):
    response = api_session_for(outsider).post(url(open_table), ROUND, format="json")
    assert response.status_code == 404


def test_the_guides_example_settles_as_the_guide_says(api_for, api_client, open_table):
    guide = (Path(__file__).resolve().parents[2] / "docs/integrator.md").read_text()
    section = guide.split("### `POST /api/v1/tables/<id>/settle/`", 1)[1]
    body = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    response = api_for(api_client).post(url(open_table), body, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["positions"][0]["net"] == "270.00"
    assert "nets the player $270.00" in section


@pytest.mark.parametrize("change, field, message", [
    ({"game": "let_it_ride"}, "game",
     "Not accepted: the game is the table's own (§601a.2)."),
    ({"options": {"pair_plus": "A"}}, "options",
     "Not accepted: the table's approved terms supply it (§601a.2)."),
    ({"meters": {"five_card_progressive": "1.00"}}, "meters",
     "Not accepted: the table's live progressive meters supply it (§601a.2)."),
    ({"positions": [{**ROUND["positions"][0], "wagers": {"ante": "10.00", "play": "10.00",
                                                         "six_card_bonus": "5.00"}}]},
     "positions[0].wagers.six_card_bonus",
     "The table's approved terms (version 1) do not offer Six Card Bonus Wager (§601a.2)."),
    ({"positions": [{**ROUND["positions"][0], "wagers": {"ante": "10.00", "bonus": "5.00"}}]},
     "positions[0].wagers.bonus",
     "The table's approved terms (version 1) do not offer a wager called \"bonus\" (§601a.2)."),
    ({"positions": [{**ROUND["positions"][0], "seat": 8}]}, "positions[0].seat",
     "Seat 8 is beyond the table's 7 betting positions (§649a.2(a))."),
])
def test_the_api_refuses_each_with_a_400_naming_the_field(api_for, api_client, open_table,
                                                         change, field, message):
    response = api_for(api_client).post(url(open_table), {**ROUND, **change}, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {field: [message]}}


def test_the_api_refuses_a_round_at_a_closed_table(api_for, api_client, ready_table):
    response = api_for(api_client).post(url(ready_table), ROUND, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"table": [
        "Table TCP-1 is closed: rounds are settled only at an open table (§601a.2)."]}}
