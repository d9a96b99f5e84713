"""Payout limits: the most a casino pays one player on one hand, where a chapter lets the
certificate holder set one (§643a.12(g), §647a.12(c), §645a.13(j)).

A limit is ``options.payout_limit``, never below the floor every limit clause sets ($50,000,
``games.spec.PAYOUT_LIMIT_FLOOR``). The game decides which lines the limit caps together (Let It
Ride and Hold 'Em leave their progressives out, §643a.12(g); Pai Gow Poker caps its meter award
with its other optional wagers, §645a.13(j)); this module reads the option and caps them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from games.money import ZERO, parse_dollars, to_cents
from games.payload import Reader
from games.settlement import Line
from games.spec import PAYOUT_LIMIT_FLOOR


def read_payout_limit(reader: Reader, rule: str) -> Decimal | None:
    """``options.payout_limit``: none, or at least $50,000 (the floor of every limit clause)."""
    raw = reader.options.get("payout_limit")
    if raw is None:
        return None
    try:
        limit = parse_dollars(raw)
    except ValueError as e:
        reader.fail("options.payout_limit", str(e))
        return None
    if limit < PAYOUT_LIMIT_FLOOR:
        reader.fail("options.payout_limit",
                    f"a payout limit is at least ${PAYOUT_LIMIT_FLOOR:,.2f} ({rule})")
        return None
    return limit


def apply_payout_limit(lines: Sequence[Line], limit: Decimal | None, rule: str) -> list[Line]:
    """Cap what ``lines`` win together on one hand at ``limit``, each winning line keeping its
    share of the limit in proportion to its win (the first takes the odd cents). A meter award
    capped below its whole no longer pays the meter out (``meter_reset``): what the limit
    keeps stays on the meter (§645a.13(j), games/progressive.py)."""
    won = sum((line.net for line in lines if line.net > 0), ZERO)
    if limit is None or won <= limit:
        return list(lines)
    shares = [to_cents(limit * line.net / won) if line.net > 0 else None for line in lines]
    odd_cents = limit - sum(s for s in shares if s is not None)
    capped = []
    for line, share in zip(lines, shares, strict=True):
        if share is None:
            capped.append(line)
            continue
        net = share + odd_cents
        capped.append(replace(
            line, net=net, rule=f"{line.rule}, {rule}",
            odds=f"{line.odds}, limited by the ${limit:,.2f} payout limit",
            meter_reset=line.meter_reset and net == line.net,
        ))
        odd_cents = ZERO
    return capped
