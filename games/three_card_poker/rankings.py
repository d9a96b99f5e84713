"""Three Card Poker hands as the paytables name them (§649a.6, §649a.1), and the dealer's
qualifying hand (§649a.11(c)(3))."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games.cards import QUEEN, RANKS
from games.hands import (
    Category,
    ThreeCardCategory,
    category,
    is_mini_royal,
    strength,
    super_royal,
    three_card_rank,
)
from games.paytables import Paytable, Row


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


def five_card_names(cards: Sequence[int]) -> tuple[str, ...]:
    """Paytable names of the best five of 5 or 6 cards, highest first; six cards may also be a
    Super Royal (§649a.7(d)(5))."""
    cat = category(strength(cards))
    names = [cat.name.lower()]
    if cat == Category.ROYAL_FLUSH:
        names.append("straight_flush")
    if super_royal(cards):
        names.insert(0, "super_royal")
    return tuple(names)


def best_row(paytable: Paytable, names: Sequence[str]) -> Row | None:
    """The hand's highest row: only the highest ranking hand is paid."""
    return next((r for n in names if (r := paytable.row(n)) is not None), None)


@lru_cache(maxsize=1024)
def dealer_qualifies(dealer: tuple[int, ...]) -> bool:
    """Queen high or better (§649a.11(c)(3), §649a.2(b)(6))."""
    cat, ranks = three_card_rank(dealer)
    return cat > ThreeCardCategory.HIGH_CARD or ranks[0] >= QUEEN
