"""The Par sheet tab of a Rules Submission: the lines its terms call for, the cache, the job's
state, the pages, and the job run by a real Celery worker through Redis."""

import time
from urllib.parse import quote

import pytest
from django.db import connection
from django.urls import reverse

from casino.audit import AuditEvent
from rulesubmissions import par, par_jobs
from rulesubmissions.models import ParSheet, ParSheetStatus
from tests.workers import require_redis_settings, running_worker, worker_env

# Pair Plus D (40-30-6-4-1): 512 of 22,100 per unit, worked out in tests/games/test_par.py.
PAIR_PLUS_D = "2.317%"


@pytest.mark.django_db
def test_lines_follow_the_terms(draft):
    requests, uncovered = par.par_requests(draft)
    lines = {(r.wager, r.paytable) for r in requests}
    assert ("ante", "A") in lines and ("pair_plus", "three_card_poker.pair_plus.D") in lines
    progressive = next(r for r in requests if r.wager == "five_card_progressive")
    assert progressive.options == {"meter": "10000.00"}
    assert "play" not in {r.wager for r in requests} and uncovered == []


@pytest.mark.django_db
def test_side_wager_lines_and_base_options_passed(table_games_manager, keystone):
    from rulesubmissions import services
    from rulesubmissions.engine import game_spec
    from tests.rulesubmissions.builders import terms_for

    terms = terms_for(game_spec("pai_gow_poker"), offer=["queens_dragon"])
    terms["options"]["ez_pai_gow"] = True
    pai_gow = services.submission_create(actor=table_games_manager, property=keystone,
                                         terms=terms)
    requests, uncovered = par.par_requests(pai_gow)
    assert [(r.wager, r.paytable) for r in requests] == [
        ("pai_gow", None), ("queens_dragon", "pai_gow_poker.queens_dragon.standard")]
    assert requests[0].options["ez_pai_gow"] == "true"
    assert uncovered == []
    terms = terms_for(game_spec("baccarat"), offer=["royal_9_progressive"])
    # every position of the Minibaccarat table has one (§627b.3(e)(5)), given here out of order
    terms["options"]["royal_9_combinations"] = {"2": "Kh 9h", "1": "Ks 9s", "3": "Kd 9d",
                                                "4": "Kc 9c", "5": "Ks 9h", "6": "Kh 9s",
                                                "7": "Kd 9c"}
    baccarat = services.submission_create(actor=table_games_manager, property=keystone,
                                          terms=terms)
    requests, uncovered = par.par_requests(baccarat)
    royal = next(r for r in requests if r.wager == "royal_9_progressive")
    assert royal.options["combinations"] == "Ks 9s,Kh 9h,Kd 9d,Kc 9c,Ks 9h,Kh 9s,Kd 9c"
    assert "meter" in royal.options
    assert uncovered == []


@pytest.mark.django_db
def test_a_failed_line_is_asked_for_again(draft, compliance_officer):
    queued = par_jobs.par_sheet_request(submission=draft, user=compliance_officer)
    failed = queued[0]
    ParSheet.objects.filter(pk=failed.pk).update(status=ParSheetStatus.FAILED, error="lost")
    again = par_jobs.par_sheet_request(submission=draft, user=compliance_officer)
    assert [s.pk for s in again] == [failed.pk] and again[0].status == ParSheetStatus.QUEUED


@pytest.mark.django_db
def test_request_queues_once_and_compute_fills_the_cache(draft, compliance_officer):
    queued = par_jobs.par_sheet_request(submission=draft, user=compliance_officer)
    assert {s.status for s in queued} == {ParSheetStatus.QUEUED}
    assert par_jobs.par_sheet_request(submission=draft, user=compliance_officer) == []
    assert AuditEvent.objects.filter(action="rulesubmissions.par_sheet.request").count() == 1
    state = par.par_sheet_state(draft)
    assert state["pending"] and state["progress"] == 0
    for sheet in queued:
        par.par_sheet_compute(sheet_id=sheet.pk, property_id=draft.property_id)
    state = par.par_sheet_state(draft)
    assert not state["pending"] and not state["missing"] and state["progress"] == 100
    pair_plus = ParSheet.objects.get(wager="pair_plus")
    assert pair_plus.result["wagers"][0]["house_edge"] == pytest.approx(512 / 22100)


@pytest.mark.django_db
def test_tab_runs_and_shows_results(draft, compliance_officer, client_for, outsider):
    client = client_for(compliance_officer)
    url = reverse("rulesubmissions:par", args=[draft.pk])
    page = client.get(url)
    assert page.status_code == 200 and "Compute par sheet" in page.content.decode()
    run = client.post(reverse("rulesubmissions:par-run", args=[draft.pk]), HTTP_HX_REQUEST="true")
    body = run.content.decode()
    assert run.status_code == 200 and "<progress" in body and 'hx-trigger="every 1s"' in body
    for sheet in ParSheet.objects.all():
        par.par_sheet_compute(sheet_id=sheet.pk, property_id=draft.property_id)
    done = client.get(reverse("rulesubmissions:par-progress", args=[draft.pk])).content.decode()
    assert "hx-trigger" not in done and PAIR_PLUS_D in done
    assert "Pair Plus paytable D" in done and "Play with high card (Q-6-4)" in done
    assert "1 in 649,740" in done  # the Five-Card Progressive's royal flush
    assert client_for(outsider).get(url).status_code == 404
    detail = client.get(reverse("rulesubmissions:detail", args=[draft.pk])).content.decode()
    assert url in detail


def _database_url() -> str:
    """The test database as this process reaches it, for the worker process."""
    s = connection.settings_dict
    auth = quote(s["USER"], safe="") + (f":{quote(s['PASSWORD'], safe='')}"
                                       if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_computes_the_job(draft, compliance_officer, tmp_path):
    url = require_redis_settings()
    if connection.vendor != "postgresql":
        pytest.skip("the worker reads the test database over PostgreSQL")
    env = worker_env(CELERY_BROKER_URL=url, DATABASE_URL=_database_url(),
                     CASINO_VAR_DIR=str(tmp_path / "var"))
    with running_worker(env, tmp_path / "worker.log"):
        queued = par_jobs.par_sheet_request(submission=draft, user=compliance_officer)
        assert queued
        deadline = time.monotonic() + 300  # a guard against a lost job, not a speed test
        while par.par_sheet_state(draft)["pending"]:
            assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()[-3000:]
            time.sleep(0.5)
    sheets = {s.wager: s for s in ParSheet.objects.all()}
    assert {s.status for s in sheets.values()} == {ParSheetStatus.DONE}
    ante = sheets["ante"].result["wagers"][0]
    assert round(ante["house_edge"] * 100, 2) == 3.37
    assert sheets["pair_plus"].result["wagers"][0]["house_edge"] == pytest.approx(512 / 22100)


@pytest.mark.django_db
def test_a_new_engine_version_computes_cached_sheets_again(draft, compliance_officer,
                                                           monkeypatch):
    before = {k for _, k in par.keyed_lines(draft)}
    monkeypatch.setattr(par, "VERSION", par.VERSION + 1)
    assert before.isdisjoint(k for _, k in par.keyed_lines(draft))
