"""POST /api/v1/wagers/: each event accepted, duplicate or rejected with its reason; accepted
events are stored before the answer and applied to the meters exactly once."""

import pytest

from tables.meters import wagers
from tables.models import Meter, WagerEvent
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D

pytestmark = pytest.mark.django_db
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter
linked_tables = mb.linked_tables

URL = "/api/v1/wagers/"


def event(n, table="TCP-1", **over):
    return {"id": f"ev-{n}", "table": table, "seat": 3, "wager": "five_card_progressive",
            "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} | over


@pytest.fixture
def integration(api_for, api_client):
    return api_for(api_client)


def test_accepted_events_are_stored_and_a_repeat_is_a_duplicate(integration, tcp_meter):
    answer = integration.post(URL, [event(1), event(2), event(1)], format="json")
    assert answer.status_code == 200
    assert answer.json() == {"accepted": 2, "duplicate": 1, "rejected": 0, "results": [
        {"id": "ev-1", "status": "accepted"}, {"id": "ev-2", "status": "accepted"},
        {"id": "ev-1", "status": "duplicate"}]}
    again = integration.post(URL, [event(2)], format="json").json()
    assert again["results"] == [{"id": "ev-2", "status": "duplicate"}]
    assert WagerEvent.objects.count() == 2


def test_every_refusal_names_its_reason(integration, tcp_meter, tcp_table, keystone,
                                        tcp_submission):
    mb.open_table(keystone, tcp_submission, "TCP-9").__class__.objects.filter(
        label="TCP-9").update(status="closed")
    batch = [event(1, table="TCP-9"), event(2, wager="pair_plus"),
             event(3, wager="five_card_hand_bonus"), event(4, seat=8),
             event(5, amount="1000.01"), event(6, amount="0.50"), event(7, amount=5.0),
             event(8, placed_at="yesterday"), event(9, colour="red"), "not an event",
             event(10, table="NOPE"), event(11, wager=["five_card_progressive"]),
             event(12, seat=0)]
    results = integration.post(URL, batch, format="json").json()["results"]
    reasons = [r["reason"] for r in results]
    assert all(r["status"] == "rejected" for r in results)
    assert reasons == [
        "table TCP-9 is not open: wagers are accepted only at an open table",
        "Pair Plus Wager (pair_plus) feeds no progressive meter at this table (§605a.7)",
        "'five_card_hand_bonus' is not offered by the table's Rules Submission (§601a.2)",
        "seat 8 is beyond the table's 7 positions",
        # The Five-Card Envy table is written for $1 and $5 wagers (§649a.12(h)): the wager's
        # own amounts, whatever the table limits ($1 to $1,000 here).
        "$1,000.01 is not a Five-Card Progressive Payout Wager amount: paytable M's Envy "
        "Bonuses are set for $1.00 and $5.00 wagers only (§649a.12(h)(1)), and the engine "
        "never guesses a payout",
        "$0.50 is not a Five-Card Progressive Payout Wager amount: paytable M's Envy Bonuses "
        "are set for $1.00 and $5.00 wagers only (§649a.12(h)(1)), and the engine never "
        "guesses a payout",
        'malformed: amount: amounts are decimal strings in dollars, like "5.00"',
        "malformed: placed_at is an ISO time with its offset",
        "malformed: unknown field 'colour'",
        "malformed: each event is a JSON object",
        "no table 'NOPE' at this property",
        'malformed: wager is the wager\'s key, like "five_card_progressive"',
        "malformed: seat is a whole number, 1 or more",
    ]
    assert not WagerEvent.objects.exists()


def test_the_body_must_be_an_array_and_the_role_must_post_wagers(integration, api_session_for,
                                                                 floor_manager, tcp_meter):
    assert integration.post(URL, {"id": "x"}, format="json").json() == {
        "errors": {"detail": ["a JSON array of wager events"]}}
    assert api_session_for(floor_manager).post(URL, [event(1)], format="json").status_code == 403


def test_applying_twice_changes_nothing(integration, tcp_meter, tcp_table):
    integration.post(URL, [event(n) for n in range(40)], format="json")
    assert wagers.wagers_apply(table_id=tcp_table.pk) == 40
    assert wagers.wagers_apply(table_id=tcp_table.pk) == 0
    integration.post(URL, [event(n) for n in range(40)], format="json")  # replayed: duplicates
    assert wagers.wagers_apply(table_id=tcp_table.pk) == 0
    meter = Meter.objects.get()
    # 40 x $5 = $200; 0.5% = $1.00 to the meter, 0.25% = $0.50 to the reserve.
    assert (meter.amount, meter.reserve, meter.wagers_counted) == (D("10001"), D("0.5"), 40)


def test_linked_tables_feed_one_meter(integration, linked_tables, floor_manager):
    from tables.meters import services as meters
    meters.meter_seed(table=linked_tables[0], key="five_card_progressive", actor=floor_manager)
    integration.post(URL, [event(1, table="TCP-L1"), event(2, table="TCP-L2", amount="1.00")],
                     format="json")
    wagers.wagers_apply(table_id=linked_tables[1].pk)
    # $6 at 0.5% = 3 cents, from both tables of the group (§605a.8).
    assert Meter.objects.get().amount == D("10000.03")


def test_the_meter_list_shows_pending_events_and_never_a_trigger(integration, tcp_meter,
                                                                 django_assert_max_num_queries):
    integration.post(URL, [event(1), event(2)], format="json")
    # 8 reads, and the savepoint of the list's one-moment read and its release (issue 29; a
    # request outside a test's transaction has its own transaction instead)
    with django_assert_max_num_queries(10):
        body = integration.get("/api/v1/meters/").json()
    meter = body["results"][0]
    assert meter["pending"] == 2
    assert meter["amount"] == "10000.00"
    assert meter["parameters"] == {"initial": "10000.00", "reset": "10000.00", "rate": "0.5",
                                   "reserve_rate": "0.25", "limit": None,
                                   "submission_version": 1}
    assert "trigger" not in str(body)
    wagers.wagers_apply(table_id=tcp_meter.table_id)
    body = integration.get("/api/v1/meters/").json()["results"][0]
    assert (body["pending"], body["amount"], body["reserve"]) == (0, "10000.05", "0.025")
    ledger = integration.get(f"/api/v1/meters/{tcp_meter.pk}/ledger/").json()
    assert [r["kind"] for r in ledger["results"]] == ["contribution", "seed"]
    assert ledger["results"][0]["wagers_counted"] == 2


def test_other_properties_meters_are_invisible(api_session_for, outsider, tcp_meter):
    client = api_session_for(outsider)
    assert client.get(f"/api/v1/meters/{tcp_meter.pk}/ledger/").status_code == 404


def test_the_guides_example_answers_as_the_guide_says(integration, tcp_meter):
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/integrator.md").read_text()
    section = text[text.index("### `POST /api/v1/wagers/`"):]
    request, answer = (json.loads(b) for b in re.findall(r"```json\n(.*?)```", section,
                                                            re.S)[:2])
    assert integration.post(URL, request, format="json").json() == answer


def test_the_openapi_example_answers_as_the_schema_says(integration, tcp_meter, client):
    from django.urls import reverse

    from tests.tables.test_floor_api import examples, only
    schema = client.get(reverse("api-schema"), {"format": "json"}).json()
    request = only(examples(schema, "/api/v1/wagers/"))
    answer = only(examples(schema, "/api/v1/wagers/", status="200"))
    assert integration.post(URL, request, format="json").json() == answer
