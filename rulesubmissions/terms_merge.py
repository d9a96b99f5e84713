"""What a ``PATCH`` of a version's terms means: each term it sends replaces the stored one,
except the three maps, which are merged key by key (a wager's paytable, an option, a meter's
terms), so a change to one entry never drops the others. ``null`` as a wager's or a meter's
entry takes it out (the wager is no longer offered, the meter's terms are dropped); an
option's ``null`` is its value (not offered), as in every body. ``PUT`` replaces every term.
"""

from __future__ import annotations

MAPS = ("options", "wagers", "meters")
REMOVED_BY_NULL = ("wagers", "meters")


def merge_terms(stored: dict, change: dict) -> dict:
    """``stored`` with ``change`` applied as a ``PATCH`` applies it (the module's rule)."""
    merged = {**stored, **{k: v for k, v in change.items() if k not in MAPS}}
    for key in MAPS:
        if key not in change:
            continue
        entries = {**(stored.get(key) or {}), **change[key]}
        if key in REMOVED_BY_NULL:
            entries = {k: v for k, v in entries.items() if v is not None}
        merged[key] = entries
    return merged
