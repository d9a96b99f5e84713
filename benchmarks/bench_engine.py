"""The engine's five-card evaluator (§649a.6(d), §643a.6(b)): best five of seven, per hand and in
batch, and the exhaustive count of all 133,784,560 seven-card hands.

Baselines are measured in the same run on the same hands: ``treys`` (pure Python, table
driven) for the per-hand API; ``eval7`` (a compiled evaluator called hand by hand from Python)
for the numpy batch; and, for the exhaustive count, the per-hand API's time on a sample of
hands extrapolated to all of them. Every evaluator must agree with ours on the sampled hands,
and the exhaustive count must match the published one, or the benchmark fails.
"""

from __future__ import annotations

import time
import warnings
from math import comb

import numpy as np
import treys

from games.batch import category_counts, every_hand_histogram, strengths
from games.cards import cards_str
from games.hands import STRENGTH_COUNT, Category, strength

with warnings.catch_warnings():  # eval7 still uses old pyparsing names
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

SEED = 7
SAMPLE = 30_000  # hands for the per-hand evaluators
BATCH = 2_000_000  # hands for the batch evaluator
REPEAT = 3  # best of: the machine is shared
SEVEN_CARD_FLUSHES = 4_047_644 + 41_584  # flushes and straight flushes of all seven-card hands


def _hands(count: int) -> np.ndarray:
    """Random seven-card hands of distinct cards: rows with a repeated card are drawn again."""
    rng = np.random.default_rng(SEED)
    hands = rng.integers(0, 52, (count, 7), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeated = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
        if not repeated.size:
            return hands
        hands[repeated] = rng.integers(0, 52, (repeated.size, 7), dtype=np.uint8)


def _best_time(call) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def _figure(value: float, unit: str, baseline: str, baseline_value: float, ratio: float) -> dict:
    return {"value": value, "unit": unit, "baseline": baseline, "baseline_value": baseline_value,
            "ratio": ratio}


def _python(hands: list[list[int]]) -> tuple[float, list[int]]:
    ours = list(map(strength, hands))
    return len(hands) / _best_time(lambda: list(map(strength, hands))), ours


def _treys(hands: list[list[int]], ours: list[int]) -> float:
    evaluator = treys.Evaluator()
    cards = [[treys.Card.new(t) for t in cards_str(h).split()] for h in hands]
    theirs = [evaluator.evaluate(h[:2], h[2:]) for h in cards[:1000]]
    if [STRENGTH_COUNT - t for t in theirs] != ours[:1000]:
        raise AssertionError("treys and the engine disagree")
    return len(cards) / _best_time(lambda: [evaluator.evaluate(h[:2], h[2:]) for h in cards])


def _eval7(hands: list[list[int]], ours: list[int]) -> float:
    cards = [[eval7.Card(t) for t in cards_str(h).split()] for h in hands]
    theirs = [eval7.evaluate(h) for h in cards[:1000]]
    if np.argsort(theirs, kind="stable").tolist() != np.argsort(ours[:1000], kind="stable").tolist():
        raise AssertionError("eval7 and the engine disagree")
    return len(cards) / _best_time(lambda: [eval7.evaluate(h) for h in cards])


def _batch(hands: np.ndarray, ours: list[int]) -> float:
    if strengths(hands[:SAMPLE]).tolist() != ours:
        raise AssertionError("batch and per-hand strengths disagree")
    return len(hands) / _best_time(lambda: strengths(hands))


def _exhaustive() -> float:
    started = time.perf_counter()
    counts = category_counts(every_hand_histogram(7))
    took = time.perf_counter() - started
    flushes = sum(counts[c] for c in (Category.FLUSH, Category.STRAIGHT_FLUSH,
                                      Category.ROYAL_FLUSH))
    if sum(counts.values()) != comb(52, 7) or flushes != SEVEN_CARD_FLUSHES:
        raise AssertionError(f"wrong seven-card counts: {counts}")
    return took


def run() -> dict:
    batch_hands = _hands(BATCH)
    sample = batch_hands[:SAMPLE].tolist()
    python_rate, ours = _python(sample)
    treys_rate = _treys(sample, ours)
    eval7_rate = _eval7(sample, ours)
    batch_rate = _batch(batch_hands, ours)
    exhaustive = _exhaustive()
    extrapolated = comb(52, 7) / python_rate
    return {
        "engine.best5of7.python": _figure(
            python_rate, "hands/s", "treys Evaluator.evaluate, per hand", treys_rate,
            python_rate / treys_rate),
        "engine.best5of7.batch": _figure(
            batch_rate, "hands/s", "eval7.evaluate, per hand from Python", eval7_rate,
            batch_rate / eval7_rate),
        "engine.exhaustive7": _figure(
            exhaustive, "s", "per-hand Python API, sample rate extrapolated to 133,784,560",
            extrapolated, extrapolated / exhaustive),
    }
