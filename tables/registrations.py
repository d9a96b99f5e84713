"""What the ground floor shows for the tables app (``casino.registry``), registered from
``TablesConfig.ready()``: the words for its audit values, its dashboard cards, the meters'
reconciliation alarm (§605a.7) and its part of the demo."""

from casino import registry
from casino.permissions import can
from casino.registry import Card, DemoPart, Panel
from rulesubmissions.selectors import submission_name
from tables.demo import load_floor_demo
from tables.floor.models import LayoutStatus, TableStatus
from tables.meters.models import AdjustmentStatus, EntryKind
from tables.meters.reconciliation import open_alerts
from tables.meters.selectors import meter_key_name
from tables.slips.models import PaidFrom, SlipKind, SlipStatus

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


def meter_alerts_panel(user, property) -> list | None:
    """Meters that do not match their ledger (§605a.7), for whoever reads the meters."""
    if not can(user, "meters.read", property):
        return None
    return list(open_alerts(property)) or None


def _floor_demo(props: dict, users: dict) -> None:
    load_floor_demo(props["keystone"], users["tgm"], users["compliance"], users["floormgr"])


def register() -> None:
    registry.audit_words(
        entities={"slip": "Jackpot slip", "meter": "Progressive meter",
                  "meter_adjustment": "Meter adjustment", "table": "Table",
                  "layout": "Table layout", "linked_group": "Linked progressive group"},
        names={"tables.meter.reconciliation_alert":
               "Progressive meter reconciliation alert raised",
               "tables.meter.mystery_win": "Must-Hit-By Mystery Bonus won",
               "tables.meter.checkpoint_rebuilt":
               "Progressive meter reconciliation checkpoint taken again",
               "tables.wager_event.remove": "Wager events removed after the dispute window"},
        statuses={"layout": LayoutStatus, "meter_adjustment": AdjustmentStatus,
                  "slip": SlipStatus, "table": TableStatus},
        choices={"kind": {**dict(EntryKind.choices), **dict(SlipKind.choices)},
                 "paid_from": PaidFrom},
        # A layout's or table's "version" is the version of the Rules Submission it follows.
        labels={("meter", "key"): "Meter", ("meter", "submission"): "Rules Submission",
                ("layout", "version"): "Rules Submission version",
                ("table", "version"): "Rules Submission version"},
        values={("meter", "submission"): submission_name, ("meter", "key"): meter_key_name})
    registry.dashboard_cards("tables", CARDS)
    registry.dashboard_panel(Panel("meter_alerts", "tables/meters/_dashboard_alerts.html",
                                   meter_alerts_panel, order=10))
    registry.demo_part(DemoPart("tables", _floor_demo, order=20))
