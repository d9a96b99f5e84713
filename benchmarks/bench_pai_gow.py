"""Pai Gow Poker house way (§645a.11(c)), in settings per second.

The figure is ``games.pai_gow.house_way.set_hand`` with the common house way on random seven-card
hands from the 53-card deck, including its check that the setting does not foul. The baseline,
measured in the same run on the same hands, is a brute-force search over all 21 ways to split
seven cards into five and two, keeping the legal split with the best low hand and then the best
high hand. It is a different way to set a hand (a search, not the written house way), so only
the speed is compared; both use the same rankings (games/pai_gow/rankings.py), and every setting
of both is checked to be legal, or the benchmark fails.
"""

from __future__ import annotations

import random
import time
from itertools import combinations

from games.cards import deck
from games.pai_gow.house_way import Setting, set_hand
from games.pai_gow.rankings import high_strength, is_set_correctly, low_strength

HANDS = 2000
SEED = 645


def brute_force(cards: tuple[int, ...]) -> Setting:
    """The legal split with the best low hand, then the best high hand: 21 splits searched."""
    best = None
    for low in combinations(cards, 2):
        high = tuple(c for c in cards if c not in low)
        if not is_set_correctly(high, low):
            continue
        key = (low_strength(low), high_strength(high))
        if best is None or key > best[0]:
            best = (key, Setting(high, low))
    return best[1]


def _timed(fn, hands) -> tuple[float, list[Setting]]:
    started = time.perf_counter()
    settings = [fn(h) for h in hands]
    return len(hands) / (time.perf_counter() - started), settings


def run() -> dict:
    rng = random.Random(SEED)
    cards = deck(joker=True)
    hands = [tuple(rng.sample(cards, 7)) for _ in range(HANDS)]
    value, ours = _timed(set_hand, hands)
    baseline, theirs = _timed(brute_force, hands)
    for s in (*ours, *theirs):
        if not is_set_correctly(s.high, s.low):
            raise AssertionError("a setting fouls")
    return {
        "pai_gow_house_way": {
            "value": value, "unit": "settings/s",
            "baseline": "brute force over the 21 splits (best legal low, then high)",
            "baseline_value": baseline, "ratio": value / baseline,
        },
    }


if __name__ == "__main__":
    print(run())
