"""The slips page a page at a time (issue 24): "Older slips" and "Newer slips" start at the
number of the page's edge with the filters kept, the count stops at the cap, and no page is
read at an offset."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from casino import selectors
from tables.models import JackpotSlip
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D

tcp_table = sb.tcp_table

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<a href="/floor/slips/\d+/">(\d+)</a>')
LINK = re.compile(r'<a href="\?([^"]*)" id="(older|newer)-page"')


@pytest.fixture
def slips(tcp_table, floor_manager):
    """Slips 1 to 120: the even ones of $300.00, the odd ones of $1,200.00."""
    JackpotSlip.objects.bulk_create(
        JackpotSlip(property=tcp_table.property, number=n, table=tcp_table, game=tcp_table.game,
                    seat=1, wager="pair_plus", wager_name="Pair Plus", wager_amount=D("5.00"),
                    paid_from="table_inventory", award=D("300.00" if n % 2 == 0 else "1200.00"),
                    recorded_by=floor_manager)
        for n in range(1, 121))


def _page(client, query: str | dict = ""):
    """(slip numbers shown, {"older"/"newer": the link's query}, the page's text); ``query``
    a link's query string or a dict of parameters."""
    url = reverse("tables:slip-list")
    answer = client.get(f"{url}?{query}") if isinstance(query, str) else client.get(url, query)
    text = answer.content.decode()
    links = {which: query.replace("&amp;", "&") for query, which in LINK.findall(text)}
    return [int(n) for n in ROW.findall(text)], links, text


def test_older_and_newer_pages_start_at_the_edges_number(slips, client_for, auditor):
    client = client_for(auditor)
    first, links, text = _page(client)
    assert first == list(range(120, 70, -1)) and links == {"older": "older=71"}
    assert "120 slips" in text
    second, links, _ = _page(client, links["older"])
    assert second == list(range(70, 20, -1))
    assert links == {"newer": "newer=70", "older": "older=21"}
    third, links, _ = _page(client, links["older"])
    assert third == list(range(20, 0, -1)) and links == {"newer": "newer=20"}
    back, links, _ = _page(client, links["newer"])
    assert back == second
    newest, links, _ = _page(client, links["newer"])
    assert newest == first and links == {"older": "older=71"}


def test_the_links_keep_the_filters(slips, client_for, auditor):
    """At least $1,000: the 60 odd slips, 119 down to 21, then 19 down to 1."""
    client = client_for(auditor)
    first, links, text = _page(client, {"amount_min": "1000"})
    assert first == list(range(119, 19, -2)) and "60 slips" in text
    assert links == {"older": "amount_min=1000&older=21"}
    second, links, _ = _page(client, links["older"])
    assert second == list(range(19, 0, -2))
    assert links == {"newer": "amount_min=1000&newer=19"}


def test_the_count_stops_at_the_cap(slips, client_for, auditor, monkeypatch):
    monkeypatch.setattr(selectors, "COUNT_CAP", 100)
    _rows, _links, text = _page(client_for(auditor))
    assert "More than 100 slips" in text and "120 slips" not in text


@pytest.mark.parametrize("query", [{"older": "abc"}, {"older": "-5"}, {"newer": "²"},
                                   {"older": "99999999999999999999"}, {"newer": "120"}])
def test_a_number_that_does_not_read_or_leads_nowhere_shows_the_newest(slips, client_for,
                                                                       auditor, query):
    rows, links, _ = _page(client_for(auditor), query)
    assert rows == list(range(120, 70, -1)) and links == {"older": "older=71"}


def test_past_the_oldest_the_page_says_none_match_and_leads_back(slips, client_for, auditor):
    rows, _links, text = _page(client_for(auditor), {"older": "1", "amount_min": "1000"})
    assert rows == [] and "No jackpot slips match." in text
    assert '<a href="?amount_min=1000" id="newer-page">&larr; Newest slips</a>' in text


def test_a_deep_page_is_read_from_its_number_not_at_an_offset(slips, client_for, auditor):
    client = client_for(auditor)
    client.get(reverse("tables:slip-list"))
    with CaptureQueriesContext(connection) as captured:
        client.get(reverse("tables:slip-list"), {"older": "21"})
    reads = [q["sql"] for q in captured.captured_queries
             if q["sql"].startswith("SELECT") and '"tables_jackpotslip"."number" <' in q["sql"]]
    assert reads and all("OFFSET" not in sql.upper() for sql in reads)
    assert all("LIMIT 51" in sql for sql in reads)


@pytest.mark.parametrize("query", ["older=٧١", "older=%2071", "older=7_1", "newer=²"])
def test_a_page_number_in_other_digits_is_read_as_none_never_as_that_number(slips, client_for,
                                                                          auditor, query):
    # int() reads "٧١" (Arabic-Indic) as 71 and "7_1" as 71: a link never writes either, so
    # the list opens at the newest page, as for any number that does not read.
    shown, links, _ = _page(client_for(auditor), query)
    assert shown == list(range(120, 70, -1)) and links == {"older": "older=71"}
