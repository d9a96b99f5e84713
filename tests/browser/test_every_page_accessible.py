"""Every page each role reaches from its navigation and its dashboard, and the pages those
link to, checked with axe-core: no serious or critical violation, and at tablet width no page
wider than the window."""

from urllib.parse import urlsplit

import pytest
from django.core.management import call_command

from tests.browser.journey import WIDTHS, check_page, set_width, watch_failures
from tests.browser.session import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROLES = ("tgm", "compliance", "floormgr", "floorperson", "auditor")
# Not pages: downloads (an anchor with ``download``, and by their address CSV, PDF and the
# filing packet), the sign-out form's target, the admin (Django's), the API docs (its own test,
# tests/browser/test_office_journeys.py).
SKIP = ("/logout/", "/admin/", "/api/", "format=csv", ".csv", "/pdf", ".pdf", "/media/",
        "/filing-packet/")
LIMIT = 60  # pages a role reaches in two steps; a guard against a page linking endlessly


def links(page, base: str) -> list[str]:
    hrefs = page.eval_on_selector_all("a[href]:not([download])", "els => els.map(e => e.href)")
    out = []
    for href in hrefs:
        url = href.split("#")[0]
        if url.startswith(base) and not any(s in url for s in SKIP) and url not in out:
            out.append(url)
    return out


def same_page(url: str) -> str:
    """One visit per page, whatever its filter: ``/audit/?target=...`` is ``/audit/``."""
    return urlsplit(url).path


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS.keys())
@pytest.mark.parametrize("username", ROLES)
def test_every_page_a_role_reaches_is_accessible(username, width, live_server, page):
    call_command("load_demo")
    base = live_server.url
    failures = watch_failures(page)
    set_width(page, width)
    log_in(page, base, username)
    queue, seen = [f"{base}/"], set()
    while queue and len(seen) < LIMIT:
        url = queue.pop(0)
        if same_page(url) in seen:
            continue
        seen.add(same_page(url))
        page.goto(url)
        check_page(page)
        if len(seen) == 1 or url.rstrip("/").count("/") <= 4:  # the dashboard and the lists
            queue += links(page, base)
    assert len(seen) >= 5, seen  # the crawl reached the role's pages
    assert failures == []
