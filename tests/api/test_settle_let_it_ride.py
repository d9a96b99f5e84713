"""Let It Ride through POST /api/v1/engine/settle/ (§643a.11, §643a.12), numbers worked by
hand."""

import pytest

from rulesubmissions import services
from tests.api.conftest import SETTLE_URL

pytestmark = pytest.mark.django_db

GAME = "let_it_ride"


def test_a_royal_flush_under_the_payout_limit_with_progressive_envy_and_hand_bonus(post):
    response = post({
        "options": {"bet_3": "common_1000", "payout_limit": "50000.00"},
        "meters": {"five_card_progressive": "25000.00", "five_card_hand_bonus": "12000.00"},
        "community": ["Js", "Ts"], "magic_card": "Ts",
        "positions": [
            {"seat": 1, "cards": ["As", "Ks", "Qs"],
             "wagers": {"bet_2": "10.00", "bet_3": "10.00", "five_card_progressive": "1.00",
                        "five_card_hand_bonus": "1.00"}},
            {"seat": 2, "cards": ["2c", "2d", "3h"],
             "wagers": {"bet_3": "10.00", "five_card_progressive": "5.00"}},
        ],
    })
    assert response.status_code == 200
    body = response.json()
    royal = body["positions"][0]
    # Bets 2 and 3 at 1,000 to 1 on $10: $10,000 each (under the $50,000 limit); 100% of the
    # $25,000 progressive meter less the $1 stake; 100% of the $12,000 hand-bonus meter less
    # $1; the Magic Card Ts 20 for 1 on $1: $20. Total $57,018.
    assert [(x["wager"], x["net"]) for x in royal["lines"]] == [
        ("bet_2", "10000.00"), ("bet_3", "10000.00"), ("five_card_progressive", "24999.00"),
        ("five_card_hand_bonus", "11999.00"), ("magic_card", "20.00")]
    assert royal["net"] == "57018.00"
    # §643a.11(f)(3)(iv)(D) and (v)(C): percentage-of-meter awards leave neither the table
    # inventory nor go to the game account; the Magic Card is credited to the game account.
    assert [x["paid_from"] for x in royal["lines"]] == [
        "table_inventory", "table_inventory", "not_table_inventory", "not_table_inventory",
        "game_account"]
    other = body["positions"][1]
    # A pair of twos loses $10 and the $5 progressive; the royal flush next door is a $5,000
    # Five-Card Envy Bonus for a $5 wager (§643a.12(e)(5)).
    assert other["lines"][-1] == {
        "wager": "five_card_envy_bonus", "amount": "0.00", "result": "win",
        "odds": "$5,000.00", "net": "5000.00",
        "rule": "§643a.11(f)(3)(iv)(E), §643a.12(e)(5)", "paid_from": "table_inventory",
        "hand": "royal flush", "from_seat": 1}
    assert other["net"] == "4985.00"
    assert {(a["seat"], a["meter"], a["award"]) for a in body["meter_awards"]} == {
        (1, "five_card_progressive", "25000.00"), (1, "five_card_hand_bonus", "12000.00")}


def test_the_payout_limit_is_said_in_the_line(post):
    response = post({
        "options": {"bet_3": "posted_500", "payout_limit": "50000.00"},
        "community": ["Js", "Ts"],
        "positions": [{"seat": 1, "cards": ["As", "Ks", "Qs"],
                       "wagers": {"bet_1": "200.00", "bet_2": "200.00", "bet_3": "200.00"}}],
    })
    assert response.status_code == 200
    lines = response.json()["positions"][0]["lines"]
    # 500 to 1 on three $200 bets would be $300,000; the limit holds it to $50,000.
    assert [x["net"] for x in lines] == ["16666.68", "16666.66", "16666.66"]
    assert lines[0]["odds"] == "500 to 1, limited by the $50,000.00 payout limit"


def test_bad_requests_are_400s_naming_each_field(post):
    response = post({
        "options": {"bet_3": "no_such_table"},
        "community": ["Js", "Js"],
        "positions": [{"seat": 1, "cards": "As Ks",
                       "wagers": {"bet_1": "5.00", "bet_3": "10.00", "ante": "5.00"}}],
    })
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) >= {"options.bet_3", "community", "positions[0].cards",
                           "positions[0].wagers.bet_1", "positions[0].wagers.ante"}


def test_a_malformed_body_is_a_400_not_a_500(post):
    response = post({"positions": "seat one", "community": 12, "meters": []})
    assert response.status_code == 400
    assert set(response.json()["errors"]) >= {"positions", "community"}


FIVE_CARD_BONUS_ROUND = {
    "options": {"bet_3": "common_1000", "five_card_bonus": "newer"},
    "community": ["3s", "7c"],
    "positions": [{"seat": 1, "cards": ["Ac", "Ad", "3h"],
                   "wagers": {"bet_3": "5.00", "five_card_bonus": "2.00"}}],
}
FIVE_CARD_BONUS_NEWER = {
    "id": "let_it_ride.five_card_bonus.newer", "game": "let_it_ride",
    "wager": "five_card_bonus", "name": "newer", "citation": "§643a.12(b)", "source": "primary",
    "rows": [{"hand": "royal_flush", "odds": "1000"}, {"hand": "two_pair", "odds": "3"},
             {"hand": "pair_of_tens_or_better", "odds": "1"}],
}


def test_the_five_card_bonus_settles_once_a_second_officer_approves_its_paytable(
        post, api_session_for, make_staff, compliance_officer, keystone, outsider):
    """§643a.12(b) is not in the excerpts, so no built-in paytable: refused until a compliance
    officer proposes one and a second approves it for the property (§601a.2)."""
    assert "options.five_card_bonus" in post(FIVE_CARD_BONUS_ROUND).json()["errors"]
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=FIVE_CARD_BONUS_NEWER)
    assert post(FIVE_CARD_BONUS_ROUND).status_code == 400
    services.paytable_transition(actor=make_staff("cora", "compliance_officer"),
                                 paytable=proposed, to="approved")
    response = post(FIVE_CARD_BONUS_ROUND)
    assert response.status_code == 200
    # Aces and threes: two pair. Bet 3 at 2 to 1 on $5: $10; the Five Card Bonus at the new
    # table's 3 to 1 on $2: $6. Net $16.
    (seat,) = response.json()["positions"]
    assert [(x["wager"], x["odds"], x["net"], x["rule"]) for x in seat["lines"]] == [
        ("bet_3", "2 to 1", "10.00", "§643a.11(f)(3), §643a.12(a)"),
        ("five_card_bonus", "3 to 1", "6.00", "§643a.11(f)(3)(i), §643a.12(b)")]
    assert seat["net"] == "16.00"
    elsewhere = api_session_for(outsider).post(SETTLE_URL,
                                               {"game": GAME, **FIVE_CARD_BONUS_ROUND},
                                               format="json")
    assert elsewhere.status_code == 400
    assert "options.five_card_bonus" in elsewhere.json()["errors"]
