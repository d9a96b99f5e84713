"""The suite passes on a busy 2-core machine and cannot skip in CI: Hypothesis has no deadline
and no too-slow health check (a loaded machine once failed a baccarat test with
``FailedHealthCheck: Input generation is slow``), ``CI=1`` turns skips into failures as
``CI=true`` does, and each table's ids start millions apart from the others'."""

import time

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from tests.ci import in_ci
from tests.workers import require_redis_settings


def test_the_suite_profile_has_no_deadline_and_no_too_slow_health_check():
    profile = hypothesis_settings.default
    assert profile.deadline is None
    assert HealthCheck.too_slow in profile.suppress_health_check
    # the checks that catch a bad strategy, not a busy machine, stay on
    assert HealthCheck.filter_too_much not in profile.suppress_health_check


def _slowly(value: int) -> int:
    time.sleep(0.15)  # what a loaded machine does to generation
    return value


@hypothesis_settings(max_examples=12, database=None)
@given(st.integers(0, 10).map(_slowly))
def test_slow_input_generation_is_not_a_failure(value):
    assert 0 <= value <= 10


@hypothesis_settings(max_examples=2, database=None)
@given(st.integers(0, 1))
def test_a_slow_example_is_not_a_failure(value):
    time.sleep(0.3)  # beyond Hypothesis's default 200 ms deadline
    assert value in (0, 1)


@pytest.mark.parametrize("value, expected", [
    ("1", True), ("true", True), ("TRUE", True), ("yes", True), (" True ", True),
    ("", False), ("0", False), ("false", False),
])
def test_ci_is_read_as_every_ci_system_sets_it(monkeypatch, value, expected):
    monkeypatch.setenv("CI", value)
    assert in_ci() is expected


def test_with_ci_1_a_missing_redis_is_a_failure_not_a_skip(monkeypatch):
    monkeypatch.setenv("CI", "1")
    monkeypatch.delenv("CELERY_BROKER_URL", raising=False)
    with pytest.raises(pytest.fail.Exception, match="Redis tests must run"):
        require_redis_settings()


def test_no_test_reads_ci_by_itself():
    """Every guard asks ``tests.ci.in_ci``, so none can go back to accepting only "true"."""
    from pathlib import Path

    root = Path(__file__).parent
    readers = [p for p in root.rglob("*.py") if p.name != "ci.py" and p != Path(__file__)
               and ('environ.get("CI"' in p.read_text() or "environ['CI']" in p.read_text()
                    or 'environ["CI"]' in p.read_text() or 'getenv("CI"' in p.read_text())]
    assert readers == []


@pytest.mark.django_db
def test_the_first_rows_of_different_tables_have_ids_millions_apart(keystone, floor_manager):
    # tests/sequences.py: the first property, person and audit event of a test are not all 1.
    from casino.models import AuditEvent

    ids = [keystone.pk, floor_manager.pk, AuditEvent.objects.latest("pk").pk]
    assert min(ids) > 1_000_000
    assert len({i // 1_000_000 for i in ids}) == 3
