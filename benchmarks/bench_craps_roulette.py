"""Craps (§623b) and Roulette (§617b) side-wager settlement, in rounds per second.

A round is a whole shooter's hand (random dice up to the seven-out) or one spin, at a full
table (16 craps seats, 8 roulette seats) with every wager at every seat, through ``games.settle``
(request validation and JSON-ready output included). The baseline, measured in the same run on
the same rounds, is the naive way to post them: one request per seat (benchmarks/baselines.py),
so every table-level decision (the Hot Roller count, the Lucky Shooter walk, the bonus round)
and paytable look-up is made again for each seat. Both must agree on every seat's lines, or the
benchmark fails.
"""

from __future__ import annotations

import random

from benchmarks.baselines import settle_figure
from games import craps, roulette

ROUNDS = 600
SEED = 623
CRAPS_OPTIONS = {"hot_roller": "B", "lucky_shooter": "D", "bonus_craps": "1", "electronic_table": True}
CRAPS_WAGERS = ("hot_roller", "lucky_shooter", "all_small", "all_tall", "make_em_all")
ROULETTE_WAGERS = ("b2b", "blazing_7s")


def _seats(count: int, wagers: tuple[str, ...]) -> list[dict]:
    """Every wager at every seat, seat n betting $n."""
    return [{"seat": s, "wagers": dict.fromkeys(wagers, f"{s}.00")} for s in range(1, count + 1)]


def _shooter(rng: random.Random) -> list[list[int]]:
    rolls: list[list[int]] = []
    while True:
        rolls.append([rng.randint(1, 6), rng.randint(1, 6)])
        if craps.base_game(sum(r) for r in rolls)[1] is not None:
            return rolls


def craps_rounds(rng: random.Random) -> list[dict]:
    return [{"game": "craps", "options": CRAPS_OPTIONS, "rolls": _shooter(rng),
             "positions": _seats(16, CRAPS_WAGERS)}
            for _ in range(ROUNDS)]


def roulette_rounds(rng: random.Random) -> list[dict]:
    wheel = roulette.WHEELS["double_zero"]
    rounds = []
    for _ in range(ROUNDS):
        previous = rng.choice(wheel)
        spin = previous if rng.random() < 0.3 else rng.choice(wheel)
        payload = {"game": "roulette", "options": {"blazing_7s": "3"}, "previous_spin": previous,
                   "spin": spin,
                   "positions": _seats(8, ROULETTE_WAGERS)}
        if spin == previous:
            payload["rng_payout"] = rng.choice(["1000", "500", "250", "100", "50", "25", "10"])
        if spin in ("7", "17", "27"):
            payload["bonus_balls"] = rng.sample(wheel, 3)
        rounds.append(payload)
    return rounds


def run() -> dict:
    rng = random.Random(SEED)
    return {
        "craps.settle_16_seats": settle_figure(craps_rounds(rng))[0],
        "roulette.settle_8_seats": settle_figure(roulette_rounds(rng))[0],
    }

