"""What a jackpot slip pays, read from the engine's answer: the round is settled by the table's
approved terms (``tables.floor.services.table_settle``, §601a.2), which decide whether the hand
wins and what it pays; a meter award is settled on the seat's own hand so its share is of the
meter as it stands when this slip is paid (§643a.12(e)(4) model), and the Envy Bonuses and shared
awards (§647a.12(e)(2)) come with it."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

import games
from games.money import fmt
from tables.floor.models import Table
from tables.floor.services import table_settle
from tables.meters.selectors import meter_name
from tables.slips.errors import SlipError, fail

ZERO = Decimal("0.00")
PAID_FROM_WORDS = {
    "table_inventory": "Table inventory",
    "not_table_inventory": "Not from the table inventory: documented and paid by the cage",
    "game_account": "Credited to the player's game account",
}
# What a winning payout may not be paid from, by the engine's answer (§649a.11(c)(5)(iv),
# (7)(iv), (8)(iii) and their twins).
PAY_REFUSED = {"not_table_inventory": {"table_inventory", "game_account"},
               "game_account": {"table_inventory"}, "table_inventory": {"game_account"}}


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
    meter_reset: bool = False

    @property
    def paid_from_name(self) -> str:
        return PAID_FROM_WORDS.get(self.paid_from, self.paid_from)

    @property
    def whole_meter(self) -> bool:
        """The engine's word: the award pays the meter out whole, so it is reseeded (§605a.7);
        a payout limit may keep part of a 100% award on the meter (§645a.13(j))."""
        return self.meter_reset

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
                 meter=line.get("meter", ""), verification=line.get("verification", ""),
                 meter_reset=line.get("meter_reset") is True)


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
    if line["result"] == "push":  # a void round (a wrong stub count) returns every wager
        preview.why = (f"The {name} was returned, not won ({line['rule']}): a wager "
                       f"returned is not a jackpot.")
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


def settle_slip(table: Table, seat: int, wager: str, body: dict, **as_recorded) -> Preview:
    """The engine's answer for a slip. Envy Bonuses come from the whole round; a meter award is
    settled on the seat's own hand (with the other bettors on the dealer's hand when the hand is
    the dealer's), so its share is of the meter as it stands when this slip is recorded, not
    after other seats' awards from the same meter that their own slips record (§643a.12(e)(4)
    model). ``as_recorded`` (``terms``, ``meters``) settles it again as it was recorded;
    ``live``: the live meters as the recording that locked them read them."""
    preview = read_result(table, seat, wager, settle(table, body, **as_recorded))
    others = [p for p in body.get("positions", []) if isinstance(p, dict)
              and p.get("seat") != seat]
    if not preview.wins or not others or not preview.jackpot.meter:
        return preview
    alone = read_result(table, seat, wager, settle(table, _award_round(
        table.game, body, seat, wager, dealer=preview.jackpot.from_seat == "dealer"),
        **as_recorded))
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


def settle(table: Table, body: dict, **as_recorded) -> dict:
    try:
        return table_settle(table=table, body=dict(body), **as_recorded)
    except games.InvalidRound as exc:
        raise SlipError({f"round.{k}": v if isinstance(v, list) else [str(v)]
                         for k, v in exc.errors.items()}) from exc
    except games.GameError as exc:
        raise fail("round", str(exc)) from exc


def with_meter(preview: Preview, amounts: dict) -> Preview:
    key = preview.jackpot.meter if preview.jackpot else ""
    if key and key in amounts:
        preview.meter_amount = Decimal(amounts[key])
        preview.meter_name = meter_name(preview.table.game, key)
    return preview
