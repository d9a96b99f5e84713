"""House ways: how the dealer sets seven cards into a high and a low hand (§645a.11(c)), and
how a player who asks for help is told to set them (§645a.11(a)(1)).

§645a.11(c) leaves the manner to the certificate holder's Rules Submission, so house ways are
a registry of named functions ``seven cards -> Setting``. A casino's own house way, as written
in its Rules Submission, is added with ``@house_way("<name>")`` and chosen with the game option
``house_way``. Every house way must set the hand correctly (§645a.11(b)); ``set_hand`` checks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.cards import ACE, JOKER, KING, SEVEN, SIX, TEN, TWO, rank
from games.errors import GameError, InvalidCards
from games.hands import category
from games.pai_gow_poker.rankings import (
    FIVE_ACES,
    STRAIGHT_OR_FLUSH,
    best_five,
    is_set_correctly,
    low_strength,
    seven_card_hands,
)


@dataclass(frozen=True)
class Setting:
    high: tuple[int, ...]
    low: tuple[int, ...]


HouseWay = Callable[[tuple[int, ...]], Setting]
HOUSE_WAYS: dict[str, HouseWay] = {}
DEFAULT_HOUSE_WAY = "common"


def house_way(name: str) -> Callable[[HouseWay], HouseWay]:
    """Register a house way under ``name`` (the Rules Submission's name for it)."""

    def register(fn: HouseWay) -> HouseWay:
        if name in HOUSE_WAYS:
            raise ValueError(f"house way {name!r} is registered twice")
        HOUSE_WAYS[name] = fn
        return fn

    return register


def set_hand(cards: Sequence[int], name: str = DEFAULT_HOUSE_WAY) -> Setting:
    """Set seven cards the way house way ``name`` says; refuses a setting that fouls."""
    if len(cards) != 7:
        raise InvalidCards(f"{len(cards)} cards given; a Pai Gow Poker hand is seven (§645a.9(c))")
    if name not in HOUSE_WAYS:
        raise GameError(f"{name!r} is not a house way ({', '.join(HOUSE_WAYS)})")
    setting = HOUSE_WAYS[name](tuple(cards))
    if sorted(setting.high + setting.low) != sorted(cards) or not is_set_correctly(
        setting.high, setting.low
    ):
        raise GameError(f"house way {name!r} set the hand incorrectly (§645a.11(b))")
    return setting


# The common published house way (facts.md, SECONDARY: dealer-school standard) ---------------


def _grouping_rank(card: int) -> int:
    """The joker groups with the aces: outside straights and flushes it plays as one."""
    return ACE if card == JOKER else rank(card)


def _groups(cards: tuple[int, ...]) -> list[list[int]]:
    """Cards by rank, largest group first, then highest rank; the joker last among the aces."""
    by_rank: dict[int, list[int]] = {}
    for c in sorted(cards, key=lambda c: (_grouping_rank(c), c != JOKER, c), reverse=True):
        by_rank.setdefault(_grouping_rank(c), []).append(c)
    return sorted(by_rank.values(), key=lambda g: (len(g), _grouping_rank(g[0])), reverse=True)


def _straight_or_flush(cards: tuple[int, ...]) -> Setting | None:
    """The straight, flush or straight flush (no pairs needed) that leaves the best low hand;
    among equal low hands the best high hand."""
    if not {"straight", "flush"} & seven_card_hands(cards):
        return None
    best: tuple[int, int, Setting] | None = None
    for high in combinations(cards, 5):
        pai_gow, s = best_five(high)
        if s == FIVE_ACES or category(s) not in STRAIGHT_OR_FLUSH:
            continue
        low = tuple(c for c in cards if c not in high)
        key = (low_strength(low), pai_gow)
        if best is None or key > best[:2]:
            best = (*key, Setting(high, low))
    return best[2] if best else None


def _setting(high: list[int], low: list[int]) -> Setting:
    return Setting(tuple(high), tuple(low))


@house_way("common")
def common(cards: tuple[int, ...]) -> Setting:
    """The dealer-school house way of facts.md, with every rule made explicit:

    - Five aces: split (three aces high, two low) unless a pair of kings can play low.
    - Four of a kind with a pair or trips beside it: four high, the best pair low. Otherwise
      2s-6s stay together; 7s-10s split unless an ace (or the joker) can play low; jacks-aces
      split (a pair in each hand).
    - Full house: trips high, pair low (with two pairs, the higher pair low) except a pair of
      2s with an ace and a king to play low. Two trips: the lower trips high, a pair of the
      higher low.
    - Three of a kind: a straight or flush high with a pair of the trips low when there is
      one; three aces split (a pair of aces high, the third ace and the best card low);
      otherwise trips high and the two best cards low.
    - Three pair: the highest pair low.
    - Two pair (explicit, as casinos differ): split (higher pair high, lower pair low) except
      keep both pairs high and play the two best single cards low when the higher pair is
      7s-10s and an ace can play low, or both pairs are 2s-6s and a king or ace can play low.
      Aces with any pair, and jacks, queens or kings high, always split. A straight or flush
      is not played over two pair.
    - One pair, or no pair: a straight or flush (straight flush, royal flush) high with the
      best low hand it leaves (a pair low where possible). Otherwise the pair high and the two
      best single cards low; with no pair the best card high and the next two low.
    """
    groups = _groups(cards)
    shape = [len(g) for g in groups]
    if shape[0] == 5:
        return _five_aces(groups)
    if shape[0] == 4:
        return _four_of_a_kind(groups)
    if shape[0] == 3:
        return _three_of_a_kind(cards, groups, shape)
    if shape[:3] == [2, 2, 2]:
        pairs = groups[:3]
        return _setting([*pairs[1], *pairs[2], *groups[3]], pairs[0])
    if shape[:2] == [2, 2]:
        return _two_pair(groups)
    return _straight_or_flush(cards) or _best_card_high(groups)


def _singles(groups: list[list[int]]) -> list[int]:
    """The cards not in a pair or better, highest first."""
    return [g[0] for g in groups if len(g) == 1]


def _five_aces(groups: list[list[int]]) -> Setting:
    aces, rest = groups[0], [c for g in groups[1:] for c in g]
    if len(groups) == 2 and _grouping_rank(rest[0]) == KING:
        return _setting(aces, rest)
    return _setting([*aces[:3], *rest], aces[3:])


def _four_of_a_kind(groups: list[list[int]]) -> Setting:
    quads, rest = groups[0], groups[1:]
    if len(rest[0]) >= 2:  # a pair (or trips) beside the four: the best pair plays low
        pair = rest[0][:2]
        return _setting([*quads, *[c for g in rest for c in g if c not in pair]], pair)
    singles = _singles(rest)
    quad_rank = _grouping_rank(quads[0])
    ace_low = _grouping_rank(singles[0]) == ACE
    if quad_rank <= SIX or (quad_rank <= TEN and ace_low):
        return _setting([*quads, singles[2]], singles[:2])
    return _setting([*quads[:2], *singles], quads[2:])


def _three_of_a_kind(
    cards: tuple[int, ...], groups: list[list[int]], shape: list[int]
) -> Setting:
    trips, rest = groups[0], groups[1:]
    if shape[1] == 3:  # two trips: the lower trips high, a pair of the higher low
        return _setting([*rest[0], trips[2], *rest[1]], trips[:2])
    if shape[1] == 2:  # full house
        pair = rest[0]
        if shape[2] == 2:
            return _setting([*trips, *rest[1]], pair)
        singles = _singles(rest)
        if _grouping_rank(pair[0]) == TWO and [_grouping_rank(c) for c in singles] == [ACE, KING]:
            return _setting([*trips, *pair], singles)
        return _setting([*trips, *singles], pair)
    made = _straight_or_flush(cards)
    if made is not None:
        return made
    singles = _singles(rest)
    if _grouping_rank(trips[0]) == ACE:
        return _setting([*trips[:2], *singles[1:]], [trips[2], singles[0]])
    return _setting([*trips, *singles[2:]], singles[:2])


def _two_pair(groups: list[list[int]]) -> Setting:
    high_pair, low_pair, singles = groups[0], groups[1], _singles(groups[2:])
    top = _grouping_rank(high_pair[0])
    best_single = _grouping_rank(singles[0])
    together = (SEVEN <= top <= TEN and best_single == ACE) or (
        top <= SIX and best_single >= KING
    )
    if together:
        return _setting([*high_pair, *low_pair, singles[2]], singles[:2])
    return _setting([*high_pair, *singles], low_pair)


def _best_card_high(groups: list[list[int]]) -> Setting:
    """One pair: the pair high, the two best single cards low. No pair: the best card high,
    the next two low."""
    singles = _singles(groups)
    if len(groups[0]) == 2:
        return _setting([*groups[0], *singles[2:]], singles[:2])
    return _setting([singles[0], *singles[3:]], singles[1:3])
