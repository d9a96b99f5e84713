"""What the ground floor shows for the tables app (``casino.registry``), registered from
``TablesConfig.ready()``: the words for its audit values, its dashboard cards, the meters'
reconciliation alarm (§605a.7) and its part of the demo."""

from datetime import timedelta

from django.conf import settings
from django.urls import reverse

from casino import registry
from casino.permissions import can
from casino.registry import Card, DemoPart, HistoryTable, Panel
from casino.retention import records_retention
from rulesubmissions.selectors import submission_name
from tables.demo import load_floor_demo
from tables.floor.evidence import check_layouts
from tables.floor.layouts import layout_queue
from tables.floor.models import LayoutStatus, TableStatus
from tables.meters.evidence import check_ledger, check_meters, check_readings
from tables.meters.hooks import reference_links_from
from tables.meters.models import AdjustmentStatus, EntryKind
from tables.meters.reconciliation import open_alerts
from tables.meters.selectors import meter_key_name
from tables.slips.evidence import check_slips
from tables.slips.models import JackpotSlip, PaidFrom, SlipKind, SlipStatus
from tables.slips.waiting import waiting_rows

CARDS = [
    Card("layouts.approve", "Approve table layouts",
         "Layouts waiting for a compliance officer who did not prepare them (§601a.10(a)).",
         "tables:layout-queue"),
    Card("layouts.prepare", "Prepare table layouts",
         "Artwork and the checklist its Rules Submission requires (§601a.10(a)).",
         "tables:layout-list"),
    Card("tables.read", "Floor",
         "Tables by pit: open or closed, the version in force, what stops a table opening.",
         "tables:floor"),
    Card("slips.record", "Record a jackpot slip", "Record a progressive or bonus payout.",
         "tables:slip-record"),
    Card("slips.validate", "Validate jackpot slips", "Slips someone else recorded, to validate.",
         "tables:slip-list"),
    Card("meters.read", "Progressive meters", "Current meter values per table.",
         "tables:meter-list"),
    Card("slips.read", "Jackpot slips", "Progressive and bonus payouts, recorded and validated.",
         "tables:slip-list", unless="slips.validate"),
    Card("engine.settle", "Settle a round",
         "Try the game engine: what each wager of a round pays, and how the house sets a "
         "Pai Gow hand, in the interactive API documentation.", "api-docs"),
]


# A table's progressive system is stored by its identifier ("PTS-1001"): said what it is, as
# the table's form does (e.g. §649a.2(c)).
PROGRESSIVE_SYSTEM_LABEL = ("Progressive table game system (the identifier of the system that "
                            "runs the table's progressive meters)")

# What an archive of the meter ledger records (tables.meters.ledger_archive), per property.
LEDGER_ARCHIVE_LABELS = {
    "rows": "Ledger rows archived", "kept": "Ledger rows kept (still pointed to)",
    "meters": "Meters archived", "before": "Recorded before",
    "retention_years": "Records-retention period (years)", "file": "Archive file",
    "sha256": "SHA-256 of the archive file", "file_rows": "Rows in the file (every property)",
    "board_permission": "The Board's written permission (§465a.6(b)(5))"}


def _dispute_window() -> timedelta:
    return timedelta(days=settings.WAGER_EVENT_RETENTION_DAYS)


# What grows with history, and how long each is kept (docs/operator.md, "History, retention
# and growth"; manage.py history_status).
HISTORY = [
    HistoryTable("Wager events", "tables.WagerEvent", "received_at", _dispute_window,
                 "removed by the hourly job tables.remove_old_wager_events: is beat running?",
                 order=10, removed_by_job=True),
    HistoryTable("Meter ledger", "tables.MeterEntry", "created_at", records_retention,
                 "archived with manage.py archive_meter_ledger", order=20),
    HistoryTable("Jackpot slips", "tables.JackpotSlip", "recorded_at", lambda: None,
                 "kept in the database", order=30),
    HistoryTable("Daily meter readings", "tables.MeterReading", "gaming_day", lambda: None,
                 "kept in the database", order=40),
]


def meter_alerts_panel(user, property) -> list | None:
    """Meters that do not match their ledger (§605a.7), for whoever reads the meters."""
    if not can(user, "meters.read", property):
        return None
    return list(open_alerts(property)) or None


def waiting_slips_panel(user, property) -> list | None:
    """The floor's own work first (§601a.2 chapters' jackpot payouts): every slip waiting to be
    validated or paid, oldest first, with its amount, table and how long it has waited; a slip
    one recorded is validated by someone else."""
    if not can(user, "slips.validate", property):
        return None
    slips = (JackpotSlip.objects.filter(property=property,
                                        status__in=(SlipStatus.RECORDED, SlipStatus.VALIDATED))
             .select_related("table", "recorded_by").order_by("recorded_at", "number"))
    return waiting_rows(list(slips), user)  # one Validate row per jackpot (issue 30)


def layout_queue_panel(user, property) -> list | None:
    """Layouts waiting for a compliance officer who did not prepare them (§601a.10(a))."""
    if not can(user, "layouts.approve", property):
        return None
    return [{"layout": lay, "own": user.pk in (lay.prepared_by_id, lay.submitted_by_id)}
            for lay in layout_queue(user=user).filter(property=property)]


def slip_references(references) -> dict[str, dict]:
    """Meter ledger references of slip payments ("jackpot-slip:<id>") as "Jackpot slip 3",
    linked to the slip's page (tables.meters.hooks.reference_links)."""
    ids = {r.partition(":")[2]: r for r in references if r.startswith("jackpot-slip:")
           and r.partition(":")[2].isdecimal()}
    slips = JackpotSlip.objects.filter(pk__in=[int(i) for i in ids]).values_list("pk", "number")
    return {ids[str(pk)]: {"words": f"Jackpot slip {number}",
                           "url": reverse("tables:slip-detail", args=[pk])}
            for pk, number in slips}


def _floor_demo(props: dict, users: dict) -> None:
    load_floor_demo(props["keystone"], users["tgm"], users["compliance"], users["floormgr"])


def register() -> None:
    registry.audit_words(
        entities={"slip": "Jackpot slip", "meter": "Progressive meter",
                  "meter_adjustment": "Meter adjustment", "table": "Table",
                  "layout": "Table layout", "linked_group": "Linked progressive group",
                  "meter_ledger": "Progressive meter ledger", "sign": "Meter sign"},
        names={"tables.meter.reconciliation_alert":
               "Progressive meter reconciliation alert raised",
               "tables.meter.mystery_win": "Must-Hit-By Mystery Bonus won",
               "tables.meter.reading": "Daily meter reading taken",
               "tables.meter.checkpoint_rebuilt":
               "Progressive meter reconciliation checkpoint taken again",
               "tables.wager_event.remove": "Wager events removed after the dispute window",
               "tables.meter_ledger.archive":
               "Progressive meter ledger archived after the records-retention period"},
        statuses={"layout": LayoutStatus, "meter_adjustment": AdjustmentStatus,
                  "slip": SlipStatus, "table": TableStatus},
        choices={"kind": {**dict(EntryKind.choices), **dict(SlipKind.choices)},
                 "paid_from": PaidFrom},
        # A layout's or table's "version" is the version of the Rules Submission it follows.
        labels={("meter", "key"): "Meter", ("meter", "submission"): "Rules Submission",
                ("layout", "version"): "Rules Submission version",
                ("table", "version"): "Rules Submission version",
                ("table", "progressive_system"): PROGRESSIVE_SYSTEM_LABEL,
                ("table", "progressive_lockout"): "The progressive system has a lock-out",
                ("slip", "award"): "Payout", ("slip", "total"): "Total of the payouts validated",
                ("slip", "rule"): "Sections", ("slip", "number"): "Slip number",
                ("slip", "companions"): "Slips recorded with it",
                **{("meter_ledger", key): words for key, words in LEDGER_ARCHIVE_LABELS.items()}},
        values={("meter", "submission"): submission_name, ("meter", "key"): meter_key_name},
        # A payment's event says what was paid, to which seat, from where (issue 30).
        shown_with={"tables.slip.pay": ("award", "seat", "paid_from")})
    for history in HISTORY:
        registry.history_table(history)
    # The ledger is the meters' record (§605a.7), slips and readings the floor's: only
    # archive_meter_ledger, as the owner, ever deletes ledger rows.
    registry.records_tables("tables_meterentry", "tables_jackpotslip", "tables_meterreading")
    # ... and audit_verify compares each with its audit events (issue 28).
    registry.record_check("tables.slips", check_slips, order=10)
    registry.record_check("tables.ledger", check_ledger, order=20)
    registry.record_check("tables.meters", check_meters, order=30)
    registry.record_check("tables.readings", check_readings, order=40)
    registry.record_check("tables.layouts", check_layouts, order=60)
    registry.dashboard_cards("tables", CARDS)
    registry.dashboard_panel(Panel("meter_alerts", "tables/meters/_dashboard_alerts.html",
                                   meter_alerts_panel, order=10))
    registry.dashboard_panel(Panel("waiting_slips", "tables/dashboard/_waiting_slips.html",
                                   waiting_slips_panel, order=5))
    registry.dashboard_panel(Panel("layout_queue", "tables/dashboard/_layout_queue.html",
                                   layout_queue_panel, order=25))
    registry.demo_part(DemoPart("tables", _floor_demo, order=20))
    reference_links_from(slip_references)
    # Its records in the Board's evidence bundle (issue 28, casino/evidence_bundle.py).
    from tables.floor.evidence_export import layout_records
    from tables.meters.evidence_export import ledger_records, meter_records, reading_records
    from tables.slips.evidence_export import slip_records

    for name, collect, order in (("ledger", ledger_records, 40),
                                 ("readings", reading_records, 50),
                                 ("layouts", layout_records, 15)):
        registry.evidence_records(name, collect, order)
    registry.evidence_records("slips", slip_records, 20, creates={
        "slip": ("tables.slip.record", "tables.slip.create")})
    registry.evidence_records("meters", meter_records, 30,
                              creates={"meter": ("tables.meter.seed",)})
