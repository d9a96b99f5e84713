"""Roulette side wagers of 2021: B2B Roulette (§617b.1) and Blazing 7's (§617b.2).

The spin is the table's, shared by every position::

    {"game": "roulette", "options": {"blazing_7s": "3", "wheel": "double_zero"},
     "previous_spin": "17", "spin": "17", "rng_payout": "500",
     "bonus_balls": ["7", "9", "22"],
     "positions": [{"seat": 1, "wagers": {"b2b": "5.00", "blazing_7s": "5.00"}}]}

Compartments are ``"0"``, ``"00"`` and ``"1"``..``"36"`` (whole numbers are accepted too).
``previous_spin`` is needed when a B2B wager is placed; ``rng_payout`` (``"500"`` or
``"500 to 1"``) only when a B2B wager wins; ``bonus_balls`` only when a Blazing 7's wager wins.

Hand names (paytable rows): B2B ``repeat_of_previous_spin``; Blazing 7's ``all_three``,
``two_of_three``, ``one_of_three`` (of 7, 17 and 27), ``three_balls_in_one_color``, ``other``.

Not in the excerpts, decided here: the table has 8 positions (Roulette chips of eight colours,
not in the excerpts); the wheel is double zero unless ``options.wheel`` says ``single_zero``
(§617b.1(a)); one RNG draw pays every winning B2B wager of the spin; a Blazing 7's wager is paid
by the best-paying outcome its three balls make (two of 7-17-27 in red also being "3 balls in
one color" pays 100 to 1, not 11 to 1); the wheel's colours are the standard ones (secondary).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any, cast

from games.money import ZERO
from games.payload import ROUND_FIELDS, Reader, whole_number
from games.paytables import Paytable, Row, catalog
from games.settlement import Line, RoundResult, SeatResult, best_net, lose, win_row
from games.spec import (
    GameSpec,
    OptionSpec,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    par_lines,
)

WHEELS = {
    "double_zero": ("0", "00", *map(str, range(1, 37))),
    "single_zero": ("0", *map(str, range(1, 37))),
}
# §617b.2(a): the Blazing 7's wager wins on 7, 17 or 27; the bonus round counts the same three.
BLAZING_NUMBERS = frozenset({"7", "17", "27"})
# Secondary: the standard wheel's red compartments (0 and 00 green, the rest black); confirm
# against §617a.1. Only §617b.2(j)'s "3 balls in one color" uses them.
RED = frozenset(map(str, (1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36)))
BONUS_ROUND_HANDS = {3: "all_three", 2: "two_of_three", 1: "one_of_three"}


def colour(compartment: str) -> str:
    """The standard wheel's colour (secondary, see ``RED``), for §617b.2(j)'s "3 balls in one
    color"."""
    if compartment in ("0", "00"):
        return "green"
    return "red" if compartment in RED else "black"


def b2b_payouts() -> Paytable:
    """§617b.1(e): the seven payouts the reader board's RNG may draw, from the catalog."""
    table = catalog().resolve("roulette", "b2b", "rng")
    if table is None:  # every catalog holds the shipped paytables
        raise KeyError("roulette.b2b.rng")
    return table


def b2b_wins(previous_spin: str | None, spin: str) -> bool:
    """§617b.1(d): the ball rests on the same number as the previous spin."""
    return spin == previous_spin


def blazing_7s_wins(spin: str) -> bool:
    """§617b.2(a): the ball rests on 7, 17 or 27."""
    return spin in BLAZING_NUMBERS


def bonus_round_row(paytable: Paytable, balls: tuple[str, ...]) -> Row:
    """§617b.2(j): the best-paying outcome the three bonus balls make ("Other" always does)."""
    made = {"other"}
    hits = len(BLAZING_NUMBERS.intersection(balls))
    if hits:
        made.add(BONUS_ROUND_HANDS[hits])
    if len({colour(b) for b in balls}) == 1:
        made.add("three_balls_in_one_color")
    return max((r for r in paytable.rows if r.hand in made), key=lambda r: r.value)


def _max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """Both wagers can win on one spin (a 7, 17 or 27 repeated): B2B at 1000 to 1 plus the
    chosen Blazing 7's paytable's top row."""
    total = ZERO
    rows: Sequence[Row]
    for key in offered:
        if key == "b2b":
            rows = b2b_payouts().rows
        elif key == "blazing_7s":
            rows = [r for t in catalog().chosen_or_all("roulette", key, offered[key])
                    for r in t.rows]
        else:
            continue
        total += best_net(key, minimum_wager, rows)
    return total


# A compartment as ``_compartment`` reads it: its number, or its text ("00").
_COMPARTMENT: dict[str, object] = {"anyOf": [
    {"type": "integer", "minimum": 0, "maximum": 36},
    {"type": "string", "enum": list(WHEELS["double_zero"])}]}
_REQUEST = RequestSpec(
    round={
        "spin": {**_COMPARTMENT, "description": "The compartment the ball rests in "
                                                "(§617a.1(d))."},
        "previous_spin": {**_COMPARTMENT, "description": "The previous spin's compartment, "
                                                         "which B2B Roulette repeats "
                                                         "(§617b.1(d))."},
        "rng_payout": {"anyOf": [{"type": "integer", "minimum": 1},
                                 {"type": "string", "maxLength": 20}],
                       "description": "The payout the reader board's RNG drew when a B2B "
                                      "Roulette wager won (\"25 to 1\", §617b.1(e))."},
        "bonus_balls": {"type": "array", "items": _COMPARTMENT, "minItems": 3, "maxItems": 3,
                        "description": "The three compartments the bonus round's balls rest "
                                       "in when a Blazing 7's wager won (§617b.2(f)-(j))."},
    },
    dealer={
        "spin": {"type": "string"},
        "previous_spin": {"type": "string", "nullable": True},
        "wheel": {"type": "string", "enum": list(WHEELS)},
        "rng_payout": {"type": "string", "description": "The B2B payout drawn, on a win."},
        "bonus_balls": {"type": "array", "items": {"type": "string"}},
    },
    dealer_required=("spin", "previous_spin", "wheel"),
    example={"game": "roulette", "positions": [{"seat": 1, "wagers": {"b2b": "5.00"}}],
             "spin": 17, "previous_spin": "23"},
)


SPEC = GameSpec(
    key="roulette",
    name="Roulette side wagers",
    rule="§617b; 8 positions as commonly laid out, confirm against Chapter 617a",
    positions=8,
    wagers=(
        WagerSpec("b2b", "B2B Roulette wager", "§617b.1"),
        WagerSpec("blazing_7s", "Blazing 7's wager", "§617b.2", paytable_required=True),
    ),
    options=(
        OptionSpec(
            "wheel", "Roulette wheel", "§617b.1(a); §617a.1(d)",
            choices=tuple(WHEELS), default="double_zero",
        ),
    ),
    max_round_win=_max_round_win,
    par=ParSpec(
        "games.par.dice_wheel:roulette", par_lines("b2b", "blazing_7s"), options=("wheel",),
        # the straight-up and even-money wagers, for comparison with the side wagers
        reference=("straight_up", "even_money")),
    # No cards: a slip's round is the ``spin``, which the record page does not take yet (the
    # slip API does).
    slip_cards=SlipCards(seats=False),
    request=_REQUEST,
)


def _compartment(
    reader: Reader, path: str, value: object, wheel: str, missing: str = "is required"
) -> str | None:
    if value is None:
        reader.fail(path, missing)
        return None
    text = str(value) if whole_number(value) else value
    text = text.strip() if isinstance(text, str) else text
    if text not in WHEELS[wheel]:
        zeros = "0, 00" if wheel == "double_zero" else "0"
        reader.fail(
            path, f"{value!r} is not a compartment of the {wheel.replace('_', ' ')} wheel "
            f"({zeros}, 1-36; §617a.1(d))",
        )
        return None
    return text


def _wheel(reader: Reader) -> str:
    wheel = reader.choice("options.wheel", reader.options.get("wheel", "double_zero"), WHEELS)
    return wheel or "double_zero"


def _rng_row(reader: Reader, value: object, *, won: bool) -> Row | None:
    """§617b.1(e): the RNG's payout, one of the seven, shown on the reader board on a win."""
    if not won:
        if value is not None:
            reader.fail("rng_payout", "no B2B Roulette wager won this spin, so the reader "
                        "board drew no payout (§617b.1(e))")
        return None
    if value is None:
        reader.fail("rng_payout", "a B2B Roulette wager won: the payout the reader board's RNG "
                    "drew is required (§617b.1(e))")
        return None
    payouts = b2b_payouts()
    allowed = [r.when["rng"] for r in payouts.rows]
    text = str(value) if whole_number(value) else value
    if isinstance(text, str):
        text = text.strip().lower().removesuffix("to 1").strip()
    if text not in allowed:
        reader.fail("rng_payout", f"{value!r} is not a B2B Roulette payout: the RNG draws one "
                    f"of {', '.join(a + ' to 1' for a in allowed)} (§617b.1(e))")
        return None
    return payouts.row("repeat_of_previous_spin", rng=text)


def _bonus_balls(reader: Reader, value: object, wheel: str, *, won: bool) -> tuple[str, ...]:
    """§617b.2(f)-(i): three balls, each left in its own compartment (a shared one relaunches)."""
    if not won:
        if value is not None:
            reader.fail("bonus_balls", "no Blazing 7's wager won this spin, so there was no "
                        "bonus round (§617b.2(e))")
        return ()
    if not isinstance(value, list) or len(value) != 3:
        reader.fail("bonus_balls", "the three compartments the bonus round's balls rest in "
                    "are required (§617b.2(f), (j))")
        return ()
    balls = tuple(_compartment(reader, f"bonus_balls[{i}]", b, wheel) for i, b in enumerate(value))
    if None in balls:
        return ()
    if len(set(balls)) != 3:
        reader.fail("bonus_balls", "two balls cannot rest in one compartment: the croupier "
                    "relaunches the others (§617b.2(h), (i))")
        return ()
    return cast(tuple[str, ...], balls)  # none is None (above)


def _lines(wagers: Mapping[str, Decimal], b2b: Row | None, blazing: Row | None) -> tuple[Line, ...]:
    lines = []
    if "b2b" in wagers:
        if b2b is None:
            lines.append(lose("b2b", wagers["b2b"], "§617b.1(d)"))
        else:
            lines.append(win_row("b2b", wagers["b2b"], b2b, "§617b.1(d), (e)", hand=b2b.hand))
    if "blazing_7s" in wagers:
        if blazing is None:
            lines.append(lose("blazing_7s", wagers["blazing_7s"], "§617b.2(a), (e)"))
        else:
            lines.append(win_row(
                "blazing_7s", wagers["blazing_7s"], blazing, "§617b.2(e), (j)", hand=blazing.hand
            ))
    return tuple(lines)


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle the side wagers of one spin; raises InvalidRound naming each bad field."""
    reader = Reader(payload, SPEC,
                    fields=(*ROUND_FIELDS, "spin", "previous_spin", "rng_payout", "bonus_balls"))
    wheel = _wheel(reader)
    positions = reader.positions()
    wagered = {key for p in positions for key in p["wagers"]}
    spin = _compartment(reader, "spin", payload.get("spin"), wheel,
                        "the compartment the ball rests in is required (§617a.1(d))")
    previous = None
    if "b2b" in wagered or payload.get("previous_spin") is not None:
        previous = _compartment(reader, "previous_spin", payload.get("previous_spin"), wheel,
                                "B2B Roulette wins on a repeat of the previous spin, which is "
                                "required (§617b.1(d))")
    paytable = reader.paytable("blazing_7s", required="blazing_7s" in wagered)
    if spin is None or ("b2b" in wagered and previous is None):
        reader.done()
    assert spin is not None  # _compartment failed the request (reader.done raised)
    b2b = _rng_row(reader, payload.get("rng_payout"),
                   won="b2b" in wagered and b2b_wins(previous, spin))
    balls = _bonus_balls(reader, payload.get("bonus_balls"), wheel,
                         won="blazing_7s" in wagered and blazing_7s_wins(spin))
    reader.done()
    blazing = None
    if balls:
        assert paytable is not None  # a Blazing 7's wager won: its paytable was required
        blazing = bonus_round_row(paytable, balls)
    seats = tuple(
        SeatResult(p["seat"], spin, _lines(p["wagers"], b2b, blazing)) for p in positions
    )
    table: dict[str, object] = {"spin": spin, "previous_spin": previous, "wheel": wheel}
    if b2b:
        table["rng_payout"] = b2b.odds
    if balls:
        table["bonus_balls"] = list(balls)
    return RoundResult("roulette", seats, table)
