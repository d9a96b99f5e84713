"""Issue 28, item 1: the floor's final records are refused any change by the database itself
(``tables.frozen``), from the application's connection (the ``casino_app`` role on PostgreSQL
with two roles) and, on PostgreSQL, the owner's too; the legitimate steps still go through.

Amounts by hand: Three Card Poker's Five-Card Progressive meter starts at $20,000.00 and resets
to $10,000.00; a royal with $1 on it wins 100% of the meter, $20,000.00 (slip 1), and the meter
stands at $10,000.00 after."""

import datetime as dt
import re

import psycopg
import pytest
from django.db import connection, transaction
from django.utils import timezone

from casino.db_roles import app_user, owner_credentials
from casino.frozen import FrozenRecord
from tables.floor import layouts
from tables.meters import reconciliation
from tables.models import JackpotSlip, MeterEntry, MeterReading
from tables.slips import services as slips
from tests.frozen import owner_connection, refused, two_roles
from tests.tables import floor_builders as fb
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate, void

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record
tcp, tcp_layout, media_root = fb.tcp, fb.tcp_layout, fb.media_root

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")
FINAL = "is paid or void"
RECORDED = "was recorded"


@pytest.fixture
def recorded(tcp_table, record):
    return record(tcp_table, 1, "five_card_progressive", ROYAL)


@pytest.fixture
def paid(recorded, floorperson, second_floorperson):
    return slips.slip_pay(slip=validate(recorded, floorperson), actor=second_floorperson)


def award(slip) -> D:
    return JackpotSlip.objects.get(pk=slip.pk).award


def test_the_issues_reproducer_is_refused_and_names_the_slip(paid):
    """As ``casino_app``: ``UPDATE tables_jackpotslip SET award = award + 90000 WHERE number =
    98`` made a $10,000.50 slip read $100,000.50. Refused now; the award stays $20,000.00."""
    if connection.vendor == "postgresql" and owner_credentials() is not None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user")
            assert cursor.fetchone()[0] == app_user()
    name = "Jackpot slip 1" if connection.vendor == "postgresql" else "A jackpot slip"
    refused("UPDATE tables_jackpotslip SET award = award + 90000 WHERE number = %s",
            [paid.number], match=f"{name} {FINAL}: a final record")
    assert (paid.status, award(paid)) == ("paid", D("20000.00"))


@pytest.mark.parametrize("assignment", [
    "award = 1", "wager_amount = 100", "meter_before = 1", "meter_after = 1", "seat = 2",
    "status = 'validated'", "status = 'voided'", "paid_from = 'table_inventory'",
    "paid_at = recorded_at", "paid_by_id = NULL", "validated_at = NULL",
    "void_reason = 'Dealer error'", "recorded_at = validated_at", "hand = 'Royal'",
])
def test_nothing_in_a_paid_slip_changes(paid, assignment):
    refused(f"UPDATE tables_jackpotslip SET {assignment} WHERE id = %s", [paid.pk], FINAL)
    assert JackpotSlip.objects.get(pk=paid.pk).status == "paid"


@pytest.mark.parametrize("assignment", [
    "status = 'recorded'", "void_reason = 'Dealer error'", "voided_at = recorded_at",
    "award = 1", "meter_after = 1",
])
def test_nothing_in_a_void_slip_changes(recorded, floor_manager, floorperson, assignment):
    void(recorded, floor_manager, floorperson)
    refused(f"UPDATE tables_jackpotslip SET {assignment} WHERE id = %s", [recorded.pk], FINAL)


@pytest.mark.parametrize(("assignment", "match"), [
    ("award = award + 90000", RECORDED),
    ("wager_amount = 5", RECORDED),
    ("meter_before = 25000", RECORDED),
    ("round = '{}'", RECORDED),
    ("seat = 3", RECORDED),
    ("recorded_by_id = NULL", RECORDED),
    ("meter_after = 0", "meter after the win: it is written once"),
    ("status = 'paid'", "moves only from recorded to validated to paid"),
    ("validated_at = recorded_at", "validated only in the step"),
    ("paid_from = 'table_inventory'", "paid, and says from where, only in the step"),
    ("voided_at = recorded_at", "voided (by whom, when) only in the step to void"),
])
def test_what_a_slip_recorded_never_changes_before_it_is_paid(recorded, assignment, match):
    refused(f"UPDATE tables_jackpotslip SET {assignment} WHERE id = %s", [recorded.pk],
            re.escape(match))
    stored = JackpotSlip.objects.get(pk=recorded.pk)
    assert (stored.status, stored.award, stored.meter_before, stored.meter_after) == (
        "recorded", D("20000.00"), D("20000"), D("10000"))


def test_a_void_request_is_written_once(recorded, floor_manager):
    slips.slip_void(slip=recorded, actor=floor_manager, data={"reason": "Wrong seat recorded"})
    refused("UPDATE tables_jackpotslip SET void_reason = 'Dealer error' WHERE id = %s",
            [recorded.pk], "void request")


def test_the_legitimate_steps_still_go_through(recorded, floorperson, second_floorperson,
                                               tcp_table, record, floor_manager):
    """Recorded (its meter after written in that step), validated, paid: each step writes its
    own columns. A second royal is voided in two steps, its meter hit reversed."""
    assert award(recorded) == D("20000.00")
    paid = slips.slip_pay(slip=validate(recorded, floorperson), actor=second_floorperson,
                          data={"paid_from": "not_table_inventory"})
    stored = JackpotSlip.objects.get(pk=paid.pk)
    assert (stored.status, stored.validated_by, stored.paid_by, stored.paid_from) == (
        "paid", floorperson, second_floorperson, "not_table_inventory")
    second = record(tcp_table, 1, "five_card_progressive", ROYAL)  # the meter: $10,000.00
    assert (second.award, second.meter_before, second.meter_after) == (
        D("10000.00"), D("10000"), D("10000"))
    void(second, floor_manager, floorperson)
    assert JackpotSlip.objects.get(pk=second.pk).status == "voided"
    # The void is new rows, never an edit: the second hit ($10,000.00) and its reset answered.
    rows = MeterEntry.objects.filter(meter=second.meter).order_by("pk")
    assert [(e.kind, e.amount_delta) for e in rows][-4:] == [
        ("hit", D("-10000")), ("reset", D("10000")), ("reversal", D("-10000")),
        ("reversal", D("10000"))]


def test_the_model_says_why_before_the_database_does(paid):
    slip = JackpotSlip.objects.get(pk=paid.pk)
    slip.award += 90000
    with pytest.raises(FrozenRecord, match="Slip 1 is paid: a paid or void slip is never "
                                           "changed"):
        slip.save()
    entry = MeterEntry.objects.filter(meter=paid.meter).first()
    entry.reason = "changed"
    with pytest.raises(FrozenRecord, match=f"Row {entry.pk} of the meter ledger was written"):
        entry.save()
    assert award(paid) == D("20000.00")


# --- The meter ledger and the daily readings ------------------------------------------------

@pytest.mark.parametrize("assignment", [
    "amount_delta = amount_delta + 90000", "amount_after = amount_after + 1",
    "paid = paid + 1",
    "created_at = created_at - interval '1 day'", "reason = 'changed'", "kind = 'parameters'",
])
def test_no_row_of_the_meter_ledger_changes(paid, assignment):
    if "interval" in assignment and connection.vendor != "postgresql":
        assignment = "created_at = '2020-01-01 00:00:00'"
    rows = list(MeterEntry.objects.filter(meter=paid.meter).order_by("pk"))
    assert [e.kind for e in rows] == ["seed", "hit", "reset"]
    for entry in rows:
        refused(f"UPDATE tables_meterentry SET {assignment} WHERE id = %s", [entry.pk],
                "rows are only ever added")
    assert [e.amount_after for e in MeterEntry.objects.filter(meter=paid.meter)
            .order_by("pk")] == [D("20000"), D("0"), D("10000")]


def test_a_daily_reading_never_changes(tcp_table):
    later = timezone.now() + dt.timedelta(days=2)  # the day the meters were seeded has ended
    taken = reconciliation.readings_take(later)
    assert {r.amount for r in taken} == {D("5000"), D("20000"), D("10000")}
    reading = MeterReading.objects.get(meter__key="five_card_progressive")
    for assignment in ("amount = amount + 90000", "hits = 9", "total_paid = 1",
                       "gaming_day = '2020-01-01'"):
        refused(f"UPDATE tables_meterreading SET {assignment} WHERE id = %s", [reading.pk],
                "taken once, never changed")
    assert reconciliation.readings_take(later) == []  # once a day: the same reading stands
    assert MeterReading.objects.get(pk=reading.pk).amount == D("20000")
    reading.amount = D("1")
    with pytest.raises(FrozenRecord, match="was taken: it never changes"):
        reading.save()


# --- Approved layouts -----------------------------------------------------------------------

def test_an_approved_layouts_artwork_and_checklist_never_change(tcp_layout):
    for assignment in ("artwork = 'layouts/1/other.png'", "artwork_type = 'pdf'",
                       "artwork_name = 'other.png'", "approved_checklist = '[]'",
                       "reviewed_by_id = NULL", "review_comment = 'fine'",
                       "checked = '[]'", "status = 'submitted'"):
        refused(f"UPDATE tables_layout SET {assignment} WHERE id = %s", [tcp_layout.pk],
                "is approved")
    layout = type(tcp_layout).objects.get(pk=tcp_layout.pk)
    layout.artwork_name = "other.png"
    with pytest.raises(FrozenRecord, match='The layout "Felt 2026" is approved'):
        layout.save()


def test_an_approved_layout_moves_on_only_by_being_checked_again(tcp_layout):
    """The one step out of approval (``layout_recheck``): back to being prepared, its ticks
    and version changed together; its artwork and approved checklist stay."""
    approved = list(tcp_layout.approved_checklist)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE tables_layout SET status = 'draft', checked = '[]', "
                       "updated_at = reviewed_at WHERE id = %s", [tcp_layout.pk])
    layout = type(tcp_layout).objects.get(pk=tcp_layout.pk)
    assert (layout.status, layout.checked, layout.approved_checklist) == ("draft", [], approved)
    refused("UPDATE tables_layout SET approved_checklist = '[]' WHERE id = %s", [layout.pk],
            "keeps its checklist as approved until the next approval")


def test_a_layout_is_prepared_and_approved_as_before(keystone, tcp, table_games_manager,
                                                      compliance_officer):
    layout = fb.approved_layout(keystone, "three_card_poker", table_games_manager,
                                compliance_officer, name="Felt 2027")
    assert layout.status == "approved"
    assert [i["key"] for i in layout.approved_checklist] == [
        i["key"] for i in layouts.checklist_for(layout.submission)]



# --- PostgreSQL: the owner too; only it can lift a freeze ------------------------------------

@pytest.mark.django_db(transaction=True)
def test_the_owner_is_refused_too_unless_it_lifts_the_trigger(paid):
    """Defence in depth, as for the audit log: the owner's UPDATE is refused as well; only an
    explicit ``ALTER TABLE ... DISABLE TRIGGER`` (which ``audit_verify`` then catches) lets it
    through. The application's role can do neither."""
    two_roles()
    with owner_connection() as owner:
        with pytest.raises(psycopg.Error, match="Jackpot slip 1 is paid or void"), \
                owner.transaction():
            owner.execute("UPDATE tables_jackpotslip SET award = award + 90000 WHERE id = %s",
                          [paid.pk])
        with pytest.raises(psycopg.Error, match="Meter ledger row"), owner.transaction():
            owner.execute("UPDATE tables_meterentry SET reason = 'changed'")
        with owner.transaction():  # lifted on purpose, then rolled back
            owner.execute("ALTER TABLE tables_jackpotslip DISABLE TRIGGER "
                          "tables_jackpotslip_frozen")
            owner.execute("UPDATE tables_jackpotslip SET award = award + 90000 WHERE id = %s",
                          [paid.pk])
            assert owner.execute("SELECT award FROM tables_jackpotslip WHERE id = %s",
                                 [paid.pk]).fetchone() == (D("110000.00"),)
            raise psycopg.Rollback()
    for attack in ("ALTER TABLE tables_jackpotslip DISABLE TRIGGER tables_jackpotslip_frozen",
                   "ALTER TABLE tables_meterentry DISABLE TRIGGER ALL",
                   "DROP TRIGGER tables_meterreading_frozen ON tables_meterreading",
                   "DROP FUNCTION tables_jackpotslip_frozen() CASCADE",
                   "CREATE OR REPLACE FUNCTION tables_jackpotslip_frozen() RETURNS trigger AS "
                   "'BEGIN RETURN NEW; END' LANGUAGE plpgsql"):
        refused(attack, match="owner|must be|permission denied")
    assert award(paid) == D("20000.00")


def test_every_migrate_remakes_the_sqlite_triggers(paid):
    """SQLite drops a table's triggers when a migration rebuilds the table: each ``migrate``
    makes them again (PostgreSQL keeps its triggers through ``ALTER TABLE``)."""
    from django.apps import apps
    from django.db.models.signals import post_migrate

    if connection.vendor == "sqlite":
        with connection.cursor() as cursor:
            cursor.execute("DROP TRIGGER tables_jackpotslip_frozen")
    post_migrate.send(sender=apps.get_app_config("tables"), app_config=apps.get_app_config(
        "tables"), verbosity=0, interactive=False, using="default", apps=apps, plan=[])
    refused("UPDATE tables_jackpotslip SET award = award + 90000 WHERE id = %s", [paid.pk],
            FINAL)
