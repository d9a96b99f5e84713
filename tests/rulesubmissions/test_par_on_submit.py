"""A submitted version's par sheets (issue 30, point 7): submitting asks for them, after the
commit, through the par job; the compliance review shows "Computing" until they are ready and
then each wager's house edge; par never stops or fails a submission. The worker's part is run
here in the test process (as tests/rulesubmissions/test_par_sheets.py does); a real worker
through Redis is the last test."""

import logging
import time

import pytest
from django.db import connection
from django.urls import reverse
from kombu import Connection

from casino.audit import AuditEvent
from rulesubmissions import par, par_jobs, services
from rulesubmissions.models import ParSheet, ParSheetStatus, RulesSubmission, Status
from rulesubmissions.tasks import compute_par_sheets
from tests.rulesubmissions.test_par_sheets import PAIR_PLUS_D, _database_url
from tests.workers import require_redis_settings, running_worker, worker_env

# The Ante and Play Wager of Three Card Poker with Ante Bonus A: 3.373% per Ante, 2.015% per
# total amount wagered (the published figures; tests/browser/test_par_browser.py).
ANTE_A = "House edge 3.373%"


@pytest.fixture
def sent(monkeypatch):
    """The par jobs handed to the broker: (sheet ids, property id) each."""
    jobs = []
    monkeypatch.setattr(compute_par_sheets, "apply_async",
                        lambda args, **options: jobs.append(tuple(args)))
    return jobs


def _submit(draft, actor, capture):
    with capture(execute=True):
        return services.submission_transition(actor=actor, submission=draft, to="submitted")


def _review(client, submission) -> str:
    page = client.get(reverse("rulesubmissions:review", args=[submission.pk]))
    assert page.status_code == 200
    return page.content.decode()


@pytest.mark.django_db
def test_submitting_computes_the_par_sheets_the_review_shows(
        draft, table_games_manager, compliance_officer, client_for, sent,
        django_capture_on_commit_callbacks):
    submitted = _submit(draft, table_games_manager, django_capture_on_commit_callbacks)
    sheets = ParSheet.objects.filter(status=ParSheetStatus.QUEUED)
    # One job for the version's lines: Ante (with Play), Pair Plus D, the Five-Card Progressive.
    assert sent == [(sorted(s.pk for s in sheets), draft.property_id)]
    assert {s.wager for s in sheets} == {"ante", "pair_plus", "five_card_progressive"}
    event = AuditEvent.objects.get(action="rulesubmissions.par_sheet.request")
    assert event.actor_id == table_games_manager.pk

    client = client_for(compliance_officer)
    waiting = _review(client, submitted)
    assert "Computing the par sheet" in waiting and 'hx-trigger="every 1s"' in waiting
    assert reverse("rulesubmissions:par-progress", args=[submitted.pk]) in waiting

    assert compute_par_sheets(*sent[0]) == 3  # the worker's part
    ready = _review(client, submitted)
    assert '<div id="par-sheet">' in ready and "Computing" not in ready  # the poll stops
    assert f"House edge {PAIR_PLUS_D}" in ready and "Pair Plus paytable D" in ready
    assert ANTE_A in ready and "(2.015% per total amount wagered)" in ready
    pair_plus = ParSheet.objects.get(wager="pair_plus")
    assert pair_plus.result["wagers"][0]["house_edge"] == pytest.approx(512 / 22100)


@pytest.mark.django_db
def test_submitting_again_reuses_the_computed_sheets(
        draft, table_games_manager, compliance_officer, sent,
        django_capture_on_commit_callbacks):
    submitted = _submit(draft, table_games_manager, django_capture_on_commit_callbacks)
    for sheet in ParSheet.objects.all():  # as the worker would, without computing them
        ParSheet.objects.filter(pk=sheet.pk).update(status=ParSheetStatus.DONE, progress=1)
    returned = services.submission_transition(actor=compliance_officer, submission=submitted,
                                              to="returned", comment="Use paytable D")
    _submit(returned, table_games_manager, django_capture_on_commit_callbacks)
    assert len(sent) == 1 and ParSheet.objects.count() == 3  # same terms, same sheets


@pytest.mark.django_db
def test_a_broker_that_refuses_never_stops_a_submission(
        draft, table_games_manager, compliance_officer, client_for, monkeypatch,
        django_capture_on_commit_callbacks):
    # A broker nobody listens on: refused at once, and tried once only.
    monkeypatch.setattr(compute_par_sheets.app, "connection_for_write",
                        lambda: Connection("redis://127.0.0.1:1/0", connect_timeout=1))
    client = client_for(table_games_manager)
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(reverse("rulesubmissions:submit", args=[draft.pk]),
                             {"confirm": "yes"})
    assert answer.status_code == 302
    assert RulesSubmission.objects.get(pk=draft.pk).status == Status.SUBMITTED
    assert {(s.status, s.error) for s in ParSheet.objects.all()} == {
        (ParSheetStatus.FAILED, par_jobs.NOT_STARTED)}
    review = _review(client_for(compliance_officer), draft)
    assert "Compute par sheet" in review and par_jobs.NOT_STARTED in review
    assert "hx-trigger" not in review  # no bar that never ends


@pytest.mark.django_db
def test_a_par_failure_never_stops_a_submission(draft, table_games_manager, sent, monkeypatch,
                                                caplog, django_capture_on_commit_callbacks):
    def broken(submission):
        raise ValueError("a catalog the engine cannot read")

    monkeypatch.setattr(par, "keyed_lines", broken)
    with caplog.at_level(logging.ERROR, logger="rulesubmissions.par_jobs"):
        submitted = _submit(draft, table_games_manager, django_capture_on_commit_callbacks)
    assert submitted.status == Status.SUBMITTED
    assert RulesSubmission.objects.get(pk=draft.pk).status == Status.SUBMITTED
    assert sent == [] and not ParSheet.objects.exists()
    assert f"par sheets of submission {draft.pk} not requested" in caplog.text


@pytest.mark.django_db
def test_a_draft_saved_asks_for_no_par_sheet(draft, table_games_manager, tcp_terms, sent,
                                             django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        services.submission_update(actor=table_games_manager, submission=draft,
                                   terms={**tcp_terms, "table_maximum": "1000.00"})
    assert sent == [] and not ParSheet.objects.exists()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_computes_a_submitted_versions_sheets(draft, table_games_manager,
                                                            tmp_path):
    url = require_redis_settings()
    if connection.vendor != "postgresql":
        pytest.skip("the worker reads the test database over PostgreSQL")
    env = worker_env(CELERY_BROKER_URL=url, DATABASE_URL=_database_url(),
                     CASINO_VAR_DIR=str(tmp_path / "var"))
    with running_worker(env, tmp_path / "worker.log"):
        services.submission_transition(actor=table_games_manager, submission=draft,
                                       to="submitted")
        deadline = time.monotonic() + 300  # a guard against a lost job, not a speed test
        while (state := par.par_sheet_state(draft))["pending"] or state["missing"]:
            assert time.monotonic() < deadline, (tmp_path / "worker.log").read_text()[-3000:]
            time.sleep(0.5)
    pair_plus = ParSheet.objects.get(wager="pair_plus")
    assert pair_plus.status == ParSheetStatus.DONE
    assert pair_plus.result["wagers"][0]["house_edge"] == pytest.approx(512 / 22100)
