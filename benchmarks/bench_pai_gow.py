"""Pai Gow Poker settlement (§645a.11) in rounds per second, and its house way (§645a.11(c)) in
settings per second.

``pai_gow_poker.settle``: a full table of six players, each asking the house way to set his
seven cards and betting the Pai Gow Poker Wager and a $1 Fortune Bonus (under the $5 of a
Qualifying Wager: an Envy Bonus depends on the other seats), through ``games.settle``
(request validation and JSON-ready output included), against the same rounds settled one request
per seat (benchmarks/baselines.py); both must agree on every seat, or the benchmark fails.

``pai_gow_house_way``: ``games.pai_gow_poker.house_way.set_hand`` with the common house way on random
seven-card hands from the 53-card deck, including its check that the setting does not foul. The
baseline, measured in the same run on the same hands, is a brute-force search over all 21 ways
to split seven cards into five and two, keeping the legal split with the best low hand and then
the best high hand. It is a different way to set a hand (a search, not the written house way), so only
the speed is compared; both use the same rankings (games/pai_gow_poker/rankings.py), and every setting
of both is checked to be legal, or the benchmark fails.
"""

from __future__ import annotations

import random
from itertools import combinations

from benchmarks.baselines import rate, settle_figure
from games.cards import card_str, deck
from games.pai_gow_poker.house_way import Setting, set_hand
from games.pai_gow_poker.rankings import high_strength, is_set_correctly, low_strength

HANDS = 2000
ROUNDS = 300
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


def rounds(rng: random.Random) -> list[dict]:
    """Seven cards to each of six positions and the dealer from one 53-card deck."""
    found = []
    for _ in range(ROUNDS):
        dealt = [card_str(c) for c in rng.sample(deck(joker=True), 49)]
        found.append({
            "game": "pai_gow_poker", "options": {"fortune_bonus": "1"},
            "dealer": dealt[42:], "stub_count": 4,
            "positions": [{"seat": i + 1, "cards": dealt[7 * i:7 * i + 7],
                           "wagers": {"pai_gow": "10.00", "fortune_bonus": "1.00"}}
                          for i in range(6)],
        })
    return found


def run() -> dict:
    rng = random.Random(SEED)
    cards = deck(joker=True)
    hands = [tuple(rng.sample(cards, 7)) for _ in range(HANDS)]
    value, ours = rate(set_hand, hands)
    baseline, theirs = rate(brute_force, hands)
    for s in (*ours, *theirs):
        if not is_set_correctly(s.high, s.low):
            raise AssertionError("a setting fouls")
    return {
        "pai_gow_poker.settle": settle_figure(rounds(rng))[0],
        "pai_gow_house_way": {
            "value": value, "unit": "settings/s",
            "baseline": "brute force over the 21 splits (best legal low, then high)",
            "baseline_value": baseline, "ratio": value / baseline,
        },
    }


if __name__ == "__main__":
    print(run())
