"""Texas Hold 'Em Bonus Poker settlement (§647a.7, §647a.11, §647a.12).

Each player bets an Ante, then a Flop Wager of twice the Ante or folds; the Turn and River
Wagers equal the Ante or are checked (§647a.11(b), (d), (f)); a folded, checked or withdrawn
wager is absent. Hands are the best five of the two cards and the five community cards
(§647a.11(h)). A player who outranks the dealer wins the Flop, Turn and River Wagers 1 to 1
and the Ante 1 to 1 only with a straight or better, or a flush or better, as
``options.ante_pays_on`` says (§647a.11(h)(2)(ii)); otherwise the Ante is returned. Then the
Bonus Wager on the first two cards (§647a.11(h)(3)), the Progressive on the two cards and the
Flop with the Envy Bonus (§647a.11(i)), and the Five Card Hand Bonus on the player's and/or the
dealer's two cards and the Flop (§647a.11(j), games/five_card_hand_bonus.py).

Players are settled from the one farthest to the dealer's right (the highest seat)
counterclockwise (§647a.11(h)), which is the order the meters pay in. A position may name its
``"player"``: one player wagers on one position only (§647a.7(e)). ``"stub_count"``, the cards
the dealer counted in the stub (§647a.8(f)-(g); dealt from the hand, §647a.9, or an automated
shoe, §647a.10, alike), other than the deck less the cards dealt and burnt voids every hand and
returns every wager (§647a.8(h)); positions then need no cards. The even-money odds of
the Ante, Flop, Turn and River Wagers are secondary (§647a.12(a) is elided; facts.md).

Bonus hand names: ``aces_with_dealer_aces``, ``pair_of_aces``, ``ace_king_suited``,
``ace_queen_or_ace_jack_suited``, ``ace_king_offsuit``, ``pair_of_kings_queens_or_jacks``,
``ace_queen_or_ace_jack_offsuit``, ``pair_of_twos_through_tens``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from games import envy
from games import five_card_hand_bonus as fchb
from games.cards import ACE, JACK, KING, QUEEN, card_str, rank, suit
from games.hands import Category, category, describe, strength
from games.money import ZERO, fmt
from games.payload import ROUND_FIELDS, Reader
from games.payout_limit import apply_payout_limit, read_payout_limit
from games.paytables import Paytable, catalog
from games.progressive import RoundMeter, best_win, pay_row
from games.settlement import (
    Line,
    RoundResult,
    SeatResult,
    lose,
    paid_by_row,
    push,
    void_round,
    win_to,
)
from games.spec import (
    GameSpec,
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

GAME = "texas_holdem_bonus"
POSITIONS = 6  # §647a.2(a)
PLAY = ("ante", "flop", "turn", "river")
EVEN_MONEY = Decimal(1)  # secondary: confirm against 58 Pa. Code §647a.12(a)
ANTE_PAYS_ON = {"straight_or_better": Category.STRAIGHT, "flush_or_better": Category.FLUSH}
PROGRESSIVE = f"{GAME}.progressive.standard"
PROGRESSIVE_MINIMUM = Decimal("10000.00")  # §647a.12(d)(3)
HAND_BONUS = {"five_card_hand_bonus_player": fchb.PLAYER,
              "five_card_hand_bonus_dealer": fchb.DEALER}
# §647a.12(c) is elided in the excerpts; §647a.2(b)(9)(ii) names it as the payout limit per hand.
LIMIT_RULE = "§647a.12(c)"
# The stub count (§647a.8(f)-(h)): a deck of 52, three burn cards (§647a.11(c), (e), (g)) and
# five community cards. The hand (§647a.9) and automated-shoe (§647a.10) procedures refer to it.
DECK, BURNS, COMMUNITY = 52, 3, 5
STUB_COUNT_RULE = "§647a.8(f)-(g)"
MISDEAL_RULE = {"manual_shoe": "§647a.8(h)", "hand": "§647a.9, §647a.8(h)",
                "automated_shoe": "§647a.10, §647a.8(h)"}


def bonus_hands(cards: Sequence[int], dealer: Sequence[int]) -> tuple[str, ...]:
    """The Bonus paytable names of the player's first two cards, highest first."""
    high, low = sorted((rank(c) for c in cards), reverse=True)
    suited = suit(cards[0]) == suit(cards[1])
    if high == low == ACE:
        both = all(rank(c) == ACE for c in dealer)
        return ("aces_with_dealer_aces", "pair_of_aces") if both else ("pair_of_aces",)
    if high == low:
        return ("pair_of_kings_queens_or_jacks",) if high >= JACK else (
            "pair_of_twos_through_tens",)
    if high == ACE and low == KING:
        return ("ace_king_suited",) if suited else ("ace_king_offsuit",)
    if high == ACE and low in (QUEEN, JACK):
        return ("ace_queen_or_ace_jack_suited",) if suited else ("ace_queen_or_ace_jack_offsuit",)
    return ()


def _max_round_win(
    offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
) -> Decimal:
    """An upper bound on what one patron wins in a round betting ``minimum_wager`` on every
    offered wager: Ante, Flop (twice), Turn and River at even money, each side wager's best
    row (meter rows at the regulation's least meter, $10,000) with a Magic Card and a Lucky
    Bonus on each Five Card Hand Bonus, and an Envy Bonus from every other position."""
    total = minimum_wager * 5 if "ante" in offered else ZERO
    for key, paytable_id in offered.items():
        if key in HAND_BONUS:
            total += fchb.max_win(minimum_wager, fchb.paytable(GAME))
            continue
        table = catalog().get(paytable_id) or (
            catalog().get(PROGRESSIVE) if key == "progressive" else None)
        if table is not None and table.wager == key:
            total += best_win(minimum_wager, table, PROGRESSIVE_MINIMUM)
            total += envy.best_envy(table, minimum_wager) * (POSITIONS - 1)
    return total


_REQUEST = RequestSpec(
    round={"dealer": cards_schema(2, description="The dealer's two cards."),
           "community": cards_schema(5, description="The five community cards (the flop, "
                                                    "turn and river)."),
           "stub_count": stub_count_schema(STUB_COUNT_RULE),
           **fchb.draw_schemas(POSITIONS, dealer=True, section="§647a.12(e)")},
    position={"cards": cards_schema(2, description="The player's two cards."),
              "player": player_schema("one position each, §647a.7(e)")},
    dealer={"cards": cards_schema(2), "community": cards_schema(5),
            "hand": {"type": "string", "description": "The dealer's best five-card hand."}},
    example={"game": GAME, "options": {"ante_pays_on": "straight_or_better"},
             "positions": [{"seat": 1, "wagers": {"ante": "10.00", "flop": "20.00"},
                            "cards": ["Ah", "Kh"]}],
             "dealer": ["2c", "7d"], "community": ["Qh", "Jh", "Th", "3s", "4d"]},
)


SPEC = GameSpec(
    key=GAME,
    name="Texas Hold 'Em Bonus Poker",
    rule="§647a.2(a)",
    positions=POSITIONS,
    wagers=(
        # §647a.7(d)(1): a player competes by an Ante Wager then a Flop, Turn and River Wager.
        WagerSpec("ante", "Ante Wager", "§647a.7(d)(1), §647a.11(h)(2)", optional=False,
                  base=True),
        WagerSpec("flop", "Flop Wager", "§647a.11(b)", base=True, follows="ante"),
        WagerSpec("turn", "Turn Wager", "§647a.11(d)", base=True, follows="ante"),
        WagerSpec("river", "River Wager", "§647a.11(f)", base=True, follows="ante"),
        WagerSpec("bonus", "Texas Hold 'Em Bonus Wager", "§647a.7(d)(2), §647a.12(b)",
                  paytable_required=True),
        WagerSpec("progressive", "Progressive Payout Wager", "§647a.7(d)(3), §647a.12(d)",
                  meter="progressive", requires_wagers={"ante": "§647a.7(d)(3)"}),
        WagerSpec("five_card_hand_bonus_player", "Five Card Hand Bonus Wager on the player's "
                  "hand", "§647a.7(d)(4), §647a.12(e)", meter="five_card_hand_bonus",
                  requires_wagers={"ante": "§647a.7(d)(4)"}),
        WagerSpec("five_card_hand_bonus_dealer", "Five Card Hand Bonus Wager on the dealer's "
                  "hand", "§647a.7(d)(4), §647a.12(e)", meter="five_card_hand_bonus",
                  requires_wagers={"ante": "§647a.7(d)(4)"}),
    ),
    options=(
        OptionSpec("ante_pays_on", "The Ante Wager is paid on a winning hand of",
                   "§647a.11(h)(2)(ii), §647a.2(b)(9)(i)", choices=tuple(ANTE_PAYS_ON),
                   default=None),
        OptionSpec("payout_limit", "Maximum payout per hand on the Ante, Flop, Turn, River "
                   "and Bonus Wagers", LIMIT_RULE, default=None),
        dealing_procedure("§647a.7(c), §647a.8, §647a.9, §647a.10"),
    ),
    meters=(
        MeterSpec("progressive", "Progressive Payout", "§647a.12(d)(3)",
                  min_initial=PROGRESSIVE_MINIMUM, min_reset=PROGRESSIVE_MINIMUM),
        fchb.meter_spec("§647a.12(e)"),
    ),
    max_round_win=_max_round_win,
    payout_limit_rule=LIMIT_RULE,
    par=ParSpec(
        "games.par.texas_holdem:par_sheet",
        par_lines("ante", "bonus", "progressive", "five_card_hand_bonus_player",
                  "five_card_hand_bonus_dealer"),
        # the Ante line values the base game with the player's Flop, Turn and River decisions
        included={"flop": "ante", "turn": "ante", "river": "ante"},
        options=("ante_pays_on",)),
    slip_cards=SlipCards(round=(("dealer", "Dealer's cards"), ("community", "Community cards"))),
    request=_REQUEST,
)


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle one round of Texas Hold 'Em Bonus; raises InvalidRound naming each bad field."""
    reader = Reader(payload, SPEC,
                    fields=(*ROUND_FIELDS, *fchb.DRAW_FIELDS, "dealer", "community",
                            "stub_count"),
                    position_fields=("cards", "player"))
    positions = reader.positions()
    for p in positions:
        _verify_play(reader, p)
    # §647a.7(e): a player may not wager on more than one player position.
    owners = reader.owners(positions, most=1, rule="§647a.7(e)")
    options = reader.options
    ante_pays_on = reader.choice("options.ante_pays_on", options.get("ante_pays_on"),
                                 ANTE_PAYS_ON)
    limit = read_payout_limit(reader, LIMIT_RULE)
    procedure = reader.option_choice("dealing_procedure")  # settled alike, but for the rule
    placed = {key for p in positions for key in p["wagers"]}
    progressive = catalog().get(PROGRESSIVE)
    if progressive is None:  # every catalog holds the shipped paytables
        raise KeyError(PROGRESSIVE)
    tables: dict[str, Paytable | None] = {"progressive": progressive,
                                         "hand_bonus": fchb.paytable(GAME)}
    if "bonus" in placed:
        tables["bonus"] = reader.paytable("bonus")
    stub = reader.stub_count(STUB_COUNT_RULE)
    if stub is not None and stub != stub_expected(positions):
        reader.done()
        return _misdeal(positions, stub, procedure)
    dealer = reader.cards("dealer", payload.get("dealer"), count=2)
    community = reader.cards("community", payload.get("community"), count=5)
    for p in positions:
        p["cards"] = reader.cards(f"{p['path']}.cards", p["raw"].get("cards"), count=2)
    reader.distinct([("dealer", dealer), ("community", community),
                     *((f"{p['path']}.cards", p["cards"]) for p in positions)])
    envy.verify_envy_amounts(reader, positions, "progressive", progressive,
                             name=SPEC.require_wager("progressive").name, rule="§647a.12(d)(5)")
    meters = {key: RoundMeter.read(reader, key)
              for key in ("progressive", "five_card_hand_bonus")}
    draws = fchb.read_draws(reader, dealer=True, section="§647a.12(e)")
    reader.done()
    # reader.done raised if any of these could not be read (the Bonus paytable: when placed).
    assert dealer is not None and community is not None and ante_pays_on is not None
    read_tables = {key: table for key, table in tables.items() if table is not None}
    return _settle_round(positions, dealer, community, read_tables, meters, draws, limit,
                         ANTE_PAYS_ON[ante_pays_on], owners)


def stub_expected(positions: Sequence[dict[str, Any]]) -> int:
    """The cards a correct stub holds once the River is dealt: 52 less two to each player who
    placed an Ante Wager and two to the dealer (§647a.8(d), §647a.9(b)), the three burn cards
    and the five community cards (§647a.11(c), (e), (g)): 42 - 2 x players. Every position
    given placed an Ante Wager (``_verify_play``)."""
    return DECK - 2 * (len(positions) + 1) - BURNS - COMMUNITY


def _misdeal(positions: list[dict[str, Any]], stub: int, procedure: str | None) -> RoundResult:
    """§647a.8(f)-(h): a stub count that shows the wrong number of cards voids every hand and
    returns every wager, whether or not the cards were misdealt; the count is the same when the
    cards are dealt from the hand (§647a.9) or an automated shoe (§647a.10)."""
    rule = MISDEAL_RULE.get(procedure or "", MISDEAL_RULE["manual_shoe"])
    expected = stub_expected(positions)
    return void_round(GAME, positions, rule=rule, note=(
        f"{stub} cards in the stub instead of {expected} (52 cards in the deck): all hands "
        f"void, all wagers returned ({rule})"))


def _verify_play(reader: Reader, position: dict[str, Any]) -> None:
    """The Flop Wager is twice the Ante; the Turn and River Wagers equal it and follow a Flop
    Wager (§647a.11(b), (d), (f))."""
    wagers, path = position["wagers"], position["path"]
    ante = wagers.get("ante")
    if ante is None:
        if not reader.errors.get(f"{path}.wagers.ante"):
            reader.fail(f"{path}.wagers.ante", "every position that is dealt cards placed an "
                        "Ante Wager (§647a.7(d)(1), §647a.8(d), §647a.9(b))")
        return
    for key, times in (("flop", 2), ("turn", 1), ("river", 1)):
        if key in wagers and wagers[key] != ante * times:
            reader.fail(f"{path}.wagers.{key}",
                        f"the {SPEC.require_wager(key).name} is ${fmt(ante * times)}: "
                        f"{'twice' if times == 2 else 'equal to'} the Ante "
                        f"({SPEC.require_wager(key).rule})")
        if key != "flop" and key in wagers and "flop" not in wagers:
            reader.fail(f"{path}.wagers.{key}", "a player who folded (no Flop Wager) places no "
                        f"{SPEC.require_wager(key).name} ({SPEC.require_wager(key).rule})")


def _settle_round(positions: list[dict[str, Any]], dealer: tuple[int, ...],
                  community: tuple[int, ...], tables: Mapping[str, Paytable],
                  meters: Mapping[str, RoundMeter], draws: fchb.Draws, limit: Decimal | None,
                  ante_min: Category, owners: Mapping[int, str]) -> RoundResult:
    order = sorted(positions, key=lambda p: -p["seat"])  # §647a.11(h): from the dealer's right
    flop = community[:3]
    dealer_best = strength((*dealer, *community))
    best = {p["seat"]: strength((*p["cards"], *community)) for p in positions}
    with_flop = {p["seat"]: strength((*p["cards"], *flop)) for p in positions}
    envy_lines = _envy(positions, with_flop, tables["progressive"], owners)
    hand_bonus = fchb.settle_bets(
        [fchb.Bet(p["seat"], on, key, p["wagers"][key],
                  (*(p["cards"] if on == fchb.PLAYER else dealer), *flop))
         for p in order for key, on in HAND_BONUS.items() if key in p["wagers"]],
        section="§647a.12(e)", paytable=tables["hand_bonus"],
        meter=meters["five_card_hand_bonus"], draws=draws,
    )
    results = {}
    for p in order:
        seat, wagers = p["seat"], p["wagers"]
        capped = _play_lines(wagers, best[seat], dealer_best, ante_min)
        capped += _bonus_line(wagers, p["cards"], dealer, tables)
        lines = apply_payout_limit(capped, limit, LIMIT_RULE)
        lines += _progressive_line(wagers, with_flop[seat], tables["progressive"], meters)
        lines += envy_lines.get(seat, [])
        lines += hand_bonus.get(seat, [])
        results[seat] = SeatResult(seat, describe(best[seat]), tuple(lines), {
            "cards": [card_str(c) for c in p["cards"]], "folded": "flop" not in wagers})
    return RoundResult(
        game=GAME,
        positions=tuple(results[p["seat"]] for p in positions),
        dealer={"cards": [card_str(c) for c in dealer],
                "community": [card_str(c) for c in community], "hand": describe(dealer_best)},
    )


def _play_lines(wagers: Mapping[str, Decimal], player: int, dealer: int,
                ante_min: Category) -> list[Line]:
    """§647a.11(b)(2) and (h)(2): the Ante, Flop, Turn and River Wagers against the dealer."""
    if "flop" not in wagers:
        return [lose("ante", wagers["ante"], "§647a.11(b)(2)")]
    keys = [k for k in PLAY if k in wagers]
    if player < dealer:
        return [lose(k, wagers[k], "§647a.11(h)(2)(i)") for k in keys]
    if player == dealer:
        return [push(k, wagers[k], "§647a.11(h)(2)(iii)") for k in keys]
    rule = "§647a.11(h)(2)(ii), §647a.12(a)"
    return [
        push(k, wagers[k], "§647a.11(h)(2)(ii)")
        if k == "ante" and category(player) < ante_min
        else win_to(k, wagers[k], EVEN_MONEY, rule)
        for k in keys
    ]


def _bonus_line(wagers: Mapping[str, Decimal], cards: tuple[int, ...], dealer: tuple[int, ...],
                tables: Mapping[str, Paytable]) -> list[Line]:
    """§647a.11(h)(3): the Bonus Wager on the player's two cards, folded or not
    (§647a.11(b)(2)(i)(A)); it has no bearing on any other wager (§647a.7(d)(2))."""
    if "bonus" not in wagers:
        return []
    row = tables["bonus"].first_row(bonus_hands(cards, dealer))
    return [paid_by_row("bonus", wagers["bonus"], row, "§647a.11(h)(3), §647a.12(b)")]


def _progressive_line(wagers: Mapping[str, Decimal], hand: int, table: Paytable,
                      meters: Mapping[str, RoundMeter]) -> list[Line]:
    """§647a.11(i): the Progressive on the two cards and the Flop, whatever the dealer holds;
    a player who folded is not eligible for a Progressive Payout (§647a.11(b)(2)(i)(B))."""
    if "progressive" not in wagers:
        return []
    amount = wagers["progressive"]
    if "flop" not in wagers:
        return [lose("progressive", amount, "§647a.11(b)(2)(i)(B)")]
    row = table.row(category(hand).name.lower())
    return [pay_row("progressive", amount, row, "§647a.11(i), §647a.12(d)(1)",
                    meters["progressive"], hand=describe(hand), verify="§647a.11(i)(3)")]


def _envy(positions: list[dict[str, Any]], with_flop: Mapping[int, int], table: Paytable,
          owners: Mapping[int, str]) -> dict[int, list[Line]]:
    """§647a.11(i)(5): an Envy Bonus to each Progressive bettor per other player whose two
    cards and the Flop are a straight flush or better; never for his own hand or the
    dealer's. A folded hand stays on the table for it and still counts, and a folded bettor
    still receives it (§647a.11(b)(2)(i)(B), (ii))."""
    holders = envy.straight_flush_holders(with_flop)
    amounts = {p["seat"]: p["wagers"]["progressive"] for p in positions
               if "progressive" in p["wagers"]}
    if not (holders and amounts):
        return {}
    return envy.envy_lines(envy.envy_awards(holders, amounts, owners=owners), table, amounts,
                           line_wager="envy_bonus", rule="§647a.11(i)(5), §647a.12(d)(5)")
