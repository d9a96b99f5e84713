"""What answered 500 in the attack on round 1 (issue #15), tried on every endpoint that takes a
body, the floor's, meters' and slips' included: each is a 400 in the one error shape naming
the field, never a server error."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from tables.models import Table

pytestmark = pytest.mark.django_db

# Every endpoint with a body, and a demo user whose role may use it.
WRITES = [
    ("tgm", "/api/v1/engine/settle/"), ("tgm", "/api/v1/engine/pai-gow/house-way/"),
    ("tgm", "/api/v1/rules-submissions/"), ("compliance", "/api/v1/paytables/"),
    ("tgm", "/api/v1/tables/"), ("tgm", "/api/v1/linked-groups/"),
    ("floormgr", "/api/v1/jackpot-slips/"), ("floormgr", "/api/v1/jackpot-slips/preview/"),
    ("floormgr", "/api/v1/tables/{table}/settle/"), ("floormgr", "/api/v1/tables/{table}/close/"),
]


@pytest.fixture
def demo():
    call_command("load_demo")


def signed_in(username):
    client = APIClient()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def _url(url):
    return url.format(table=Table.objects.get(label="TCP-1").pk)


def _refused(response, field):
    assert response.status_code == 400, (response.status_code, response.content[:200])
    errors = response.json()["errors"]
    assert any(key == field or key.startswith(field) for key in errors), errors
    return errors


@pytest.mark.parametrize("username,url", WRITES)
def test_json_nested_a_thousand_levels_deep_is_a_400(demo, username, url):
    body = '{"game": ' + "[" * 1000 + "]" * 1000 + "}"
    response = signed_in(username).post(_url(url), body, content_type="application/json")
    _refused(response, "game")


@pytest.mark.parametrize("username,url", WRITES)
def test_a_nul_character_anywhere_is_a_400_naming_the_field(demo, username, url):
    body = json.dumps({"comment": "Royal\u0000flush"})
    response = signed_in(username).post(_url(url), body, content_type="application/json")
    _refused(response, "comment")


@pytest.mark.parametrize("username,url,body", [
    ("tgm", "/api/v1/rules-submissions/", {"game": "craps"}),
    ("compliance", "/api/v1/paytables/", {"entry": {}}),
    ("tgm", "/api/v1/tables/", {"game": "craps"}),
])
def test_a_property_id_that_is_not_ascii_digits_is_a_400(demo, username, url, body):
    response = signed_in(username).post(url, {**body, "property": "²"}, format="json")
    _refused(response, "property")


def test_the_wager_feed_refuses_deep_json_and_nul_by_field(demo):
    from knox.models import AuthToken

    api = APIClient()
    _token, key = AuthToken.objects.create(user=get_user_model().objects.get(username="api"))
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    deep = "[" * 1000 + "]" * 1000
    assert api.post("/api/v1/wagers/", deep, content_type="application/json").status_code == 400
    nul = json.dumps([{"id": "TCP-1-\u0000", "table": "TCP-1"}])
    _refused(api.post("/api/v1/wagers/", nul, content_type="application/json"), "[0].id")
