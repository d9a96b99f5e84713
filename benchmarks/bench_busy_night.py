"""A peak night on each install (issue 32): a 40-table property at its busiest for a few
minutes against gunicorn (as docs/operator.md runs it: ``casino/gunicorn_conf.py``), a Celery
worker and beat, on PostgreSQL + Redis and on the default install (SQLite and the filesystem
broker in a temporary ``CASINO_VAR_DIR``).

Who is working (``benchmarks/night_load.py``): a table game system per table posting its wager
events every 3 s, ten tablets polling the meter board every 5 s, four floor managers each
recording a jackpot about once a minute that their floorperson validates and pays, two
compliance officers reviewing and approving Rules Submissions, an auditor exporting the slips
and the meter ledgers, a par sheet computing on the worker.

Figures:

- ``load.pg_p99_ms`` and ``load.sqlite_p99_ms``: the 99th percentile of every request of the
  night, in milliseconds (targets: 250 and 500);
- ``load.errors``: answers of 500 or more, requests with no answer, and any other answer the
  client did not expect (a 409, a 429: a night's work refused), both installs together;
- ``load.lost``: wager events accepted but not on a meter once the worker has drained, and
  slips answered as recorded, validated or paid but not so in the database.

The night lasts ``BENCH_NIGHT_SECONDS`` (180 by default) on each install; ``night(...)`` with a
few tables and seconds is the smoke run the tests use. The PostgreSQL night runs in a
throwaway database and needs ``DATABASE_URL`` on PostgreSQL and ``CELERY_BROKER_URL`` on Redis
(skipped otherwise, said so); the default install's always runs. The machine's load average is
printed beside every figure (the clients run on the same machine as the servers), and the CPU
the servers used, read from /proc, as cores on average: what the night needs, whatever else the
machine was running.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack, contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from benchmarks.bench_slips import _free_port, _request
from benchmarks.cpu import CpuSampler, descendants, postgres_backends
from benchmarks.night_load import run_night
from tests.workers import running_worker, stop

ROOT = Path(__file__).resolve().parent.parent
TABLES = 40
PACE = {"wager_every": 3.0, "board_every": 5.0, "jackpot_every": 60.0, "walk": 5.0,
        "approve_every": 45.0, "export_every": 30.0}
TARGETS = {"pg": 250.0, "sqlite": 500.0}
# The install's own settings, never the caller's: the default install has none of these.
SERVICE_VARIABLES = ("DATABASE_URL", "DATABASE_MIGRATE_URL", "CELERY_BROKER_URL",
                     "CELERY_RESULT_BACKEND", "THROTTLE_CACHE", "DJANGO_DEBUG")


def _seconds() -> float:
    return float(os.environ.get("BENCH_NIGHT_SECONDS") or 180)


def _env(var_dir: str, **services: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in SERVICE_VARIABLES}
    return {**env, "CASINO_VAR_DIR": var_dir, "PYTHONPATH": str(ROOT),
            "DJANGO_SETTINGS_MODULE": "casino.settings",
            "PYTHONWARNINGS": "ignore::UserWarning", **services}  # no collected static files


def _manage(env: dict, *args: str, timeout: float = 600) -> None:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)}:\n{done.stderr[-3000:]}")


def _world(env: dict, command: str, given: dict, var_dir: str) -> dict:
    source, target = Path(var_dir) / f"{command}.in.json", Path(var_dir) / f"{command}.json"
    source.write_text(json.dumps(given))
    done = subprocess.run([sys.executable, "-m", "benchmarks.night_world", command,
                           str(source), str(target)], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)
    if done.returncode:
        raise RuntimeError(f"night_world {command}:\n{done.stderr[-3000:]}")
    return json.loads(target.read_text())


@contextmanager
def _gunicorn(env: dict, log: Path):
    port = _free_port()
    with open(log, "wb") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "python:casino.gunicorn_conf",
             "casino.wsgi", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        for _ in range(600):
            try:
                _request(port, "GET", "/login/", {})
                break
            except OSError:
                if server.poll() is not None:
                    raise RuntimeError(f"gunicorn did not start:\n"
                                       f"{log.read_text()[-3000:]}") from None
                time.sleep(0.1)
        yield port, server.pid
    finally:
        stop(server)


@contextmanager
def _pg_install(var_dir: str):
    """A throwaway PostgreSQL database, migrated, and the install's environment for it (the
    application role, Redis), or None without both services."""
    from benchmarks.support import throwaway_database
    broker = os.environ.get("CELERY_BROKER_URL", "")
    if not broker.startswith("redis"):
        yield None
        return
    with throwaway_database("night") as ready:
        if not ready:
            yield None
            return
        from django.db import connection, connections
        name = connection.settings_dict["NAME"]
        connections.close_all()
        url = urlsplit(os.environ["DATABASE_URL"])._replace(path=f"/{name}").geturl()
        env = _env(var_dir, DATABASE_URL=url, CELERY_BROKER_URL=broker)
        _manage(env, "shell", "-c", "from casino.celery import app; app.control.purge()")
        try:
            yield env
        finally:
            _manage(env, "shell", "-c", "from casino.celery import app; app.control.purge()")


@contextmanager
def _sqlite_install(var_dir: str):
    """The default install: SQLite and the filesystem broker under ``var_dir``, migrated."""
    env = _env(var_dir)
    _manage(env, "migrate", "--noinput")
    yield env


def night(install: str, *, seconds: float, tables: int = TABLES, pace: dict | None = None,
          drain_s: float = 180) -> dict:
    """One night on ``install`` ("pg" or "sqlite"): its requests and what was lost, or None
    when the install's services are not configured."""
    pace = {**PACE, **(pace or {})}
    with tempfile.TemporaryDirectory(prefix=f"night-{install}-") as var_dir, ExitStack() as stack:
        opened = _pg_install(var_dir) if install == "pg" else _sqlite_install(var_dir)
        env = stack.enter_context(opened)
        if env is None:
            return None
        world = _world(env, "build", {"tables": tables}, var_dir)
        worker = stack.enter_context(running_worker(env, Path(var_dir) / "worker.log",
                                                    args=("-B",), name=f"night-{install}"))
        port, server = stack.enter_context(_gunicorn(env, Path(var_dir) / "gunicorn.log"))
        groups = {"web": descendants(server), "worker and beat": descendants(worker.pid)}
        if install == "pg":
            groups["postgresql"] = postgres_backends(urlsplit(env["DATABASE_URL"]).path[1:])
        load_before = os.getloadavg()
        with CpuSampler(groups) as cpu:
            done = run_night(port, world, seconds, pace)
        load_after = os.getloadavg()
        left = _world(env, "check", {"wagers": done.wagers, "recorded": done.recorded,
                                     "validated": done.validated, "paid": done.paid,
                                     "drain_s": drain_s}, var_dir)
        return _summary(install, done, left, (load_before, load_after), seconds, cpu.seconds())


def _summary(install: str, done, left: dict, loads, seconds: float, cpu: dict) -> dict:
    times = [ms for _who, _status, ms in done.requests]
    errors = [r for r in done.requests if r[1] >= 500 or r[1] == 0] + [
        r for r in done.refused if 0 < r[1] < 500]
    by_who: dict[str, list[float]] = {}
    for who, _status, ms in done.requests:
        by_who.setdefault(who, []).append(ms)
    return {"install": install, "seconds": seconds, "requests": len(times),
            "p99": _p99(times), "p50": statistics.median(times) if times else float("nan"),
            "errors": len(errors), "refused": done.refused[:5],
            "lost": sum(left["lost"].values()), "lost_by_kind": left["lost"],
            "unapplied": left["unapplied"], "meters_off": left["meters_off"],
            "wagers": len(done.wagers), "slips": [len(done.recorded), len(done.validated),
                                                   len(done.paid)],
            "by_who": {w: (len(t), _p99(t)) for w, t in sorted(by_who.items())},
            "load": [round(x, 2) for x in (*loads[0], *loads[1])],
            "cores": {group: used / seconds for group, used in cpu.items()}}


def _p99(samples: list[float]) -> float:
    if len(samples) < 2:
        return samples[0] if samples else float("nan")
    return statistics.quantiles(samples, n=100)[98]


def _say(s: dict) -> None:
    name = {"pg": "PostgreSQL + Redis", "sqlite": "default install (SQLite, filesystem broker)"}
    print(f"# load {name[s['install']]}: {s['requests']:,} requests in {s['seconds']:.0f} s, "
          f"p99 {s['p99']:.0f} ms, median {s['p50']:.0f} ms; {s['errors']} errors, "
          f"{s['lost']} lost {s['lost_by_kind']}; {s['wagers']:,} wager events accepted, "
          f"slips recorded/validated/paid {s['slips']}; unapplied after the drain "
          f"{s['unapplied']}, meters not reconciling {s['meters_off']}; load average "
          f"1/5/15 min before {s['load'][:3]} after {s['load'][3:]}")
    if s["cores"]:
        print(f"# load {name[s['install']]}: the servers used "
              + " + ".join(f"{group} {c:.2f}" for group, c in s["cores"].items())
              + f" = {sum(s['cores'].values()):.2f} cores on average (CPU read from /proc: "
              f"what the night needs, whatever else the machine ran)")
    for who, (n, p99) in s["by_who"].items():
        print(f"#   {who}: {n:,} requests, p99 {p99:.0f} ms")
    for who, status, content in s["refused"]:
        print(f"#   refused: {who} {status} {content[:200]!r}")


def run() -> dict:
    seconds = _seconds()
    nights = {}
    for install in ("pg", "sqlite"):
        summary = night(install, seconds=seconds)
        if summary is None:
            print("# bench_busy_night: PostgreSQL night skipped (needs DATABASE_URL on "
                  "PostgreSQL and CELERY_BROKER_URL on Redis)")
            continue
        _say(summary)
        nights[install] = summary
    figures = {f"load.{install}_p99_ms": {
        "value": s["p99"], "unit": "ms", "baseline": f"the ceiling issue 32 sets (load "
        f"average {s['load'][3]:.2f})", "baseline_value": TARGETS[install],
        "ratio": TARGETS[install] / s["p99"]} for install, s in nights.items()}
    for key, what in (("errors", "requests"), ("lost", "records")):
        per = {install: s[key] for install, s in nights.items()}
        figures[f"load.{key}"] = {
            "value": sum(per.values()), "unit": what, "baseline": "none: the target is 0",
            "baseline_value": None, "ratio": None, "per_install": per}
    return figures
