"""What the floor pages offer and where they lead: ticks that are never lost, terms every floor
role can read, forms that offer only what may be chosen, the next step linked, the meter page's
references in words, and each role's dashboard leading with its own work."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from casino.models import AuditEvent
from tables.floor import layouts
from tables.floor import services as floor
from tables.slips.models import JackpotSlip
from tests.frozen import unfrozen
from tests.tables import floor_builders as fb
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round
from tests.tables.test_floor_pages import seen

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table
tcp_table, record = sb.tcp_table, sb.record

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


# --- ticks ------------------------------------------------------------------------------------

def test_each_tick_changes_only_its_own_item_whatever_the_form_sent(
        client_for, table_games_manager, keystone, tcp):
    """Two quick ticks: the second request's form was read before the first was saved, so it
    does not carry the first item; both stay ticked."""
    layout = layouts.layout_create(actor=table_games_manager, property=keystone, name="Felt",
                                   game="three_card_poker", artwork=fb.upload())
    first, second = [i["key"] for i in layouts.checklist_for(layout.submission)][:2]
    client = client_for(table_games_manager)
    url = reverse("tables:layout-tick", args=[layout.pk])
    for key in (first, second):
        response = client.post(url, {"key": key, "checked": [key]}, **HTMX)
        assert response.status_code == 204  # nothing to swap: the box shows what was saved
    layout.refresh_from_db()
    assert layout.checked == [first, second]
    events = AuditEvent.objects.filter(action="tables.layout.update").count()
    client.post(url, {"key": first, "checked": [first, second]}, **HTMX)  # again: no change
    assert AuditEvent.objects.filter(action="tables.layout.update").count() == events
    client.post(url, {"key": first, "checked": [second]}, **HTMX)  # unticked
    layout.refresh_from_db()
    assert layout.checked == [second]


def test_a_refused_tick_comes_back_as_its_item_with_the_reason(client_for, table_games_manager,
                                                               tcp_layout):
    key = tcp_layout.checked[0]
    response = client_for(table_games_manager).post(
        reverse("tables:layout-tick", args=[tcp_layout.pk]), {"key": key}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "outerHTML" and response["HX-Retarget"].startswith("#check-")
    assert "This layout is approved: it cannot be changed." in response.text
    tcp_layout.refresh_from_db()
    assert key in tcp_layout.checked


def test_replacing_the_artwork_keeps_the_ticks_saved_since_the_page_loaded(
        client_for, table_games_manager, keystone, tcp):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    client_for(table_games_manager).post(reverse("tables:layout-check", args=[layout.pk]),
                                         {"artwork": fb.upload("new.png")})
    layout.refresh_from_db()
    assert len(layout.checked) == len(layouts.checklist_for(layout.submission))
    assert layout.artwork_name == "new.png"


# --- terms, next steps, forms -----------------------------------------------------------------

@pytest.mark.parametrize("persona", ["floorperson", "floor_manager"])
def test_floor_staff_read_the_terms_their_table_plays_by(request, persona, client_for,
                                                         open_table):
    client = client_for(request.getfixturevalue(persona))
    table_page = client.get(reverse("tables:table-detail", args=[open_table.pk])).text
    terms_url = reverse("tables:table-terms", args=[open_table.pk])
    assert terms_url in table_page
    assert reverse("rulesubmissions:detail", args=[open_table.submission.pk]) not in table_page
    page = client.get(terms_url)
    assert page.status_code == 200
    text = seen(page.text)
    assert "Terms table TCP-1 plays by" in text and "Three Card Poker version 1" in text
    assert "Pair Plus paytable D" in text and "$1,000.00" in text  # the table maximum


def test_no_layout_links_the_next_step_for_whoever_takes_it(client_for, keystone, tcp,
                                                            table_games_manager, floor_manager):
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-9", "game": "three_card_poker", "positions": 7})
    url = reverse("tables:table-detail", args=[table.pk])
    manager = client_for(table_games_manager).get(url).text
    assert reverse("tables:table-edit", args=[table.pk]) in manager
    assert f'{reverse("tables:layout-create")}?game=three_card_poker' in manager
    floor_page = seen(client_for(floor_manager).get(url).text)
    assert "No layout assigned. A table games manager prepares and assigns one" in floor_page


def test_the_forms_offer_only_games_with_approved_terms_and_that_games_layouts(
        client_for, table_games_manager, keystone, tcp, tcp_layout, compliance_officer):
    """Three Card Poker is approved; Let It Ride is not: neither form offers it. A Let It Ride
    layout (once approved terms exist) is never offered for a Three Card Poker table."""
    client = client_for(table_games_manager)
    form = client.get(reverse("tables:table-create")).text
    assert 'value="three_card_poker"' in form and 'value="let_it_ride"' not in form
    assert client.get(reverse("tables:layout-create")).text.count("<option") == 1
    from rulesubmissions.engine import game_spec
    from tests.rulesubmissions.builders import terms_for

    fb.approve(keystone, terms_for(game_spec("let_it_ride")), table_games_manager,
               compliance_officer)
    lir = fb.prepared_layout(keystone, "let_it_ride", table_games_manager, "LIR felt")
    form = client.get(reverse("tables:table-create") + "?game=three_card_poker").text
    assert f'value="{tcp_layout.pk}"' in form and f'value="{lir.pk}"' not in form
    form = client.get(reverse("tables:table-create") + "?game=let_it_ride").text
    assert f'value="{lir.pk}"' in form and f'value="{tcp_layout.pk}"' not in form


def test_seeding_from_the_table_page_swaps_its_meters_and_its_status(
        client_for, floor_manager, keystone, table_games_manager, compliance_officer):
    """The Five-Card Progressive needs its meter seeded, here at $100,000.00 (§605a.7(a)):
    once seeded, that reason is gone from the status panel in the same answer."""
    fb.approve(keystone, fb.tcp_terms("five_card_progressive"), table_games_manager,
               compliance_officer)
    table = floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-5", "game": "three_card_poker", "positions": 7})
    reason = "The Five-Card Progressive meter is not seeded."
    client = client_for(floor_manager)
    assert reason in client.get(reverse("tables:table-detail", args=[table.pk])).text
    seed = reverse("tables:meter-seed", args=[table.pk, "five_card_progressive"])
    asked = seen(client.post(seed, {"next": "/"}, **HTMX).text)  # asks first (issue 30)
    assert ("Seed the Five-Card Progressive meter at $100,000.00? The Five-Card Progressive "
            "meter of table TCP-5 starts at $100,000.00, its initial amount under Three Card "
            "Poker version 1 (§605a.7(a)).") in asked
    assert reason in client.get(reverse("tables:table-detail", args=[table.pk])).text
    response = client.post(seed, {"next": "/", "confirm": "yes"}, **HTMX)
    text = response.text
    assert text.lstrip().startswith("<section class=\"card\" id=\"table-meters\">")
    assert '<section class="card" id="table-status" hx-swap-oob="true">' in text
    assert reason not in text and "Five-Card Progressive seeded at $100,000.00." in text


# --- the meter page and the dashboards ----------------------------------------------------------

def test_a_hit_on_the_meter_page_names_and_links_its_slip(client_for, floorperson, tcp_table,
                                                         record):
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    meter = slip.meter
    html = client_for(floorperson).get(reverse("tables:meter-detail", args=[meter.pk])).text
    link = f'<a href="{reverse("tables:slip-detail", args=[slip.pk])}">Jackpot slip ' \
           f'{slip.number}</a>'
    assert link in html and "jackpot-slip:" not in html
    assert 'data-tz="America/New_York"' in html  # the chart draws in the property's time


def test_the_floorperson_dashboard_leads_with_the_slips_waiting(client_for, floorperson,
                                                                floor_manager, tcp_table,
                                                                record):
    """A mini royal pays 100% of the $5,000.00 Three-Card meter (§649a.12(e)); recorded 12
    minutes ago by the floor manager, it waits for the floorperson's validation."""
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    with unfrozen("tables_jackpotslip"):
        JackpotSlip.objects.filter(pk=slip.pk).update(
            recorded_at=timezone.now() - timedelta(minutes=12, seconds=5))
    html = client_for(floorperson).get(reverse("dashboard")).text
    assert html.index('id="panel-waiting-slips"') < html.index('id="panel-in-force"')
    row = seen(html[html.index(f'<tr id="waiting-slip-{slip.number}"'):].split("</tr>")[0])
    assert row == (f"Slip {slip.number} Jackpot, {slip.wager_name} $5,000.00 TCP-1 1 "
                   f"Validation 12 minutes Validate slip {slip.number}")
    own = seen(client_for(floor_manager).get(reverse("dashboard")).text)
    assert "yours: someone else validates it" in own


def test_a_compliance_officer_sees_the_layouts_waiting(client_for, compliance_officer, keystone,
                                                       tcp, table_games_manager):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager, "Pit 3")
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    text = seen(client_for(compliance_officer).get(reverse("dashboard")).text)
    assert "Layouts waiting for your approval 1" in text and "Review Pit 3" in text


def test_the_meter_board_leads_with_the_jackpots_pending(client_for, floor_manager, tcp_table,
                                                         record):
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    html = client_for(floor_manager).get(reverse("tables:meter-board")).text
    text = seen(html[html.index('<div class="msg msg-warn" id="board-jackpots">'):]
                .split("</div>")[0])
    assert text == ("1 jackpot pending, to be validated and paid in the order recorded: "
                    f"Slip {slip.number}: $5,000.00, table TCP-1, seat 1, waiting for "
                    f"validation, waiting just now")


def test_the_slip_page_print_and_csv_name_people_not_user_names(client_for, floor_manager,
                                                                auditor, tcp_table, record):
    floor_manager.first_name, floor_manager.last_name = "Fiona", "Marsh"
    floor_manager.save()
    body = tcp_round(position(1, "As Ks Qs", pair_plus="5.00", three_card_progressive="1.00"))
    slip = record(tcp_table, 1, "three_card_progressive", body)
    client = client_for(auditor)
    for name in ("slip-detail", "slip-print"):
        text = seen(client.get(reverse(f"tables:{name}", args=[slip.pk])).text)
        assert "Fiona Marsh" in text and "fiona," not in text, name
    from tables.slips.printing import print_lines

    assert dict(print_lines(slip))["Recorded by"].startswith("Fiona Marsh, ")  # the PDF's too
