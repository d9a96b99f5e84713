"""What a person confirms before a slip act the floor cannot take back alone (issue 30): recording
a jackpot (its amounts fixed, the meter hit and reset at once, §605a.7) and confirming a void
(the second of two people, §649a.11(c)(5) and its twins). The amounts are the services' own
(``services.slip_preview``, the live meter), never worked out again in a template; and what a
slip amount holds: the wager returned with the winnings (the engine's net plus the stake)."""

from __future__ import annotations

from decimal import Decimal

from casino.formats import person
from tables.meters.selectors import dollars as money
from tables.meters.selectors import live_meter_amounts
from tables.slips import services
from tables.slips.awards import Award, Preview
from tables.slips.errors import fail
from tables.slips.models import JackpotSlip
from tables.slips.printing import stake_words
from tables.slips.waiting import slips_words

STAKE_NOTE = ("Every amount is what the player is handed: the winnings and the wager "
              "returned with them, except an Envy Bonus, which stakes nothing.")


def _award_line(award: Award, *, envy: bool = False) -> str:
    if envy:
        odds = f"{award.odds}; " if award.odds != money(award.award) else ""
        return (f"Seat {award.seat}: Envy Bonus for the {award.hand} at seat "
                f"{award.from_seat}: {money(award.award)} ({odds}it stakes nothing).")
    return (f"Seat {award.seat}, a share of the same award: {award.wager_name}, {award.odds} "
            f"on {money(award.amount)}: {money(award.award)}. "
            f"{stake_words(award.award, award.amount, award.wager_name)}")


def meter_words(preview: Preview, amounts: dict) -> list[str]:
    """The meter's move the recording makes: hit for what it pays and, after a 100% award,
    reset to its reset amount ("from $10,750.00 to $10,000.00")."""
    if preview.meter_amount is None:
        return []
    key, before = preview.jackpot.meter, preview.meter_amount
    paid = preview.meter_total
    if preview.jackpot.whole_meter:
        after = Decimal(amounts[f"{key}_reset"])
        change = (f"The {preview.meter_name} meter pays {money(paid)} and is reset: from "
                  f"{money(before)} to {money(after)}, its reset amount (§605a.7).")
    else:
        change = (f"The {preview.meter_name} meter pays {money(paid)}: from {money(before)} to "
                  f"{money(before - paid)}, not reset (the rest stays on the meter).")
    return [change, "The amount is fixed against the meter as it stands when you confirm: a "
                    "wager the table game system sends meanwhile is counted first."]


def record_confirmation(*, table, data: dict, actor) -> dict:
    """What recording ``data`` will do, in words and amounts. Raises ``SlipError`` as the
    preview does, and for a hand that wins nothing as recording would (the reason)."""
    preview = services.slip_preview(table=table, data=data)
    if not preview.wins:
        raise fail("wager", preview.why)
    jackpot = preview.jackpot
    lines = [f"Seat {jackpot.seat}: {preview.hand}, the {jackpot.wager_name} at "
             f"{jackpot.odds} on {money(jackpot.amount)}: {money(jackpot.award)}. "
             f"{stake_words(jackpot.award, jackpot.amount, jackpot.wager_name)}"]
    lines += [_award_line(a) for a in preview.shares]
    lines += [_award_line(a, envy=True) for a in preview.envy]
    awards = [jackpot, *preview.shares, *preview.envy]
    total = sum((a.award for a in awards), Decimal(0))
    if len(awards) > 1:
        lines.append(f"{len(awards)} slips, {money(total)} in all.")
    lines += meter_words(preview, live_meter_amounts(table))
    lines += ["Undoing it takes two people: one asks to void it, with the reason, a second "
              "confirms.", f"You, {person(actor)}, are recorded as recording it."]
    return {"heading": f"Record this jackpot at table {table.label}?", "lines": lines,
            "button": f"Record the slip: {money(total)}", "note": STAKE_NOTE,
            "preview": preview}


def void_confirmation(slip: JackpotSlip, companions: list[JackpotSlip]) -> dict:
    """What the second person confirms: the first person's reason, then exactly what is voided
    (the slip and only the Envy Bonus and shared-award slips it has) and the meter reversed."""
    lines = [f"Slip {slip.number}: {money(slip.award)} to seat {slip.seat}, {slip.wager_name}."]
    lines += [f"{c.get_kind_display()} slip {c.number}: {money(c.award)} to seat {c.seat}."
              for c in companions]
    if slip.meter_name and slip.meter_after is not None:
        lines.append(f"The {slip.meter_name} meter's payment of this slip, and its reset, are "
                     f"reversed ({money(slip.meter_before)} before the win, "
                     f"{money(slip.meter_after)} after): it stands as if the win had never been "
                     f"recorded, with the wagers and other wins since.")
    numbers = [slip.number, *(c.number for c in companions)]
    return {"asked_by": person(slip.void_requested_by), "reason": slip.void_reason,
            "lines": lines, "button": f"Confirm the void of {slips_words(numbers)}",
            "done": f"{slips_words(numbers).capitalize()} "
                    f"{'is' if len(numbers) == 1 else 'are'} void."}

