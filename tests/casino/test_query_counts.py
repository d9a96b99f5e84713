"""What an audited write, a signed-in request and the audit log's page cost in database
statements (issues 23 and 24), pinned so they cannot creep back. Counted without transaction
control (tests/queries.py). An audit event is one statement on PostgreSQL (the database links
it into its property's chain at COMMIT) and two on SQLite (which reads the chain's head first)."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.urls import reverse

from casino import services
from casino.audit import audit_record
from casino.models import AuditEvent, Property
from rulesubmissions import services as submissions
from rulesubmissions.engine import game_spec
from tests.queries import counting
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db


def audit(events: int) -> int:
    return events if connection.vendor == "postgresql" else 2 * events


@pytest.fixture(autouse=True)
def _content_types_read():
    """A server reads each content type once a process; so do these tests, before counting."""
    ContentType.objects.get_for_model(Property)


def _rename(prop, n):
    return services.property_update(actor=None, property=prop, name=f"Keystone Downs {n}",
                                    license_number=prop.license_number)


def test_an_audited_write_costs_its_own_statements_and_one_for_the_event(keystone):
    """Renaming a property: its row locked, its licence number checked unique, its row updated,
    and the audit event (one statement on PostgreSQL)."""
    with counting() as counted:
        _rename(keystone, 1)
    assert counted.of("casino_auditevent", "INSERT") == 1
    assert len(counted) == 3 + audit(1), counted.by_table()
    event = AuditEvent.objects.filter(action="casino.property.update", property=keystone).get()
    assert (event.before["name"], event.after["name"]) == ("Keystone Downs Casino",
                                                           "Keystone Downs 1")


def test_events_cost_the_same_however_many_a_transaction_writes(keystone, lakeside):
    """Six audited writes at two properties in one transaction cost six times one: no event
    reads or locks anything for the events written before it."""
    with counting() as one:
        _rename(keystone, 0)
    with counting() as six, transaction.atomic():
        for n in range(3):
            _rename(keystone, n + 1)
            _rename(lakeside, n + 1)
    assert len(six) == 6 * len(one) == 6 * (3 + audit(1))
    assert AuditEvent.objects.filter(action="casino.property.update").count() == 7


ONCE_EACH = {"django_session": 1, "auth_user": 1, "auth_permission": 1, "casino_property": 1}


def _request_reads(counted) -> dict[str, int]:
    return {table: counted.of(table) for table in ONCE_EACH}


@pytest.mark.parametrize("where", ["page", "api"])
def test_a_signed_in_request_reads_session_user_abilities_and_property_once_each(
        where, client_for, api_session_for, auditor):
    """However often the middleware, the view, DRF's permission and the services ask ``can()``
    (casino/permissions.py caches the answers on the request's user)."""
    client, url = ((client_for(auditor), reverse("dashboard")) if where == "page"
                   else (api_session_for(auditor), reverse("api:audit-events")))
    assert client.get(url).status_code == 200  # the session's idle clock written (once a minute)
    with counting() as counted:
        assert client.get(url).status_code == 200
    assert _request_reads(counted) == ONCE_EACH, counted.by_table()


def test_a_token_request_reads_token_abilities_and_property_once_each(api_for, api_client):
    api = api_for(api_client)
    assert api.get("/api/v1/jackpot-slips/").status_code == 200
    with counting() as counted:
        assert api.get("/api/v1/jackpot-slips/").status_code == 200
    # knox reads the token with its user, then the user's other tokens (expired ones go)
    assert counted.of("knox_authtoken") == 2 and counted.of("auth_user") == 0
    assert counted.of("auth_permission") == counted.of("casino_property") == 1
    assert len(counted) == 5, counted.by_table()  # and the page of slips (one page: nothing counted)


# Page 1 of /audit/ (issue 24): the request's own reads (ONCE_EACH), a page of events, a count
# that stops at 10,001, the staff (the person suggestions), each chain's latest check (issue 28,
# casino/chain_status.py: one query, whatever the number of chains), and each name a value
# needs once.
AUDIT_PAGE = len(ONCE_EACH) + 4


def _seeded(keystone, submission, n):
    """``n`` events whose changes name the property and a Rules Submission (as a meter's seed
    does): each name is read from its table."""
    for i in range(n):
        audit_record(actor=None, action="tables.meter.seed", target=keystone,
                     after={"property": keystone.pk, "submission": submission.pk, "n": i})


def test_the_audit_page_costs_the_same_however_many_events_it_shows(
        client_for, auditor, keystone, table_games_manager):
    """One event or a full page naming the same property and Rules Submission: the same
    statements, the property's name and the submission's read once each (no read per event),
    nothing else read from the log (no objects, no action codes unless an action is asked)."""
    spec = game_spec("three_card_poker")
    submission = submissions.submission_create(actor=table_games_manager, property=keystone,
                                               terms=terms_for(spec))
    client = client_for(auditor)
    assert client.get(reverse("audit_log")).status_code == 200  # the session's idle clock
    _seeded(keystone, submission, 1)
    with counting() as one:
        page = client.get(reverse("audit_log"))
    _seeded(keystone, submission, 60)
    with counting() as full:
        page = client.get(reverse("audit_log"))
    assert page.content.decode().count("<td>Three Card Poker version 1</td>") == 50
    assert len(one) == len(full) == AUDIT_PAGE + 2, full.by_table()
    log = [sql for sql in full.statements if "casino_auditevent" in sql]
    assert len(log) == 2 and "LIMIT 10001" in log[1]  # the page, then its count
    assert full.of("casino_property") == 2  # the request's property, then the name once
    assert full.of("rulesubmissions_rulessubmission") == 1
