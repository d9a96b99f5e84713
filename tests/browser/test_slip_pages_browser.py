"""The jackpot slip pages as the floor sees them, at a desk (1,366 px) and on the pit's tablet
(768 px; the record page at 1,024 px too): marking a slip paid asks first, saying the amount,
to whom and from where, and the page then shows it paid without a reload; a slip shows its
cards as "A♥ K♥ Q♥" (in words for a screen reader) and links its table and its meter; the
record page keeps the engine's preview in sight beside or above the form. Every page is checked
with axe-core and must fit the window. With SLIP_SHOTS=<folder> the pages are photographed."""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tables.models import JackpotSlip
from tests.browser.journey import WIDTHS, check_page, set_width
from tests.browser.session import log_in
from tests.conftest import PASSWORD
from tests.tables import slip_builders as sb

tcp_table = sb.tcp_table
record = sb.record
second_floorperson = sb.second_floorperson

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
widths = pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())

# A royal flush of hearts on the Five-Card Progressive at seat 1 (paytable M, §649a.12(h)(1)):
# 100% of the $20,000.00 meter, from outside the table inventory.
ROYAL = sb.tcp_round(sb.position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")


def shoot(page, name: str) -> None:
    folder = os.environ.get("SLIP_SHOTS")
    if folder:
        page.screenshot(path=str(Path(folder) / f"slip-{name}.png"), full_page=True)


def named(user, first: str, last: str):
    user.first_name, user.last_name = first, last
    user.save()
    return user


@widths
def test_marking_a_slip_paid_asks_first_and_the_page_then_shows_it_paid(
        width, live_server, page, tcp_table, record, floor_manager, floorperson,
        second_floorperson):
    slip = sb.validate(record(tcp_table, 1, "five_card_progressive", ROYAL), floorperson)
    named(second_floorperson, "Paula", "Reyes")
    set_width(page, width)
    log_in(page, live_server.url, second_floorperson.username, PASSWORD)
    url = f"{live_server.url}/floor/slips/{slip.pk}/"
    page.goto(url)
    check_page(page)
    page.select_option("#id_paid_from", "not_table_inventory")
    page.click("#pay-button")
    page.wait_for_selector("#pay-confirm")
    check_page(page)
    shoot(page, f"pay-confirm-{width}")
    assert page.locator("#pay-confirm li").all_inner_texts() == [
        "$20,000.00 to the player at seat 1 of table TCP-1, for a royal flush (A) on the "
        "Five-Card Progressive Payout Wager.",
        "Paid from: Not from the table inventory: documented and paid by the cage.",
        "The jackpot is no longer pending on the Five-Card Progressive meter.",
        "You, Paula Reyes, are recorded as paying it. A paid slip is never voided."]
    assert page.inner_text("#pay-confirm-button") == "Mark paid: $20,000.00"
    assert JackpotSlip.objects.get(pk=slip.pk).status == "validated"  # asked, not done
    page.click("#pay-confirm-button")
    page.wait_for_selector("#slip-status:text-is('Paid')")
    check_page(page)
    shoot(page, f"paid-{width}")
    assert page.url == url
    assert page.inner_text("#messages") == f"Slip {slip.number} marked paid."
    facts = page.inner_text("#slip-facts")
    assert "Paula Reyes" in facts and "pending on the meter until paid" not in facts
    assert page.locator(f"#payout-{slip.number} td").nth(1).inner_text() == "Paid"
    assert page.locator("#pay-button, #pay-confirm").count() == 0
    assert JackpotSlip.objects.get(pk=slip.pk).paid_by == second_floorperson


@widths
def test_a_slip_shows_its_cards_with_suits_and_links_its_table_and_meter(
        width, live_server, page, tcp_table, record, floorperson):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    set_width(page, width)
    log_in(page, live_server.url, floorperson.username, PASSWORD)
    page.goto(f"{live_server.url}/floor/slips/{slip.pk}/")
    check_page(page)
    shoot(page, f"detail-{width}")
    seat = page.locator("#slip-facts dt:text-is(\"Seat's cards\") + dd .hand-cards")
    assert seat.inner_text() == "A♥ K♥ Q♥"
    assert seat.get_attribute("aria-label") == "Ace of hearts, King of hearts, Queen of hearts"
    assert page.locator("#slip-facts .hand-cards").nth(2).inner_text() == "J♥ 10♥"  # community
    hearts = seat.locator(".playing-card").first
    assert hearts.evaluate("e => getComputedStyle(e).color") == "rgb(176, 0, 32)"  # red
    assert "Ah Kh Qh" not in page.inner_text("main")
    page.click("#table-link")
    page.wait_for_selector("#table-status")
    assert "TCP-1" in page.inner_text("h1")
    page.go_back()
    page.click("#meter-link")
    page.wait_for_selector("h1:has-text('Five-Card Progressive')")
    assert "$10,000.00" in page.inner_text("main")  # reset after the hit
    page.go_back()
    page.click("#print-link")
    page.wait_for_selector("#slip-lines")
    shoot(page, f"print-{width}")
    assert page.locator("#slip-lines th:text-is(\"Seat's cards\") + td").inner_text() == \
        "A♥ K♥ Q♥"


@pytest.mark.parametrize("width", [768, 1024, 1366])
def test_the_record_page_keeps_the_preview_in_sight_at_tablet_width(width, live_server, page,
                                                                     tcp_table, floor_manager):
    set_width(page, width)
    log_in(page, live_server.url, floor_manager.username, PASSWORD)
    page.goto(f"{live_server.url}/floor/slips/record/{tcp_table.pk}/")
    page.select_option("#id_wager", "five_card_progressive")
    page.fill("#id_dealer", "Qd 3c 2d")
    page.fill("#id_community", "Jh Th")
    page.fill("#id_cards_0", "Ah Kh Qh")
    amount = page.get_by_label("Five-Card Progressive Payout Wager amount, winning seat")
    amount.fill("1.00")
    page.get_by_label("Pair Plus Wager amount, winning seat").fill("5.00")
    page.wait_for_selector("#preview-verdict:has-text('Wins the Five-Card Progressive')")
    check_page(page)
    shoot(page, f"record-{width}")
    preview = page.locator("#slip-preview").bounding_box()
    form = page.locator("#record-form").bounding_box()
    beside = preview["x"] >= form["x"] + form["width"]
    above = preview["y"] + preview["height"] <= form["y"]
    assert beside or above, (preview, form)
    assert preview["y"] < page.viewport_size["height"]  # in sight without scrolling
    # The other seats' lists show "Seat 7" whole, not "Sea".
    fits = page.evaluate("""() => [...document.querySelectorAll('select[name^=seat_]')]
        .filter(s => s.name !== 'seat_0').map(s => {
          const c = document.createElement('canvas').getContext('2d');
          c.font = getComputedStyle(s).font;
          return c.measureText('Seat 7').width + 20 <= s.clientWidth; })""")
    assert fits == [True, True, True]
    # The preview may be swapped again by a late htmx answer: each check waits for the
    # element as it stands (Playwright's retrying assertions), never reads a detached one.
    pill = page.locator("#preview-verification")
    expect(pill).to_have_text(re.compile(r"^A floorperson or above verifies this payout"))
    # A note as wide as its column that wraps like text, not a rounded pill squeezed to a blob.
    page.wait_for_function("""() => { const e = document.querySelector('#preview-verification');
        return e && e.getBoundingClientRect().width >=
                    e.parentElement.getBoundingClientRect().width - 1; }""")
    expect(pill).to_have_css("border-radius", "4px")
