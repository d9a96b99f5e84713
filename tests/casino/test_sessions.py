"""Staff sessions end after an idle time (configurable) and signed-in answers are never
cached."""

import datetime as dt
import os
import subprocess
import sys

import pytest
from django.contrib.sessions.models import Session
from django.urls import reverse
from django.utils import timezone

from tests.workers import BASE_DIR

pytestmark = pytest.mark.django_db


def _session(client) -> Session:
    return Session.objects.get(session_key=client.session.session_key)


def test_an_idle_session_is_signed_out(client_for, floorperson, settings):
    client = client_for(floorperson)
    assert client.get(reverse("dashboard")).status_code == 200
    idle = timezone.now() - dt.timedelta(seconds=1)  # the idle time has just run out
    Session.objects.filter(pk=_session(client).pk).update(expire_date=idle)
    response = client.get(reverse("dashboard"))
    assert response.status_code == 302 and response["Location"].startswith(reverse("login"))


def test_using_the_site_restarts_the_idle_clock(client_for, floorperson, settings):
    client = client_for(floorperson)
    client.get(reverse("dashboard"))
    session = client.session
    session["_casino_touched"] = 0  # last written long ago
    session.save()
    Session.objects.filter(pk=_session(client).pk).update(
        expire_date=timezone.now() + dt.timedelta(seconds=30))
    client.get(reverse("dashboard"))
    remaining = _session(client).expire_date - timezone.now()
    assert remaining > dt.timedelta(seconds=settings.SESSION_COOKIE_AGE - 60)


def test_the_idle_time_is_thirty_minutes_unless_configured():
    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.SESSION_COOKIE_AGE, settings.SESSION_EXPIRE_AT_BROWSER_CLOSE)")
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="casino.settings")
    for value, expected in ((None, "1800 True"), ("10", "600 True")):
        env.pop("DJANGO_SESSION_IDLE_MINUTES", None)
        if value:
            env["DJANGO_SESSION_IDLE_MINUTES"] = value
        out = subprocess.run([sys.executable, "-c", code], cwd=BASE_DIR, env=env,
                             capture_output=True, text=True, check=True)
        assert out.stdout.strip() == expected


@pytest.mark.parametrize("url", ["/", "/audit/", "/api/v1/me/"])
def test_signed_in_answers_are_not_stored(url, client_for, auditor):
    response = client_for(auditor).get(url)
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert "private" in response["Cache-Control"]


def test_token_answers_are_not_stored(api_for, api_client):
    response = api_for(api_client).get("/api/v1/me/")
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]
