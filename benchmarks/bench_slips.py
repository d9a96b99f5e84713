"""``slips.validate_p99``: milliseconds at the 99th percentile to validate a jackpot slip over
the API (``POST /api/v1/jackpot-slips/<id>/validate/``: lock the meters, settle by the table's
terms, pay and reset the meter, audit) with 20 clients validating at once on PostgreSQL, each
at its own table. Baseline: the same validations by one client at a time, measured in the same
run (so the ratio shows what concurrency costs). The target is under 50 ms.

Runs in a throwaway database (``bench_slips_<pid>``), dropped afterwards; skipped unless
``DATABASE_URL`` is PostgreSQL.
"""

import os
import statistics
import threading
import time

CLIENTS = 20
SLIPS_PER_CLIENT = 15
ROUND = {"dealer": ["Qd", "3c", "2d"],
         "positions": [{"seat": 1, "cards": ["8s", "8h", "8d"],
                        "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}}]}
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}}]}


def _setup():
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django
    django.setup()
    from django.db import connection
    if connection.vendor != "postgresql":
        return None
    from django.test.utils import setup_test_environment
    setup_test_environment()  # the in-process client's host, fast password hashing aside
    connection.settings_dict["TEST"]["NAME"] = f"bench_slips_{os.getpid()}"
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    return old


def _world():
    """A property, its people, Three Card Poker terms with meters, one open table per client
    and the slips each client validates (half fixed-odds, half 100%-of-meter royals)."""
    from django.contrib.auth import get_user_model

    from casino import services as staff
    from casino.models import Property
    from tables import slips
    from tests.tables.slip_builders import approve, open_table, tcp_terms

    prop = Property.objects.create(name="Bench Casino", license_number="BENCH-1")
    users = get_user_model().objects

    def person(name, role):
        user = users.create_user(name, password="x")
        staff.staff_add(actor=None, user=user, property=prop, role=role)
        return user

    tgm, co = person("b-tgm", "table_games_manager"), person("b-co", "compliance_officer")
    fm = person("b-fm", "floor_manager")
    validators = [person(f"b-fp{i}", "floorperson") for i in range(CLIENTS)]
    terms = approve(prop, tcp_terms(), tgm, co)
    work = []
    for i in range(CLIENTS):
        table = open_table(prop, terms, f"B-{i}", fm)
        ids = [slips.slip_record(table=table, actor=fm, data={
            "seat": 1, "wager": wager, "round": body}).pk
            for n in range(SLIPS_PER_CLIENT)
            for wager, body in [(("three_card_progressive", ROUND), ("five_card_progressive",
                                                                     ROYAL))[n % 2]]]
        work.append((validators[i], ids))
    return work


def _validate_all(user, ids, barrier=None) -> list[float]:
    from django.db import connection
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_login(user)
    times = []
    if barrier is not None:
        barrier.wait()
    for pk in ids:
        started = time.perf_counter()
        answer = client.post(f"/api/v1/jackpot-slips/{pk}/validate/", format="json")
        times.append((time.perf_counter() - started) * 1000)
        if answer.status_code != 200:
            raise RuntimeError(f"validate {pk}: {answer.status_code} {answer.content[:200]}")
    connection.close()
    return times


def _p99(samples: list[float]) -> float:
    return statistics.quantiles(samples, n=100)[98]


def run() -> dict:
    old = _setup()
    if old is None:
        print("# bench_slips: skipped (needs DATABASE_URL on PostgreSQL)")
        return {}
    from django.db import connection
    try:
        work = _world()
        serial_user, serial_ids = work[0]
        half = len(serial_ids) // 2
        # Baseline: one client alone, the first half of its slips.
        baseline = _validate_all(serial_user, serial_ids[:half])
        work[0] = (serial_user, serial_ids[half:])
        barrier, results, threads = threading.Barrier(CLIENTS), [], []
        lock = threading.Lock()

        def client(user, ids):
            found = _validate_all(user, ids, barrier)
            with lock:
                results.extend(found)

        threads = [threading.Thread(target=client, args=w) for w in work]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        ours, base = _p99(results), _p99(baseline)
    finally:
        connection.close()
        connection.creation.destroy_test_db(old, verbosity=0)
    return {"slips.validate_p99": {"value": ours, "unit": "ms",
                                   "baseline": "one client at a time",
                                   "baseline_value": base, "ratio": base / ours}}
