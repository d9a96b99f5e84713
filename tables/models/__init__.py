"""The floor's records, one module per concept: tables and layouts, progressive meters and
their ledger, jackpot slips."""

from tables.models.layout import Layout, LayoutStatus
from tables.models.meter import (
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
from tables.models.slip import JackpotSlip, PaidFrom, SlipCounter, SlipKind, SlipStatus
from tables.models.table import LinkedGroup, Table, TableStatus

__all__ = ["AdjustmentStatus", "EntryKind", "Layout", "LayoutStatus", "LinkedGroup", "Meter",
           "MeterAdjustment", "MeterEntry", "MeterReading", "MysteryTrigger",
           "ReconciliationAlert", "Table", "TableStatus", "WagerEvent",
           "JackpotSlip", "PaidFrom", "SlipCounter", "SlipKind", "SlipStatus"]
