"""What the settle benchmarks measure against: the same rounds settled another way that does
the same job, with the same validation and JSON output, measured in the same run."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import games


def rate(fn: Callable, items: Sequence) -> tuple[float, list]:
    """``fn`` over ``items``: (items per second, results)."""
    started = time.perf_counter()
    results = [fn(item) for item in items]
    return len(items) / (time.perf_counter() - started), results


def best_rates(*runs: tuple[Callable, Sequence], repeat: int = 7) -> list[float]:
    """Items per second of each ``(fn, items)``, the best of ``repeat`` passes taken in turn
    (ours, the baseline, ours, ...), so a shared machine's busy moments fall on both alike
    instead of deciding a ratio of two single passes."""
    best = [0.0] * len(runs)
    for _ in range(repeat):
        for i, (fn, items) in enumerate(runs):
            best[i] = max(best[i], rate(fn, items)[0])
    return best


def per_seat(payload: dict) -> list[dict]:
    """The baseline: each seat settled as a request of its own, so every table-level step
    (reading the shared cards and options, the dealer's hand, paytable look-ups) is done again
    for each seat."""
    return [games.settle({**payload, "positions": [p]})["positions"][0]
            for p in payload["positions"]]


def settle_figure(payloads: Sequence[dict]) -> tuple[dict, list[dict]]:
    """rounds/s of ``games.settle`` (one request per table) against ``per_seat``, with the
    settled rounds; refused if the two disagree on any seat."""
    games.settle(payloads[0])  # import the game and load the catalog before timing
    value, settled = rate(games.settle, payloads)
    baseline, seats = rate(per_seat, payloads)
    if [r["positions"] for r in settled] != seats:
        raise AssertionError("one request per table and one per seat disagree")
    return {"value": value, "unit": "rounds/s",
            "baseline": "the same rounds, one settle request per seat (same validation and "
                        "JSON output)",
            "baseline_value": baseline, "ratio": value / baseline}, settled
