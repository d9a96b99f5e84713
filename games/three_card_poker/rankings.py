"""Three Card Poker hands as the paytables name them (§649a.6, §649a.1), and the dealer's
qualifying hand (§649a.11(c)(3))."""

from __future__ import annotations

from functools import lru_cache

from games.cards import QUEEN, RANKS
from games.hands import (
    Category,
    ThreeCardCategory,
    category,
    describe,
    is_mini_royal,
    strength,
    super_royal,
    three_card_rank,
)


# Settling asks the same hand several questions (Ante, Ante Bonus, Pair Plus, progressive,
# Envy): each answer is computed once per hand.
@lru_cache(maxsize=4096)
def three_card_names(cards: tuple[int, ...]) -> tuple[str, ...]:
    """Paytable names of a three-card hand, highest first (a mini-royal is a straight flush
    where a table has no mini-royal row)."""
    cat, _ = three_card_rank(cards)
    own = cat.name.lower()
    return ("mini_royal", own) if is_mini_royal(cards) else (own,)


@lru_cache(maxsize=4096)
def three_card_label(cards: tuple[int, ...]) -> str:
    """``"pair (K-9)"``, ``"mini royal"``: for the slip and the response."""
    if is_mini_royal(cards):
        return "mini royal"
    cat, ranks = three_card_rank(cards)
    return f"{cat.label} ({'-'.join(RANKS[r] for r in ranks)})"


@lru_cache(maxsize=4096)
def five_card_hand(cards: tuple[int, ...]) -> tuple[int, str]:
    """(strength, description) of the best five of 5 or 6 cards: each position's five- and
    six-card hands are asked for by several wagers, the Envy and the response."""
    hand_strength = strength(cards)
    return hand_strength, describe(hand_strength)


@lru_cache(maxsize=4096)
def five_card_names(cards: tuple[int, ...]) -> tuple[str, ...]:
    """Paytable names of the best five of 5 or 6 cards, highest first; six cards may also be a
    Super Royal (§649a.7(d)(5))."""
    cat = category(five_card_hand(cards)[0])
    names = [cat.name.lower()]
    if cat == Category.ROYAL_FLUSH:
        names.append("straight_flush")
    if super_royal(cards):
        names.insert(0, "super_royal")
    return tuple(names)


@lru_cache(maxsize=1024)
def dealer_qualifies(dealer: tuple[int, ...]) -> bool:
    """Queen high or better (§649a.11(c)(3), §649a.2(b)(6))."""
    cat, ranks = three_card_rank(dealer)
    return cat > ThreeCardCategory.HIGH_CARD or ranks[0] >= QUEEN
