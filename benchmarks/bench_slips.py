"""``slips.validate_p99``: milliseconds at the 99th percentile to validate a jackpot slip over
the API (``POST /api/v1/jackpot-slips/<id>/validate/``: lock the meters, settle by the table's
terms, pay and reset the meter, audit) with 20 clients validating at once on PostgreSQL. The
clients are 20 processes sending real HTTP requests (a new connection each, signed in with a
session cookie and a CSRF token, as a browser's fetch) to a gunicorn server started for the run
with one sync worker per client (``DJANGO_DEBUG=false``), each client at its own table.
Baseline: one client validating alone against the same server, measured in the same run (so
the ratio shows what concurrency costs). The target is under 50 ms.

Every worker first answers a few slip reads, untimed (its first request imports the views and
opens its database connection), and every client validates one slip untimed before the others.
Runs in a throwaway database (``bench_slips_<pid>``), dropped afterwards; skipped unless
``DATABASE_URL`` is PostgreSQL.
"""

import http.client
import multiprocessing
import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.support import property_with_staff, throwaway_database

CLIENTS = 20
SLIPS_PER_CLIENT = 10
BASELINE_SLIPS = 40
ROOT = Path(__file__).resolve().parent.parent
ROUND = {"dealer": ["Qd", "3c", "2d"],
         "positions": [{"seat": 1, "cards": ["8s", "8h", "8d"],
                        "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}}]}
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}}]}


def _world(counts: list[int]) -> list[tuple]:
    """Three Card Poker terms with meters and per client one open table with ``count``
    recorded slips (alternately fixed-odds trips and 100%-of-meter royals), validated by a
    floorperson signed in with a session: ``[(cookie header, csrf token, slip ids), ...]``."""
    from django.test import Client

    from tables.slips import services as slips
    from tests.tables.slip_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff("BENCH-SLIPS", "bs")
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
        browser = Client()
        browser.force_login(person(f"fp{i}", "floorperson"))
        csrf = secrets.token_hex(16)  # a 32-character secret: Django accepts it unmasked
        cookie = f"sessionid={browser.cookies['sessionid'].value}; csrftoken={csrf}"
        work.append((cookie, csrf, ids))
    return work


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _serve(database: str, port: int) -> subprocess.Popen:
    """gunicorn on ``port`` against the throwaway ``database``, once it answers."""
    url = urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{database}").geturl()
    env = {**os.environ, "DATABASE_URL": url, "DATABASE_MIGRATE_URL": "",
           "DJANGO_DEBUG": "false",
           "PYTHONWARNINGS": "ignore::UserWarning"}  # no collected static files: not served
    server = subprocess.Popen(
        [str(Path(sys.executable).with_name("gunicorn")), "casino.wsgi",
         "--workers", str(CLIENTS + 1), "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
        cwd=ROOT, env=env)
    for _ in range(600):
        try:
            _request(port, "GET", "/login/", {})
            return server
        except OSError:
            pass
        time.sleep(0.1)
    _stop(server)
    raise RuntimeError("gunicorn did not answer within a minute")


def _stop(server: subprocess.Popen) -> None:
    """Stop the server and its workers (their database connections close with them)."""
    server.terminate()
    server.wait(timeout=60)


def _request(port: int, method: str, path: str, headers: dict) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(method, path, body=b"" if method == "POST" else None, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _warm(port: int, work: list[tuple]) -> None:
    """Every worker answers a few slip reads first (a worker's first request imports the
    views and opens its database connection), many at once so each worker gets some."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [(cookie, ids[-1]) for cookie, _csrf, ids in work] * 3
    with ThreadPoolExecutor(max_workers=len(work)) as pool:
        answers = list(pool.map(lambda job: _request(port, "GET", f"/api/v1/jackpot-slips/"
                                                     f"{job[1]}/", {"Cookie": job[0]})[0], jobs))
    if set(answers) != {200}:
        raise RuntimeError(f"warm-up reads answered {sorted(set(answers))}")


def _validate_all(port, cookie, csrf, ids, barrier=None) -> list[float]:
    """Validate ``ids[0]`` untimed, wait at ``barrier``, then time each of the others."""
    headers = {"Cookie": cookie, "X-CSRFToken": csrf, "Content-Type": "application/json",
               "Content-Length": "0"}
    times = []
    for n, pk in enumerate(ids):
        if n == 1 and barrier is not None:
            barrier.wait()
        started = time.perf_counter()
        status, body = _request(port, "POST", f"/api/v1/jackpot-slips/{pk}/validate/", headers)
        if n:
            times.append((time.perf_counter() - started) * 1000)
        if status != 200:
            raise RuntimeError(f"validate {pk}: {status} {body[:200]!r}")
    return times


def _client(port, cookie, csrf, ids, barrier, out) -> None:
    try:
        out.put(_validate_all(port, cookie, csrf, ids, barrier))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        out.put(exc)


def _concurrently(port: int, work: list[tuple]) -> list[float]:
    """Each client in its own forked process, started together at a barrier."""
    fork = multiprocessing.get_context("fork")
    barrier, out = fork.Barrier(len(work)), fork.Queue()
    children = [fork.Process(target=_client, args=(port, *job, barrier, out)) for job in work]
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
        from django.db import connection, connections
        alone, *work = _world([BASELINE_SLIPS + 1] + [SLIPS_PER_CLIENT + 1] * CLIENTS)
        connections.close_all()  # forked clients and the server open their own
        port = _free_port()
        server = _serve(connection.settings_dict["NAME"], port)
        try:
            _warm(port, [alone, *work])
            baseline = _validate_all(port, *alone)
            ours, base = _p99(_concurrently(port, work)), _p99(baseline)
        finally:
            _stop(server)
    return {"slips.validate_p99": {"value": ours, "unit": "ms",
                                   "baseline": "one client alone",
                                   "baseline_value": base, "ratio": base / ours}}
