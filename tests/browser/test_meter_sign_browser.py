"""A meter sign on the pit's screen (issue 30; §605a.7(a)(1)): made from the meter's page by
the floor manager, opened without signing in at 1024 px, accessible, and following the meter
without a reload; revoked, it says so and stops. The demo's Five-Card Progressive on TCP-1
starts at $10,000.00 and takes 5% of each wager: 20 wagers of $5.00 add $5.00."""

import pytest
from django.core.management import call_command

from casino.models import Property
from tables.meters import wagers
from tables.models import Meter, MeterSign
from tables.signs import services as signs
from tests.browser.journey import check_page, watch_failures
from tests.browser.session import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_sign_shows_the_amount_large_and_follows_the_meter_without_a_reload(live_server,
                                                                                page):
    call_command("load_demo")
    base = live_server.url
    page.set_viewport_size({"width": 1024, "height": 768})
    log_in(page, base, "floormgr")
    prop = Property.objects.get(name__startswith="Keystone")
    meter = Meter.objects.get(table__property=prop, table__label="TCP-1",
                              key="five_card_progressive")
    page.goto(f"{base}/floor/meters/{meter.pk}/")
    page.click("#sign-make button")
    page.wait_for_selector("#sign-url")
    check_page(page)
    url = page.get_attribute("#sign-url", "href")
    assert url.startswith(f"{base}/signs/")
    page.goto(f"{base}/floor/signs/")
    check_page(page)
    assert "Table TCP-1" in page.inner_text("#sign-list")
    page.context.clear_cookies()  # the pit's screen: no one signed in
    failures = watch_failures(page)
    page.goto(url)
    amount = page.locator("#sign-meters .amount").first
    assert amount.inner_text() == "$10,000.00"
    assert page.locator("#sign-notice").is_hidden()
    assert page.eval_on_selector("#sign-meters .amount",
                                 "e => parseFloat(getComputedStyle(e).fontSize)") >= 48  # large
    check_page(page)
    page.evaluate("window.signNotReloaded = true")
    events = [{"id": f"sign-{n}", "table": "TCP-1", "seat": 1 + n % 7,
               "wager": "five_card_progressive", "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(20)]
    results, _ = wagers.wagers_ingest(property=prop, events=events)
    assert {r["status"] for r in results} == {"accepted"}
    wagers.wagers_apply(table_id=meter.table_id)
    page.wait_for_function(
        "document.querySelector('#sign-meters .amount').innerText === '$10,005.00'")
    assert page.evaluate("window.signNotReloaded") is True and page.url == url
    assert failures == []
    # Revoked, the address is gone at once: the screen says so and stops asking.
    sign = MeterSign.objects.get()
    floor_manager = prop.memberships.get(user__username="floormgr").user
    assert signs.sign_revoke(actor=floor_manager, property=prop, pk=sign.pk)
    page.wait_for_function(
        "document.querySelector('#sign-notice').innerText === 'This sign is no longer in use'")
    assert page.locator("#sign-meters .amount").count() == 0
