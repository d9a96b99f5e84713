"""A table games manager drafts and submits a new version of the demo's Three Card Poker
submission with a progressive; a compliance officer reviews it against the version in force and
approves it; its print view carries the approval date."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from rulesubmissions.models import RulesSubmission, Status
from tests.browser.session import log_in, log_out

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]






def fill(page, selector: str, value: str) -> None:
    page.fill(selector, value)
    page.press(selector, "Tab")  # the change event drives the live validation


def test_draft_submit_and_approve_a_three_card_poker_submission(live_server, page):
    call_command("load_demo")
    base = live_server.url
    log_in(page, base, "tgm")
    page.goto(f"{base}/rules-submissions/new/")
    page.select_option("#game-choice", "three_card_poker")
    page.wait_for_selector("#wagers-pair-plus")  # the game's fields arrived by htmx

    page.select_option("#options-ante-bonus", "A")
    page.check("#offer-five_card_progressive")  # Ante, Play and Pair Plus: always offered
    page.select_option("#wagers-pair-plus", "three_card_poker.pair_plus.D")
    page.select_option("#wagers-five-card-progressive",
                       "three_card_poker.five_card_progressive.M")
    fill(page, "#table-minimum", "5.00")
    fill(page, "#table-maximum", "500.00")
    fill(page, "#meters-five-card-progressive-initial", "9999.99")
    error = page.locator("#err-meters-five-card-progressive-initial")
    error.filter(has_text="at least $10,000.00").wait_for()
    assert "§649a.12(h)(3)" in error.inner_text()
    assert "no payout limitation" in page.inner_text("#floor")  # §649a.12 has none

    fill(page, "#meters-five-card-progressive-initial", "10000.00")
    page.locator("#err-meters-five-card-progressive-initial:empty").wait_for(state="attached")
    fill(page, "#meters-five-card-progressive-reset", "10000.00")
    fill(page, "#meters-five-card-progressive-rate", "5")
    page.click("text=Save draft")
    page.wait_for_selector("#status")
    assert page.inner_text("#status") == "Draft"

    page.click("text=Submit for approval")
    page.wait_for_selector("#confirm")  # what will happen, before it happens
    assert "cannot be changed while it waits" in page.inner_text("#confirm")
    page.click("#confirm-button")
    page.locator("#status", has_text="Submitted").wait_for()
    assert "Version 2 submitted" in page.inner_text(".messages")
    log_out(page)

    log_in(page, base, "compliance")
    page.goto(f"{base}/rules-submissions/queue/")
    page.click("tr:has(a:text-is('Three Card Poker')) a.button:text-is('Review')")
    page.wait_for_selector("table.diff")
    # The demo's version in force also offers the Six Card Bonus, which this one drops.
    assert page.locator("tr.change-removed", has_text="Six Card Bonus Wager").count()
    page.click("#approve")
    page.wait_for_selector("#confirm")
    today = f"{timezone.localdate():%Y-%m-%d}"
    assert f"Version 2 will be in force from {today} (today)." in page.inner_text("#confirm")
    assert "Version 1 will be superseded today." in page.inner_text("#confirm")
    page.click("#confirm-button")
    page.locator("#status", has_text="Approved").wait_for()
    assert f"Version 2 approved: in force from {today}." in page.inner_text(".messages")
    assert page.inner_text("h1 .standing") == "In force"

    submission = RulesSubmission.objects.get(game="three_card_poker", version=2)
    assert submission.status == Status.APPROVED
    assert submission.meters["five_card_progressive"]["initial"] == "10000.00"

    page.click("text=Print")
    page.wait_for_selector("#print-margins", state="attached")
    # The @page margin boxes Chromium prints on every page, read back from its CSSOM.
    margins = page.evaluate("""() => Object.fromEntries([...document.getElementById(
        'print-margins').sheet.cssRules[0].cssRules].map(r => [r.name, r.style.content]))""")
    approved = f"{submission.reviewed_at.astimezone(timezone.get_current_timezone()):%Y-%m-%d}"
    assert margins["bottom-left"] == (f'"Approved {approved} by Colin Park · in force from '
                                      f'{submission.effective_date:%Y-%m-%d}"')
    assert margins["top-right"] == '"Rules Submission (§601a.2): Three Card Poker, version 2"'
