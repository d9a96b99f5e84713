"""The par sheets that are simulated, not counted: Pai Gow Poker house way against house way
(§645a.11) and its optional wagers on seven cards of 53 (§645a.11(h)), and the Texas Hold 'Em
Bonus base game under a stated strategy (§647a.11). Each uses a seeded random number generator
(numpy's PCG64), so the same seed gives the same sheet, and states the 95% confidence interval
of its house edge. The Red/Black Wager and the Texas Hold 'Em Bonus Wager, Progressive and Five
Card Hand Bonus, which can be counted, are exact.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from math import comb

import numpy as np

from games import batch
from games.cards import ACE, THREE, rank
from games.hands import CATEGORY_STARTS
from games.names import choice_name
from games.pai_gow_poker import GAME as GAME_PAI_GOW
from games.pai_gow_poker import SPEC
from games.pai_gow_poker.house_way import DEFAULT_HOUSE_WAY, HOUSE_WAYS, set_hand
from games.pai_gow_poker.pai_gow_wager import VIGORISH, compare
from games.pai_gow_poker.rankings import is_queens_dragon, seven_card_hands
from games.pai_gow_poker.wagers import JOKER_COLOR_CHOSEN, JOKER_COLOR_NEITHER, paid_row
from games.par import core, poker
from games.par.core import Outcome, WagerPar
from games.settlement import LOSE, PUSH, WIN
from games.texas_holdem_bonus import ANTE_PAYS_ON, bonus_hands
from games.texas_holdem_bonus import GAME as THB
from games.texas_holdem_bonus import SPEC as THB_SPEC

DEFAULT_SEED = 20260101
THB_ROUNDS = 1_000_000
THB_DEALERS = 8  # dealer hands per simulated player hand (disjoint, from the 43 left)
PAI_GOW_ROUNDS = 100_000
THB_STRATEGY = (
    "Stated strategy: before the Flop, fold only 2-3 to 2-7 of different suits and bet the "
    "Flop with everything else (§647a.11(b)); after the Flop, bet the Turn (§647a.11(d)) with "
    "a pair or better, four cards in a row or four of one suit, a hole card in it, or an ace in "
    "the hole; after the Turn, bet the River (§647a.11(f)) with a pair of 3s or better, four in "
    "a row of one suit, a straight or a flush, a hole card in it; otherwise check. This is the "
    "published simplified strategy (table-games-online.com: the same Flop rule; Turn and River "
    "rules without the ace and with pairs of 6s or better), widened where every such bet "
    "wins more than it loses; optimal play gives about 2% per Ante")


def _progress(progress, fraction: float) -> None:
    if progress is not None:
        progress(fraction)


def pai_gow(options: Mapping[str, str], *, progress=None) -> WagerPar:
    """The Pai Gow Poker Wager, the player setting his hand by the dealer's house way: won 1 to
    1 less the 5% vigorish (§645a.13(a)), a tie when one hand wins, copies to the dealer
    (§645a.11(f)). One deck of 53 cards, the player's and the dealer's seven from it."""
    core.refuse_unknown(options, ("rounds", "seed", "house_way", "ez_pai_gow"))
    rounds = core.option(options, "rounds", PAI_GOW_ROUNDS, int)
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    way = options.get("house_way", DEFAULT_HOUSE_WAY)
    if way not in HOUSE_WAYS:
        raise core.ParError({"options.house_way": f"one of {', '.join(HOUSE_WAYS)}"})
    if not 1000 <= rounds <= 5_000_000:
        raise core.ParError({"options.rounds": "1,000 to 5,000,000 rounds"})
    ez = core.option(options, "ez_pai_gow", False, bool)
    win_net = 1.0 if ez else 1.0 - float(VIGORISH)
    rng = np.random.default_rng(seed)
    nets = np.empty(rounds)
    results = np.empty(rounds, object)
    step = max(rounds // 20, 1)
    for i in range(rounds):
        cards = rng.choice(53, 14, replace=False).tolist()
        player, dealer = set_hand(cards[:7], way), set_hand(cards[7:], way)
        result = compare(player.high, player.low, dealer.high, dealer.low)
        results[i] = result
        nets[i] = win_net if result == WIN else 0.0 if result == PUSH else -1.0
        if i % step == 0:
            _progress(progress, i / rounds)
    _progress(progress, 1.0)
    labels = {"player wins both hands": results == WIN, "one hand each: returned":
              results == PUSH, "dealer wins (copies included)": results == LOSE}
    par = core.monte_carlo(
        "pai_gow", "Pai Gow Poker Wager", None, nets, labels, seed=seed,
        strategy=f"The player sets every hand by the {choice_name('house_way', way).lower()}, "
                 "as the dealer does (§645a.11(c)); "
                 + ("EZ Pai Gow Poker: no vigorish" if ez else "5% vigorish on wins (§645a.13(a))"))
    return par


PAI_GOW_SIDE = ("fortune_bonus", "emperors_treasure", "insurance", "progressive",
                "queens_dragon", "dynasty_bonus", "protection")


def pai_gow_side(wager: str, tables, options: Mapping[str, str], *, progress=None
                 ) -> list[WagerPar]:
    """An optional Pai Gow Poker wager (§645a.11(h)), simulated: the player's seven cards (and
    for Queen's Dragon the dealer's) from the 53-card deck, paid at the first paytable row the
    seven cards form (``games.pai_gow_poker.wagers.paid_row``); Envy Bonus rows depend on the other
    players and are not counted. The rarest rows (a natural seven-card straight flush: about 1
    in 4 million) are seldom seen in a simulation: their share of the return is the
    interval's widest part."""
    rounds = core.option(options, "rounds", PAI_GOW_ROUNDS, int)
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    if not 1000 <= rounds <= 5_000_000:
        raise core.ParError({"options.rounds": "1,000 to 5,000,000 rounds"})
    meter = core.option(options, "meter", None, Decimal)
    stake = core.option(options, "stake", Decimal("1.00"), Decimal)
    rng = np.random.default_rng(seed)
    formed = []
    step = max(rounds // 20, 1)
    for i in range(rounds):
        cards = rng.choice(53, 14, replace=False).tolist()
        formed.append(frozenset({"queens_dragon"}) if wager == "queens_dragon" and
                      is_queens_dragon(cards[7:]) else seven_card_hands(cards[:7]))
        if i % step == 0:
            _progress(progress, i / rounds)
    out = []
    for table in tables:
        rows = core.paid_rows(table)
        paid = [paid_row(table, f) for f in formed]
        hands = np.array([r.hand if r is not None else core.LOSES for r in paid])
        nets = np.full(rounds, -1.0)
        labels = {}
        for row in rows:
            hit = hands == row.hand
            if row.basis != "meter_percent" or meter is not None:
                nets[hit] = core.row_net(wager, row, stake=stake, meter=meter)
            labels[row.hand] = hit
        labels[core.LOSES] = hands == core.LOSES
        par = core.monte_carlo(
            wager, SPEC.wager(wager).name, table.id, nets, labels, seed=seed,
            strategy="No decisions: paid on the hands the player's seven cards form, the "
                     "dealer rearranging them (§645a.11(h))"
                     + (" (the dealer's seven for Queen's Dragon)" if wager == "queens_dragon"
                        else ""))
        if any(r.hand.startswith("envy_") for r in table.rows):
            par.notes.append("The Envy Bonus rows are paid on other players' hands and are "
                             "not counted: each other player at the table adds to the return")
        if any(r.basis == "meter_percent" for r in rows):
            p = {h: float(m.mean()) for h, m in labels.items()}
            core.progressive(par, table, p, stake=stake, meter=meter)
        out.append(par)
    _progress(progress, 1.0)
    return out


def red_black(tables, options: Mapping[str, str]) -> list[WagerPar]:
    """The Red/Black Wager (§645a.7(e)(5)(iv), §645a.13(i)), exact: of the player's seven
    cards from 53, k of the chosen colour with probability C(26, k) C(27, 7 - k) / C(53, 7)
    (the joker neither colour), or C(27, k) C(26, 7 - k) / C(53, 7) when it counts as the
    chosen colour."""
    joker = options.get("red_black_joker", JOKER_COLOR_NEITHER)
    if joker not in (JOKER_COLOR_NEITHER, JOKER_COLOR_CHOSEN):
        raise core.ParError({"options.red_black_joker": f"one of {JOKER_COLOR_NEITHER}, "
                                                        f"{JOKER_COLOR_CHOSEN}"})
    mine = 27 if joker == JOKER_COLOR_CHOSEN else 26
    p = {f"{word}_cards_of_the_chosen_color": comb(mine, k) * comb(53 - mine, 7 - k)
         / comb(53, 7) for k, word in ((7, "seven"), (6, "six"), (5, "five"), (4, "four"))}
    return [WagerPar("red_black", SPEC.wager("red_black").name, t.id,
                     core.by_rows(t, p, "red_black"),
                     notes=["Exact: the colour count of seven cards from 53 (§645a.13(i)); "
                            + ("the joker counts as the chosen colour" if mine == 27 else
                               "the joker is neither colour")])
            for t in tables]


_RUNS4 = np.array([0b1111 << j for j in range(11)], np.int64)  # A-2-3-4 .. J-Q-K-A
_RUNS5 = np.array([0b11111 << j for j in range(10)], np.int64)


def _ext(ranks: np.ndarray) -> np.ndarray:
    """Rank bits with the ace also below the 2: bit r + 1 for rank r (0 = a 2), bit 0 an ace."""
    return (np.int64(1) << (ranks + 1)) | np.where(ranks == ACE, 1, 0)


def _runs(mask: np.ndarray, hole_bits: np.ndarray, runs: np.ndarray) -> np.ndarray:
    """Rows whose rank ``mask`` holds a run of ``runs`` that a hole card is part of."""
    full = (mask[:, None] & runs) == runs
    uses = (hole_bits[:, None] & runs) != 0
    return (full & uses).any(axis=1)


def _hole_hands(hole: np.ndarray, seen: np.ndarray, *, turn: bool) -> np.ndarray:
    """The stated strategy's bet on ``seen`` (the hole cards then the board so far)."""
    ranks, suits = seen >> 2, seen & 3
    counts = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # each card's rank count
    hole_counts = counts[:, :2]
    hole_ranks = ranks[:, :2]
    pocket_pair = hole_ranks[:, 0] == hole_ranks[:, 1]
    paired = hole_counts >= 2  # each hole card in a pair or better
    hole_bits = _ext(hole_ranks[:, 0]) | _ext(hole_ranks[:, 1])
    mask = np.bitwise_or.reduce(_ext(ranks), axis=1)
    suit_of = [(suits == s) for s in range(4)]
    suit_counts = np.stack([m.sum(axis=1) for m in suit_of], axis=1)
    hole_suit_counts = np.take_along_axis(suit_counts, suits[:, :2], axis=1)
    if not turn:
        return (paired.any(axis=1) | (hole_ranks == ACE).any(axis=1)
                | _runs(mask, hole_bits, _RUNS4)
                | (hole_suit_counts >= 4).any(axis=1))
    board = ranks[:, 2:]
    off_hole = (board != hole_ranks[:, :1]) & (board != hole_ranks[:, 1:])
    board_pair = ((counts[:, 2:] >= 2) & off_hole).any(axis=1)
    two_pair_up = (paired.all(axis=1) & ~pocket_pair) | (paired.any(axis=1) & board_pair)
    threes = (paired & (hole_ranks >= THREE)).any(axis=1)
    trips = (hole_counts >= 3).any(axis=1)
    straight_flush_draw = np.zeros(len(seen), bool)
    for s in range(4):
        suited_mask = np.bitwise_or.reduce(np.where(suit_of[s], _ext(ranks), 0), axis=1)
        suited_hole = np.bitwise_or.reduce(np.where(suit_of[s][:, :2], _ext(hole_ranks), 0),
                                           axis=1)
        straight_flush_draw |= _runs(suited_mask, suited_hole, _RUNS4)
    return (threes | two_pair_up | trips | straight_flush_draw | _runs(mask, hole_bits, _RUNS5)
            | (hole_suit_counts >= 5).any(axis=1))


def _thb_decisions(hole: np.ndarray, board: np.ndarray):
    """Whether the stated strategy bets the Flop, the Turn and the River."""
    r = hole >> 2
    unsuited = (hole[:, 0] & 3) != (hole[:, 1] & 3)
    folds = unsuited & (r.min(axis=1) == 0) & (r.max(axis=1) <= 5) & (r[:, 0] != r[:, 1])
    plays = ~folds  # 0 is a 2, 5 a 7: fold 2-3 to 2-7 of different suits
    turn = plays & _hole_hands(hole, np.hstack([hole, board[:, :3]]), turn=False)
    river = plays & _hole_hands(hole, np.hstack([hole, board[:, :4]]), turn=True)
    return plays, turn, river


def texas_holdem_ante(options: Mapping[str, str], *, progress=None) -> WagerPar:
    """The Ante, Flop, Turn and River Wagers per unit of Ante under the stated strategy
    (``THB_STRATEGY``: the Flop twice the Ante, the Turn and River one Ante each). Published
    optimal play: about 2.0% per Ante (Wizard of Odds). A winning hand is paid
    1 to 1 on each wager still up, the Ante only on a straight or better (or a flush or better,
    as the paytable option ``ante_pays_on`` says), ties returned (§647a.11(h)(2))."""
    core.refuse_unknown(options, ("rounds", "seed", "ante_pays_on"))
    rounds = core.option(options, "rounds", THB_ROUNDS, int)
    if not 10_000 <= rounds <= 20_000_000:
        raise core.ParError({"options.rounds": "10,000 to 20,000,000 rounds"})
    seed = core.option(options, "seed", DEFAULT_SEED, int)
    pays_on = options.get("ante_pays_on", "straight_or_better")
    if pays_on not in ANTE_PAYS_ON:
        raise core.ParError({"options.ante_pays_on": f"one of {', '.join(ANTE_PAYS_ON)}"})
    ante_minimum = CATEGORY_STARTS[ANTE_PAYS_ON[pays_on]]
    rng = np.random.default_rng(seed)
    nets = np.empty(rounds)
    wagered = np.empty(rounds)
    tally = np.zeros(6)  # wins, their units won; losses, their units lost; ties; folds
    chunk = 1 << 14
    for start in range(0, rounds, chunk):
        n = min(chunk, rounds - start)
        deal = np.argsort(rng.random((n, 52)), axis=1).astype(np.int64)
        hole, board = deal[:, :2], deal[:, 2:7]
        plays, turn, river = _thb_decisions(hole, board)
        player = batch.strengths(np.hstack([hole, board]))
        units = 2.0 + turn + river  # Flop twice the Ante, Turn and River one each
        ante = np.where(player >= ante_minimum, 1.0, 0.0)
        win = lose = 0.0
        for k in range(THB_DEALERS):  # disjoint dealer hands from the cards left
            dealer = deal[:, 7 + 2 * k:9 + 2 * k]
            dealer_best = batch.strengths(np.hstack([dealer, board]))
            win = win + (player > dealer_best)
            lose = lose + (player < dealer_best)
        win, lose = win / THB_DEALERS, lose / THB_DEALERS
        played = win * (units + ante) - lose * (units + 1)
        nets[start:start + n] = np.where(plays, played, -1.0)
        wagered[start:start + n] = 1 + np.where(plays, units, 0.0)
        tally += [(plays * win).sum(), (plays * win * (units + ante)).sum(),
                  (plays * lose).sum(), (plays * lose * (units + 1)).sum(),
                  (plays * (1 - win - lose)).sum(), (~plays).sum()]
        _progress(progress, (start + n) / rounds)
    par = core.monte_carlo("ante", "Ante, Flop, Turn and River Wagers", None, nets,
                           seed=seed, strategy=THB_STRATEGY)
    won, won_units, lost, lost_units, tied, folded = tally
    par.outcomes = [
        Outcome("folds before the Flop", float(folded / rounds), -1.0),
        Outcome("plays and beats the dealer", float(won / rounds), float(won_units / won)),
        Outcome("plays and ties the dealer: returned", float(tied / rounds), 0.0),
        Outcome("plays and loses to the dealer", float(lost / rounds),
                float(-lost_units / lost)),
    ]
    par.notes.append(f"Each simulated hand is played against {THB_DEALERS} dealer hands from "
                     "the cards left, and their results averaged: the same house edge, a "
                     "narrower interval; the standard deviation is of those averages")
    par.extra.update({"house_edge_per_total_wagered": par.house_edge / float(wagered.mean()),
                      "average_units_wagered": float(wagered.mean())})
    return par


def texas_holdem_bonus(table) -> WagerPar:
    """The Bonus Wager on the first two cards (§647a.11(h)(3)), exact: the 1,326 two-card
    hands; a pair of aces with the dealer's two aces needs the dealer to hold both other aces,
    1 of the C(50, 2) dealer hands."""
    tally: dict[str, float] = {}
    aces = [c for c in range(52) if rank(c) == ACE]
    hands = [(a, b) for a in range(52) for b in range(a + 1, 52)]
    for cards in hands:
        if rank(cards[0]) == rank(cards[1]) == ACE:
            dealer_aces = tuple(c for c in aces if c not in cards)
            splits = ((dealer_aces, 1 / comb(50, 2)), ((0, 1), 1 - 1 / comb(50, 2)))
        else:
            splits = (((0, 1), 1.0),)
        for dealer, weight in splits:
            row = table.first_row(bonus_hands(cards, dealer))
            if row is not None:
                tally[row.hand] = tally.get(row.hand, 0.0) + weight / len(hands)
    return WagerPar("bonus", THB_SPEC.wager("bonus").name, table.id,
                    core.by_rows(table, tally, "bonus"),
                    notes=["Exact: every two-card hand; the Bonus is paid whether the player "
                           "folds or not (§647a.11(h)(3))"])


def texas_holdem_progressive(table, meter, stake) -> WagerPar:
    """The Progressive on the two cards and the Flop (§647a.11(i)): every five-card hand."""
    p = poker.five_card_probabilities(table, 5)
    par = WagerPar("progressive", THB_SPEC.wager("progressive").name, table.id,
                   core.by_rows(table, p, "progressive", meter=meter, stake=stake))
    return core.progressive(par, table, p, stake=stake, meter=meter)


THB_WAGERS = ("ante", "bonus", "progressive", "five_card_hand_bonus_player",
              "five_card_hand_bonus_dealer")


def texas_holdem(wager, paytable, options, *, progress=None) -> list[WagerPar]:
    out = []
    for key in [wager] if wager else list(THB_WAGERS):
        if key == "ante":
            out.append(texas_holdem_ante({k: v for k, v in options.items()
                                          if k in ("rounds", "seed", "ante_pays_on")},
                                         progress=progress))
        elif key == "bonus":
            out += [texas_holdem_bonus(t) for t in core.tables_for(THB, "bonus", paytable)]
        elif key == "progressive":
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [texas_holdem_progressive(t, meter, stake)
                    for t in core.tables_for(THB, "progressive", paytable)]
        elif key.startswith("five_card_hand_bonus"):
            meter = core.option(options, "meter", None, Decimal)
            stake = core.option(options, "stake", Decimal("1.00"), Decimal)
            out += [poker.five_card_hand_bonus(THB, key, THB_SPEC.wager(key).name, t,
                                               meter=meter, stake=stake)
                    for t in core.tables_for(THB, key, paytable,
                                             catalog_wager="five_card_hand_bonus")]
        else:
            raise core.ParError({"wager": f"{key!r}: Texas Hold 'Em Bonus par sheets cover "
                                          f"{', '.join(THB_WAGERS)}"})
    core.refuse_unknown(options, ("rounds", "seed", "ante_pays_on", "meter", "stake"))
    return out




PAI_GOW_WAGERS = ("pai_gow", *PAI_GOW_SIDE, "red_black")
BASE_OPTIONS = ("rounds", "seed", "house_way", "ez_pai_gow")


def pai_gow_poker(wager, paytable, options, *, progress=None) -> list[WagerPar]:
    """Every Pai Gow Poker wager, or ``wager``: the base game, the optional wagers (Fortune
    Bonus tables with their Envy Bonus rows left out)."""
    core.refuse_unknown(options, (*BASE_OPTIONS, "meter", "stake", "red_black_joker"))
    if wager is not None and wager not in PAI_GOW_WAGERS:
        raise core.ParError({"wager": f"{wager!r}: Pai Gow Poker par sheets cover "
                                      f"{', '.join(PAI_GOW_WAGERS)}"})
    if paytable is not None and wager in (None, "pai_gow"):
        raise core.ParError({"paytable": "the Pai Gow Poker Wager has no paytable to choose: "
                                         "give an optional wager"})
    out = []
    for key in [wager] if wager else PAI_GOW_WAGERS:
        if key == "pai_gow":
            out.append(pai_gow({k: v for k, v in options.items() if k in BASE_OPTIONS},
                               progress=progress))
        elif key == "red_black":
            out += red_black(core.tables_for(GAME_PAI_GOW, key, paytable), options)
        else:
            side = {k: v for k, v in options.items() if k in ("rounds", "seed", "meter", "stake")}
            out += pai_gow_side(key, core.tables_for(GAME_PAI_GOW, key, paytable), side,
                                progress=progress)
    return out
