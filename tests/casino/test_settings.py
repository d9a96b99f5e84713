"""Settings read typed environment variables and fail loudly; production passes --deploy."""

import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from casino import settings as s

BASE_DIR = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("raw,expected", [("true", True), ("0", False), ("Yes", True),
                                          ("off", False)])
def test_env_bool_reads_the_usual_spellings(monkeypatch, raw, expected):
    monkeypatch.setenv("X_FLAG", raw)
    assert s.env_bool("X_FLAG", not expected) is expected


@pytest.mark.parametrize("helper,raw", [(s.env_bool, "maybe"), (s.env_int, "ten"),
                                        (s.env_float, "fast")])
def test_env_helpers_fail_loudly_on_bad_values(monkeypatch, helper, raw):
    monkeypatch.setenv("X_VALUE", raw)
    with pytest.raises(ImproperlyConfigured, match="X_VALUE"):
        helper("X_VALUE", 1)


def test_env_choice_refuses_unknown_values(monkeypatch):
    monkeypatch.setenv("DJANGO_ENV", "staging")
    with pytest.raises(ImproperlyConfigured, match="DJANGO_ENV"):
        s.env_choice("DJANGO_ENV", "development", {"development", "production"})


def _manage(*args, **env):
    import os

    full_env = {**os.environ, **env}
    full_env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    return subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=full_env,
                          capture_output=True, text=True, timeout=120)


def test_production_settings_pass_check_deploy_without_warnings():
    out = _manage("check", "--deploy", DJANGO_ENV="production",
                  DJANGO_SECRET_KEY=secrets.token_urlsafe(60),
                  DJANGO_ALLOWED_HOSTS="casino.example.com")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "System check identified no issues" in out.stdout, out.stdout + out.stderr


def test_production_refuses_to_start_without_a_real_secret_key():
    out = _manage("check", DJANGO_ENV="production", DJANGO_SECRET_KEY="",
                  DJANGO_ALLOWED_HOSTS="casino.example.com")
    assert out.returncode != 0
    assert "DJANGO_SECRET_KEY" in out.stderr


def test_tasks_are_never_run_eagerly():
    from casino.celery import app

    assert app.conf.task_always_eager is False
