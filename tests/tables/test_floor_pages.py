"""The floor pages: the floor by pit, a table's page with its checklist, terms and every reason
it may not open, open/close by htmx, the layout queue and a layout page."""

import pytest
from django.urls import reverse

from rulesubmissions.engine import game_spec
from tables import floor
from tables.models import Layout
from tests.rulesubmissions.builders import terms_for
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import new_version, upload

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_the_floor_shows_tables_by_pit_with_status_game_and_version(client_for, floorperson,
                                                                    open_table):
    html = client_for(floorperson).get(reverse("tables:floor")).text
    assert "Pit 1" in html and "TCP-1" in html and "Three Card Poker" in html
    assert "Version 1" in html and "Open" in html


def test_the_table_page_lists_every_reason_it_may_not_open(client_for, floor_manager,
                                                          keystone, tcp,
                                                          table_games_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-2", "game": "three_card_poker", "positions": 7})
    html = client_for(floor_manager).get(reverse("tables:table-detail", args=[table.pk])).text
    assert "No layout is assigned to the table." in html and "§601a.10(a), §649a.2" in html
    assert "Dealer Plays with Queen High or Better" in html  # its checklist
    assert "Open the table" in html


def test_opening_by_htmx_swaps_the_status_panel(client_for, floor_manager, ready_table):
    response = client_for(floor_manager).post(
        reverse("tables:table-open", args=[ready_table.pk]), **HTMX)
    assert response.status_code == 200
    assert '<section class="card" id="table-status">' in response.text
    assert "<html" not in response.text  # the partial, not the page
    assert "Close the table" in response.text


def test_a_refused_opening_by_htmx_names_the_reasons(client_for, floor_manager, keystone, tcp,
                                                    table_games_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-3", "game": "three_card_poker", "positions": 7})
    response = client_for(floor_manager).post(
        reverse("tables:table-open", args=[table.pk]), **HTMX)
    assert response.status_code == 400
    assert "No layout is assigned to the table. (§601a.10(a), §649a.2)" in response.text


def test_a_newer_version_waiting_is_said_on_the_table_page(client_for, floor_manager, keystone,
                                                           open_table, table_games_manager,
                                                           compliance_officer):
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                table_maximum="2000.00")
    html = client_for(floor_manager).get(reverse("tables:table-detail",
                                                 args=[open_table.pk])).text
    assert "Version 2 is now in force: the table keeps version 1 until it is closed." in html


def test_the_floor_manager_cannot_reach_configuration_pages(client_for, floor_manager):
    assert client_for(floor_manager).get(reverse("tables:table-create")).status_code == 403


def test_a_manager_adds_a_table_and_a_bad_position_count_is_an_inline_error(
        client_for, table_games_manager, tcp):
    client = client_for(table_games_manager)
    response = client.post(reverse("tables:table-create"), {
        "label": "TCP-8", "game": "three_card_poker", "positions": "8"})
    assert response.status_code == 400
    assert "Three Card Poker has at most 7 betting positions (§649a.2(a))." in response.text
    response = client.post(reverse("tables:table-create"), {
        "label": "TCP-8", "game": "three_card_poker", "positions": "7"})
    assert response.status_code == 302


def test_a_manager_uploads_a_layout_and_lying_artwork_is_an_inline_error(
        client_for, table_games_manager, tcp):
    client = client_for(table_games_manager)
    response = client.post(reverse("tables:layout-create"), {
        "name": "Felt", "game": "three_card_poker",
        "artwork": upload("felt.jpg", b"plain text pretending to be a JPEG")})
    assert response.status_code == 400
    assert "must be a PNG image, a JPEG image or a PDF document" in response.text
    response = client.post(reverse("tables:layout-create"), {
        "name": "Felt", "game": "three_card_poker", "artwork": upload()})
    layout = Layout.objects.get()
    assert response["Location"] == reverse("tables:layout-detail", args=[layout.pk])


def test_ticking_by_htmx_swaps_the_checklist(client_for, table_games_manager, keystone, tcp):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    response = client_for(table_games_manager).post(
        reverse("tables:layout-check", args=[layout.pk]),
        {"checked": ["inscription.name_or_logo"]}, **HTMX)
    assert 'id="layout-checklist"' in response.text
    layout.refresh_from_db()
    assert layout.checked == ["inscription.name_or_logo"]


def test_the_layout_queue_and_page_show_artwork_beside_the_checklist(
        client_for, compliance_officer, keystone, tcp, table_games_manager):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    client_for(table_games_manager).post(reverse("tables:layout-submit", args=[layout.pk]))
    client = client_for(compliance_officer)
    assert layout.name in client.get(reverse("tables:layout-queue")).text
    html = client.get(reverse("tables:layout-detail", args=[layout.pk])).text
    assert reverse("tables:layout-artwork", args=[layout.pk]) in html
    assert "Approve the layout" in html and "Return with comments" in html
    client.post(reverse("tables:layout-approve", args=[layout.pk]))
    layout.refresh_from_db()
    assert layout.status == "approved"


def test_the_section_we_do_not_hold_is_said_on_a_let_it_ride_layout(client_for, keystone,
                                                            table_games_manager,
                                                            compliance_officer):
    fb.approve(keystone, terms_for(game_spec("let_it_ride")), table_games_manager,
               compliance_officer)
    layout = fb.prepared_layout(keystone, "let_it_ride", table_games_manager)
    html = client_for(table_games_manager).get(reverse("tables:layout-detail",
                                                       args=[layout.pk])).text
    assert "§643a.2 (Let It Ride table physical characteristics) is not part of the published " \
        "text we hold" in html


def test_the_admin_shows_tables_and_layouts_read_only(admin_client, ready_table, tcp_layout):
    assert ready_table.label in admin_client.get("/admin/tables/table/").text
    assert tcp_layout.name in admin_client.get("/admin/tables/layout/").text
    assert admin_client.get("/admin/tables/table/add/").status_code == 403


def test_the_artwork_may_be_framed_by_our_own_layout_page_only(client_for, auditor, tcp_layout):
    response = client_for(auditor).get(reverse("tables:layout-artwork", args=[tcp_layout.pk]))
    assert response["Content-Type"] == "image/png"
    assert response["X-Frame-Options"] == "SAMEORIGIN"
    policy = response.get("Content-Security-Policy") or \
        response["Content-Security-Policy-Report-Only"]
    assert "frame-ancestors 'self'" in policy


def test_the_checklist_shows_paytables_in_words_not_keys(client_for, floorperson, open_table):
    html = client_for(floorperson).get(reverse("tables:table-detail",
                                               args=[open_table.pk])).text
    assert "Pair Plus paytable D" in html
    assert "three_card_poker.pair_plus.D" not in html


def test_the_table_page_shows_who_opened_and_closed_it(client_for, floorperson, open_table,
                                                       floor_manager):
    floor.table_close(actor=floor_manager, table=open_table)
    history = [(e["what"], e["who"], e["version"]) for e in floor.table_history(open_table)]
    assert history == [("Table closed", "fiona", None), ("Table opened", "fiona", 1),
                       ("Table created", "tara", None)]
    html = client_for(floorperson).get(reverse("tables:table-detail",
                                               args=[open_table.pk])).text
    assert "Table opened (version 1)" in html and "Table closed" in html


def test_a_let_it_ride_table_page_says_its_section_2_is_not_held(client_for, floorperson,
                                                               keystone, table_games_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "LIR-1", "game": "let_it_ride", "positions": 7})
    html = client_for(floorperson).get(reverse("tables:table-detail", args=[table.pk])).text
    assert "§643a.2 (Let It Ride table physical characteristics) is not part of the published " \
        "text we hold" in html
