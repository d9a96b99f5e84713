"""The floor pages: the floor by pit, a table's page with its checklist, terms and every reason
it may not open, open/close by htmx, the layout queue and a layout page."""

import re
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from rulesubmissions.engine import game_spec
from tables.floor import selectors as floor_selectors
from tables.floor import services as floor
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


def test_the_floor_says_which_closed_tables_may_open(client_for, floor_manager, keystone,
                                                     ready_table, table_games_manager):
    floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-2", "pit": "Pit 1", "game": "three_card_poker", "positions": 7})
    text = seen(client_for(floor_manager).get(reverse("tables:floor")).text)
    assert "TCP-1 Closed ready to open" in text
    assert "TCP-2 Closed cannot open yet: 1 reason Three Card Poker" in text  # no layout


def test_the_table_page_lists_every_reason_it_may_not_open(client_for, floor_manager,
                                                          keystone, tcp,
                                                          table_games_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-2", "game": "three_card_poker", "positions": 7})
    html = client_for(floor_manager).get(reverse("tables:table-detail", args=[table.pk])).text
    assert "No layout is assigned to the table." in html and "§601a.10(a), §649a.2" in html
    assert "Dealer Plays with Queen High or Better" in html  # its checklist
    assert "Open the table" in html


def test_opening_asks_first_saying_what_will_happen(client_for, floor_manager, ready_table):
    """The terms: Three Card Poker version 1 at $5.00 to $1,000.00 (§601a.2)."""
    client = client_for(floor_manager)
    url = reverse("tables:table-open", args=[ready_table.pk])
    for asked in (client.get(url, **HTMX), client.post(url, **HTMX)):
        assert asked.status_code == 200 and 'id="table-confirm"' in asked.text
        text = seen(asked.text)
        assert "Open table TCP-1?" in text
        assert "Table TCP-1 opens under Three Card Poker version 1" in text
        assert "table minimum $5.00, maximum $1,000.00" in text
    ready_table.refresh_from_db()
    assert ready_table.status == "closed"  # nothing happened yet
    page = client.get(url)  # without JavaScript: the table's page with the question on it
    assert "<html" in page.text and 'id="table-confirm"' in page.text


def test_opening_by_htmx_swaps_the_status_history_and_messages(client_for, floor_manager,
                                                               ready_table):
    response = client_for(floor_manager).post(
        reverse("tables:table-open", args=[ready_table.pk]), {"confirm": "yes"}, **HTMX)
    assert response.status_code == 200
    assert '<section class="card" id="table-status">' in response.text
    assert "<html" not in response.text  # the partials, not the page
    assert "Close the table" in response.text
    # The history shows the opening at once, and the messages replace any earlier one.
    history = response.text[response.text.index('id="table-history" hx-swap-oob="true"'):]
    assert "Table opened (version 1)" in history
    assert 'id="messages" role="status" aria-live="polite" hx-swap-oob="true"' in response.text
    assert "Table TCP-1 is open." in response.text


def test_a_refused_opening_by_htmx_names_the_reasons(client_for, floor_manager, keystone, tcp,
                                                    table_games_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-3", "game": "three_card_poker", "positions": 7})
    client = client_for(floor_manager)
    page = client.get(reverse("tables:table-detail", args=[table.pk])).text
    # The button cannot be pressed while the page lists why the table may not open.
    assert re.search(r'<button type="submit" id="open-table" disabled '
                     r'aria-describedby="opening-problems-lead">Open the table</button>', page)
    response = client.post(reverse("tables:table-open", args=[table.pk]), {"confirm": "yes"},
                           **HTMX)
    assert response.status_code == 200  # htmx swaps no 4xx answer: the panel is the refusal
    assert '<p class="errors" role="alert">No layout is assigned to the table. (§601a.10(a), ' \
        '§649a.2)</p>' in response.text


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
    submit = reverse("tables:layout-submit", args=[layout.pk])
    asked = seen(client_for(table_games_manager).post(submit).text)  # asks first (issue 30)
    assert (f"\"{layout.name}\" goes to compliance for approval against Three Card Poker "
            f"version 1, with all 9 checklist items ticked (§601a.10(a)).") in asked
    layout.refresh_from_db()
    assert layout.status == "draft"
    client_for(table_games_manager).post(submit, {"confirm": "yes"})
    client = client_for(compliance_officer)
    assert layout.name in client.get(reverse("tables:layout-queue")).text
    html = client.get(reverse("tables:layout-detail", args=[layout.pk])).text
    assert reverse("tables:layout-artwork", args=[layout.pk]) in html
    assert "Approve the layout" in html and "Return with comments" in html
    asked = client.post(reverse("tables:layout-approve", args=[layout.pk]))
    assert 'id="layout-confirm"' in asked.text  # asks first, saying what approval does
    layout.refresh_from_db()
    assert layout.status == "submitted"
    client.post(reverse("tables:layout-approve", args=[layout.pk]), {"confirm": "yes"})
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
    history = [(e["what"], e["who"], e["version"])
               for e in floor_selectors.table_history(open_table)]
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


# --- every reason, re-approval and plain words, as the floor and compliance read them --------

PROGRESSIVE = "§649a.2(c)(1)-(2), §649a.2(d), §605a.7"
EVERY_REASON = [
    ("No layout is assigned to the table.", "§601a.10(a), §649a.2"),
    ("The table has no electronic wagering system for the wagers that need one.",
     "§649a.2(b)(5), §649a.2(d)"),
    ("The table has no progressive table game system for its progressive wagers.",
     PROGRESSIVE),
    # Both wagers are progressive (§649a.11(h), (i)): each meter is seeded before play.
    # In the game's order of meters (the Five-Card Progressive first), on every database.
    ("The Five-Card Progressive meter is not seeded.", "§605a.7(a)"),
    ("The Five Card Hand Bonus meter is not seeded.", "§605a.7(a)"),
]


@pytest.fixture
def bare_table(keystone, table_games_manager, compliance_officer):
    """Terms with the Five-Card Progressive and the Five Card Hand Bonus; a table with no
    layout, no systems and no meter."""
    fb.approve(keystone, fb.tcp_terms("five_card_progressive", "five_card_hand_bonus_player"),
               table_games_manager, compliance_officer)
    return floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-4", "pit": "Pit 2", "game": "three_card_poker", "positions": 7})


def test_every_reason_is_on_the_table_page_and_in_the_api_with_its_section(
        client_for, api_session_for, floor_manager, bare_table):
    expected = [{"reason": r, "section": s} for r, s in EVERY_REASON]
    assert floor_selectors.opening_problems(bare_table) == expected
    html = client_for(floor_manager).get(reverse("tables:table-detail",
                                                 args=[bare_table.pk])).text
    for reason, section in EVERY_REASON:
        assert f"<li>{reason} <span class=\"muted\">({section})</span></li>" in html
    api = api_session_for(floor_manager)
    assert api.get(f"/api/v1/tables/{bare_table.pk}/").json()["opening_problems"] == expected
    refused = api.post(f"/api/v1/tables/{bare_table.pk}/open/")
    assert refused.status_code == 409  # refused by the table's state (issue 29)
    assert refused.json() == {"errors": {"opening": [f"{r} ({s})" for r, s in EVERY_REASON]}}


def test_reapproval_names_the_changed_items_on_the_pages_and_the_api_and_blocks_opening(
        client_for, api_session_for, floor_manager, compliance_officer, keystone, open_table,
        tcp_layout, table_games_manager):
    wagers = {**open_table.submission.wagers, "six_card_bonus": "posted_1"}
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                wagers=wagers)
    area = ("A separate area at each position for the Six Card Bonus Wager", "§649a.2(b)(4)")
    odds = ("Payout odds or amounts of the Six Card Bonus Wager, inscribed or on a posted sign",
            "§649a.2(b)(6)")
    reason = (f"The layout \"{tcp_layout.name}\" needs re-approval for version 2: {area[0]}; "
              f"{odds[0]}.")
    # The open table keeps version 1 and says what would keep it from opening again.
    text = seen(client_for(floor_manager).get(reverse("tables:table-detail",
                                                      args=[open_table.pk])).text)
    assert "Version 2 is now in force: the table keeps version 1 until it is closed. Before " \
           f"it can open again under version 2: {reason} (§601a.10(a), §649a.2)" in text
    assert f"{tcp_layout.name} · Approved (checked against version 1) Needs re-approval for " \
           "version 2" in text
    # The layout page (compliance) and the API name each changed item with its section.
    page = client_for(compliance_officer).get(reverse("tables:layout-detail",
                                                      args=[tcp_layout.pk])).text
    assert "Needs re-approval: version 2 changes what the layout must show:" in page
    assert f"{area[0]} ({area[1]}): new" in seen(page)
    assert f"{odds[0]} ({odds[1]}): new, showing Six Card Bonus 1,000-200-100-20-15-10-7" \
        in seen(page)
    api = api_session_for(floor_manager)
    # "posted_1" is the catalog's Six Card Bonus paytable 1,000-200-100-20-15-10-7.
    assert api.get(f"/api/v1/layouts/{tcp_layout.pk}/").json()["needs_reapproval"] == [
        {"key": "area.six_card_bonus", "text": area[0], "rule": area[1], "was": "", "now": "",
         "change": "added"},
        {"key": "odds.six_card_bonus", "text": odds[0], "rule": odds[1], "was": "",
         "now": "Six Card Bonus 1,000-200-100-20-15-10-7", "change": "added"}]
    assert api.post(f"/api/v1/tables/{open_table.pk}/close/").status_code == 200
    refused = api.post(f"/api/v1/tables/{open_table.pk}/open/")
    assert refused.json() == {"errors": {"opening": [f"{reason} (§601a.10(a), §649a.2)"]}}


class _Text(HTMLParser):
    """The words a person sees: text outside scripts, styles and <code> (keys shown as keys)."""

    def __init__(self):
        super().__init__()
        self.parts, self._skip = [], 0

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style", "code")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style", "code") and self._skip > 0

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


DEVELOPER_WORDS = re.compile(r"excerpt|elided|NOT KNOWN|\.py\b|\bNone\b|"
                             r"\b[a-z0-9]+_[a-z0-9_]+\b")


def seen(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join("".join(parser.parts).split())


@pytest.mark.parametrize("persona", ["floor_manager", "table_games_manager",
                                     "compliance_officer"])
def test_the_floor_and_layout_pages_speak_plain_words(request, persona, client_for, keystone,
                                                      open_table, bare_table, tcp_layout,
                                                      table_games_manager):
    lir = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "LIR-1", "game": "let_it_ride", "positions": 7})
    waiting = fb.prepared_layout(keystone, "three_card_poker", table_games_manager, "Pit 2")
    client_for(table_games_manager).post(reverse("tables:layout-submit", args=[waiting.pk]),
                                         {"confirm": "yes"})
    client = client_for(request.getfixturevalue(persona))
    urls = [reverse("tables:floor"), reverse("tables:layout-list"),
            *(reverse("tables:table-detail", args=[t.pk]) for t in (open_table, bare_table, lir)),
            *(reverse("tables:layout-detail", args=[lay.pk]) for lay in (tcp_layout, waiting))]
    if persona == "compliance_officer":
        urls.append(reverse("tables:layout-queue"))
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        text = seen(response.text)
        assert DEVELOPER_WORDS.findall(text) == [], (url, text)


def test_a_changed_paytable_reads_as_what_it_was_and_what_it_becomes(
        client_for, compliance_officer, keystone, tcp, tcp_layout, table_games_manager):
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                wagers={**tcp.wagers, "pair_plus": "C"})
    page = seen(client_for(compliance_officer).get(reverse("tables:layout-detail",
                                                           args=[tcp_layout.pk])).text)
    assert "Payout odds or amounts of the Pair Plus Wager, inscribed or on a posted sign " \
           "(§649a.2(b)(6)): Pair Plus paytable D becomes Pair Plus paytable C" in page


def test_the_table_form_names_layouts_with_where_they_stand(client_for, table_games_manager,
                                                            ready_table, tcp_layout):
    text = seen(client_for(table_games_manager).get(reverse("tables:table-edit",
                                                            args=[ready_table.pk])).text)
    assert f"No layout yet {tcp_layout.name} · Approved" in text
    assert "Not linked" in text and "---" not in text


def test_a_refused_tick_by_htmx_is_shown_in_the_swapped_checklist(client_for,
                                                                  table_games_manager,
                                                                  tcp_layout):
    response = client_for(table_games_manager).post(
        reverse("tables:layout-check", args=[tcp_layout.pk]), {"checked": []}, **HTMX)
    assert response.status_code == 200  # htmx swaps no 4xx answer
    assert '<p class="errors">This layout is approved: it cannot be changed.</p>' in \
        response.text
    assert 'id="layout-checklist"' in response.text


def test_a_layout_a_newer_version_changes_is_offered_for_return_not_approval(
        client_for, compliance_officer, keystone, tcp, table_games_manager):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    client_for(table_games_manager).post(reverse("tables:layout-submit", args=[layout.pk]),
                                         {"confirm": "yes"})
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                wagers={**tcp.wagers, "pair_plus": "C"})
    text = seen(client_for(compliance_officer).get(reverse("tables:layout-detail",
                                                           args=[layout.pk])).text)
    assert "Checked against version 1, but version 2 has since been approved and changes " \
           "what the layout must show:" in text
    assert "Version 2 changes what it must show: return it so it is checked against that " \
           "version." in text
    assert "Approve the layout" not in text and "Return with comments" in text


def test_the_layout_page_lists_the_tables_using_it(client_for, compliance_officer, open_table,
                                                   tcp_layout):
    text = seen(client_for(compliance_officer).get(reverse("tables:layout-detail",
                                                           args=[tcp_layout.pk])).text)
    assert "Tables using it: TCP-1 (open)" in text
