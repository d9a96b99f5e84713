"""The fixed-odds side wagers read from a paytable: Perfect Pairs, Lucky Nines and the five
5 Treasures wagers. Each function names the paytable row a round earns (None: the wager loses).

Hand names (rows of ``paytables/baccarat.toml``):

- Perfect Pairs (§627b.1, §629b.1, §631b.1): ``perfect_pair``, ``colored_pair``, ``mixed_pair``.
- Lucky Nines (§631b.4(e)): ``four_nines``, ``three_nines_same_suit``, ``three_nines``,
  ``two_nines_same_suit``, ``two_nines``, ``one_nine_diamonds``, ``one_nine``.
- 5 Treasures (§631b.3(h)): ``fortune_7``, ``golden_8``, ``heavenly_9_player_and_banker``,
  ``heavenly_9_player_or_banker``, ``three_card_blazing_7s``, ``two_card_blazing_7s``,
  ``cover_all``.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.baccarat.rules import BANKER, PLAYER, Coup, is_nine
from games.cards import DIAMONDS, RED_SUITS, rank, suit
from games.paytables import Paytable

FIVE_TREASURES = {
    "fortune_7": "Fortune 7 Bonus", "golden_8": "Golden 8 Bonus", "heavenly_9": "Heavenly 9 Bonus",
    "blazing_7s": "Blazing 7's Bonus", "cover_all": "Cover All Bonus",
}
FIVE_TREASURES_RULE = {
    "fortune_7": "§631b.3(f)(1)", "golden_8": "§631b.3(f)(2)", "heavenly_9": "§631b.3(f)(3)",
    "blazing_7s": "§631b.3(f)(4)", "cover_all": "§631b.3(f)(5)",
}


def perfect_pairs_hand(cards: Sequence[int]) -> str | None:
    """The pair in the first two cards: same rank and suit (perfect), same rank and color
    (colored), same rank (mixed) (§631b.1(a)); the same rank means two jacks, two 4s ((c)).

    >>> perfect_pairs_hand([37, 37]), perfect_pairs_hand([37, 38]), perfect_pairs_hand([37, 36])
    ('perfect_pair', 'colored_pair', 'mixed_pair')
    """
    first, second = cards[0], cards[1]
    if rank(first) != rank(second):
        return None
    if suit(first) == suit(second):
        return "perfect_pair"
    if (suit(first) in RED_SUITS) == (suit(second) in RED_SUITS):
        return "colored_pair"
    return "mixed_pair"


def lucky_nines_hand(first_four: Sequence[int]) -> str | None:
    """The row for the nines among the Player's and Banker's first two cards (§631b.4(d)(2)):
    by their number, then whether they share a suit (three or two), or a lone nine is a
    diamond."""
    nines = [c for c in first_four if is_nine(c)]
    same_suit = len({suit(c) for c in nines}) == 1
    if len(nines) == 4:
        return "four_nines"
    if len(nines) == 3:
        return "three_nines_same_suit" if same_suit else "three_nines"
    if len(nines) == 2:
        return "two_nines_same_suit" if same_suit else "two_nines"
    if len(nines) == 1:
        return "one_nine_diamonds" if suit(nines[0]) == DIAMONDS else "one_nine"
    return None


def _three_card(cards: Sequence[int], points: int, total: int) -> bool:
    return len(cards) == 3 and points == total


def five_treasures_hands(coup: Coup, paytable: Paytable) -> dict[str, str | None]:
    """The row each of the five wagers earns (§631b.3(f)). Fortune 7 and Golden 8 need the hand
    to win; Heavenly 9 does not. Blazing 7's needs both hands at 7 with the same number of cards
    (three: "3-Card", two: "2-Card"; a paytable without the row, A, does not pay it). Cover All
    wins when any of the four others would, whether or not the player placed them."""
    p, b = coup.player_points, coup.banker_points
    p9, b9 = _three_card(coup.player, p, 9), _three_card(coup.banker, b, 9)
    hands: dict[str, str | None] = {
        "fortune_7": "fortune_7"
        if coup.winner == BANKER and _three_card(coup.banker, b, 7) else None,
        "golden_8": "golden_8"
        if coup.winner == PLAYER and _three_card(coup.player, p, 8) else None,
        "heavenly_9": "heavenly_9_player_and_banker" if p9 and b9
        else "heavenly_9_player_or_banker" if p9 or b9 else None,
        "blazing_7s": _blazing_7s(coup),
    }
    hands = {k: h if h is not None and paytable.row(h) else None for k, h in hands.items()}
    hands["cover_all"] = "cover_all" if any(hands.values()) else None
    return hands


def _blazing_7s(coup: Coup) -> str | None:
    if coup.player_points != 7 or coup.banker_points != 7:
        return None
    if len(coup.player) == len(coup.banker) == 3:
        return "three_card_blazing_7s"
    if len(coup.player) == len(coup.banker) == 2:
        return "two_card_blazing_7s"
    return None
