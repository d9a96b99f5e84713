"""What a compliance officer and an auditor read at a glance, in Chromium: each approved
version's standing, a paytable diff side by side with the changed row highlighted, and the
audit log searched in words, within a 1,366 px window."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from rulesubmissions import services
from rulesubmissions.models import RulesSubmission
from tests.browser.test_rulesubmissions_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def user(name):
    return get_user_model().objects.get(username=name)


def new_version(*, pair_plus: str, effective=None):
    """A new Three Card Poker version of the demo's, submitted (and approved on ``effective``)."""
    tgm = user("tgm")
    prop = RulesSubmission.objects.get(game="three_card_poker", version=1).property
    draft = services.submission_new_version(actor=tgm, property=prop, game="three_card_poker")
    terms = draft.terms()
    draft = services.submission_update(actor=tgm, submission=draft, terms={
        **terms, "wagers": {**terms["wagers"], "pair_plus": f"three_card_poker.pair_plus."
                                                          f"{pair_plus}"}})
    draft = services.submission_transition(actor=tgm, submission=draft, to="submitted")
    if effective is None:
        return draft
    return services.submission_transition(actor=user("compliance"), submission=draft,
                                          to="approved", effective_date=effective)


def test_standing_labels_on_the_list_detail_and_print(live_server, page):
    call_command("load_demo")
    today = timezone.localdate()
    new_version(pair_plus="B", effective=today)
    new_version(pair_plus="C", effective=today + timedelta(days=14))
    log_in(page, live_server.url, "auditor")
    page.goto(f"{live_server.url}/rules-submissions/?game=three_card_poker")
    standings = page.locator("#submission-table .standing").all_inner_texts()
    assert sorted(standings) == ["In force", "Scheduled", "Superseded"]
    upcoming = page.inner_text("#upcoming")
    assert f"{today + timedelta(days=14):%Y-%m-%d}" in upcoming

    page.click("#submission-table tr:has(td:text-is('v1')) a")
    assert page.inner_text("#standing").startswith(f"Superseded by version 2 on {today:%Y-%m-%d}")
    page.click("text=Print")
    # The print page may still be loading after the click: wait for its watermark.
    watermark = page.locator("#watermark")
    expect(watermark).to_be_visible()
    expect(watermark).to_have_text("SUPERSEDED")
    # The Board's copy carries every selected paytable's rows.
    assert page.locator(".paytable h4", has_text="Pair Plus paytable D").count() == 1


def test_a_paytable_diff_side_by_side_then_a_confirmed_approval(live_server, page):
    """Pair Plus D pays a straight 6 to 1, B 5 to 1 (§649a.12(d)); the review shows both
    tables' rows and highlights the one that changed."""
    call_command("load_demo")
    v2 = new_version(pair_plus="B")
    log_in(page, live_server.url, "compliance2")
    page.goto(f"{live_server.url}/rules-submissions/{v2.pk}/review/")
    diff = page.locator("table.paytable-diff")
    assert diff.locator("thead th").all_inner_texts()[1:] == [
        "Pair Plus paytable D (§649a.12(d))", "Pair Plus paytable B (§649a.12(d))"]
    changed = diff.locator("tr.row-changed")
    assert changed.count() == 1 and changed.locator("td").all_inner_texts() == [
        "Straight", "6 to 1", "5 to 1"]
    highlight = changed.locator("td").first.evaluate("e => getComputedStyle(e).backgroundColor")
    same = diff.locator("tr.row-same td").first.evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert highlight != same

    later = timezone.localdate() + timedelta(days=7)
    page.fill("#id_effective_date", f"{later:%Y-%m-%d}")
    page.click("#approve")
    page.wait_for_selector("#confirm")
    assert (f"Version 2 will be scheduled: in force from {later:%Y-%m-%d}, not before."
            in page.inner_text("#confirm"))
    page.click("#confirm-button")
    page.locator(".messages", has_text="scheduled").wait_for()
    assert page.inner_text("h1 .standing") == "Scheduled"
    assert "Approved" in page.inner_text("#history")


def test_the_audit_log_is_searched_in_words_and_fits_the_window(live_server, page):
    call_command("load_demo")
    page.set_viewport_size({"width": 1366, "height": 900})
    log_in(page, live_server.url, "auditor")
    page.goto(f"{live_server.url}/audit/")
    page.fill("#id_action", "Rules Submission approved")
    page.fill("#id_user", "Colin Park")
    page.click("#audit-filter button[type=submit]")
    page.wait_for_url("**action=Rules%20Submission%20approved**")
    page.locator("#audit-table td", has_text="Rules Submission approved").first.wait_for()
    actions = page.locator("#audit-table table.audit > tbody > tr > td:nth-child(3)")
    assert set(t.splitlines()[0] for t in actions.all_inner_texts()) == {
        "Rules Submission approved"}
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366

    page.select_option("#id_target", label="Three Card Poker v1 (Approved)")
    page.fill("#id_action", "")
    page.fill("#id_user", "")
    page.click("#audit-filter button[type=submit]")
    page.wait_for_url("**target=rulesubmissions.rulessubmission**")
    page.locator("#audit-table td", has_text="Rules Submission created").first.wait_for()
    assert page.locator("#audit-table table.changes").count() >= 1

    page.fill("#id_action", "teleported")
    page.click("#audit-filter button[type=submit]")
    page.wait_for_selector("#audit-errors")
    assert "no action is called 'teleported'" in page.inner_text("#audit-errors")
    assert "No events: correct the filter above." in page.inner_text("#audit-table")


def test_a_refused_proposal_keeps_the_officer_at_the_form_with_every_error(live_server, page):
    """The issue's Pair Plus table: a "royal flush" row, odds 1e30, title "x", citation §1."""
    call_command("load_demo")
    log_in(page, live_server.url, "compliance")
    page.goto(f"{live_server.url}/rules-submissions/paytables/")
    page.select_option("#id_game", "three_card_poker")
    # The wager list narrows to the game's wagers (no more groups of every game).
    page.locator("#id_wager optgroup").first.wait_for(state="detached")
    page.select_option("#id_wager", "pair_plus")
    page.fill("#id_name", "F")
    page.fill("#id_title", "x")
    page.fill("#id_citation", "§1")
    page.fill("#id_rows", "Royal flush: 40 to 1\nPair: 1e30 to 1")
    page.click("#propose button[type=submit]")
    page.wait_for_selector("#err-rows")
    assert page.url.endswith("#propose")
    assert page.evaluate("window.scrollY") > 0  # at the form, not the top of the page
    assert "at least 3 characters" in page.inner_text("#err-title")
    assert "must be a section" in page.inner_text("#err-citation")
    rows = page.inner_text("#err-rows")
    assert "row 1: Royal flush" in rows and "row 2: '1e30' is not a figure written in digits" in rows
