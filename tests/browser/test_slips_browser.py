"""A floor manager records a jackpot from the table in a real browser (cards typed and picked
on the grid, the htmx preview), a floorperson validates it (ticking the confirmation that names
the amounts) and pays it (after the page says what paying records), and the slip prints with
the cards as a person reads them and the people by name."""

import pytest

from tests.browser.session import log_in
from tests.conftest import PASSWORD
from tests.tables import slip_builders as sb

tcp_table = sb.tcp_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_record_validate_pay_and_print_a_jackpot(live_server, page, tcp_table, floor_manager,
                                                 floorperson):
    log_in(page, live_server.url, floor_manager.username, PASSWORD)
    page.goto(f"{live_server.url}/floor/slips/record/{tcp_table.pk}/")
    page.select_option("#id_wager", "five_card_progressive")
    page.fill("#id_dealer", "Qd 3c 2d")
    page.fill("#id_community", "Jh Th")
    page.click("#id_cards_0")
    for card in ("Ah", "Kh", "Qh"):  # picked on the card grid
        page.click(f"[data-card='{card}']")
    page.fill("input[name=amount_0_pair_plus]", "5.00")
    page.fill("input[name=amount_0_five_card_progressive]", "1.00")
    page.wait_for_selector("#preview-verdict:has-text('Wins the Five-Card Progressive')")
    assert "$20,000.00" in page.inner_text("#slip-preview")  # 100% of the meter
    page.click("#record-submit")
    page.wait_for_selector("#record-confirm")  # recording asks first, naming the amounts
    page.click("#record-confirm-button")
    page.wait_for_selector("#slip-status")
    assert "Waiting for validation" in page.inner_text("#slip-status")
    slip_url = page.url

    floorperson.first_name, floorperson.last_name = "Felix", "Ortega"
    floorperson.save()
    log_in(page, live_server.url, floorperson.username, PASSWORD)
    page.goto(slip_url)
    confirmation = page.inner_text("label:has(#validate-confirm)")
    assert "slip 1: $20,000.00 to seat 1 (Five-Card Progressive Payout Wager)" in confirmation
    assert "$20,000.00 in all" in confirmation
    page.check("#validate-confirm")  # the validator confirms the total shown
    page.click("#validate-button")
    page.wait_for_selector("#slip-status:has-text('Validated')")
    page.click("#pay-button")
    page.wait_for_selector("#pay-confirm")
    page.click("#pay-confirm-button")
    page.wait_for_selector("#slip-status:text-is('Paid')")
    assert page.url == slip_url  # no reload, no redirect
    page.click("#print-link")
    page.wait_for_selector("#slip-lines")
    printed = page.inner_text("body")
    for text in ("A♥ K♥ Q♥", "$20,000.00", "Meter before", "Witness (security or cage)",
                 "Validated by", "Felix Ortega", "Paid by"):
        assert text in printed
    assert "Ah Kh Qh" not in printed
