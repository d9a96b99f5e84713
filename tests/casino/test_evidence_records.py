"""Issue 28, item 2: ``audit_verify`` compares every kind of record with its audit events and
names the first that differs: a ledger row, a meter, a daily reading, an approved Rules
Submission version and an approved layout (the slips: test_evidence_slips.py). Each record is
changed as the database's owner with its triggers lifted (the application's role is refused).
Amounts by hand: the Five-Card Progressive meter is seeded at $10,000 and takes 0.5% of each
wager; a royal with $1 on it takes all of it."""

import datetime as dt
import itertools

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from tables.meters import reconciliation, wagers
from tables.models import EntryKind, MeterEntry, MeterReading
from tests.casino.evidence_owner import as_owner
from tests.tables import floor_builders as fb
from tests.tables import meter_builders as mb
from tests.tables import slip_builders as sb

tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter
record = sb.record
_ids = itertools.count(1)


def _broken() -> str:
    with pytest.raises(CommandError) as error:
        call_command("audit_verify", "--full")
    return str(error.value)


def _contribute(table, count: int) -> None:
    events = [{"id": f"e{next(_ids)}", "table": table.label, "seat": 1,
               "wager": "five_card_progressive", "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"} for _ in range(count)]
    results, _ = wagers.wagers_ingest(property=table.property, events=events)
    assert {r["status"] for r in results} == {"accepted"}
    wagers.wagers_apply(table_id=table.pk)


@pytest.mark.django_db(transaction=True)
def test_a_hit_rows_payment_rewritten_is_named(tcp_meter, tcp_table, record):
    slip = record(tcp_table, 1, "five_card_progressive", sb.tcp_round(
        sb.position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th"))
    assert slip.award == sb.D("10000.00")
    hit = MeterEntry.objects.get(kind=EntryKind.HIT)
    call_command("audit_verify", "--full")
    as_owner(("UPDATE tables_meterentry SET paid = 2000 WHERE id = %s", [hit.pk]),
             tables=("tables_meterentry",))
    assert (f"Ledger row {hit.pk} (hit) of the Five-Card Progressive at Keystone Downs Casino: "
            f"paid $2,000.00 in the database, $10,000.00 in its audit event") in _broken()


@pytest.mark.django_db(transaction=True)
def test_a_contribution_changed_in_place_breaks_the_ledgers_running_amount(tcp_meter,
                                                                          tcp_table):
    _contribute(tcp_table, 4)  # 4 x $5 x 0.5% = $0.10: the meter shows $10,000.10
    row = MeterEntry.objects.get(kind=EntryKind.CONTRIBUTION)
    assert row.amount_after == sb.D("10000.10")
    call_command("audit_verify", "--full")
    # Changed consistently with itself: the row after it tells.
    as_owner(("UPDATE tables_meterentry SET amount_delta = 100.10, amount_after = 10100.10 "
              "WHERE id = %s", [row.pk]), tables=("tables_meterentry",))
    _contribute(tcp_table, 4)
    nxt = MeterEntry.objects.filter(kind=EntryKind.CONTRIBUTION).latest("pk")
    assert (f"Ledger row {nxt.pk} (contributions) of the Five-Card Progressive at Keystone "
            f"Downs Casino: amount after $10,000.20 in the database, $10,100.20 from the row "
            f"before it and its change of +$0.10.") in _broken()


@pytest.mark.django_db(transaction=True)
def test_a_seed_row_rewritten_is_named(tcp_meter):
    seed = MeterEntry.objects.get(kind=EntryKind.SEED)
    as_owner(("UPDATE tables_meterentry SET amount_after = 2000 WHERE id = %s", [seed.pk]),
             tables=("tables_meterentry",))
    assert (f"Ledger row {seed.pk} (seed) of the Five-Card Progressive at Keystone Downs "
            f"Casino: amount after $2,000.00 in the database, $10,000.00 in its audit "
            f"event") in _broken()


@pytest.mark.django_db(transaction=True)
def test_a_meters_rate_rewritten_is_named(tcp_meter):
    as_owner(("UPDATE tables_meter SET rate = 1 WHERE id = %s", [tcp_meter.pk]),
             tables=("tables_meter",))
    assert (f"The Five-Card Progressive meter (no. {tcp_meter.pk}) at Keystone Downs Casino: "
            f"rate of progression 1% in the database, 0.5% in its audit event") in _broken()


@pytest.mark.django_db(transaction=True)
def test_a_daily_reading_rewritten_is_named(tcp_meter):
    tcp_meter.__class__.objects.filter(pk=tcp_meter.pk).update(
        seeded_at=timezone.now() - dt.timedelta(days=3))
    [reading] = reconciliation.readings_take()
    assert reading.amount == sb.D("10000")
    call_command("audit_verify", "--full")
    as_owner(("UPDATE tables_meterreading SET amount = 25000 WHERE id = %s", [reading.pk]),
             tables=("tables_meterreading",))
    assert (f"The reading of the Five-Card Progressive meter (no. {tcp_meter.pk}) for "
            f"{reading.gaming_day:%Y-%m-%d} at Keystone Downs Casino: amount $25,000.00 in the "
            f"database, $10,000.00 in its audit event") in _broken()
    assert MeterReading.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_an_approved_versions_terms_rewritten_are_named(tcp_submission):
    assert tcp_submission.status == "approved"
    call_command("audit_verify", "--full")
    as_owner(("UPDATE rulesubmissions_rulessubmission SET table_minimum = 50 WHERE id = %s",
              [tcp_submission.pk]), tables=("rulesubmissions_rulessubmission",))
    assert (f"Rules Submission Three Card Poker version {tcp_submission.version} at Keystone "
            f"Downs Casino: table minimum $50.00 in the database, $1.00 in its audit event"
            ) in _broken()


@pytest.mark.django_db(transaction=True)
def test_an_approved_layouts_artwork_swapped_is_named(keystone, table_games_manager,
                                                      compliance_officer, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    fb.approve(keystone, fb.tcp_terms(), table_games_manager, compliance_officer)
    layout = fb.approved_layout(keystone, "three_card_poker", table_games_manager,
                                compliance_officer)
    call_command("audit_verify", "--full")
    as_owner(("UPDATE tables_layout SET artwork = 'layouts/other.png' WHERE id = %s",
              [layout.pk]), tables=("tables_layout",))
    assert (f"Table layout “{layout.name}” at Keystone Downs Casino: artwork file "
            f"layouts/other.png in the database, {layout.artwork.name} in its audit event"
            ) in _broken()
