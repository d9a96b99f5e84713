"""The audit log as an auditor reads it on a laptop (1,024 px) and a tablet on its side
(800 px), in Chromium (issue 30): a paid jackpot slip's events in words and dollars, people by
their names, the payment's amount, seat and where it was paid from, within the window and
accessible; a floor manager's menu has no API docs."""

import pytest

from casino.audit import target_key
from tests.browser.journey import check_page, set_width
from tests.browser.session import log_in
from tests.casino import test_audit_in_words as words
from tests.conftest import PASSWORD

six_card_table, recorded, paid_slip, record = (words.six_card_table, words.recorded,
                                               words.paid_slip, words.record)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [800, 1024])
def test_a_paid_slip_reads_in_words_in_the_audit_log(width, live_server, page, paid_slip,
                                                     auditor):
    set_width(page, width)
    log_in(page, live_server.url, auditor.username, PASSWORD)
    page.goto(f"{live_server.url}/audit/?target={target_key(paid_slip)}")
    check_page(page)
    paid = page.locator("#audit-table tbody > tr", has_text="Jackpot slip paid")
    assert paid.locator("td").nth(1).inner_text() == "Felix Porter"
    shown = dict(zip(paid.locator("table.changes th").all_inner_texts(),
                     paid.locator("table.changes td").all_inner_texts(), strict=True))
    assert shown == {"Payout": "$15,750.00", "Seat": "4", "Paid from": "Table inventory",
                     "Status": "Validated, to be paid → Paid"}
    recorded_row = page.locator("#audit-table tbody > tr", has_text="Jackpot slip recorded")
    assert "Six Card Bonus Wager" in recorded_row.inner_text()
    assert "Fiona Marsh" in recorded_row.inner_text()
    page.goto(f"{live_server.url}/audit/")  # every event: the objects to pick, by kind
    check_page(page)
    people = page.locator("#id_target optgroup[label='People'] option").all_inner_texts()
    slips = page.locator("#id_target optgroup[label='Jackpot slip'] option").all_inner_texts()
    assert "Felix Porter" in people and "Jackpot slip 1" not in people
    assert slips == ["Jackpot slip 1"]


@pytest.mark.parametrize("width", [800, 1024])
def test_a_floor_manager_never_lands_on_swagger(width, live_server, page, floor_manager):
    set_width(page, width)
    log_in(page, live_server.url, floor_manager.username, PASSWORD)
    check_page(page)
    nav = page.locator("nav.mainnav").inner_text()
    assert "Jackpot slips" in nav and "API docs" not in nav
    assert page.locator("a[href='/api/docs/']").count() == 0
