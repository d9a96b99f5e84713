"""One status for a refused state change (issue 29): approving an approved version, opening an
open table, submitting an approved layout... is a 409 on every resource, as it always was on
jackpot slips, in the one error shape with the state named in words; the schema declares the
409 on each of those operations. Bad input stays a 400."""

import pytest
from django.utils import timezone

from rulesubmissions import services
from tests.rulesubmissions.test_services import PAYTABLE_F
from tests.tables import floor_builders as fb

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db

SUBMISSIONS = "/api/v1/rules-submissions/"


@pytest.fixture
def schema(client):
    return client.get("/api/schema/", {"format": "json"}).json()


def conflict(response, field: str, message: str) -> None:
    assert response.status_code == 409, response.content
    assert response.json() == {"errors": {field: [message]}}


def declares_409(schema, path: str, method: str = "post") -> None:
    answer = schema["paths"][path][method]["responses"]["409"]
    assert answer["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Errors"}


@pytest.fixture
def second_compliance_officer(make_staff):
    return make_staff("cora", "compliance_officer")


@pytest.fixture
def submitted_v2(keystone, tcp, table_games_manager):
    """Version 2 of Three Card Poker, submitted (version 1, ``tcp``, is approved)."""
    draft = services.submission_new_version(actor=table_games_manager, property=keystone,
                                            game="three_card_poker")
    return services.submission_transition(actor=table_games_manager, submission=draft,
                                          to="submitted")


def test_approving_an_approved_version_is_a_409_naming_its_state(
        api_session_for, compliance_officer, tcp, schema):
    today = timezone.localdate().isoformat()
    conflict(api_session_for(compliance_officer).post(
        f"{SUBMISSIONS}{tcp.pk}/approve/", {"effective_date": today}, format="json"),
        "status", "Version 1 is approved: only a submitted version can be approved")
    for action in ("submit", "approve", "return", "new-version"):
        declares_409(schema, f"/api/v1/rules-submissions/{{id}}/{action}/")


def test_submitting_a_submitted_version_and_changing_it_are_409s(
        api_session_for, table_games_manager, submitted_v2, schema):
    tgm = api_session_for(table_games_manager)
    conflict(tgm.post(f"{SUBMISSIONS}{submitted_v2.pk}/submit/"), "status",
             "Version 2 is submitted: only a draft or a returned version can be submitted")
    changed = "Version 2 is submitted: only a draft or a returned version can be changed; " \
              "create a new version"
    conflict(tgm.patch(f"{SUBMISSIONS}{submitted_v2.pk}/", {"table_maximum": "600.00"},
                       format="json"), "status", changed)
    conflict(tgm.put(f"{SUBMISSIONS}{submitted_v2.pk}/", submitted_v2.terms(), format="json"),
             "status", changed)
    # a second open version of the game: refused by the one still open
    conflict(tgm.post(f"{SUBMISSIONS}{submitted_v2.pk}/new-version/"), "game",
             "version 2 of this game is still submitted; finish it first")
    for method in ("put", "patch"):
        declares_409(schema, "/api/v1/rules-submissions/{id}/", method)
    declares_409(schema, "/api/v1/rules-submissions/")


def test_bad_input_on_a_state_change_stays_a_400(api_session_for, compliance_officer,
                                                 submitted_v2):
    answer = api_session_for(compliance_officer).post(
        f"{SUBMISSIONS}{submitted_v2.pk}/return/", {}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"comment": ["say what must change"]}}


def test_opening_an_open_table_closing_a_closed_one_and_changing_an_open_one_are_409s(
        api_session_for, floor_manager, table_games_manager, open_table, schema):
    fiona = api_session_for(floor_manager)
    conflict(fiona.post(f"/api/v1/tables/{open_table.pk}/open/"), "status",
             "Table TCP-1 is already open.")
    conflict(api_session_for(table_games_manager).patch(
        f"/api/v1/tables/{open_table.pk}/", {"pit": "Pit 2"}, format="json"), "status",
        "Table TCP-1 is open. Close the table before changing its configuration.")
    assert fiona.post(f"/api/v1/tables/{open_table.pk}/close/").status_code == 200
    conflict(fiona.post(f"/api/v1/tables/{open_table.pk}/close/"), "status",
             "Table TCP-1 is already closed.")
    for path, method in (("/api/v1/tables/{id}/open/", "post"),
                         ("/api/v1/tables/{id}/close/", "post"),
                         ("/api/v1/tables/{id}/", "patch")):
        declares_409(schema, path, method)


def test_submitting_approving_or_changing_an_approved_layout_are_409s(
        api_session_for, table_games_manager, compliance_officer, tcp_layout, schema):
    tgm = api_session_for(table_games_manager)
    conflict(tgm.post(f"/api/v1/layouts/{tcp_layout.pk}/submit/"), "status",
             "This layout is approved: it cannot be submitted.")
    conflict(api_session_for(compliance_officer).post(
        f"/api/v1/layouts/{tcp_layout.pk}/approve/", {}, format="json"), "status",
        "This layout is approved: it cannot be approved.")
    conflict(tgm.patch(f"/api/v1/layouts/{tcp_layout.pk}/", {"checked": []}, format="json"),
             "status", "This layout is approved: it cannot be changed.")
    conflict(tgm.post(f"/api/v1/layouts/{tcp_layout.pk}/recheck/"), "status",
             "This layout is approved: no newer Rules Submission version changes what it "
             "must show, so there is nothing to check again.")
    for action in ("submit", "approve", "return", "recheck"):
        declares_409(schema, f"/api/v1/layouts/{{id}}/{action}/")
    declares_409(schema, "/api/v1/layouts/{id}/", "patch")


def test_deciding_again_on_an_approved_paytable_is_a_409(
        api_session_for, compliance_officer, second_compliance_officer, keystone, schema):
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=PAYTABLE_F)
    services.paytable_transition(actor=second_compliance_officer, paytable=proposed,
                                 to="approved")
    conflict(api_session_for(second_compliance_officer).post(
        f"/api/v1/paytables/{proposed.pk}/reject/"), "status",
        "three_card_poker.pair_plus.F is approved, no longer a proposal")
    for decision in ("approve", "reject", "request-retirement", "retire", "keep"):
        declares_409(schema, f"/api/v1/paytables/{{id}}/{decision}/")
