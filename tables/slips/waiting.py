"""The floor's waiting slips as the dashboard lists them (issue 30): one validation validates a
jackpot slip with its Envy Bonus and shared-award slips (``decisions.may_validate``: a companion
is validated with its jackpot slip), so a recording waiting for validation is one row; once
validated, each slip is paid on its own, one row each."""

from __future__ import annotations

from decimal import Decimal

from tables.slips.models import JackpotSlip, SlipStatus


def waiting_rows(slips: list[JackpotSlip], user) -> list[dict]:
    """``slips`` (recorded or validated, oldest first) as rows: ``slip`` (the jackpot slip),
    ``with`` (its companions a validation takes along), ``total``, ``button`` and ``own`` (the
    user recorded it: someone else validates it)."""
    rows: list[dict] = []
    jackpots: dict[int, dict] = {}
    for slip in slips:
        head = slip.parent_id if slip.status == SlipStatus.RECORDED and slip.parent_id else None
        if head is not None and head in jackpots:
            jackpots[head]["with"].append(slip)
            continue
        row = {"slip": slip, "with": [], "own": slip.recorded_by_id == user.pk}
        rows.append(row)
        if slip.status == SlipStatus.RECORDED:
            jackpots[slip.pk] = row
    for row in rows:
        slips_of = [row["slip"], *row["with"]]
        row["total"] = sum((s.award for s in slips_of), Decimal(0))
        verb = "Validate" if row["slip"].status == SlipStatus.RECORDED else "Pay"
        row["button"] = f"{verb} {slips_words([s.number for s in slips_of])}"
    return rows


def slips_words(numbers: list[int]) -> str:
    """"slip 1", "slips 1 and 2", "slips 1, 2 and 3"."""
    if len(numbers) == 1:
        return f"slip {numbers[0]}"
    return f"slips {', '.join(str(n) for n in numbers[:-1])} and {numbers[-1]}"
