"""The meter ledger archived after the records-retention period (issue 24): each meter's base
checkpoint takes in the archived totals, the rows go to a file whose SHA-256 is printed and
recorded, rows something still points to stay (counted once), and full reconciliation still
adds up.

Figures: a Five-Card Progressive meter seeded at $10,000.00 (the least §649a.12(h)(3) allows)
takes 0.5% of each $5.00 wager ($0.025) and its reserve 0.25% ($0.0125) (§605a.7(a)); the slip
tests' Three Card Progressive meter stands at $5,000.00 and a mini royal takes all of it and
resets it (§649a.12(e)); Must-Hit-By B-5 takes 2% ($0.10) (§631b.6(c)(4))."""

import datetime as dt
import hashlib
import io
import json

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from casino import retention
from casino.models import AuditEvent
from tables.meters import checkpoints, ledger_archive, reconciliation, wagers
from tables.meters import services as meters
from tables.meters.models import (
    CheckpointKind,
    Meter,
    MeterCheckpoint,
    MeterEntry,
    MysteryTrigger,
)
from tables.slips import services as slips
from tests.frozen import unfrozen
from tests.tables import meter_builders as mb
from tests.tables import slip_builders as sb
from tests.tables.meter_builders import D
from tests.tables.test_meter_checkpoints import post

pytestmark = pytest.mark.django_db(transaction=True)  # the command reconnects as the owner
second_floorperson, record = sb.second_floorperson, sb.record
OLD = dt.datetime(2019, 6, 1, 12, tzinfo=dt.UTC)
CUT = "2020-01-01"


@pytest.fixture
def meter(keystone, table_games_manager, compliance_officer, floor_manager):
    submission = mb.approve(keystone, mb.tcp_terms(),
                            table_games_manager, compliance_officer)
    table = mb.open_table(keystone, submission, "TCP-1")
    return meters.meter_seed(table=table, key="five_card_progressive", actor=floor_manager)


def age(*entries) -> None:
    """Rows written before the retention period (the ledger is frozen: as the owner)."""
    with unfrozen("tables_meterentry"):
        MeterEntry.objects.filter(pk__in=[e.pk for e in entries]).update(created_at=OLD)


def rows_of(meter) -> list[MeterEntry]:
    return list(MeterEntry.objects.filter(meter=meter).order_by("pk"))


def base(meter) -> MeterCheckpoint:
    return MeterCheckpoint.objects.get(meter=meter, kind=CheckpointKind.BASE)


def archive(path, before=CUT, *more) -> str:
    out = io.StringIO()
    call_command("archive_meter_ledger", "--before", before, "--to", str(path), *more,
                 stdout=out)
    return out.getvalue()


@pytest.fixture
def history(meter, floor_manager, compliance_officer):
    """Seed, two contribution rows and an approved +$5.00 adjustment recorded in 2019; a third
    contribution row of today. The adjustment's row stays: its adjustment points to it."""
    table = meter.table
    post(table, "e1", "e2")  # $10.00: +$0.05, reserve +$0.025
    post(table, "e3")  # $5.00: +$0.025, reserve +$0.0125
    adjustment = meters.adjustment_propose(meter=meter, amount=D("5.00"),
                                           reason="display fault", actor=floor_manager)
    meters.adjustment_decide(adjustment=adjustment, actor=compliance_officer, approve=True)
    seed, c1, c2, adjusted = rows_of(meter)
    age(seed, c1, c2, adjusted)
    post(table, "e4", "e5")  # today: +$0.05, reserve +$0.025
    assert reconciliation.meters_reconcile() == []
    return {"archived": [seed, c1, c2], "kept": adjusted, "today": rows_of(meter)[-1]}


def test_archived_rows_go_to_the_file_and_the_base_holds_their_totals(meter, history, tmp_path,
                                                                     keystone):
    path = tmp_path / "ledger-2019.jsonl"
    out = archive(path)
    # $10,000.00 + $0.05 + $0.025 + $5.00 + $0.05: unchanged, and the ledger still agrees.
    assert Meter.objects.get(pk=meter.pk).amount == D("10005.125")
    assert Meter.objects.get(pk=meter.pk).reserve == D("0.0625")
    assert reconciliation.meters_reconcile(full=True) == []
    assert reconciliation.meters_reconcile() == []
    # The base counts every row up to the adjustment's: seed, both contributions and the
    # kept adjustment, once ($10,000.00 + $5.00 funded; 3 wagers, $15.00).
    b = base(meter)
    assert checkpoints.verifies(b) and b.last_entry == history["kept"].pk
    assert (b.amount, b.reserve, b.contributed, b.funded) == (
        D("10005.075"), D("0.0375"), D("0.1125"), D("10005"))
    assert (b.wagers_counted, b.wagers_sum, b.hits, b.total_paid) == (3, D("15"), 0, D("0"))
    # The meter is the base plus what remains after it (today's row).
    assert b.amount + history["today"].amount_delta == D("10005.125")
    assert [e.pk for e in rows_of(meter)] == [history["kept"].pk, history["today"].pk]
    # The file holds exactly the archived rows, every field, exact decimals.
    lines = [json.loads(text) for text in path.read_text().splitlines()]
    assert [row["id"] for row in lines] == [e.pk for e in history["archived"]]
    assert (lines[0]["kind"], lines[0]["amount_delta"], lines[0]["funded"]) == (
        "seed", "10000.0000000000", "10000.0000000000")
    assert (lines[1]["amount_delta"], lines[1]["reserve_delta"], lines[1]["wagers_sum"],
            lines[1]["wagers_counted"]) == ("0.0500000000", "0.0250000000", "10.00", 2)
    assert lines[1]["created_at"] == "2019-06-01T12:00:00.000000+00:00"
    assert set(lines[2]) == {f.attname for f in MeterEntry._meta.concrete_fields}
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    assert f"SHA-256 {sha}  ledger-2019.jsonl" in out
    assert "3 rows of 1 meter recorded before 2020-01-01 written to" in out
    assert "1 kept" in out
    event = AuditEvent.objects.get(action="tables.meter_ledger.archive")
    assert event.property_id == keystone.pk
    assert {k: event.after[k] for k in ("rows", "kept", "meters", "sha256", "file_rows",
                                        "before", "retention_years")} == {
        "rows": 3, "kept": 1, "meters": 1, "sha256": sha, "file_rows": 3,
        "before": "2020-01-01", "retention_years": 5}
    checked = io.StringIO()
    call_command("archive_meter_ledger", "--verify", str(path), stdout=checked)
    assert f"3 rows, SHA-256 {sha}" in checked.getvalue() and "Intact" in checked.getvalue()


def test_a_second_run_changes_nothing_and_writes_no_file(meter, history, tmp_path):
    archive(tmp_path / "a.jsonl")
    before = base(meter)
    out = archive(tmp_path / "b.jsonl")
    assert "Nothing to archive" in out and not (tmp_path / "b.jsonl").exists()
    again = base(meter)
    assert (again.last_entry, again.amount, again.digest) == (
        before.last_entry, before.amount, before.digest)
    assert AuditEvent.objects.filter(action="tables.meter_ledger.archive").count() == 1
    assert reconciliation.meters_reconcile(full=True) == []


def test_a_run_stopped_before_deleting_is_finished_by_the_next(meter, history, tmp_path):
    """The bases moved and the file written, then the run stopped: the next run writes the
    rows still there again and deletes them; no total moves twice."""
    stopped = ledger_archive.plan(dt.date(2020, 1, 1), keep=True)
    for p in stopped.plans:
        p.base = ledger_archive.take_into_base(p.meter.pk, p.horizon)
    ledger_archive.write(stopped, tmp_path / "stopped.jsonl")
    assert len(rows_of(meter)) == 5 and reconciliation.meters_reconcile(full=True) == []
    moved = base(meter)
    out = archive(tmp_path / "finished.jsonl")
    assert "3 rows of 1 meter recorded" in out
    assert (tmp_path / "stopped.jsonl").read_bytes() == (tmp_path / "finished.jsonl").read_bytes()
    assert [e.pk for e in rows_of(meter)] == [history["kept"].pk, history["today"].pk]
    assert (base(meter).amount, base(meter).funded) == (moved.amount, moved.funded) == (
        D("10005.075"), D("10005"))
    assert reconciliation.meters_reconcile(full=True) == []
    assert Meter.objects.get(pk=meter.pk).amount == D("10005.125")


def test_a_dry_run_says_what_would_go_and_changes_nothing(meter, history, tmp_path):
    out = io.StringIO()
    call_command("archive_meter_ledger", "--before", CUT, "--dry-run", stdout=out)
    assert "Dry run: nothing was written, changed or deleted." in out.getvalue()
    assert ("TCP-1): 3 rows would be archived (recorded 2019-06-01 to 2019-06-01); 1 row kept (a "
            "Must-Hit-By trigger, an adjustment or an unpaid slip points to them)."
            in out.getvalue())
    assert len(rows_of(meter)) == 5
    assert not MeterCheckpoint.objects.filter(kind=CheckpointKind.BASE).exists()
    assert not list(tmp_path.iterdir())


def test_a_cut_inside_the_retention_period_is_refused_in_words(meter, history, tmp_path,
                                                             settings):
    assert retention.latest_cut(dt.date(2026, 12, 2)) == dt.date(2021, 12, 2)
    assert retention.latest_cut(dt.date(2028, 2, 29)) == dt.date(2023, 2, 28)
    latest = retention.latest_cut()
    too_late = latest + dt.timedelta(days=1)
    with pytest.raises(CommandError) as refused:
        archive(tmp_path / "a.jsonl", too_late.isoformat())
    assert str(refused.value) == (
        f"{too_late:%Y-%m-%d} is inside the records-retention period (5 years, "
        f"RECORDS_RETENTION_YEARS; §465a.6(c)): ledger rows recorded on or after "
        f"{latest:%Y-%m-%d} are kept. Give --before {latest:%Y-%m-%d} or earlier, or the Board's written permission "
        f"(--board-permission, §465a.6(b)(5)); nothing was archived.")
    settings.RECORDS_RETENTION_YEARS = 8  # the Board asked for longer: 2019 is still kept
    with pytest.raises(CommandError, match="inside the records-retention period"):
        archive(tmp_path / "a.jsonl", "2020-01-01")
    assert len(rows_of(meter)) == 5 and not list(tmp_path.iterdir())


def test_the_boards_written_permission_archives_inside_the_period_and_is_recorded(
        meter, history, tmp_path):
    """§465a.6(b)(5): earlier destruction only with the Board's written permission, whose
    reference the audit log keeps. A cut of tomorrow takes today's contribution row with the
    seed and the 2019 rows; the adjustment's row stays (its adjustment points to it)."""
    tomorrow = (timezone.localdate() + dt.timedelta(days=1)).isoformat()
    with pytest.raises(CommandError, match="inside the records-retention period"):
        archive(tmp_path / "a.jsonl", tomorrow)
    archive(tmp_path / "a.jsonl", tomorrow, "--board-permission", "PGCB letter 2026-117")
    event = AuditEvent.objects.get(action="tables.meter_ledger.archive")
    assert event.after["board_permission"] == "PGCB letter 2026-117"
    assert event.after["before"] == tomorrow
    assert rows_of(meter) == [history["kept"]] and event.after["rows"] == 4
    meter.refresh_from_db()
    assert meter.amount == D("10005.125")  # unchanged: the base holds what went
    assert reconciliation.meters_reconcile(full=True) == []


def test_a_meter_that_does_not_reconcile_stops_the_whole_archive(meter, history, tmp_path):
    MeterCheckpoint.objects.filter(meter=meter).update(amount=D("1500"))  # tampered
    with pytest.raises(CommandError) as refused:
        archive(tmp_path / "a.jsonl")
    assert str(refused.value).startswith(
        "Nothing was archived: a ledger is archived only when every meter reconciles in full.")
    assert "was changed after it was written" in str(refused.value)
    assert len(rows_of(meter)) == 5 and not list(tmp_path.iterdir())
    (tmp_path / "old.jsonl").write_text("")
    with pytest.raises(CommandError, match="already exists"):
        archive(tmp_path / "old.jsonl")


def test_a_changed_archive_file_is_found(meter, history, tmp_path):
    path = tmp_path / "a.jsonl"
    archive(path)
    path.write_text(path.read_text().replace('"amount_delta": "10000.0000000000"',
                                           '"amount_delta": "11000.0000000000"'))
    err = io.StringIO()
    with pytest.raises(CommandError, match="Archive BROKEN"):
        call_command("archive_meter_ledger", "--verify", str(path), stdout=io.StringIO(),
                     stderr=err)
    assert f"Row {history['archived'][0].pk} does not add up" in err.getvalue()
    assert "No archive in the audit log has this SHA-256" in err.getvalue()


def test_an_unpaid_slips_hit_and_reset_stay_until_it_is_paid(
        keystone, table_games_manager, compliance_officer, floor_manager, floorperson,
        second_floorperson, record, tmp_path):
    """Slip 1 (recorded, unpaid) keeps its hit and reset; slip 2 was voided: its hit, reset
    and their reversals go with the seed. Once slip 1 is paid a later run takes its rows,
    and the base's hits and payments are counted once."""
    table = sb.open_table(keystone, sb.approve(keystone, sb.tcp_terms(), table_games_manager,
                                               compliance_officer), "TCP-9", floor_manager)
    trips = Meter.objects.get(table=table, key="three_card_progressive")
    royal = sb.tcp_round(sb.position(1, "As Ks Qs", pair_plus="5.00",
                                     three_card_progressive="1.00"))
    first = record(table, 1, "three_card_progressive", royal)
    second = record(table, 1, "three_card_progressive", royal)
    sb.void(second, floorperson, floor_manager)
    age(*MeterEntry.objects.all())
    seed, hit1, reset1, *voided = rows_of(trips)
    assert [e.kind for e in voided] == ["hit", "reset", "reversal", "reversal"]
    archive(tmp_path / "a.jsonl")
    assert [e.pk for e in rows_of(trips)] == [hit1.pk, reset1.pk]
    b = base(trips)
    # $5,000 seed + two resets, less the voided reset; $5,000 paid twice, less one reversed.
    assert (b.amount, b.funded, b.total_paid, b.hits) == (D("5000"), D("10000"), D("5000"), 1)
    assert reconciliation.meters_reconcile(full=True) == []
    ids = [json.loads(t)["id"] for t in (tmp_path / "a.jsonl").read_text().splitlines()]
    assert {seed.pk, *(e.pk for e in voided)} <= set(ids) and hit1.pk not in ids
    sb.validate(first, floorperson, "5000.00")
    slips.slip_pay(slip=first, actor=second_floorperson)
    out = archive(tmp_path / "b.jsonl")
    assert "2 rows of 1 meter recorded" in out and rows_of(trips) == []
    assert (base(trips).total_paid, base(trips).hits, base(trips).digest) == (
        D("5000"), 1, b.digest)
    assert reconciliation.meters_reconcile(full=True) == []
    assert Meter.objects.get(pk=trips.pk).amount == D("5000")


def test_a_must_hit_by_hit_stays_with_its_reset_and_is_counted_once(
        keystone, table_games_manager, compliance_officer, floor_manager, tmp_path, monkeypatch):
    """B-5 (§631b.6(c)(4)): $100.00 seed, 2% of each $5.00 wager ($0.10). With the trigger at
    $100.20 the third wager wins $100.30 and the meter resets to $100.00; the fourth leaves
    $100.10. The trigger points to the hit: it and its reset stay."""
    submission = mb.approve(keystone, mb.mystery_terms("B-5"), table_games_manager,
                            compliance_officer)
    table = mb.open_table(keystone, submission, "BAC-1")
    bonus = meters.meter_seed(table=table, key="must_hit_by", actor=floor_manager)
    MysteryTrigger.objects.filter(meter=bonus).update(amount=D("100.20"))
    mb.redraw_at_the_maximum(monkeypatch)  # the fourth wager crosses no trigger after the reset
    wagers.wagers_ingest(property=keystone, events=[
        {"id": f"h9-{n}", "table": "BAC-1", "seat": 1, "wager": "heavenly_9_progressive",
         "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"} for n in range(4)])
    wagers.wagers_apply(table_id=table.pk)
    age(*MeterEntry.objects.all())
    seed, won, hit, reset, after = rows_of(bonus)
    assert [e.kind for e in (won, hit, reset, after)] == ["contribution", "hit", "reset",
                                                          "contribution"]
    archive(tmp_path / "a.jsonl")
    assert [e.pk for e in rows_of(bonus)] == [hit.pk, reset.pk]
    b = base(bonus)
    assert (b.amount, b.contributed, b.funded, b.total_paid, b.hits, b.wagers_counted) == (
        D("100.10"), D("0.40"), D("200"), D("100.30"), 1, 4)
    assert Meter.objects.get(pk=bonus.pk).amount == D("100.10")
    assert reconciliation.meters_reconcile(full=True) == []


def test_a_base_changed_after_the_archive_is_found_by_the_full_check(meter, history, tmp_path):
    archive(tmp_path / "a.jsonl")
    MeterCheckpoint.objects.filter(meter=meter, kind=CheckpointKind.BASE).update(
        funded=D("10500"))
    [alert] = reconciliation.meters_reconcile(full=True)
    assert alert.problems[0].startswith("The record of the history removed up to ")
    assert alert.problems[0].endswith("(wager events, archived ledger rows) was changed after "
                                      "it was written")
    assert "Seeds, resets and adjustments: the meter says $10,005.00, its ledger $10,500.00" in (
        alert.problems)
