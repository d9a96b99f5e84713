"""The audit log's values in words for compliance officers and auditors: paytables, statuses,
roles, games, rates, money, booleans and empty values as staff read them; the API keeps the
stored keys for integrations."""

import pytest
from django.urls import reverse

from casino.audit_display import changes, shown
from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db


def _rows(action, before, after):
    return [(c.label, c.before, c.after) for c in changes(before, after, action)]


def test_paytables_read_by_their_catalog_title():
    assert shown("three_card_poker.pair_plus.D", "wagers.pair_plus") == "Pair Plus paytable D"
    assert shown("baccarat.perfect_pairs.A", "paytable_id") == "Perfect Pairs paytable A"
    # One a compliance officer added for the property: named from its wager.
    assert shown("three_card_poker.pair_plus.PA1", "wagers.pair_plus") == (
        "Pair Plus Wager paytable PA1")


def test_statuses_read_by_the_labels_of_their_own_object():
    assert _rows("rulesubmissions.submission.submit", {"status": "draft"},
                 {"status": "submitted"}) == [("Status", "Draft", "Submitted")]
    assert _rows("tables.layout.submit", {"status": "draft"}, {"status": "submitted"}) == [
        ("Status", "Being prepared", "Waiting for compliance")]
    assert _rows("tables.slip.validate", {"status": "recorded"}, {"status": "validated"}) == [
        ("Status", "Waiting for validation", "Validated, to be paid")]
    assert _rows("tables.table.open", {"status": "closed"}, {"status": "open"}) == [
        ("Status", "Closed", "Open")]


def test_roles_read_by_their_labels_and_empty_as_not_set():
    assert _rows("casino.staff.set_role", {"roles": []}, {"roles": ["auditor"]}) == [
        ("Roles", "not set", "Auditor")]
    assert shown(["api_client", "compliance_officer"], "roles") == (
        "API client, Compliance officer")


def test_games_money_rates_booleans_and_nothing():
    assert shown("three_card_poker", "game") == "Three Card Poker"
    assert shown("1000.00", "table_maximum") == "$1,000.00"
    assert shown("100000.00", "payout_limit") == "$100,000.00"
    # Meters keep exact fractions of a cent (§605a.9): shown, not rounded away.
    assert shown("10000.125", "amount") == "$10,000.125"
    assert shown("5", "meters.five_card_progressive.rate") == "5%"
    assert shown("0.5", "reserve_rate") == "0.5%"
    assert shown(True, "progressive_lockout") == "Yes"
    assert shown(False, "options.ez_pai_gow") == "No"
    assert shown("", "payout_limit") == "not set"
    assert shown(None, "effective_date") == "not set"


def test_a_submission_reads_with_the_games_own_names():
    rows = _rows("rulesubmissions.submission.create", None, {
        "game": "three_card_poker", "table_minimum": "5.00",
        "options": {"variant": "none", "ante_bonus": "A", "dealing_procedure": "manual_shoe"},
        "wagers": {"ante": "", "pair_plus": "three_card_poker.pair_plus.D"},
        "meters": {"five_card_progressive": {"rate": "5", "initial": "10000.00"}}})
    assert rows == [
        ("Game", "", "Three Card Poker"),
        ("Table minimum", "", "$5.00"),
        ("Options › Pair Plus and Ante version", "", "Standard (no Envy version)"),
        ("Options › Ante Bonus paytable", "", "Ante Bonus paytable A"),
        ("Options › Dealing procedure", "", "Manual dealing shoe"),
        ("Wagers › Ante Wager", "", "Offered (no paytable)"),
        ("Wagers › Pair Plus Wager", "", "Pair Plus paytable D"),
        ("Meters › Five-Card Progressive › Rate of progression", "", "5%"),
        ("Meters › Five-Card Progressive › Initial amount", "", "$10,000.00"),
    ]


def test_the_page_and_csv_show_words_and_the_api_keeps_keys(client_for, api_session_for,
                                                            auditor, table_games_manager,
                                                            keystone):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    s = services.submission_create(actor=table_games_manager, property=keystone,
                                   terms={**terms, "wagers": {**terms["wagers"],
                                                              "pair_plus": "D"}})
    services.submission_transition(actor=table_games_manager, submission=s, to="submitted")
    page = client_for(auditor).get(reverse("audit_log")).content.decode()
    assert "<th>Wagers › Pair Plus Wager</th><td>Pair Plus paytable D</td>" in page
    assert "<del>Draft</del> → <ins>Submitted</ins>" in page
    assert "three_card_poker" not in page and "pair_plus" not in page
    csv = b"".join(client_for(auditor).get(reverse("audit_log"), {"format": "csv"})
                   .streaming_content).decode()
    assert "Status: Draft → Submitted" in csv and "Game: Three Card Poker" in csv
    api = api_session_for(auditor).get(reverse("api:audit-events"),
                                       {"action": "rulesubmissions.submission.submit"}).json()
    event = api["results"][0] if "results" in api else api[0]
    assert (event["before"]["status"], event["after"]["status"]) == ("draft", "submitted")


def test_a_seeded_meter_names_the_meter_and_its_rules_submission(table_games_manager, keystone):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    s = services.submission_create(actor=table_games_manager, property=keystone, terms=terms)
    assert _rows("tables.meter.seed", None, {"key": "five_card_progressive",
                                             "submission": s.pk, "amount": "10000.00"}) == [
        ("Meter", "", "Five-Card Progressive"),
        ("Rules Submission", "", "Three Card Poker version 1"),
        ("Amount", "", "$10,000.00")]
    assert _rows("tables.layout.approve", {"status": "submitted"},
                 {"status": "approved", "version": 1}) == [
        ("Status", "Waiting for compliance", "Approved"),
        ("Rules Submission version", "", "1")]
