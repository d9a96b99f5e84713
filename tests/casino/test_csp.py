"""Content-Security-Policy: our own static files only (htmx is vendored), no inline script.
Enforced in production, report-only in development."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tests.workers import BASE_DIR

pytestmark = pytest.mark.django_db

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE)
INLINE_HANDLER = re.compile(r"\s(on[a-z]+|hx-on[:-][^=\s]*)\s*=", re.IGNORECASE)
TEMPLATE_DIRS = [BASE_DIR / "templates", *BASE_DIR.glob("*/templates")]


def _directives(header: str) -> dict:
    parts = (p.strip().split() for p in header.split(";") if p.strip())
    return {p[0]: p[1:] for p in parts}


@pytest.fixture
def enforced(settings):
    settings.CONTENT_SECURITY_POLICY = settings.CONTENT_SECURITY_POLICY_REPORT_ONLY
    del settings.CONTENT_SECURITY_POLICY_REPORT_ONLY


@pytest.mark.parametrize("url", ["/", "/audit/", "/api/docs/"])
def test_pages_allow_scripts_from_our_own_origin_only(url, enforced, client_for, auditor):
    response = client_for(auditor).get(url)
    assert response.status_code == 200
    policy = _directives(response["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert policy["default-src"] == ["'self'"] and policy["connect-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"] and policy["form-action"] == ["'self'"]
    assert not INLINE_SCRIPT.search(response.text), "an inline <script> would be blocked"


def test_development_reports_without_enforcing(client):
    response = client.get(reverse("login"))
    assert "Content-Security-Policy-Report-Only" in response
    assert "Content-Security-Policy" not in response


def test_production_settings_enforce_the_policy():
    import subprocess
    import sys

    code = ("import django; django.setup(); from django.conf import settings; "
            "print(settings.CONTENT_SECURITY_POLICY['DIRECTIVES']['script-src'])")
    env = {"DJANGO_SETTINGS_MODULE": "casino.settings", "DJANGO_ENV": "production",
           "DJANGO_SECRET_KEY": "x" * 60, "DJANGO_ALLOWED_HOSTS": "casino.example.com",
           "PATH": "/usr/bin:/bin", "CASINO_VAR_DIR": "/tmp/csp-check"}
    out = subprocess.run([sys.executable, "-c", code], cwd=BASE_DIR, env=env,
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[\"'self'\"]"


def test_no_template_has_an_inline_script_or_event_handler():
    offenders = []
    for directory in TEMPLATE_DIRS:
        for path in Path(directory).rglob("*.html"):
            text = path.read_text()
            if INLINE_SCRIPT.search(text) or INLINE_HANDLER.search(text):
                offenders.append(str(path.relative_to(BASE_DIR)))
    assert offenders == []
