"""Every API error, whatever the endpoint and the status, is JSON in the one documented shape
(docs/integrator.md): ``{"errors": {field_path: [messages]}}``, an error about the request as a
whole under ``"detail"``. Tried over the endpoints of every app, with the demo casino's data."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from rulesubmissions.models import RulesSubmission
from tables.models import Table

pytestmark = pytest.mark.django_db

MISSING = 999999


@pytest.fixture
def demo():
    call_command("load_demo")


def keystone_tcp_submission():
    """The demo's Three Card Poker version approved at Keystone (the one in force)."""
    return RulesSubmission.objects.get(property__name="Keystone Downs Casino",
                                       game="three_card_poker", status="approved")


def keystone_table(label):
    return Table.objects.get(property__name="Keystone Downs Casino", label=label)


def signed_in(username):
    client = APIClient()
    client.force_login(get_user_model().objects.get(username=username))
    return client


def assert_one_shape(response, status, field="detail"):
    assert response.status_code == status, (response.status_code, response.content[:300])
    assert response["Content-Type"].startswith("application/json"), response["Content-Type"]
    body = response.json()
    assert list(body) == ["errors"] and isinstance(body["errors"], dict), body
    for key, messages in body["errors"].items():
        assert isinstance(key, str) and messages, body
        assert all(isinstance(m, str) and m for m in messages), body
    assert field in body["errors"], body
    return body["errors"]


READ_URLS = ["/api/v1/me/", "/api/v1/audit-events/", "/api/v1/tables/", "/api/v1/layouts/",
             "/api/v1/linked-groups/", "/api/v1/meters/", "/api/v1/jackpot-slips/",
             "/api/v1/rules-submissions/", "/api/v1/paytables/", "/api/v1/games/",
             "/api/v1/games/three_card_poker/layout-checklist/"]


@pytest.mark.parametrize("url", READ_URLS + ["/api/v1/engine/settle/", "/api/v1/wagers/"])
def test_anonymous_calls_are_401_in_the_shape(demo, url):
    method = "post" if url.endswith(("settle/", "wagers/")) else "get"
    assert_one_shape(getattr(APIClient(), method)(url, {}, format="json"), 401)


@pytest.mark.parametrize("username,method,url", [
    ("floorperson", "get", "/api/v1/rules-submissions/"),
    ("floorperson", "get", "/api/v1/audit-events/"),
    ("floorperson", "post", "/api/v1/tables/"),
    ("auditor", "post", "/api/v1/jackpot-slips/"),
    ("auditor", "post", "/api/v1/wagers/"),
    ("auditor", "post", "/api/v1/paytables/"),
    ("tgm", "post", "/api/v1/rules-submissions/{submission}/approve/"),
])
def test_refusals_by_role_are_403_in_the_shape(demo, username, method, url):
    url = url.format(submission=keystone_tcp_submission().pk)
    assert_one_shape(getattr(signed_in(username), method)(url, {}, format="json"), 403)


@pytest.mark.parametrize("url", [
    f"/api/v1/tables/{MISSING}/", f"/api/v1/tables/{MISSING}/open/",
    f"/api/v1/layouts/{MISSING}/", f"/api/v1/meters/{MISSING}/ledger/",
    f"/api/v1/jackpot-slips/{MISSING}/", f"/api/v1/rules-submissions/{MISSING}/",
    "/api/v1/no-such-thing/",
    "/api/v1/tables/abc/", "/api/v2/tables/",
])
def test_not_found_is_404_in_the_shape_without_model_names(demo, url):
    method = "post" if url.endswith("open/") else "get"
    who = "floormgr" if method == "post" else "compliance"  # may open a table (role first)
    errors = assert_one_shape(getattr(signed_in(who), method)(url), 404)
    for word in ("RulesSubmission", "JackpotSlip", "Table matches", "query"):
        assert word not in " ".join(errors["detail"]), errors  # plain words, no class names


def test_not_found_names_what_was_looked_for_in_words(demo):
    response = signed_in("compliance").get(f"/api/v1/rules-submissions/{MISSING}/")
    assert response.json() == {"errors": {"detail": [
        "No rules submission with that id at your properties."]}}


@pytest.mark.parametrize("method,url", [
    ("delete", "/api/v1/tables/"), ("put", "/api/v1/engine/settle/"),
    ("get", "/api/v1/engine/settle/"),
    ("delete", "/api/v1/jackpot-slips/"), ("patch", "/api/v1/meters/"),
    ("delete", "/api/v1/rules-submissions/{submission}/"),
    ("get", "/api/v1/tables/{table}/open/"),
])
def test_a_wrong_method_is_405_in_the_shape(demo, method, url):
    url = url.format(submission=keystone_tcp_submission().pk, table=keystone_table("TCP-1").pk)
    assert_one_shape(getattr(signed_in("compliance"), method)(url), 405)


@pytest.mark.parametrize("username,url", [
    ("tgm", "/api/v1/engine/settle/"), ("tgm", "/api/v1/rules-submissions/"),
    ("tgm", "/api/v1/tables/"), ("floormgr", "/api/v1/jackpot-slips/"),
    ("tgm", "/api/v1/engine/pai-gow/house-way/"), ("compliance", "/api/v1/paytables/"),
])
def test_a_body_that_is_not_json_is_415_in_the_shape(demo, username, url):
    response = signed_in(username).post(url, "game=craps", content_type="text/plain")
    assert_one_shape(response, 415)


@pytest.mark.parametrize("username,url", [
    ("tgm", "/api/v1/engine/settle/"), ("tgm", "/api/v1/rules-submissions/"),
    ("tgm", "/api/v1/tables/"), ("floormgr", "/api/v1/jackpot-slips/"),
    ("tgm", "/api/v1/engine/pai-gow/house-way/"), ("compliance", "/api/v1/paytables/"),
])
def test_malformed_json_is_400_in_the_shape(demo, username, url):
    response = signed_in(username).post(url, '{"game": ', content_type="application/json")
    assert_one_shape(response, 400)


@pytest.mark.parametrize("username,url,body", [
    ("tgm", "/api/v1/engine/settle/", {"game": "craps"}),
    ("tgm", "/api/v1/engine/pai-gow/house-way/", {"cards": "As Ks Qs Js Ts 9s 8s"}),
    ("tgm", "/api/v1/rules-submissions/", {"game": "craps"}),
    ("tgm", "/api/v1/tables/", {"game": "craps"}),
    ("compliance", "/api/v1/paytables/", {"entry": {}}),
])
def test_an_unknown_key_is_400_naming_it(demo, username, url, body):
    response = signed_in(username).post(url, {**body, "surprise": 1}, format="json")
    assert_one_shape(response, 400, "surprise")


def test_a_rules_submission_without_a_game_says_it_is_required_and_names_the_unknown_key(demo):
    response = signed_in("tgm").post("/api/v1/rules-submissions/", {"gmae": "craps"},
                                     format="json")
    errors = assert_one_shape(response, 400, "gmae")
    [refusal] = errors["game"]
    assert refusal.startswith("required: choose a game: Three Card Poker (three_card_poker), ")
    assert "not a term of a Rules Submission" in errors["gmae"][0]


def test_a_stale_write_is_412_in_the_shape(demo):
    client = signed_in("tgm")
    draft = RulesSubmission.objects.filter(status="draft").first()
    url = f"/api/v1/rules-submissions/{draft.pk}/"
    etag = client.get(url)["ETag"]
    assert client.patch(url, {"table_minimum": "10.00"}, format="json",
                        HTTP_IF_MATCH=etag).status_code == 200
    stale = client.patch(url, {"table_maximum": "900.00"}, format="json", HTTP_IF_MATCH=etag)
    assert_one_shape(stale, 412, "If-Match")


def test_a_server_error_under_the_api_is_json_in_the_shape_without_details(rf):
    """``handler500``: what a client sees of an unexpected failure (the log has the rest)."""
    from casino.api_errors import server_error

    response = server_error(rf.get("/api/v1/tables/"))
    assert response.status_code == 500
    assert json.loads(response.content) == {"errors": {"detail": [
        "Server error: the request was not completed. It has been logged."]}}
    assert server_error(rf.get("/floor/"))["Content-Type"].startswith("text/html")


def test_the_schema_documents_the_one_shape_for_every_error_answer(demo):
    """Each operation's error answers point at the ``Errors`` component, and real errors of
    several statuses validate against it."""
    import jsonschema

    client = signed_in("compliance")
    doc = client.get("/api/schema/", {"format": "json"}).json()
    errors = doc["components"]["schemas"]["Errors"]
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            for status in ("401", "403", "404", "405"):
                schema = operation["responses"][status]["content"]["application/json"]["schema"]
                assert schema == {"$ref": "#/components/schemas/Errors"}, (path, method, status)
    for response in (APIClient().get("/api/v1/tables/"), signed_in("floorperson").get(
            "/api/v1/audit-events/"), client.get(f"/api/v1/tables/{MISSING}/"),
            client.delete("/api/v1/tables/"),
            client.post("/api/v1/tables/", "x", content_type="text/plain"),
            client.post("/api/v1/paytables/", {"entry": {}}, format="json")):
        assert response.status_code >= 400
        jsonschema.validate(response.json(), errors)


def test_the_wager_feed_answers_a_wrong_method_and_a_non_json_body_in_the_shape(demo):
    """The table game systems' endpoint (API client tokens only) keeps the one shape too."""
    from knox.models import AuthToken

    api = APIClient()
    _token, key = AuthToken.objects.create(user=get_user_model().objects.get(username="api"))
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert_one_shape(api.get("/api/v1/wagers/"), 405)
    assert_one_shape(api.post("/api/v1/wagers/", "x", content_type="text/plain"), 415)
    assert_one_shape(api.post("/api/v1/wagers/", "[", content_type="application/json"), 400)
    assert_one_shape(APIClient(HTTP_AUTHORIZATION="Token not-a-key").post(
        "/api/v1/wagers/", [], format="json"), 401)
