"""Progressive meters on Celery.

``meters.ingest``: events per second posted through ``POST /api/v1/wagers/`` by table game
systems (poster processes, batches of 1,000) with Celery workers applying them, from the first
post until the last event is on its meter. Baseline, measured in the same run: the naive path,
one request and one meter-row update per event.

``meters.lag_p99``: seconds from acceptance (``received_at``) to the meter shown
(``applied_at``) at the 99th percentile, posting 1,000 events a second (p50 printed too).
Baseline: the naive path's request time at the 99th percentile (it applies in the request).

Printed too: how many applying transactions the workers made, and the CPU per event of the
posters (each runs Django in process: they are the web), the workers and PostgreSQL's server
processes, read from /proc (benchmarks/cpu.py), with what two idle cores would serve. Target
(issue 23): 10,000 events/s with the lag p99 under 1 s.

Runs in a throwaway PostgreSQL database (``bench_meters_<pid>``) with real workers on the
configured Redis, whose queue is purged before and after (a message of an earlier run would
be applied in this one); skipped unless ``DATABASE_URL`` is PostgreSQL and ``CELERY_BROKER_URL``
Redis.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

from benchmarks.cpu import CpuSampler, fixed, per_item, postgres_backends
from benchmarks.support import django_setup, property_with_staff, throwaway_database
from tests.workers import running_worker

BASE_DIR = Path(__file__).resolve().parent.parent
POSTERS = 4
EVENTS_PER_POSTER = 10_000
NAIVE_EVENTS = 1_000
LAG_RATE = 1_000  # events per second
LAG_SECONDS = 10
WORKERS = 2

# A table game system in its own process; it starts posting when the ``go`` file appears, so
# interpreter start-up and its first request's imports are not timed.
_POSTER = """
import json, os, sys, time, django
django.setup()
from django.test import Client
token, prefix, labels, count, go = sys.argv[1:6]
labels, count = labels.split(","), int(count)
client = Client(SERVER_NAME="localhost", HTTP_AUTHORIZATION=f"Token {token}")
# untimed: the first request imports the views and opens the database connection, and the
# broker's transport is imported and connected (the first post's message would do it)
assert client.post("/api/v1/wagers/", "[]", content_type="application/json").status_code == 200
from casino.celery import app
with app.producer_or_acquire() as producer:
    producer.connection.ensure_connection()
open(go + "." + prefix, "w").close()
while not os.path.exists(go):
    time.sleep(0.01)
for start in range(0, count, 1000):
    events = [{"id": f"{prefix}-{i}", "table": labels[i % len(labels)], "seat": 1 + i % 6,
               "wager": "five_card_progressive", "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"}
              for i in range(start, min(count, start + 1000))]
    answer = client.post("/api/v1/wagers/", json.dumps(events),
                         content_type="application/json")
    assert answer.status_code == 200, answer.content[:300]
    assert answer.json()["accepted"] == len(events), answer.content[:300]
"""


def _world():
    """Keystone-like property: Three Card Poker with the Five-Card Progressive, eight open
    tables with their meters seeded, and an API client's token."""
    from knox.models import AuthToken

    from tables.meters import services as meters
    from tests.tables.meter_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff("BENCH-M", "m")
    tgm, co = person("tgm", "table_games_manager"), person("co", "compliance_officer")
    fm, api = person("fm", "floor_manager"), person("api", "api_client")
    terms = approve(prop, tcp_terms(), tgm, co)
    tables = [open_table(prop, terms, f"M-{i}") for i in range(8)]
    for t in tables:
        meters.meter_seed(table=t, key="five_card_progressive", actor=fm)
    return AuthToken.objects.create(user=api)[1], [t.label for t in tables], prop


def _env(var_dir: str) -> dict:
    from django.conf import settings
    from django.db import connection
    s = connection.settings_dict
    url = f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"
    if s.get("PASSWORD"):
        url = url.replace("@", f":{s['PASSWORD']}@", 1)
    return dict(os.environ, DATABASE_URL=url, CELERY_BROKER_URL=settings.CELERY_BROKER_URL,
                CASINO_VAR_DIR=var_dir, PYTHONPATH=str(BASE_DIR),
                DJANGO_SETTINGS_MODULE="casino.settings")


def _wait_applied(total: int) -> float:
    """When the last of ``total`` stored events is on its meter. Polls the unapplied events
    (their partial index: a few rows), not a count of every applied one (a scan of the table
    twenty times a second, CPU the workers need)."""
    from tables.models import WagerEvent
    while WagerEvent.objects.filter(applied_at__isnull=True).exists():
        time.sleep(0.05)
    done = time.perf_counter()
    if WagerEvent.objects.count() < total:
        raise RuntimeError("fewer events stored than were accepted")
    return done


def _ingest(env, token, labels, var: str, workers: list[int]) -> tuple[float, dict]:
    """Events per second: posters in their own processes, workers applying; and the CPU
    seconds of the posters (each is the web: Django in process), the workers and the
    database's server processes meanwhile."""
    from tables.models import WagerEvent
    before = WagerEvent.objects.count()
    go = Path(var) / "go"
    posters = [subprocess.Popen([sys.executable, "-c", _POSTER, token, f"i{n}",
                                 ",".join(labels), str(EVENTS_PER_POSTER), str(go)],
                                cwd=BASE_DIR, env=env, stderr=subprocess.PIPE, text=True)
               for n in range(POSTERS)]
    while len(list(Path(var).glob("go.*"))) < POSTERS:
        if any(p.poll() is not None for p in posters):
            raise RuntimeError(posters[0].communicate()[1][-2000:])
        time.sleep(0.05)
    from django.db import connection
    groups = {"web (posters)": fixed(p.pid for p in posters), "workers": fixed(workers),
              "postgresql": postgres_backends(connection.settings_dict["NAME"])}
    with CpuSampler(groups) as cpu:
        started = time.perf_counter()
        go.touch()
        for p in posters:
            _, err = p.communicate()
            if p.returncode:
                raise RuntimeError(err[-2000:])
        done = _wait_applied(before + POSTERS * EVENTS_PER_POSTER)
    return POSTERS * EVENTS_PER_POSTER / (done - started), cpu.seconds()


def _batches() -> int:
    """How many applying transactions added contributions to a meter (one ledger row each)."""
    from tables.meters.models import EntryKind, MeterEntry
    return MeterEntry.objects.filter(kind=EntryKind.CONTRIBUTION).count()


def _purge() -> None:
    """Drop the messages queued on the broker: the naive run's (it applies in the request,
    with no worker running) and any an earlier run left, which the next run's workers would
    otherwise spend their first seconds on."""
    from casino.celery import app
    app.control.purge()


def _drain() -> None:
    """Wait until the workers have taken every message of the ingestion run (the lag is
    measured in a steady state, not behind that backlog)."""
    from casino.celery import app
    with app.connection_for_write() as conn:
        while conn.default_channel.client.llen("celery"):
            time.sleep(0.1)


def _naive(token, label) -> tuple[float, list[float]]:
    """One request and one meter-row update per event: events/s and request seconds."""
    from decimal import Decimal

    from django.db.models import F
    from django.test import Client

    from tables.models import Meter, WagerEvent
    client = Client(SERVER_NAME="localhost", HTTP_AUTHORIZATION=f"Token {token}")
    meter = Meter.objects.get(table__label=label)
    times = []
    started = time.perf_counter()
    for i in range(NAIVE_EVENTS):
        t0 = time.perf_counter()
        event = {"id": f"naive-{i}", "table": label, "seat": 1, "wager": "five_card_progressive",
                 "amount": "5.00", "placed_at": "2026-11-30T21:15:04-05:00"}
        client.post("/api/v1/wagers/", json.dumps([event]), content_type="application/json")
        Meter.objects.filter(pk=meter.pk).update(amount=F("amount") + Decimal("0.025"))
        WagerEvent.objects.filter(event_id=event["id"]).update(applied_at=F("received_at"))
        times.append(time.perf_counter() - t0)
    return NAIVE_EVENTS / (time.perf_counter() - started), times


def _lag(token, labels) -> tuple[float, float]:
    """p50 and p99 seconds from acceptance to application at LAG_RATE events a second."""
    from django.db.models import F
    from django.test import Client

    from tables.models import WagerEvent
    client = Client(SERVER_NAME="localhost", HTTP_AUTHORIZATION=f"Token {token}")
    per_tick, tick = LAG_RATE // 10, 0.1
    start = time.perf_counter()
    for n in range(LAG_SECONDS * 10):
        events = [{"id": f"lag-{n}-{i}", "table": labels[i % len(labels)], "seat": 2,
                   "wager": "five_card_progressive", "amount": "5.00",
                   "placed_at": "2026-11-30T21:15:04-05:00"} for i in range(per_tick)]
        client.post("/api/v1/wagers/", json.dumps(events), content_type="application/json")
        time.sleep(max(0.0, start + (n + 1) * tick - time.perf_counter()))
    lagging = WagerEvent.objects.filter(event_id__startswith="lag-")
    _wait_applied(WagerEvent.objects.count())
    lags = [d.total_seconds() for d in lagging.annotate(lag=F("applied_at") - F("received_at"))
            .values_list("lag", flat=True)]
    return statistics.median(lags), statistics.quantiles(lags, n=100)[98]


def run() -> dict:
    from django.conf import settings
    django_setup()
    if not settings.CELERY_BROKER_URL.startswith("redis"):
        print("# bench_meters: skipped (needs PostgreSQL and Redis)")
        return {}
    with throwaway_database("meters") as ready:
        if not ready:
            print("# bench_meters: skipped (needs PostgreSQL and Redis)")
            return {}
        token, labels, _prop = _world()
        _purge()
        with tempfile.TemporaryDirectory() as var, ExitStack() as stack:
            env = _env(var)
            workers = [stack.enter_context(running_worker(env, Path(var) / f"w{i}.log",
                                                          name=f"bench-w{i}")).pid
                       for i in range(WORKERS)]
            ours, used = _ingest(env, token, labels, var, workers)
            batches = _batches()
            _drain()
            p50, p99 = _lag(token, labels)
        naive_rate, naive_times = _naive(token, labels[0])
        _purge()
        naive_p99 = statistics.quantiles(naive_times, n=100)[98]
        print(f"# meters: ingest {ours:.0f} events/s (naive {naive_rate:.0f}); lag p50 "
              f"{p50:.3f}s p99 {p99:.3f}s at {LAG_RATE} events/s")
        events = POSTERS * EVENTS_PER_POSTER
        print(f"# meters: the workers applied them in {batches:,} transactions per meter "
              f"(about {events / max(batches, 1):,.0f} events each)")
        if used:
            print(f"# meters: CPU per event ingested and applied: {per_item(used, events)}; "
                  f"{os.cpu_count()} idle cores would serve about "
                  f"{os.cpu_count() * events / sum(used.values()):,.0f} events/s")
    return {
        "meters.ingest": {"value": ours, "unit": "events/s",
                          "baseline": "naive: one request and one meter update per event",
                          "baseline_value": naive_rate, "ratio": ours / naive_rate},
        "meters.lag_p99": {"value": p99, "unit": "s",
                           "baseline": "naive: request time p99 (applied in the request)",
                           "baseline_value": naive_p99, "ratio": naive_p99 / p99},
    }
