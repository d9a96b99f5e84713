"""The bar at the top of every page on the pit's tablet (768 and 1,024 px wide): every link and
button in it, the main links, the person's menu and "Sign out", is a 44 x 44 px box a finger
hits (WCAG 2.5.5), for every role however many links it has, and the page stays no wider than
the window. At a desk (1,366 px) the links keep their one compact row."""

import pytest
from django.core.management import call_command

from casino.demo import USERS
from tests.browser.journey import overflow
from tests.browser.session import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
ROLES = [name for name, (role, _, _) in USERS.items() if role != "api_client"]


def small_in_the_bar(page) -> list[str]:
    """Each link or button of the bar smaller than 44 x 44 px, by its words and size."""
    return page.locator("header a, header button").evaluate_all("""es => es
        .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
        .filter(([, b]) => b.width < 44 || b.height < 44)
        .map(([words, b]) => `${words}: ${Math.round(b.width)} x ${Math.round(b.height)}`)""")


@pytest.mark.parametrize("width", [768, 1024])
def test_every_control_of_the_bar_is_a_finger_wide_for_every_role(width, live_server, page):
    call_command("load_demo")
    page.set_viewport_size({"width": width, "height": 1024})
    for username in ROLES:
        log_in(page, live_server.url, username)
        # The brand, at least one main link, the person's name and "Sign out".
        assert page.locator("header a, header button").count() >= 4, username
        assert (username, small_in_the_bar(page), overflow(page)) == (username, [], 0)


def test_at_a_desk_the_main_links_stay_one_compact_row(live_server, page):
    call_command("load_demo")
    page.set_viewport_size({"width": 1366, "height": 900})
    log_in(page, live_server.url, "compliance")
    tops = page.locator(".mainnav a").evaluate_all(
        "es => es.map(e => e.getBoundingClientRect()).map(b => [b.top, b.height])")
    assert len({top for top, _ in tops}) == 1 and all(h < 44 for _, h in tops)
