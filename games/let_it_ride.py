"""Let It Ride Poker settlement (§643a.11, §643a.12).

Each player's five-card hand is his three cards and the two community cards (§643a.11(f)(1)).
Bet Number 3 always plays; Bets 1 and 2 are absent when withdrawn (§643a.11(b), (d)) and equal
Bet 3 when they ride. The Let It Ride paytable, chosen as ``options.bet_3``, pays all three
bets; ``options.payout_limit`` caps only their winnings (§643a.12(g)). Then, per player: Five
Card Bonus (two pair or better, or a pair of tens or better where the paytable lists it),
Three Card Bonus (the three cards, a pair or better), Three-Card Progressive with the
Three-Card Envy Bonus, Five-Card Progressive with the Five-Card Envy Bonus, and the Five Card
Hand Bonus with its Magic Card and Lucky Bonus (games/five_card_hand_bonus.py).

Players are settled from the one farthest to the dealer's right (the highest seat)
counterclockwise (§643a.11(f)), which is the order the meters pay in.

Hand names: five-card ``royal_flush`` ... ``two_pair``, ``pair_of_tens_or_better``; three-card
``mini_royal`` (A-K-Q suited, paid before ``straight_flush`` where a paytable lists it),
``straight_flush``, ``three_of_a_kind``, ``straight``, ``flush``, ``pair``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from games import envy
from games import five_card_hand_bonus as fchb
from games.cards import TEN, card_str
from games.hands import (
    STRENGTH_KEYS,
    Category,
    category,
    describe,
    is_mini_royal,
    strength,
    three_card_rank,
)
from games.money import ZERO, fmt
from games.payload import ROUND_FIELDS, Reader
from games.payout_limit import apply_payout_limit, read_payout_limit
from games.paytables import Paytable, catalog
from games.progressive import RoundMeter, best_win, pay_row
from games.settlement import (
    NOT_TABLE_INVENTORY,
    TABLE_INVENTORY,
    Line,
    RoundResult,
    SeatResult,
    paid_by_row,
)
from games.spec import (
    GameSpec,
    MeterSpec,
    OptionSpec,
    ParLine,
    ParSpec,
    RequestSpec,
    SlipCards,
    WagerSpec,
    cards_schema,
    dealing_procedure,
    par_lines,
)

GAME = "let_it_ride"
BETS = ("bet_1", "bet_2", "bet_3")
# §643a.2 is elided; seven positions is the standard Let It Ride layout (secondary: confirm
# against 58 Pa. Code §643a.2(a)).
POSITIONS = 7
PROGRESSIVE_MINIMUM = Decimal("10000.00")  # §643a.12(e)(3)
FIVE_CARD_PROGRESSIVE = f"{GAME}.five_card_progressive.standard"
PAYOUT_LIMIT_RULE = "§643a.12(g)"


def five_card_hand(hand_strength: int) -> str:
    """The paytable name of a five-card hand (§643a.6(b))."""
    cat = category(hand_strength)
    if cat == Category.PAIR and STRENGTH_KEYS[hand_strength][1] >= TEN:
        return "pair_of_tens_or_better"
    return cat.name.lower()


def three_card_hands(cards: Sequence[int]) -> tuple[str, ...]:
    """The paytable names of a three-card hand, highest first (§643a.6(d))."""
    name = three_card_rank(cards)[0].name.lower()
    return ("mini_royal", name) if is_mini_royal(cards) else (name,)


def _offered_table(key: str, paytable_id: str) -> Paytable | None:
    if key == "five_card_hand_bonus":
        return fchb.paytable(GAME)
    return catalog().get(paytable_id) or (
        catalog().get(FIVE_CARD_PROGRESSIVE) if key == "five_card_progressive" else None
    )


def _max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """An upper bound on what one patron wins in a round betting ``minimum_wager`` on every
    offered wager (§643a.12(g)): each wager's best row (the three bets at bet_3's table; meter
    rows at the regulation's least meter, $10,000), a Magic Card and a Lucky Bonus, and an
    Envy Bonus at its best amount from every other position."""
    total = ZERO
    for key, paytable_id in offered.items():
        table = _offered_table(key, paytable_id)
        if table is None:
            continue
        if key == "five_card_hand_bonus":
            total += fchb.max_win(minimum_wager, table)
            continue
        total += best_win(minimum_wager, table, PROGRESSIVE_MINIMUM) * (
            len(BETS) if key == "bet_3" else 1)
        total += envy.best_envy(table, minimum_wager) * (POSITIONS - 1)
    return total


_REQUEST = RequestSpec(
    round={"community": cards_schema(2, description="The two community cards (§643a.11)."),
           **fchb.draw_schemas(POSITIONS, dealer=False, section="§643a.12(f)")},
    position={"cards": cards_schema(3, description="The player's three cards.")},
    dealer={"community": cards_schema(2)},
    dealer_required=("community",),
    example={"game": GAME, "options": {"bet_3": "common_1000"}, "positions": [{"seat": 1, "wagers": {
        "bet_1": "10.00", "bet_2": "10.00", "bet_3": "10.00"}, "cards": ["Ah", "Ad", "7c"]}],
        "community": ["Kd", "2s"]},
)


SPEC = GameSpec(
    key=GAME,
    name="Let It Ride Poker",
    rule="§643a.2(a)",
    positions=POSITIONS,
    wagers=(
        # The three Let It Ride Wagers are the game (§643a.11, §643a.12(a), (g)); a player may
        # withdraw Bets 1 and 2 (§643a.11(b), (d)), never Bet 3.
        WagerSpec("bet_1", "Bet Number 1", "§643a.11(b), §643a.12(a)", base=True,
                  follows="bet_3"),
        WagerSpec("bet_2", "Bet Number 2", "§643a.11(d), §643a.12(a)", base=True,
                  follows="bet_3"),
        WagerSpec("bet_3", "Bet Number 3", "§643a.11(f)(3), §643a.12(a)", optional=False,
                  base=True, paytable_required=True),
        WagerSpec("five_card_bonus", "Five Card Bonus Wager", "§643a.11(f)(3)(i), §643a.12(b)",
                  paytable_required=True),
        WagerSpec("three_card_bonus", "Three Card Bonus Wager",
                  "§643a.11(f)(3)(ii), §643a.12(c)", paytable_required=True),
        WagerSpec("three_card_progressive", "Three-Card Progressive Payout Wager",
                  "§643a.11(f)(3)(iii), §643a.12(d)", paytable_required=True,
                  meter="three_card_progressive"),
        WagerSpec("five_card_progressive", "Five-Card Progressive Payout Wager",
                  "§643a.11(f)(3)(iv), §643a.12(e)", meter="five_card_progressive"),
        WagerSpec("five_card_hand_bonus", "Five Card Hand Bonus Wager",
                  "§643a.11(f)(3)(v), §643a.12(f)", meter="five_card_hand_bonus"),
    ),
    options=(
        OptionSpec("payout_limit", "Maximum payout on the Let It Ride Wagers per hand",
                   PAYOUT_LIMIT_RULE, default=None),
        # §643a.8-§643a.10 are not in the excerpts; §643a.11(a) names all three.
        dealing_procedure("§643a.11(a)", "Dealing procedure (§643a.11(a); the text of "
                                         "§643a.8-§643a.10 was not available to us)"),
    ),
    meters=(
        MeterSpec("three_card_progressive", "Three-Card Progressive", "§643a.12(d)",
                  note="the text of §643a.12(d) was not available to us: the minimum initial "
                       "and reset amounts are not known; confirm against 58 Pa. Code "
                       "§643a.12(d)."),
        MeterSpec("five_card_progressive", "Five-Card Progressive", "§643a.12(e)(3)",
                  min_initial=PROGRESSIVE_MINIMUM, min_reset=PROGRESSIVE_MINIMUM),
        fchb.meter_spec("§643a.12(f)"),
    ),
    max_round_win=_max_round_win,
    payout_limit_rule=PAYOUT_LIMIT_RULE,
    par=ParSpec(
        "games.par.let_it_ride:par_sheet",
        par_lines("five_card_bonus", "three_card_bonus", "three_card_progressive",
                  "five_card_progressive", "five_card_hand_bonus",
                  # the three Let It Ride Wagers on one line, at the Bet 3 paytable
                  bet_3=ParLine(wager="bet_1")),
        included={"bet_1": "bet_3", "bet_2": "bet_3"}),
    slip_cards=SlipCards(round=(("community", "Community cards"),)),
    request=_REQUEST,
)


# A position's wagers by key, and the round's paytables by wager (as ``_paytables`` reads them).
Wagers = Mapping[str, Decimal]
Tables = Mapping[str, Paytable]


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle one round of Let It Ride; raises InvalidRound naming each bad field."""
    reader = Reader(payload, SPEC, fields=(*ROUND_FIELDS, *fchb.DRAW_FIELDS, "community"),
                    position_fields=("cards",))
    positions = reader.positions()
    community = reader.cards("community", payload.get("community"), count=2)
    for p in positions:
        p["cards"] = reader.cards(f"{p['path']}.cards", p["raw"].get("cards"), count=3)
        _verify_bets(reader, p)
    reader.distinct([("community", community),
                     *((f"{p['path']}.cards", p["cards"]) for p in positions)])
    placed = {key for p in positions for key in p["wagers"]}
    tables = _paytables(reader, placed)
    for key in ("three_card_progressive", "five_card_progressive"):
        if key in tables:
            wager = SPEC.require_wager(key)
            envy.verify_envy_amounts(reader, positions, key, tables[key], name=wager.name,
                                     rule=f"{wager.rule}(5)")
    meters = {key: RoundMeter.read(reader, key) for key in
              ("three_card_progressive", "five_card_progressive", "five_card_hand_bonus")}
    draws = fchb.read_draws(reader, dealer=False, section="§643a.12(f)")
    limit = read_payout_limit(reader, PAYOUT_LIMIT_RULE)
    reader.option_choice("dealing_procedure")  # §§ .8-.10: settled alike
    reader.done()
    assert community is not None  # reader.cards failed the request (reader.done raised)
    return _settle_round(positions, community, tables, meters, draws, limit)


def _verify_bets(reader: Reader, position: dict[str, Any]) -> None:
    """Bet Number 3 always plays; Bets 1 and 2, when they ride, equal it (§643a.7(d): the
    three equal Let It Ride Wagers)."""
    wagers, path = position["wagers"], position["path"]
    if "bet_3" not in wagers:
        if not reader.errors.get(f"{path}.wagers.bet_3"):
            reader.fail(f"{path}.wagers.bet_3",
                        "Bet Number 3 cannot be withdrawn: every position plays it "
                        "(§643a.11(b), (d), (f)(3))")
        return
    for key in ("bet_1", "bet_2"):
        if key in wagers and wagers[key] != wagers["bet_3"]:
            reader.fail(f"{path}.wagers.{key}",
                        f"the three Let It Ride Wagers are equal: {key} must be "
                        f"${fmt(wagers['bet_3'])} like Bet Number 3, or be withdrawn (§643a.7(d))")


def _paytables(reader: Reader, placed: set[str]) -> dict[str, Paytable]:
    """The paytable of each wager placed: chosen in ``options`` or fixed by the regulation."""
    tables: dict[str, Paytable | None] = {
        "five_card_progressive": catalog().get(FIVE_CARD_PROGRESSIVE),
        "five_card_hand_bonus": fchb.paytable(GAME),
    }
    if placed & set(BETS):
        tables["bet_3"] = reader.paytable("bet_3")
    for key in ("five_card_bonus", "three_card_bonus", "three_card_progressive"):
        if key in placed:
            tables[key] = reader.paytable(key)
    return {k: v for k, v in tables.items() if v is not None}


def _settle_round(positions: list[dict[str, Any]], community: tuple[int, ...],
                  tables: Mapping[str, Paytable], meters: Mapping[str, RoundMeter],
                  draws: fchb.Draws, limit: Decimal | None) -> RoundResult:
    order = sorted(positions, key=lambda p: -p["seat"])  # §643a.11(f): from the dealer's right
    five = {p["seat"]: strength((*p["cards"], *community)) for p in positions}
    envy_lines = _envy(positions, five, tables)
    hand_bonus = fchb.settle_bets(
        [fchb.Bet(p["seat"], fchb.PLAYER, "five_card_hand_bonus",
                  p["wagers"]["five_card_hand_bonus"], (*p["cards"], *community))
         for p in order if "five_card_hand_bonus" in p["wagers"]],
        section="§643a.12(f)", paytable=tables["five_card_hand_bonus"],
        meter=meters["five_card_hand_bonus"], draws=draws,
    )
    results = {}
    for p in order:
        seat, wagers = p["seat"], p["wagers"]
        lines = apply_payout_limit(_bet_lines(wagers, five[seat], tables), limit, PAYOUT_LIMIT_RULE)
        lines += _bonus_lines(wagers, five[seat], p["cards"], tables)
        lines += _progressive_lines(wagers, p["cards"], tables, meters)
        lines += envy_lines["three_card"].get(seat, [])
        lines += _five_card_progressive(wagers, five[seat], tables, meters)
        lines += envy_lines["five_card"].get(seat, [])
        lines += hand_bonus.get(seat, [])
        results[seat] = SeatResult(seat, describe(five[seat]), tuple(lines),
                                   {"cards": [card_str(c) for c in p["cards"]]})
    return RoundResult(
        game=GAME,
        positions=tuple(results[p["seat"]] for p in positions),
        dealer={"community": [card_str(c) for c in community]},
    )


def _bet_lines(wagers: Wagers, hand_strength: int, tables: Tables) -> list[Line]:
    """§643a.11(f)(3): the Let It Ride Wagers still on the layout, at the Let It Ride table."""
    row = tables["bet_3"].row(five_card_hand(hand_strength))
    rule = "§643a.11(f)(3), §643a.12(a)"
    return [paid_by_row(key, wagers[key], row, rule) for key in BETS if key in wagers]


def _bonus_lines(wagers: Wagers, hand_strength: int, cards: tuple[int, ...],
                 tables: Tables) -> list[Line]:
    """Five Card Bonus (§643a.11(f)(3)(i)) and Three Card Bonus (§643a.11(f)(3)(ii))."""
    lines = []
    if "five_card_bonus" in wagers:
        row = tables["five_card_bonus"].row(five_card_hand(hand_strength))
        lines.append(paid_by_row("five_card_bonus", wagers["five_card_bonus"], row,
                                 "§643a.11(f)(3)(i), §643a.12(b)"))
    if "three_card_bonus" in wagers:
        row = tables["three_card_bonus"].first_row(three_card_hands(cards))
        lines.append(paid_by_row("three_card_bonus", wagers["three_card_bonus"], row,
                                 "§643a.11(f)(3)(ii), §643a.12(c)"))
    return lines


def _progressive_lines(wagers: Wagers, cards: tuple[int, ...], tables: Tables,
                       meters: Mapping[str, RoundMeter]) -> list[Line]:
    """§643a.11(f)(3)(iii): the Three-Card Progressive on the player's three cards; only a
    100% award may not come from the table inventory ((iii)(D))."""
    key = "three_card_progressive"
    if key not in wagers:
        return []
    row = tables[key].first_row(three_card_hands(cards))
    whole_meter = row is not None and row.basis == "meter_percent" and row.value == 100
    paid_from = NOT_TABLE_INVENTORY if whole_meter else TABLE_INVENTORY
    return [pay_row(key, wagers[key], row, "§643a.11(f)(3)(iii), §643a.12(d)(1)", meters[key],
                    paid_from=paid_from, verify="§643a.11(f)(3)(iii)(C)")]


def _five_card_progressive(wagers: Wagers, hand_strength: int, tables: Tables,
                           meters: Mapping[str, RoundMeter]) -> list[Line]:
    """§643a.11(f)(3)(iv): three of a kind or better; a percentage-of-meter award is never
    paid from the table inventory ((iv)(D)), and only the highest hand pays (§643a.12(e)(2))."""
    key = "five_card_progressive"
    if key not in wagers:
        return []
    row = tables[key].row(category(hand_strength).name.lower())
    return [pay_row(key, wagers[key], row, "§643a.11(f)(3)(iv), §643a.12(e)(1)", meters[key],
                    verify="§643a.11(f)(3)(iv)(C)")]


def _envy(positions: list[dict[str, Any]], five: Mapping[int, int],
          tables: Tables) -> dict[str, dict[int, list[Line]]]:
    """Three-Card Envy (a mini-royal, §643a.11(f)(3)(iii)(E)) and Five-Card Envy (a straight
    flush or better, (iv)(E)): one bonus per other player holding one, never for his own."""
    lines: dict[str, dict[int, list[Line]]] = {"three_card": {}, "five_card": {}}
    three = {p["seat"]: "mini_royal" for p in positions if is_mini_royal(p["cards"])}
    five_card = envy.straight_flush_holders(five)
    for kind, key, holders, rule in (
        ("three_card", "three_card_progressive", three,
         "§643a.11(f)(3)(iii)(E), §643a.12(d)(5)"),
        ("five_card", "five_card_progressive", five_card,
         "§643a.11(f)(3)(iv)(E), §643a.12(e)(5)"),
    ):
        amounts = {p["seat"]: p["wagers"][key] for p in positions if key in p["wagers"]}
        if amounts and holders:
            awards = envy.envy_awards(holders, amounts)
            lines[kind] = envy.envy_lines(awards, tables[key], amounts,
                                          line_wager=f"{kind}_envy_bonus", rule=rule)
    return lines
