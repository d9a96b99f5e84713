"""Recording a jackpot: the jackpot lock (issue 19).

A floor manager records the round as dealt; the engine, settling by the table's approved terms,
says whether the seat's wager wins and what it pays. An award of a meter's wager is recorded
against the meter as it stands with every wager before the win counted: in one transaction the
wager events already received are applied, the amount is fixed, the meter is hit and, after a
100% award, reseeded (§605a.7). The Envy Bonus and shared-award slips of the round are created
with it, their amounts fixed too. The slips are pending on the meter until paid or voided;
two wins on one meter are paid in the order they were recorded (``services.slip_pay``).
Locks: ``tables.slips.locks`` (owner, meters, counter; the audit chain at commit). The slips
are inserted unnumbered and numbered last, once the meter is hit, so the property's counter,
which every recording waits for, is held only for the numbering, the audit and the commit.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction

import games
from casino.audit import audit_record
from casino.limits import whole_id
from casino.models import Property
from casino.permissions import require
from tables.floor.models import Table
from tables.meters import services as meter_service
from tables.meters.selectors import meter_amounts, meter_name
from tables.slips import locks
from tables.slips.awards import Award, Preview, settle_slip, wager_name
from tables.slips.errors import SlipError, check_input, conflict, fail
from tables.slips.models import JackpotSlip, PaidFrom, SlipKind, SlipStatus

RECORD_FIELDS = {"seat", "wager", "round", "idempotency_key"}
KEY_LENGTH = 255


def seat_and_wager(table: Table, data: dict) -> tuple[int, str, dict]:
    errors: dict[str, list[str]] = {}
    seat = data.get("seat")
    if isinstance(seat, str):  # ASCII digits: "²" is a digit to isdigit() but not to int()
        seat = whole_id(seat) or seat
    if not isinstance(seat, int) or isinstance(seat, bool) or not 1 <= seat <= table.positions:
        errors["seat"] = [f"Choose a seat from 1 to {table.positions} (the table's betting "
                          f"positions)."]
    wager = data.get("wager")
    spec = games.spec(table.game)
    if not isinstance(wager, str) or spec.wager(wager) is None or spec.wager(wager).base:
        offered = ", ".join(w.name for w in spec.wagers if not w.base)
        errors["wager"] = [f"Choose the wager that won: one of {offered}."]
    body = data.get("round")
    if not isinstance(body, dict):
        errors["round"] = ["The round is required: the cards and wagers as dealt, the same "
                           "fields as a table settle."]
    if errors:
        raise SlipError(errors)
    return seat, wager, body


def idempotency_key(data: dict) -> str:
    """The client's key, kept whole: a string of at most 255 characters ("" or none: no key)."""
    key = data.get("idempotency_key")
    if key is None:
        return ""
    if not isinstance(key, str):
        raise fail("idempotency_key", "A string: the client's key for this one recording.")
    if len(key) > KEY_LENGTH:
        raise fail("idempotency_key", f"At most {KEY_LENGTH} characters ({len(key)} given).")
    return key


def _same_key(table: Table, key: str, seat: int, wager: str, body: dict) -> JackpotSlip | None:
    """The slip recorded under ``key`` if the request is that recording again (the same table,
    seat, wager and round); another request under the key is refused (a 409)."""
    existing = (JackpotSlip.objects.select_related("table")
                .filter(property=table.property, idempotency_key=key).first())
    if existing is None:
        return None
    if (existing.table_id, existing.seat, existing.wager, existing.round) != (
            table.pk, seat, wager, body):
        raise conflict("idempotency_key", f"This idempotency key recorded slip "
                                          f"{existing.number} for another round (table "
                                          f"{existing.table.label}, seat {existing.seat}): a "
                                          f"new recording needs a new key.")
    return existing


def next_number(prop: Property) -> int:
    """The next slip number at ``prop``; a rolled-back slip gives its number back (lock step
    4: after any meter, before the audit chain)."""
    return locks.numbers(prop)


def slip_fields(award: Award, prop: Property) -> dict:
    return {"seat": award.seat, "wager": award.wager, "wager_name": award.wager_name,
            "wager_amount": award.amount, "hand": award.hand[:200], "odds": award.odds,
            "rule": award.rule, "verification": award.verification,
            "paid_from": award.paid_from, "award": award.award,
            "from_seat": award.from_seat,
            "witness_required": award.award > prop.jackpot_witness_threshold}


def snapshot(slip: JackpotSlip) -> dict:
    """What every event of a slip carries: ``audit_verify`` compares the slip with the latest
    (``tables.slips.evidence``, issue 28)."""
    return {"number": slip.number, "status": slip.status, "table": slip.table.label,
            "seat": slip.seat, "wager": slip.wager, "wager_amount": slip.wager_amount,
            "award": slip.award, "odds": slip.odds, "paid_from": slip.paid_from,
            "meter_before": slip.meter_before, "meter_after": slip.meter_after,
            "rule": slip.rule, "kind": slip.kind}


def needs_validation(award: Award, fields: dict) -> bool:
    """A second person validates where the engine's line names a verification clause
    (§649a.11(c)(5)(iii), (c)(8)(ii) and their twins), where the meter pays, and above the
    property's witness threshold (cf. §465a.26(b)(2)); any other payout is ready to pay as
    recorded."""
    return bool(award.verification or award.meter or fields["witness_required"])


def _uses_meter(table: Table, wager: str) -> bool:
    return bool(games.spec(table.game).meters_for(wager))


@transaction.atomic
def slip_record(*, table: Table, data: object, actor) -> JackpotSlip:
    """Record a jackpot, with its Envy Bonus and shared-award slips (a losing hand is refused,
    with the reason). An award of a meter's wager is fixed against the meter with every wager
    received before it applied, and the meter hit and reseeded at once. The slips are numbered
    last (lock step 4). The same ``idempotency_key`` with the same round gives the one slip (a
    double-clicked submit: the second insert waits for the first's commit on the key's unique
    index); under another round it is a 409."""
    require(actor, "slips.record", table.property)
    data = check_input(data, RECORD_FIELDS)
    key = idempotency_key(data)
    seat, wager, body = seat_and_wager(table, data)
    if key and (existing := _same_key(table, key, seat, wager, body)) is not None:
        return existing
    meters = locks.meters(table) if _uses_meter(table, wager) else {}
    live = meter_amounts((m.key, m.amount, m.reset_amount) for m in meters.values())
    preview = settle_slip(table, seat, wager, body, **({"live": live} if meters else {}))
    if not preview.wins:
        raise fail("wager", preview.why)
    jackpot = preview.jackpot
    meter = meters.get(jackpot.meter) if jackpot.meter else None
    if jackpot.meter and meter is None:
        raise fail("meter", f"The table has no {meter_name(table.game, jackpot.meter)} meter "
                            f"seeded (§605a.7).")
    fields = slip_fields(jackpot, table.property)
    status = SlipStatus.RECORDED if needs_validation(jackpot, fields) else SlipStatus.VALIDATED
    slip = _insert(table, key, seat, wager, body, JackpotSlip(
        property=table.property, number=None, table=table,
        game=table.game, submission_id=preview.submission.get("id"),
        submission_version=preview.submission.get("version"), round=body,
        meter=meter, meter_name=meter.name if meter else "",
        meter_before=meter.amount if meter else None, idempotency_key=key,
        recorded_by=actor, status=status, **fields))
    if slip.number is not None:  # recorded already under this key (a double-clicked submit)
        return slip
    companions = _companions(slip, preview)
    if meter is not None:
        _hit(slip, meter, preview, actor)
    _number(slip, companions)
    audit_record(actor=actor, action="tables.slip.record", target=slip,
                 after={**snapshot(slip), "companions": [c.number for c in companions]})
    for companion in companions:
        audit_record(actor=actor, action="tables.slip.create", target=companion,
                     after={**snapshot(companion), "kind": companion.kind,
                            "parent": slip.number})
    slip.family_rows = [slip, *companions]  # the answer's payouts, not read again (issue 32)
    return slip


def _insert(table: Table, key: str, seat: int, wager: str, body: dict,
            slip: JackpotSlip) -> JackpotSlip:
    """``slip`` inserted, unnumbered; under an idempotency key another transaction inserted
    first, the slip it recorded (a 409 if for another round)."""
    if not key:
        slip.save(force_insert=True)
        return slip
    try:
        with transaction.atomic():
            slip.save(force_insert=True)
    except IntegrityError:
        if (existing := _same_key(table, key, seat, wager, body)) is None:
            raise
        return existing
    return slip


def _number(slip: JackpotSlip, companions: list[JackpotSlip]) -> None:
    """Lock step 4, last: the slip and its companions numbered in the order they were made
    (the jackpot first), and the meter after the hit written with the slip's number: one
    statement for the counter, one for the slips (the database's rule lets a number be
    written once, from none)."""
    first = locks.numbers(slip.property, 1 + len(companions))
    rows = [slip, *companions]
    for n, row in enumerate(rows):
        row.number = first + n
    if companions:
        JackpotSlip.objects.bulk_update(rows, ["number", "meter_after"])
    else:
        JackpotSlip.objects.filter(pk=slip.pk).update(number=slip.number,
                                                      meter_after=slip.meter_after)


def _hit(slip: JackpotSlip, meter, preview: Preview, actor) -> None:
    """The meter pays the jackpot and every share of the same award now (§605a.7), and a 100%
    award reseeds it; the slip keeps the meter before and after (written with its number)."""
    meter_service.meter_pay(meter=meter, amount=preview.meter_total,
                            resets=preview.jackpot.whole_meter, actor=actor,
                            reference=slip.meter_reference(), table_id=slip.table_id,
                            seat=slip.seat)
    slip.meter_after = meter.amount


def _companions(parent: JackpotSlip, preview: Preview) -> list[JackpotSlip]:
    """The shared-award and Envy Bonus slips of ``parent``, unnumbered until the recording
    numbers them all (``_number``), with their amounts fixed and the parent's status
    (validated with it, paid each on its own)."""
    return [JackpotSlip.objects.create(
        property=parent.property, number=None, kind=kind,
        parent=parent, table=parent.table, game=parent.game, submission_id=parent.submission_id,
        submission_version=parent.submission_version, round=parent.round,
        meter=parent.meter if award.meter else None,
        meter_name=parent.meter_name if award.meter else "",
        recorded_by=parent.recorded_by, status=parent.status,
        **slip_fields(award, parent.property))
        for kind, awards in ((SlipKind.SHARE, preview.shares), (SlipKind.ENVY, preview.envy))
        for award in awards]


# --- Must-Hit-By Mystery Bonus --------------------------------------------------------------

MYSTERY_RULE = "§631b.6(c)(3), (5), (7)"
MYSTERY_VERIFICATION = "§631b.6(c)(5)(i)-(ii)"
MYSTERY_PAYMENT_OPTION = "must_hit_by_payment"
# §631b.6(c)(6): the Rules Submission's term -> the one way the slip is paid.
MYSTERY_PAID_FROM = {"table_inventory": PaidFrom.TABLE_INVENTORY,
                     "progressive_jackpot_slip": PaidFrom.NOT_TABLE_INVENTORY}


def mystery_paid_from(submission) -> str:
    """How the Rules Submission says a Must-Hit-By payout is paid (§631b.6(c)(6)); a version
    approved before the term existed is paid through the jackpot slip by the cage (the
    documented way), never from the table inventory on a guess."""
    term = (submission.options or {}).get(MYSTERY_PAYMENT_OPTION) if submission else None
    return MYSTERY_PAID_FROM.get(term, PaidFrom.NOT_TABLE_INVENTORY)


def mystery_slip_record(*, meter, submission, number: int, event, hit, reset) -> JackpotSlip:
    """The slip of a Must-Hit-By Mystery Bonus win, recorded by the system (no person) inside
    the wager application that found it, under the owner's and meter's locks, with ``number``
    taken before the audit chain (lock steps 1, 2, 4). The meter was already paid 100% (``hit``)
    and reset (``reset``, §631b.6(c)(5)(iv), (7)); the slip waits for a floorperson or above to
    verify the light and validate the payout (§631b.6(c)(5)(i)-(ii)), then is paid from the
    table inventory or through the slip, as the Rules Submission says (§631b.6(c)(6))."""
    _pk, table_id, seat, wager, amount = event
    table = Table.objects.select_related("property").get(pk=table_id)
    award = Award(seat=seat, wager=wager,
                  wager_name=(f"Must-Hit-By Mystery Bonus (qualifying "
                              f"{wager_name(table.game, wager)} wager)"),
                  amount=amount, award=hit.paid, odds="100% of the meter", rule=MYSTERY_RULE,
                  paid_from=mystery_paid_from(submission), verification=MYSTERY_VERIFICATION)
    slip = JackpotSlip.objects.create(
        property=table.property, number=number, kind=SlipKind.MYSTERY, table=table,
        game=table.game, submission=submission,
        submission_version=submission.version if submission else None, round={}, meter=meter,
        meter_name=meter.name, meter_before=hit.amount_after + hit.paid,
        meter_after=reset.amount_after, recorded_by=None, **slip_fields(award, table.property))
    audit_record(actor=None, action="tables.slip.record", target=slip,
                 after={**snapshot(slip), "kind": slip.kind, "reference": hit.reference})
    return slip

