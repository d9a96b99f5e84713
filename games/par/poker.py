"""Every hand of a 52-card deck, counted once, for the par sheets of the Poker-based games:
three-card hands by the engine's three-card rankings, five- and six-card hands by the engine's
batch evaluation (``games.batch``), and the combinatorial number system that lets a hand's
subsets be found by arithmetic rather than search."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from functools import cache
from itertools import chain, combinations
from math import comb
from typing import TYPE_CHECKING

import numpy as np

from games import batch
from games.hands import Category
from games.paytables import Paytable

if TYPE_CHECKING:
    from decimal import Decimal

    from games.par.core import WagerPar

# BINOMIAL[n, k] = C(n, k), for colex indices of up to five cards.
BINOMIAL = np.array([[comb(n, k) for k in range(6)] for n in range(53)], np.int64)


@cache
def every_combination(size: int) -> np.ndarray:
    """Every ``size``-card combination of the deck, lowest card first, in lexicographic
    order (int8: 13 MB for five cards)."""
    flat = chain.from_iterable(combinations(range(52), size))
    return np.fromiter(flat, np.int8, count=comb(52, size) * size).reshape(-1, size)


def colex(cards: np.ndarray) -> np.ndarray:
    """The colex index of each row of ascending cards: sum of C(card_i, i + 1), a dense index
    0 .. C(52, k) - 1 for k-card hands."""
    cards = cards.astype(np.int64)
    index: np.ndarray = sum(BINOMIAL[cards[:, i], i + 1] for i in range(cards.shape[1]))
    return index


def without(cards: np.ndarray, drop: int) -> np.ndarray:
    """The colex index of each hand less its card in column ``drop``."""
    keep = [i for i in range(cards.shape[1]) if i != drop]
    return colex(cards[:, keep])


def subsets(cards: np.ndarray, size: int) -> list[np.ndarray]:
    """Colex indices of every ``size``-card subset of each hand, one array per subset."""
    return [colex(cards[:, list(cols)]) for cols in combinations(range(cards.shape[1]), size)]


def three_card_probabilities(table: Paytable, names: Callable[[tuple[int, ...]], Sequence[str]]
                             ) -> dict[str, float]:
    """Probability that each row is the highest the player's three cards make, ``names``
    being the game's own paytable names of a hand, highest first."""
    tally: Counter[str] = Counter()
    hands = combinations(range(52), 3)
    for h in hands:
        row = table.first_row(names(h))
        if row is not None:
            tally[row.hand] += 1
    total = comb(52, 3)
    return {k: v / total for k, v in tally.items()}


@cache
def category_counts(cards: int) -> dict[Category, int]:
    """Hands of each category among all C(52, ``cards``), every one evaluated."""
    return batch.category_counts(batch.every_hand_histogram(cards))


def five_card_probabilities(table: Paytable, cards: int, *, super_royal: bool = False
                            ) -> dict[str, float]:
    """Probability that each row is the highest the best five of ``cards`` cards make. Names
    are the category's (``Category`` names) with a royal flush also a straight flush, as the
    games name them (``three_card_poker.rankings.five_card_names``); with ``super_royal``, six
    cards 9-T-J-Q-K-A of one suit are a Super Royal first (§649a.7(d)(5))."""
    tally: Counter[str] = Counter()
    for cat, count in category_counts(cards).items():
        names = [cat.name.lower()] + (["straight_flush"] if cat == Category.ROYAL_FLUSH else [])
        if cat == Category.ROYAL_FLUSH and super_royal and table.row("super_royal"):
            tally["super_royal"] += 4  # one in each suit
            count -= 4
        row = table.first_row(names)
        if row is not None:
            tally[row.hand] += count
    total = comb(52, cards)
    return {k: v / total for k, v in tally.items()}


def five_card_hand_bonus(game: str, wager: str, name: str, table: Paytable, *,
                         meter: Decimal | None, stake: Decimal) -> WagerPar:
    """The Five Card Hand Bonus Wager (§643a.12(f), §647a.12(e), §649a.12(i)): a flush or
    better in one five-card hand, the player's or the dealer's, each a random five of the deck:
    every one of the 2,598,960 hands evaluated. The meter rows are valued at ``meter``; the
    Magic Card and Lucky Bonus draws (paragraph (3)) are the table game system's and not
    counted; a meter award on the dealer's hand is shared by those who wagered on it."""
    from games.par import core

    p = five_card_probabilities(table, 5)
    par = core.WagerPar(wager, name, table.id,
                        core.by_rows(table, p, "five_card_hand_bonus", meter=meter,
                                     stake=stake))
    par.notes.append("Exact: every five-card hand; the Magic Card and Lucky Bonus the table "
                     "game system may draw are not counted")
    if wager.endswith("_dealer"):
        par.notes.append("On the dealer's hand a share of the meter is divided equally among "
                         "the players who wagered on it: the figures are for one such player")
    return core.progressive(par, table, p, stake=stake, meter=meter)
