"""Issue 30, point 7, in Chromium at 800 and 1,024 px: the editor shows a progressive meter's
fields only once its wager is ticked and the wagers always offered as words; a submitted
version's review shows "Computing" and then the par sheet, without a reload. The job is
handed to the broker on submit; here the test process runs the worker's part, so the page's
poll is what brings the figures (a real worker: tests/rulesubmissions/test_par_on_submit.py).
House edges: Pair Plus D 2.317% (512/22,100 by hand, tests/games/test_par.py), Ante and Play
with Ante Bonus A 3.373% (published)."""

import pytest
from django.core.management import call_command

from rulesubmissions.tasks import compute_par_sheets
from tests.browser.journey import check_page, set_width
from tests.browser.session import log_in
from tests.browser.test_compliance_pages import new_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def sent(monkeypatch):
    """The par jobs the submit hands to the broker (the live server runs in this process)."""
    jobs = []
    monkeypatch.setattr(compute_par_sheets, "apply_async",
                        lambda args, **options: jobs.append(tuple(args)))
    return jobs


@pytest.mark.parametrize("width", [800, 1024])
def test_meters_follow_the_wagers_ticked(live_server, page, width):
    call_command("load_demo")
    set_width(page, width)
    log_in(page, live_server.url, "tgm")
    page.goto(f"{live_server.url}/rules-submissions/new/")
    page.select_option("#game-choice", "three_card_poker")
    page.wait_for_selector("#wagers-pair-plus")  # the game's fields arrived by htmx
    meter = page.locator("#meters-five-card-progressive-block")
    assert meter.is_hidden() and page.locator("#meters-five-card-progressive-initial").is_hidden()
    assert page.locator("#offer-ante").count() == 0  # the game itself: no box to tick
    assert page.inner_text("#wager-ante").startswith("Ante Wager: always offered")
    assert "always offered" in page.inner_text("#wager-pair_plus legend")
    check_page(page)

    page.check("#offer-five_card_progressive")
    meter.wait_for(state="visible")
    page.fill("#meters-five-card-progressive-initial", "10000.00")
    check_page(page)
    page.uncheck("#offer-five_card_progressive")
    meter.wait_for(state="hidden")
    # One meter for both Five Card Hand Bonus wagers: either one ticked shows it.
    shared = page.locator("#meters-five-card-hand-bonus-block")
    assert shared.is_hidden()
    page.check("#offer-five_card_hand_bonus_dealer")
    shared.wait_for(state="visible")


@pytest.mark.parametrize("width", [800, 1024])
def test_the_review_shows_the_par_sheet_once_computed(live_server, page, sent, width):
    call_command("load_demo")  # its submitted versions hand their jobs over
    submitted = new_version(pair_plus="D")  # version 1's terms
    assert len(sent) == 2  # this version's lines were asked for on version 1's submit
    set_width(page, width)
    log_in(page, live_server.url, "compliance")
    page.goto(f"{live_server.url}/rules-submissions/{submitted.pk}/review/")
    page.locator("#review-par #par-progress").wait_for()
    assert "Computing the par sheet" in page.inner_text("#review-par")
    check_page(page)

    for job in sent:  # the worker's part; the page's poll brings the figures
        compute_par_sheets(*job)
    page.wait_for_function("!document.querySelector('#par-progress')", timeout=60_000)
    text = page.inner_text("#review-par")
    assert "Pair Plus paytable D" in text and "House edge 2.317%" in text
    assert "House edge 3.373%" in text and "(2.015% per total amount wagered)" in text
    check_page(page)
