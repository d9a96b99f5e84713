"""What JSON's grammar lets through but no request may hold (issue 29), anywhere in any body:
NaN, Infinity and a number too large for a float (``1e309`` read as infinity, and the wager
feed's refusal echoing it was a 500) are a 400 naming the field; a key given twice in one
object (a settle with "game" twice was settled as the last one) is a 400 naming the key; a body
over the size limit is a JSON 413 in the one error shape, declared in the schema."""

import json

import pytest

from casino.limits import MAX_JSON_BYTES, NOT_FINITE
from tests.api.test_strict_input import SETTLE, SUBMISSIONS, TCP_ROUND, post_raw

pytestmark = pytest.mark.django_db

WAGERS = "/api/v1/wagers/"
TWICE = "this key is given more than once in one object: give it once"


@pytest.fixture
def integration(api_for, api_client):
    return api_for(api_client)


@pytest.mark.parametrize("number", ["1e309", "-1e309", "NaN", "Infinity", "-Infinity",
                                    "123456789e400"])
def test_a_number_that_is_not_finite_in_a_wager_post_is_a_400_naming_the_field(
        integration, number):
    response = post_raw(integration, WAGERS, f'[{{"id": {number}}}]')
    assert response.status_code == 400
    assert response.json() == {"errors": {"[0].id": [NOT_FINITE]}}


@pytest.mark.parametrize("body, field", [
    ('{"game": "craps", "rolls": [[1e999, 1]]}', "rolls[0][0]"),
    ('{"game": "three_card_poker", "options": {"ante_bonus": -Infinity}}', "options.ante_bonus"),
    ('{"game": "baccarat", "positions": [{"seat": 1, "wagers": {"banker": NaN}}]}',
     "positions[0].wagers.banker"),
    ("1e309", "detail"),
])
def test_a_number_that_is_not_finite_anywhere_in_a_settle_is_a_400_naming_the_field(
        integration, body, field):
    response = post_raw(integration, SETTLE, body)
    assert response.status_code == 400
    assert response.json() == {"errors": {field: [NOT_FINITE]}}


def test_a_very_large_finite_number_is_read_as_a_number_and_refused_by_its_field(integration):
    # 1e308 is a float: the parser keeps it and the wager feed refuses the id in its words.
    response = post_raw(integration, WAGERS, '[{"id": 1e308}]')
    assert response.status_code == 200
    assert response.json()["results"][0]["status"] == "rejected"


def test_a_key_given_twice_is_a_400_naming_it_and_nothing_is_settled(integration):
    body = json.dumps(TCP_ROUND)[:-1] + ', "game": "craps"}'
    response = post_raw(integration, SETTLE, body)
    assert response.status_code == 400
    assert response.json() == {"errors": {"game": [TWICE]}}


def test_a_key_given_twice_at_any_depth_is_named_by_its_path(integration):
    body = ('{"game": "three_card_poker", "dealer": ["2c", "7d", "9s"], "options": '
            '{"ante_bonus": "A"}, "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"], '
            '"wagers": {"ante": "10.00", "play": "10.00", "ante": "1.00"}}]}')
    response = post_raw(integration, SETTLE, body)
    assert response.status_code == 400
    assert response.json() == {"errors": {"positions[0].wagers.ante": [TWICE]}}


def test_keys_given_twice_and_an_infinite_number_are_all_named(integration):
    response = post_raw(integration, WAGERS, '[{"id": 1, "id": 2, "seat": 1e400, "seat": 3}, '
                                             '{"a": {"b": 1, "b": 2}}]')
    assert response.status_code == 400
    assert response.json() == {"errors": {"[0].id": [TWICE], "[0].seat": [TWICE],
                                          "[1].a.b": [TWICE]}}


def test_a_key_given_twice_in_a_submission_is_refused_before_anything_is_saved(
        api_session_for, table_games_manager):
    client = api_session_for(table_games_manager)
    response = post_raw(client, SUBMISSIONS, '{"game": "baccarat", "title": "A", "title": "B"}')
    assert response.status_code == 400
    assert response.json() == {"errors": {"title": [TWICE]}}


def test_the_same_key_in_two_objects_is_no_repeat(integration):
    response = post_raw(integration, SETTLE, json.dumps(TCP_ROUND))
    assert response.status_code == 200


def test_a_body_over_the_limit_is_a_json_413_in_the_one_shape(integration):
    body = json.dumps([{"id": "x" * 100}] * (MAX_JSON_BYTES // 100))
    response = post_raw(integration, WAGERS, body)
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"errors": {"detail": [
        f"the request body is at most {MAX_JSON_BYTES:,} bytes"]}}


def test_a_body_django_will_not_read_is_a_json_413(api_session_for, table_games_manager,
                                                   settings):
    # A form body over DATA_UPLOAD_MAX_MEMORY_SIZE reaches Django's own refusal, not ours.
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1_000
    client = api_session_for(table_games_manager)
    response = client.post("/api/v1/layouts/", {"name": "x" * 2_000}, format="multipart")
    assert response.status_code == 413
    assert list(response.json()["errors"]) == ["detail"]


def test_the_schema_declares_the_413_of_every_body_in_the_one_shape(integration):
    schema = integration.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    paths = schema.json()["paths"] if schema.status_code == 200 else None
    assert paths, schema.status_code
    for operations in paths.values():
        for method, operation in operations.items():
            answers = operation.get("responses", {})
            if method in ("post", "put", "patch"):
                assert answers["413"]["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/Errors"}, (method, operation["operationId"])
            elif method in ("get", "delete"):
                assert "413" not in answers, operation["operationId"]
