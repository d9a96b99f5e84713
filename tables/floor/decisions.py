"""Who may open or close a table, now: the one place the rule is written (issue 31). The
table's status panel enables the button or lists every reason, the pages and the API refuse
with them, and ``services.table_open``/``table_close`` enforce the same function on the row
they locked. A floor manager (``tables.operate``) opens a closed table only when nothing in
``selectors.opening_problems`` stands in the way (the version in force, §601a.2; the layout
and equipment the terms need; the rooms above add theirs, e.g. every meter seeded).
"""

from __future__ import annotations

from casino.decisions import ALLOWED, Decision, ability, state_refused
from tables.floor import selectors
from tables.floor.models import Table, TableStatus


def may_open(user, table: Table, problems: list[dict] | None = None) -> Decision:
    """``problems``: ``selectors.opening_problems(table)`` when the caller already read them."""
    role = ability(user, "tables.operate", table.property, "Your role does not open tables.")
    if not role:
        return role
    if table.status == TableStatus.OPEN:
        return state_refused("status", f"Table {table.label} is already open.", shown=False)
    if problems is None:
        problems = selectors.opening_problems(table)
    if problems:
        each = tuple(f"{p['reason']} ({p['section']})" for p in problems)
        return state_refused("opening", " ".join(each), each=each)
    return ALLOWED


def may_close(user, table: Table) -> Decision:
    role = ability(user, "tables.operate", table.property, "Your role does not close tables.")
    if not role:
        return role
    if table.status != TableStatus.OPEN:
        return state_refused("status", f"Table {table.label} is already closed.", shown=False)
    return ALLOWED
