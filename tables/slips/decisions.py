"""Who may validate, pay, ask to void or confirm the void of a jackpot slip, now: the one place
each rule is written (issue 31). The slip's page shows the button or the reason
(``tables.slips.views``), the API refuses with the reason (a 403 for the role, a 400 for the
person, a 409 for the slip's state), and the services enforce the same function on the rows
they locked (``validation``, ``services.slip_pay``, ``voids``).

- Validate: a floorperson or above who did not record the slip (§649a.11(c)(5)(iii) and its
  twins; a Must-Hit-By win, §631b.6(c)(5)(i)-(ii)), a recorded jackpot or Must-Hit-By slip.
- Pay: a validated slip, wins on one meter in the order they were recorded (``earlier``: the
  first earlier win not paid or void, ``services.earlier_unpaid``).
- Void: one person asks, a second confirms; never a paid slip, nor one whose Envy Bonus or
  shared award was paid, nor a Must-Hit-By slip; a companion goes with its jackpot slip
  (``voids`` says why).
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

from casino.decisions import ALLOWED, Decision, ability, person_refused, state_refused
from casino.formats import moment, person
from tables.meters.selectors import dollars
from tables.slips.errors import conflict, fail
from tables.slips.models import JackpotSlip, SlipKind, SlipStatus

MYSTERY_NO_VOID = (
    "A Must-Hit-By Mystery Bonus slip cannot be voided: the system paid the meter and reset it "
    "to its minimum, with a new trigger, when the wager crossed the trigger (§631b.6(c)(3), "
    "(5)(iv)). Putting the amount back would leave the meter past the trigger it crossed, and "
    "possibly past the configuration's maximum. If the win was recorded in error, correct the "
    "meter with a two-person meter adjustment.")
PAID_NO_VOID = ("Slip {number} was paid{by}: a paid slip is never voided and nothing goes back "
                "on a meter for money already handed out. A payment made in error is documented "
                "by a two-person meter adjustment (one proposes it with the reason, a second "
                "approves it) and the cage's own records.")
VALIDATED_KINDS = (SlipKind.JACKPOT, SlipKind.MYSTERY)


def enforce(decision: Decision) -> None:
    """Raise what ``decision`` refuses: ``PermissionDenied`` for the role (a 403), a
    ``SlipError`` for the person (a 400), a ``SlipConflict`` for the slip's state (a 409)."""
    if decision.allowed:
        return
    if decision.by == "ability":
        raise PermissionDenied(decision.reason)
    maker = conflict if decision.by == "state" else fail
    raise maker(decision.field, decision.reason)


def already_void(slip: JackpotSlip) -> str:
    """What happened, by whom: the loser of a race (a second confirmation, a request made as
    another person confirmed) reads who voided the slip, when, and whose request it was."""
    asked = (f", asked by {person(slip.void_requested_by)} (\"{slip.void_reason}\")"
             if slip.void_requested_by_id else "")
    return (f"Slip {slip.number} is already void: {person(slip.voided_by)} confirmed the void "
            f"at {moment(slip.voided_at)}{asked}.")


def may_validate(user, slip: JackpotSlip) -> Decision:
    """§649a.11(c)(5)(iii): a floorperson or above validates a recorded slip; never the
    recorder. The person is refused before the state, whatever the body (the API's order)."""
    role = ability(user, "slips.validate", slip.property,
                   "Your role does not validate jackpot slips.")
    if not role:
        return role
    waiting = (slip.status == SlipStatus.RECORDED and not slip.parent_id
               and slip.kind in VALIDATED_KINDS)
    if user.pk == slip.recorded_by_id:
        return person_refused("validated_by", (
            f"{person(slip.recorded_by)} recorded slip {slip.number} and cannot validate it: a "
            f"second floorperson or above must (§649a.11(c)(5)(iii))."), shown=waiting)
    if slip.parent_id:
        return state_refused("status", f"Slip {slip.number} is validated with its jackpot slip "
                                       f"{slip.parent.number}.", shown=False)
    if not waiting:
        return state_refused("status", f"Slip {slip.number} is "
                                       f"{slip.get_status_display().lower()}: only a recorded "
                                       f"jackpot slip can be validated.", shown=False)
    return ALLOWED


def may_pay(user, slip: JackpotSlip, *, earlier: JackpotSlip | None) -> Decision:
    """A validated slip is paid by a floorperson or above; a later win on a meter never before
    an earlier one (``earlier``: ``services.earlier_unpaid(slip)``)."""
    role = ability(user, "slips.validate", slip.property, "Your role does not pay jackpot slips.")
    if not role:
        return role
    if slip.status != SlipStatus.VALIDATED:
        return state_refused("status", f"Slip {slip.number} is "
                                       f"{slip.get_status_display().lower()}: only a validated "
                                       f"slip can be paid.", shown=False)
    if earlier is not None:
        return state_refused("order", (
            f"Slip {earlier.number} ({dollars(earlier.award)}, table {earlier.table.label}, "
            f"seat {earlier.seat}) was recorded against the {slip.meter_name} before slip "
            f"{slip.number}: wins on one meter are paid in the order they were recorded. Pay "
            f"or void slip {earlier.number} first."))
    return ALLOWED


def _voidable(user, slip: JackpotSlip, companions) -> Decision:
    """The role, then what no void may undo in the slip's state: the same for asking and
    confirming."""
    role = ability(user, "slips.void", slip.property, "Your role does not void jackpot slips.")
    if not role:
        return role
    if slip.parent_id:
        return state_refused("kind", f"Slip {slip.number} is an "
                                     f"{slip.get_kind_display().lower()} of jackpot slip "
                                     f"{slip.parent.number}: it is voided with that slip.")
    if slip.status == SlipStatus.VOIDED:
        return state_refused("status", already_void(slip), shown=False)
    if slip.kind == SlipKind.MYSTERY:
        return state_refused("kind", MYSTERY_NO_VOID)
    if companions is None:
        companions = list(slip.companions.all())
    for s in (slip, *companions):
        if s.status == SlipStatus.PAID:
            by = f" (slip {s.number}, {s.get_kind_display()})" if s is not slip else ""
            return state_refused("status", PAID_NO_VOID.format(number=slip.number, by=by))
    return ALLOWED


def may_ask_void(user, slip: JackpotSlip, companions=None) -> Decision:
    """The first of the two steps: anyone with the ability asks, with a reason, if no request
    is open. ``companions``: the slip's Envy Bonus and shared-award slips (read if None)."""
    state = _voidable(user, slip, companions)
    if not state:
        return state
    if slip.void_requested_by_id is not None:
        return state_refused("void", (
            f"Slip {slip.number} already has an open void request, asked by "
            f"{person(slip.void_requested_by)}: \"{slip.void_reason}\". A second person "
            f"confirms it (on the slip's page, or POST .../void/confirm/); a second request is "
            f"never a confirmation."), shown=False)
    return ALLOWED


def may_confirm_void(user, slip: JackpotSlip, companions=None) -> Decision:
    """The second step: a person other than the one who asked confirms the open request."""
    state = _voidable(user, slip, companions)
    if not state:
        return state
    if slip.void_requested_by_id is None:
        return state_refused("void", f"Slip {slip.number} has no void request to confirm: one "
                                     f"person asks, with the reason (POST .../void/), another "
                                     f"confirms.", shown=False)
    if user.pk == slip.void_requested_by_id:
        return person_refused("voided_by", (
            f"A second person must confirm the void: {person(slip.void_requested_by)} asked "
            f"for it (\"{slip.void_reason}\") and cannot."))
    return ALLOWED


def may_void(user, slip: JackpotSlip, companions=None) -> tuple[str, Decision]:
    """The void step the slip is at, for its page: ``("confirm", ...)`` once a request is
    open, ``("ask", ...)`` before."""
    if slip.void_requested_by_id is not None and slip.status != SlipStatus.VOIDED:
        return "confirm", may_confirm_void(user, slip, companions)
    return "ask", may_ask_void(user, slip, companions)
