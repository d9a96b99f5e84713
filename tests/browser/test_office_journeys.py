"""A compliance officer, a table games manager and an auditor go about their day in Chromium,
at a desk (1,366 px) and on a tablet (768 px): what each reads on the way (people by name,
money as "$1,000.00", odds as posted, citations as the regulation writes them), and every page
accessible (axe-core) with nothing off the side of the screen."""

import pytest
from django.core.management import call_command
from django.utils import timezone

from rulesubmissions.models import RulesSubmission, Status
from tests.browser.journey import WIDTHS, check_page, set_width, visit, watch_failures
from tests.browser.session import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
widths = pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())


def moment(value) -> str:
    return f"{timezone.localtime(value):%Y-%m-%d %H:%M}"


@widths
def test_a_compliance_officer_reviews_approves_and_prints_let_it_ride(width, live_server,
                                                                       page):
    call_command("load_demo")
    base, today = live_server.url, f"{timezone.localdate():%Y-%m-%d}"
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, "compliance")
    check_page(page)
    queue = page.inner_text("#panel-queue")
    assert "Let It Ride Poker" in queue and "Tara Grant" in queue

    visit(page, f"{base}/rules-submissions/queue/")
    row = page.locator("tbody tr", has_text="Let It Ride Poker")
    assert row.locator("td").nth(3).inner_text() == "Tara Grant"  # not "tgm"
    assert page.locator("thead th").nth(3).inner_text() == "By"  # as written, not "BY"
    row.locator("a.button", has_text="Review").click()
    page.wait_for_selector("table.diff")
    check_page(page)
    # Let It Ride at $10 to $1,000, a $100,000 payout limit (§643a.12(g)), the royal flush at
    # 1,000 to 1 (§643a.12(a)); innerText is what the reader sees, CSS text-transform included.
    diff = page.inner_text("table.diff")
    for shown in ("$10.00", "$1,000.00", "$100,000.00", "1,000 to 1", "§643a.11(a)"):
        assert shown in diff
    assert "$1000.00" not in diff and "1000 to 1" not in diff
    assert "§643a.11(a)" in page.locator(".terms-table th").first.inner_text()

    page.click("#approve")
    page.wait_for_selector("#confirm")
    check_page(page)
    assert f"in force from {today}" in page.inner_text("#confirm")
    page.click("#confirm-button")
    page.locator("#status", has_text="Approved").wait_for()
    check_page(page)
    assert "Approved by Colin Park" in page.inner_text("#history")

    approved = RulesSubmission.objects.get(game="let_it_ride", status=Status.APPROVED)
    visit(page, f"{base}/rules-submissions/?game=let_it_ride")
    updated = page.locator("#submission-table tbody tr").first.locator("td").last
    assert updated.inner_text() == moment(approved.reviewed_at)  # the approval, not the draft

    visit(page, f"{base}/rules-submissions/{approved.pk}/print/")
    assert f"Approved {today} by Colin Park · in force from {today}" in page.inner_text("main")
    assert failures == []


@widths
def test_a_table_games_manager_finds_the_draft_and_submits_it(width, live_server, page):
    call_command("load_demo")
    base = live_server.url
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, "tgm")
    check_page(page)
    open_ones = page.locator("#panel-open")
    assert "Pai Gow Poker" in open_ones.inner_text()
    open_ones.locator("a", has_text="Pai Gow Poker").click()
    page.wait_for_selector("#status")
    check_page(page)
    assert "Drafted by Tara Grant" in page.inner_text(".page-head")
    assert "$2,000.00" in page.inner_text(".terms")  # the meter's initial amount

    page.click("text=Par sheet")
    page.wait_for_selector("h1:has-text('Par sheet')")
    check_page(page)
    page.go_back()
    page.click(".actions a:text-is('Edit')")
    page.wait_for_selector("#table-minimum")
    check_page(page)
    page.go_back()
    page.click("text=Submit for approval")
    page.wait_for_selector("#confirm")
    check_page(page)
    page.click("#confirm-button")
    page.locator("#status", has_text="Submitted").wait_for()
    check_page(page)
    assert "Submitted by Tara Grant" in page.inner_text("#history")

    visit(page, f"{base}/rules-submissions/new/")
    page.select_option("#game-choice", "let_it_ride")
    page.wait_for_selector("#table-minimum")  # the game's fields arrived by htmx
    check_page(page)
    assert failures == []


@widths
def test_an_auditor_reads_the_log_the_terms_and_the_api_docs(width, live_server, page):
    call_command("load_demo")
    base = live_server.url
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, "auditor")
    check_page(page)
    assert page.locator("#panel-events tbody tr").count() > 0

    visit(page, f"{base}/audit/")
    page.fill("#id_action", "Rules Submission approved")
    page.click("#audit-filter button[type=submit]")
    page.locator("#audit-table td", has_text="Rules Submission approved").first.wait_for()
    check_page(page)

    visit(page, f"{base}/rules-submissions/")
    page.click("#submission-table a:text-is('Three Card Poker')")
    page.wait_for_selector("#status")
    check_page(page)
    assert page.locator(".actions a:text-is('Review')").count() == 0
    page.click("text=Print")
    page.wait_for_selector("#print-margins", state="attached")
    check_page(page)
    assert "by Colin Park" in page.inner_text("main")

    # Swagger UI's own widgets are drf-spectacular's; the page around them is ours.
    visit(page, f"{base}/api/docs/", exclude=("#swagger-ui",))
    page.wait_for_selector(".swagger-ui .opblock")
    page.click("#back-to-app")
    page.wait_for_selector("h1")
    assert page.inner_text("h1") == "Auditor dashboard"
    assert failures == []


def test_every_page_has_an_icon_and_the_site_root_serves_one(live_server, page):
    """No 404 for /favicon.ico: the pages name an icon and the root serves one for the tools
    (the admin, a bookmark) that ask there."""
    call_command("load_demo")
    failures = watch_failures(page)
    log_in(page, live_server.url, "floorperson")
    icon = page.get_attribute("link[rel=icon]", "href")
    assert page.request.get(f"{live_server.url}{icon}").status == 200
    root = page.request.get(f"{live_server.url}/favicon.ico")
    assert root.status == 200 and root.headers["content-type"] == "image/x-icon"
    assert failures == []
