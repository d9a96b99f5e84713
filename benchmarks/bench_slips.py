"""``slips.validate_p99``: milliseconds at the 99th percentile to validate a jackpot slip over
the API (``POST /api/v1/jackpot-slips/<id>/validate/``: lock the meters, settle by the table's
terms, pay and reset the meter, audit) with 20 clients validating at once on PostgreSQL, each
at its own table and served by its own process (as web workers are: one Python process per
request at a time, never 20 requests behind one interpreter lock). Baseline: one client
validating alone, measured in the same run (so the ratio shows what concurrency costs). The
target is under 50 ms.

Every client validates one slip first, untimed (imports, URL resolver, its session). Runs in a
throwaway database (``bench_slips_<pid>``), dropped afterwards; skipped unless ``DATABASE_URL``
is PostgreSQL.
"""

import multiprocessing
import statistics
import time

from benchmarks.support import property_with_staff, throwaway_database

CLIENTS = 20
SLIPS_PER_CLIENT = 10
BASELINE_SLIPS = 40
ROUND = {"dealer": ["Qd", "3c", "2d"],
         "positions": [{"seat": 1, "cards": ["8s", "8h", "8d"],
                        "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}}]}
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}}]}


def _world(counts: list[int]) -> list[tuple]:
    """A property, its people, Three Card Poker terms with meters, and per client one open
    table with ``count`` recorded slips (alternately fixed-odds trips and 100%-of-meter
    royals): ``[(validator, slip ids), ...]``."""
    from tables import slips
    from tests.tables.slip_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff("BENCH-1", "b")
    tgm, co = person("tgm", "table_games_manager"), person("co", "compliance_officer")
    fm = person("fm", "floor_manager")
    terms = approve(prop, tcp_terms(), tgm, co)
    work = []
    for i, count in enumerate(counts):
        table = open_table(prop, terms, f"B-{i}", fm)
        bodies = [(("three_card_progressive", ROUND), ("five_card_progressive", ROYAL))[n % 2]
                  for n in range(count)]
        ids = [slips.slip_record(table=table, actor=fm,
                                 data={"seat": 1, "wager": w, "round": b}).pk
               for w, b in bodies]
        work.append((person(f"fp{i}", "floorperson"), ids))
    return work


def _validate_all(user, ids, barrier=None) -> list[float]:
    """Validate ``ids[0]`` untimed, wait at ``barrier``, then time each of the others."""
    from django.db import connection
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_login(user)
    times = []
    for n, pk in enumerate(ids):
        if n == 1 and barrier is not None:
            barrier.wait()
        started = time.perf_counter()
        answer = client.post(f"/api/v1/jackpot-slips/{pk}/validate/", format="json")
        if n:
            times.append((time.perf_counter() - started) * 1000)
        if answer.status_code != 200:
            raise RuntimeError(f"validate {pk}: {answer.status_code} {answer.content[:200]}")
    connection.close()
    return times


def _client(user, ids, barrier, out) -> None:
    try:
        out.put(_validate_all(user, ids, barrier))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        out.put(exc)


def _concurrently(work: list[tuple]) -> list[float]:
    """Each (validator, slips) in its own forked process, started together at a barrier."""
    from django.db import connections

    connections.close_all()  # a forked child opens its own connection
    fork = multiprocessing.get_context("fork")
    barrier, out = fork.Barrier(len(work)), fork.Queue()
    children = [fork.Process(target=_client, args=(user, ids, barrier, out))
                for user, ids in work]
    for child in children:
        child.start()
    found = [out.get() for _ in children]
    for child in children:
        child.join()
    errors = [f for f in found if isinstance(f, Exception)]
    if errors:
        raise RuntimeError(f"{len(errors)} clients failed: {errors[0]}")
    return [t for times in found for t in times]


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def run() -> dict:
    with throwaway_database("slips") as ready:
        if not ready:
            print("# bench_slips: skipped (needs DATABASE_URL on PostgreSQL)")
            return {}
        (alone_user, alone_ids), *work = _world([BASELINE_SLIPS + 1]
                                                + [SLIPS_PER_CLIENT + 1] * CLIENTS)
        baseline = _validate_all(alone_user, alone_ids)
        ours, base = _p99(_concurrently(work)), _p99(baseline)
    return {"slips.validate_p99": {"value": ours, "unit": "ms",
                                   "baseline": "one client alone",
                                   "baseline_value": base, "ratio": base / ours}}
