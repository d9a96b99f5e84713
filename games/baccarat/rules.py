"""Baccarat's core rules, the same in Minibaccarat, Midibaccarat and Baccarat: card values, the
Point Count, Naturals, who draws a third card, and the order cards come out of the shoe.

- Aces count 1, 2-9 their face value, tens and face cards 0; the Point Count is the total
  modulo 10; a Natural is 8 or 9 on the first two cards (§627a.1, §629a.6).
- Cards 1 and 3 go to the Player's Hand, 2 and 4 to the Banker's (§627a.8(c), §631a.9).
- If either hand is a Natural, neither draws. The Player draws on 0-5 and stands on 6-7. If the
  Player stood, the Banker draws on 0-5; if the Player drew, the Banker draws on 0-2, stands on
  7, and on 3-6 by the value of the Player's third card (§627a.10, §629a.10, §631a.11):

  ====== ===========================================
  Banker draws when the Player's third card is
  ====== ===========================================
  3      anything but an 8
  4      2-7
  5      4-7
  6      6-7
  ====== ===========================================

A shoe holds several decks, so the same card may appear more than once in a round (§631a.3);
``verify_shoe`` caps each card at the number of decks.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from games.cards import NINE, TEN, card_str, rank
from games.errors import InvalidCards

PLAYER, BANKER, TIE = "player", "banker", "tie"
HAND_NAMES = {PLAYER: "Player's Hand", BANKER: "Banker's Hand"}

# Value by rank (2..A): 2-9 face value, T J Q K 0, A 1.
RANK_VALUE = tuple(r + 2 if r < TEN else 0 for r in range(12)) + (1,)
CARD_VALUE = tuple(RANK_VALUE[c >> 2] for c in range(52))

# The Banker's draw when the Player drew: Banker's two-card Point Count -> the values of the
# Player's third card on which the Banker draws.
BANKER_DRAWS_ON = {
    0: frozenset(range(10)), 1: frozenset(range(10)), 2: frozenset(range(10)),
    3: frozenset(range(10)) - {8},
    4: frozenset(range(2, 8)),
    5: frozenset(range(4, 8)),
    6: frozenset({6, 7}),
    7: frozenset(),
}
STOOD = 10  # in place of the Player's third card's value: the Player stood
# BANKER_DRAWS[banker's two-card count][the Player's third card's value, or STOOD].
BANKER_DRAWS = tuple(
    tuple(b <= 5 if v == STOOD else v in BANKER_DRAWS_ON.get(b, ()) for v in range(STOOD + 1))
    for b in range(10)
)
_BANKER_RULE = {
    3: "draws unless the Player's third card is an 8",
    4: "draws only when the Player's third card is 2-7",
    5: "draws only when the Player's third card is 4-7",
    6: "draws only when the Player's third card is 6-7",
    7: "stands on 7",
}


def value(card: int) -> int:
    """A card's value in the Point Count.

    >>> [value(c) for c in (48, 0, 28, 32, 44)]  # As 2s 9s Ts Ks
    [1, 2, 9, 0, 0]
    """
    return CARD_VALUE[card]


def point_count(cards: Iterable[int]) -> int:
    """The hand's Point Count: the right digit of its total (§627a.1).

    >>> point_count([28, 24])  # 9s 8s: 17 -> 7
    7
    """
    return sum(CARD_VALUE[c] for c in cards) % 10


def is_natural(cards: Sequence[int]) -> bool:
    """8 or 9 on the first two cards (§627a.1)."""
    return len(cards) == 2 and point_count(cards) >= 8


def is_nine(card: int) -> bool:
    return rank(card) == NINE


def player_draws(player: Sequence[int], banker: Sequence[int]) -> bool:
    """Whether the Player's Hand takes a third card: on 0-5, unless either hand is a Natural."""
    return not (is_natural(player[:2]) or is_natural(banker[:2])) and point_count(player[:2]) <= 5


def banker_draws(player: Sequence[int], banker: Sequence[int]) -> bool:
    """Whether the Banker's Hand takes a third card, given the Player's (2 or 3) cards."""
    if is_natural(player[:2]) or is_natural(banker[:2]):
        return False
    third = CARD_VALUE[player[2]] if len(player) > 2 else STOOD
    return BANKER_DRAWS[point_count(banker[:2])][third]


@dataclass(frozen=True)
class Coup:
    """One round's two hands, as dealt (2 or 3 cards each)."""

    player: tuple[int, ...]
    banker: tuple[int, ...]

    @cached_property
    def player_points(self) -> int:
        return point_count(self.player)

    @cached_property
    def banker_points(self) -> int:
        return point_count(self.banker)

    @cached_property
    def winner(self) -> str:
        """PLAYER, BANKER or TIE: the higher Point Count wins; equal counts are a tie hand."""
        p, b = self.player_points, self.banker_points
        return PLAYER if p > b else BANKER if b > p else TIE

    @property
    def first_four(self) -> tuple[int, ...]:
        """The initial two cards of each hand, as Lucky Nines reads them (§631b.4(d))."""
        return self.player[:2] + self.banker[:2]

    def describe(self) -> str:
        p, b = self.player_points, self.banker_points
        if p == b:
            return f"Tie hand, {p} to {b}"
        side = "Player" if p > b else "Banker"
        return f"{side} wins, {max(p, b)} to {min(p, b)}"

    def as_dict(self) -> dict[str, object]:
        def hand(cards: tuple[int, ...]) -> dict[str, object]:
            return {"cards": [card_str(c) for c in cards], "point_count": point_count(cards),
                    "natural": is_natural(cards)}
        return {"player": hand(self.player), "banker": hand(self.banker), "winner": self.winner}


def deal(shoe: Sequence[int]) -> tuple[Coup, int]:
    """Deal one round from the top of ``shoe``: the coup and the number of cards it used.

    >>> coup, used = deal([0, 20, 4, 24, 40, 8])  # 2s 7s 3s 8s Qs 4s
    >>> coup.player, coup.banker, used  # Player 5 draws the Q; Banker 5 stands on a 0
    ((0, 4, 40), (20, 24), 5)
    """
    if len(shoe) < 4:
        raise InvalidCards(f"{len(shoe)} cards in the shoe; a round needs at least 4")
    player: tuple[int, ...] = (shoe[0], shoe[2])
    banker: tuple[int, ...] = (shoe[1], shoe[3])
    p, b = point_count(player), point_count(banker)
    if p >= 8 or b >= 8:
        return Coup(player, banker), 4
    if p <= 5:
        player += (_next(shoe, 4, PLAYER),)
    used = len(player) + 2
    if BANKER_DRAWS[b][CARD_VALUE[player[2]] if p <= 5 else STOOD]:
        banker += (_next(shoe, used, BANKER),)
        used += 1
    return Coup(player, banker), used


def _next(shoe: Sequence[int], index: int, side: str) -> int:
    if index >= len(shoe):
        raise InvalidCards(f"the shoe ran out: the {HAND_NAMES[side]} draws a third card and "
                           f"only {len(shoe)} cards were given")
    return shoe[index]


def third_card_errors(
    player: Sequence[int], banker: Sequence[int], section: str
) -> dict[str, str]:
    """What is wrong with the hands as dealt, by field (``player_cards``, ``banker_cards``),
    under the third-card rules of ``section``; empty if the round could have been dealt."""
    errors = {}
    natural = next((s for s, h in ((PLAYER, player), (BANKER, banker)) if is_natural(h[:2])), None)
    if natural is not None:
        points = point_count((player if natural == PLAYER else banker)[:2])
        for side, hand in ((PLAYER, player), (BANKER, banker)):
            if len(hand) > 2:
                errors[f"{side}_cards"] = (
                    f"the {HAND_NAMES[natural]} is a Natural {points}: neither hand draws a "
                    f"third card ({section})"
                )
        return errors
    if player_draws(player, banker) != (len(player) == 3):
        points = point_count(player[:2])
        errors["player_cards"] = (
            f"the Player's Hand of {points} draws a third card on 0-5 ({section}); "
            "only two cards were given"
            if len(player) == 2 else
            f"the Player's Hand of {points} stands on 6-7 ({section}); a third card was given"
        )
    if not errors and banker_draws(player, banker) != (len(banker) == 3):
        errors["banker_cards"] = _banker_error(player, banker, section)
    return errors


def _banker_error(player: Sequence[int], banker: Sequence[int], section: str) -> str:
    points = point_count(banker[:2])
    given = "a third card was given" if len(banker) == 3 else "only two cards were given"
    if len(player) == 2:
        return (f"the Player stood, so the Banker's Hand draws on 0-5 and stands on 6-7; "
                f"it holds {points} ({section}); {given}")
    if points <= 2:
        return f"the Banker's Hand of {points} draws on 0-2 ({section}); {given}"
    third = value(player[2])
    return (f"the Banker's Hand of {points} {_BANKER_RULE[points]}; the Player's third card "
            f"{card_str(player[2])} counts {third} ({section}); {given}")


def verify_shoe(cards: Iterable[int], decks: int) -> None:
    """Refuse more copies of a card than a shoe of ``decks`` decks holds."""
    counts = Counter(cards)
    for card, count in counts.items():
        if count > decks:
            raise InvalidCards(
                f"'{card_str(card)}' appears {count} times: a shoe of {decks} "
                f"deck{'s' if decks > 1 else ''} holds each card {decks} "
                f"time{'s' if decks > 1 else ''}"
            )
