"""Every model of the ``tables`` app, for Django (app label ``tables``; one migration history).
Each room keeps its own: ``tables.floor.models`` (tables, linked groups, layouts),
``tables.meters.models`` (progressive meters and their ledger, wager events, readings, alerts),
``tables.slips.models`` (jackpot slips), ``tables.signs.models`` (meter signs). Code inside a
room imports its room's module, never this one (it would reach every room)."""

from tables.floor.models import Layout, LayoutStatus, LinkedGroup, Table, TableStatus
from tables.meters.models import (
    AdjustmentStatus,
    EntryKind,
    Meter,
    MeterAdjustment,
    MeterEntry,
    MeterReading,
    MysteryTrigger,
    ReconciliationAlert,
    WagerEvent,
)
from tables.signs.models import MeterSign
from tables.slips.models import JackpotSlip, PaidFrom, SlipCounter, SlipKind, SlipStatus

__all__ = ["AdjustmentStatus", "EntryKind", "Layout", "LayoutStatus", "LinkedGroup", "Meter",
           "MeterAdjustment", "MeterEntry", "MeterReading", "MeterSign", "MysteryTrigger",
           "ReconciliationAlert", "Table", "TableStatus", "WagerEvent",
           "JackpotSlip", "PaidFrom", "SlipCounter", "SlipKind", "SlipStatus"]
