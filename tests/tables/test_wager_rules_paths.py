"""Wager rules decided once, by the engine (games.wager_rules), and applied alike by table
settle, the wager feed and slip recording: the two cases of issue 19."""

import pytest

import games
from rulesubmissions.engine import game_spec
from tables.floor.services import table_settle
from tables.meters import services as meters
from tables.meters import wagers
from tables.models import Meter, WagerEvent
from tables.slips import services as slips
from tests.rulesubmissions.builders import terms_for
from tests.tables import meter_builders as mb
from tests.tables.slip_builders import D, approve, open_table, position

pytestmark = pytest.mark.django_db

PLACED = "2026-11-30T21:15:04-05:00"


def feed(api, table, wager, amount, n=1):
    events = [{"id": f"{table.label}-{wager}-{amount}-{i}", "table": table.label, "seat": 2,
               "wager": wager, "amount": amount, "placed_at": PLACED} for i in range(n)]
    return api.post("/api/v1/wagers/", events, format="json").json()["results"]


@pytest.fixture
def heavenly(keystone, table_games_manager, compliance_officer, floor_manager):
    """Baccarat, $5-$500, with Heavenly 9 and Must-Hit-By configuration A-2, whose minimum
    progressive wager is $2 (§631b.6(c)(4): $100 to $200 at 1.5%)."""
    terms = mb.mystery_terms("A-2")
    terms["meters"]["must_hit_by"] = {"initial": "100.00", "reset": "100.00", "rate": "1.5"}
    terms["table_maximum"] = "500.00"
    table = mb.open_table(keystone, approve(keystone, terms, table_games_manager,
                                            compliance_officer), "BAC-1")
    for key in ("heavenly_9_progressive", "must_hit_by"):
        meters.meter_seed(table=table, key=key, actor=floor_manager)
    return table


def test_a_two_dollar_heavenly_9_wager_is_refused_by_the_feed_as_by_table_settle(
        heavenly, api_for, api_client):
    # §631b.2(c): "a Heavenly 9 Progressive Baccarat wager of no less than $5", whatever the
    # configuration's $2 minimum: table settle refuses it, and the feed credits it to neither
    # meter.
    words = "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c))"
    body = {"player_cards": ["4s", "3h"], "banker_cards": ["Ts", "6d"],
            "positions": [{"seat": 2, "wagers": {"tie": "5.00",
                                                 "heavenly_9_progressive": "2.00"}}]}
    with pytest.raises(games.InvalidRound) as refused:
        table_settle(table=heavenly, body=body)
    assert refused.value.errors["positions[0].wagers.heavenly_9_progressive"] == [words]
    results = feed(api_for(api_client), heavenly, "heavenly_9_progressive", "2.00")
    assert results == [{"id": "BAC-1-heavenly_9_progressive-2.00-0", "status": "rejected",
                        "reason": words}]
    assert not WagerEvent.objects.exists()
    before = dict(Meter.objects.values_list("key", "amount"))
    wagers.wagers_apply(table_id=heavenly.pk)
    assert dict(Meter.objects.values_list("key", "amount")) == before
    assert feed(api_for(api_client), heavenly, "heavenly_9_progressive", "5.00")[0][
        "status"] == "accepted"


@pytest.fixture
def let_it_ride(keystone, table_games_manager, compliance_officer, floor_manager):
    """Let It Ride, table limits $5-$500, with the Five-Card Progressive: its Envy table is
    written for $1 and $5 wagers (§643a.12(e)(5)); the meter starts at $10,000 (§643a.12(e)(3))
    and takes 5% of each wager."""
    terms = terms_for(game_spec("let_it_ride"), offer=["five_card_progressive"])
    terms["table_maximum"] = "500.00"
    terms["meters"]["five_card_progressive"] = {"initial": "10000.00", "reset": "10000.00",
                                                "rate": "5"}
    return open_table(keystone, approve(keystone, terms, table_games_manager,
                                        compliance_officer), "LIR-1", floor_manager)


def test_a_one_dollar_five_card_progressive_wager_is_taken_below_the_table_minimum(
        let_it_ride, api_for, api_client, floor_manager):
    # The table limits ($5 to $500) are the Let It Ride Wagers'; the progressive wager's
    # amount is its own term: $1 or $5. The feed takes $1 (5% = 5 cents to the meter), refuses
    # $2 as the engine does, and table settle and slip recording take the $1 wager as well.
    api = api_for(api_client)
    assert [r["status"] for r in feed(api, let_it_ride, "five_card_progressive", "1.00")] == [
        "accepted"]
    (refused,) = feed(api, let_it_ride, "five_card_progressive", "2.00")
    assert refused["reason"] == (
        "$2.00 is not a Five-Card Progressive Payout Wager amount: paytable standard's Envy "
        "Bonuses are set for $1.00 and $5.00 wagers only (§643a.12(e)), and the engine never "
        "guesses a payout")
    wagers.wagers_apply(table_id=let_it_ride.pk)
    assert Meter.objects.get(key="five_card_progressive").amount == D("10000.05")
    body = {"community": ["6h", "5h"],
            "positions": [position(2, "9h 8h 7h", bet_3="5.00", five_card_progressive="1.00")]}
    assert table_settle(table=let_it_ride, body=body)["positions"][0]["seat"] == 2
    with pytest.raises(games.InvalidRound) as low:
        table_settle(table=let_it_ride, body={**body, "positions": [
            position(2, "9h 8h 7h", bet_3="1.00", five_card_progressive="1.00")]})
    assert low.value.errors == {"positions[0].wagers.bet_3": [
        "$1.00 is outside the table limits ($5.00 to $500.00, §601a.2)"]}
    # A straight flush 9-5 of hearts: 10% of the $10,000.05 meter, $1,000.00 (down to the
    # cent, §643a.12(e)(1)), recorded on the $1 wager.
    slip = slips.slip_record(table=let_it_ride, actor=floor_manager, data={
        "seat": 2, "wager": "five_card_progressive", "round": body})
    assert (slip.wager_amount, slip.award, slip.meter_before) == (D("1.00"), D("1000.00"),
                                                                  D("10000.05"))
