"""Pai Gow Poker rankings (§645a.6) for the 53-card deck with one joker.

§645a.6(a)-(e) are elided in the excerpts; the common casino rules (facts.md, SECONDARY: confirm
against 58 Pa. Code §645a.6) are implemented and named here:

- The joker plays as an ace, or completes a straight, flush, straight flush or royal flush (in
  any position of it). It never makes a pair or better of another rank. (§645a.6(f)(3) words
  the joker royal flush as K-Q-J-10 and the joker; A-K-Q-J and the joker, the joker as the 10,
  is a royal flush here too, by the general joker rule.)
- Five aces (four aces and the joker) is the highest five-card hand, above the royal flush: the
  order §645a.6(f) and §645a.13(g) list them in.
- A-2-3-4-5 is the second-highest straight and straight flush (``WHEEL_SECOND_HIGHEST``, facts.md)
  or the lowest (``WHEEL_LOWEST``) as the Rules Submission selects: the game option ``wheel``.
- The two-card low hand is a pair or two high cards; the joker in it plays as an ace, so
  ace-joker is a pair of aces (the highest low hand).

High and low hands are dense ints: higher wins, equal is a copy (§645a.11(f)(1)(ii)).
Seven-card hands for the optional wagers (§645a.6(f)-(g), §645a.7(e)) are sets of hand names;
a paytable's first row (its rows are listed highest first) among them is the hand paid.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from games import hands
from games.cards import ACE, FIVE, JOKER, KING, NINE, QUEEN, RANKS, TEN, make, rank, suit
from games.hands import STRENGTH_COUNT, STRENGTH_KEYS, Category

WHEEL_SECOND_HIGHEST = "second_highest"
WHEEL_LOWEST = "lowest"
WHEELS = (WHEEL_SECOND_HIGHEST, WHEEL_LOWEST)

FIVE_ACES = STRENGTH_COUNT  # the one high-hand strength above the royal flush
STRAIGHT_OR_FLUSH = frozenset(  # the hands the joker may complete
    {Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH}
)
_MAY_MAKE = tuple(hands.category(s) in STRAIGHT_OR_FLUSH for s in range(STRENGTH_COUNT))
_ACES = frozenset(make(ACE, s) for s in range(4))
_PAIR_BASE = 169  # low hands: two high cards are hi*13+lo (< 169), a pair 169 + its rank


def _wheel_order(wheel: str) -> tuple[int, ...]:
    """games.hands strength -> Pai Gow strength: the same order but for the wheel rule."""

    def key(s: int) -> tuple[float, ...]:
        k = STRENGTH_KEYS[s]  # games.hands ranks the wheel five-high
        moved = wheel == WHEEL_SECOND_HIGHEST and k[0] in (
            Category.STRAIGHT, Category.STRAIGHT_FLUSH) and k[1] == FIVE
        return (k[0], KING + 0.5) if moved else k

    to_pai_gow = [0] * STRENGTH_COUNT
    for i, s in enumerate(sorted(range(STRENGTH_COUNT), key=key)):
        to_pai_gow[s] = i
    return tuple(to_pai_gow)


_ORDER = {w: _wheel_order(w) for w in WHEELS}


def best_five(cards: Sequence[int], wheel: str = WHEEL_SECOND_HIGHEST) -> tuple[int, int]:
    """(Pai Gow strength, games.hands strength) of the best five of 5-7 cards, the joker
    played as an ace or to complete a straight or flush; five aces is ``FIVE_ACES`` twice."""
    return _best_five(tuple(cards), wheel)


# A round asks the same hand several times (the house way, the foul check, the comparison,
# the description), and a hand with the joker tries every card in its place: each once.
@lru_cache(maxsize=8192)
def _best_five(cards: tuple[int, ...], wheel: str) -> tuple[int, int]:
    to_pai_gow = _ORDER[wheel]
    if JOKER not in cards:
        s = hands.strength(cards)
        return to_pai_gow[s], s
    rest = [c for c in cards if c != JOKER]
    held = set(rest)
    if held.issuperset(_ACES):
        return FIVE_ACES, FIVE_ACES
    in_suit = [0] * 4
    for c in rest:
        in_suit[suit(c)] += 1
    plain_ranks: set[int] = set()  # a card that cannot make a flush counts by its rank alone
    best = None
    for c in range(52):
        if c in held:
            continue
        if in_suit[suit(c)] < 4:
            if rank(c) in plain_ranks:
                continue
            plain_ranks.add(rank(c))
        s = hands.strength([*rest, c])
        if best is not None and to_pai_gow[s] <= to_pai_gow[best]:
            continue
        if _MAY_MAKE[s] or rank(c) == ACE:
            best = s
    assert best is not None  # an ace always completes a hand
    return to_pai_gow[best], best


def high_strength(cards: Sequence[int], wheel: str = WHEEL_SECOND_HIGHEST) -> int:
    """Strength of a five-card high hand: higher wins, equal is a copy."""
    return best_five(cards, wheel)[0]


def _low_ranks(cards: Sequence[int]) -> tuple[int, int]:
    a, b = (ACE if c == JOKER else rank(c) for c in cards)
    return (a, b) if a >= b else (b, a)


def low_strength(cards: Sequence[int]) -> int:
    """Strength of a two-card low hand: any pair beats any two high cards; the joker is an ace."""
    hi, lo = _low_ranks(cards)
    return _PAIR_BASE + hi if hi == lo else hi * 13 + lo


def describe_high(cards: Sequence[int]) -> str:
    s = best_five(cards)[1]
    return "five aces" if s == FIVE_ACES else hands.describe(s)


def describe_low(cards: Sequence[int]) -> str:
    hi, lo = _low_ranks(cards)
    return f"pair ({RANKS[hi]})" if hi == lo else f"high card ({RANKS[hi]}-{RANKS[lo]})"


def ranks_at_least(high: Sequence[int], low: Sequence[int]) -> bool:
    """§645a.11(b): the five-card high hand must rank equal to or higher than the two-card low
    hand (a low pair of sevens needs at least a pair of sevens in the high hand)."""
    s = best_five(high)[1]
    if s == FIVE_ACES:
        return True
    key = STRENGTH_KEYS[s]
    hi, lo = _low_ranks(low)
    low_key = (Category.PAIR, hi) if hi == lo else (Category.HIGH_CARD, hi, lo)
    if key[0] != low_key[0]:
        return key[0] > low_key[0]
    return key[1:len(low_key)] >= low_key[1:]


def is_set_correctly(high: Sequence[int], low: Sequence[int]) -> bool:
    """§645a.11(b), (f)(1)(iii)-(iv): five cards high, two low, the high hand not below the low."""
    return len(high) == 5 and len(low) == 2 and ranks_at_least(high, low)


# Seven-card hands (§645a.6(f)-(g), §645a.7(e)) --------------------------------------------

def _windows(length: int) -> tuple[int, ...]:
    """Rank masks of ``length`` consecutive ranks; the ace also plays low (A-2-3-4-5...)."""
    run = (1 << length) - 1
    ace_low = (1 << ACE) | (run >> 1)
    return (ace_low, *(run << low for low in range(13 - length + 1)))


_FIVE_RUNS = _windows(5)
_SEVEN_RUNS = _windows(7)
_ROYAL = 0b11111 << TEN
_WHEEL = (1 << ACE) | 0b1111
_ACE_QUEEN = (1 << ACE) | (1 << QUEEN)
_KING_QUEEN = (1 << KING) | (1 << QUEEN)
HIGH_CARD_HANDS = {
    NINE: "nine_high", TEN: "ten_high", TEN + 1: "jack_high", QUEEN: "queen_high",
    KING: "king_high", ACE: "ace_high",
}


def _completes(mask: int, runs: tuple[int, ...], jokers: int) -> bool:
    return any((run & ~mask).bit_count() <= jokers for run in runs)


def _royal_match(suit_masks: list[int], jokers: int) -> bool:
    """A royal flush plus a suited king-queen in the two cards left (the "royal match")."""
    for x, mask in enumerate(suit_masks):
        missing = (_ROYAL & ~mask).bit_count()
        if missing > jokers:
            continue
        if missing < jokers:  # the joker is left over, so no natural king-queen pair is
            return False
        left = [(y, m & ~_ROYAL if y == x else m) for y, m in enumerate(suit_masks)]
        if any(m == _KING_QUEEN for _, m in left) and sum(m.bit_count() for _, m in left) == 2:
            return True
    return False


def seven_card_hands(cards: Sequence[int]) -> frozenset[str]:
    """Every hand the seven cards form (the dealer rearranges them, §645a.11(h)), by the names
    the paytables use. A hand that forms a higher one also forms the lower ones it contains."""
    return _seven_card_hands(tuple(cards))


@lru_cache(maxsize=1024)  # asked by the house way, then by the optional wagers
def _seven_card_hands(cards: tuple[int, ...]) -> frozenset[str]:
    jokers = 1 if JOKER in cards else 0
    naturals = [c for c in cards if c != JOKER]
    counts = [0] * 13
    suit_masks = [0] * 4
    for c in naturals:
        counts[rank(c)] += 1
        suit_masks[suit(c)] |= 1 << rank(c)
    counts[ACE] += jokers  # the joker plays as an ace for pairs and better
    present = suit_masks[0] | suit_masks[1] | suit_masks[2] | suit_masks[3]
    found: set[str] = set()
    most = max(counts)
    if counts[ACE] == 5:
        found.add("five_aces")
    if most >= 4:
        found.add("four_of_a_kind")
    if most >= 3:
        found.add("three_of_a_kind")
        if sorted(counts)[-2] >= 2:
            found.add("full_house")
    if _completes(present, _FIVE_RUNS, jokers):
        found.add("straight")
    if any(m.bit_count() + jokers >= 5 for m in suit_masks):
        found.add("flush")
    found.update(_suited_hands(suit_masks, jokers, len(naturals)))
    if most == 1 and not found:
        found.add(HIGH_CARD_HANDS[max(r for r in range(13) if counts[r])])
    return frozenset(found)


def _suited_hands(suit_masks: list[int], jokers: int, naturals: int) -> set[str]:
    """Straight flushes and the §645a.6(f)-(g) hands made of suited cards."""
    found = set()
    for x, mask in enumerate(suit_masks):
        if _completes(mask, _FIVE_RUNS, jokers):
            found.add("straight_flush")
        if (_ROYAL & ~mask).bit_count() <= jokers:
            found.add("royal_flush")
        others_ace_queen = any(m & _ACE_QUEEN == _ACE_QUEEN for y, m in enumerate(suit_masks)
                               if y != x)
        if mask & _ROYAL == _ROYAL and others_ace_queen:
            found.add("natural_royal_flush_and_natural_ace_queen_suited")
        if mask & _WHEEL == _WHEEL:
            found.add("ace_five_natural_straight_flush")
            if others_ace_queen:
                found.add("ace_five_natural_straight_flush_and_natural_ace_queen_suited")
        if mask.bit_count() == naturals and any(mask & ~run == 0 for run in _SEVEN_RUNS):
            found.add("seven_card_straight_flush")
            found.add("seven_card_straight_flush_with_joker" if jokers
                      else "natural_seven_card_straight_flush")
    if _royal_match(suit_masks, jokers):
        found.add("royal_flush_and_royal_match")
    return found


def is_envy_qualifying(seven_card: frozenset[str]) -> bool:
    """§645a.1: an Envy Bonus Qualifying Hand is four of a kind or better from the seven cards
    (every higher hand is a straight flush or holds four of a kind)."""
    return "four_of_a_kind" in seven_card or "straight_flush" in seven_card


def is_queens_dragon(cards: Sequence[int]) -> bool:
    """§645a.1: seven cards of different ranks, no straight, flush, straight flush or royal
    flush, queen high. The joker plays as an ace, so a hand holding it is never one."""
    if JOKER in cards or len({rank(c) for c in cards}) != 7:
        return False
    return max(rank(c) for c in cards) == QUEEN and seven_card_hands(cards) == {"queen_high"}
