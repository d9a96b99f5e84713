"""What the meters room asks of the slips room above it without importing it (issue 18: slips
-> meters -> floor). A Must-Hit-By Mystery Bonus win is documented by a jackpot slip the system
records at the win (§631b.6(c)(5)); the slips room registers how from ``TablesConfig.ready()``."""

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class MysterySlips:
    """``number(property)`` takes the property's next slip number (locking its counter, before
    the transaction's first audit event); ``record(meter=, submission=, number=, event=, hit=,
    reset=)`` records the slip under that number and returns it."""

    number: Callable
    record: Callable


_RECORDERS: list[MysterySlips] = []


def mystery_slips_from(recorder: MysterySlips) -> None:
    """Register the recorder (the latest wins; ``ready()`` may run more than once)."""
    _RECORDERS[:] = [recorder]


def mystery_slips() -> MysterySlips:
    if not _RECORDERS:
        raise RuntimeError("No room records Must-Hit-By slips: TablesConfig.ready() registers "
                           "the slips room's recorder (tables.slips.services).")
    return _RECORDERS[0]


# meters -> {meter pk: [pending jackpot, ...]}: the slips recorded against each meter and not
# yet paid or voided (issue 19's jackpot lock: the board, the meter page, every linked table and
# the meter API show them as pending). The slips room registers its selector.
_PENDING: list[Callable] = []


def pending_jackpots_from(source: Callable) -> None:
    """Register ``source(meters)`` (the latest wins; ``ready()`` may run more than once)."""
    _PENDING[:] = [source]


def pending_jackpots(meters) -> dict[int, list]:
    """Each meter's pending jackpots, oldest first (none without a registered source)."""
    meters = list(meters)
    found = _PENDING[0](meters) if _PENDING and meters else {}
    return {m.pk: found.get(m.pk, []) for m in meters}


# references -> {reference: {"words", "url"}}: a ledger row's reference as staff read it, with
# a link to what it records ("jackpot-slip:7" is "Jackpot slip 3", the slip's page). The slips
# room registers its resolver; the meters room names its own (a Must-Hit-By win).
_REFERENCES: list[Callable] = []


def reference_links_from(source: Callable) -> None:
    """Register ``source(references)`` (the latest wins; ``ready()`` may run more than once)."""
    _REFERENCES[:] = [source]


def reference_links(references) -> dict[str, dict]:
    refs = {r for r in references if r}
    found = _REFERENCES[0](refs) if _REFERENCES and refs else {}
    for ref in refs - set(found):
        if ref.startswith("mystery-"):
            found[ref] = {"words": "Must-Hit-By Mystery Bonus win (§631b.6(c))", "url": ""}
    return found
