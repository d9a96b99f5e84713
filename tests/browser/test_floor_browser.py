"""A table games manager prepares a layout (artwork and checklist) and assigns it to a table, a
compliance officer approves it from the queue, and the floor manager opens the table."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from casino.models import Property
from tables.floor import services as floor
from tables.meters import services as meters
from tables.models import Layout, Table
from tests.browser.session import log_in, log_out
from tests.tables import floor_builders as fb

media_root = fb.media_root

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

@pytest.fixture
def closed_table():
    """The demo, plus table TCP-3: its progressive system recorded and its meter seeded, but
    no layout yet."""
    call_command("load_demo")
    keystone = Property.objects.get(license_number="PA-TG-1001")
    users = get_user_model().objects
    table = floor.table_create(actor=users.get(username="tgm"), property=keystone, data={
        "label": "TCP-3", "pit": "Pit 2", "game": "three_card_poker", "positions": 7,
        "progressive_system": "PTS-1003", "progressive_lockout": True})
    meters.meter_seed(table=table, key="five_card_progressive",
                      actor=users.get(username="floormgr"))
    return table


def test_manager_prepares_compliance_approves_floor_manager_opens(live_server, page,
                                                                  closed_table):
    base = live_server.url
    log_in(page, base, "floormgr")
    page.goto(f"{base}/floor/tables/{closed_table.pk}/")
    assert "No layout is assigned to the table." in page.inner_text("#table-status")
    # The button cannot be pressed while the panel lists why the table may not open.
    assert page.is_disabled("#open-table")
    assert Table.objects.get(pk=closed_table.pk).status == "closed"
    log_out(page)

    log_in(page, base, "tgm")
    page.goto(f"{base}/floor/layouts/new/")
    page.fill("#id_name", "Pit 2 felt")
    page.select_option("#id_game", "three_card_poker")
    page.set_input_files("#id_artwork", files=[{"name": "pit2.png", "mimeType": "image/png",
                                                "buffer": fb.png_bytes()}])
    page.click("text=Upload")
    page.wait_for_selector("#layout-checklist")
    boxes = page.locator("#layout-checklist input[name=checked]")
    for n in range(boxes.count()):
        box = page.locator("#layout-checklist input[name=checked]").nth(n)
        if not box.is_checked():
            with page.expect_response(lambda r: "/tick/" in r.url):
                box.check()
    page.click("#submit-layout")
    page.wait_for_selector("#submit-confirm")  # what submitting does, before it is done
    assert Layout.objects.get(name="Pit 2 felt").status == "draft"
    page.click("#submit-confirm-button")
    page.wait_for_selector("text=Waiting for compliance")
    layout = Layout.objects.get(name="Pit 2 felt")
    assert len(layout.checked) == boxes.count()

    page.goto(f"{base}/floor/tables/{closed_table.pk}/edit/")
    page.select_option("#id_layout", str(layout.pk))
    page.click("text=Save")
    page.wait_for_selector("#table-status")
    assert "is not approved (waiting for compliance)" in page.inner_text("#table-status")
    log_out(page)

    log_in(page, base, "compliance")
    page.goto(f"{base}/")
    page.click("text=Approve table layouts")
    page.click("text=Pit 2 felt")
    # The artwork is shown beside the checklist, loaded from storage (a 1x1 PNG).
    page.wait_for_function("() => { const i = document.querySelector("
                           "\"img[alt='Artwork of Pit 2 felt']\"); "
                           "return i && i.complete && i.naturalWidth === 1; }")
    page.click("text=Approve the layout")
    page.wait_for_selector("#layout-confirm")  # what approving does, before it is done
    assert "Tables using it may then open under version 1: TCP-3." in page.inner_text(
        "#layout-confirm")
    url = page.url
    page.click("#confirm-button")
    page.wait_for_selector("text=Layout approved.")  # swapped in, no reload
    assert page.url == url and page.inner_text("#layout-head").startswith("Approved")
    assert page.locator("#layout-approved").is_visible()
    log_out(page)

    log_in(page, base, "floormgr")
    page.goto(f"{base}/floor/tables/{closed_table.pk}/")
    assert "Ready to open under version 1." in page.inner_text("#table-status")
    page.click("text=Open the table")
    page.wait_for_selector("#table-confirm")
    assert "Table TCP-3 opens under Three Card Poker version 1" in page.inner_text(
        "#table-confirm")
    page.click("#confirm-button")
    page.wait_for_selector("text=Close the table")
    assert "Status: Open" in page.inner_text("#table-status")
    assert "Table opened (version 1)" in page.inner_text("#table-history")  # no reload
    assert page.inner_text("#messages") == "Table TCP-3 is open."
    table = Table.objects.get(pk=closed_table.pk)
    assert (table.status, table.opened_by.username, table.submission.version) == (
        "open", "floormgr", 1)
