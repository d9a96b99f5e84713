"""Must-Hit-By Mystery Bonus (§631b.6): the trigger is drawn with a cryptographic RNG between
the configuration's minimum and maximum, never shown before the hit; the qualifying wager that
takes the meter past it wins 100% of the meter, which resets and draws a new trigger; a jackpot
slip for the table and seat waits for a floorperson or above to validate it, then is paid."""

import pytest

from casino.models import AuditEvent
from rulesubmissions import services as submissions
from rulesubmissions.models import RulesSubmission
from tables.meters import services as meters
from tables.meters import wagers
from tables.models import EntryKind, JackpotSlip, Meter, MeterEntry, MysteryTrigger, SlipStatus
from tables.slips import printing
from tables.slips import services as slips
from tables.slips.errors import SlipError
from tables.slips.forms import PayForm
from tests.frozen import unfrozen
from tests.tables import meter_builders as mb
from tests.tables.meter_builders import D

pytestmark = pytest.mark.django_db


@pytest.fixture
def payment():
    """The Rules Submission's Must-Hit-By payment term (§631b.6(c)(6))."""
    return "table_inventory"


def seeded(keystone, table_games_manager, compliance_officer, floor_manager, payment):
    submission = mb.approve(keystone, mb.mystery_terms("B-5", payment), table_games_manager,
                            compliance_officer)
    table = mb.open_table(keystone, submission, "BAC-1")
    return meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)


@pytest.fixture
def mystery(keystone, table_games_manager, compliance_officer, floor_manager, payment,
            monkeypatch):
    """A seeded B-5 meter, its first trigger drawn at random; the later ones at the maximum."""
    meter = seeded(keystone, table_games_manager, compliance_officer, floor_manager, payment)
    mb.redraw_at_the_maximum(monkeypatch)
    return meter


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
    assert fresh.amount == D("500.00")  # drawn again; at the maximum for these tests (mystery)
    win = AuditEvent.objects.get(action="tables.meter.mystery_win")
    assert win.after["trigger"] == "100.20" and win.after["seat"] == 4  # auditors, after
    assert wagers.wagers_apply(table_id=mystery.table_id) == 0  # exactly once


def test_no_page_api_or_audit_shows_an_open_trigger(
        keystone, table_games_manager, compliance_officer, floor_manager, payment, api_for,
        api_client, monkeypatch):
    # The draw lands at $100.01 + 22,146 cents: a drawn $500.00 would be the configuration's
    # maximum, which every page shows.
    monkeypatch.setattr(meters.secrets, "randbelow", lambda n: 22_146)
    mystery = seeded(keystone, table_games_manager, compliance_officer, floor_manager, payment)
    trigger = str(MysteryTrigger.objects.get(meter=mystery).amount)
    assert trigger == "321.47"
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
    with unfrozen("rulesubmissions_rulessubmission"):
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
         "reason": "a Heavenly 9 Progressive wager is no less than $5.00 (§631b.2(c); the "
                   "minimum progressive wager of Must-Hit-By configuration B-5, "
                   "§631b.6(c)(4))"},
        {"id": "m1", "status": "accepted"}]


def won(mystery, api_for, api_client):
    """Trigger $100.20 (B-5: 2% of $5 = $0.10 a wager): seat 4's third wager, $100.30, wins."""
    MysteryTrigger.objects.filter(meter=mystery).update(amount=D("100.20"))
    post(api_for(api_client), 1, 2, 4, 5)
    wagers.wagers_apply(table_id=mystery.table_id)
    return JackpotSlip.objects.get()


def test_a_win_makes_one_slip_that_a_floorperson_validates_without_touching_the_meter(
        mystery, api_for, api_client, floorperson):
    slip = won(mystery, api_for, api_client)
    # §631b.6(c)(7): 100% of the $100.30 meter; reset to the $100 minimum ((5)(iv)).
    assert (slip.number, slip.kind, slip.status, slip.table.label, slip.seat) == (
        1, "mystery", SlipStatus.RECORDED, "BAC-1", 4)
    assert (slip.award, slip.wager_amount, slip.meter_before, slip.meter_after) == (
        D("100.30"), D("5.00"), D("100.30"), D("100.00"))
    assert slip.recorded_by is None and slip.meter_id == mystery.pk
    assert (slip.verification, slip.rule) == ("§631b.6(c)(5)(i)-(ii)", "§631b.6(c)(3), (5), (7)")
    ledger = list(MeterEntry.objects.values_list("pk", flat=True))
    slip = slips.slip_validate(slip=slip, actor=floorperson, data={"total": "100.30"})
    assert (slip.status, slip.validated_by) == (SlipStatus.VALIDATED, floorperson)
    # Validation does not hit the meter again: no ledger row, $100.00 + the fourth $0.10.
    assert list(MeterEntry.objects.values_list("pk", flat=True)) == ledger
    meter = Meter.objects.get()
    assert (meter.amount, meter.hits, meter.total_paid) == (D("100.10"), 1, D("100.30"))
    # §631b.6(c)(6): paid from the table inventory, as this Rules Submission names; the cage
    # (through the slip) is refused, as is a game account.
    assert slip.paid_from == "table_inventory"
    for other in ("not_table_inventory", "game_account"):
        with pytest.raises(SlipError, match=r"§631b.6\(c\)\(6\)"):
            slips.slip_pay(slip=slip, actor=floorperson, data={"paid_from": other})
    slip = slips.slip_pay(slip=slip, actor=floorperson)
    assert (slip.status, slip.paid_by, slip.paid_from) == (SlipStatus.PAID, floorperson,
                                                           "table_inventory")
    assert JackpotSlip.objects.count() == 1 and Meter.objects.get().amount == D("100.10")
    lines = dict(printing.print_lines(slip))
    assert lines["Slip"] == "1 (Must-Hit-By Mystery Bonus)"
    assert lines["Wager"] == ("Must-Hit-By Mystery Bonus (qualifying Heavenly 9 Progressive "
                              "wager) $5.00")
    assert lines["Recorded by"].startswith("Progressive table game system, ")
    assert (lines["Amount to the player"], lines["Meter before"], lines["Meter after"]) == (
        "$100.30", "$100.30", "$100.00")
    assert lines["Validated by"].startswith("felix, ") and lines["Paid by"].startswith("felix, ")
    assert printing.signature_lines(slip) == [
        "Validated by (floorperson or above, §631b.6(c)(5)(ii))"]


def test_a_floor_manager_may_validate_it_on_the_page(mystery, api_for, api_client, client_for,
                                                     floor_manager, api_session_for):
    slip = won(mystery, api_for, api_client)
    client = client_for(floor_manager)
    page = client.get(f"/floor/slips/{slip.pk}/").content.decode()
    assert "By the progressive table game system" in page
    assert "The system's light is on (§631b.6(c)(5)(i))." in page
    assert ("I confirm slip 1: $100.30 to seat 4 (Must-Hit-By Mystery Bonus (qualifying "
            "Heavenly 9 Progressive wager)): $100.30 in all.") in page
    client.post(f"/floor/slips/{slip.pk}/validate/", {"total": "100.30"})  # not confirmed
    slip.refresh_from_db()
    assert slip.status == SlipStatus.RECORDED
    client.post(f"/floor/slips/{slip.pk}/validate/", {"total": "100.30", "confirm": "yes"})
    slip.refresh_from_db()
    assert (slip.status, slip.validated_by) == (SlipStatus.VALIDATED, floor_manager)
    shown = api_session_for(floor_manager).get(f"/api/v1/jackpot-slips/{slip.pk}/").json()
    assert (shown["kind_name"], shown["recorded_by"], shown["award"]) == (
        "Must-Hit-By Mystery Bonus", None, "100.30")
    printed = client.get(f"/floor/slips/{slip.pk}/print/").content.decode()
    assert "Progressive table game system" in printed and "$100.30" in printed
    pdf = client.get(f"/floor/slips/{slip.pk}/pdf/")
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"


def test_its_void_is_refused_and_the_meter_stays(mystery, api_for, api_client, floor_manager):
    slip = won(mystery, api_for, api_client)
    ledger = MeterEntry.objects.count()
    with pytest.raises(SlipError, match="cannot be voided") as refused:
        slips.slip_void(slip=slip, actor=floor_manager, data={"reason": "wrong table"})
    assert list(refused.value.errors) == ["kind"]
    slip.refresh_from_db()
    assert (slip.status, slip.void_requested_by) == (SlipStatus.RECORDED, None)
    assert MeterEntry.objects.count() == ledger and Meter.objects.get().amount == D("100.10")


def test_each_win_takes_the_next_slip_number(mystery, api_for, api_client):
    won(mystery, api_for, api_client)
    # After the reset ($100.00) and the fourth wager ($100.10): a $100.15 trigger is crossed by
    # the next $5 wager at $100.20.
    MysteryTrigger.objects.filter(meter=mystery, hit_at__isnull=True).update(amount=D("100.15"))
    events = [{"id": "h9-next", "table": "BAC-1", "seat": 6, "wager": "heavenly_9_progressive",
               "amount": "5.00", "placed_at": "2026-11-30T21:16:04-05:00"}]
    api_for(api_client).post("/api/v1/wagers/", events, format="json")
    wagers.wagers_apply(table_id=mystery.table_id)
    assert list(JackpotSlip.objects.order_by("number").values_list("number", "seat", "award")) == [
        (1, 4, D("100.30")), (2, 6, D("100.20"))]


@pytest.mark.parametrize("payment", ["progressive_jackpot_slip"])
def test_a_payout_through_the_slip_is_never_paid_from_the_table_inventory(
        mystery, api_for, api_client, floorperson, payment):
    # §631b.6(c)(6): this Rules Submission pays the bonus through a progressive jackpot slip
    # (the cage), so the table inventory is refused and the page offers the cage alone.
    slip = won(mystery, api_for, api_client)
    assert slip.paid_from == "not_table_inventory"
    slip = slips.slip_validate(slip=slip, actor=floorperson, data={"total": "100.30"})
    with pytest.raises(SlipError) as refused:
        slips.slip_pay(slip=slip, actor=floorperson, data={"paid_from": "table_inventory"})
    assert refused.value.errors["paid_from"] == [
        "A Must-Hit-By Mystery Bonus is paid the way the Rules Submission names: not from the "
        "table inventory: documented and paid by the cage (§631b.6(c)(6))."]
    assert [k for k, _ in PayForm(slip=slip).fields["paid_from"].choices] == [
        "not_table_inventory"]
    assert slips.slip_pay(slip=slip, actor=floorperson).paid_from == "not_table_inventory"


def test_a_version_that_does_not_say_how_the_bonus_is_paid_cannot_seed_its_meter(
        keystone, table_games_manager, compliance_officer, floor_manager):
    # §631b.6(c)(6): paid "as indicated by the certificate holder in its Rules Submission". A
    # version approved before the term existed (here: the term taken out) says nothing: no
    # Must-Hit-By meter runs under it.
    submission = mb.approve(keystone, mb.mystery_terms("B-5"), table_games_manager,
                            compliance_officer)
    options = {k: v for k, v in submission.options.items() if k != "must_hit_by_payment"}
    with unfrozen("rulesubmissions_rulessubmission"):
        RulesSubmission.objects.filter(pk=submission.pk).update(options=options)
    submission.refresh_from_db()
    table = mb.open_table(keystone, submission, "BAC-3")
    with pytest.raises(meters.MeterError, match=r"does not say how a Must-Hit-By payout is paid"):
        meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)


def test_a_newer_configuration_takes_effect_at_the_win_and_draws_its_trigger_in_its_range(
        mystery, keystone, table_games_manager, compliance_officer, api_for, api_client):
    # A newer version moves the table to configuration D-5: $250 to $1,000 at 2% of each $5
    # wager (§631b.6(c)(4)). The meter keeps B-5 while in play and takes D-5 at its reset
    # (§601a.2): the win pays the $100.30 shown, the meter resets to D-5's $250 minimum
    # ((5)(iv)), funded by the house, and the next trigger is drawn between $250.01 and $1,000.
    newer = submissions.submission_new_version(actor=table_games_manager, property=keystone,
                                               game="baccarat")
    terms = newer.terms()
    terms["options"]["must_hit_by"] = "D-5"
    terms["meters"]["must_hit_by"] = {"initial": "250.00", "reset": "250.00", "rate": "2"}
    submissions.submission_update(actor=table_games_manager, submission=newer, terms=terms)
    submissions.submission_transition(actor=table_games_manager, submission=newer,
                                      to="submitted")
    newer = submissions.submission_transition(actor=compliance_officer, submission=newer,
                                              to="approved",
                                              effective_date=mystery.submission.effective_date)
    table = mystery.table
    table.submission = newer  # the table reopened under the newer version
    table.save()
    slip = won(mystery, api_for, api_client)
    assert (slip.award, slip.meter_before, slip.meter_after) == (
        D("100.30"), D("100.30"), D("250.00"))
    meter = Meter.objects.get()
    assert (meter.submission_id, meter.mystery_minimum, meter.mystery_maximum) == (
        newer.pk, D(250), D(1000))
    assert (meter.amount, meter.reset_amount, meter.funded) == (D("250.10"), D(250), D(350))
    # B-5's trigger was crossed by the win; one open trigger, D-5's (redrawn at its maximum).
    triggers = MysteryTrigger.objects.order_by("pk")
    assert [(t.amount, t.hit_at is None) for t in triggers] == [
        (D("100.20"), False), (D("1000.00"), True)]
    assert [e.kind for e in meter.entries.order_by("pk")][-4:] == [
        EntryKind.HIT, EntryKind.PARAMETERS, EntryKind.RESET, EntryKind.CONTRIBUTION]
