"""Validating a jackpot slip: a floorperson or above who did not record it confirms every payout
the validation makes (§649a.11(c)(5)(iii) and its twins; a Must-Hit-By win, §631b.6(c)(5)(i)-
(ii)): the jackpot, each Envy Bonus and shared award, with the seats' cards and the sections.

The validator's page shows them (``payouts``) and asks for a confirmation naming the amounts;
the API's body carries the total the validator saw, refused with a 409 if the slips now total
anything else. Validation settles the round again, by the terms it was recorded under and the
meter amount it was recorded against, to verify the hand: it never changes an amount (they were
fixed at recording, when the meter was hit); a disagreement is refused, and the way out is a
void and a new recording. Locks: ``tables.slips.locks`` step 3 (the slip, then its companions).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from casino.audit import audit_record
from games.money import parse_dollars
from tables.floor.selectors import terms_for
from tables.meters.selectors import dollars
from tables.slips import locks
from tables.slips.awards import PAID_FROM_WORDS, settle_slip
from tables.slips.decisions import enforce, may_validate
from tables.slips.errors import check_input, conflict, fail
from tables.slips.models import JackpotSlip, SlipKind, SlipStatus
from tables.slips.printing import slip_cards
from tables.slips.recording import snapshot

VALIDATE_FIELDS = {"total"}
ZERO = Decimal("0.00")


@dataclass(frozen=True)
class Payout:
    """One payout a validation makes, as the validator reads it before confirming."""

    slip: JackpotSlip
    cards: list[tuple[str, str]]

    @property
    def words(self) -> str:
        s = self.slip
        return f"slip {s.number}: {dollars(s.award)} to seat {s.seat} ({s.wager_name})"

    @property
    def paid_from(self) -> str:
        return PAID_FROM_WORDS.get(self.slip.paid_from, self.slip.paid_from)


def family(slip: JackpotSlip) -> list[JackpotSlip]:
    """The slip and its companions that are not void, in number order (read, not locked)."""
    parent = slip.parent if slip.parent_id else slip
    companions = parent.companions.exclude(status=SlipStatus.VOIDED).order_by("number")
    return [parent, *companions.select_related("table", "property")]


def payouts(slip: JackpotSlip) -> list[Payout]:
    """Every payout validating ``slip`` makes, each with its seat's cards and the table's."""
    return [Payout(s, slip_cards(s)) for s in family(slip)]


def total(slips) -> Decimal:
    return sum((s.award for s in slips), ZERO)


def confirmation(slips) -> str:
    """What the validator confirms, the amounts named: "I confirm slip 1: $20,000.00 to seat 1
    (...); slip 2: $1,000.00 to seat 3 (...): $21,000.00 in all"."""
    slips = list(slips)
    named = "; ".join(Payout(s, []).words for s in slips)
    return f"I confirm {named}: {dollars(total(slips))} in all."


def verify_validator(slip: JackpotSlip, actor) -> None:
    """§649a.11(c)(5)(iii): a floorperson or above validates; never the recorder (the
    page's rule, ``decisions.may_validate``, on the slip as read; again under the lock)."""
    enforce(may_validate(actor, slip))


def _seen(data: dict) -> Decimal:
    if data.get("total") in (None, ""):
        raise fail("total", "Required: the total of every payout the validation makes, as "
                            "the slip's page shows it (the jackpot, each Envy Bonus and "
                            "shared award).")
    try:
        return parse_dollars(data["total"])
    except ValueError as exc:
        raise fail("total", str(exc)) from exc


def _pairs(slips) -> list[tuple[int, Decimal]]:
    return sorted((s.seat, s.award) for s in slips)


def _verify(parent: JackpotSlip, companions: list[JackpotSlip]) -> None:
    """Settle the round again by the version it was recorded under and against the meter as it
    stood then: the same seats must win the same amounts, or the slip is not validated."""
    meters = {}
    if parent.meter_id:
        key = parent.meter.key
        meters = {key: parent.meter_before, f"{key}_reset": parent.meter.reset_amount}
    preview = settle_slip(parent.table, parent.seat, parent.wager, parent.round,
                          terms=parent.submission or terms_for(parent.table), meters=meters)
    found = ([(parent.seat, preview.jackpot.award)] if preview.wins else [],
             _pairs(preview.shares), _pairs(preview.envy))
    kept = [parent, *companions]
    recorded = ([(parent.seat, parent.award)],
                _pairs(s for s in kept if s.kind == SlipKind.SHARE),
                _pairs(s for s in kept if s.kind == SlipKind.ENVY))
    if found == recorded:
        return
    said = "; ".join(f"{dollars(amount)} to seat {seat}" for part in found for seat, amount in part)
    raise conflict("award", f"Settled again as recorded, the round pays {said or 'nothing'} "
                            f"({preview.why}), not what slip {parent.number} says. A "
                            f"validation never changes an amount: void the slip (two people) "
                            f"and record the round again.")


@transaction.atomic
def slip_validate(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """Validate a recorded jackpot slip and its companions: ``data["total"]`` is the total the
    validator saw (a 409 if the payouts total anything else); the round is settled again to
    verify the hand, no amount and no meter changes."""
    verify_validator(slip, actor)
    data = check_input(data or {}, VALIDATE_FIELDS)
    seen = _seen(data)
    return _validate(*_locked_family(slip), actor, seen)


@transaction.atomic
def slip_validate_at(*, prop, pk: int, actor, parse: Callable[[], object]) -> JackpotSlip:
    """``slip_validate`` for the slip ``pk`` of ``prop`` not read yet (the API): the slip and
    its companions read and locked in one statement (issue 32), the validator refused before
    the body is parsed (``parse()``), then the same rules. ``DoesNotExist``: no such slip."""
    parent, companions = locks.family_at(prop, pk)
    verify_validator(parent, actor)
    data = check_input(parse() or {}, VALIDATE_FIELDS)
    return _validate(parent, companions, actor, _seen(data))


def _validate(parent: JackpotSlip, companions: list[JackpotSlip], actor,
              seen: Decimal) -> JackpotSlip:
    """Under the family's locks: the rule again, the total seen, the round settled again, and
    every payout marked validated in one statement (the database's freeze checks the step),
    each with its audit event."""
    enforce(may_validate(actor, parent))
    live = [parent, *(c for c in companions if c.status == SlipStatus.RECORDED)]
    if seen != total(live):
        raise conflict("total", f"The payouts of slip {parent.number} total "
                                f"{dollars(total(live))}, not {dollars(seen)}: reload the slip "
                                f"and confirm the amounts it shows.")
    if parent.kind == SlipKind.JACKPOT:
        _verify(parent, [c for c in companions if c.status != SlipStatus.VOIDED])
    now, befores = timezone.now(), [snapshot(s) for s in live]
    JackpotSlip.objects.filter(pk__in=[s.pk for s in live]).update(
        status=SlipStatus.VALIDATED, validated_by=actor, validated_at=now)  # one statement
    for s, before in zip(live, befores, strict=True):
        s.status, s.validated_by, s.validated_at = SlipStatus.VALIDATED, actor, now
        audit_record(actor=actor, action="tables.slip.validate", target=s, before=before,
                     after={**snapshot(s), **({"total": total(live)} if s is parent else {})})
    parent.family_rows = [parent, *(c for c in companions if c.status != SlipStatus.VOIDED)]
    return parent


KNOWN = ("property", "table", "meter")


def _locked_family(slip: JackpotSlip) -> tuple[JackpotSlip, list[JackpotSlip]]:
    """Lock step 3, joining only the version and the recorder when the request already read
    the slip's property, table and meter (the API and the pages do): every companion is of
    the same property and table, so those rows are handed on, not read again in the lock's
    statement (issue 32: its nine joins were a third of a validation's CPU). A row whose key
    differs from the one read (a meter changed meanwhile) is read when used."""
    fields = [JackpotSlip._meta.get_field(name) for name in KNOWN]
    if not all(f.is_cached(slip) for f in fields) or slip.table.property_id != slip.property_id:
        return locks.family(slip)
    parent, companions = locks.family(slip, related=("submission", "recorded_by"))
    slip.table.property = slip.property
    for row in (parent, *companions):
        for f in fields:
            if getattr(row, f.attname) == getattr(slip, f.attname):
                setattr(row, f.name, getattr(slip, f.name))
    return parent, companions
