"""A floor manager and a floorperson at work in Chromium, at a desk (1,366 px) and on the pit's
tablet (768 px): the dashboard leads with the jackpot waiting, a table opens after a
confirmation and the page shows it open without a reload, the terms the table plays by are a
click away, and a table games manager's quick ticks are all kept. Every page is checked with
axe-core and must fit the window."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from casino.models import Property
from tables.floor import layouts
from tables.floor.models import Layout
from tables.models import Table
from tables.slips import services as slips
from tests.browser.journey import WIDTHS, check_page, set_width, visit, watch_failures
from tests.browser.session import log_in
from tests.tables import floor_builders as fb

media_root = fb.media_root

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
widths = pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())

# A royal flush of hearts on the Five-Card Progressive (paytable M, §649a.12(h)(1)): 100% of
# the demo's $10,000.00 meter, seat 3 of TCP-1.
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 3, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"ante": "5.00", "play": "5.00", "pair_plus": "5.00",
                                   "five_card_progressive": "1.00"}}]}


def demo_with_a_waiting_jackpot():
    call_command("load_demo")
    users = get_user_model().objects
    table = Table.objects.get(label="TCP-1")
    return slips.slip_record(table=table, actor=users.get(username="floormgr"),
                             data={"seat": 3, "wager": "five_card_progressive",
                                   "round": ROYAL, "idempotency_key": ""})


@widths
def test_a_floorperson_sees_the_jackpot_waiting_and_reads_the_table_terms(width, live_server,
                                                                          page):
    slip = demo_with_a_waiting_jackpot()
    base = live_server.url
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, "floorperson")
    check_page(page)
    panels = page.locator("main section.card")
    assert panels.first.get_attribute("id") == "panel-waiting-slips"  # their work, first
    row = page.locator(f"#waiting-slip-{slip.number}")
    assert row.is_visible()
    cells = row.locator("td").all_inner_texts()
    assert cells[1:5] == ["$10,000.00", "TCP-1", "3", "Validation"]
    assert cells[5] in ("just now", "1 minute")
    assert row.locator("a.button").inner_text() == f"Validate slip {slip.number}"

    page.click(f"#waiting-slip-{slip.number} a:text-is('TCP-1')")
    page.wait_for_selector("#table-status")
    check_page(page)
    assert page.locator("#open-table, #close-table").count() == 0  # not theirs to do
    page.click("#terms-link")
    page.wait_for_selector("h1:has-text('Terms table TCP-1 plays by')")
    check_page(page)
    assert "Pair Plus paytable D" in page.inner_text("main")
    assert "(on a $1.00 wager)" in page.inner_text("main")  # an Envy row, in dollars
    assert failures == []  # no 403 on the way, no missing icon


@widths
def test_a_floor_manager_seeds_opens_and_sees_the_table_open_without_a_reload(
        width, live_server, page):
    call_command("load_demo")
    base = live_server.url
    table = Table.objects.get(label="TCP-2")
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, "floormgr")
    visit(page, f"{base}/floor/")
    page.click("a:text-is('TCP-2')")
    page.wait_for_selector("#table-status")
    check_page(page)
    assert page.is_disabled("#open-table")
    assert "The Five-Card Progressive meter is not seeded." in page.inner_text("#table-status")
    assert page.locator("#next-steps a", has_text="Seed the meters").count() == 1

    url = page.url
    page.click("#table-meters button:has-text('Seed Five-Card Progressive')")
    page.wait_for_selector("#seed-confirm")  # what seeding does, in amounts, before it is done
    check_page(page)
    page.click("#seed-confirm-button")
    page.wait_for_selector("#open-table:not([disabled])")  # the reason went with the seed
    assert page.inner_text("#messages") == "Five-Card Progressive seeded at $10,000.00."
    page.click("#open-table")
    page.wait_for_selector("#table-confirm")
    check_page(page)
    confirm = page.inner_text("#table-confirm")
    assert "Open table TCP-2?" in confirm
    assert "table minimum $5.00, maximum $500.00" in confirm
    assert "You, Fiona Marsh, are recorded as opening it." in confirm
    assert Table.objects.get(pk=table.pk).status == "closed"  # asked, not done
    page.click("#confirm-button")
    page.wait_for_selector("#close-table")
    check_page(page)
    assert page.url == url
    assert page.inner_text("#messages") == "Table TCP-2 is open."  # the seed message is gone
    assert page.locator("#table-history tbody tr").first.inner_text().split("\t")[1:] == [
        "Table opened (version 1)", "Fiona Marsh"]
    assert Table.objects.get(pk=table.pk).status == "open"
    assert failures == []


def test_ten_quick_ticks_are_all_kept(live_server, page):
    """Ticking ten items as fast as a person can: none waits for the one before, and every
    one is saved (each tick sends only its own item)."""
    call_command("load_demo")
    keystone = Property.objects.get(license_number="PA-TG-1001")
    tgm = get_user_model().objects.get(username="tgm")
    layout = layouts.layout_create(actor=tgm, property=keystone, name="Pit 9 felt",
                                   game="three_card_poker", artwork=fb.upload())
    log_in(page, live_server.url, "tgm")
    page.goto(f"{live_server.url}/floor/layouts/{layout.pk}/")
    boxes = page.locator("#layout-checklist input[name=checked]")
    count = min(10, boxes.count())
    with page.expect_response(lambda r: "/tick/" in r.url and r.request.post_data
                              and f"checked={boxes.nth(count - 1).get_attribute('value')}"
                              in r.request.post_data):
        for n in range(count):
            boxes.nth(n).click()
    page.wait_for_load_state("networkidle")
    assert Layout.objects.get(pk=layout.pk).checked.__len__() == count
    page.reload()
    assert [boxes.nth(n).is_checked() for n in range(count)] == [True] * count
