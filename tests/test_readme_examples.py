"""Every example people copy works the first time: the README's settle request and every
request example of the OpenAPI schema answer 200; and the responses are what the schema says
(types, lists, nullable fields), checked with jsonschema against the served schema."""

import io
import json
import re
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_settle_examples() -> list[dict]:
    """The JSON blocks under the README's settle heading that are rounds (have a game)."""
    section = README.read_text().split("### `POST /api/v1/engine/settle/`", 1)[1]
    section = section.split("\n### ", 1)[0].split("\n## ", 1)[0]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    return [body for body in map(json.loads, blocks) if "game" in body]


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=io.StringIO())


def test_the_readme_settle_example_answers_200_as_the_readme_says(demo, api_session_for):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username="compliance"))
    examples = readme_settle_examples()
    assert examples
    for body in examples:
        response = client.post("/api/v1/engine/settle/", body, format="json")
        assert response.status_code == 200, response.json()
    # A♠K♠Q♠ on Pair Plus D is a straight flush, 40 to 1 (§649a.12(d)): $5 nets $200.00,
    # the line the README shows.
    seat = response.json()["positions"][0]
    pair_plus = next(line for line in seat["lines"] if line["wager"] == "pair_plus")
    assert (pair_plus["odds"], pair_plus["net"]) == ("40 to 1", "200.00")


def schema(client) -> dict:
    return client.get(reverse("api-schema"), {"format": "json"}).json()


def request_examples(doc: dict):
    """(path, method, example body) of every request example in the schema."""
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            for name, example in content.get("examples", {}).items():
                yield path, method, name, example["value"]


# Demo staff tried in turn: the first whose role may use an endpoint runs its example.
DEMO_STAFF = ("compliance", "floormgr", "tgm", "floorperson", "api")


def test_every_openapi_request_example_without_a_path_id_answers_200(demo, api_session_for):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.in_bulk(DEMO_STAFF, field_name="username")
    clients = [api_session_for(users[name]) for name in DEMO_STAFF]
    ran = 0
    for path, method, name, body in request_examples(schema(clients[0])):
        if "{" in path:
            continue  # needs an object of the database; its own tests cover it
        for client in clients:
            response = getattr(client, method)(path, body, format="json")
            if response.status_code != 403:
                break
        assert response.status_code in (200, 201), (path, name, response.content[:300])
        ran += 1
    assert ran >= 2  # the settle example at least, and the jackpot slip's


def _nullable(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema's null type."""
    if isinstance(node, list):
        return [_nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _nullable(v) for k, v in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def response_schema(doc: dict, path: str, method: str = "get", status: str = "200") -> dict:
    content = doc["paths"][path][method]["responses"][status]["content"]["application/json"]
    return {**_nullable(content["schema"]), "components": _nullable(doc["components"])}


@pytest.mark.parametrize(("path", "username"), [
    ("/api/v1/games/", "auditor"),
    ("/api/v1/rules-submissions/", "auditor"),
    ("/api/v1/me/", "compliance"),
    ("/api/v1/audit-events/", "auditor"),
])
def test_responses_match_the_schema(demo, api_session_for, path, username):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username=username))
    body = client.get(path).json()
    jsonschema.validate(body, response_schema(schema(client), path))


def test_games_is_a_list_and_nullable_fields_are_typed_so(demo, api_session_for):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username="auditor"))
    doc = schema(client)
    games = doc["paths"]["/api/v1/games/"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    assert games["type"] == "array"
    submission = doc["components"]["schemas"]["Submission"]["properties"]
    assert submission["submitted_by"].get("nullable") is True
    assert submission["standing"].get("nullable") is True
    detail_path = "/api/v1/rules-submissions/{id}/"
    listing = client.get("/api/v1/rules-submissions/").json()["results"]
    draft = next(s for s in listing if s["status"] == "draft")
    assert draft["submitted_by"] is None and draft["standing"] is None
    one = client.get(f"/api/v1/rules-submissions/{draft['id']}/").json()
    jsonschema.validate(one, response_schema(doc, detail_path))
