"""Benchmarks: ``python -m benchmarks`` (or ``make bench``) runs every ``bench_*.py`` module.

Each module exposes ``run() -> dict[str, dict]`` mapping a figure's name to::

    {
        "value": 0.0123,          # our figure
        "unit": "s",              # unit of value and baseline_value
        "baseline": "naive loop", # what we compare against, measured in the same run
        "baseline_value": 0.456,
        "ratio": 37.1,            # times better than the baseline (durations: baseline / ours)
    }

A ratio below 1 is printed as "worse": the baseline beats us, and the module says why. A count
whose target is zero (errors, losses) has no baseline: ``baseline`` says so and
``baseline_value`` and ``ratio`` are None.

Names must be unique across modules (prefix them with the module's subject). Results are
printed and written to ``var/bench.json``.
"""
