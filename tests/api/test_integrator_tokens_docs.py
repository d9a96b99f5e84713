"""docs/integrator.md's "Personal tokens" and "Signing in from a program", block by block: the
request is made as shown and answers the fields shown, the throttled answer is the API's, and
the Python program is run as written against a live server (only its address and password
filled in)."""

import json
import re
from pathlib import Path

import pytest

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "integrator.md"


def section(heading: str) -> list[tuple[str, str]]:
    text = GUIDE.read_text().split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```(\w*)\n(.*?)```", text, re.S)


def test_the_personal_token_blocks_are_what_the_api_answers(api_session_for, floor_manager,
                                                            settings):
    (kind, request), (_, answer), (_, throttled) = section("## Personal tokens")
    assert kind == "http"
    head, body = request.split("\n\n", 1)
    method, path = head.splitlines()[0].split()
    client = api_session_for(floor_manager)
    made = client.generic(method, path, body, content_type="application/json")
    assert made.status_code == 201
    shown = json.loads(answer)
    assert set(made.json()) == set(shown) and made.json()["name"] == shown["name"]
    assert made.json()["key"].startswith(made.json()["starts_with"])
    assert len(shown["starts_with"]) == len(made.json()["starts_with"])

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "token_create": "1/hour"}}
    refused = client.generic(method, path, body, content_type="application/json")
    assert refused.status_code == 429
    words = re.sub(r"\d+", "N", json.dumps(refused.json()))
    assert words == re.sub(r"\d+", "N", json.dumps(json.loads(throttled)))


def test_the_sign_in_program_runs_as_written(live_server, make_staff):
    make_staff("floormgr", "floor_manager")
    ((kind, program),) = section("## Signing in from a program")
    assert kind == "python"
    shown = 'BASE = "https://backoffice.example.com"'
    assert shown in program
    code = program.replace(shown, f"BASE = {live_server.url!r}")
    exec(compile(code, str(GUIDE), "exec"), {"PASSWORD": PASSWORD})  # its asserts hold
