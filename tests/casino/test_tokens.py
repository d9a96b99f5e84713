"""API tokens: stored hashed, expiring; API client accounts' issued, rotated and revoked by a
superuser in the admin, every one of those audited; any staff member's token acts with their
abilities (personal tokens: tests/api/test_personal_tokens.py)."""

import datetime as dt
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from casino import tokens
from casino.models import AuditEvent
from tests.audit_events import is_about

pytestmark = pytest.mark.django_db

ME = reverse("api:me")


def _with(key):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_staff_members_token_works_with_their_abilities_only(table_games_manager):
    _token, key = AuthToken.objects.create(user=table_games_manager, expiry=dt.timedelta(days=1))
    assert _with(key).get(ME).json()["username"] == "tara"
    assert _with(key).get(reverse("api:audit-events")).status_code == 403  # no audit.read


def test_a_token_of_someone_staff_nowhere_is_refused(django_user_model):
    person = django_user_model.objects.create_user("drifter")
    _token, key = AuthToken.objects.create(user=person, expiry=dt.timedelta(days=1))
    response = _with(key).get(ME)
    assert response.status_code == 401
    assert "not staff at a property" in response.content.decode()


def test_a_token_of_an_api_client_works(api_client):
    _token, key = tokens.token_issue(user=api_client)
    response = _with(key).get(ME)
    assert response.status_code == 200
    assert response.json()["username"] == "integration"


def test_tokens_are_only_issued_to_api_clients(table_games_manager):
    with pytest.raises(tokens.TokenRefused, match="does not have API access"):
        tokens.token_issue(user=table_games_manager)


def test_only_a_digest_of_the_key_is_stored(api_client):
    token, key = tokens.token_issue(user=api_client)
    stored = AuthToken.objects.get(pk=token.pk)
    assert key not in (stored.digest, stored.token_key)
    assert len(stored.digest) == 128  # SHA-512, hex
    assert key.startswith(stored.token_key) and len(stored.token_key) < len(key) / 4


def test_tokens_expire(api_client, settings):
    settings.API_TOKEN_TTL_DAYS = 90
    token, key = tokens.token_issue(user=api_client)
    assert dt.timedelta(days=89) < token.expiry - timezone.now() <= dt.timedelta(days=90)
    AuthToken.objects.filter(pk=token.pk).update(expiry=timezone.now() - dt.timedelta(seconds=1))
    assert _with(key).get(ME).status_code == 401
    assert AuditEvent.objects.filter(action="casino.token.expire").exists()


def _key_in(response) -> str:
    text = " ".join(str(m) for m in response.context["messages"])
    return re.search(r"expires \d{4}-\d\d-\d\d\): (\S+)", text).group(1)


def test_a_superuser_issues_a_token_in_the_admin_and_it_is_audited(admin_client, admin_user,
                                                                   api_client):
    response = admin_client.post(reverse("admin:knox_authtoken_add"), {"user": api_client.pk},
                                 follow=True)
    key = _key_in(response)
    assert _with(key).get(ME).status_code == 200
    event = AuditEvent.objects.get(action="casino.token.issue")
    assert event.actor == admin_user and is_about(event, api_client)
    assert key not in str(event.after) and event.after["token_starts"] == key[:15]


def test_the_admin_offers_tokens_only_for_api_clients(admin_client, api_client, auditor):
    page = admin_client.get(reverse("admin:knox_authtoken_add")).text
    assert f'value="{api_client.pk}"' in page
    assert f'value="{auditor.pk}"' not in page
    response = admin_client.post(reverse("admin:knox_authtoken_add"), {"user": auditor.pk})
    assert response.status_code == 200  # the form refuses the choice
    assert not AuthToken.objects.filter(user=auditor).exists()


def test_a_superuser_rotates_a_token_in_the_admin(admin_client, admin_user, api_client):
    old, old_key = tokens.token_issue(user=api_client)
    response = admin_client.post(reverse("admin:knox_authtoken_changelist"),
                                 {"action": "rotate", "_selected_action": [old.pk]}, follow=True)
    new_key = _key_in(response)
    assert _with(old_key).get(ME).status_code == 401
    assert _with(new_key).get(ME).status_code == 200
    actions = list(AuditEvent.objects.filter(action__startswith="casino.token.", actor=admin_user)
                   .order_by("pk").values_list("action", flat=True))
    assert actions == ["casino.token.revoke", "casino.token.issue"]


def test_a_superuser_revokes_a_token_in_the_admin(admin_client, admin_user, api_client):
    token, key = tokens.token_issue(user=api_client)
    admin_client.post(reverse("admin:knox_authtoken_changelist"),
                      {"action": "revoke", "_selected_action": [token.pk]})
    assert _with(key).get(ME).status_code == 401
    event = AuditEvent.objects.get(action="casino.token.revoke")
    assert event.actor == admin_user and event.before["user"] == "integration"


def test_staff_have_no_token_admin(client_for, compliance_officer):
    url = reverse("admin:knox_authtoken_changelist")
    assert client_for(compliance_officer).get(url).status_code == 302


def test_superusers_neither_get_nor_use_tokens(admin_user):
    with pytest.raises(tokens.TokenRefused):
        tokens.token_issue(user=admin_user)
    _token, key = AuthToken.objects.create(user=admin_user, expiry=dt.timedelta(days=1))
    assert _with(key).get(ME).status_code == 401
