"""Jackpot slips: services (every write, audited) and selectors.

Segregation of duties as the chapters and §465a.26 expect: a floor manager records the slip; a
floorperson or above who is not the recorder validates the progressive payout
(§649a.11(c)(5)(iii) and its twins); a void needs a reason and a second person. The engine,
settling by the table's approved terms (``tables.floor.table_settle``), decides whether the hand
wins and what it pays; at validation the table's meters are locked first, so the share is taken
from the meter as it stands when the player is paid and two validations on one meter are served
one after the other.
"""

from __future__ import annotations

import csv
import datetime
import io
import re
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import Count, QuerySet, Sum
from django.utils import timezone

import games
from casino.audit import audit_record
from casino.limits import whole_id
from casino.models import Property
from casino.permissions import require
from games.money import fmt
from tables import meters as meter_service
from tables.models import JackpotSlip, PaidFrom, SlipCounter, SlipKind, SlipStatus, Table

ZERO = Decimal("0.00")
WHOLE_METER = re.compile(r"^100% of")
RECORD_FIELDS = {"seat", "wager", "round", "idempotency_key"}
PAY_FIELDS = {"paid_from"}
VOID_FIELDS = {"reason"}
PAID_FROM_WORDS = {
    "table_inventory": "Table inventory",
    "not_table_inventory": "Not from the table inventory: documented and paid by the cage",
    "game_account": "Credited to the player's game account",
}
# What a winning payout may not be paid from, by the engine's answer (§649a.11(c)(5)(iv),
# (7)(iv), (8)(iii) and their twins).
PAY_REFUSED = {"not_table_inventory": {"table_inventory", "game_account"},
               "game_account": {"table_inventory"}, "table_inventory": {"game_account"}}


class SlipError(Exception):
    """Refused by the rules; ``errors`` maps a field to its messages (a 400 / inline errors)."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))


def _fail(field_name: str, message: str) -> SlipError:
    return SlipError({field_name: [message]})


# --- Reading the engine's answer ------------------------------------------------------------

@dataclass
class Award:
    """One payout the slip documents: the jackpot seat's, an Envy Bonus or a shared award."""

    seat: int
    wager: str
    wager_name: str
    amount: Decimal
    award: Decimal
    odds: str
    rule: str
    paid_from: str
    hand: str = ""
    from_seat: str = ""
    meter: str = ""
    verification: str = ""

    @property
    def paid_from_name(self) -> str:
        return PAID_FROM_WORDS.get(self.paid_from, self.paid_from)

    @property
    def whole_meter(self) -> bool:
        return bool(WHOLE_METER.match(self.odds))

    def as_dict(self) -> dict:
        return {"seat": self.seat, "wager": self.wager, "wager_name": self.wager_name,
                "amount": fmt(self.amount), "award": fmt(self.award), "odds": self.odds,
                "rule": self.rule, "paid_from": self.paid_from,
                "paid_from_name": self.paid_from_name, "hand": self.hand,
                "from_seat": self.from_seat, "meter": self.meter,
                "verification": self.verification}


@dataclass
class Preview:
    """What the engine says of a recorded round for the slip's seat and wager."""

    table: Table
    seat: int
    wager: str
    wager_name: str
    hand: str
    wins: bool
    why: str
    jackpot: Award | None
    envy: list[Award] = field(default_factory=list)
    shares: list[Award] = field(default_factory=list)
    meter_amount: Decimal | None = None
    meter_name: str = ""
    submission: dict = field(default_factory=dict)

    @property
    def sections(self) -> list[str]:
        found = [a.rule for a in [self.jackpot, *self.shares, *self.envy] if a]
        found += [a.verification for a in [self.jackpot, *self.shares] if a and a.verification]
        return list(dict.fromkeys(found))

    @property
    def meter_total(self) -> Decimal:
        """What the meter pays: the jackpot and every share of the same award."""
        return sum((a.award for a in [self.jackpot, *self.shares] if a and a.meter), ZERO)

    def as_dict(self) -> dict:
        return {
            "table": self.table.label, "seat": self.seat, "wager": self.wager,
            "wager_name": self.wager_name, "hand": self.hand, "wins": self.wins,
            "why": self.why, "jackpot": self.jackpot.as_dict() if self.jackpot else None,
            "envy_bonuses": [a.as_dict() for a in self.envy],
            "shared_awards": [a.as_dict() for a in self.shares],
            "meter": ({"name": self.meter_name, "amount": fmt(self.meter_amount)}
                      if self.meter_amount is not None else None),
            "sections": self.sections, "submission": self.submission,
        }


def wager_name(game: str, key: str) -> str:
    spec = games.spec(game).wager(key)
    return spec.name if spec else key.replace("_", " ").capitalize()


def _award(game: str, seat: int, line: dict) -> Award:
    amount = Decimal(line["amount"])
    return Award(seat=seat, wager=line["wager"], wager_name=wager_name(game, line["wager"]),
                 amount=amount, award=Decimal(line["net"]) + amount, odds=line.get("odds", ""),
                 rule=line["rule"], paid_from=line.get("paid_from", "table_inventory"),
                 hand=str(line.get("hand", "")), from_seat=str(line.get("from_seat", "")),
                 meter=line.get("meter", ""), verification=line.get("verification", ""))


def _envy(game: str, seat: int, line: dict, jackpot_wager: str, lines: list[dict],
          wager: str) -> Award:
    """An Envy Bonus, named for staff by the wager whose jackpot pays it (the engine's line
    key, ``five_card_envy_bonus``, stays in the API as ``wager``), with the seat's own
    qualifying wager as its wager amount (the bonus line itself stakes nothing)."""
    award = _award(game, seat, line)
    award.wager_name = f"Envy Bonus on the {jackpot_wager}"
    own = next((x for x in lines if x["wager"] == wager), None)
    if own is not None:
        award.amount = Decimal(own["amount"])
    return award


def _positions(result: dict) -> dict[int, dict]:
    return {p["seat"]: p for p in result["positions"]}


def read_result(table: Table, seat: int, wager: str, result: dict) -> Preview:
    """The slip's award, the Envy Bonuses the seat's hand gives other seats, and the other
    seats' shares of the same dealer-hand award (§647a.12(e)(2)), from the engine's answer."""
    game, positions = table.game, _positions(result)
    name = wager_name(game, wager)
    mine = positions.get(seat)
    line = next((x for x in (mine or {}).get("lines", []) if x["wager"] == wager), None)
    hand = str((line or {}).get("hand") or (mine or {}).get("hand", ""))
    preview = Preview(table=table, seat=seat, wager=wager, wager_name=name, hand=hand,
                      wins=False, why="", jackpot=None, submission=result.get("submission", {}))
    if line is None:
        preview.why = f"Seat {seat} placed no {name} in this round."
        return preview
    if line["result"] != "win":
        preview.why = (f"The hand ({hand or 'as dealt'}) does not win the {name} "
                       f"({line['rule']}): a losing hand is not a jackpot.")
        return preview
    preview.wins, preview.jackpot = True, _award(game, seat, line)
    for other, pos in sorted(positions.items()):
        for x in pos["lines"] if other != seat else []:
            if x["result"] != "win":
                continue
            if str(x.get("from_seat", "")) == str(seat):
                preview.envy.append(_envy(game, other, x, name, pos["lines"], wager))
            elif (line.get("from_seat") == "dealer" and x["wager"] == wager
                  and x.get("from_seat") == "dealer" and line.get("meter")
                  and x.get("meter") == line.get("meter")):
                preview.shares.append(_award(game, other, x))
    preview.why = f"The hand wins the {name} at {line['odds']} ({line['rule']})."
    return preview


def settle_slip(table: Table, seat: int, wager: str, body: dict) -> Preview:
    """The engine's answer for a slip. Envy Bonuses come from the whole round; a meter award is
    settled on the seat's own hand (with the other bettors on the dealer's hand when the hand is
    the dealer's), so its share is of the meter as it stands when this slip is paid, not after
    other seats' awards from the same meter that their own slips pay (§643a.12(e)(4) model)."""
    preview = read_result(table, seat, wager, _settle(table, body))
    others = [p for p in body.get("positions", []) if isinstance(p, dict)
              and p.get("seat") != seat]
    if not preview.wins or not others or not preview.jackpot.meter:
        return preview
    alone = read_result(table, seat, wager, _settle(table, _award_round(
        table.game, body, seat, wager, dealer=preview.jackpot.from_seat == "dealer")))
    preview.jackpot, preview.shares = alone.jackpot, alone.shares
    return preview


def _award_round(game: str, body: dict, seat: int, wager: str, *, dealer: bool) -> dict:
    """``body`` with the seat alone, or with the other bettors on the dealer's hand keeping no
    other wager on the same meter."""
    spec = games.spec(game)
    meter = {m.key for m in spec.meters_for(wager)}

    def keep(p: dict) -> dict | None:
        if p.get("seat") == seat:
            return p
        if not dealer or wager not in p.get("wagers", {}):
            return None
        return {**p, "wagers": {k: v for k, v in p["wagers"].items()
                                if k == wager or not {m.key for m in spec.meters_for(k)} & meter}}

    return {**body, "positions": [q for p in body["positions"] if (q := keep(p)) is not None]}


# --- Preview and recording ------------------------------------------------------------------

def check_input(data: object, allowed: set[str]) -> dict:
    if not isinstance(data, dict):
        raise _fail("non_field_errors", "The request must be a JSON object.")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SlipError({k: [f"Unknown field (allowed: {', '.join(sorted(allowed))})."]
                         for k in unknown})
    return data


def _seat_and_wager(table: Table, data: dict) -> tuple[int, str, dict]:
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


def _settle(table: Table, body: dict) -> dict:
    from tables.floor import table_settle

    try:
        return table_settle(table=table, body=dict(body))
    except games.InvalidRound as exc:
        raise SlipError({f"round.{k}": v if isinstance(v, list) else [str(v)]
                         for k, v in exc.errors.items()}) from exc
    except games.GameError as exc:
        raise _fail("round", str(exc)) from exc


def _with_meter(preview: Preview, amounts: dict) -> Preview:
    key = preview.jackpot.meter if preview.jackpot else ""
    if key and key in amounts:
        preview.meter_amount = Decimal(amounts[key])
        preview.meter_name = meter_service.meter_name(preview.table.game, key)
    return preview


def slip_preview(*, table: Table, data: object) -> Preview:
    """What recording ``data`` would document, settled by the table's terms and live meter;
    nothing is written."""
    data = check_input(data, RECORD_FIELDS)
    seat, wager, body = _seat_and_wager(table, data)
    preview = settle_slip(table, seat, wager, body)
    return _with_meter(preview, meter_service.live_meter_amounts(table))


def _lock_counter(prop: Property) -> SlipCounter:
    """The property's slip counter, locked until commit: slips are numbered one at a time."""
    SlipCounter.objects.get_or_create(property=prop)
    return SlipCounter.objects.select_for_update().get(property=prop)


def next_number(prop: Property, counter: SlipCounter | None = None) -> int:
    """The next slip number at ``prop``; a rolled-back slip gives its number back. Taken
    before the transaction's first audit event (the counter's lock, then the audit chain's)."""
    counter = counter or _lock_counter(prop)
    counter.last_number += 1
    counter.save(update_fields=["last_number"])
    return counter.last_number


def _slip_fields(award: Award, prop: Property) -> dict:
    return {"seat": award.seat, "wager": award.wager, "wager_name": award.wager_name,
            "wager_amount": award.amount, "hand": award.hand[:200], "odds": award.odds,
            "rule": award.rule, "verification": award.verification,
            "paid_from": award.paid_from, "award": award.award,
            "from_seat": award.from_seat,
            "witness_required": award.award > prop.jackpot_witness_threshold}


def _snapshot(slip: JackpotSlip) -> dict:
    return {"number": slip.number, "status": slip.status, "table": slip.table.label,
            "seat": slip.seat, "wager": slip.wager, "award": slip.award, "odds": slip.odds,
            "paid_from": slip.paid_from, "meter_before": slip.meter_before,
            "meter_after": slip.meter_after, "rule": slip.rule}


@transaction.atomic
def slip_record(*, table: Table, data: object, actor) -> JackpotSlip:
    """Record a jackpot: the engine must say the seat's wager wins (a losing hand is refused,
    with the reason). The same ``idempotency_key`` twice gives the one slip (a double-clicked
    submit): the property's counter row is locked before the key is looked up. The round is
    settled before that lock (it only reads), so slips at one property queue for their
    numbers no longer than the writes take."""
    require(actor, "slips.record", table.property)
    data = check_input(data, RECORD_FIELDS)
    key = str(data.get("idempotency_key") or "")[:100]
    seat, wager, body = _seat_and_wager(table, data)
    preview = settle_slip(table, seat, wager, body)
    counter = _lock_counter(table.property)
    if key:
        existing = JackpotSlip.objects.filter(property=table.property,
                                              idempotency_key=key).first()
        if existing is not None:
            return existing
    if not preview.wins:
        raise _fail("wager", preview.why)
    _with_meter(preview, meter_service.live_meter_amounts(table))
    fields = _slip_fields(preview.jackpot, table.property)
    slip = JackpotSlip.objects.create(
        property=table.property, number=next_number(table.property, counter), table=table,
        game=table.game,
        submission_id=preview.submission.get("id"),
        submission_version=preview.submission.get("version"), round=body,
        meter_name=preview.meter_name, idempotency_key=key, recorded_by=actor,
        status=(SlipStatus.RECORDED if needs_validation(preview.jackpot, fields)
                else SlipStatus.VALIDATED), **fields)
    audit_record(actor=actor, action="tables.slip.record", target=slip, after=_snapshot(slip))
    if slip.status == SlipStatus.VALIDATED:  # ready to pay: its Envy Bonus slips are too
        _audit_companions(_companions(slip, preview, validated_by=None, now=slip.recorded_at),
                          actor)
    return slip


def needs_validation(award: Award, fields: dict) -> bool:
    """A second person validates where the engine's line names a verification clause
    (§649a.11(c)(5)(iii), (c)(8)(ii) and their twins), where the meter pays, and above the
    property's witness threshold (cf. §465a.26(b)(2)); any other payout is ready to pay as
    recorded."""
    return bool(award.verification or award.meter or fields["witness_required"])


MYSTERY_RULE = "§631b.6(c)(3), (5), (7)"
MYSTERY_VERIFICATION = "§631b.6(c)(5)(i)-(ii)"
SYSTEM = "Progressive table game system"
MYSTERY_NO_VOID = (
    "A Must-Hit-By Mystery Bonus slip cannot be voided: the system paid the meter and reset it "
    "to its minimum, with a new trigger, when the wager crossed the trigger (§631b.6(c)(3), "
    "(5)(iv)). Putting the amount back would leave the meter past the trigger it crossed, and "
    "possibly past the configuration's maximum. If the win was recorded in error, correct the "
    "meter with a two-person meter adjustment.")


def mystery_slip_record(*, meter, submission, number: int, event, hit, reset) -> JackpotSlip:
    """The slip of a Must-Hit-By Mystery Bonus win, recorded by the system (no person) inside
    the wager application that found it, under the meter's lock: ``number`` was taken before
    the transaction's first audit event, as ``slip_record`` takes it. The meter was already paid
    100% (``hit``) and reset (``reset``, §631b.6(c)(5)(iv), (7)); the slip waits for a
    floorperson or above to verify the light and validate the payout (§631b.6(c)(5)(i)-(ii)),
    then is paid from the table inventory or through the slip, as the Rules Submission says
    (§631b.6(c)(6))."""
    _pk, table_id, seat, wager, amount = event
    table = Table.objects.select_related("property").get(pk=table_id)
    award = Award(seat=seat, wager=wager,
                  wager_name=(f"Must-Hit-By Mystery Bonus (qualifying "
                              f"{wager_name(table.game, wager)} wager)"),
                  amount=amount, award=hit.paid, odds="100% of the meter", rule=MYSTERY_RULE,
                  paid_from=PaidFrom.TABLE_INVENTORY, verification=MYSTERY_VERIFICATION)
    slip = JackpotSlip.objects.create(
        property=table.property, number=number, kind=SlipKind.MYSTERY, table=table,
        game=table.game, submission=submission,
        submission_version=submission.version if submission else None, round={}, meter=meter,
        meter_name=meter.name, meter_before=hit.amount_after + hit.paid,
        meter_after=reset.amount_after, recorded_by=None, **_slip_fields(award, table.property))
    audit_record(actor=None, action="tables.slip.record", target=slip,
                 after={**_snapshot(slip), "kind": slip.kind, "reference": hit.reference})
    return slip


# --- Validation and payment -----------------------------------------------------------------

def _locked(slip: JackpotSlip) -> JackpotSlip:
    return (JackpotSlip.objects.select_for_update(of=("self",))
            .select_related("property", "table", "table__property", "table__submission",
                            "recorded_by").get(pk=slip.pk))


def verify_validator(slip: JackpotSlip, actor) -> None:
    """§649a.11(c)(5)(iii): a floorperson or above validates; never the recorder."""
    require(actor, "slips.validate", slip.property)
    if actor.pk == slip.recorded_by_id:
        raise _fail("validated_by", "The person who recorded a slip cannot validate it: a "
                                    "second floorperson or above must (§649a.11(c)(5)(iii)).")


@transaction.atomic
def slip_validate(*, slip: JackpotSlip, actor) -> JackpotSlip:
    """Validate and settle the payout in one transaction: lock the table's meters (in pk
    order, so concurrent validations on one meter run one after the other), settle the round
    with the amounts on the meters now, pay the meter (a hit, and a reset after a 100% award),
    create the Envy Bonus and shared-award slips, audit it all.

    Locks in the order ``slip_record`` takes them: the slip counter (for companion numbers)
    before the first audit event, whose hash-chain lock is held until commit; every audited
    write comes last, so that global lock is held as briefly as possible."""
    verify_validator(slip, actor)
    slip = _locked(slip)
    if slip.status != SlipStatus.RECORDED or slip.kind not in (SlipKind.JACKPOT,
                                                               SlipKind.MYSTERY):
        raise _fail("status", f"Slip {slip.number} is {slip.get_status_display().lower()}: "
                              "only a recorded jackpot slip can be validated.")
    if slip.kind == SlipKind.MYSTERY:
        return _validate_mystery(slip, actor)
    table = slip.table
    locked = meter_service.lock_meters(table)
    preview = settle_slip(table, slip.seat, slip.wager, slip.round)
    if not preview.wins:
        raise _fail("status", preview.why)
    before = _snapshot(slip)
    jackpot = preview.jackpot
    for name, value in _slip_fields(jackpot, slip.property).items():
        setattr(slip, name, value)
    meter = None
    if jackpot.meter:
        meter = locked.get(jackpot.meter)
        if meter is None:
            raise _fail("meter", f"The table has no "
                                 f"{meter_service.meter_name(table.game, jackpot.meter)} meter "
                                 f"seeded (§605a.7).")
        slip.meter, slip.meter_name, slip.meter_before = meter, meter.name, meter.amount
    now = timezone.now()
    slip.status, slip.validated_by, slip.validated_at = SlipStatus.VALIDATED, actor, now
    companions = _companions(slip, preview, validated_by=actor, now=now)
    if meter is not None:
        meter_service.meter_pay(meter=meter, amount=preview.meter_total,
                                resets=jackpot.whole_meter, actor=actor,
                                reference=slip.meter_reference(), table_id=table.pk,
                                seat=slip.seat)
        slip.meter_after = meter.amount
    slip.save()
    _audit_companions(companions, actor)
    audit_record(actor=actor, action="tables.slip.validate", target=slip, before=before,
                 after=_snapshot(slip))
    return slip


def _validate_mystery(slip: JackpotSlip, actor) -> JackpotSlip:
    """§631b.6(c)(5)(i)-(ii): a floorperson or above, having seen the system's light, validates
    the payout the system recorded. The meter was paid and reset at the win, exactly once, so
    nothing here touches it (no meter lock, no counter lock)."""
    before = _snapshot(slip)
    slip.status, slip.validated_by, slip.validated_at = (SlipStatus.VALIDATED, actor,
                                                         timezone.now())
    slip.save(update_fields=["status", "validated_by", "validated_at"])
    audit_record(actor=actor, action="tables.slip.validate", target=slip, before=before,
                 after=_snapshot(slip))
    return slip


def _companions(parent: JackpotSlip, preview: Preview, *, validated_by,
                now) -> list[JackpotSlip]:
    """The shared-award and Envy Bonus slips of ``parent``, numbered after it (audited by
    ``_audit_companions`` once every number is taken)."""
    return [_companion(parent, kind, award, validated_by, now)
            for kind, awards in ((SlipKind.SHARE, preview.shares), (SlipKind.ENVY, preview.envy))
            for award in awards]


def _audit_companions(companions: list[JackpotSlip], actor) -> None:
    for companion in companions:
        audit_record(actor=actor, action="tables.slip.create", target=companion,
                     after={**_snapshot(companion), "kind": companion.kind,
                            "parent": companion.parent.number})


def _companion(parent: JackpotSlip, kind: str, award: Award, validated_by,
               now) -> JackpotSlip:
    return JackpotSlip.objects.create(
        property=parent.property, number=next_number(parent.property), kind=kind,
        parent=parent, table=parent.table, game=parent.game, submission=parent.submission,
        submission_version=parent.submission_version, round=parent.round,
        meter=parent.meter if award.meter else None,
        meter_name=parent.meter_name if award.meter else "",
        recorded_by=parent.recorded_by, status=SlipStatus.VALIDATED,
        validated_by=validated_by, validated_at=now if validated_by else None,
        **_slip_fields(award, parent.property))


@transaction.atomic
def slip_pay(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """Mark a validated slip paid, by whom and from where: what the engine says may not come
    from the table inventory never does (§649a.11(c)(5)(iv) and its twins)."""
    require(actor, "slips.validate", slip.property)
    data = check_input(data or {}, PAY_FIELDS)
    slip = _locked(slip)
    if slip.status != SlipStatus.VALIDATED:
        raise _fail("status", f"Slip {slip.number} is {slip.get_status_display().lower()}: "
                              "only a validated slip can be paid.")
    paid_from = data.get("paid_from") or slip.paid_from
    if paid_from not in PaidFrom.values:
        raise _fail("paid_from", f"Choose one of {_choices(PaidFrom)}.")
    if paid_from in PAY_REFUSED.get(slip.paid_from, set()):
        raise _fail("paid_from", f"This payout may not be paid from "
                                 f"{PAID_FROM_WORDS[paid_from].lower()} ({slip.rule}).")
    before = _snapshot(slip)
    slip.status, slip.paid_from = SlipStatus.PAID, paid_from
    slip.paid_by, slip.paid_at = actor, timezone.now()
    slip.save(update_fields=["status", "paid_from", "paid_by", "paid_at"])
    audit_record(actor=actor, action="tables.slip.pay", target=slip, before=before,
                 after=_snapshot(slip))
    return slip


@transaction.atomic
def slip_void(*, slip: JackpotSlip, actor, data: object = None) -> JackpotSlip:
    """Two people void a slip: the first asks with a reason, a second confirms. Voiding
    reverses the slip's meter entries and voids its Envy Bonus and shared-award slips. A
    Must-Hit-By Mystery Bonus slip is refused (``MYSTERY_NO_VOID``)."""
    require(actor, "slips.void", slip.property)
    data = check_input(data or {}, VOID_FIELDS)
    slip = _locked(slip)
    if slip.status == SlipStatus.VOIDED:
        raise _fail("status", f"Slip {slip.number} is already void.")
    if slip.kind == SlipKind.MYSTERY:
        raise _fail("kind", MYSTERY_NO_VOID)
    reason = str(data.get("reason") or "").strip()
    if slip.void_requested_by_id is None:
        if not reason:
            raise _fail("reason", "A reason is required to void a slip.")
        slip.void_reason, slip.void_requested_by = reason, actor
        slip.void_requested_at = timezone.now()
        slip.save(update_fields=["void_reason", "void_requested_by", "void_requested_at"])
        audit_record(actor=actor, action="tables.slip.void_request", target=slip,
                     after={"number": slip.number, "reason": reason})
        return slip
    if actor.pk == slip.void_requested_by_id:
        raise _fail("voided_by", "A second person must confirm the void: the person who "
                                 "asked for it cannot.")
    _void(slip, actor)
    return slip


def _void(slip: JackpotSlip, actor) -> None:
    before = _snapshot(slip)
    if slip.meter_before is not None:
        meter_service.meter_payment_reverse(reference=slip.meter_reference(), actor=actor,
                                            reason=f"Slip {slip.number} void: {slip.void_reason}")
    slip.status, slip.voided_by, slip.voided_at = SlipStatus.VOIDED, actor, timezone.now()
    slip.save(update_fields=["status", "voided_by", "voided_at"])
    audit_record(actor=actor, action="tables.slip.void", target=slip, before=before,
                 after={**_snapshot(slip), "reason": slip.void_reason,
                        "requested_by": slip.void_requested_by.get_username()})
    for companion in slip.companions.exclude(status=SlipStatus.VOIDED).select_for_update():
        companion.void_reason = f"Jackpot slip {slip.number} void: {slip.void_reason}"
        companion.void_requested_by = slip.void_requested_by
        companion.void_requested_at = slip.void_requested_at
        companion.save(update_fields=["void_reason", "void_requested_by", "void_requested_at"])
        _void(companion, actor)


# --- Selectors --------------------------------------------------------------------------------

FILTERS = ("date_from", "date_to", "table", "status", "amount_min", "amount_max", "kind")


def slip_list(*, property: Property, filters: dict | None = None) -> QuerySet[JackpotSlip]:
    """The property's slips, newest first, filtered by gaming day, table label, status, kind
    and amount (each filter a string; a bad one is a ``SlipError`` naming it)."""
    qs = (JackpotSlip.objects.filter(property=property)
          .select_related("table", "parent", "recorded_by", "validated_by", "paid_by",
                          "void_requested_by", "voided_by"))
    f = {k: v for k, v in (filters or {}).items() if k in FILTERS and v not in (None, "")}
    if "date_from" in f:
        qs = qs.filter(recorded_at__gte=_day_start(property, _date(f, "date_from")))
    if "date_to" in f:
        qs = qs.filter(recorded_at__lt=_day_start(property, _date(f, "date_to"))
                       + datetime.timedelta(days=1))
    if "amount_min" in f:
        qs = qs.filter(award__gte=_amount(f, "amount_min"))
    if "amount_max" in f:
        qs = qs.filter(award__lte=_amount(f, "amount_max"))
    for name, choices in (("status", SlipStatus), ("kind", SlipKind)):
        if name in f and f[name] not in choices.values:
            raise _fail(name, f"Choose one of {_choices(choices)}.")
    if "table" in f:
        qs = qs.filter(table__label=f["table"])
    if "status" in f:
        qs = qs.filter(status=f["status"])
    if "kind" in f:
        qs = qs.filter(kind=f["kind"])
    return qs


def _choices(choices) -> str:
    """Each key the API takes beside the name staff read: ``paid (Paid), ...``."""
    return ", ".join(f"{value} ({label})" for value, label in choices.choices)


def _amount(filters: dict, name: str) -> Decimal:
    try:
        return Decimal(str(filters[name]))
    except ArithmeticError as exc:
        raise _fail(name, "An amount in dollars, like 1200.00.") from exc


def _date(filters: dict, name: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(str(filters[name]))
    except ValueError as exc:
        raise _fail(name, "A date as YYYY-MM-DD.") from exc


def _day_start(prop: Property, day: datetime.date) -> datetime.datetime:
    """A gaming day starts when the previous one ends (the property's cut-off, local time)."""
    start = datetime.datetime.combine(day, prop.gaming_day_ends)
    return timezone.make_aware(start)


def gaming_day(prop: Property, moment: datetime.datetime | None = None) -> datetime.date:
    local = timezone.localtime(moment or timezone.now())
    return local.date() - datetime.timedelta(days=1 if local.time() < prop.gaming_day_ends
                                             else 0)


def slip_get(*, property: Property, pk: int) -> JackpotSlip:
    """One slip of ``property`` (another property's is ``DoesNotExist``: a 404)."""
    return (JackpotSlip.objects.select_related("table", "property", "recorded_by",
                                               "validated_by", "paid_by", "voided_by",
                                               "void_requested_by", "meter", "parent")
            .get(property=property, pk=pk))


@dataclass(frozen=True)
class DailyReport:
    day: datetime.date
    slips: list
    totals: list  # (wager name, count, total) per wager
    total: Decimal
    count: int


def daily_report(*, property: Property, day: datetime.date) -> DailyReport:
    """Slips recorded in one gaming day, void ones listed but not totalled."""
    slips = list(slip_list(property=property, filters={"date_from": day.isoformat(),
                                                       "date_to": day.isoformat()})
                 .order_by("number"))
    live = [s for s in slips if s.status != SlipStatus.VOIDED]
    by_wager = (JackpotSlip.objects.filter(pk__in=[s.pk for s in live])
                .values("wager_name").annotate(n=Count("pk"), total=Sum("award"))
                .order_by("wager_name"))
    return DailyReport(day=day, slips=slips,
                       totals=[(r["wager_name"], r["n"], r["total"]) for r in by_wager],
                       total=sum((s.award for s in live), ZERO), count=len(live))


CSV_COLUMNS = ("Slip", "Kind", "Status", "Recorded at", "Table", "Seat", "Wager", "Wager amount",
               "Hand", "Odds", "Amount paid", "Paid from", "Meter before", "Meter after",
               "Recorded by", "Validated by", "Paid by", "Sections")


def daily_report_csv(report: DailyReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for s in report.slips:
        writer.writerow([
            s.number, s.get_kind_display(), s.get_status_display(),
            timezone.localtime(s.recorded_at).strftime("%Y-%m-%d %H:%M"), s.table.label,
            s.seat, s.wager_name, fmt(s.wager_amount), s.hand, s.odds, fmt(s.award),
            s.get_paid_from_display(), _meter(s.meter_before), _meter(s.meter_after),
            recorder(s), _user(s.validated_by), _user(s.paid_by), s.rule])
    return out.getvalue()


def _meter(value) -> str:
    return "" if value is None else f"{value:.2f}"


def _user(user) -> str:
    return user.get_username() if user else ""


def recorder(slip: JackpotSlip) -> str:
    """Who recorded the slip: a person, or the system for a Must-Hit-By Mystery Bonus."""
    return _user(slip.recorded_by) if slip.recorded_by_id else SYSTEM


# --- Printing ---------------------------------------------------------------------------------

def _money(value) -> str:
    return "" if value is None else meter_service.dollars(value)


def _when(user, moment) -> str:
    if user is None:
        return ""
    return f"{user.get_username()}, {timezone.localtime(moment):%Y-%m-%d %H:%M}"


def slip_cards(slip: JackpotSlip) -> list[tuple[str, str]]:
    """(label, cards) of the slip's seat and the table, as recorded."""
    body = slip.round or {}
    mine = next((p for p in body.get("positions", []) if p.get("seat") == slip.seat), {})
    found = [("Seat's cards", " ".join(mine.get("cards", [])))]
    found += [(label, " ".join(body[key])) for key, label in (
        ("dealer", "Dealer's cards"), ("community", "Community cards"),
        ("player_cards", "Player hand"), ("banker_cards", "Banker hand")) if body.get(key)]
    return [(k, v) for k, v in found if v]


def print_lines(slip: JackpotSlip) -> list[tuple[str, str]]:
    """The slip as printed (print view and PDF): the hand, the amounts, the meter before and
    after, who did what."""
    spec = games.spec(slip.game)
    lines = [
        ("Slip", f"{slip.number} ({slip.get_kind_display()})"),
        ("Status", slip.get_status_display()),
        ("Property", f"{slip.property.name}, license {slip.property.license_number}"),
        ("Table", f"{slip.table.label} · {spec.name}"
                  + (f" · Rules Submission version {slip.submission_version}"
                     if slip.submission_version else "")),
        ("Seat", str(slip.seat)),
        ("Wager", f"{slip.wager_name} {_money(slip.wager_amount)}"),
        *slip_cards(slip),
        *([("Hand", slip.hand + (f" (held at seat {slip.from_seat})"
                                 if slip.kind == SlipKind.ENVY else ""))] if slip.hand else []),
        ("Payout", slip.odds),
        ("Amount to the player", _money(slip.award)),
        ("Paid from", slip.get_paid_from_display()),
    ]
    if slip.meter_name:
        lines += [("Meter", slip.meter_name), ("Meter before", _money(slip.meter_before)),
                  ("Meter after", _money(slip.meter_after))]
    if slip.verification:
        lines.append(("Floorperson verification", slip.verification))
    if slip.parent_id:
        lines.append(("From jackpot slip", str(slip.parent.number)))
    recorded = f"{recorder(slip)}, {timezone.localtime(slip.recorded_at):%Y-%m-%d %H:%M}"
    lines += [("Sections", slip.rule), ("Recorded by", recorded),
              ("Validated by", _when(slip.validated_by, slip.validated_at)),
              ("Paid by", _when(slip.paid_by, slip.paid_at))]
    if slip.status == SlipStatus.VOIDED:
        lines += [("Void", f"{slip.void_reason} (asked by "
                           f"{slip.void_requested_by.get_username()}, confirmed by "
                           f"{_when(slip.voided_by, slip.voided_at)})")]
    return lines


def signature_lines(slip: JackpotSlip) -> list[str]:
    """Preparer and validator (a Must-Hit-By Mystery Bonus slip: the validator only, the
    system prepared it); a security or cage witness above the property's threshold (default
    $1,200, cf. §465a.26(b)(2))."""
    if slip.kind == SlipKind.MYSTERY:
        found = ["Validated by (floorperson or above, §631b.6(c)(5)(ii))"]
    else:
        found = ["Prepared by (floor manager)", "Validated by (floorperson or above, not the "
                 "preparer, §649a.11(c)(5)(iii))"]
    if slip.witness_required:
        found.append(f"Witness (security or cage): amount above "
                     f"{_money(slip.property.jackpot_witness_threshold)}")
    return found
