"""The meter ledger page and API read by keyset (no OFFSET, a count that stops at 1,000), and
exports of any size, streamed, with no cell a spreadsheet would run as a formula (issue 24).

A seeded meter with 120 wagers applied one at a time has 121 ledger rows: pages of 50, 50, 21."""

import base64
import csv
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino.api_pages import BAD_CURSOR
from tables.meters import ledger, reconciliation, services, wagers
from tables.meters.models import MeterEntry
from tests.tables import meter_builders as mb
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round

pytestmark = pytest.mark.django_db
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter


@pytest.fixture
def long_ledger(tcp_meter, tcp_table):
    events = [{"id": f"e{n}", "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
               "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(120)]
    wagers.wagers_ingest(property=tcp_table.property, events=events)
    wagers.wagers_apply(table_id=tcp_table.pk, limit=1)  # one contribution row per wager
    return list(MeterEntry.objects.filter(meter=tcp_meter).order_by("-pk")
                .values_list("pk", flat=True))


def rows_of(page: str) -> list[str]:
    return re.findall(r"<tr><td>(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)</td><td>([^<]+)</td>", page)


def test_the_ledger_pages_by_keyset_to_the_seed_with_the_same_queries(
        long_ledger, tcp_meter, client_for, floor_manager):
    client = client_for(floor_manager)
    url = f"/floor/meters/{tcp_meter.pk}/"
    with CaptureQueriesContext(connection) as first:
        page1 = client.get(url).content.decode()
    assert len(rows_of(page1)) == 50 and "121 rows" in page1
    assert f'href="?before={long_ledger[49]}#meter-ledger"' in page1 and "Newer" not in page1
    page2 = client.get(f"{url}?before={long_ledger[49]}").content.decode()
    assert f'href="?before={long_ledger[99]}#meter-ledger"' in page2
    with CaptureQueriesContext(connection) as deep:
        page3 = client.get(f"{url}?before={long_ledger[99]}").content.decode()
    assert [kind for _, kind in rows_of(page3)][-1] == "Seed" and len(rows_of(page3)) == 21
    assert "Older" not in page3.split('id="meter-ledger"')[1]
    assert len(deep) == len(first)  # the oldest page costs what the newest does
    assert not [q["sql"] for q in deep if "OFFSET" in q["sql"].upper()]
    newer = client.get(f"{url}?after={long_ledger[100]}").content.decode()
    assert rows_of(newer) == rows_of(page2)


def test_the_count_stops_counting_at_a_thousand(long_ledger, tcp_meter):
    entries = MeterEntry.objects.filter(meter=tcp_meter)
    assert ledger.capped_count(entries, cap=100) == 101
    assert ledger.capped_count(entries) == 121
    assert ledger.LedgerPage([], None, None, 1001, True).total_text == "more than 1,000 rows"
    assert ledger.LedgerPage([], None, None, 1, True).total_text == "1 row"


def test_the_ledger_api_pages_by_cursor_without_a_count(long_ledger, tcp_meter, api_session_for,
                                                        auditor):
    api = api_session_for(auditor)
    body = api.get(f"/api/v1/meters/{tcp_meter.pk}/ledger/").json()
    assert "count" not in body and len(body["results"]) == 50
    assert body["results"][0]["id"] == long_ledger[0]
    body = api.get(body["next"]).json()
    with CaptureQueriesContext(connection) as deep:
        body = api.get(body["next"]).json()
    assert [r["kind"] for r in body["results"]][-1] == "seed" and body["next"] is None
    assert len(body["results"]) == 21
    assert not [q["sql"] for q in deep if "OFFSET" in q["sql"].upper()]


@pytest.mark.parametrize("edge", ["abc", "1.5", "\x00", "99999999999999999999999"])
def test_a_ledger_cursor_the_api_did_not_give_is_a_400_naming_it(
        edge, tcp_meter, api_session_for, auditor):
    cursor = base64.b64encode(f"p={edge}".encode()).decode()
    answer = api_session_for(auditor).get(f"/api/v1/meters/{tcp_meter.pk}/ledger/",
                                          {"cursor": cursor})
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"cursor": [BAD_CURSOR]}}


def read_csv(answer) -> list[list[str]]:
    assert answer.status_code == 200 and answer.streaming  # written while it is sent
    return list(csv.reader(io.StringIO(b"".join(answer.streaming_content).decode())))


def test_the_ledger_export_streams_every_row_and_neutralises_formulas(
        long_ledger, tcp_meter, client_for, floor_manager, compliance_officer):
    adjustment = services.adjustment_propose(meter=tcp_meter, amount=mb.D("-0.05"),
                                             reason="=HYPERLINK(\"http://x\")", actor=floor_manager)
    services.adjustment_decide(adjustment=adjustment, actor=compliance_officer, approve=True)
    rows = read_csv(client_for(floor_manager).get(f"/floor/meters/{tcp_meter.pk}/ledger.csv"))
    assert rows[0][:6] == ["Row", "When", "Meter", "Tables", "What", "Meter change"]
    assert len(rows) == 1 + 122
    seed, first, adjusted = rows[1], rows[2], rows[-1]
    assert (seed[4], seed[5], seed[8]) == ("Seed", "10000.00", "10000.00")
    assert (first[4], first[5], first[6], first[12]) == ("Contributions", "0.025", "0.0125", "1")
    assert (adjusted[4], adjusted[5], adjusted[-1]) == (
        "Adjustment", "-0.05", "'=HYPERLINK(\"http://x\")")


def test_the_property_ledger_export_takes_a_range_of_gaming_days(long_ledger, tcp_meter,
                                                                 keystone, client_for, auditor):
    from django.utils import timezone
    today = reconciliation.gaming_day(keystone, timezone.now())
    client = client_for(auditor)
    everything = read_csv(client.get("/floor/meters/ledger.csv"))
    assert len(everything) == 1 + 121
    assert len(read_csv(client.get(f"/floor/meters/ledger.csv?from={today}&to={today}"))) == 122
    later = today.replace(year=today.year + 1)
    assert read_csv(client.get(f"/floor/meters/ledger.csv?from={later}")) == [everything[0]]


def test_the_readings_export_gives_each_days_change(tcp_meter, keystone, client_for, auditor):
    import datetime as dt

    from django.utils import timezone

    from tables.meters.models import Meter
    local = timezone.get_current_timezone()
    Meter.objects.filter(pk=tcp_meter.pk).update(seeded_at=dt.datetime(2026, 11, 1, tzinfo=local))
    reconciliation.readings_take(dt.datetime(2026, 11, 3, 7, tzinfo=local))  # Nov 2: $10,000
    Meter.objects.filter(pk=tcp_meter.pk).update(amount=mb.D("10012.5"))
    reconciliation.readings_take(dt.datetime(2026, 11, 4, 7, tzinfo=local))  # Nov 3
    rows = read_csv(client_for(auditor).get(
        "/floor/meters/readings.csv?from=2026-11-03&to=2026-11-03"))
    assert rows[1][:7] == ["2026-11-03", "Five-Card Progressive", "TCP-1", "10012.50", "0.00",
                           "0.00", "12.50"]
    assert len(rows) == 2


@pytest.mark.parametrize("who", ["auditor", "outsider"])
def test_the_slips_export_follows_the_lists_filters(request, who, keystone, client_for,
                                                    table_games_manager, compliance_officer,
                                                    floor_manager, floorperson):
    table = sb.open_table(keystone, sb.approve(keystone, sb.tcp_terms(), table_games_manager,
                                               compliance_officer), "TCP-1", floor_manager)
    from tables.slips import services as slips
    body = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    slips.slip_record(table=table, actor=floor_manager,
                      data={"seat": 2, "wager": "three_card_progressive", "round": body})
    rows = read_csv(client_for(request.getfixturevalue(who)).get(
        "/floor/slips/export.csv?table=TCP-1"))
    if who == "outsider":  # another property's compliance officer sees none of Keystone's
        assert len(rows) == 1
        return
    assert rows[0][:3] == ["Slip", "Kind", "Status"] and len(rows) == 2
    assert (rows[1][0], rows[1][3], rows[1][6], rows[1][11]) == ("1", "TCP-1", "2", "300.00")
