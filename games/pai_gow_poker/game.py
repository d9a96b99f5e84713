"""Pai Gow Poker settlement: reading the round, the house way request and the SPEC
(§645a.7, §645a.9-11, §645a.13); the package docstring tells the whole game."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, cast

import games.pai_gow_poker.wagers as optional
from games.cards import card_str
from games.envy import best_envy
from games.money import ZERO
from games.pai_gow_poker.house_way import DEFAULT_HOUSE_WAY, HOUSE_WAYS, set_hand
from games.pai_gow_poker.pai_gow_wager import ROUNDINGS, pai_gow_line
from games.pai_gow_poker.rankings import (
    WHEEL_SECOND_HIGHEST,
    WHEELS,
    describe_high,
    describe_low,
    is_envy_qualifying,
    is_queens_dragon,
    is_set_correctly,
    seven_card_hands,
)
from games.payload import ROUND_FIELDS, Reader
from games.payout_limit import apply_payout_limit, read_payout_limit
from games.paytables import Paytable, catalog
from games.progressive import RoundMeter, best_win
from games.settlement import WIN, Line, RoundResult, SeatResult, void_round
from games.spec import (
    GameSpec,
    HouseWaySpec,
    MeterSpec,
    OptionSpec,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    cards_schema,
    dealing_procedure,
    par_lines,
    player_schema,
    stub_count_schema,
)

GAME = "pai_gow_poker"
POSITIONS = 6  # §645a.2(a)
STUB = 4  # §645a.9(d), §645a.10(d): 53 - 7 x 7 cards remain
PROGRESSIVE_MINIMUM = Decimal("2000.00")  # §645a.13(e)(2): initial and reset at least $2,000
PAYOUT_LIMIT_RULE = "§645a.13(j)"
EZ = {"ez_pai_gow": True}


# Reading the request ---------------------------------------------------------------------


def _options(reader: Reader) -> dict[str, Any]:
    opts: dict[str, Any] = {}
    for spec in SPEC.options:
        if spec.key == "payout_limit":
            continue
        if spec.choices:
            value = reader.options.get(spec.key, spec.default)
            opts[spec.key] = reader.choice(f"options.{spec.key}", value, spec.choices)
        else:
            opts[spec.key] = reader.flag(spec.key, cast("bool | None", spec.default))
    opts["payout_limit"] = read_payout_limit(reader, PAYOUT_LIMIT_RULE)
    return opts


def _verify_wagers(reader: Reader, p: dict[str, Any], opts: dict[str, Any]) -> None:
    path, wagers, raw = p["path"], p["wagers"], p["raw"]
    if "pai_gow" not in wagers and not reader.errors.get(f"{path}.wagers.pai_gow"):
        reader.fail(f"{path}.wagers.pai_gow", "a player places the Pai Gow Poker Wager to play "
                    "and to place any optional wager (§645a.7(d)-(e))")
    for key in wagers:
        needs = SPEC.require_wager(key).requires
        if any(opts.get(k) != v for k, v in needs.items()):
            reader.fail(f"{path}.wagers.{key}", "offered only on an EZ Pai Gow Poker table "
                        "(options.ez_pai_gow; §645a.7(e)(5))")
    p["surrender"] = raw.get("surrender", False)
    if not isinstance(p["surrender"], bool):
        reader.fail(f"{path}.surrender", "true or false")
    elif p["surrender"] and set(wagers) - {"pai_gow"}:
        reader.fail(f"{path}.surrender", "a player who placed an optional wager may not "
                    "surrender (§645a.11(d))")
    p["color"] = None
    if "red_black" in wagers:
        p["color"] = reader.choice(f"{path}.red_black_color", raw.get("red_black_color"),
                                   optional.COLORS)


def _read_cards(reader: Reader, p: dict[str, Any], required: bool) -> None:
    """``high`` + ``low`` as set by the player (any split of seven cards: a wrong count is a
    foul, §645a.11(f)(1)(iv)), or ``cards`` for the house way to set."""
    path, raw = p["path"], p["raw"]
    p["high"] = p["low"] = p["cards"] = None
    p["set_by"] = "player"
    if "high" in raw or "low" in raw:
        high = reader.cards(f"{path}.high", raw.get("high"), count=tuple(range(8)), joker=True)
        low = reader.cards(f"{path}.low", raw.get("low"), count=tuple(range(8)), joker=True)
        if high is not None and low is not None:
            if len(high) + len(low) == 7:
                p["high"], p["low"], p["cards"] = high, low, high + low
            else:
                reader.fail(path, f"{len(high) + len(low)} cards in the high and low hands: each "
                            "position is dealt seven (§645a.9(c)); report a misdeal with "
                            "stub_count (§645a.9(e))")
    elif raw.get("cards") is not None or required:
        p["cards"] = reader.cards(f"{path}.cards", raw.get("cards"), count=7, joker=True)
        p["set_by"] = "house_way"


def _read_dealer(reader: Reader, house_way: str | None) -> dict[str, Any] | None:
    payload = reader.payload
    if "dealer_high" in payload or "dealer_low" in payload:
        high = reader.cards("dealer_high", payload.get("dealer_high"), count=5, joker=True)
        low = reader.cards("dealer_low", payload.get("dealer_low"), count=2, joker=True)
        if high is None or low is None:
            return None
        if not is_set_correctly(high, low):
            reader.fail("dealer_low", "the dealer's high hand must rank equal to or higher "
                        "than the low hand (§645a.11(b)-(c))")
            return None
        return {"cards": high + low, "high": high, "low": low, "set_by": "given"}
    cards = reader.cards("dealer", payload.get("dealer"), count=7, joker=True)
    if cards is None or house_way is None:
        return None
    setting = set_hand(cards, house_way)
    return {"cards": cards, "high": setting.high, "low": setting.low,
            "set_by": f"house_way:{house_way}"}


def _paytables(reader: Reader, placed: set[str]) -> dict[str, Paytable]:
    """Each optional wager's paytable: chosen in ``options.<wager>``, or the only one the
    catalog holds for it."""
    tables = {}
    for key in placed - {"pai_gow"}:
        only = catalog().for_wager(GAME, key)
        table = reader.paytable(key, required=len(only) != 1)
        if table is None and len(only) == 1 and f"options.{key}" not in reader.errors:
            table = only[0]
        if table is not None:
            tables[key] = table
    return tables


def _verify_reset(reader: Reader, meter: RoundMeter) -> None:
    """§645a.13(e)(2): the meter restarts at a reset amount of at least $2,000."""
    if meter.reset is not None and meter.reset < PROGRESSIVE_MINIMUM:
        reader.fail("meters.progressive_reset", f"the reset amount is at least "
                    f"${PROGRESSIVE_MINIMUM:,.2f} (§645a.13(e)(2))")


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle one round of Pai Gow Poker; raises InvalidRound naming each bad field."""
    reader = Reader(payload, SPEC,
                    fields=(*ROUND_FIELDS, "dealer", "dealer_high", "dealer_low", "stub_count"),
                    position_fields=("cards", "high", "low", "surrender", "red_black_color",
                                     "player"),
                    options=(w.key for w in SPEC.wagers if w.key != "pai_gow"))
    opts = _options(reader)
    positions = reader.positions()
    for p in positions:
        _verify_wagers(reader, p, opts)
    # §645a.7(f): two adjacent betting areas only if the Rules Submission permits it.
    owners = reader.owners(positions, most=2 if opts["adjacent_betting_areas"] else 1,
                           rule="§645a.7(f), options.adjacent_betting_areas")
    stub = reader.stub_count("§645a.9(d), §645a.10(d)")
    if stub is not None and stub != STUB:
        reader.done()
        return _misdeal(positions, stub)
    envy_at_table = any(p["wagers"].get(k, ZERO) >= optional.QUALIFYING_MINIMUM
                        for p in positions for k in optional.QUALIFYING_WAGERS)
    for p in positions:
        # §645a.11(d): a surrendered hand stays on the table only when there is Envy to check
        _read_cards(reader, p, required=not p.get("surrender") or envy_at_table)
    dealer = _read_dealer(reader, opts.get("house_way"))
    reader.distinct([("dealer", dealer["cards"] if dealer else None),
                     *((p["path"], p.get("cards")) for p in positions)])
    tables = _paytables(reader, {k for p in positions for k in p["wagers"]})
    meter = RoundMeter.read(reader, "progressive")
    _verify_reset(reader, meter)
    reader.done()
    assert dealer is not None  # _read_dealer failed the request (reader.done raised)
    return _settle_round(positions, dealer, opts, tables, meter, owners)


# Settling the round ----------------------------------------------------------------------


def _misdeal(positions: list[dict[str, Any]], stub: int) -> RoundResult:
    """§645a.9(e), §645a.10(e): more or fewer than four cards left: every hand is void and
    every wager returned."""
    rule = "§645a.9(e), §645a.10(e)"
    return void_round(GAME, positions, rule=rule, note=(
        f"{stub} cards remained instead of {STUB}: all hands void, all wagers returned "
        f"({rule})"))


def _settle_round(positions: list[dict[str, Any]], dealer: dict[str, Any], opts: dict[str, Any],
                  tables: Mapping[str, Paytable], meter: RoundMeter,
                  owners: Mapping[int, str]) -> RoundResult:
    dealer["queens_dragon"] = is_queens_dragon(dealer["cards"])
    for p in positions:
        if p["set_by"] == "house_way":
            setting = set_hand(p["cards"], opts["house_way"])
            p["high"], p["low"] = setting.high, setting.low
        p["formed"] = seven_card_hands(p["cards"]) if p["cards"] else frozenset()
    order = sorted(positions, key=lambda p: -p["seat"])  # §645a.11(e): from the dealer's right
    lines = {p["seat"]: [pai_gow_line(p, dealer, opts)] for p in order}
    for p in order:
        lines[p["seat"]] += _optional_lines(p, dealer, opts, tables, meter)
    for seat, envy in _envy_lines(positions, tables, owners).items():
        lines[seat] += envy
    return RoundResult(
        game=GAME,
        positions=tuple(_seat_result(p, lines[p["seat"]]) for p in positions),
        dealer={
            "cards": [card_str(c) for c in dealer["cards"]],
            "high": [card_str(c) for c in dealer["high"]],
            "low": [card_str(c) for c in dealer["low"]],
            "high_hand": describe_high(dealer["high"]), "low_hand": describe_low(dealer["low"]),
            "queens_dragon": dealer["queens_dragon"], "set_by": dealer["set_by"],
        },
    )


def _optional_lines(p: dict[str, Any], dealer: dict[str, Any], opts: dict[str, Any],
                    tables: Mapping[str, Paytable], meter: RoundMeter) -> list[Line]:
    """§645a.11(h): each optional wager on the rearranged seven cards. §645a.13(j)
    ("notwithstanding the payout odds in subsections (b)-(i)") caps their wins together, the
    Progressive Payout Wager's meter award (subsection (e)) included: the meter then pays only
    the capped award, keeps the rest and restarts only after a 100% award paid out whole.
    The player's turn comes before the next player's, who is paid from what is left
    (§645a.13(e)(3))."""
    lines = []
    for key in optional.OPTIONAL_WAGERS:
        if key not in p["wagers"]:
            continue
        formed = p["formed"]
        if key == "queens_dragon":
            formed = frozenset({"queens_dragon"} if dealer["queens_dragon"] else ())
        elif key == "red_black":
            formed = frozenset({optional.color_hand(p["cards"], p["color"],
                                                    opts["red_black_joker"])})
        lines.append(optional.wager_line(key, p["wagers"][key], formed, tables[key], meter))
    lines = apply_payout_limit(lines, opts["payout_limit"], PAYOUT_LIMIT_RULE)
    for line in lines:
        if line.meter and line.result == WIN:
            meter.take_line(line)
    return lines


def _envy_lines(positions: list[dict[str, Any]], tables: Mapping[str, Paytable],
                owners: Mapping[int, str]) -> dict[int, list[Line]]:
    """Envy Bonuses per Qualifying Wager table; §645a.13(j): never capped by the payout limit.
    A surrendered hand still counts (§645a.11(d) keeps it on the table)."""
    holders = [p["seat"] for p in positions if is_envy_qualifying(p["formed"])]
    formed = {p["seat"]: p["formed"] for p in positions}
    found: dict[int, list[Line]] = {}
    for key in optional.QUALIFYING_WAGERS:
        lammers = {p["seat"]: p["wagers"][key] for p in positions
                   if p["wagers"].get(key, ZERO) >= optional.QUALIFYING_MINIMUM}
        if lammers and holders:
            by_seat = optional.envy_lines(key, tables[key], formed, lammers, holders, owners)
            for seat, seat_lines in by_seat.items():
                found.setdefault(seat, []).extend(seat_lines)
    return found


def _seat_result(p: dict[str, Any], lines: list[Line]) -> SeatResult:
    if p["high"] is None:
        return SeatResult(p["seat"], "surrendered", tuple(lines), {"set_by": p["set_by"]})
    if len(p["high"]) == 5 and len(p["low"]) == 2:
        hand = f"{describe_high(p['high'])} / {describe_low(p['low'])}"
    else:
        hand = f"foul: {len(p['high'])} cards high, {len(p['low'])} low"
    extra = {
        "high": [card_str(c) for c in p["high"]], "low": [card_str(c) for c in p["low"]],
        "set_by": p["set_by"],
    }
    return SeatResult(p["seat"], hand, tuple(lines), extra)


# House way on request (§645a.11(a)(1)) and the SPEC -------------------------------------


def house_way_request(payload: Mapping[str, Any]) -> dict[str, Any]:
    """How the house would set seven cards: ``{"cards": [...], "house_way": "<name>"}``."""
    reader = Reader(payload, SPEC, fields=("cards", "house_way"))
    cards = reader.cards("cards", payload.get("cards"), count=7, joker=True)
    name = reader.choice("house_way", payload.get("house_way", DEFAULT_HOUSE_WAY),
                         tuple(HOUSE_WAYS))
    reader.done()
    assert cards is not None and name is not None  # else reader.done raised
    setting = set_hand(cards, name)
    return {
        "house_way": name,
        "high": [card_str(c) for c in setting.high], "low": [card_str(c) for c in setting.low],
        "high_hand": describe_high(setting.high), "low_hand": describe_low(setting.low),
        "rule": "§645a.11(a)(1), §645a.11(c)",
    }


def _max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """An upper bound on what one patron wins in a round betting ``minimum_wager`` on every
    offered wager (§645a.13(j)): the Pai Gow Poker Wager at 1 to 1, each optional wager's best
    row (meter rows at the regulation's least meter, $2,000), and, for a Qualifying Wager, an
    Envy Bonus at its best amount from every other position."""
    total = minimum_wager
    for key, paytable_id in offered.items():
        table = catalog().resolve(GAME, key, paytable_id) if key != "pai_gow" else None
        if table is None:
            continue
        total += best_win(minimum_wager, table, PROGRESSIVE_MINIMUM)
        if key in optional.QUALIFYING_WAGERS and minimum_wager >= optional.QUALIFYING_MINIMUM:
            total += best_envy(table, minimum_wager) * (POSITIONS - 1)
    return total


def _optional_wager(key: str, name: str, rule: str, **kw: Any) -> WagerSpec:
    """An optional wager: offered "to each player who placed a Pai Gow Poker Wager" (§645a.7(e))."""
    return WagerSpec(key, name, rule, requires_wagers={"pai_gow": "§645a.7(e)"}, **kw)


_REQUEST = RequestSpec(
    round={
        "dealer": cards_schema(7, joker=True, description="The dealer's seven cards, set by "
                                                          "the house way (§645a.11(b))."),
        "dealer_high": cards_schema(5, joker=True, description="Instead of dealer: the "
                                                               "dealer's high hand as set."),
        "dealer_low": cards_schema(2, joker=True, description="With dealer_high: the dealer's "
                                                              "low hand as set."),
        "stub_count": stub_count_schema("§645a.9(d), §645a.10(d)"),
    },
    position={
        "cards": cards_schema(7, joker=True, description="The seven cards, for the house way "
                                                         "to set (§645a.11(a)(1))."),
        "high": cards_schema(0, 7, joker=True, description="Instead of cards: the high hand "
                                                           "as the player set it (five)."),
        "low": cards_schema(0, 7, joker=True, description="With high: the low hand (two); "
                                                          "a wrong count is a foul."),
        "surrender": {"type": "boolean", "description": "The player surrendered the Pai Gow "
                                                        "Poker Wager (§645a.11(d))."},
        "red_black_color": {"type": "string", "enum": list(optional.COLORS),
                            "description": "The color chosen for the Red/Black wager."},
        "player": player_schema("adjacent boxes, §645a.7(f)"),
    },
    dealer={
        "cards": cards_schema(7, joker=True), "high": cards_schema(5, joker=True),
        "low": cards_schema(2, joker=True), "high_hand": {"type": "string"},
        "low_hand": {"type": "string"}, "queens_dragon": {"type": "boolean"},
        "set_by": {"type": "string", "description": "\"given\", or \"house_way:<name>\"."},
    },
    example={"game": GAME, "positions": [{"seat": 1, "wagers": {"pai_gow": "25.00"},
                                          "cards": ["As", "Ah", "Kd", "Qc", "9s", "5h", "2d"]}],
             "dealer": ["Ks", "Kh", "7d", "6c", "4s", "3h", "Jk"]},
)


SPEC = GameSpec(
    key=GAME,
    name="Pai Gow Poker",
    rule="§645a.2(a)",
    positions=POSITIONS,
    wagers=(
        WagerSpec("pai_gow", "Pai Gow Poker Wager", "§645a.7(d), §645a.13(a)", optional=False,
                  base=True),
        _optional_wager("fortune_bonus", "Fortune Bonus Wager", "§645a.7(e)(1), §645a.13(b)",
                        paytable_required=True),
        _optional_wager("emperors_treasure", "Emperor's Treasure Wager", "§645a.7(e)(2), §645a.13(c)",
                        paytable_required=True),
        _optional_wager("insurance", "Pai Gow Insurance Wager", "§645a.7(e)(3), §645a.13(d)",
                        paytable_required=True),
        _optional_wager("progressive", "Progressive Payout Wager", "§645a.7(e)(4), §645a.13(e)",
                        meter="progressive"),
        _optional_wager("queens_dragon", "Queen's Dragon Wager", "§645a.7(e)(5)(i), §645a.13(f)",
                        requires=EZ),
        _optional_wager("dynasty_bonus", "Dynasty Bonus Wager", "§645a.7(e)(5)(ii), §645a.13(g)",
                        requires=EZ),
        _optional_wager("protection", "Protection Wager", "§645a.7(e)(5)(iii), §645a.13(h)",
                        requires=EZ),
        _optional_wager("red_black", "Red/Black Wager", "§645a.7(e)(5)(iv), §645a.13(i)",
                        requires=EZ),
    ),
    options=(
        OptionSpec("ez_pai_gow", "EZ Pai Gow Poker (no vigorish)", "§645a.1, §645a.13(a)"),
        OptionSpec("vigorish_rounding", "Vigorish rounding", "§645a.13(a)", choices=ROUNDINGS,
                   default="none"),
        OptionSpec("house_way", "House way (the dealer's manner of setting hands)",
                   "§645a.11(c)", choices=tuple(HOUSE_WAYS), default=DEFAULT_HOUSE_WAY),
        OptionSpec("wheel", "Rank of A-2-3-4-5 (as commonly played; confirm against §645a.6)", "§645a.6",
                   choices=WHEELS, default=WHEEL_SECOND_HIGHEST),
        OptionSpec("red_black_joker", "The joker's colour for the Red/Black Wager (the text "
                   "is silent)", "§645a.7(e)(5)(iv)",
                   choices=(optional.JOKER_COLOR_NEITHER, optional.JOKER_COLOR_CHOSEN),
                   default=optional.JOKER_COLOR_NEITHER),
        OptionSpec("payout_limit", "Maximum payout to a player on a single hand",
                   PAYOUT_LIMIT_RULE, default=None),
        dealing_procedure("§645a.7(c), §645a.8-§645a.10"),
        OptionSpec("adjacent_betting_areas", "A player may wager on two adjacent betting areas",
                   "§645a.7(f)"),
    ),
    meters=(
        MeterSpec("progressive", "Pai Gow Poker Progressive Payout", "§645a.13(e)(2)",
                  min_initial=PROGRESSIVE_MINIMUM, min_reset=PROGRESSIVE_MINIMUM),
    ),
    max_round_win=_max_round_win,
    payout_limit_rule=PAYOUT_LIMIT_RULE,
    par=ParSpec(
        "games.par.pai_gow:par_sheet",
        par_lines("pai_gow", "fortune_bonus", "emperors_treasure", "insurance", "progressive",
                  "queens_dragon", "dynasty_bonus", "protection", "red_black"),
        options=("house_way", "ez_pai_gow", "red_black_joker")),
    slip_cards=SlipCards(round=(("dealer", "Dealer's seven cards"),),
                         extra=(("Jk", "Joker"),)),
    house_way=HouseWaySpec(tuple(HOUSE_WAYS), DEFAULT_HOUSE_WAY, house_way_request),
    request=_REQUEST,
)
