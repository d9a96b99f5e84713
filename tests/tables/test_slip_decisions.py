"""Who may validate, pay, ask to void and confirm the void of a jackpot slip: one decision
(``tables.slips.decisions``) that the slip's page, the API and the services all ask (issue 31).

Each case is (the slip's state, who acts, the step) -> allowed, or refused by what (the role, the
person, the slip's state) and the reason's words. The agreement test shows the page's button
exactly when the API accepts, and a refusal the API answers with the decision's own reason.
The people: fiona (floor manager) records every slip; felix and paula are floorpersons; ada
the auditor only reads.
"""

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils.html import escape

from tables.slips import decisions
from tables.slips import services as slips
from tables.slips.api import RECORD_EXAMPLE
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round, validate

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db

ROYAL = RECORD_EXAMPLE["round"]  # seat 1: a royal flush on the Five-Card Progressive
WITH_ENVY = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                      position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
                      community="Jh Th")
PAID_NO_VOID = ("Slip 1 was paid: a paid slip is never voided and nothing goes back on a meter "
                "for money already handed out.")
BUTTON = {"validate": "validate-button", "pay": "pay-button", "ask": "void-button",
          "confirm": "void-confirm-button"}


@pytest.fixture
def people(floor_manager, floorperson, second_floorperson, auditor):
    return {"fiona": floor_manager, "felix": floorperson, "paula": second_floorperson,
            "ada": auditor}


@pytest.fixture
def slip_in(tcp_table, record, people):
    """``slip_in(state)`` -> the slip the cases act on, brought to ``state`` by the services."""

    def make(state):
        felix, paula = people["felix"], people["paula"]
        if state == "earlier_unpaid":  # two royals on one meter: slip 2 waits for slip 1
            validate(record(tcp_table, 1, "five_card_progressive", ROYAL), felix)
            return validate(record(tcp_table, 1, "five_card_progressive", ROYAL), felix)
        if state == "envy":
            return record(tcp_table, 1, "five_card_progressive", WITH_ENVY).companions.get()
        slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
        if state in ("validated", "paid"):
            slip = validate(slip, felix)
        if state == "paid":
            slip = slips.slip_pay(slip=slip, actor=paula)
        if state == "void_asked":
            slip = slips.slip_void(slip=slip, actor=felix, data={"reason": "Wrong seat recorded"})
        return type(slip).objects.get(pk=slip.pk)

    return make


# (state, who, step) -> (allowed, refused by, words the reason holds)
CASES = [
    ("recorded", "felix", "validate", True, "", ""),
    ("recorded", "fiona", "validate", False, "person",
     "fiona recorded slip 1 and cannot validate it: a second floorperson or above must "
     "(§649a.11(c)(5)(iii))."),
    ("recorded", "ada", "validate", False, "ability", "Your role does not validate"),
    ("validated", "felix", "validate", False, "state",
     "Slip 1 is validated, to be paid: only a recorded jackpot slip can be validated."),
    ("recorded", "paula", "pay", False, "state",
     "Slip 1 is waiting for validation: only a validated slip can be paid."),
    ("validated", "paula", "pay", True, "", ""),
    ("validated", "ada", "pay", False, "ability", "Your role does not pay"),
    ("earlier_unpaid", "paula", "pay", False, "state",
     "Slip 1 ($20,000.00, table TCP-1, seat 1) was recorded against the"),
    ("recorded", "felix", "ask", True, "", ""),
    ("recorded", "ada", "ask", False, "ability", "Your role does not void"),
    ("paid", "felix", "ask", False, "state", PAID_NO_VOID),
    ("envy", "felix", "ask", False, "state",
     "Slip 2 is an envy bonus of jackpot slip 1: it is voided with that slip."),
    ("void_asked", "paula", "ask", False, "state",
     'Slip 1 already has an open void request, asked by felix: "Wrong seat recorded".'),
    ("recorded", "fiona", "confirm", False, "state", "Slip 1 has no void request to confirm"),
    ("void_asked", "felix", "confirm", False, "person",
     'A second person must confirm the void: felix asked for it ("Wrong seat recorded") and '
     'cannot.'),
    ("void_asked", "fiona", "confirm", True, "", ""),
]


def decide(step, user, slip):
    if step == "validate":
        return decisions.may_validate(user, slip)
    if step == "pay":
        return decisions.may_pay(user, slip, earlier=slips.earlier_unpaid(slip))
    if step == "ask":
        return decisions.may_ask_void(user, slip)
    return decisions.may_confirm_void(user, slip)


@pytest.mark.parametrize(("state", "who", "step", "allowed", "by", "words"), CASES)
def test_each_decision_answers_the_case(slip_in, people, state, who, step, allowed, by, words):
    decision = decide(step, people[who], slip_in(state))
    assert (decision.allowed, decision.by) == (allowed, by)
    assert words in decision.reason


API_BODY = {"validate": {"total": "20000.00"}, "pay": {}, "ask": {"reason": "Wrong seat"},
            "confirm": {}}
API_PATH = {"validate": "validate/", "pay": "pay/", "ask": "void/", "confirm": "void/confirm/"}
STATUS = {"": 200, "ability": 403, "person": 400, "state": 409}


@pytest.mark.parametrize(("state", "who", "step", "allowed", "by", "words"), CASES)
def test_the_page_the_api_and_the_service_agree(slip_in, people, client_for, api_session_for,
                                                state, who, step, allowed, by, words):
    """The page shows the step's button iff the API accepts it; a refusal the page explains
    (the person's, the slip's state where the slip is at that step) is the API's answer."""
    slip, user = slip_in(state), people[who]
    decision = decide(step, user, slip)
    page = client_for(user).get(reverse("tables:slip-detail", args=[slip.pk])).content.decode()
    assert (f'id="{BUTTON[step]}"' in page) == decision.allowed
    if decision.says:
        assert escape(decision.says) in page
    with transaction.atomic():  # each case acts once, on the state it was built in
        answer = api_session_for(user).post(
            f"/api/v1/jackpot-slips/{slip.pk}/{API_PATH[step]}", API_BODY[step], format="json")
        transaction.set_rollback(True)
    assert answer.status_code == STATUS[by]
    if by in ("person", "state"):
        assert answer.json()["errors"] == {decision.field: [decision.reason]}


def test_a_paid_slips_page_says_why_it_cannot_be_voided(slip_in, people, client_for):
    slip = slip_in("paid")
    page = client_for(people["fiona"]).get(reverse("tables:slip-detail", args=[slip.pk]))
    assert 'id="no-void"' in page.content.decode() and escape(PAID_NO_VOID) in page.content.decode()
    assert 'id="void-button"' not in page.content.decode()
