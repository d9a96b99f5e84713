"""Must-Hit-By Mystery Bonus (§631b.6): the trigger is drawn with a cryptographic RNG between
the configuration's minimum and maximum, never shown before the hit; the qualifying wager that
takes the meter past it wins 100% of the meter, which resets and draws a new trigger."""

import pytest

from casino.models import AuditEvent
from rulesubmissions.models import RulesSubmission
from tables import meters, wagers
from tables.models import EntryKind, Meter, MysteryTrigger
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D

pytestmark = pytest.mark.django_db


@pytest.fixture
def mystery(keystone, table_games_manager, compliance_officer, floor_manager):
    submission = mb.approve(keystone, mb.mystery_terms("B-5"), table_games_manager,
                            compliance_officer)
    table = mb.open_table(keystone, submission, "BAC-1")
    return meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)


def post(api, *seats):
    events = [{"id": f"h9-{n}", "table": "BAC-1", "seat": seat,
               "wager": "heavenly_9_progressive", "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"} for n, seat in enumerate(seats)]
    return api.post("/api/v1/wagers/", events, format="json").json()


def test_the_trigger_is_drawn_in_the_configurations_range(mystery):
    # Configuration B-5: minimum $100, maximum $500 (§631b.6(c)(4)).
    trigger = MysteryTrigger.objects.get(meter=mystery)
    assert D("100.01") <= trigger.amount <= D("500.00")
    assert trigger.hit_at is None
    assert (mystery.amount, mystery.mystery_minimum, mystery.mystery_maximum) == (
        D(100), D(100), D(500))


def test_the_wager_past_the_trigger_wins_the_whole_meter(mystery, api_for, api_client):
    MysteryTrigger.objects.filter(meter=mystery).update(amount=D("100.20"))
    api = api_for(api_client)
    assert post(api, 1, 2, 4, 5)["accepted"] == 4
    wagers.wagers_apply(table_id=mystery.table_id)
    # 2% of $5 = $0.10 a wager: $100.10, $100.20 (not in excess of $100.20), $100.30 wins.
    [hit] = mystery.entries.filter(kind=EntryKind.HIT)
    assert (hit.paid, hit.seat, hit.table_id) == (D("100.30"), 4, mystery.table_id)
    meter = Meter.objects.get()
    # Reset to the $100 minimum (§631b.6(c)(5)(iv)), then the fourth wager adds $0.10.
    assert (meter.amount, meter.hits, meter.total_paid) == (D("100.10"), 1, D("100.30"))
    crossed = MysteryTrigger.objects.get(hit_at__isnull=False)
    assert crossed.hit_entry_id == hit.pk
    fresh = MysteryTrigger.objects.get(hit_at__isnull=True)
    assert D("100.01") <= fresh.amount <= D("500.00")
    win = AuditEvent.objects.get(action="tables.meter.mystery_win")
    assert win.after["trigger"] == "100.20" and win.after["seat"] == 4  # auditors, after
    assert wagers.wagers_apply(table_id=mystery.table_id) == 0  # exactly once


def test_no_page_api_or_audit_shows_an_open_trigger(mystery, api_for, api_client):
    trigger = str(MysteryTrigger.objects.get(meter=mystery).amount)
    api = api_for(api_client)
    bodies = [api.get("/api/v1/meters/").content.decode(),
              api.get(f"/api/v1/meters/{mystery.pk}/ledger/").content.decode(),
              str(list(AuditEvent.objects.values_list("before", "after")))]
    assert all(trigger not in b for b in bodies)
    listed = api.get("/api/v1/meters/").json()["results"][0]["parameters"]
    assert listed["must_hit_by"] == {"minimum": "100.00", "maximum": "500.00"}


def test_auditors_see_a_trigger_only_after_its_hit(mystery, api_for, api_client, client_for,
                                                  auditor, floor_manager):
    MysteryTrigger.objects.filter(meter=mystery).update(amount=D("100.15"))
    url = f"/floor/meters/{mystery.pk}/"
    assert "100.15" not in client_for(auditor).get(url).content.decode()
    post(api_for(api_client), 1, 2)
    wagers.wagers_apply(table_id=mystery.table_id)
    page = client_for(auditor).get(url).content.decode()
    assert "Must-Hit-By triggers crossed" in page and "$100.15" in page
    assert "Must-Hit-By triggers crossed" not in client_for(floor_manager).get(url).content.decode()


@pytest.mark.parametrize(("meter", "message"), [
    ({"reset": "150.00"}, r"resets to the minimum dollar value, \$100.00 under configuration B-5 "
                          r"\(§631b.6\(c\)\(5\)\(iv\)\); the Rules Submission sets \$150.00"),
    ({"rate": "3"}, r"rate is 2% of each qualifying wager under configuration B-5 "
                    r"\(§631b.6\(c\)\(4\)\); the Rules Submission sets 3%"),
    ({"initial": "500.00"}, r"starts from \$100.00 up to below \$500.00"),
])
def test_a_must_hit_by_meter_is_seeded_only_as_its_configuration_says(
        keystone, table_games_manager, compliance_officer, floor_manager, meter, message):
    # Validation refuses such terms today (tests/rulesubmissions/test_validation.py); a version
    # approved before that check keeps them, and seeding still refuses it.
    submission = mb.approve(keystone, mb.mystery_terms("B-5"), table_games_manager,
                            compliance_officer)
    terms = {**submission.meters, "must_hit_by": {**submission.meters["must_hit_by"], **meter}}
    RulesSubmission.objects.filter(pk=submission.pk).update(meters=terms)
    submission.refresh_from_db()
    table = mb.open_table(keystone, submission, "BAC-2")
    with pytest.raises(meters.MeterError, match=message):
        meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)
    assert not Meter.objects.exists()


def test_a_heavenly_9_wager_below_the_configurations_minimum_is_refused(
        keystone, table_games_manager, compliance_officer, floor_manager, api_for, api_client):
    # Configuration B-5: the minimum progressive wager is $5 (§631b.6(c)(4)), though the table
    # takes $1.
    terms = mb.mystery_terms("B-5")
    terms["table_minimum"] = "1.00"
    submission = mb.approve(keystone, terms, table_games_manager, compliance_officer)
    table = mb.open_table(keystone, submission, "BAC-1")
    meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)
    events = [{"id": f"m{n}", "table": "BAC-1", "seat": 1, "wager": "heavenly_9_progressive",
               "amount": amount, "placed_at": "2026-11-30T21:15:04-05:00"}
              for n, amount in enumerate(["4.99", "5.00"])]
    answer = api_for(api_client).post("/api/v1/wagers/", events, format="json").json()
    assert answer["results"] == [
        {"id": "m0", "status": "rejected",
         "reason": "$4.99 is below $5.00, the minimum progressive wager of Must-Hit-By "
                   "configuration B-5 (§631b.6(c)(4))"},
        {"id": "m1", "status": "accepted"}]
