"""A compliance officer opens the Par sheet tab of the demo's Three Card Poker submission,
starts the computation, watches the progress bar while a real Celery worker computes it, and
reads the house edges (worked out by hand in tests/games/test_par.py)."""

import pytest
from django.core.management import call_command

from rulesubmissions.models import ParSheet, RulesSubmission
from tests.browser.test_rulesubmissions_browser import log_in
from tests.rulesubmissions.test_par_sheets import _database_url
from tests.workers import require_redis_settings, running_worker, worker_env

pytestmark = [pytest.mark.browser, pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_par_sheet_tab_computes_with_a_progress_bar(live_server, page, tmp_path):
    url = require_redis_settings()
    call_command("load_demo")
    ParSheet.objects.all().delete()  # asked for on the demo's submit; here, from the tab
    submission = RulesSubmission.objects.get(game="three_card_poker")
    env = worker_env(CELERY_BROKER_URL=url, DATABASE_URL=_database_url(),
                     CASINO_VAR_DIR=str(tmp_path / "var"))
    with running_worker(env, tmp_path / "worker.log"):
        log_in(page, live_server.url, "compliance")
        page.goto(f"{live_server.url}/rules-submissions/{submission.pk}/")
        page.click("text=Par sheet")
        page.wait_for_selector("h1:has-text('Par sheet')")
        page.click("button:has-text('Compute par sheet')")
        page.wait_for_selector("#par-progress")  # the job is queued: the bar polls
        page.wait_for_selector(".par-wager", timeout=300_000)  # a guard, not a speed test
        page.wait_for_function("!document.querySelector('#par-progress')", timeout=300_000)
    text = page.inner_text("#par-sheet")
    assert "Pair Plus paytable D" in text and "House edge 2.317%" in text
    assert "House edge 3.373%" in text and "(2.015% per total amount wagered)" in text
    assert "New Jersey" in text
    page.screenshot(path=str(tmp_path / "par.png"), full_page=True)
