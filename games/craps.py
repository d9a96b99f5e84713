"""Craps side wagers of 2021: Hot Roller (§623b.1), Lucky Shooter (§623b.2) and Bonus Craps's
alternate paytables with the Make 'em All wager (§623b.3).

The rolls are the table's, shared by every position, in order from the come-out roll before
which the wagers were placed, at most up to the shooter's seven-out::

    {"game": "craps",
     "options": {"hot_roller": "A", "lucky_shooter": "D", "bonus_craps": "2",
                 "electronic_table": true},
     "rolls": [[1, 3], [2, 2], [6, 1]],
     "positions": [{"seat": 1, "wagers": {"hot_roller": "5.00", "lucky_shooter": "5.00",
                    "all_small": "1.00", "all_tall": "1.00", "make_em_all": "1.00"}}]}

A sequence that stops before the seven-out settles what the rolls so far decide; every other
wager gets a ``"pending"`` line (net 0.00) and the round says ``"complete": false``. Posting the
longer sequence later settles the same decided wagers the same way. The seven-out decides every
wager, so a rolls list ending with it leaves nothing pending; a roll after it is refused.

Hand names (paytable rows): Hot Roller ``all_6_number_combinations``,
``any_5_number_combinations`` .. ``any_2_number_combinations``; Lucky Shooter
``five_of_five_and_established_point``, ``five_of_five``, ``four_of_five``, ``three_of_five``,
``two_of_five``, ``first_roll_seven_or_eleven``; Bonus Craps ``all_small``, ``all_tall``,
``make_em_all`` (one paytable, ``options.bonus_craps``, for the three wagers: §623b.3(c)).
A Lucky Shooter wager needs ``options.electronic_table`` true (§623b.2(a)).

Not in the excerpts, decided here: 16 positions, one per Hot Roller area (§623b.1(a)(2)(i));
the base game's come-out, point and seven-out as in Chapter 623a; Bonus Craps as §623a.12 has it
(secondary: Galaxy Gaming's published rules, confirm against §623a.12): All Small needs 2-6, All
Tall 8-12, Make 'em All both, each before any 7, a come-out 7 included, and wins as soon as its
last number is rolled.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, cast

from games.money import ZERO
from games.payload import ROUND_FIELDS, Reader, whole_number
from games.paytables import Paytable, PaytableNames, Row, catalog
from games.settlement import Line, RoundResult, SeatResult, best_net, paid_by_row
from games.spec import (
    GameSpec,
    OptionSpec,
    ParLine,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    par_lines,
)

PENDING = "pending"
POINTS = (4, 5, 6, 8, 9, 10)
NATURALS, CRAPS = (7, 11), (2, 3, 12)
# §623b.1(a)(2)(iii)(A)-(F): the dice combinations shown under each number on the layout.
NUMBER_COMBINATIONS = {
    4: frozenset({(1, 3), (2, 2)}),
    5: frozenset({(1, 4), (2, 3)}),
    6: frozenset({(1, 5), (2, 4), (3, 3)}),
    8: frozenset({(2, 6), (3, 5), (4, 4)}),
    9: frozenset({(3, 6), (4, 5)}),
    10: frozenset({(4, 6), (5, 5)}),
}
# Secondary (§623a.12 is not in the excerpts): the totals each Bonus Craps wager needs.
SMALL, TALL = frozenset({2, 3, 4, 5, 6}), frozenset({8, 9, 10, 11, 12})
BONUS_CRAPS = {"all_small": SMALL, "all_tall": TALL, "make_em_all": SMALL | TALL}
# The catalog wager whose paytable (chosen in options.<key>) pays each wager.
PAYTABLE_OF = {"hot_roller": "hot_roller", "lucky_shooter": "lucky_shooter",
               **dict.fromkeys(BONUS_CRAPS, "bonus_craps")}
COUNT_WORDS = ("none", "one", "two", "three", "four", "five")
RENAMED = "all_or_nothing_at_all"


@dataclass(frozen=True)
class Decision:
    """What the rolls say of a wager: the hand it made, the roll (index) that decided it, and
    the rule. ``roll`` is None while pending. A decided hand without a paytable row loses."""

    hand: str
    rule: str
    roll: int | None = None


def base_game(totals: Iterable[int]) -> tuple[tuple[bool, ...], int | None]:
    """Each roll's come-out flag and the seven-out's index (Chapter 623a): a come-out 4-10
    sets the point; the point repeated brings a new come-out; a 7 then is the seven-out."""
    come_outs: list[bool] = []
    point = None
    for i, total in enumerate(totals):
        come_outs.append(point is None)
        if point is None:
            point = total if total in POINTS else None
        elif total == 7:
            return tuple(come_outs), i
        elif total == point:
            point = None
    return tuple(come_outs), None


def _count_hand(completed: int) -> str:
    if completed == 6:
        return "all_6_number_combinations"
    if completed >= 2:
        return f"any_{completed}_number_combinations"
    return "fewer_than_2_number_combinations"


def hot_roller(rolls: Iterable[tuple[int, int]], come_outs: Iterable[bool]) -> Decision:
    """§623b.1(g): settled on the shooter's first 7; lost if it is a come-out 7, else paid by
    how many numbers had every dice combination of §623b.1(a)(2)(iii) thrown before it.

    The section's own example marks "the 2 and 6 and the 4 and 5" as both ways to make a 9;
    a 2 and 6 is an 8 on the layout of (a)(2)(iii)(D), and 9 is 3-6 and 4-5 (E). The layout
    is followed: that example's rolls complete the 4 and the 5 only (Any 2, not Any 3).
    """
    thrown: set[tuple[int, int]] = set()
    for i, (roll, come_out) in enumerate(zip(rolls, come_outs, strict=True)):
        if sum(roll) == 7:
            if come_out:
                return Decision("seven_on_come_out_roll", "§623b.1(g)", i)
            return Decision(_count_hand(completed_numbers(thrown)), "§623b.1(g), (h)", i)
        thrown.add(roll)
    return Decision(_count_hand(completed_numbers(thrown)), "§623b.1(g)")


def completed_numbers(thrown: set[tuple[int, int]]) -> int:
    """§623b.1(f): a number is complete once all its dice combinations were thrown."""
    return sum(ways <= thrown for ways in NUMBER_COMBINATIONS.values())


def lucky_shooter(totals: Iterable[int]) -> tuple[Decision, ...]:
    """§623b.2(d): a come-out 2, 3 or 12 loses; a 7 or 11 is paid and the wager stays for the
    next come-out; a point starts the count of the other five point numbers, each counted the
    first time it is rolled. Any other roll (a repeat, the point, a 7, 2, 3, 11, 12) settles it
    by the count; after all five, the next roll settles it, with the point on it paying the
    "and established point" row (examples (d)(3)(i)-(iii))."""
    decided: list[Decision] = []
    rolls = iter(enumerate(totals))
    for i, total in rolls:
        if total in CRAPS:
            return (*decided, Decision("craps_on_come_out_roll", "§623b.2(d)(1)", i))
        if total in NATURALS:
            decided.append(Decision("first_roll_seven_or_eleven", "§623b.2(d)(2), (e)", i))
            continue
        remaining = set(POINTS) - {total}
        for j, later in rolls:
            if not remaining:
                hand = "five_of_five_and_established_point" if later == total else "five_of_five"
                return (*decided, Decision(hand, "§623b.2(d)(3), (e)", j))
            if later not in remaining:
                return (*decided, Decision(_of_five(remaining), "§623b.2(d)(3), (e)", j))
            remaining.discard(later)
        return (*decided, Decision(_of_five(remaining), "§623b.2(d)(3)"))
    return (*decided, Decision("awaiting_come_out_roll", "§623b.2(d)"))


def _of_five(remaining: set[int]) -> str:
    return f"{COUNT_WORDS[5 - len(remaining)]}_of_five"


def bonus_craps(totals: Iterable[int]) -> dict[str, Decision]:
    """§623b.3(d), §623a.12 (secondary): each wager wins when its last number is rolled, and
    loses on the first 7 before that, a come-out 7 included."""
    seen: set[int] = set()
    decided: dict[str, Decision] = {}
    for i, total in enumerate(totals):
        seen.add(total)
        for wager, needs in BONUS_CRAPS.items():
            if wager in decided:
                continue
            if total == 7:
                decided[wager] = Decision("seven_before_all_numbers", "§623b.3(d); §623a.12", i)
            elif needs <= seen:
                decided[wager] = Decision(wager, "§623b.3(c)", i)
    for wager, needs in BONUS_CRAPS.items():
        if wager not in decided:
            missing = "_".join(map(str, sorted(needs - seen)))
            decided[wager] = Decision(f"missing_{missing}", "§623b.3(d); §623a.12")
    return decided


def _paytable_rows(wager: str, chosen: object) -> list[Row]:
    """The rows paying ``wager`` in the chosen paytable, or in every one if none resolves."""
    table = PAYTABLE_OF[wager]
    own = wager if table == "bonus_craps" else None
    return [r for t in catalog().chosen_or_all("craps", table, chosen) for r in t.rows
            if own in (None, r.hand)]


def _max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """One shooter's hand can win every offered wager's top row: a point, the five other points
    and the point again, then every other dice combination and total before the seven-out.
    Bonus Craps's paytable is the one ``options.bonus_craps`` names (§623b.3(c))."""
    total = ZERO
    for wager, table in PAYTABLE_OF.items():
        if wager in offered:
            chosen = offered[wager] or options.get(table)
            total += best_net(wager, minimum_wager, _paytable_rows(wager, chosen))
    return total


_DIE: dict[str, object] = {"type": "integer", "minimum": 1, "maximum": 6}
_REQUEST = RequestSpec(
    round={"rolls": {
        "type": "array", "minItems": 1,
        "items": {"type": "array", "items": _DIE, "minItems": 2, "maxItems": 2},
        "description": "The shooter's rolls in order, each two dice ([1, 3]), up to the "
                       "seven-out (Chapter 623a)."}},
    dealer={
        "totals": {"type": "array", "items": {"type": "integer"}},
        "come_out": {"type": "array", "items": {"type": "boolean"},
                     "description": "Whether each roll was a come-out roll."},
        "seven_out": {"type": "integer", "nullable": True,
                      "description": "The roll that sevened out, counted from 0; null: none."},
        "complete": {"type": "boolean"},
        "decided_at": {"type": "object", "additionalProperties": {
            "type": "array", "items": {"type": "integer", "nullable": True}},
            "description": "Wager -> the roll deciding each of its decisions (null: pending)."},
    },
    dealer_required=("totals", "come_out", "seven_out", "complete", "decided_at"),
    example={"game": "craps", "options": {"bonus_craps": "1"},
             "positions": [{"seat": 1, "wagers": {"all_small": "5.00"}}],
             "rolls": [[2, 2], [1, 1], [3, 4]]},
)


SPEC = GameSpec(
    key="craps",
    name="Craps side wagers",
    rule="§623b.1(a)(2)(i)",
    positions=16,
    wagers=(
        WagerSpec("hot_roller", "Hot Roller wager", "§623b.1", paytable_required=True),
        WagerSpec(
            "lucky_shooter", "Lucky Shooter wager", "§623b.2", paytable_required=True,
            requires={"electronic_table": True},
        ),
        WagerSpec("all_small", "All Small wager (Bonus Craps)", "§623b.3(c)"),
        WagerSpec("all_tall", "All Tall wager (Bonus Craps)", "§623b.3(c)"),
        WagerSpec("make_em_all", "Make 'em All wager (Bonus Craps)", "§623b.3(b), (c)"),
    ),
    options=(
        OptionSpec(
            "electronic_table", "Fully automated electronic gaming table", "§623b.2(a)",
        ),
        OptionSpec(
            "bonus_craps", "Bonus Craps paytable (All Small, All Tall, Make 'em All)",
            "§623b.3(c)",
            choices=PaytableNames("craps", "bonus_craps"),
            default=None,
        ),
    ),
    max_round_win=_max_round_win,
    par=ParSpec(
        "games.par.dice_wheel:craps",
        par_lines("hot_roller", "lucky_shooter",
                  # one Bonus Craps paytable for the three wagers (§623b.3(c))
                  **{w: ParLine(paytable_option="bonus_craps") for w in BONUS_CRAPS}),
    ),
    # No cards: a slip's round is the shooter's ``rolls``, which the record page does not
    # take yet (the slip API does).
    slip_cards=SlipCards(seats=False),
    request=_REQUEST,
)


def _rolls(reader: Reader, value: object) -> tuple[tuple[int, int], ...] | None:
    """The dice of each roll, smaller die first; None if any is unreadable."""
    if not isinstance(value, list) or not value:
        reader.fail("rolls", "the shooter's rolls in order, each two dice like [1, 3], "
                    "are required")
        return None
    rolls: list[tuple[int, ...] | None] = []
    for i, roll in enumerate(value):
        if not isinstance(roll, list | tuple) or len(roll) != 2:
            reader.fail(f"rolls[{i}]", f"{roll!r} is not a roll: a roll is two dice, like [1, 3]")
            continue
        bad = [j for j, die in enumerate(roll) if not whole_number(die, 1, 6)]
        for j in bad:
            reader.fail(f"rolls[{i}][{j}]", f"{roll[j]!r} is not a die: a die shows 1 to 6 "
                        "(Craps dice, Chapter 623a)")
        rolls.append(None if bad else tuple(sorted(roll)))
    if None in rolls or len(rolls) != len(value):
        return None
    return cast(tuple[tuple[int, int], ...], tuple(rolls))  # pairs, none None (above)


def _verify_ends_by_seven_out(reader: Reader, seven_out: int | None, count: int) -> None:
    if seven_out is not None and seven_out < count - 1:
        reader.fail(f"rolls[{seven_out + 1}]", f"the shooter sevened out on rolls[{seven_out}]: "
                    "later rolls are the next shooter's, settled as a new round (Chapter 623a; "
                    "§623b.1(g))")


def _verify_wagers(reader: Reader, positions: list[dict[str, Any]]) -> None:
    electronic = reader.flag("electronic_table")
    for p in positions:
        if not electronic and "lucky_shooter" in p["wagers"]:
            reader.fail(f"{p['path']}.wagers.lucky_shooter", "the Lucky Shooter wager is offered "
                        "only on a fully automated electronic gaming table "
                        "(options.electronic_table: true; §623b.2(a))")
        raw = p["raw"].get("wagers")
        if isinstance(raw, Mapping) and RENAMED in raw:
            reader.fail(f"{p['path']}.wagers.{RENAMED}", "the All or Nothing at All wager is "
                        "renamed the Make 'em All wager: use make_em_all (§623b.3(b))")


def _paytables(reader: Reader, wagered: set[str]) -> dict[str, Paytable | None]:
    """Each paytable option, checked when given and required when one of its wagers is placed."""
    return {
        table: reader.paytable(table, required=any(PAYTABLE_OF[w] == table for w in wagered))
        for table in dict.fromkeys(PAYTABLE_OF.values())
    }


def _line(wager: str, amount: Decimal, decision: Decision, paytable: Paytable | None) -> Line:
    if decision.roll is None:
        return Line(wager, amount, PENDING, "", ZERO, decision.rule, hand=decision.hand)
    assert paytable is not None  # required when one of its wagers is placed (_paytables)
    return paid_by_row(wager, amount, paytable.row(decision.hand), decision.rule,
                       hand=decision.hand)


def _decisions(
    rolls: tuple[tuple[int, int], ...], totals: list[int], come_outs: tuple[bool, ...],
    wagered: set[str],
) -> dict[str, tuple[Decision, ...]]:
    decisions: dict[str, tuple[Decision, ...]] = {}
    if "hot_roller" in wagered:
        decisions["hot_roller"] = (hot_roller(rolls, come_outs),)
    if "lucky_shooter" in wagered:
        decisions["lucky_shooter"] = lucky_shooter(totals)
    if wagered & BONUS_CRAPS.keys():
        decisions.update((w, (d,)) for w, d in bonus_craps(totals).items() if w in wagered)
    return decisions


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle what the shooter's rolls decide; raises InvalidRound naming each bad field."""
    reader = Reader(payload, SPEC, fields=(*ROUND_FIELDS, "rolls"))
    positions = reader.positions()
    _verify_wagers(reader, positions)
    wagered = {key for p in positions for key in p["wagers"]}
    paytables = _paytables(reader, wagered)
    rolls = _rolls(reader, payload.get("rolls"))
    totals = [sum(r) for r in rolls or ()]
    come_outs, seven_out = base_game(totals)
    _verify_ends_by_seven_out(reader, seven_out, len(totals))
    reader.done()
    assert rolls is not None  # _rolls failed the request (reader.done raised)
    decisions = _decisions(rolls, totals, come_outs, wagered)
    seats = tuple(
        SeatResult(p["seat"], "seven_out" if seven_out is not None else "in_progress", tuple(
            _line(w, amount, d, paytables[PAYTABLE_OF[w]])
            for w, amount in p["wagers"].items() for d in decisions[w]
        ))
        for p in positions
    )
    table = {
        "totals": totals,
        "come_out": list(come_outs),
        "seven_out": seven_out,
        "complete": seven_out is not None,
        "decided_at": {w: [d.roll for d in ds] for w, ds in decisions.items()},
    }
    pending = any(d.roll is None for ds in decisions.values() for d in ds)
    notes = ("the rolls end before the seven-out: wagers they do not decide yet are pending",
             ) if pending else ()
    return RoundResult("craps", seats, table, notes)
