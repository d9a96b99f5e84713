"""Audit log pages that do not read the whole log (issue 24): people from the staff, action
words from the registries (the log's codes, by a loose scan of the action index, only when an
action is searched), objects to pick from the events shown, counts that stop counting, keyset
pages, a person found among the users; the CSV export streamed in keyset chunks and safe to
open in a spreadsheet."""

import csv
import datetime as dt
import io
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from casino import selectors
from casino.audit import audit_record
from casino.audit_display import action_name
from casino.models import AuditEvent

pytestmark = pytest.mark.django_db


def _write(prop, n, actor=None):
    for i in range(n):
        audit_record(actor=actor, action=f"casino.test.event{i % 7}", target=prop,
                     after={"i": i})


def _page_sql(client, **query) -> list[str]:
    with CaptureQueriesContext(connection) as done:
        response = client.get(reverse("audit_log"), query)
    assert response.status_code == 200
    return [q["sql"] for q in done.captured_queries]


def _reads_of_the_log(sqls):
    return [sql for sql in sqls if "casino_auditevent" in sql]


def test_the_page_reads_as_much_of_a_long_log_as_of_a_short_one(client_for, auditor, keystone):
    client = client_for(auditor)
    client.get(reverse("audit_log"))  # the session's first write is not the page's
    _write(keystone, 60)  # a page of them
    short = _page_sql(client)
    _write(keystone, 300)
    long = _page_sql(client)
    assert len(long) == len(short)
    log = _reads_of_the_log(long)
    assert not any("DISTINCT" in sql.upper() or "OFFSET" in sql.upper() for sql in log)
    counts = [sql for sql in log if "COUNT(" in sql.upper()]
    assert len(counts) == 1 and "LIMIT 10001" in counts[0]  # a count that stops
    assert len(log) == 2  # the page and its count: no objects or action codes from the log
    searched = _reads_of_the_log(_page_sql(client, action="event3"))
    assert len(searched) == 3 and "WITH RECURSIVE" in searched[0]  # the codes, when asked


def test_a_count_stops_counting(client_for, auditor, keystone, monkeypatch):
    client = client_for(auditor)
    client.get(reverse("audit_log"))  # signed in (an event of its own)
    monkeypatch.setattr(selectors, "COUNT_CAP", 20)
    _write(keystone, 30)
    page = client.get(reverse("audit_log")).text
    assert "More than 20 events" in page
    assert "Page 1 of" not in page  # no page count without an exact count
    monkeypatch.setattr(selectors, "COUNT_CAP", 1000)
    total = selectors.audit_event_list(user=auditor).count()
    assert f"{total} events" in client.get(reverse("audit_log")).text


def test_keyset_pages_keep_every_event_once_when_many_share_a_time(keystone, auditor):
    """Fifteen events recorded in the same microsecond: pages of four by (time, id), newest
    first, then back again, each event exactly once."""
    at = timezone.now() - dt.timedelta(hours=1)
    for i in range(15):
        AuditEvent(created_at=at, property=keystone, action="casino.test.tie",
                   after={"i": i}).save()
    events = selectors.audit_event_list(user=auditor).filter(action="casino.test.tie")
    seen, page = [], selectors.keyset_page(events, size=4)
    while True:
        seen += [e.after["i"] for e in page.events]
        if not page.older:
            break
        page = selectors.keyset_page(events, older_than=page.older, size=4)
    assert seen == list(range(14, -1, -1))
    back = []
    while page.newer:
        page = selectors.keyset_page(events, newer_than=page.newer, size=4)
        back = [e.after["i"] for e in page.events] + back
    assert back == list(range(14, 2, -1))  # the pages before the last one (3 to 0)
    assert [e.after["i"] for e in selectors.in_chunks(events, size=4)] == seen


def test_people_come_from_the_staff_not_from_the_log(client_for, auditor, make_staff,
                                                    lakeside):
    quiet = make_staff("quinn", "floorperson")  # at Keystone, has done nothing
    quiet.first_name, quiet.last_name = "Quinn", "Hale"
    quiet.save()
    make_staff("lars", "floorperson", lakeside)  # another property's staff
    people = selectors.audit_people(user=auditor)
    assert "Quinn Hale" in people and "lars" not in people


def test_a_person_is_found_among_the_users_and_system_is_no_one(client_for, auditor, keystone,
                                                                compliance_officer):
    compliance_officer.first_name, compliance_officer.last_name = "Colin", "Park"
    compliance_officer.save()
    audit_record(actor=compliance_officer, action="casino.property.inspect", target=keystone)
    audit_record(actor=None, action="casino.property.recount", target=keystone)
    by_name = selectors.audit_event_list(user=auditor, username="colin park")
    assert set(by_name.values_list("action", flat=True)) >= {"casino.property.inspect"}
    assert "casino.property.recount" not in set(by_name.values_list("action", flat=True))
    assert "casino.property.recount" in set(selectors.audit_event_list(
        user=auditor, username="system").values_list("action", flat=True))
    sql = str(by_name.query)
    assert "auth_user" in sql and "actor_repr" not in sql.split("WHERE", 1)[1]


def test_the_actions_are_every_code_of_the_log(keystone):
    _write(keystone, 7)
    codes = selectors.recorded_actions()
    assert {f"casino.test.event{i}" for i in range(7)} <= set(codes)
    assert codes == sorted(set(AuditEvent.objects.values_list("action", flat=True)))


def test_the_export_streams_every_event_in_keyset_chunks(client_for, auditor, keystone,
                                                         monkeypatch):
    real = selectors.in_chunks
    monkeypatch.setattr(selectors, "in_chunks", lambda qs, size=1000: real(qs, size=7))
    _write(keystone, 30)
    response = client_for(auditor).get(reverse("audit_log"), {"format": "csv"})
    assert response.streaming
    table = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    total = selectors.audit_event_list(user=auditor).count()
    assert len(table) == 1 + total
    times = [row[0] for row in table[1:]]
    assert times == sorted(times, reverse=True)


def test_exported_cells_cannot_run_as_spreadsheet_formulas(client_for, auditor, keystone):
    keystone.name = '=HYPERLINK("http://evil.example","Click")'
    audit_record(actor=None, action="casino.property.inspect", target=keystone,
                 after={"note": "+1 555 0100", "amount": "-12.50"})
    response = client_for(auditor).get(reverse("audit_log"), {"format": "csv",
                                                               "action": "inspect"})
    table = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert table[1][3] == "'" + str(keystone)
    assert table[1][4] == "Note: +1 555 0100; Amount: -$12.50"  # starts with a letter


def _options(html: str, select: str) -> list[str]:
    body = html[html.index(f'<select name="{select}"'):]
    return re.findall(r'<option value="([^"]*)"', body[:body.index("</select>")])


def test_the_objects_to_pick_are_those_of_the_events_shown(client_for, auditor, keystone,
                                                           lakeside, compliance_officer):
    """An object whose events are all older than the page is not offered (nothing reads the
    log for a list), unless it is the one chosen; then its events show and it is kept."""
    audit_record(actor=None, action="casino.property.inspect", target=compliance_officer,
                 property=keystone)
    _write(keystone, 60)
    user = f"auth.user:{compliance_officer.pk}"
    client = client_for(auditor)
    offered = _options(client.get(reverse("audit_log")).text, "target")
    assert f"casino.property:{keystone.pk}" in offered and user not in offered
    chosen = client.get(reverse("audit_log"), {"target": user}).text
    assert _options(chosen, "target") == ["", user]
    assert f'<option value="{user}" selected>colin</option>' in chosen
    tomorrow = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    none_shown = client.get(reverse("audit_log"), {"target": user, "date_from": tomorrow}).text
    # None of its events on the page: its latest name in the log, never a bare number
    assert f'<option value="{user}" selected>colin</option>' in none_shown
    unknown = client.get(reverse("audit_log"), {"target": "auth.user:99999"}).text
    assert '<option value="auth.user:99999" selected>Person #99999</option>' in unknown


def test_the_htmx_table_brings_the_object_list_of_its_events(client_for, auditor, keystone):
    _write(keystone, 3)
    response = client_for(auditor).get(reverse("audit_log"), {"action": "event1"},
                                       HTTP_HX_REQUEST="true")
    select = response.text[response.text.index("<select"):].split(">", 1)[0]
    assert 'name="target"' in select and 'hx-swap-oob="true"' in select
    assert _options(response.text, "target") == ["", f"casino.property:{keystone.pk}"]


def test_action_suggestions_come_from_the_registries_not_the_log(client_for, auditor, keystone):
    _write(keystone, 7)
    page = client_for(auditor).get(reverse("audit_log")).text
    suggested = re.findall(r'<option value="([^"]*)">',
                           page[page.index('<datalist id="audit-actions">'):])
    # The apps' objects (casino/registry.py), whole names and verbs; not the log's odd codes.
    assert {"Jackpot slip", "Rules Submission", "Sign-in failed", "approved"} <= set(suggested)
    assert action_name("casino.test.event0") not in suggested
    assert len(suggested) == len({s.lower() for s in suggested})
