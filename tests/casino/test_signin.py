"""Signing in: repeated failures lock out the user name and the address (django-axes), each
attempt is audited, a superuser unlocks, and API client accounts cannot sign in to pages."""

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from casino.models import AuditEvent
from tests.audit_events import events_about, is_about
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")


def _sign_in(client, username, password, address="10.0.0.5"):
    return client.post(LOGIN, {"username": username, "password": password},
                       REMOTE_ADDR=address)


def test_twenty_wrong_passwords_then_the_right_one_does_not_sign_in(floorperson, settings):
    client = Client()
    for _ in range(20):
        _sign_in(client, "felix", "wrong-password")
    response = _sign_in(client, "felix", PASSWORD)
    assert response.status_code == 429
    assert "Sign-in locked" in response.text
    assert "Try again in 15 minutes," in " ".join(response.text.split())  # docs/auditor.md
    assert "_auth_user_id" not in client.session
    assert client.get(reverse("dashboard")).status_code == 302  # still signed out


def test_the_lockout_comes_at_the_configured_failure(floorperson, settings):
    limit = settings.AXES_FAILURE_LIMIT
    client = Client()
    for _ in range(limit - 1):
        assert _sign_in(client, "felix", "wrong").status_code == 200
    assert _sign_in(client, "felix", PASSWORD).status_code == 302  # signed in before the limit


def test_the_user_is_locked_out_from_every_address(floorperson, settings):
    for i in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(Client(), "felix", "wrong", address=f"10.0.1.{i}")
    assert _sign_in(Client(), "felix", PASSWORD, address="10.0.2.1").status_code == 429


def test_an_address_trying_many_users_is_locked_out(floorperson, auditor, settings):
    for i in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(Client(), f"guess{i}", "wrong", address="10.9.9.9")
    assert _sign_in(Client(), "ada", PASSWORD, address="10.9.9.9").status_code == 429
    assert _sign_in(Client(), "ada", PASSWORD, address="10.9.9.10").status_code == 302


def test_sign_in_failure_lockout_and_sign_out_are_audited(floorperson, settings):
    client = Client()
    assert _sign_in(client, "felix", PASSWORD).status_code == 302
    client.post(reverse("logout"))
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(client, "felix", "wrong")
    _sign_in(client, "nobody-here", "wrong", address="10.0.0.6")
    events = AuditEvent.objects.filter(action__startswith="casino.signin.").order_by("pk")
    actions = [e.action for e in events]
    assert actions[:2] == ["casino.signin.success", "casino.signin.signout"]
    assert actions.count("casino.signin.failure") == settings.AXES_FAILURE_LIMIT + 1
    assert "casino.signin.lockout" in actions
    success = events.first()
    assert success.actor == floorperson and success.after == {"address": "10.0.0.5"}
    unknown = events.filter(action="casino.signin.failure").last()
    assert unknown.actor is None and unknown.after["username"] == "nobody-here"
    assert "password" not in str(unknown.after).lower()
    assert events_about(floorperson).filter(action="casino.signin.failure").exists()


def test_a_superuser_unlocks_in_the_admin_and_it_is_audited(floorperson, admin_client,
                                                           admin_user, settings):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(Client(), "felix", "wrong")
    assert _sign_in(Client(), "felix", PASSWORD).status_code == 429
    attempts = list(AccessAttempt.objects.values_list("pk", flat=True))
    response = admin_client.post(reverse("admin:axes_accessattempt_changelist"),
                                 {"action": "unlock", "_selected_action": attempts})
    assert response.status_code == 302
    assert _sign_in(Client(), "felix", PASSWORD).status_code == 302
    unlock = AuditEvent.objects.filter(action="casino.signin.unlock").first()
    assert unlock.actor == admin_user and unlock.before["username"] == "felix"


def test_staff_cannot_see_or_lift_lockouts(floorperson, client_for, compliance_officer):
    url = reverse("admin:axes_accessattempt_changelist")
    assert client_for(compliance_officer).get(url).status_code == 302  # to the admin login


def test_an_api_client_account_cannot_sign_in_to_the_pages(api_client):
    client = Client()
    response = _sign_in(client, "integration", PASSWORD)
    assert response.status_code == 200
    assert "API client account" in response.text
    assert "_auth_user_id" not in client.session
    event = AuditEvent.objects.filter(action="casino.signin.failure").first()
    assert is_about(event, api_client)


def test_behind_the_proxy_the_address_is_the_one_the_proxy_appended(floorperson, settings):
    settings.BEHIND_TLS_PROXY = True
    for i in range(settings.AXES_FAILURE_LIMIT):
        # The client forges the first entry; the proxy (10.0.0.1) appends the real one.
        Client().post(LOGIN, {"username": f"guess{i}", "password": "x"}, REMOTE_ADDR="10.0.0.1",
                      HTTP_X_FORWARDED_FOR=f"1.2.3.{i}, 203.0.113.7")
    locked = Client().post(LOGIN, {"username": "felix", "password": PASSWORD},
                           REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.7")
    other = Client().post(LOGIN, {"username": "felix", "password": PASSWORD},
                          REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert (locked.status_code, other.status_code) == (429, 302)
    failure = AuditEvent.objects.filter(action="casino.signin.failure").first()
    assert failure.after["address"] == "203.0.113.7"


def test_the_admin_sign_in_counts_toward_the_same_lockout(floorperson, settings):
    """The admin's form is another door to the same accounts: its failures count too."""
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post(reverse("admin:login"), {"username": "felix", "password": "wrong"},
                      REMOTE_ADDR="10.0.3.1")
    assert _sign_in(Client(), "felix", PASSWORD, address="10.0.3.2").status_code == 429


def test_the_lockout_ends_after_the_configured_minutes(floorperson, settings):
    """docs/auditor.md: locked out for SIGNIN_LOCKOUT_MINUTES (15); failures older than that are
    forgotten (the attempts are moved back in time, no waiting)."""
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _sign_in(Client(), "felix", "wrong")
    assert _sign_in(Client(), "felix", PASSWORD).status_code == 429
    assert settings.AXES_COOLOFF_TIME.total_seconds() == 15 * 60
    AccessAttempt.objects.update(attempt_time=timezone.now() - dt.timedelta(minutes=16))
    assert _sign_in(Client(), "felix", PASSWORD).status_code == 302
