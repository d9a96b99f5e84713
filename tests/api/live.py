"""A live API server over the test database for tests that talk HTTP to it as a client would:
gunicorn in its own process on PostgreSQL (the test database is committed to, so another
process sees it), pytest-django's threaded live server on SQLite (its in-memory test database
is visible to this process only). Both serve the project's WSGI application as deployed."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.middleware.csrf import _get_new_csrf_string
from django.test import Client
from knox.models import AuthToken

from tests.workers import stop

BASE_DIR = Path(__file__).resolve().parents[2]


# A test server is never throttled by accident (tests/conftest.py's rates), and counts in its
# own memory, not in the install's shared cache.
UNTHROTTLED = {"THROTTLE_CACHE": "locmem", "API_THROTTLE_RATE": "1000000/min",
               "TOKEN_CREATE_THROTTLE_RATE": "1000000/min"}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _test_database_url() -> str:
    """The application role's DATABASE_URL with the test database's name in its path."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


@contextmanager
def gunicorn(log_path: Path, ready_timeout: float = 60):
    """``gunicorn casino.wsgi`` on a free port, its URL yielded once it answers."""
    port = _free_port()
    env = dict(os.environ, DATABASE_URL=_test_database_url(), PYTHONPATH=str(BASE_DIR),
               DJANGO_SETTINGS_MODULE="casino.settings", **UNTHROTTLED)
    cmd = [sys.executable, "-m", "gunicorn", "casino.wsgi:application", "--bind",
           f"127.0.0.1:{port}", "--workers", "2", "--timeout", "60"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + ready_timeout
        while True:
            try:  # any answer will do: /healthz is a 503 without a Celery worker
                urllib.request.urlopen(f"{url}/healthz", timeout=5)
                break
            except urllib.error.HTTPError:
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn did not start:\n"
                                       f"{log_path.read_text()[-3000:]}") from None
                time.sleep(0.3)
        yield url
    finally:
        stop(proc)


@pytest.fixture
def live_api(request, transactional_db, tmp_path):
    """The base URL of a live server over the test database (see the module)."""
    if connection.vendor == "postgresql":
        with gunicorn(tmp_path / "gunicorn.log") as url:
            yield url
    else:
        yield request.getfixturevalue("live_server").url


def token_headers(username: str) -> dict[str, str]:
    """``Authorization`` for a new API token of ``username`` (an API client)."""
    _token, key = AuthToken.objects.create(user=get_user_model().objects.get(username=username))
    return {"Authorization": f"Token {key}"}


def session_headers(username: str) -> dict[str, str]:
    """The cookies and CSRF header of a web session signed in as ``username``."""
    client = Client()
    client.force_login(get_user_model().objects.get(username=username))
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    csrf = _get_new_csrf_string()
    return {"Cookie": f"{settings.SESSION_COOKIE_NAME}={session}; "
                      f"{settings.CSRF_COOKIE_NAME}={csrf}",
            "X-CSRFToken": csrf}
