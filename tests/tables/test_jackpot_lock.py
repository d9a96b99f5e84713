"""The jackpot lock (issue 19): a meter award is fixed against the meter with every wager
already received applied, the meter hit and reseeded in the recording's transaction; the slip
is pending on the meter (API, board, meter page, every linked table) until paid or voided; two
wins on one meter are paid in the order recorded. Amounts by hand: Three Card Poker's
Five-Card Progressive meter starts at $20,000, resets to $10,000 and takes 5% of each wager."""

import pytest
from django.urls import reverse

from tables.models import EntryKind, Meter, MeterEntry, WagerEvent
from tables.slips import services as slips
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate, void

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db

LIST = "/api/v1/jackpot-slips/"
ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")


def five_card(table):
    return Meter.objects.get(**({"linked_group": table.linked_group} if table.linked_group_id
                                else {"table": table}), key="five_card_progressive")


def test_recording_first_applies_every_wager_received_then_fixes_the_amount(
        tcp_table, record, api_for, api_client):
    # Four $5 wagers came in before the royal and wait for a worker: 4 x $5 x 5% = $1.00. The
    # royal takes 100% of $20,001.00, never the $20,000 the meter showed before them.
    events = [{"id": f"w{n}", "table": "TCP-1", "seat": 2, "wager": "five_card_progressive",
               "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(4)]
    api_for(api_client).post("/api/v1/wagers/", events, format="json")
    assert WagerEvent.objects.filter(applied_at__isnull=True).count() == 4
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    assert (slip.award, slip.meter_before, slip.meter_after) == (D("20001.00"), D("20001"),
                                                                 D("10000"))
    assert not WagerEvent.objects.filter(applied_at__isnull=True).exists()
    kinds = list(MeterEntry.objects.filter(meter=five_card(tcp_table)).order_by("pk")
                 .values_list("kind", flat=True))
    assert kinds == [EntryKind.SEED, EntryKind.CONTRIBUTION, EntryKind.HIT, EntryKind.RESET]


@pytest.fixture
def linked(keystone, table_games_manager, compliance_officer, floor_manager):
    """Two Three Card Poker tables of one linked group sharing each meter (§605a.8)."""
    return sb.linked_tcp_tables(keystone, table_games_manager, compliance_officer, floor_manager)


def test_a_pending_jackpot_shows_on_the_meter_api_board_meter_page_and_every_linked_table(
        linked, record, client_for, api_session_for, floorperson, second_floorperson):
    slip = record(linked[0], 1, "five_card_progressive", ROYAL)
    meter = five_card(linked[0])
    assert meter.amount == D("10000")  # hit and reseeded at recording
    client = client_for(floorperson)
    badge = "Jackpot pending: slip"
    pages = [reverse("tables:meter-list"), reverse("tables:meter-detail", args=[meter.pk]),
             reverse("tables:floor"), *(f"/floor/tables/{t.pk}/" for t in linked)]
    for url in pages:
        text = client.get(url).content.decode()
        assert badge in text and "$20,000.00, table L-1, seat 1" in text, url
    api = api_session_for(floorperson)
    listed = {m["key"]: m for m in api.get("/api/v1/meters/").json()["results"]}
    pending = listed["five_card_progressive"]["pending_jackpots"]
    assert [(p["number"], p["amount"], p["table"], p["seat"]) for p in pending] == [
        (1, "20000.00", "L-1", 1)]
    assert listed["five_card_progressive"]["tables"] == ["L-1", "L-2"]
    slips.slip_pay(slip=validate(slip, floorperson, "20000.00"), actor=second_floorperson)
    assert all(m["pending_jackpots"] == [] for m in api.get("/api/v1/meters/").json()["results"])
    for url in pages:
        assert badge not in client.get(url).content.decode(), url


def test_wins_on_linked_tables_are_paid_in_the_order_recorded(linked, record, api_session_for,
                                                              floorperson, second_floorperson):
    # A royal at L-1 takes the $20,000 on the shared meter; a royal at L-2, recorded after,
    # takes it as reseeded: $10,000. Paying L-2's first is a 409 naming slip 1.
    first = record(linked[0], 1, "five_card_progressive", ROYAL)
    later = record(linked[1], 1, "five_card_progressive", ROYAL)
    assert (first.award, later.award, five_card(linked[0]).amount) == (
        D("20000.00"), D("10000.00"), D("10000"))
    validate(first, floorperson, "20000.00")
    validate(later, floorperson, "10000.00")
    api = api_session_for(second_floorperson)
    refused = api.post(f"{LIST}{later.pk}/pay/", {}, format="json")
    assert refused.status_code == 409
    assert refused.json() == {"errors": {"order": [
        "Slip 1 ($20,000.00, table L-1, seat 1) was recorded against the Five-Card Progressive "
        "before slip 2: wins on one meter are paid in the order they were recorded. Pay or "
        "void slip 1 first."]}}
    assert api.post(f"{LIST}{first.pk}/pay/", {}, format="json").status_code == 200
    assert api.post(f"{LIST}{later.pk}/pay/", {}, format="json").json()["status"] == "paid"


def test_a_confirmed_void_leaves_pending_jackpots_and_the_paid_one_stays(
        tcp_table, record, api_session_for, floorperson, floor_manager, second_floorperson):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    void(slip, floorperson, floor_manager)
    api = api_session_for(floorperson)
    listed = {m["key"]: m for m in api.get("/api/v1/meters/").json()["results"]}
    assert listed["five_card_progressive"]["pending_jackpots"] == []
    assert listed["five_card_progressive"]["amount"] == "20000.00"
    paid = record(tcp_table, 2, "five_card_progressive", tcp_round(
        position(2, "As Ks Qs", pair_plus="5.00", five_card_progressive="1.00"),
        community="Js Ts"))
    slips.slip_pay(slip=validate(paid, floorperson, "20000.00"), actor=second_floorperson)
    asked = api.post(f"{LIST}{paid.pk}/void/", {"reason": "paid in error"}, format="json")
    assert asked.status_code == 409
    assert "two-person meter adjustment" in asked.json()["errors"]["status"][0]
    assert five_card(tcp_table).amount == D("10000")  # nothing goes back for money handed out
