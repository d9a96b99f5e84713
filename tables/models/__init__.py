"""The floor's records, one module per concept: tables and layouts, progressive meters and
their ledger, jackpot slips."""

from tables.models.table import LinkedGroup, Table, TableStatus

__all__ = ["LinkedGroup", "Table", "TableStatus"]
