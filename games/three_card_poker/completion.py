"""Completion of a Three Card Poker round (§649a.11(b)-(c)): every wager settled in the
dealer's order, with the Envy Bonuses."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from typing import Any

from games import envy
from games import five_card_hand_bonus as fchb
from games.hands import is_mini_royal, three_card_strength
from games.paytables import Paytable, Row
from games.progressive import RoundMeter, pay_row
from games.settlement import (
    NOT_TABLE_INVENTORY,
    TABLE_INVENTORY,
    Line,
    RoundResult,
    SeatResult,
    lose,
    push,
    win_row,
    win_to,
)
from games.three_card_poker.rankings import (
    dealer_qualifies,
    five_card_hand,
    five_card_names,
    three_card_label,
    three_card_names,
)
from games.three_card_poker.spec import FCHB_SECTION, GAME, ONE, PROGRESSIVES
from games.three_card_poker.wagers import Position, Round, read_round


def settle(payload: Mapping[str, Any]) -> RoundResult:
    """Settle the round in the dealer's order (§649a.11(c)): seat by seat from the dealer's
    right, Ante and Play, Pair Plus, Three-Card Progressive and its Envy, Six Card Bonus; then,
    after all other wagers, the five-card wagers and the 5 of 6 Progressive."""
    rnd = read_round(payload)
    order = sorted(rnd.positions, key=lambda p: -p.seat)  # seat 7 sits at the dealer's right
    lines: dict[int, list[Line]] = {p.seat: [] for p in rnd.positions}
    owners = {p.seat: p.player for p in rnd.positions if p.player is not None}
    three_envy = _envy(rnd, "three_card_progressive", _three_card_holders(rnd), owners)
    for p in order:
        lines[p.seat] += _against_dealer(p, rnd.dealer, rnd.paytables.get("ante_bonus"))
        lines[p.seat] += _three_card_wagers(p, rnd)
        lines[p.seat] += three_envy.get(p.seat, [])
        lines[p.seat] += _six_card_bonus(p, rnd)
    if rnd.community is not None:
        five_envy = _envy(rnd, "five_card_progressive", _five_card_holders(rnd, rnd.community),
                          owners)
        for p in order:
            lines[p.seat] += _progressive(p, rnd, "five_card_progressive",
                                          p.cards + rnd.community, "§649a.11(c)(7)")
            lines[p.seat] += five_envy.get(p.seat, [])
        for seat, fchb_lines in _five_card_hand_bonus(order, rnd).items():
            lines[seat] += fchb_lines
    six_envy = _envy(rnd, "five_of_six_progressive", _five_card_holders(rnd, rnd.dealer), owners)
    for p in order:
        lines[p.seat] += _progressive(p, rnd, "five_of_six_progressive", p.cards + rnd.dealer,
                                      "§649a.11(c)(9)")
        lines[p.seat] += six_envy.get(p.seat, [])
    return RoundResult(
        GAME,
        tuple(SeatResult(p.seat, three_card_label(p.cards), tuple(lines[p.seat]), _extra(p, rnd))
              for p in rnd.positions),
        _dealer(rnd),
        tuple(f"{t.id} is secondary data: {t.source_note}"
              for t in rnd.paytables.values() if t.source == "secondary"),
    )


def _against_dealer(
    p: Position, dealer: tuple[int, ...], ante_bonus: Paytable | None
) -> list[Line]:
    """Ante, Play and Ante Bonus (§649a.11(b), (c)(3); §649a.12(a), (b))."""
    ante = p.wagers.get("ante")
    if ante is None:
        return []
    if p.folded:
        return [lose("ante", ante, "§649a.11(b)")]
    hand = three_card_label(p.cards)
    if not dealer_qualifies(dealer):
        result = [win_to("ante", ante, ONE, "§649a.11(c)(3)(i), §649a.12(a)"),
                  push("play", ante, "§649a.11(c)(3)(i)")]
    else:
        player, house = three_card_strength(p.cards), three_card_strength(dealer)
        if player < house:
            result = [lose(k, ante, "§649a.11(c)(3)(ii)(A)") for k in ("ante", "play")]
        elif player > house:
            result = [win_to(k, ante, ONE, "§649a.11(c)(3)(ii)(B), §649a.12(a)")
                      for k in ("ante", "play")]
        else:
            result = [push(k, ante, "§649a.11(c)(3)(ii)(C)") for k in ("ante", "play")]
    # §649a.12(b) (secondary, facts.md): the Ante Bonus is paid to a player who made the Play
    # Wager, whatever the dealer holds; a hand off the table pays no bonus and loses nothing.
    assert ante_bonus is not None  # required with a Play Wager (its option's required_with)
    row = ante_bonus.first_row(three_card_names(p.cards))
    if row is not None:
        result.append(win_row("ante_bonus", ante, row, ante_bonus.citation, hand=hand))
    return result


def _three_card_wagers(p: Position, rnd: Round) -> list[Line]:
    """Pair Plus (§649a.11(c)(4)) and the Three-Card Progressive (§649a.11(c)(5)), both paid
    whatever the dealer holds; a fold forfeits both (§649a.11(b)(1), (2))."""
    result = []
    names, hand = three_card_names(p.cards), three_card_label(p.cards)
    if "pair_plus" in p.wagers:
        amount = p.wagers["pair_plus"]
        if p.folded:
            result.append(lose("pair_plus", amount, "§649a.11(b)(1)", hand=hand))
        else:
            result.append(_paytable_line("pair_plus", amount, rnd.paytables["pair_plus"], names,
                                         "§649a.11(c)(4)", hand=hand))
    result += _progressive(p, rnd, "three_card_progressive", p.cards, "§649a.11(c)(5)")
    return result


def _six_card_bonus(p: Position, rnd: Round) -> list[Line]:
    """Best five of the player's and the dealer's six cards, or paytable E's six-card Super
    Royal (§649a.11(c)(6)); live after a fold (§649a.11(b)(3))."""
    if "six_card_bonus" not in p.wagers:
        return []
    six, table = p.cards + rnd.dealer, rnd.paytables["six_card_bonus"]
    names = five_card_names(six)
    # Six cards form a Super Royal only where the table pays one; elsewhere it is a royal flush.
    row = table.first_row(names)
    hand = "super royal" if row and row.hand == "super_royal" else five_card_hand(six)[1]
    return [_paytable_line("six_card_bonus", p.wagers["six_card_bonus"], table, names,
                           "§649a.11(c)(6)", hand=hand)]


def _progressive(
    p: Position, rnd: Round, key: str, cards: tuple[int, ...], rule: str
) -> list[Line]:
    """A progressive wager on ``cards``: forfeited with the Ante on a fold for the Three- and
    Five-Card Progressives (§649a.11(b)(2)), live for the 5 of 6 (§649a.11(b)(3))."""
    if key not in p.wagers:
        return []
    amount = p.wagers[key]
    three = key == "three_card_progressive"
    names = three_card_names(cards) if three else five_card_names(cards)
    hand = three_card_label(cards) if three else five_card_hand(cards)[1]
    if p.folded and key != "five_of_six_progressive":
        return [lose(key, amount, "§649a.11(b)(2)", hand=hand)]
    # Only a 100% award of the Three-Card Progressive leaves the table inventory
    # (§649a.11(c)(5)(iv)); any share of the meter does for the others ((7)(iv), (9)(iv)).
    off_table = (lambda row: row.value == 100) if three else (lambda row: True)
    # (5)(iii), (7)(iii), (9)(iii): a floorperson or above validates the progressive payout.
    return [_paytable_line(key, amount, rnd.paytables[key], names, rule, hand=hand,
                           meter=rnd.meters[key], off_table=off_table, verify=f"{rule}(iii)")]


def _paytable_line(
    key: str, amount: Decimal, paytable: Paytable, names: Sequence[str], lose_rule: str, *,
    hand: str, meter: RoundMeter | None = None,
    off_table: Callable[[Row], bool] = lambda row: False, verify: str | None = None,
) -> Line:
    """Paid at the hand's highest row, a share of the meter as it stands when the player is
    paid (§643a.12(e)(4) model), or lost."""
    row = paytable.first_row(names)
    if row is None:
        return lose(key, amount, lose_rule, hand=hand)
    paid_from = NOT_TABLE_INVENTORY if off_table(row) else TABLE_INVENTORY
    return pay_row(key, amount, row, paytable.citation, meter, paid_from=paid_from, hand=hand,
                   verify=verify)


def _five_card_hand_bonus(order: Sequence[Position], rnd: Round) -> dict[int, list[Line]]:
    """§649a.11(c)(8): the player's and the dealer's three cards with the community cards;
    live after a fold (§649a.11(b)(3))."""
    bets = []
    for p in order:
        for key, on, cards in (("five_card_hand_bonus_player", fchb.PLAYER, p.cards),
                               ("five_card_hand_bonus_dealer", fchb.DEALER, rnd.dealer)):
            if key in p.wagers:
                assert rnd.community is not None  # read_round requires it for these wagers
                bets.append(fchb.Bet(p.seat, on, key, p.wagers[key], cards + rnd.community))
    if not bets:
        return {}
    return fchb.settle_bets(bets, section=FCHB_SECTION, paytable=rnd.paytables[fchb.WAGER],
                            meter=rnd.meters[fchb.WAGER], draws=rnd.draws)


def _three_card_holders(rnd: Round) -> dict[int, str]:
    """Three-Card Envy Bonus Qualifying Hands: a mini-royal (§649a.1), of a hand not folded."""
    return {p.seat: "mini_royal" for p in rnd.positions
            if not p.folded and is_mini_royal(p.cards)}


def _five_card_holders(rnd: Round, extra: tuple[int, ...]) -> dict[int, str]:
    """Five-Card (and, modeled on it, 5 of 6) Envy Bonus Qualifying Hands: a straight flush
    or better (§649a.1) of the player's cards with ``extra``, of a hand not folded."""
    return envy.straight_flush_holders(
        {p.seat: five_card_hand(p.cards + extra)[0] for p in rnd.positions if not p.folded})


def _envy(rnd: Round, key: str, holders: Mapping[int, str],
          owners: Mapping[int, str]) -> dict[int, list[Line]]:
    """Envy Bonuses to every player who placed ``key`` (folded or not, §649a.11(b)(2))."""
    if rnd.paytables.get(key) is None:
        return {}
    wagers = {p.seat: p.wagers[key] for p in rnd.positions if key in p.wagers}
    awards = envy.envy_awards(holders, wagers, owners=owners)
    line_wager, rule = PROGRESSIVES[key]
    return envy.envy_lines(awards, rnd.paytables[key], wagers, line_wager=line_wager, rule=rule)


def _extra(p: Position, rnd: Round) -> dict[str, Any]:
    extra: dict[str, Any] = {"folded": p.folded,
                             "six_card_hand": five_card_hand(p.cards + rnd.dealer)[1]}
    if rnd.community is not None:
        extra["five_card_hand"] = five_card_hand(p.cards + rnd.community)[1]
    return extra


def _dealer(rnd: Round) -> dict[str, Any]:
    dealer: dict[str, Any] = {"hand": three_card_label(rnd.dealer),
                              "qualifies": dealer_qualifies(rnd.dealer)}
    if rnd.community is not None:
        dealer["five_card_hand"] = five_card_hand(rnd.dealer + rnd.community)[1]
    return dealer
