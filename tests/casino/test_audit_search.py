"""The audit log people can search: the object picked from a list, the action in words, the
person by name, a date range; a filter that names nothing shows no events and says why; each
change field by field; CSV export of what is filtered."""

import csv
import io
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from casino.audit import target_key
from casino.audit_display import action_name, changes
from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def history(table_games_manager, compliance_officer, keystone):
    """Tara drafts, changes and submits Three Card Poker; Colin Park approves it."""
    tcp_terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    table_games_manager.first_name, table_games_manager.last_name = "Tara", "Grant"
    table_games_manager.save()
    compliance_officer.first_name, compliance_officer.last_name = "Colin", "Park"
    compliance_officer.save()
    s = services.submission_create(actor=table_games_manager, property=keystone, terms=tcp_terms)
    services.submission_update(actor=table_games_manager, submission=s,
                               terms={**tcp_terms, "table_maximum": "600.00"})
    s = services.submission_transition(actor=table_games_manager, submission=s, to="submitted")
    return services.submission_transition(actor=compliance_officer, submission=s,
                                          to="approved", effective_date=timezone.localdate())


def rows(response) -> str:
    html = response.content.decode()
    html = html[html.find('id="audit-table"'):]  # the events, not the chains' status
    return html[html.index("<tbody>"):html.index("</tbody>")]


def test_actions_read_in_words():
    assert action_name("rulesubmissions.submission.approve") == "Rules Submission approved"
    assert action_name("rulesubmissions.paytable.request_retirement") == \
        "Catalog paytable retirement asked"
    assert action_name("tables.slip.void") == "Jackpot slip voided"


def test_approve_as_action_finds_the_approval(client_for, auditor, history):
    for words in ("approve", "Rules Submission approved", "rulesubmissions.submission.approve"):
        found = rows(client_for(auditor).get(reverse("audit_log"), {"action": words}))
        assert found.count('<td class="nowrap">') == 1 and "Rules Submission approved" in found
        assert "Rules Submission submitted" not in found


def test_a_person_is_found_by_name(client_for, auditor, history):
    found = rows(client_for(auditor).get(reverse("audit_log"), {"user": "Colin Park"}))
    assert "Rules Submission approved" in found and "Rules Submission drafted" not in found
    by_first_name = rows(client_for(auditor).get(reverse("audit_log"), {"user": "tara"}))
    assert "Rules Submission submitted" in by_first_name
    assert "Rules Submission approved" not in by_first_name


def test_the_object_is_picked_from_a_list(client_for, auditor, history):
    page = client_for(auditor).get(reverse("audit_log")).content.decode()
    key = target_key(history)
    assert f'<option value="{key}">Three Card Poker v1 (Approved)</option>' in page
    found = rows(client_for(auditor).get(reverse("audit_log"), {"target": key}))
    assert found.count("Rules Submission") == 4  # drafted, changed, submitted, approved


@pytest.mark.parametrize(("query", "field", "why"), [
    ({"target": "Three Card Poker"}, "target", "is not an object of the log"),
    ({"action": "teleported"}, "action", "no action is called"),
    ({"date_from": "2026-12-02", "date_to": "2026-12-01"}, "date_to", "the range ends before"),
    ({"date_from": "yesterday"}, "date_from", "Enter a valid date."),
])
def test_an_invalid_filter_shows_no_events_and_says_why(client_for, auditor, history, query,
                                                        field, why):
    response = client_for(auditor).get(reverse("audit_log"), query)
    html = response.content.decode()
    assert "<strong>No events are shown:</strong>" in html and why in html
    assert f'id="err-{field}"' in html
    assert "No events: correct the filter above." in rows(response)


def test_a_date_range_keeps_the_days_events(client_for, auditor, history):
    today = timezone.localdate()
    kept = rows(client_for(auditor).get(reverse("audit_log"), {
        "date_from": today.isoformat(), "date_to": today.isoformat()}))
    assert "Rules Submission approved" in kept
    tomorrow = (today + timedelta(days=1)).isoformat()
    none = rows(client_for(auditor).get(reverse("audit_log"), {"date_from": tomorrow}))
    assert "No events match." in none


def test_a_change_reads_field_by_field():
    """An update's before and after: only what differs, in words, "not set" for nothing."""
    assert [(c.label, c.before, c.after) for c in changes(
        {"table_maximum": "500.00", "payout_limit": "", "options": {"variant": "none"}},
        {"table_maximum": "600.00", "payout_limit": "", "options": {"variant": "e1"}})] == [
        ("Table maximum", "$500.00", "$600.00"),
        ("Options › Variant", "Standard (no Envy version)", "e1")]
    assert [(c.label, c.before, c.after) for c in changes({"status": "submitted"},
                                                          {"status": "approved",
                                                           "comment": ""})] == [
        ("Status", "Submitted", "Approved"), ("Comment", "", "not set")]


def test_the_page_shows_changes_not_raw_json(client_for, auditor, history):
    found = rows(client_for(auditor).get(reverse("audit_log"),
                                         {"action": "Rules Submission changed"}))
    assert "<th>Table maximum</th><td><del>$1,000.00</del> → <ins>$600.00</ins></td>" in found
    assert "pretty" not in found and '"table_maximum"' not in found


def test_csv_exports_what_is_filtered(client_for, auditor, history):
    response = client_for(auditor).get(reverse("audit_log"), {"action": "approved",
                                                               "format": "csv"})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment;" in response["Content-Disposition"]
    table = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert table[0] == ["When", "Person", "Action", "Object", "Changes"]
    assert len(table) == 2
    assert table[1][1:4] == ["Colin Park", "Rules Submission approved",
                             "Three Card Poker v1 (Approved)"]
    assert "Status: Submitted → Approved" in table[1][4]


def test_the_api_reports_an_unknown_action_against_its_field(api_session_for, auditor, history):
    response = api_session_for(auditor).get("/api/v1/audit-events/", {"action": "teleported"})
    assert response.status_code == 400
    assert response.json() == {"errors": {"action": [
        "no action is called 'teleported': pick one from the list"]}}


def test_the_api_gives_the_action_in_words_beside_its_code(api_session_for, auditor, history):
    events = api_session_for(auditor).get("/api/v1/audit-events/",
                                          {"action": "approved"}).json()["results"]
    assert [(e["action"], e["action_name"]) for e in events] == [
        ("rulesubmissions.submission.approve", "Rules Submission approved")]


def test_the_page_names_actions_in_words_without_their_codes(client_for, auditor, history):
    found = rows(client_for(auditor).get(reverse("audit_log")))
    assert "Rules Submission approved" in found
    assert "rulesubmissions.submission.approve" not in found  # the code stays in the API
