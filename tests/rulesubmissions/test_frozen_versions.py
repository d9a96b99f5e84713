"""Issue 28, item 1: what compliance approved never changes (``rulesubmissions.frozen``). The
database refuses, from the application's connection (the ``casino_app`` role on PostgreSQL
with two roles) and the owner's alike, any change of an approved version's terms or of an
approved catalog paytable's rows; the steps that move them on still go through."""

import pytest
from django.db import connection, transaction

from casino.frozen import FrozenRecord
from rulesubmissions import services
from rulesubmissions.models import CatalogPaytable, RulesSubmission
from tests.frozen import owner_connection, refused, two_roles
from tests.rulesubmissions.test_services import PAYTABLE_F

TERMS = "its terms"


@pytest.mark.parametrize("assignment", [
    "table_maximum = table_maximum + 90000", "table_minimum = 1", "payout_limit = 1",
    "options = '{}'", "wagers = '{}'", "meters = '{}'", "effective_date = NULL",
    "reviewed_by_id = NULL", "author_id = reviewed_by_id", "review_comment = 'fine'",
    "version = 9", "game = 'blackjack'", "supersedes_id = id",
])
def test_an_approved_versions_terms_never_change(approved, assignment):
    refused(f"UPDATE rulesubmissions_rulessubmission SET {assignment} WHERE id = %s",
            [approved.pk], f"is approved: {TERMS}")
    assert RulesSubmission.objects.get(pk=approved.pk).terms() == approved.terms()


@pytest.mark.parametrize("status", ["draft", "submitted", "returned"])
def test_an_approved_version_never_goes_back_to_an_open_status(approved, status):
    refused("UPDATE rulesubmissions_rulessubmission SET status = %s WHERE id = %s",
            [status, approved.pk], "never goes back to being edited")


def test_the_version_text_names_the_record_on_postgresql(approved):
    name = (f"Rules Submission three_card_poker version {approved.version}"
            if connection.vendor == "postgresql" else "An approved Rules Submission version")
    refused("UPDATE rulesubmissions_rulessubmission SET table_maximum = 100000 WHERE id = %s",
            [approved.pk], f"{name} is approved")


def test_a_draft_still_changes_and_a_new_version_is_the_way_to_change_approved_terms(
        approved, draft, table_games_manager, compliance_officer, keystone, tomorrow):
    """A draft's terms change (by the service and in the database); the approved version's
    only through a new version, which supersedes it when approved."""
    assert approved.pk == draft.pk
    with pytest.raises(services.RulesError, match="status"):
        services.submission_update(actor=table_games_manager, submission=approved,
                                   terms=approved.terms())
    newer = services.submission_new_version(actor=table_games_manager, property=keystone,
                                            game=approved.game)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE rulesubmissions_rulessubmission SET table_maximum = 600 "
                       "WHERE id = %s", [newer.pk])
    services.submission_transition(actor=table_games_manager, submission=newer, to="submitted")
    newer = services.submission_transition(actor=compliance_officer, submission=newer,
                                           to="approved", effective_date=tomorrow)
    assert (newer.status, newer.supersedes_id, str(newer.table_maximum)) == (
        "approved", approved.pk, "600.00")
    with transaction.atomic(), connection.cursor() as cursor:  # the step's time may move on
        cursor.execute("UPDATE rulesubmissions_rulessubmission SET updated_at = reviewed_at "
                       "WHERE id = %s", [approved.pk])


def test_the_model_says_why_before_the_database_does(approved):
    version = RulesSubmission.objects.get(pk=approved.pk)
    version.options = {}
    with pytest.raises(FrozenRecord, match=f"Version {approved.version} is approved: its "
                                           f"terms never change"):
        version.save()


# --- Catalog paytables ----------------------------------------------------------------------

@pytest.fixture
def paytable(compliance_officer, second_compliance_officer, keystone):
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=PAYTABLE_F)
    return services.paytable_transition(actor=second_compliance_officer, paytable=proposed,
                                        to="approved")


def test_an_approved_paytables_rows_never_change_while_its_retirement_moves_on(
        paytable, compliance_officer, second_compliance_officer):
    for assignment in ("entry = '{}'", "paytable_id = 'x'", "decided_by_id = NULL",
                       "status = 'proposed'", "status = 'rejected'"):
        refused(f"UPDATE rulesubmissions_catalogpaytable SET {assignment} WHERE id = %s",
                [paytable.pk], "is approved")
    asked = services.paytable_request_retirement(actor=compliance_officer, paytable=paytable,
                                                 reason="Replaced by G")
    kept = services.paytable_decide_retirement(actor=second_compliance_officer, paytable=asked,
                                               to="approved")
    asked = services.paytable_request_retirement(actor=second_compliance_officer,
                                                 paytable=kept, reason="Replaced by G")
    retired = services.paytable_decide_retirement(actor=compliance_officer, paytable=asked,
                                                  to="retired")
    assert retired.status == "retired"
    for assignment in ("retire_reason = 'other'", "status = 'approved'", "entry = '{}'"):
        refused(f"UPDATE rulesubmissions_catalogpaytable SET {assignment} WHERE id = %s",
                [paytable.pk], "is retired or rejected")
    stored = CatalogPaytable.objects.get(pk=paytable.pk)
    assert stored.entry["rows"] == PAYTABLE_F["rows"]
    stored.retire_reason = "other"
    with pytest.raises(FrozenRecord, match="was retired: its rows never change"):
        stored.save()


@pytest.mark.django_db(transaction=True)
def test_the_owner_is_refused_too(approved):
    two_roles()
    import psycopg
    with owner_connection() as owner, pytest.raises(psycopg.Error, match=(
            f"Rules Submission three_card_poker version {approved.version} is approved")):
        owner.execute("UPDATE rulesubmissions_rulessubmission SET payout_limit = 1 "
                      "WHERE id = %s", [approved.pk])
