"""A void asked and a void confirmed at the same moment, and two asks at once, on PostgreSQL with
real threads (each its own connection), 50 times each (issue 29): never a 500, never two open
requests, and the loser's 409 names the person by their full name and what happened. Before,
the slip's row lock re-read the slip but not the person joined to it: a confirmation that
waited for a request found ``void_requested_by`` None (a 500), and a second ask named "the
system"."""

import pytest
from django.db import connection

from casino.formats import moment
from tables.models import JackpotSlip, SlipStatus
from tables.slips import services as slips
from tables.slips.errors import SlipConflict
from tests.audit_events import actions_about, events_about
from tests.ci import in_ci
from tests.tables import slip_builders as sb
from tests.tables.test_slip_concurrency import royal
from tests.threads import at_once

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db(transaction=True)
RACES = 50
NAMES = {"fiona": ("Fiona", "Marsh"), "felix": ("Felix", "Porter"), "paula": ("Paula", "Diaz")}
SECOND_ASK = ("A second person confirms it (on the slip's page, or POST .../void/confirm/); "
              "a second request is never a confirmation.")


@pytest.fixture(autouse=True)
def _postgresql():
    """Row locks are PostgreSQL's: skipped locally on SQLite, a failure in CI."""
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run the void race tests on PostgreSQL (DATABASE_URL)")
        pytest.skip("row locks need PostgreSQL")


@pytest.fixture
def people(floor_manager, floorperson, second_floorperson):
    """Three people who may void, each with a full name on file."""
    for user in (floor_manager, floorperson, second_floorperson):
        user.first_name, user.last_name = NAMES[user.username]
        user.save(update_fields=["first_name", "last_name"])
    return floor_manager, floorperson, second_floorperson


def ask(slip, actor, reason):
    return lambda: slips.slip_void(slip=slip, actor=actor, data={"reason": reason})


def only_conflicts(results, n):
    """No 500: every call either won (the slip) or lost with a 409 (``SlipConflict``)."""
    for result in results:
        assert isinstance(result, JackpotSlip | SlipConflict), (n, result)


def test_two_void_requests_at_once_one_wins_and_the_other_names_who_asked(
        tcp_table, record, people):
    fiona, felix, _ = people
    for n in range(RACES):
        slip = record(tcp_table, 1, "five_card_progressive", royal(1))
        results = at_once(ask(slip, fiona, f"Wrong seat {n}"), ask(slip, felix, f"Misdeal {n}"))
        only_conflicts(results, n)
        won = [i for i, r in enumerate(results) if isinstance(r, JackpotSlip)]
        assert len(won) == 1, (n, results)
        winner, reason = [("Fiona Marsh", f"Wrong seat {n}"), ("Felix Porter", f"Misdeal {n}")][
            won[0]]
        assert results[1 - won[0]].errors == {"void": [
            f'Slip {slip.number} already has an open void request, asked by {winner}: '
            f'"{reason}". {SECOND_ASK}']}, n
        slip.refresh_from_db()
        assert (slip.void_requested_by.get_full_name(), slip.void_reason) == (winner, reason)
        assert slip.status != SlipStatus.VOIDED
        assert actions_about(slip).count("tables.slip.void_request") == 1


def test_a_void_asked_and_confirmed_at_once_never_answer_a_500(tcp_table, record, people):
    # No request is open: whichever takes the slip's lock first decides. The confirmation first:
    # there is nothing to confirm (a 409) and the request stands. The request first: the
    # confirmation, which waited, reads the request (and who asked) and confirms it, as it
    # would have a moment later. Either way the request is made, and never a 500.
    fiona, felix, _ = people
    outcomes = set()
    for n in range(RACES):
        slip = record(tcp_table, 1, "five_card_progressive", royal(1))
        results = at_once(ask(slip, fiona, f"Wrong seat {n}"),
                          lambda s=slip: slips.slip_void_confirm(slip=s, actor=felix))
        only_conflicts(results, n)
        assert isinstance(results[0], JackpotSlip), (n, results)
        slip.refresh_from_db()
        assert (slip.void_requested_by, slip.void_reason) == (fiona, f"Wrong seat {n}")
        if isinstance(results[1], SlipConflict):
            outcomes.add("nothing to confirm")
            assert results[1].errors == {"void": [
                f"Slip {slip.number} has no void request to confirm: one person asks, with "
                f"the reason (POST .../void/), another confirms."]}, n
            assert slip.status != SlipStatus.VOIDED
        else:
            outcomes.add("confirmed")
            assert (slip.status, slip.voided_by) == (SlipStatus.VOIDED, felix), n
            assert events_about(slip).get(action="tables.slip.void").after[
                "requested_by"] == "fiona"
    assert outcomes <= {"nothing to confirm", "confirmed"}


def test_a_confirmation_and_a_second_request_at_once_one_wins_and_the_loser_reads_why(
        tcp_table, record, people):
    # Felix asked; Fiona confirms while Paula asks again: the confirmation always wins. The
    # second request reads Felix's open request (it came first) or Fiona's void (it came
    # second), by name.
    fiona, felix, paula = people
    for n in range(RACES):
        slip = record(tcp_table, 1, "five_card_progressive", royal(1))
        slips.slip_void(slip=slip, actor=felix, data={"reason": f"Misdeal {n}"})
        results = at_once(lambda s=slip: slips.slip_void_confirm(slip=s, actor=fiona),
                          ask(slip, paula, f"Wrong seat {n}"))
        only_conflicts(results, n)
        assert isinstance(results[0], JackpotSlip) and isinstance(results[1], SlipConflict), (
            n, results)
        slip.refresh_from_db()
        assert (slip.status, slip.voided_by, slip.void_requested_by) == (
            SlipStatus.VOIDED, fiona, felix)
        assert results[1].errors in (
            {"void": [f'Slip {slip.number} already has an open void request, asked by Felix '
                      f'Porter: "Misdeal {n}". {SECOND_ASK}']},
            {"status": [f"Slip {slip.number} is already void: Fiona Marsh confirmed the void "
                        f"at {moment(slip.voided_at)}, asked "
                        f'by Felix Porter ("Misdeal {n}").']}), n
