"""Baccarat par sheets (Chapters 627a/b, 629a/b, 631a/b), exact from a shoe of any number of
decks, by composition.

A coup is at most six cards. Every sequence of six card *values* (0-9, 10^6 of them) gets its
probability drawn without replacement from the shoe's counts (16 zero-valued cards a deck, 4 of
each other value); the engine's third-card table (``games.baccarat.rules.BANKER_DRAWS``) says
which cards are used. The player's third card is the fifth value and the banker's the sixth: in
a shuffled shoe any unused positions are alike, and a card that is not drawn sums out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cache

import numpy as np

from games.baccarat import wagers as bw
from games.baccarat.progressives import (
    FACES,
    HEAVENLY_9_MINIMUM_WAGER,
    ROYAL_9_METER_MINIMUMS,
    ROYAL_9_METERS,
    ROYAL_9_ROWS,
    is_king_9,
)
from games.baccarat.rules import BANKER_DRAWS, RANK_VALUE, STOOD
from games.baccarat.side_wagers import FIVE_TREASURES as FIVE_TREASURES_NAMES
from games.baccarat.side_wagers import FIVE_TREASURES_RULE
from games.baccarat.table import SHARED_PAYTABLES
from games.baccarat.variants import VARIANTS, Variant
from games.cards import NINE, card_str, parse_cards
from games.errors import InvalidCards
from games.par import core
from games.par.core import Outcome, WagerPar
from games.paytables import Paytable

GAME = "baccarat"
FIVE_TREASURES = tuple(SHARED_PAYTABLES["five_treasures"])
WAGERS = ("banker", "player", "tie", "player_pair", "banker_pair", "lucky_six",
          "perfect_pairs_player", "perfect_pairs_banker", *FIVE_TREASURES, "lucky_nines",
          "heavenly_9_progressive", "royal_9_progressive")
OPTIONS = ("decks", "commission_free", "variant", "meter", "stake", "major", "minor",
           "combinations")
_BANKER_DRAWS = np.array(BANKER_DRAWS, bool)
FACE_RANKS = np.array(sorted(FACES))
VALUE_CARDS = np.bincount(RANK_VALUE, minlength=10)  # cards of each value in one suit


@cache
def coups(decks: int) -> dict[str, np.ndarray]:
    """Every six-value sequence's probability and the coup it deals: final points, the
    banker's number of cards."""
    v = np.indices((10,) * 6).reshape(6, -1).astype(np.int64)
    counts = VALUE_CARDS * 4 * decks
    total = 52 * decks
    probability = np.ones(v.shape[1])
    for i in range(6):
        before = sum((v[j] == v[i]).astype(np.int64) for j in range(i))
        probability *= np.maximum(counts[v[i]] - before, 0) / (total - i)
    player, banker = (v[0] + v[2]) % 10, (v[1] + v[3]) % 10  # cards 1, 3 and 2, 4
    natural = (player >= 8) | (banker >= 8)
    player_draws = ~natural & (player <= 5)
    banker_draws = ~natural & _BANKER_DRAWS[banker, np.where(player_draws, v[4], STOOD)]
    return {
        "probability": probability,
        "player": np.where(player_draws, (player + v[4]) % 10, player),
        "banker": np.where(banker_draws, (banker + v[5]) % 10, banker),
        "banker_cards": 2 + banker_draws,
        "player_cards": 2 + player_draws,
    }


@cache
def _suits(decks: int) -> tuple[np.ndarray, np.ndarray]:
    """``suit_shares`` of every six-value sequence, in ``coups``'s order (Heavenly 9 only)."""
    return suit_shares(np.indices((10,) * 6).reshape(6, -1).astype(np.int64), decks)


def suit_shares(values: np.ndarray, decks: int) -> tuple[np.ndarray, np.ndarray]:
    """For each column of six card values, the chance that the six cards are all of one suit,
    and all of one colour, given their values: a suit holds ``VALUE_CARDS[x] * decks`` cards
    of value x of the shoe's four times as many, so card i is of the first cards' suit with
    chance (that count - earlier cards of its value) / (all of its value - those)."""
    per_suit = VALUE_CARDS * decks
    suit = colour = np.ones(values.shape[1])
    for i in range(values.shape[0]):
        before = sum((values[j] == values[i]).astype(np.int64) for j in range(i))
        whole = 4 * per_suit[values[i]] - before
        suit = suit * np.maximum(per_suit[values[i]] - before, 0) / whole
        colour = colour * np.maximum(2 * per_suit[values[i]] - before, 0) / whole
    return 4 * suit, 2 * colour


def _p(mask: np.ndarray, probability: np.ndarray) -> float:
    return float(probability[mask].sum())


def main_wagers(decks: int, commission_free: bool, variant: Variant) -> dict[str, WagerPar]:
    c = coups(decks)
    pr, player, banker = c["probability"], c["player"], c["banker"]
    p_win, b_win, tie = player > banker, banker > player, player == banker
    six = b_win & (banker == bw.SIX)
    pushed = Outcome("tie hand: returned", _p(tie, pr), 0.0)
    out = {"player": WagerPar("player", "Player's Hand", None, [
        Outcome("player wins", _p(p_win, pr), float(bw.ONE)), pushed,
        Outcome("banker wins", _p(b_win, pr), -1.0)])}
    if commission_free:
        banker_rows = [Outcome("banker wins with 6: 1 to 2", _p(six, pr), 0.5),
                       Outcome("banker wins otherwise", _p(b_win & ~six, pr), 1.0)]
    else:
        banker_rows = [Outcome("banker wins: 1 to 1 less 5% commission", _p(b_win, pr),
                               float(bw.ONE - bw.COMMISSION))]
    out["banker"] = WagerPar("banker", "Banker's Hand", None, [
        *banker_rows, pushed, Outcome("player wins", _p(p_win, pr), -1.0)])
    out["tie"] = WagerPar("tie", "Tie Hand", None, [
        Outcome("tie hand", _p(tie, pr), float(bw.TIE_ODDS)),
        Outcome(core.LOSES, _p(~tie, pr), -1.0)])
    banker6 = banker == bw.SIX
    two, three = six & (c["banker_cards"] == 2), six & (c["banker_cards"] == 3)
    out["lucky_six"] = WagerPar("lucky_six", "Lucky Six", None, [
        Outcome("banker wins with 6 on two cards", _p(two, pr),
                float(bw.LUCKY_SIX_ODDS[2])),
        Outcome("banker wins with 6 on three cards", _p(three, pr),
                float(bw.LUCKY_SIX_ODDS[3])),
        Outcome("banker 6 ties: returned", _p(banker6 & tie, pr), 0.0),
        Outcome(core.LOSES, _p(~banker6 | p_win, pr), -1.0)])
    for par in out.values():
        section = {"player": variant.player, "banker": variant.banker, "tie": variant.tie,
                   "lucky_six": variant.cf("(c)(3), (k)")}[par.wager]
        if commission_free and par.wager != "lucky_six":
            section = variant.cf({"player": "(h)", "banker": "(i)", "tie": "(j)"}[par.wager])
        par.notes.append(f"{decks} decks, exact ({section})")
    return out


def pair_wagers(decks: int, variant: Variant,
                perfect_pairs_tables: Iterable[Paytable]) -> list[WagerPar]:
    """The first two cards of a hand: same rank (4d - 1 of the 52d - 1 cards left), of those
    the same suit (d - 1), the other suit of its colour (d), the other colour (2d)."""
    left = 52 * decks - 1
    same = (4 * decks - 1) / left
    out = [WagerPar(key, name, None, [
        Outcome("pair", same, float(bw.PAIR_ODDS)), Outcome(core.LOSES, 1 - same, -1.0)],
        notes=[f"{decks} decks, exact ({variant.cf(sub)})"])
        for key, name, sub in (("player_pair", "Player Pair", "(c)(1), (g)"),
                               ("banker_pair", "Banker Pair", "(c)(2), (g)"))]
    p = {"perfect_pair": (decks - 1) / left, "colored_pair": decks / left,
         "mixed_pair": 2 * decks / left}
    for key, name in (("perfect_pairs_player", "Perfect Pairs on the Player Hand"),
                      ("perfect_pairs_banker", "Perfect Pairs on the Banker Hand")):
        for table in perfect_pairs_tables:
            out.append(WagerPar(key, name, table.id, core.by_rows(table, p, key),
                                notes=[f"{decks} decks, exact ({variant.perfect_pairs})"]))
    return out


def five_treasures(decks: int, tables: Iterable[Paytable]) -> list[WagerPar]:
    """§631b.3(f): Fortune 7 (the Banker wins with a three-card 7), Golden 8 (the Player wins
    with a three-card 8), Heavenly 9 (a three-card 9 on either or both hands), Blazing 7's
    (both hands 7 on three cards each, or two each where the paytable pays it) and Cover All
    (any of the four others' rows), as ``side_wagers.five_treasures_hands`` reads a coup."""
    c = coups(decks)
    pr, player, banker = c["probability"], c["player"], c["banker"]
    p3, b3 = c["player_cards"] == 3, c["banker_cards"] == 3
    p9, b9 = p3 & (player == 9), b3 & (banker == 9)
    sevens = (player == 7) & (banker == 7)
    hands = {
        "fortune_7": (banker > player) & b3 & (banker == 7),
        "golden_8": (player > banker) & p3 & (player == 8),
        "heavenly_9_player_and_banker": p9 & b9,
        "heavenly_9_player_or_banker": (p9 | b9) & ~(p9 & b9),
        "three_card_blazing_7s": sevens & p3 & b3,
        "two_card_blazing_7s": sevens & ~p3 & ~b3,
    }
    wager_rows = {"fortune_7": ("fortune_7",), "golden_8": ("golden_8",),
                  "heavenly_9": ("heavenly_9_player_and_banker", "heavenly_9_player_or_banker"),
                  "blazing_7s": ("three_card_blazing_7s", "two_card_blazing_7s")}
    out = []
    for table in tables:
        paid = {h: m for h, m in hands.items() if table.row(h)}
        p = {h: _p(m, pr) for h, m in paid.items()}
        p["cover_all"] = _p(np.logical_or.reduce(list(paid.values())), pr)
        names = {**wager_rows, "cover_all": ("cover_all",)}
        for key in FIVE_TREASURES:
            rows = [r for r in core.paid_rows(table) if r.hand in names[key]]
            out.append(WagerPar(key, FIVE_TREASURES_NAMES[key], table.id, core.by_rows(table, p, key, rows=rows),
                                notes=[f"{decks} decks, exact ({FIVE_TREASURES_RULE[key]})"]))
    return out


def heavenly_9_progressive(decks: int, tables: Iterable[Paytable], *, meter: Decimal | None,
                           stake: Decimal) -> list[WagerPar]:
    """§631b.2(g), (i): a three-card 9 on the Banker's Hand or the Player's, or on both (a
    tie), the tie also by all six cards of one suit or of one colour, as
    ``progressives.heavenly_9_hand`` reads a coup; the suits come from ``suit_shares``. The
    stake is the $5 minimum wager (§631b.2(c)) unless given."""
    c = coups(decks)
    pr = c["probability"]
    p9 = (c["player_cards"] == 3) & (c["player"] == 9)
    b9 = (c["banker_cards"] == 3) & (c["banker"] == 9)
    tie = p9 & b9
    same_suit, same_colour = _suits(decks)
    suit, colour = float((pr * same_suit)[tie].sum()), float((pr * same_colour)[tie].sum())
    p = {"three_card_tie_all_cards_same_suit": suit,
         "three_card_tie_all_cards_same_color": colour - suit,
         "three_card_tie": _p(tie, pr) - colour,
         "banker_three_card_9": _p(b9 & ~p9, pr), "player_three_card_9": _p(p9 & ~b9, pr)}
    out = []
    for t in tables:
        par = WagerPar("heavenly_9_progressive", "Heavenly 9 Progressive", t.id,
                       core.by_rows(t, p, "heavenly_9_progressive", meter=meter, stake=stake),
                       notes=[f"{decks} decks, exact, suits by composition (§631b.2(g), (i))"])
        out.append(core.progressive(par, t, p, stake=stake, meter=meter))
    return out


def _royal_9_rows(decks: int, own: frozenset[int], others: list[frozenset[int]]
                  ) -> dict[str, float]:
    """The probability of each Royal 9 row (``progressives.royal_9_hand``'s order) for the
    position whose King-9 combination is ``own``: the first two cards of each hand, every
    sequence of four of the 52 cards drawn from ``decks`` decks, by composition."""
    rest = np.indices((52, 52, 52)).reshape(3, -1).astype(np.int64)
    total = 52 * decks
    tally = dict.fromkeys(ROYAL_9_ROWS, 0.0)


    def pair_is(x: np.ndarray, y: np.ndarray, combo: frozenset[int]) -> np.ndarray:
        p, q = sorted(combo)
        same: np.ndarray = ((x == p) & (y == q)) | ((x == q) & (y == p))
        return same

    def royal(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        rx, ry = x >> 2, y >> 2
        king_9: np.ndarray = ((np.isin(rx, FACE_RANKS) & (ry == NINE))
                              | (np.isin(ry, FACE_RANKS) & (rx == NINE)))
        return king_9

    for first in range(52):
        c1 = np.full(rest.shape[1], first)
        c2, c3, c4 = rest
        seq = (c1, c2, c3, c4)
        probability = np.full(rest.shape[1], decks / total)
        for i in range(1, 4):
            before = sum((seq[j] == seq[i]).astype(np.int64) for j in range(i))
            probability *= np.maximum(decks - before, 0) / (total - i)
        player_own, banker_own = pair_is(c1, c3, own), pair_is(c2, c4, own)
        envy = np.zeros_like(player_own)
        for combo in others:
            envy |= pair_is(c1, c3, combo) & pair_is(c2, c4, combo)
        p_royal, b_royal = royal(c1, c3), royal(c2, c4)
        p_suited = p_royal & ((c1 & 3) == (c3 & 3))
        b_suited = b_royal & ((c2 & 3) == (c4 & 3))
        masks = (player_own & banker_own, banker_own, player_own, envy, p_suited & b_suited,
                 p_royal & b_royal, p_suited | b_suited, p_royal | b_royal)
        left = np.ones_like(player_own)
        for hand, mask in zip(ROYAL_9_ROWS, masks, strict=True):
            hit = mask & left
            tally[hand] += float(probability[hit].sum())
            left &= ~hit
    return tally


def royal_9_progressive(decks: int, tables: Iterable[Paytable],
                        options: Mapping[str, str]) -> list[WagerPar]:
    """§627b.3, §629b.3: the Royal 9 Progressive for every position, each with its own King-9
    combination (``combinations``, position 1's first, e.g. ``"Ks 9s,Kh 9h"``; Mega Envy pays
    on the others'), exact (``_royal_9_rows``): a position's personal rows and the Royal 9
    rows it no longer pays differ with its combination, so each position has its figures. The
    Mega Jackpot is the sheet's meter; the Major and Minor Jackpots count at ``major`` and
    ``minor`` (their minimums by denomination unless given); the stake is the table's
    denomination (the paytable)."""
    raw = options.get("combinations", "Ks 9s")
    try:
        combos = [frozenset(parse_cards(c.strip(), count=2)) for c in raw.split(",")]
    except InvalidCards as e:
        raise core.ParError({"options.combinations": f"{raw!r}: {e}"}) from None
    if not all(is_king_9(tuple(c)) for c in combos) or len(set(combos)) != len(combos):
        raise core.ParError({"options.combinations": f"{raw!r}: each position's combination "
                                                     "is a King and a Nine, none twice "
                                                     "(§627b.3(e)(5))"})
    by_position = [_royal_9_rows(decks, own, [c for c in combos if c != own]) for own in combos]
    mega = core.option(options, "meter", None, Decimal)
    out = []
    for t in tables:
        for position, (own, p) in enumerate(zip(combos, by_position, strict=True), start=1):
            out.append(_royal_9_position(t, decks, position, own, len(combos), p, mega, options))
    return out


def _royal_9_position(t: Paytable, decks: int, position: int, own: frozenset[int],
                      positions: int, p: Mapping[str, float], mega: Decimal | None,
                      options: Mapping[str, str]) -> WagerPar:
    minimums = ROYAL_9_METER_MINIMUMS.get(t.name, {})
    meters = {"royal_9_mega_jackpot": mega,
              "royal_9_major_jackpot": core.option(
                  options, "major", minimums.get("royal_9_major_jackpot"), Decimal),
              "royal_9_minor_jackpot": core.option(
                  options, "minor", minimums.get("royal_9_minor_jackpot"), Decimal)}
    stake = core.option(options, "stake", Decimal(t.name) if t.name.isdecimal()
                        else Decimal(1), Decimal)
    outcomes, won = [], 0.0
    fixed = per_meter = 0.0
    for row in core.paid_rows(t):
        meter_key = ROYAL_9_METERS.get(row.hand)
        meter = meters.get(meter_key) if meter_key else None
        if meter_key and meter is None:
            per_meter += p[row.hand] / float(stake)
            continue
        net = core.row_net("royal_9_progressive", row, stake=stake, meter=meter)
        outcomes.append(Outcome(row.hand, p[row.hand], net))
        won += p[row.hand]
        if meter_key == "royal_9_mega_jackpot":
            per_meter += p[row.hand] / float(stake)
        else:
            fixed += p[row.hand] * (net + 1)
    outcomes.append(Outcome(core.LOSES, 1 - won, -1.0))
    top = p["personal_king_9_v_personal_king_9"]
    combination = " ".join(card_str(c) for c in sorted(own))
    par = WagerPar("royal_9_progressive", f"Royal 9 Progressive, position {position} "
                   f"({combination})", t.id, outcomes, notes=[
        f"{decks} decks, exact: the first two cards of each hand by composition; position "
        f"{position} holds {combination}, Mega Envy on the {positions - 1} other positions' "
        "combinations (§627b.3(e))",
        "The Mega Jackpot is the meter below; the Major and Minor Jackpots count at "
        + ", ".join(f"${m:,.2f}" for m in (meters["royal_9_major_jackpot"],
                                           meters["royal_9_minor_jackpot"]) if m)])
    par.extra["position"] = position
    par.extra["combination"] = combination
    par.extra["progressive"] = {
        "stake": f"{stake:.2f}", "meter": f"{mega:.2f}" if mega is not None else None,
        "fixed_return": fixed, "return_per_meter_dollar": per_meter,
        "break_even_meter": round(max((1 - fixed) / per_meter, 0.0), 2),
        "top_award": "personal_king_9_v_personal_king_9", "top_award_probability": top,
        "top_award_one_in": round(1 / top) if top else None,
        "nj_cap_probability": core.NJ_TOP_AWARD_CAP,
        "within_nj_cap": bool(top and top >= core.NJ_TOP_AWARD_CAP)}
    return par


def lucky_nines(decks: int, tables: Iterable[Paytable]) -> list[WagerPar]:
    """§631b.4(d)(2): the nines among the four initial cards, of the shoe's 4d nines (d of
    each suit): k of them with probability C(4d, k) C(48d, 4 - k) / C(52d, 4); all k of one
    suit 4 C(d, k) / C(4d, k); a lone nine a diamond 1 in 4."""
    from math import comb

    def k_nines(k: int) -> float:
        return comb(4 * decks, k) * comb(48 * decks, 4 - k) / comb(52 * decks, 4)

    def same_suit(k: int) -> float:
        return 4 * comb(decks, k) / comb(4 * decks, k)

    p = {"four_nines": k_nines(4),
         "three_nines_same_suit": k_nines(3) * same_suit(3),
         "three_nines": k_nines(3) * (1 - same_suit(3)),
         "two_nines_same_suit": k_nines(2) * same_suit(2),
         "two_nines": k_nines(2) * (1 - same_suit(2)),
         "one_nine_diamonds": k_nines(1) / 4, "one_nine": k_nines(1) * 3 / 4}
    return [WagerPar("lucky_nines", "Lucky Nines", t.id, core.by_rows(t, p, "lucky_nines"),
                     notes=[f"{decks} decks, exact (§631b.4(d)-(e))"]) for t in tables]


def par_sheet(wager: str | None, paytable: str | None, options: Mapping[str, str], *,
              progress: core.Progress | None = None,  # exact and quick: none to report
              ) -> list[WagerPar]:
    core.refuse_unknown(options, OPTIONS)
    decks = core.option(options, "decks", 8, int)
    if not 1 <= decks <= 16:
        raise core.ParError({"options.decks": "a shoe of 1 to 16 decks"})
    commission_free = core.option(options, "commission_free", False, bool)
    variant_key = options.get("variant", "baccarat")
    if variant_key not in VARIANTS:
        raise core.ParError({"options.variant": f"one of {', '.join(VARIANTS)}"})
    variant = VARIANTS[variant_key]
    wagers = [wager] if wager else [w for w in WAGERS if commission_free or w not in (
        "player_pair", "banker_pair")]
    unknown = [w for w in wagers if w not in WAGERS]
    if unknown:
        raise core.ParError({"wager": f"{unknown[0]!r}: baccarat par sheets cover "
                                      f"{', '.join(WAGERS)}"})
    if not commission_free and {"player_pair", "banker_pair"} & set(wagers):
        raise core.ParError({"wager": "Player Pair and Banker Pair are offered on Commission "
                                      "free tables only: add commission_free=true"})
    main = main_wagers(decks, commission_free, variant)
    tables = core.tables_for(GAME, "perfect_pairs", paytable) if any(
        w.startswith("perfect_pairs") for w in wagers) else ()
    side = pair_wagers(decks, variant, tables)
    if set(FIVE_TREASURES) & set(wagers):
        side += five_treasures(decks, core.tables_for(GAME, "five_treasures", paytable))
    if "heavenly_9_progressive" in wagers:
        side += heavenly_9_progressive(
            decks, core.tables_for(GAME, "heavenly_9_progressive", paytable),
            meter=core.option(options, "meter", None, Decimal),
            stake=core.option(options, "stake", HEAVENLY_9_MINIMUM_WAGER, Decimal))
    if "royal_9_progressive" in wagers:
        side += royal_9_progressive(
            decks, core.tables_for(GAME, "royal_9_progressive", paytable), options)
    if "lucky_nines" in wagers:
        side += lucky_nines(decks, core.tables_for(GAME, "lucky_nines", paytable))
    out = []
    for key in wagers:
        out += [main[key]] if key in main else [p for p in side if p.wager == key]
    return out
