"""The product's own error pages on every install (issue 32): DEBUG is off unless a developer
sets ``DJANGO_DEBUG=true``; 400, 403, 404, 500, a refused form and a busy database answer pages
in the site's layout, in words for casino staff, with a way back, never a traceback or the
URLconf; under /api/ the same errors stay JSON in the API's one shape."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client
from django.urls import path

from casino import urls as casino_urls

BASE_DIR = Path(__file__).resolve().parents[2]
BUSY = "Not saved — the system was busy. Try again."


def _boom(request):
    raise ZeroDivisionError("a bug in a view")


def _locked(request):
    raise OperationalError("database is locked")


# This module is the URLconf of the tests that need a view that fails: the site's own URLs and
# error handlers, and three views that raise.
urlpatterns = [path("boom/", _boom), path("locked/", _locked), path("api/v1/locked/", _locked),
               path("api/v1/boom/", _boom), *casino_urls.urlpatterns]
handler400, handler403 = casino_urls.handler400, casino_urls.handler403
handler404, handler500 = casino_urls.handler404, casino_urls.handler500


@pytest.fixture
def failing_views(settings):
    settings.ROOT_URLCONF = __name__
    return Client(raise_request_exception=False)


def _no_debug_page(text: str) -> None:
    for leak in ("URLconf", "urlpatterns", "Traceback", "Request Method", "DEBUG = True",
                 "ZeroDivisionError", "OperationalError"):
        assert leak not in text, leak


@pytest.mark.django_db
def test_a_missing_page_says_so_in_words_with_a_way_back(client, client_for, floorperson):
    page = client.get("/no-such-page/")
    assert page.status_code == 404
    text = page.content.decode()
    assert "This page does not exist" in text and 'href="/login/"' in text
    assert 'class="topbar"' in text  # the site's layout
    _no_debug_page(text)
    signed_in = client_for(floorperson).get("/floor/tables/999999/").content.decode()
    assert "This page does not exist" in signed_in and "Back to your dashboard" in signed_in


def test_debug_is_off_by_default_and_a_missing_page_lists_no_urls(tmp_path):
    """``make run``'s environment (no DJANGO_DEBUG, no DJANGO_ENV): DEBUG off, so a 404 is the
    product's page even there; the CSS and htmx are still served (WhiteNoise, from the
    finders); ``DJANGO_DEBUG=true`` turns the debug pages on for developers."""
    script = (
        "import django, json; django.setup()\n"
        "from django.conf import settings\n"
        "from django.test import Client\n"
        "c = Client(HTTP_HOST='127.0.0.1')\n"
        "page = c.get('/no-such-page/')\n"
        "static = [c.get(u).status_code for u in ('/static/css/app.css',"
        " '/static/vendor/htmx/htmx.min.js')]\n"
        "print(json.dumps({'debug': settings.DEBUG, 'status': page.status_code,"
        " 'text': page.content.decode(), 'static': static}))\n")
    env = {k: v for k, v in os.environ.items()
           if k not in {"DJANGO_DEBUG", "DJANGO_ENV", "DATABASE_URL", "DATABASE_MIGRATE_URL",
                        "CELERY_BROKER_URL"}}
    env.update(CASINO_VAR_DIR=str(tmp_path), DJANGO_SETTINGS_MODULE="casino.settings",
               PYTHONPATH=str(BASE_DIR), PYTHONWARNINGS="ignore::UserWarning")

    def run(**extra):
        done = subprocess.run([sys.executable, "-c", script], cwd=BASE_DIR, env={**env, **extra},
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    default = run()
    assert default["debug"] is False and default["status"] == 404
    assert "This page does not exist" in default["text"]
    _no_debug_page(default["text"])
    assert default["static"] == [200, 200]
    developer = run(DJANGO_DEBUG="true")
    assert developer["debug"] is True and "URLconf" in developer["text"]


@pytest.mark.django_db
def test_a_refused_role_is_the_not_allowed_page(client_for, newcomer):
    page = client_for(newcomer).get("/floor/")
    assert page.status_code == 403
    text = page.content.decode()
    assert "Not allowed" in text and "Back to your dashboard" in text
    _no_debug_page(text)


@pytest.mark.django_db
def test_a_request_that_cannot_be_read_is_the_400_page(client):
    page = client.get("/", HTTP_HOST="not-this-site.example")  # a Host not allowed
    assert page.status_code == 400
    text = page.content.decode()
    assert "The request could not be read" in text and "Back to your dashboard" in text
    _no_debug_page(text)


@pytest.mark.django_db
def test_a_view_that_fails_renders_the_500_page_and_json_under_the_api(failing_views):
    page = failing_views.get("/boom/")
    assert page.status_code == 500
    text = page.content.decode()
    assert "Something went wrong" in text and "check whether it was saved" in text
    assert 'href="/"' in text and 'class="topbar"' in text
    _no_debug_page(text)
    api = failing_views.get("/api/v1/boom/")
    assert api.status_code == 500 and api.json() == {"errors": {"detail": [
        "Server error: the request was not completed. It has been logged."]}}


@pytest.mark.django_db
def test_a_form_sent_with_a_stale_token_is_the_expired_form_page(django_user_model):
    django_user_model.objects.create_user("tess", password="a-long-password-1")
    browser = Client(enforce_csrf_checks=True)
    page = browser.post("/login/", {"username": "tess", "password": "a-long-password-1"},
                        HTTP_REFERER="http://testserver/login/")
    assert page.status_code == 403
    text = page.content.decode()
    assert "Not saved — this form had expired" in text
    assert 'href="http://testserver/login/"' in text  # back to the form
    _no_debug_page(text)
    assert "CSRF" not in text


@pytest.mark.django_db
def test_an_htmx_action_with_a_stale_token_reloads_its_page_which_says_why(floor_manager):
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(floor_manager)
    refused = browser.post("/floor/layouts/1/tick/", {"key": "x"}, HTTP_HX_REQUEST="true")
    assert refused.status_code == 403 and refused["HX-Refresh"] == "true"
    reloaded = browser.get("/").content.decode()
    assert "Not saved — this page had expired, so it was opened again." in reloaded


@pytest.mark.django_db
def test_an_htmx_action_after_the_session_ended_sends_the_page_to_sign_in(client):
    """Not a redirect htmx would follow unseen (a tick staying ticked that was not saved)."""
    refused = client.post("/floor/layouts/1/tick/", {"key": "x"}, HTTP_HX_REQUEST="true",
                          HTTP_HX_CURRENT_URL="http://testserver/floor/layouts/1/")
    assert refused["HX-Redirect"] == "/login/?next=/floor/layouts/1/"
    page = client.get(refused["HX-Redirect"]).content.decode()
    assert "Your session ended, so what you did last was not saved." in page
    assert client.get("/floor/")["Location"] == "/login/?next=/floor/"  # pages as before


@pytest.mark.django_db
def test_a_write_the_busy_database_refused_is_a_503_in_words(failing_views):
    """SQLite's "database is locked" after its busy timeout (the real lock:
    tests/casino/test_sqlite_busy_floor.py): a page, the message for htmx, JSON for the API."""
    page = failing_views.post("/locked/", HTTP_REFERER="http://testserver/floor/")
    assert page.status_code == 503 and page["Retry-After"] == "5"
    text = page.content.decode()
    assert BUSY in text and 'href="http://testserver/floor/"' in text
    _no_debug_page(text)
    htmx = failing_views.post("/locked/", HTTP_HX_REQUEST="true")
    assert htmx.status_code == 503 and htmx["HX-Retarget"] == "#messages"
    assert BUSY in htmx.content.decode() and 'id="messages"' in htmx.content.decode()
    api = failing_views.post("/api/v1/locked/")
    assert api.status_code == 503 and api["Retry-After"] == "5"
    assert api.json() == {"errors": {"detail": [BUSY]}}


def test_pages_swap_in_a_503_so_a_not_saved_message_is_shown():
    """htmx swaps no 5xx answer by default: the layout's htmx-config makes a 503 the
    exception, so "Not saved" reaches the page (and a tick shows unticked)."""
    base = (BASE_DIR / "templates" / "base.html").read_text()
    config = base.split('name="htmx-config" content=\'')[1].split("'")[0]
    handling = json.loads(config)["responseHandling"]
    assert {"code": "503", "swap": True, "error": True} in handling
    assert handling.index({"code": "503", "swap": True, "error": True}) < handling.index(
        {"code": "[45]..", "swap": False, "error": True})
