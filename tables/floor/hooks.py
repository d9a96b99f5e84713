"""What the floor asks of the rooms above it without importing them (issue 18: slips -> meters
-> floor). The meters room registers here from ``TablesConfig.ready()``: its opening check (every
meter a table's terms need is seeded, §605a.7(a)) and the live amounts a round settles with;
the meters and slips rooms add their parts of the floor's pages (a table's meters, its slips)."""

from collections.abc import Callable
from dataclasses import dataclass

# (table, terms in force) -> [{"reason", "section"}]: more reasons a table may not open.
OPENING_CHECKS: list[Callable] = []
# table -> {meter key: amount, "<key>_reset": reset amount}: the engine's ``meters``.
LIVE_METERS: list[Callable] = []


def opening_check(check: Callable) -> Callable:
    """Register ``check(table, terms)`` (once, however often ``ready()`` runs)."""
    if check not in OPENING_CHECKS:
        OPENING_CHECKS.append(check)
    return check


def live_meters_from(source: Callable) -> Callable:
    """Register ``source(table)``, whose amounts a round at the table settles with."""
    if source not in LIVE_METERS:
        LIVE_METERS.append(source)
    return source


def live_meters(table) -> dict:
    """Every registered room's live amounts for ``table`` (none: a round without meters)."""
    found: dict = {}
    for source in LIVE_METERS:
        found |= source(table)
    return found


@dataclass(frozen=True)
class PagePart:
    """A part of a floor page that a room above fills in: a column of the floor's table rows
    (``heading``; the template sees ``table`` and ``row``) or a section of a table's page."""

    template: str
    heading: str = ""


FLOOR_COLUMNS: list[PagePart] = []
TABLE_PAGE_SECTIONS: list[PagePart] = []


def floor_column(part: PagePart) -> None:
    if part not in FLOOR_COLUMNS:
        FLOOR_COLUMNS.append(part)


def table_page_section(part: PagePart) -> None:
    if part not in TABLE_PAGE_SECTIONS:
        TABLE_PAGE_SECTIONS.append(part)
