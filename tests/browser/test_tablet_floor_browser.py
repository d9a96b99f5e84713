"""The pit's tablet (issue 30), held upright (800 x 1,280 px) and on its side (1,024 x 768 px),
with the demo's Three Card Poker (Ante, Play, Pair Plus, Six Card Bonus and the Five-Card
Progressive at $10,000.00, reset at $10,000.00, 5% of each wager):

1. every wager box of every seat of the record form is in sight, nothing scrolls sideways, and
   every box and button is at least 44 px;
2. recording, seeding a meter and submitting a layout ask first, naming the amounts, and do
   nothing until confirmed;
3. the table's page leads with its meters, the pending jackpot and "Record jackpot", and the
   floor manager reads the terms the table plays by;
4. the void a second person confirms shows the first one's reason and names only the slips
   there are; a slip's amount says it holds the wager; one "Validate" per jackpot.

Every page is checked with axe-core and must fit the window."""

from decimal import Decimal as D

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from casino.models import Property
from tables.floor.models import Layout
from tables.meters import wagers
from tables.models import JackpotSlip, Meter, Table
from tables.slips import services as slips
from tests.browser.journey import check_page, watch_failures
from tests.browser.session import log_in
from tests.browser.test_slip_pages_browser import shoot
from tests.tables import floor_builders as fb

media_root = fb.media_root

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"upright-800": (800, 1280), "side-1024": (1024, 768)}
sizes = pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())
TOUCH = 44  # px, the smallest box a finger hits (WCAG 2.5.5)


def tablet(page, size) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})


def royal(seat: int, *others: dict) -> dict:
    """A royal flush of hearts at ``seat`` on a $1.00 Five-Card Progressive (paytable M:
    100% of the meter, §649a.12(h)(1)), with $5.00 Ante, Play and Pair Plus."""
    return {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
            "positions": [{"seat": seat, "cards": ["Ah", "Kh", "Qh"],
                           "wagers": {"ante": "5.00", "play": "5.00", "pair_plus": "5.00",
                                      "five_card_progressive": "1.00"}}, *others]}


def users():
    return get_user_model().objects


def record_demo(body: dict, seat: int = 3) -> JackpotSlip:
    table = Table.objects.get(label="TCP-1")
    return slips.slip_record(table=table, actor=users().get(username="floormgr"),
                             data={"seat": seat, "wager": "five_card_progressive",
                                   "round": body, "idempotency_key": ""})


def in_sight(page, selector: str) -> bool:
    """The element lies inside the window, left to right and top to bottom, unscrolled."""
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
            and box["y"] >= 0 and box["y"] + box["height"] <= size["height"])


# --- 1. The record form fits the tablet -------------------------------------------------------

@sizes
def test_every_wager_box_of_every_seat_is_in_sight_without_scrolling_sideways(
        size, live_server, page):
    call_command("load_demo")
    table = Table.objects.get(label="TCP-1")
    tablet(page, size)
    log_in(page, live_server.url, "floormgr")
    page.goto(f"{live_server.url}/floor/slips/record/{table.pk}/")
    check_page(page)  # no wider than the window
    shoot(page, f"tablet-record-{size[0]}")
    rows = page.locator(".seat-row")
    assert rows.count() == 4  # the winning seat and three others
    for n in range(rows.count()):
        labels = rows.nth(n).locator(".seat-fields label").all_inner_texts()
        assert labels[-5:] == ["Ante", "Play", "Pair Plus", "Six Card Bonus",
                               "Five-Card Progressive"]
        boxes = rows.nth(n).locator("input.wager-amount")
        assert boxes.count() == 5
        for b in range(5):
            box = boxes.nth(b).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= size[0], (n, b, box)
            assert box["height"] >= TOUCH, (n, b, box)
    # No card of the form scrolls its content sideways either (the old table did, unseen).
    hidden = page.evaluate("""() => [...document.querySelectorAll(
        '#record-form, .seat-row, .seat-fields')].filter(
        e => e.scrollWidth > e.clientWidth + 1).map(e => e.id || e.className)""")
    assert hidden == []
    picks = page.locator(".cardpick button")
    assert picks.count() == 52
    for n in range(52):
        box = picks.nth(n).bounding_box()
        assert box["width"] >= TOUCH and box["height"] >= TOUCH, (n, box)
        assert box["x"] + box["width"] <= size[0]
    for selector in ("#record-submit", "#id_seat_0", "#id_wager", "#id_dealer", "#id_cards_1",
                     "#id_seat_1"):
        assert page.locator(selector).bounding_box()["height"] >= TOUCH, selector


# --- 2. Recording, seeding and submitting ask first ------------------------------------------

@sizes
def test_recording_asks_first_with_the_amounts_and_the_meter_reset(size, live_server, page):
    """Ten $5.00 wagers take the meter from $10,000.00 to $10,002.50 (5% each, $0.25): the
    royal flush wins 100% of it, $10,002.50 ($10,001.50 won and the $1.00 wager back), and the
    meter is reset to $10,000.00."""
    call_command("load_demo")
    table = Table.objects.get(label="TCP-1")
    placed = timezone.now().isoformat()
    wagers.wagers_ingest(property=table.property, events=[
        {"id": f"w{n}", "table": "TCP-1", "seat": 2, "wager": "five_card_progressive",
         "amount": "5.00", "placed_at": placed} for n in range(10)])
    wagers.wagers_apply(table_id=table.pk)
    meter = Meter.objects.get(table=table)
    assert meter.amount == D("10002.50")
    tablet(page, size)
    log_in(page, live_server.url, "floormgr")
    page.goto(f"{live_server.url}/floor/slips/record/{table.pk}/")
    page.select_option("#id_seat_0", "3")
    page.select_option("#id_wager", "five_card_progressive")
    page.fill("#id_dealer", "Qd 3c 2d")
    page.fill("#id_community", "Jh Th")
    page.fill("#id_cards_0", "Ah Kh Qh")
    page.fill("#id_amount_0_ante", "5.00")
    page.fill("#id_amount_0_play", "5.00")
    page.fill("#id_amount_0_five_card_progressive", "1.00")
    page.wait_for_selector("#preview-verdict:has-text('Wins the Five-Card Progressive')")
    page.click("#record-submit")
    page.wait_for_selector("#record-confirm")
    check_page(page)
    shoot(page, f"tablet-record-confirm-{size[0]}")
    assert in_sight(page, "#record-confirm-heading")  # the page opens on the question
    asked = page.inner_text("#record-confirm")
    assert ("$10,002.50 is $10,001.50 won and the $1.00 Five-Card Progressive Payout Wager "
            "returned with it.") in asked
    assert ("The Five-Card Progressive meter pays $10,002.50 and is reset: from $10,002.50 to "
            "$10,000.00, its reset amount (§605a.7).") in asked
    assert "You, Fiona Marsh, are recorded as recording it." in asked
    assert page.inner_text("#record-confirm-button") == "Record the slip: $10,002.50"
    assert page.is_disabled("#record-submit")  # nothing edited under the question
    assert not JackpotSlip.objects.exists()
    meter.refresh_from_db()
    assert meter.amount == D("10002.50")  # not hit

    page.click("#record-change")  # back to the form, as typed
    page.wait_for_selector("#record-form")
    assert page.locator("#record-confirm").count() == 0
    assert page.input_value("#id_cards_0") == "Ah Kh Qh"
    assert not JackpotSlip.objects.exists()
    page.click("#record-submit")
    page.click("#record-confirm-button")
    page.wait_for_selector("#slip-status")
    check_page(page)
    slip = JackpotSlip.objects.get()
    assert (slip.award, slip.meter_before, slip.meter_after) == (
        D("10002.50"), D("10002.50"), D("10000"))


@sizes
def test_seeding_a_meter_asks_first_with_its_amounts(size, live_server, page):
    call_command("load_demo")
    table = Table.objects.get(label="TCP-2")  # its Five-Card Progressive is not seeded
    tablet(page, size)
    log_in(page, live_server.url, "floormgr")
    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    page.click("#table-meters button:has-text('Seed Five-Card Progressive')")
    page.wait_for_selector("#seed-confirm")
    check_page(page)
    shoot(page, f"tablet-seed-confirm-{size[0]}")
    asked = page.inner_text("#seed-confirm")
    assert "Seed the Five-Card Progressive meter at $10,000.00?" in asked
    assert ("The Five-Card Progressive meter of table TCP-2 starts at $10,000.00, its initial "
            "amount under Three Card Poker version 1 (§605a.7(a)).") in asked
    assert ("It grows by 5% of each qualifying wager and, after each 100% award, is reset to "
            "$10,000.00.") in asked
    assert not Meter.objects.filter(table=table).exists()
    page.click("#seed-cancel")
    page.wait_for_selector("#seed-confirm", state="detached")
    assert not Meter.objects.filter(table=table).exists()
    page.click("#table-meters button:has-text('Seed Five-Card Progressive')")
    page.click("#seed-confirm-button")
    page.wait_for_selector("#table-meters td:has-text('$10,000.00')")
    assert Meter.objects.get(table=table).amount == D("10000")


@sizes
def test_submitting_a_layout_asks_first(size, live_server, page):
    call_command("load_demo")
    keystone = Property.objects.get(license_number="PA-TG-1001")
    layout = fb.prepared_layout(keystone, "three_card_poker", users().get(username="tgm"),
                                name="Pit 3 felt")
    tablet(page, size)
    log_in(page, live_server.url, "tgm")
    page.goto(f"{live_server.url}/floor/layouts/{layout.pk}/")
    page.click("#submit-layout")
    page.wait_for_selector("#submit-confirm")
    check_page(page)
    items = len(layout.checked)
    assert (f"\"Pit 3 felt\" goes to compliance for approval against Three Card Poker version "
            f"1, with all {items} checklist items ticked (§601a.10(a)).") in \
        page.inner_text("#submit-confirm")
    assert Layout.objects.get(pk=layout.pk).status == "draft"
    page.click("#submit-confirm-button")
    page.wait_for_selector("text=Waiting for compliance")
    assert Layout.objects.get(pk=layout.pk).status == "submitted"


# --- 3. The table's page leads with the floor's work ------------------------------------------

@sizes
def test_the_table_page_leads_with_meters_pending_jackpot_and_record(size, live_server, page):
    call_command("load_demo")
    slip = record_demo(royal(3))
    table = slip.table
    failures = watch_failures(page)
    tablet(page, size)
    log_in(page, live_server.url, "floormgr")
    page.goto(f"{live_server.url}/floor/tables/{table.pk}/")
    check_page(page)
    shoot(page, f"tablet-table-{size[0]}")
    for selector in ("#table-meters h2", f"#pending-{slip.number}", "#record-jackpot"):
        assert in_sight(page, selector), selector  # the first screen, unscrolled
    tops = [page.locator(s).bounding_box()["y"] for s in (
        "#table-meters", "#table-slips", "#table-status", "#terms-link")]
    assert tops == sorted(tops)  # meters, slips, then status and the terms
    assert page.locator("#record-jackpot").bounding_box()["height"] >= TOUCH
    page.click("#terms-link")  # served from the table's page: no Rules Submissions role
    page.wait_for_selector("h1:has-text('Terms table TCP-1 plays by')")
    check_page(page)
    assert "Pair Plus paytable D" in page.inner_text("main")
    assert failures == []


# --- 4. Plain words: the void, the stake, one validation per jackpot ---------------------------

@sizes
def test_the_second_person_reads_the_reason_and_only_the_slips_there_are(size, live_server,
                                                                         page):
    call_command("load_demo")
    slip = record_demo(royal(3))  # alone: no Envy Bonus, no share
    slips.slip_void(slip=slip, actor=users().get(username="floormgr"),
                    data={"reason": "Seat 5's hand keyed at seat 3"})
    tablet(page, size)
    log_in(page, live_server.url, "floorperson")
    page.goto(f"{live_server.url}/floor/slips/{slip.pk}/")
    page.wait_for_selector("#void-confirm")
    check_page(page)
    shoot(page, f"tablet-void-confirm-{size[0]}")
    assert page.inner_text("#void-confirm-heading") == "Fiona Marsh asks to void it"
    assert page.inner_text("#void-reason") == "Seat 5's hand keyed at seat 3"
    box = page.inner_text("#void-confirm")
    assert "Envy Bonus" not in box and "shared-award" not in box
    assert "Slip 1: $10,000.00 to seat 3, Five-Card Progressive Payout Wager." in box
    assert ("The Five-Card Progressive meter's payment of this slip, and its reset, are "
            "reversed ($10,000.00 before the win, $10,000.00 after)") in box
    assert page.inner_text("#void-confirm-button") == f"Confirm the void of slip {slip.number}"
    page.click("#void-confirm-button")
    page.wait_for_selector("#slip-status:has-text('Void')")
    assert page.inner_text("#messages") == f"Slip {slip.number} is void."


@sizes
def test_a_slip_says_its_amount_holds_the_wager_on_its_page_and_print(size, live_server, page):
    call_command("load_demo")
    slip = record_demo(royal(3))  # 100% of the $10,000.00 meter on a $1.00 wager
    tablet(page, size)
    log_in(page, live_server.url, "floorperson")
    page.goto(f"{live_server.url}/floor/slips/{slip.pk}/")
    check_page(page)
    said = ("$10,000.00 is $9,999.00 won and the $1.00 Five-Card Progressive Payout Wager "
            "returned with it.")
    assert page.inner_text("#slip-stake") == said
    assert "except an Envy Bonus, which stakes nothing" in page.inner_text("#payouts-stake")
    page.click("#print-link")
    page.wait_for_selector("#slip-lines")
    assert page.inner_text("#stake-note") == f"Amount to the player: {said}"


@sizes
def test_the_dashboard_lists_one_validation_per_jackpot(size, live_server, page):
    """Seat 3's royal flush with seat 5's $1.00 Five-Card Progressive: slip 1, $10,000.00, and
    its $1,000.00 Envy Bonus, slip 2 (§649a.12(h)(5)), validated together: $11,000.00."""
    call_command("load_demo")
    slip = record_demo(royal(3, {"seat": 5, "cards": ["2s", "5c", "9d"],
                                 "wagers": {"ante": "5.00", "play": "5.00",
                                            "five_card_progressive": "1.00"}}))
    envy = slip.companions.get()
    assert (slip.award, envy.award) == (D("10000.00"), D("1000.00"))
    tablet(page, size)
    log_in(page, live_server.url, "floorperson")
    check_page(page)
    shoot(page, f"tablet-dashboard-{size[0]}")
    row = page.locator(f"#waiting-slip-{slip.number}")
    assert page.locator(f"#waiting-slip-{envy.number}").count() == 0
    cells = row.locator("td").all_inner_texts()
    assert cells[1].split("\n") == ["$11,000.00", "in all"]
    assert f"with Envy Bonus slip {envy.number}, seat 5, $1,000.00" in cells[0]
    buttons = page.locator("#panel-waiting-slips a.button").all_inner_texts()
    assert buttons == [f"Validate slips {slip.number} and {envy.number}"]
