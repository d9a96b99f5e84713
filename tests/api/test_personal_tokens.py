"""Personal API tokens (issue 29): made, listed and revoked over the API by session or token,
bounded expiry, parsed strictly; a token acts with its person's abilities alone, two-person
rules hold across tokens and sessions, every event names the token; making tokens and the API
per token are throttled (429 with Retry-After, declared)."""

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from casino.models import ApiToken, AuditEvent
from tables.slips.api import RECORD_EXAMPLE
from tests.conftest import PASSWORD
from tests.tables import slip_builders as sb

tcp_table, record = sb.tcp_table, sb.record

pytestmark = pytest.mark.django_db

TOKENS = "/api/v1/tokens/"
ME = "/api/v1/me/"
SLIPS = "/api/v1/jackpot-slips/"


def with_key(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def signed_in(user) -> Client:
    """A program signed in as a person through /login/, with CSRF checks on, as in production:
    the token of the CSRF cookie goes back as ``X-CSRFToken``."""
    client = Client(enforce_csrf_checks=True)
    client.get("/login/")
    answer = client.post("/login/", {"username": user.get_username(), "password": PASSWORD,
                                     "csrfmiddlewaretoken": client.cookies["csrftoken"].value})
    assert answer.status_code == 302
    return client


def csrf(client: Client) -> dict:
    return {"HTTP_X_CSRFTOKEN": client.cookies["csrftoken"].value}


def make(client, body, **extra):
    return client.post(TOKENS, body, content_type="application/json", **extra)


def test_a_person_makes_lists_uses_and_revokes_a_token(floor_manager, settings):
    session = signed_in(floor_manager)
    assert make(session, {"name": "tablet 3"}).status_code == 403  # no X-CSRFToken
    answer = make(session, {"name": "tablet 3", "expires_in_days": 30}, **csrf(session))
    assert answer.status_code == 201, answer.json()
    made = answer.json()
    assert set(made) == {"id", "name", "starts_with", "created_at", "expires_at", "key"}
    assert made["name"] == "tablet 3" and made["key"].startswith(made["starts_with"])
    expires = dt.datetime.fromisoformat(made["expires_at"])
    assert dt.timedelta(days=29, hours=23) < expires - timezone.now() <= dt.timedelta(days=30)

    tablet = with_key(made["key"])
    assert tablet.get(ME).json()["username"] == "fiona"
    listed = tablet.get(TOKENS).json()
    assert listed == [{k: v for k, v in made.items() if k != "key"}]  # never the key again
    assert made["key"] not in session.get(TOKENS).content.decode()

    revoked = session.delete(f"{TOKENS}{made['id']}/", **csrf(session))
    assert revoked.status_code == 204
    assert tablet.get(ME).status_code == 401
    assert not ApiToken.objects.exists() and not AuthToken.objects.exists()


def test_a_token_makes_a_token_and_the_default_expiry_is_the_settings(floor_manager, settings):
    settings.API_TOKEN_TTL_DAYS = 7
    first = make(signed_in(floor_manager), {"name": "laptop"}, **csrf(signed_in(floor_manager)))
    assert first.status_code == 403  # the CSRF token of another session
    session = signed_in(floor_manager)
    key = make(session, {"name": "laptop"}, **csrf(session)).json()["key"]
    second = make(with_key(key), {"name": "script"})  # a token needs no CSRF token
    assert second.status_code == 201
    expires = dt.datetime.fromisoformat(second.json()["expires_at"])
    assert dt.timedelta(days=6, hours=23) < expires - timezone.now() <= dt.timedelta(days=7)


@pytest.mark.parametrize(("body", "field"), [
    ({}, "name"),
    ({"name": "  "}, "name"),
    ({"name": "x" * 101}, "name"),
    ({"name": 3}, "name"),
    ({"name": "t", "expires_in_days": 0}, "expires_in_days"),
    ({"name": "t", "expires_in_days": 366}, "expires_in_days"),
    ({"name": "t", "expires_in_days": "30"}, "expires_in_days"),
    ({"name": "t", "expires_in_days": 30.5}, "expires_in_days"),
    ({"name": "t", "expires_in_days": True}, "expires_in_days"),
    ({"name": "t", "expires_in_days": None}, "expires_in_days"),
    ({"name": "t", "scopes": ["all"]}, "scopes"),
])
def test_a_bad_body_is_a_400_naming_the_field(body, field, api_session_for, floor_manager):
    answer = api_session_for(floor_manager).post(TOKENS, body, format="json")
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == [field]
    assert not AuthToken.objects.exists()


def test_the_expiry_bound_is_a_setting(api_session_for, floor_manager, settings):
    settings.API_TOKEN_MAX_DAYS = 10
    client = api_session_for(floor_manager)
    refused = client.post(TOKENS, {"name": "t", "expires_in_days": 11}, format="json")
    assert refused.json()["errors"] == {"expires_in_days": ["a whole number of days from 1 "
                                                            "to 10"]}
    assert client.post(TOKENS, {"name": "t", "expires_in_days": 10},
                       format="json").status_code == 201


def test_api_client_accounts_get_tokens_from_a_superuser_only(api_client, api_for):
    answer = api_for(api_client).post(TOKENS, {"name": "more"}, format="json")
    assert answer.status_code == 403
    assert "issued by a superuser" in answer.json()["errors"]["detail"][0]
    bad = api_for(api_client).post(TOKENS, {"nom": 1}, format="json")
    assert bad.status_code == 403  # who comes before the body


def test_one_lists_and_revokes_only_ones_own(api_session_for, floor_manager, floorperson):
    fm, fp = api_session_for(floor_manager), api_session_for(floorperson)
    mine = fm.post(TOKENS, {"name": "mine"}, format="json").json()
    fp.post(TOKENS, {"name": "felix's"}, format="json")
    assert [t["name"] for t in fm.get(TOKENS).json()] == ["mine"]
    assert fp.delete(f"{TOKENS}{mine['id']}/").status_code == 404
    assert fp.delete(f"{TOKENS}{10**30}/").status_code == 404
    assert with_key(mine["key"]).get(ME).status_code == 200


def test_an_expired_token_is_not_listed_and_does_not_work(api_session_for, floor_manager):
    client = api_session_for(floor_manager)
    made = client.post(TOKENS, {"name": "old", "expires_in_days": 1}, format="json").json()
    AuthToken.objects.update(expiry=timezone.now() - dt.timedelta(seconds=1))
    assert client.get(TOKENS).json() == []
    assert with_key(made["key"]).get(ME).status_code == 401


# --- Abilities and two-person rules ----------------------------------------------------------

def _token(client, name="tablet") -> APIClient:
    return with_key(client.post(TOKENS, {"name": name}, format="json").json()["key"])


def test_a_slip_recorded_in_a_session_is_not_validated_with_the_recorders_token(
        tcp_table, api_session_for, floor_manager, floorperson):
    session = api_session_for(floor_manager)
    slip = session.post(SLIPS, RECORD_EXAMPLE, format="json").json()
    validate = f"{SLIPS}{slip['id']}/validate/"
    own = _token(session).post(validate, {"total": "20000.00"}, format="json")
    assert own.status_code == 400
    assert "§649a.11(c)(5)(iii)" in own.json()["errors"]["validated_by"][0]
    felix = _token(api_session_for(floorperson))
    assert felix.post(validate, {"total": "20000.00"}, format="json").status_code == 200


def test_a_void_asked_with_a_token_is_not_confirmed_in_the_same_persons_session(
        tcp_table, record, api_session_for, floorperson):
    slip = record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"])
    session = api_session_for(floorperson)
    asked = _token(session).post(f"{SLIPS}{slip.pk}/void/", {"reason": "wrong seat"},
                                 format="json")
    assert asked.status_code == 200
    confirm = session.post(f"{SLIPS}{slip.pk}/void/confirm/", {}, format="json")
    assert confirm.status_code == 400 and list(confirm.json()["errors"]) == ["voided_by"]


def test_a_token_has_its_persons_abilities_and_no_more(api_session_for, floorperson):
    felix = _token(api_session_for(floorperson))
    assert felix.get(SLIPS).status_code == 200
    assert felix.post(SLIPS, RECORD_EXAMPLE, format="json").status_code == 403  # no record
    assert felix.get("/api/v1/audit-events/").status_code == 403


def test_every_event_names_the_person_and_the_token(tcp_table, api_session_for,
                                                     floor_manager):
    session = api_session_for(floor_manager)
    made = session.post(TOKENS, {"name": "tablet 3"}, format="json").json()
    issued = AuditEvent.objects.get(action="casino.token.issue")
    assert issued.actor_repr == "fiona" and issued.after["name"] == "tablet 3"
    assert made["key"] not in str(issued.after)
    with_key(made["key"]).post(SLIPS, RECORD_EXAMPLE, format="json")
    recorded = AuditEvent.objects.get(action="tables.slip.record")
    assert recorded.actor == floor_manager
    assert recorded.actor_repr == f"fiona (token “tablet 3”, no. {made['id']})"
    with_key(made["key"]).delete(f"{TOKENS}{made['id']}/")
    revoked = AuditEvent.objects.get(action="casino.token.revoke")
    assert revoked.actor_repr == f"fiona (token “tablet 3”, no. {made['id']})"
    assert revoked.before["name"] == "tablet 3"


# --- The API client role ---------------------------------------------------------------------

def test_the_api_client_records_the_guides_slip_and_a_person_validates_it(
        tcp_table, api_for, api_client, floorperson, api_session_for):
    integration = api_for(api_client)
    slip = integration.post(SLIPS, RECORD_EXAMPLE, format="json")
    assert slip.status_code == 201, slip.json()
    assert slip.json()["recorded_by"] == "integration"
    validate = f"{SLIPS}{slip.json()['id']}/validate/"
    assert integration.post(validate, {"total": "20000.00"},
                            format="json").status_code == 403
    assert integration.post(f"{SLIPS}{slip.json()['id']}/void/", {"reason": "x"},
                            format="json").status_code == 403
    assert api_session_for(floorperson).post(validate, {"total": "20000.00"},
                                             format="json").status_code == 200


def test_the_api_client_reads_its_propertys_audit_log(api_for, api_client, outsider, keystone,
                                                      lakeside):
    events = api_for(api_client).get("/api/v1/audit-events/")
    assert events.status_code == 200
    assert {e["property"] for e in events.json()["results"]} == {keystone.pk}
    other = api_for(api_client).get("/api/v1/audit-events/",
                                    {"target": f"casino.property:{lakeside.pk}"})
    assert other.json()["count"] == 0


# --- Throttling ------------------------------------------------------------------------------

def _rates(settings, **rates):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], **rates}}


def test_making_tokens_is_throttled_per_person(api_session_for, floor_manager, floorperson,
                                               settings):
    _rates(settings, token_create="2/hour")
    client = api_session_for(floor_manager)
    for n in range(2):
        assert client.post(TOKENS, {"name": f"t{n}"}, format="json").status_code == 201
    refused = client.post(TOKENS, {"name": "t2"}, format="json")
    assert refused.status_code == 429
    assert 3590 <= int(refused["Retry-After"]) <= 3600
    assert list(refused.json()) == ["errors"] and list(refused.json()["errors"]) == ["detail"]
    assert AuthToken.objects.filter(user=floor_manager).count() == 2
    assert client.get(TOKENS).status_code == 200  # listing is not making
    other = api_session_for(floorperson).post(TOKENS, {"name": "t"}, format="json")
    assert other.status_code == 201


def test_the_api_is_throttled_per_token(api_session_for, floor_manager, settings):
    client = api_session_for(floor_manager)
    first, second = _token(client, "one"), _token(client, "two")
    _rates(settings, api="3/min")
    assert [first.get(ME).status_code for _ in range(3)] == [200, 200, 200]
    refused = first.get(ME)
    assert refused.status_code == 429 and 55 <= int(refused["Retry-After"]) <= 60
    assert refused.json()["errors"]["detail"][0].startswith("Request was throttled")
    assert second.get(ME).status_code == 200  # another token, another program


def test_the_schema_declares_429_with_retry_after_and_the_token_operations(client):
    doc = client.get(reverse("api-schema"), {"format": "json"}).json()
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            answer = op["responses"]["429"]
            assert answer["headers"]["Retry-After"]["schema"]["type"] == "integer", (path,
                                                                                     method)
            assert answer["content"]["application/json"]["schema"] == {
                "$ref": "#/components/schemas/Errors"}
    create = doc["paths"][TOKENS]["post"]
    assert set(create["responses"]) >= {"201", "400", "403", "429"}
    body = create["requestBody"]["content"]["application/json"]
    assert body["examples"]["TabletToken"]["value"] == {"name": "tablet 3",
                                                          "expires_in_days": 30}
    assert "204" in doc["paths"][f"{TOKENS}{{id}}/"]["delete"]["responses"]


def test_a_locked_out_sign_in_says_when_to_try_again(floor_manager, settings):
    settings.AXES_COOLOFF_TIME = dt.timedelta(minutes=15)
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/login/", {"username": "fiona", "password": "wrong"})
    locked = client.post("/login/", {"username": "fiona", "password": PASSWORD})
    assert locked.status_code == 429 and "Sign-in locked" in locked.text
    assert locked["Retry-After"] == "900"
