"""A meter's ledger a page at a time (§605a.7: the ledger is the meter's record), as fast on
the last page of year five as on the first: newest first, and "older" and "newer" pages start
after the id of the row at the page's edge (keyset, through the index on meter and id), never
at an offset, which PostgreSQL would have to count its way to. The number of rows is counted
only up to ``COUNT_CAP`` ("more than 1,000 rows"): counting a long ledger reads all of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino import selectors
from casino.api_pages import CheckedCursor
from casino.limits import whole_id

PAGE = 50
COUNT_CAP = 1000


def capped_count(queryset, cap: int = COUNT_CAP) -> int:
    """Rows of ``queryset``, counted up to ``cap + 1`` at most (``casino.selectors``' count
    that stops: ``cap + 1`` means more than ``cap``)."""
    found, exact = selectors.capped_count(queryset, cap)
    return found if exact else cap + 1


@dataclass(frozen=True)
class LedgerPage:
    rows: list
    older: int | None  # ``?before=`` of the next older page, None on the oldest
    newer: int | None  # ``?after=`` of the next newer page, None on the newest
    total: int  # rows in the ledger, up to COUNT_CAP + 1
    newest: bool

    @property
    def total_text(self) -> str:
        if self.total > COUNT_CAP:
            return f"more than {COUNT_CAP:,} rows"
        return f"{self.total:,} row" + ("" if self.total == 1 else "s")


def ledger_page(entries, *, before=None, after=None, size: int = PAGE) -> LedgerPage:
    """The page of ``entries`` (one meter's, any order) ending just before id ``before``, or
    starting just after id ``after``; the newest page without either. Unreadable ids are
    ignored (the newest page). The index on (meter, id) serves every page."""
    before, after = whole_id(before), whole_id(after)
    if after is not None and before is None:
        rows = list(entries.filter(pk__gt=after).order_by("pk")[:size + 1])
        has_newer, rows = len(rows) > size, rows[:size][::-1]
        has_older = True
    else:
        chosen = entries.filter(pk__lt=before) if before is not None else entries
        rows = list(chosen.order_by("-pk")[:size + 1])
        has_older, rows = len(rows) > size, rows[:size]
        has_newer = before is not None and entries.filter(pk__gte=before).exists()
    if not rows:
        return LedgerPage([], None, None, capped_count(entries), newest=not has_newer)
    return LedgerPage(rows, rows[-1].pk if has_older else None,
                      rows[0].pk if has_newer else None, capped_count(entries),
                      newest=not has_newer)


class LedgerCursor(CheckedCursor):
    """The API's ledger pages: newest first, ``next``/``previous`` links carry an opaque
    cursor (keyset on the id), no count and no offset; a cursor it did not give is a 400."""

    ordering = "-id"
    page_size = PAGE
