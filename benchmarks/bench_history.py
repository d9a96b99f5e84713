"""A property's history, and five years of it: what reads history stays flat (issue 24).

The same floor is measured at a small tier and again after its history is grown to the large
tier (by default 100,000 then 2,000,000 wager events with their ledger, slips and readings, and
50,000 then 1,000,000 hash-chained audit events; ``BENCH_HISTORY_SCALE=0.1`` shrinks the large
tier for a quick look). Each figure is the large tier's, beside the small tier's as its
baseline:

- ``history.audit_page_ms``: the audit log's first page for an auditor (target: 200 ms).
- ``history.ledger_deep_page_ms``: a meter page showing the oldest 50 rows of its ledger
  (target: 100 ms).
- ``history.reconcile_growth``: the five-minute reconciliation run (after five minutes of
  play posted and applied through the services) at the large tier over the same run at the
  small tier (target: at most 1.5); ``history.reconcile_ms`` gives both runs.
- ``history.audit_verify_hourly_s``: the hourly ``audit_verify`` (chains, records against
  their events, anchors) after an hour of new events
  (target: 1 s).
- ``history.export_rows_per_s``: the property's whole meter ledger as CSV, streamed, read to
  its end; ``history.audit_export_rows_per_s``: the audit log's CSV (its first 200,000 rows).

Runs in a throwaway PostgreSQL database (``bench_history_<pid>``); skipped without one. The
history is loaded server-side (see ``benchmarks/history_load.py``); pages are requested
in-process with Django's test client, signed in, each timed as the median of five after one
untimed request.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks import history_load as history
from benchmarks.support import throwaway_database

SMALL = {"events": 100_000, "audit": 50_000}
LARGE = {"events": 2_000_000, "audit": 1_000_000}
PLAY = 600  # wagers in five minutes of a 40-table floor (164,000 a day)
AUDIT_HOUR = 700  # audit events in an hour (2 M in four months)
REPEAT = 5
AUDIT_EXPORT_ROWS = 200_000
TARGETS = {"audit_page_ms": 200, "ledger_deep_page_ms": 100, "reconcile_growth": 1.5,
           "audit_verify_hourly_s": 1.0}


def _large() -> dict:
    scale = float(os.environ.get("BENCH_HISTORY_SCALE") or 1)
    return {k: max(2 * SMALL[k], int(v * scale)) for k, v in LARGE.items()}


def _median_ms(fn, repeat: int = REPEAT) -> float:
    fn()  # untimed: imports, plans, caches
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _client(user):
    from django.test import Client
    client = Client()
    client.force_login(user)
    return client


def _get(client, url: str, expect: str | None = None) -> bytes:
    answer = client.get(url)
    if answer.status_code != 200:
        raise RuntimeError(f"GET {url}: {answer.status_code}")
    content = b"".join(answer.streaming_content) if answer.streaming else answer.content
    if expect is not None and expect.encode() not in content:
        raise RuntimeError(f"GET {url} does not show {expect!r}")
    return content


def _deep_ledger_url(meter_pk: int) -> str:
    """The meter page whose ledger shows its oldest 50 rows (newest first, older rows after
    ``before``: keyset)."""
    from tables.models import MeterEntry
    ids = list(MeterEntry.objects.filter(meter_id=meter_pk).order_by("pk")
               .values_list("pk", flat=True)[:51])
    return f"/floor/meters/{meter_pk}/?before={ids[-1]}"


def _reconcile(world, tag: str) -> float:
    """Milliseconds of the five-minute run after five minutes of play (median of three); the
    first run, untimed, reconciles what the load added."""
    from tables.meters.reconciliation import meters_reconcile
    alerts = meters_reconcile()
    if alerts:
        raise RuntimeError(f"the loaded history does not reconcile: {alerts[0].problems}")
    times = []
    for n in range(3):
        history.play(world, PLAY, f"{tag}-{n}")
        started = time.perf_counter()
        alerts = meters_reconcile()
        times.append((time.perf_counter() - started) * 1000)
        if alerts:
            raise RuntimeError(f"reconciliation alert after play: {alerts[0].problems}")
    return statistics.median(times)


def _audit_verify(world) -> float:
    """Seconds of the hourly check after an hour of new events; the first run, untimed,
    checks what the load added. The hour also records, validates and pays a jackpot slip and
    applies wagers through the services, so the records checked against their events (slips,
    ledger rows, meters, issue 28) are in it too."""
    from casino.tasks import audit_verify
    from tables.models import Table
    first = audit_verify()
    if not first["ok"]:
        raise RuntimeError(f"the loaded audit log does not verify: {first['problems'][:3]}")
    history.play(world, PLAY, f"verify-{world.audit}")
    history._paid_slip(Table.objects.get(pk=world.tables[0]), world.people)
    history.audit_hour(world, AUDIT_HOUR)
    started = time.perf_counter()
    answer = audit_verify()
    elapsed = time.perf_counter() - started
    if not answer["ok"]:
        raise RuntimeError(f"audit chain broken after an hour: {answer['problems'][:3]}")
    return elapsed


def _rows_per_s(client, url: str, limit: int | None = None) -> tuple[float, int]:
    """Rows a second of a CSV export read from the request to its end (or ``limit`` rows)."""
    started = time.perf_counter()
    answer = client.get(url)
    if answer.status_code != 200:
        raise RuntimeError(f"GET {url}: {answer.status_code}")
    lines = 0
    chunks = answer.streaming_content if answer.streaming else [answer.content]
    for chunk in chunks:
        lines += chunk.count(b"\n")
        if limit is not None and lines > limit:
            break
    elapsed = time.perf_counter() - started
    answer.close()
    return (lines - 1) / elapsed, lines - 1


def _measure(world, tier: str) -> dict:
    auditor = _client(world.people["auditor"])
    manager = _client(world.people["floor_manager"])
    figures = {"audit_page_ms": _median_ms(lambda: _get(auditor, "/audit/"))}
    deep = _deep_ledger_url(world.meters[0])
    figures["ledger_deep_page_ms"] = _median_ms(
        lambda: _get(manager, deep, expect="Seeded at the initial amount"))
    figures["reconcile_ms"] = _reconcile(world, tier)
    figures["audit_verify_hourly_s"] = _audit_verify(world)
    figures["export_rows_per_s"], figures["export_rows"] = _rows_per_s(
        manager, "/floor/meters/ledger.csv")
    figures["audit_export_rows_per_s"], _ = _rows_per_s(auditor, "/audit/?format=csv",
                                                        AUDIT_EXPORT_ROWS)
    return figures


def _as_owner(step):
    """``step`` as the tables' owner: PostgreSQL lets only the owner VACUUM a table, and as
    the application role it skips each one with a warning, so the pages were measured on a
    heap of dead row versions (every loaded audit event is linked, so written twice) with no
    statistics and no visibility map: not what autovacuum leaves after a load."""
    from django.db import connection

    from benchmarks.support import _as, _roles

    def run():
        app, owner = _roles(connection)
        _as(connection, owner)
        try:
            step()
        finally:
            _as(connection, app)

    return run


def _grow(world, tier: dict) -> str:
    from tables.meters.models import MeterCheckpoint

    started = time.perf_counter()
    # The loaded rows take ids reserved below the live ones: history as it would have been
    # there before. A checkpoint taken before the load would rightly call that a changed
    # ledger, so the load starts with none (the next run takes them afresh, untimed).
    MeterCheckpoint.objects.all().delete()
    steps = {}
    for step, load in (("events, ledger and slips", lambda: history.load_events(
            world, tier["events"])), ("readings", lambda: history.load_readings(world)),
            ("audit log", lambda: history.load_audit(world, tier["audit"])),
            ("vacuum and analyze", _as_owner(history.analyze))):
        mark = time.perf_counter()
        load()
        steps[step] = time.perf_counter() - mark
    rows = history.sizes()
    took = time.perf_counter() - started
    return (f"{rows.get('tables_wagerevent', 0):,} wager events, "
            f"{rows.get('tables_meterentry', 0):,} ledger rows, "
            f"{rows.get('casino_auditevent', 0):,} audit events, "
            f"{rows.get('tables_jackpotslip', 0):,} slips (loaded in {took:.0f}s: "
            + ", ".join(f"{k} {v:.0f}s" for k, v in steps.items()) + ")")


def _figure(value, unit, small, tier_text, lower_is_better=True) -> dict:
    return {"value": value, "unit": unit, "baseline": f"the same at the small tier ({tier_text})",
            "baseline_value": small,
            "ratio": (small / value if lower_is_better else value / small) if value and small
            else 0.0}


@contextlib.contextmanager
def _own_anchors():
    """The throwaway database's anchors and signing key in a folder of their own (issue 28):
    never var/anchors/, whose anchors belong to the ``make run`` database."""
    from django.conf import settings

    from casino.evidence_anchors import ensure_signing_key

    saved = settings.EVIDENCE_SIGNING_KEY, settings.EVIDENCE_ANCHOR_DIR
    with tempfile.TemporaryDirectory(prefix="bench-anchors-") as folder:
        settings.EVIDENCE_SIGNING_KEY = Path(folder) / "key.pem"
        settings.EVIDENCE_ANCHOR_DIR = Path(folder) / "anchors"
        ensure_signing_key()
        try:
            yield
        finally:
            settings.EVIDENCE_SIGNING_KEY, settings.EVIDENCE_ANCHOR_DIR = saved


def run() -> dict:
    with throwaway_database("history") as ready, _own_anchors():
        if not ready:
            print("# bench_history: skipped (needs DATABASE_URL on PostgreSQL)")
            return {}
        large = _large()
        world = history.build_world(events=large["events"], audit=large["audit"])
        small_text = _grow(world, SMALL)
        print(f"# history small tier: {small_text}")
        small = _measure(world, "small")
        large_text = _grow(world, large)
        print(f"# history large tier: {large_text}")
        big = _measure(world, "large")
    growth = big["reconcile_ms"] / small["reconcile_ms"]
    tier = f"{SMALL['events']:,} wager events, {SMALL['audit']:,} audit events"
    for name, target in TARGETS.items():
        value = growth if name == "reconcile_growth" else big[name]
        print(f"# history.{name}: {value:.3g} (target at most {target}: "
              f"{'met' if value <= target else 'NOT met'})")
    return {
        "history.audit_page_ms": _figure(big["audit_page_ms"], "ms", small["audit_page_ms"], tier),
        "history.ledger_deep_page_ms": _figure(big["ledger_deep_page_ms"], "ms",
                                               small["ledger_deep_page_ms"], tier),
        "history.reconcile_growth": {
            "value": growth, "unit": "x", "baseline": "the ceiling issue 24 sets",
            "baseline_value": TARGETS["reconcile_growth"],
            "ratio": TARGETS["reconcile_growth"] / growth},
        "history.reconcile_ms": _figure(big["reconcile_ms"], "ms", small["reconcile_ms"], tier),
        "history.audit_verify_hourly_s": _figure(big["audit_verify_hourly_s"], "s",
                                                 small["audit_verify_hourly_s"], tier),
        "history.export_rows_per_s": _figure(big["export_rows_per_s"], "rows/s",
                                             small["export_rows_per_s"], tier,
                                             lower_is_better=False),
        "history.audit_export_rows_per_s": _figure(big["audit_export_rows_per_s"], "rows/s",
                                                   small["audit_export_rows_per_s"], tier,
                                                   lower_is_better=False),
    }
