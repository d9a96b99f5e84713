"""The floor sees its meters move live: the board polls (htmx) and shows new amounts without a
reload; the meter page draws its history with the vendored chart library."""

import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from casino.demo import DEMO_PASSWORD
from casino.models import Property
from tables.meters import wagers
from tables.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, live_server, username):
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")


def test_the_board_updates_live_and_the_meter_page_draws_its_chart(live_server, page):
    call_command("load_demo")
    sign_in(page, live_server, "floormgr")
    page.goto(f"{live_server.url}/floor/meters/")
    cell = page.locator("#meter-board td.amount").first
    assert cell.inner_text() == "$10,000.00"
    # The demo's Five-Card Progressive takes 5% of each wager: 40 wagers of $5.00 add $10.00.
    prop = Property.objects.get(name__startswith="Keystone")
    table = Table.objects.get(property=prop, label="TCP-1")
    events = [{"id": f"live-{n}", "table": "TCP-1", "seat": 1 + n % 7,
               "wager": "five_card_progressive", "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(40)]
    results, _ = wagers.wagers_ingest(property=prop, events=events)
    assert {r["status"] for r in results} == {"accepted"}
    wagers.wagers_apply(table_id=table.pk)
    page.wait_for_function(
        "document.querySelector('#meter-board td.amount').innerText === '$10,010.00'")
    page.click("#meter-board td a")
    page.wait_for_selector("#meter-chart canvas")
    assert page.locator("#meter-chart").get_attribute("data-points") == "2"
    assert "$10,010.00" in page.inner_text("#meter-amount")
    # The meter page is live too: 20 more $5.00 wagers add $5.00, shown without a reload,
    # and the chart draws the third point.
    more = [{**e, "id": f"more-{n}"} for n, e in enumerate(events[:20])]
    wagers.wagers_ingest(property=prop, events=more)
    wagers.wagers_apply(table_id=table.pk)
    url = page.url
    page.wait_for_function(
        "document.querySelector('#meter-amount').innerText === '$10,015.00'")
    page.wait_for_function("document.querySelector('#meter-chart').dataset.points === '3'")
    assert page.url == url


def test_the_chart_reads_the_property_clock_and_one_point_gets_a_sensible_axis(live_server,
                                                                                page):
    """One ledger row (the seed): the axis spans an hour either side, in hours and minutes on
    a 24-hour clock in the property's time zone, never months or years."""
    call_command("load_demo")
    sign_in(page, live_server, "floormgr")
    prop = Property.objects.get(name__startswith="Keystone")
    table = Table.objects.get(property=prop, label="TCP-2")
    from tables.meters import services as meters
    from tables.meters.models import MeterEntry

    meter = meters.meter_seed(table=table, key="five_card_progressive",
                              actor=table.property.memberships.get(
                                  user__username="floormgr").user)
    seeded = timezone.localtime(MeterEntry.objects.get(meter=meter).created_at)
    page.goto(f"{live_server.url}/floor/meters/{meter.pk}/")
    page.wait_for_function("document.querySelector('#meter-chart').dataset.ticks")
    ticks = page.locator("#meter-chart").get_attribute("data-ticks").split("|")
    assert 3 <= len(ticks) <= 12  # readable, none overlapping
    clock = [t.split(" ")[-1] for t in ticks]
    assert all(re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", t) for t in clock), ticks
    hours = {int(t[:2]) for t in clock}
    assert hours <= {(seeded.hour + d) % 24 for d in (-1, 0, 1)}, (ticks, seeded)
