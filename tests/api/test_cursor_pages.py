"""The audit log and the jackpot slip lists a page at a time (issue 24): ``next`` continues
exactly where a page stopped, also among events recorded in the same microsecond; the filters
ride in the links; the count stops at the cap; a cursor the list did not give is a 400 naming
``cursor`` in the one shape; and a deep page is read through an index with no OFFSET."""

import base64
import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from casino import selectors
from casino.api_pages import BAD_CURSOR, NO_PAGE_NUMBER
from casino.models import AuditEvent
from tables.models import JackpotSlip
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D

tcp_table = sb.tcp_table

pytestmark = pytest.mark.django_db

AUDIT = "/api/v1/audit-events/"
SLIPS = "/api/v1/jackpot-slips/"


def _events(prop, at, numbers, action="casino.test.page"):
    for i in numbers:
        AuditEvent(created_at=at, property=prop, action=action, after={"i": i}).save()


@pytest.fixture
def tied(keystone):
    """125 events in three runs of one time each: 60 at T (numbered 0 to 59 as recorded), 45
    a minute before (60 to 104), 20 two minutes before (105 to 124); newest first by (time,
    id) they read 59..0, 104..60, 124..105. Page 1 is all T, page 2 starts in the T run and
    ends inside the next one."""
    at = timezone.now() - dt.timedelta(hours=1)
    _events(keystone, at, range(60))
    _events(keystone, at - dt.timedelta(minutes=1), range(60, 105))
    _events(keystone, at - dt.timedelta(minutes=2), range(105, 125))
    return [*range(59, -1, -1), *range(104, 59, -1), *range(124, 104, -1)]


def _walk(client, url, params=None, link="next"):
    """The numbered events of each page, following ``link`` until it is null."""
    pages, answer = [], client.get(url, params)
    while True:
        assert answer.status_code == 200, answer.content[:300]
        body = answer.json()
        pages.append([e["after"]["i"] for e in body["results"]])
        if body[link] is None:
            return pages, body
        answer = client.get(body[link])


def test_next_continues_exactly_where_the_page_stopped_among_tied_times(
        tied, api_session_for, auditor):
    client = api_session_for(auditor)
    pages, last = _walk(client, AUDIT, {"action": "casino.test.page"})
    assert [len(p) for p in pages] == [50, 50, 25]
    assert [i for p in pages for i in p] == tied  # each event once, in the log's order
    assert pages[1][:10] == list(range(9, -1, -1))  # the T run's last ten, then the next run
    first = client.get(AUDIT, {"action": "casino.test.page"}).json()
    assert (first["count"], first["count_exact"], first["previous"]) == (125, True, None)
    # back from the last page by ``previous``: the same second page, then the first
    back = client.get(last["previous"]).json()
    assert [e["after"]["i"] for e in back["results"]] == pages[1]
    again = client.get(back["previous"]).json()
    assert [e["after"]["i"] for e in again["results"]] == pages[0]
    assert again["previous"] is None


def test_the_filters_ride_in_the_cursor_links(keystone, api_session_for, auditor):
    """Twenty events of one action between thirty of another: pages of 50 would mix them;
    filtered, the 20 come in one page, and a filter on the second page still applies."""
    at = timezone.now() - dt.timedelta(hours=2)
    for n in range(50):
        _events(keystone, at + dt.timedelta(seconds=n), [n],
                action="casino.test.page" if n % 5 < 2 else "casino.test.other")
    client = api_session_for(auditor)
    pages, body = _walk(client, AUDIT, {"action": "casino.test.page"})
    assert pages == [[n for n in range(49, -1, -1) if n % 5 < 2]]
    assert body["count"] == 20
    # a long filtered list: 70 of the action, 30 of another; page 2 keeps the filter
    _events(keystone, at + dt.timedelta(minutes=5), range(50, 100))
    first = client.get(AUDIT, {"action": "casino.test.page"}).json()
    assert "action=casino.test.page" in first["next"] and "cursor=" in first["next"]
    second = client.get(first["next"]).json()
    assert {e["action"] for e in second["results"]} == {"casino.test.page"}
    assert [e["after"]["i"] for e in second["results"]] == [
        n for n in range(49, -1, -1) if n % 5 < 2]
    assert (second["count"], second["next"]) == (70, None)


def _cursor(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("cursor", [
    "not a cursor", "%%%", "é", _cursor("p=yesterday"), _cursor("p=2026-01-01 00:00:00"),
    _cursor("p=0001-01-01 00:00:00+05:00"), _cursor("p=9999-12-31 23:59:59+00:00\x00"),
    _cursor("o=-1"), _cursor("r=x")])
def test_a_cursor_the_audit_log_did_not_give_is_a_400_naming_it(cursor, api_session_for,
                                                                auditor):
    answer = api_session_for(auditor).get(AUDIT, {"cursor": cursor})
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"cursor": [BAD_CURSOR]}}


@pytest.mark.parametrize("cursor", [
    _cursor("p=lots"), _cursor("p=1.5"), _cursor("p=2026-01-01"), _cursor("p=\x00")])
def test_a_cursor_the_slip_list_did_not_give_is_a_400_naming_it(cursor, api_session_for,
                                                                auditor):
    answer = api_session_for(auditor).get(SLIPS, {"cursor": cursor})
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"cursor": [BAD_CURSOR]}}


@pytest.mark.parametrize("url", [AUDIT, SLIPS])
def test_a_page_number_is_a_400_saying_how_these_lists_page(url, api_session_for, auditor):
    answer = api_session_for(auditor).get(url, {"page": "2"})
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"page": [NO_PAGE_NUMBER]}}


def _slips(table, user, numbers, award="300.00"):
    JackpotSlip.objects.bulk_create(
        JackpotSlip(property=table.property, number=n, table=table, game=table.game, seat=1,
                    wager="pair_plus", wager_name="Pair Plus", wager_amount=D("5.00"),
                    paid_from="table_inventory", award=D(award), recorded_by=user)
        for n in numbers)


def test_the_slip_list_pages_by_number_with_its_filters(tcp_table, floor_manager,
                                                        api_session_for, auditor):
    """110 slips: the even ones of $300, the odd ones of $1,200. At least $1,000: the 55
    odd ones, newest first, 50 then 5; the whole list 50, 50 and 10."""
    _slips(tcp_table, floor_manager, range(2, 111, 2))
    _slips(tcp_table, floor_manager, range(1, 110, 2), award="1200.00")
    client = api_session_for(auditor)
    pages, answer = [], client.get(SLIPS, {"amount_min": "1000"})
    while True:
        body = answer.json()
        pages.append([s["number"] for s in body["results"]])
        if body["next"] is None:
            break
        assert "amount_min=1000" in body["next"]
        answer = client.get(body["next"])
    assert pages == [list(range(109, 9, -2)), list(range(9, 0, -2))]
    assert (body["count"], body["count_exact"]) == (55, True)
    everything = client.get(SLIPS).json()
    assert [s["number"] for s in client.get(everything["next"]).json()["results"]] == list(
        range(60, 10, -1))


def test_the_count_stops_at_the_cap(tcp_table, floor_manager, api_session_for, auditor,
                                    monkeypatch):
    """60 slips, counted up to 55: "more than 55"; a list of one page is its page's rows."""
    _slips(tcp_table, floor_manager, range(1, 61))
    monkeypatch.setattr(selectors, "COUNT_CAP", 55)
    client = api_session_for(auditor)
    body = client.get(SLIPS).json()
    assert (body["count"], body["count_exact"], len(body["results"])) == (55, False, 50)
    last = client.get(body["next"]).json()
    assert (last["count"], last["count_exact"], len(last["results"])) == (55, False, 10)
    one_page = client.get(SLIPS, {"amount_max": "100"}).json()
    assert (one_page["count"], one_page["count_exact"], one_page["results"]) == (0, True, [])


def _plan(sql: str) -> str:
    """The plan of ``sql`` where an index could serve it (sequential scans discouraged: one
    shows only if no index serves the order)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(f"EXPLAIN {sql}")
        else:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}")
        return "\n".join(str(row[-1]) for row in cursor.fetchall())


def _page_query(queries, table: str) -> dict:
    return next(q for q in queries if q["sql"].startswith("SELECT") and f'FROM "{table}"' in
                q["sql"] and "LIMIT 51" in q["sql"])


@pytest.mark.parametrize(("url", "table", "index"), [
    (AUDIT, "casino_auditevent", "audit_"), (SLIPS, "tables_jackpotslip", "unique_slip_number")])
def test_a_deep_page_reads_through_an_index_with_no_offset(tcp_table, floor_manager, keystone,
                                                           api_session_for, auditor, url,
                                                           table, index):
    at = timezone.now() - dt.timedelta(hours=1)
    for n in range(120):
        _events(keystone, at + dt.timedelta(seconds=n), [n])
    _slips(tcp_table, floor_manager, range(1, 121))
    client = api_session_for(auditor)
    second = client.get(client.get(url).json()["next"]).json()["next"]
    with CaptureQueriesContext(connection) as captured:
        assert client.get(second).status_code == 200
    page = _page_query(captured.captured_queries, table)["sql"]
    assert "OFFSET" not in page.upper()
    plan = _plan(page)  # the captured SQL holds its values
    # PostgreSQL names the index; SQLite searches one (its unique index has its own name)
    assert (index if connection.vendor == "postgresql" else f"SEARCH {table} USING") in plan, plan
    assert "Seq Scan" not in plan and "Sort" not in plan and "TEMP B-TREE" not in plan, plan
