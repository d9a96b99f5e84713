"""The wagers on the Player's Hand, the Banker's Hand and the Tie Hand, and the Player Pair,
Banker Pair and Lucky Six wagers of Commission free tables.

- Player 1 to 1; Banker 1 to 1 less a 5% commission; Tie 8 to 1; on a tie hand the Player and
  Banker wagers neither win nor lose (secondary, the standard odds: confirm against the
  chapter's payout-odds and vigorish section, which the excerpts leave out).
- Commission free (§627b.2, §629b.2, §631b.5): Player 1 to 1 ((h)); Banker 1 to 1, but 1 to 2
  when it wins with a Point Count of 6 ((i)); Tie 8 to 1 ((j)); Player Pair and Banker Pair
  11 to 1 on a pair in the first two cards ((c)(1)-(2), (g)); Lucky Six, the Banker winning
  with 6, 12 to 1 on two cards and 20 to 1 on three ((c)(3), (k)).
"""

from __future__ import annotations

from decimal import Decimal

from games.baccarat.rules import BANKER, PLAYER, TIE, Coup
from games.baccarat.variants import Variant
from games.cards import rank
from games.money import to_cents
from games.settlement import WIN, Line, lose, push, win_to

ONE = Decimal(1)
TIE_ODDS = Decimal(8)
PAIR_ODDS = Decimal(11)
LUCKY_SIX_ODDS = {2: Decimal(12), 3: Decimal(20)}
COMMISSION = Decimal("0.05")  # secondary: the standard Banker commission
SIX = 6


def settle_player(amount: Decimal, coup: Coup, variant: Variant, commission_free: bool) -> Line:
    """1 to 1; a tie hand returns it (Commission free tables: (h) of §627b.2, §629b.2,
    §631b.5)."""
    rule = variant.cf("(h)") if commission_free else variant.player
    return _even_money("player", PLAYER, amount, coup, rule)


def settle_banker(amount: Decimal, coup: Coup, variant: Variant, commission_free: bool) -> Line:
    """Standard tables take 5% of a winning Banker wager; Commission free tables pay 1 to 2
    on a Banker win with 6 (§631b.5(i))."""
    if not commission_free:
        if coup.winner != BANKER:
            return _even_money("banker", BANKER, amount, coup, variant.banker)
        net = to_cents(amount * (ONE - COMMISSION))
        return Line("banker", amount, WIN, "1 to 1 less 5% commission", net, variant.banker)
    rule = variant.cf("(i)")
    if coup.winner == BANKER and coup.banker_points == SIX:
        return Line("banker", amount, WIN, "1 to 2", to_cents(amount / 2), rule)
    return _even_money("banker", BANKER, amount, coup, rule)


def _even_money(wager: str, side: str, amount: Decimal, coup: Coup, rule: str) -> Line:
    if coup.winner == side:
        return win_to(wager, amount, ONE, rule)
    if coup.winner == TIE:
        return push(wager, amount, rule)
    return lose(wager, amount, rule)


def settle_tie(amount: Decimal, coup: Coup, variant: Variant, commission_free: bool) -> Line:
    """8 to 1 on a tie hand (Commission free tables: (j) of §627b.2, §629b.2, §631b.5)."""
    rule = variant.cf("(j)") if commission_free else variant.tie
    if coup.winner == TIE:
        return win_to("tie", amount, TIE_ODDS, rule)
    return lose("tie", amount, rule)


def is_pair(cards: tuple[int, ...]) -> bool:
    """The first two cards are of the same rank (two 9s, two queens; a ten and a king are not)."""
    return rank(cards[0]) == rank(cards[1])


def settle_pair(wager: str, amount: Decimal, cards: tuple[int, ...], variant: Variant) -> Line:
    """Player Pair / Banker Pair on the hand's first two cards, 11 to 1."""
    sub = "(c)(1)" if wager == "player_pair" else "(c)(2)"
    if is_pair(cards):
        return win_to(wager, amount, PAIR_ODDS, variant.cf(f"{sub}, (g)"))
    return lose(wager, amount, variant.cf(sub))


def settle_lucky_six(amount: Decimal, coup: Coup, variant: Variant) -> Line:
    """The Banker wins with 6: 12 to 1 on two cards, 20 to 1 on three. A Banker 6 against a
    Player 6 is neither a win ((c)(3): higher) nor one of the losses of (c)(3)(i)-(ii): the
    wager is returned."""
    if coup.banker_points != SIX:
        return lose("lucky_six", amount, variant.cf("(c)(3)(ii)"))
    if coup.winner == PLAYER:
        return lose("lucky_six", amount, variant.cf("(c)(3)(i)"))
    if coup.winner == TIE:
        return push("lucky_six", amount, variant.cf("(c)(3)"))
    sub = "(k)(1)" if len(coup.banker) == 2 else "(k)(2)"
    return win_to("lucky_six", amount, LUCKY_SIX_ODDS[len(coup.banker)], variant.cf(sub))
