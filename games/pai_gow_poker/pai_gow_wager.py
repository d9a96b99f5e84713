"""The Pai Gow Poker Wager: win, tie or lose against the dealer's two hands (§645a.11(f)),
paid 1 to 1 less the vigorish (§645a.13(a)), none on EZ Pai Gow Poker tables, where a dealer's
Queen's Dragon pushes every Pai Gow Poker Wager (§645a.11(f)(1)(v), (2)(iii))."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_CEILING, Decimal
from typing import Any

from games.money import ZERO, fmt, to_cents
from games.pai_gow_poker.rankings import (
    WHEEL_SECOND_HIGHEST,
    high_strength,
    low_strength,
    ranks_at_least,
)
from games.settlement import LOSE, PUSH, WIN, Line, lose, push

VIGORISH = Decimal("0.05")  # §645a.13(a)
QUARTER = Decimal("0.25")
ROUNDINGS = ("none", "up_to_25c", "next_25c")


def vigorish(won: Decimal, rounding: str = "none") -> Decimal:
    """§645a.13(a): 5% of the amount won, collected when the win is paid. The Rules Submission
    may round it off to 25¢ (``up_to_25c``: a vigorish under 25¢ is 25¢) or to the next highest
    multiple of 25¢ (``next_25c``). Unrounded, a fraction of a cent is not collected (the
    vigorish never exceeds 5%).

    >>> [str(vigorish(Decimal(w), r)) for w, r in (("7", "none"), ("7", "next_25c"))]
    ['0.35', '0.50']
    """
    exact = won * VIGORISH
    if rounding == "next_25c":
        return (exact / QUARTER).to_integral_value(rounding=ROUND_CEILING) * QUARTER
    if rounding == "up_to_25c":
        return max(QUARTER, to_cents(exact))
    return to_cents(exact)


def compare(player_high: Sequence[int], player_low: Sequence[int], dealer_high: Sequence[int],
            dealer_low: Sequence[int], wheel: str = WHEEL_SECOND_HIGHEST) -> str:
    """§645a.11(f): win when both hands are higher, a tie when one is higher and the other not,
    otherwise lose: identical ranks ("copies") go to the dealer."""
    high = high_strength(player_high, wheel) > high_strength(dealer_high, wheel)
    low = low_strength(player_low) > low_strength(dealer_low)
    if high and low:
        return WIN
    return PUSH if high or low else LOSE


def _won_less_vigorish(amount: Decimal, ez: bool, rounding: str) -> Line:
    """§645a.11(f)(3), §645a.13(a): 1 to 1 less the vigorish; none on EZ Pai Gow Poker."""
    vig = ZERO if ez else vigorish(amount, rounding)
    odds = "1 to 1" if ez else f"1 to 1 less ${fmt(vig)} vigorish (5%)"
    return Line("pai_gow", amount, WIN, odds, amount - vig, "§645a.11(f)(3), §645a.13(a)")


def pai_gow_line(p: dict[str, Any], dealer: dict[str, Any], opts: dict[str, Any]) -> Line:
    """The wager of position ``p`` (its ``high``, ``low``, ``surrender``) against ``dealer``
    under the game options ``opts``."""
    amount = p["wagers"]["pai_gow"]
    if p["surrender"]:
        return lose("pai_gow", amount, "§645a.11(d)", hand="surrendered")
    if opts["ez_pai_gow"] and dealer["queens_dragon"]:
        return push("pai_gow", amount, "§645a.11(f)(1)(v), (2)(iii)", hand="dealer's Queen's Dragon")
    high, low = p["high"], p["low"]
    if len(high) != 5 or len(low) != 2:
        return lose("pai_gow", amount, "§645a.11(f)(1)(iv)", hand="foul: five cards high, two low")
    if not ranks_at_least(high, low):
        return lose("pai_gow", amount, "§645a.11(f)(1)(iii)", hand="foul: high hand below low")
    result = compare(high, low, dealer["high"], dealer["low"], opts["wheel"])
    if result == WIN:
        return _won_less_vigorish(amount, opts["ez_pai_gow"], opts["vigorish_rounding"])
    if result == PUSH:
        return push("pai_gow", amount, "§645a.11(f)(2)(i)-(ii)")
    return lose("pai_gow", amount, "§645a.11(f)(1)(i)-(ii)")
