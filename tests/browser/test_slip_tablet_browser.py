"""The jackpot slip pages on the pit's tablet (issue 30), held upright (768 and 800 px) and on
its side (1,024 px), with the demo's Three Card Poker: seat 3's royal flush of hearts wins 100%
of the $10,000.00 Five-Card Progressive meter (paytable M, §649a.12(h)(1)) and seats 5 and 6,
$1.00 each on the same wager, an Envy Bonus of $1,000.00 apiece (§649a.12(h)(5)): three
payouts, $12,000.00 in all.

1. The slip's payouts are read whole: no table or card scrolls sideways, and each payout's
   Sections are in sight, under a label; at a desk (1,366 px) they stay one table row each.
2. Every slip page (the slip, the list, the daily report, the print view, choosing a table,
   recording) fits the window, passes axe-core, and every control on it is at least 44 px.

With SLIP_SHOTS=<folder> the pages are photographed."""

import pytest
from django.core.management import call_command

from tables.models import JackpotSlip, Table
from tables.slips.selectors import gaming_day
from tests.browser.journey import check_page, overflow
from tests.browser.session import log_in
from tests.browser.test_slip_pages_browser import shoot
from tests.browser.test_tablet_floor_browser import TOUCH, record_demo, royal

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SIZES = {"upright-768": (768, 1024), "upright-800": (800, 1280), "side-1024": (1024, 768)}
sizes = pytest.mark.parametrize("size", SIZES.values(), ids=SIZES.keys())

SLIP_SECTIONS = "§649a.12(h)(1); verified by a floorperson, §649a.11(c)(7)(iii)"
ENVY_SECTIONS = "§649a.11(c)(7)(v), §649a.12(h)(5)"


def envy_seat(seat: int, cards: list[str]) -> dict:
    """A losing hand at ``seat`` with $1.00 on the Five-Card Progressive: an Envy Bonus."""
    return {"seat": seat, "cards": cards,
            "wagers": {"ante": "5.00", "play": "5.00", "five_card_progressive": "1.00"}}


def three_payouts() -> JackpotSlip:
    call_command("load_demo")
    return record_demo(royal(3, envy_seat(5, ["2s", "5c", "9d"]),
                             envy_seat(6, ["3s", "6c", "Td"])))


def show(page, size, url: str) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(url)
    check_page(page)  # axe-core, and the page no wider than the window


def scrolled_sideways(page) -> list[str]:
    """Every table and card whose content is wider than its box (it scrolls, or is cut)."""
    return page.evaluate("""() => [...document.querySelectorAll('table, .card')]
        .filter(e => e.scrollWidth > e.clientWidth)
        .map(e => `${e.id || e.className}: ${e.scrollWidth} > ${e.clientWidth}`)""")


def small_targets(page) -> list[str]:
    """Every control a finger cannot hit at 44 x 44 px, in the bar at the top and on the page: a
    checkbox is hit by its label; a link inside a sentence (its paragraph has other words) keeps
    the line's height (WCAG 2.5.8)."""
    return page.evaluate("""(touch) => {
        const controls = [...document.querySelectorAll(
            'header a, header button, main a, main button, main input, main select, main textarea, body > p a, body > p button')];
        const inSentence = e => e.tagName === 'A' && ['P', 'DD', 'LI'].includes(e.parentElement.tagName)
            && e.parentElement.textContent.trim() !== e.textContent.trim();
        return controls.filter(e => e.type !== 'hidden' && !inSentence(e)).map(e => {
            const target = e.type === 'checkbox' ? e.closest('label') : e;
            const box = target.getBoundingClientRect();
            return [e.id || e.name || e.textContent.trim(), box.width, box.height];
        }).filter(([, w, h]) => w < touch || h < touch)
          .map(([name, w, h]) => `${name}: ${Math.round(w)} x ${Math.round(h)}`);
    }""", TOUCH)


def misfits(page) -> list[str]:
    """What does not fit the tablet: the page wider than the window, a table or card scrolling
    sideways, a control smaller than a finger."""
    wider = [f"page {overflow(page)} px wider than the window"] if overflow(page) > 0 else []
    return wider + scrolled_sideways(page) + small_targets(page)


# --- 1. A slip's payouts, read whole ----------------------------------------------------------

@sizes
def test_each_payouts_sections_are_in_sight_with_nothing_scrolling_sideways(size, live_server,
                                                                          page):
    slip = three_payouts()
    envies = list(slip.companions.order_by("number"))
    assert [(e.seat, str(e.award)) for e in envies] == [(5, "1000.00"), (6, "1000.00")]
    log_in(page, live_server.url, "floorperson")  # who validates: the box to tick, the button
    show(page, size, f"{live_server.url}/floor/slips/{slip.pk}/")
    shoot(page, f"tablet-payouts-{size[0]}")
    assert misfits(page) == []
    card = page.locator("#payouts").bounding_box()
    expected = {slip.number: SLIP_SECTIONS, envies[0].number: ENVY_SECTIONS,
                envies[1].number: ENVY_SECTIONS}
    for number, sections in expected.items():
        cell = page.locator(f"#payout-{number} td.sections")
        assert cell.is_visible()
        assert cell.inner_text() == sections
        box = cell.bounding_box()
        assert box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
        assert box["x"] + box["width"] <= size[0]
        assert cell.evaluate("e => e.scrollWidth <= e.clientWidth")
        # Every cell is in the card and says what it is: its heading is drawn above it.
        for n in range(9):
            td = page.locator(f"#payout-{number} td").nth(n)
            edge = td.bounding_box()
            assert edge["x"] >= card["x"] and edge["x"] + edge["width"] <= card["x"] + card["width"]
        labels = page.locator(f"#payout-{number} td").evaluate_all(
            "tds => tds.map(td => getComputedStyle(td, '::before').content)")
        assert labels[8].startswith('"Sections"') and labels[4].startswith('"Cards"')
    assert page.inner_text("#payouts-total") == "$12,000.00"
    assert page.locator(f"#payout-{slip.number} td").nth(1).inner_text() == \
        "Waiting for validation"  # the label is drawn, not read as the cell's text


def test_at_a_desk_the_payouts_stay_a_table(live_server, page):
    slip = three_payouts()
    log_in(page, live_server.url, "floorperson")
    show(page, (1366, 900), f"{live_server.url}/floor/slips/{slip.pk}/")
    assert page.locator("#payouts thead").is_visible()
    row = page.locator(f"#payout-{slip.number}")
    tops = {round(b["y"]) for b in row.locator("td").evaluate_all(
        "tds => tds.map(td => td.getBoundingClientRect().toJSON())")}
    assert len(tops) == 1  # nine cells side by side
    assert scrolled_sideways(page) == []


# --- 2. Every slip page fits the tablet -------------------------------------------------------

@sizes
def test_every_slip_page_fits_the_tablet_with_44_px_controls(size, live_server, page):
    slip = three_payouts()
    table = Table.objects.get(label="TCP-1")
    day = gaming_day(table.property, slip.recorded_at).isoformat()
    base = live_server.url
    log_in(page, base, "floormgr")
    pages = {"detail": f"/floor/slips/{slip.pk}/", "list": "/floor/slips/",
             "report": f"/floor/slips/report/?day={day}", "choose": "/floor/slips/record/",
             "record": f"/floor/slips/record/{table.pk}/",
             "print": f"/floor/slips/{slip.pk}/print/"}
    for name, url in pages.items():
        show(page, size, base + url)
        shoot(page, f"tablet-{name}-{size[0]}")
        assert (name, misfits(page)) == (name, [])
    # The daily report lists the gaming day's three slips, not "No jackpot slips match".
    page.goto(f"{base}/floor/slips/report/?day={day}")
    numbers = page.locator(".slips-table tbody tr td:first-child a").all_inner_texts()
    assert sorted(numbers) == ["1", "2", "3"]
    assert "3 slips in force, $12,000.00 in all" in page.inner_text(".lead")
