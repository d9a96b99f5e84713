"""/healthz: ok/down for anyone, details for staff and API tokens, answered from the last
probe a worker ran (never by waiting on the broker from a web thread)."""

import datetime as dt
import json
import re
from pathlib import Path

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from casino import health
from casino.models import HealthProbe
from casino.tasks import health_probe
from tests.ci import in_ci
from tests.workers import running_worker, worker_env

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_answer():
    cache.delete(health.CACHE_KEY)
    yield
    cache.delete(health.CACHE_KEY)


@pytest.fixture
def no_broker_calls(monkeypatch):
    """/healthz must not publish to the broker or wait for a worker: any attempt fails."""

    def refuse(*args, **kwargs):
        raise AssertionError("/healthz tried to reach the broker from the web thread")

    from casino.tasks import ping

    monkeypatch.setattr(ping, "apply_async", refuse)
    monkeypatch.setattr(health_probe, "apply_async", refuse)


def _probe(seconds_ago: float) -> None:
    HealthProbe.objects.update_or_create(
        name=health.PROBE,
        defaults={"at": timezone.now() - dt.timedelta(seconds=seconds_ago),
                  "host": "worker-7.casino.internal"})


def test_anonymous_callers_get_only_ok_and_no_details(client, no_broker_calls):
    _probe(seconds_ago=5)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert b"worker-7" not in response.content


def test_the_guides_example_is_what_an_anonymous_caller_gets(client, no_broker_calls):
    guide = (Path(__file__).resolve().parents[2] / "docs/operator.md").read_text()
    section = guide.split("**Health.**", 1)[1]
    example = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    _probe(seconds_ago=5)
    assert client.get("/healthz").json() == example


def test_anonymous_callers_get_only_down_when_the_probe_is_stale(client, settings,
                                                                 no_broker_calls):
    settings.HEALTHZ_MAX_AGE = 60
    _probe(seconds_ago=61)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "down"}


def test_no_probe_at_all_is_down(client, no_broker_calls):
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (503, {"status": "down"})


def test_signed_in_staff_see_the_details(client_for, floorperson, no_broker_calls):
    _probe(seconds_ago=5)
    body = client_for(floorperson).get("/healthz").json()
    assert body["status"] == "ok"
    assert body["database"] == {"ok": True}
    assert body["workers"]["ok"] is True
    assert body["workers"]["host"] == "worker-7.casino.internal"


def test_an_api_token_sees_the_details(api_for, api_client, no_broker_calls):
    _probe(seconds_ago=5)
    body = api_for(api_client).get("/healthz").json()
    assert body["workers"]["host"] == "worker-7.casino.internal"


def test_a_bad_token_sees_no_details(client, no_broker_calls):
    _probe(seconds_ago=5)
    response = client.get("/healthz", HTTP_AUTHORIZATION="Token not-a-real-token")
    assert response.json() == {"status": "ok"}


def test_the_answer_is_reused_for_a_few_seconds(client, django_assert_num_queries,
                                                no_broker_calls):
    _probe(seconds_ago=5)
    client.get("/healthz")
    with django_assert_num_queries(0):
        for _ in range(32):
            assert client.get("/healthz").status_code == 200


def test_a_database_failure_is_down_without_details_for_anonymous(client, monkeypatch,
                                                                  no_broker_calls):
    class DownDatabase:
        def filter(self, **kwargs):
            raise RuntimeError("connection refused")

    monkeypatch.setattr(HealthProbe, "objects", DownDatabase())
    response = client.get("/healthz")
    assert (response.status_code, response.json()) == (503, {"status": "down"})
    assert health.current_health()["database"] == {"ok": False, "error": "RuntimeError"}


def _test_database_url() -> str:
    """The URL of the test database as the application role (the worker writes the probe)."""
    db = connection.settings_dict
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_running_the_probe_makes_healthz_ok(client, tmp_path):
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("a worker process cannot reach the SQLite test database")
    assert client.get("/healthz").status_code == 503
    env = worker_env(DATABASE_URL=_test_database_url(), DATABASE_MIGRATE_URL=None)
    with running_worker(env, tmp_path / "worker.log"):
        answer = health_probe.delay().get(timeout=60)
    cache.delete(health.CACHE_KEY)
    response = client.get("/healthz")
    assert response.status_code == 200, response.content
    assert response.json() == {"status": "ok"}
    assert HealthProbe.objects.get(name=health.PROBE).host == answer["host"]
