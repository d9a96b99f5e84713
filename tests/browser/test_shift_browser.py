"""The floor's shift page and the jackpot notice in a real browser, at 800 and 1,024 px: a slip
recorded by another person while a floorperson has the page open appears in the notice without a
reload (announced, and chimed once the person has touched the page), never for its recorder;
the page passes axe and nothing runs off the side."""

import pytest

from tables.slips import services as slips
from tests.browser.journey import check_page, set_width
from tests.browser.session import log_in
from tests.conftest import PASSWORD
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round

tcp_table = sb.tcp_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")


@pytest.fixture
def enforced(settings):
    """The production Content-Security-Policy (tests/browser/test_csp_browser.py)."""
    settings.CONTENT_SECURITY_POLICY = settings.CONTENT_SECURITY_POLICY_REPORT_ONLY
    del settings.CONTENT_SECURITY_POLICY_REPORT_ONLY


@pytest.mark.parametrize("width", (800, 1024))
def test_a_jackpot_recorded_elsewhere_appears_without_a_reload(width, enforced, live_server,
                                                               page, tcp_table, floor_manager,
                                                               floorperson):
    refused = []
    page.on("console", lambda msg: refused.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    set_width(page, width)
    log_in(page, live_server.url, floorperson.username, PASSWORD)
    page.goto(f"{live_server.url}/floor/shift/")
    page.wait_for_selector("#jackpot-notice[data-etag]", state="attached")  # first poll: none
    check_page(page)
    assert page.is_hidden("#jackpot-notice")
    page.click("h1")  # the person has used the page: the browser lets it make a sound

    slip = slips.slip_record(table=tcp_table, actor=floor_manager, data={
        "seat": 1, "wager": "five_card_progressive", "round": ROYAL})

    notice = page.wait_for_selector(f"#jackpot-notice li[data-slip='{slip.pk}-validation']")
    text = " ".join(notice.inner_text().split())
    assert text == "Jackpot waiting for your validation: Table TCP-1, $20,000.00 (slip 1)"
    assert "Table TCP-1, $20,000.00" in page.inner_text("#jackpot-announce")
    assert page.get_attribute("#jackpot-notice", "data-chimes") == "1"
    notice.query_selector("a").click()
    page.wait_for_selector("#slip-status")
    assert page.url.endswith(f"/floor/slips/{slip.pk}/")

    page.goto(f"{live_server.url}/floor/shift/")
    page.wait_for_selector("#waiting-validation-1.yours")
    page.wait_for_selector("#jackpot-notice li")
    check_page(page)  # the notice and the waiting slip shown, still accessible and in width

    log_in(page, live_server.url, floor_manager.username, PASSWORD)
    page.goto(f"{live_server.url}/floor/shift/")
    page.wait_for_selector("#jackpot-notice[data-etag]", state="attached")
    assert page.is_hidden("#jackpot-notice")  # the recorder never validates their own slip
    assert page.query_selector("#jackpot-notice li") is None
    waiting = " ".join(page.inner_text("#waiting-validation-1").split())
    assert "A floorperson or above, not fiona who recorded it" in waiting
    assert refused == []  # the notice's script is a static file: nothing refused
