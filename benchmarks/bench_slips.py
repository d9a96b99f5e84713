"""Jackpot slips over HTTP with 20 clients at once on PostgreSQL (issue 23's targets, issue 32's
ceilings):

- ``slips.validate_p99``: milliseconds at the 99th percentile to validate a jackpot slip
  (``POST /api/v1/jackpot-slips/<id>/validate/`` with the total the validator saw: lock the
  slip and its companions, settle the round again to verify it, mark them validated, audit).
  Issue 32: at most 200 ms.
- ``slips.record_p99``: the same for recording one (``POST /api/v1/jackpot-slips/``: apply the
  wagers received, settle by the table's terms, hit and reseed the meter, number the slip and
  its companions, audit). Issue 32: at most 300 ms.

The clients are 20 processes sending real HTTP requests (a new connection each, signed in
with a session cookie and a CSRF token, as a browser's fetch) to gunicorn started for the run
as docs/operator.md runs it (``casino/gunicorn_conf.py``, ``DJANGO_DEBUG=false``), each client
at its own table, alternately a fixed-odds trips payout and a 100%-of-meter royal. Baseline:
one client alone against the same server, measured in the same run (so the ratio shows what
concurrency costs). A running server is measured, not a started one: the database is
``VACUUM ANALYZE``d after the set-up, and before each kind is timed every client sends
``WARM_SLIPS`` requests of it, all at once, so every worker has served one (its code paths, its
database connection and that backend's caches). The clients start together at a barrier and
leave together after the last request. Printed too: the CPU per request in the web workers and
in PostgreSQL (read from /proc), and what two idle cores could serve at most.

``slips.validate_cpu_ms`` and ``slips.record_cpu_ms`` (issue 32): the CPU per request of the web
worker and its PostgreSQL backend together while the one client sends its requests alone,
beside the ceilings the issue sets (15 and 20 ms). The machine's load average is printed after
the run: the p99 figures depend on it, the CPU figures much less.

Runs in a throwaway database (``bench_slips_<pid>``), dropped afterwards; skipped unless
``DATABASE_URL`` is PostgreSQL.
"""

import contextlib
import http.client
import json
import multiprocessing
import os
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.cpu import CpuSampler, descendants, per_item, postgres_backends
from benchmarks.support import property_with_staff, throwaway_database, vacuumed

CLIENTS = 20
SLIPS_PER_CLIENT = 20
BASELINE_SLIPS = 40
WARM_SLIPS = 4  # per client, sent by all at once before anything is measured
CPU_CEILINGS = {"slips.validate_cpu_ms": 15.0, "slips.record_cpu_ms": 20.0}  # issue 32
ROOT = Path(__file__).resolve().parent.parent
ROUND = {"dealer": ["Qd", "3c", "2d"],
         "positions": [{"seat": 1, "cards": ["8s", "8h", "8d"],
                        "wagers": {"pair_plus": "5.00", "three_card_progressive": "1.00"}}]}
ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"pair_plus": "5.00", "five_card_progressive": "1.00"}}]}
WINS = (("three_card_progressive", ROUND), ("five_card_progressive", ROYAL))


def signed_in(user) -> tuple[str, str]:
    """(Cookie header, CSRF token) of a web session of ``user``."""
    from django.test import Client
    browser = Client()
    browser.force_login(user)
    csrf = secrets.token_hex(16)  # a 32-character secret: Django accepts it unmasked
    return f"sessionid={browser.cookies['sessionid'].value}; csrftoken={csrf}", csrf


def floor(label: str, prefix: str):
    """A property with Three Card Poker terms and their meters, and ``table(label)`` that
    opens a table with every meter seeded; (property, person, table)."""
    from tests.tables.slip_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff(label, prefix)
    tgm, co = person("tgm", "table_games_manager"), person("co", "compliance_officer")
    fm = person("fm", "floor_manager")
    terms = approve(prop, tcp_terms(), tgm, co)
    return prop, person, fm, (lambda name: open_table(prop, terms, name, fm))


def recorded(table, fm, count: int) -> list[tuple[int, str]]:
    """``count`` slips recorded at ``table`` (alternately trips and a royal): (id, total)."""
    from tables.slips import services as slips
    from tables.slips.validation import family, total

    found = []
    for n in range(count):
        wager, body = WINS[n % 2]
        slip = slips.slip_record(table=table, actor=fm,
                                 data={"seat": 1, "wager": wager, "round": body})
        found.append((slip.pk, f"{total(family(slip)):.2f}"))
    return found


def _validations(counts: list[int]) -> list[tuple]:
    """Per client one open table with ``count`` recorded slips, validated by a floorperson:
    ``[(cookie, csrf, [(path, body), ...]), ...]``."""
    _prop, person, fm, table = floor("BENCH-SLIPS", "bs")
    work = []
    for i, count in enumerate(counts):
        slips = recorded(table(f"B-{i}"), fm, count)
        cookie, csrf = signed_in(person(f"fp{i}", "floorperson"))
        work.append((cookie, csrf, [(f"/api/v1/jackpot-slips/{pk}/validate/",
                                     json.dumps({"total": seen})) for pk, seen in slips]))
    return work


def _recordings(counts: list[int]) -> list[tuple]:
    """Per client one open table and its own floor manager, recording ``count`` wins."""
    _prop, person, _fm, table = floor("BENCH-RECORD", "br")
    work = []
    for i, count in enumerate(counts):
        label = table(f"R-{i}").label
        cookie, csrf = signed_in(person(f"fm{i}", "floor_manager"))
        bodies = [json.dumps({"table": label, "seat": 1, "wager": WINS[n % 2][0],
                              "round": WINS[n % 2][1]}) for n in range(count)]
        work.append((cookie, csrf, [("/api/v1/jackpot-slips/", b) for b in bodies]))
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
        [str(Path(sys.executable).with_name("gunicorn")), "-c", "python:casino.gunicorn_conf",
         "casino.wsgi", "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
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


def _request(port: int, method: str, path: str, headers: dict,
             body: bytes = b"") -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        conn.request(method, path, body=body if method == "POST" else None, headers=headers)
        answer = conn.getresponse()
        return answer.status, answer.read()
    finally:
        conn.close()


def _warm(port: int, work: list[tuple]) -> None:
    """Every worker answers a few reads first (a worker's first request imports the views and
    opens its database connection), many at once so each worker gets some."""
    from concurrent.futures import ThreadPoolExecutor

    jobs = [cookie for cookie, _csrf, _jobs in work] * 3
    with ThreadPoolExecutor(max_workers=len(work)) as pool:
        answers = list(pool.map(lambda cookie: _request(port, "GET", "/api/v1/jackpot-slips/",
                                                        {"Cookie": cookie})[0], jobs))
    if set(answers) != {200}:
        raise RuntimeError(f"warm-up reads answered {sorted(set(answers))}")


def _send_all(port, cookie, csrf, jobs, barrier=None) -> list[float]:
    """Send ``jobs[0]`` untimed, wait at ``barrier``, then time each of the others."""
    times = []
    for n, (path, body) in enumerate(jobs):
        if n == 1 and barrier is not None:
            barrier.wait()
        data = body.encode()
        headers = {"Cookie": cookie, "X-CSRFToken": csrf, "Content-Type": "application/json",
                   "Content-Length": str(len(data))}
        started = time.perf_counter()
        status, answer = _request(port, "POST", path, headers, data)
        if n:
            times.append((time.perf_counter() - started) * 1000)
        if status not in (200, 201):
            raise RuntimeError(f"POST {path}: {status} {answer[:300]!r}")
    return times


def _client(port, cookie, csrf, jobs, barrier, done, out) -> None:
    try:
        out.put(_send_all(port, cookie, csrf, jobs, barrier))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        out.put(exc)
    finally:
        with contextlib.suppress(threading.BrokenBarrierError):
            done.wait(timeout=600)


def _concurrently(port: int, work: list[tuple]) -> list[float]:
    """Each client in its own forked process, started together at a barrier; they leave
    together after the last request too (a forked process's exit is milliseconds of the
    kernel's CPU, which the last requests of the others would otherwise wait for)."""
    fork = multiprocessing.get_context("fork")
    barrier, done, out = fork.Barrier(len(work)), fork.Barrier(len(work)), fork.Queue()
    children = [fork.Process(target=_client, args=(port, *job, barrier, done, out))
                for job in work]
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


def _split(work: tuple) -> tuple[tuple, tuple]:
    """A client's (cookie, csrf, jobs) as its warm-up and its measured part."""
    cookie, csrf, jobs = work
    return (cookie, csrf, jobs[:WARM_SLIPS]), (cookie, csrf, jobs[WARM_SLIPS:])


def _measure(port, server, database, alone, work) -> tuple:
    """(p99 of the 20 clients, p99 alone, median of the 20, CPU seconds of the 20 clients'
    run by group, requests in it, CPU seconds of the one client's run by group, its
    requests). First every client sends its warm-up requests at once, so that every worker
    has served this kind of request (its code paths, its database connection and that
    backend's catalog caches) and the figures are a running server's, not a started one's."""
    (warm_alone, alone), *pairs = map(_split, [alone, *work])
    _concurrently(port, [warm_alone, *(w for w, _m in pairs)])
    work = [m for _w, m in pairs]
    groups = {"web": descendants(server.pid), "postgresql": postgres_backends(database)}
    with CpuSampler(groups) as single:
        baseline = _send_all(port, *alone)
    with CpuSampler(groups) as cpu:
        ours = _concurrently(port, work)
    return (_p99(ours), _p99(baseline), statistics.median(ours), cpu.seconds(), len(ours),
            single.seconds(), len(alone[2]))


def _cpu_ms(used: dict, n: int) -> float:
    """CPU milliseconds per request, the web worker and its PostgreSQL backend together."""
    return sum(used.values()) * 1000 / n if used else float("nan")


def _say(name: str, p99: float, alone: float, median: float, used: dict, n: int,
         single: dict, n_single: int) -> None:
    print(f"# {name}: p99 {p99:.0f} ms with {CLIENTS} clients (median {median:.0f} ms), "
          f"{alone:.0f} ms alone")
    print(f"# {name}: CPU per request, one client: {per_item(single, n_single, 1e3)}")
    if used:
        rate = os.cpu_count() * n / sum(used.values())
        print(f"# {name}: CPU per request: {per_item(used, n, 1e3)}; {os.cpu_count()} idle "
              f"cores serve at most {rate:.0f}/s, so {CLIENTS} clients at once wait about "
              f"{CLIENTS / rate * 1000:.0f} ms each (Little's law)")


def run() -> dict:
    with throwaway_database("slips") as ready:
        if not ready:
            print("# bench_slips: skipped (needs DATABASE_URL on PostgreSQL)")
            return {}
        from django.db import connection, connections
        counts = ([WARM_SLIPS + BASELINE_SLIPS + 1]
                  + [WARM_SLIPS + SLIPS_PER_CLIENT + 1] * CLIENTS)
        v_alone, *v_work = _validations(counts)
        r_alone, *r_work = _recordings(counts)
        vacuumed()
        connections.close_all()  # forked clients and the server open their own
        database = connection.settings_dict["NAME"]
        port = _free_port()
        server = _serve(database, port)
        try:
            _warm(port, [v_alone, *v_work])
            validate = _measure(port, server, database, v_alone, v_work)
            record = _measure(port, server, database, r_alone, r_work)
        finally:
            _stop(server)
    _say("slips.validate", *validate)
    _say("slips.record", *record)
    print("# slips: the machine's load average (1, 5, 15 min) after the run: "
          + ", ".join(f"{x:.2f}" for x in os.getloadavg()))
    return {
        **_cpu_figure("slips.validate_cpu_ms", validate, "validation"),
        **_cpu_figure("slips.record_cpu_ms", record, "recording"),
        "slips.validate_p99": {"value": validate[0], "unit": "ms",
                               "baseline": "one client alone", "baseline_value": validate[1],
                               "ratio": validate[1] / validate[0]},
        "slips.record_p99": {"value": record[0], "unit": "ms",
                             "baseline": "one client alone", "baseline_value": record[1],
                             "ratio": record[1] / record[0]},
    }


def _cpu_figure(name: str, measured: tuple, what: str) -> dict:
    """CPU per request of one client alone (the first request untimed, but counted: at most
    one request in ``BASELINE_SLIPS``), against the ceiling issue 32 sets."""
    ours = _cpu_ms(measured[5], measured[6])
    ceiling = CPU_CEILINGS[name]
    return {name: {"value": ours, "unit": "ms", "baseline": f"the ceiling issue 32 sets for a "
                   f"{what}", "baseline_value": ceiling, "ratio": ceiling / ours}}
