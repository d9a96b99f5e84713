"""Cards, decks and shoes in the engine's notation.

A card is a small int: ``rank * 4 + suit`` with ranks 0..12 for 2..A and suits 0..3 for
s, h, d, c; the joker of the Pai Gow deck (§645a.2(b)) is 52. Text notation is rank
``2-9 T J Q K A`` plus suit ``s h d c`` (``As``, ``Td``) and ``Jk`` for the joker.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from games.errors import InvalidCards

RANKS = "23456789TJQKA"
SUITS = "shdc"
JOKER = 52
JOKER_TEXT = "Jk"

TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)
RED_SUITS = frozenset({HEARTS, DIAMONDS})

_SEPARATORS = re.compile(r"[\s,]+")


def rank(card: int) -> int:
    return card >> 2


def suit(card: int) -> int:
    return card & 3


def make(rank_: int, suit_: int) -> int:
    return rank_ * 4 + suit_


def card_str(card: int) -> str:
    if card == JOKER:
        return JOKER_TEXT
    return RANKS[card >> 2] + SUITS[card & 3]


def cards_str(cards: Iterable[int]) -> str:
    return " ".join(card_str(c) for c in cards)


def parse_card(text: str, *, joker: bool = False) -> int:
    """One card from its notation, case-insensitive (``"as"``, ``"AS"``, ``"Jk"``)."""
    if not isinstance(text, str):
        raise InvalidCards(f"{text!r} is not a card: cards are written like 'As' or 'Td'")
    token = text.strip()
    if token.lower() == JOKER_TEXT.lower():
        if not joker:
            raise InvalidCards(f"'{token}': this game is dealt without a joker")
        return JOKER
    if len(token) != 2:
        hint = " (a ten is T, as in 'Ts')" if token.startswith("10") else ""
        raise InvalidCards(
            f"'{token}' is not a card: a rank (2-9 T J Q K A) then a suit (s h d c){hint}"
        )
    r = RANKS.find(token[0].upper())
    s = SUITS.find(token[1].lower())
    if r < 0:
        raise InvalidCards(f"'{token}': unknown rank '{token[0]}' (ranks are 2-9 T J Q K A)")
    if s < 0:
        raise InvalidCards(f"'{token}': unknown suit '{token[1]}' (suits are s h d c)")
    return make(r, s)


def parse_cards(
    cards: object,  # str | Iterable[str]; anything else is refused (it comes from a request)
    *,
    count: int | tuple[int, ...] | None = None,
    joker: bool = False,
    distinct: bool = True,
) -> tuple[int, ...]:
    """Cards from ``"As Kd, Qh"`` or ``["As", "Kd"]``.

    ``count`` is the number (or allowed numbers) of cards the hand must hold; ``distinct``
    refuses the same card twice (off only for multi-deck baccarat shoes).
    """
    tokens = [t for t in _SEPARATORS.split(cards.strip()) if t] if isinstance(cards, str) else cards
    if not isinstance(tokens, Iterable) or isinstance(tokens, Mapping | bytes | bytearray):
        raise InvalidCards("cards must be a list like ['As', 'Kd'] or a string like 'As Kd'")
    parsed = tuple(parse_card(t, joker=joker) for t in tokens)
    allowed = (count,) if isinstance(count, int) else count
    if allowed is not None and len(parsed) not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        raise InvalidCards(f"{len(parsed)} cards given; this hand takes {wanted}")
    if distinct:
        verify_distinct(parsed)
    return parsed


def verify_distinct(cards: Iterable[int]) -> None:
    """Refuse the same card twice: one deck holds each card once."""
    seen: set[int] = set()
    for c in cards:
        if c in seen:
            raise InvalidCards(f"'{card_str(c)}' appears twice: a deck holds each card once")
        seen.add(c)


def deck(*, joker: bool = False) -> tuple[int, ...]:
    """The 52-card deck, or the 53-card Pai Gow deck with one joker (§645a.2(b))."""
    return tuple(range(53 if joker else 52))


def shoe(decks: int) -> tuple[int, ...]:
    """A baccarat shoe of ``decks`` standard decks, in deck order (§627a.3)."""
    if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
        raise InvalidCards(f"{decks!r} decks: a shoe holds a whole number of decks, at least one")
    return tuple(range(52)) * decks
