"""Proof with real processes on PostgreSQL and Redis: posters in their own processes, Celery
workers applying, a worker killed mid-batch, the broker stopped, a Must-Hit-By trigger crossed
once. Totals are worked out from the terms: 0.5% of each wager to the meter, 0.25% to the
reserve (Three Card Poker Five-Card Progressive), 2% to the Must-Hit-By meter (§631b.6(c)(4)
configuration B-5)."""

import json
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from decimal import Decimal

import pytest
from django.db import connection
from knox.models import AuthToken

from tables.meters import services as meters
from tables.models import EntryKind, Meter, MeterEntry, MysteryTrigger, WagerEvent
from tests.ci import in_ci
from tests.tables.meter_builders import approve, mystery_terms, open_table, tcp_terms
from tests.workers import BASE_DIR, require_redis_settings, running_worker, worker_env

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
D = Decimal
DONE_TIMEOUT = 900  # seconds: a ceiling for a busy shared machine, never a speed assertion

# A table game system: posts ``count`` events in batches through the API, in its own process.
_POSTER = """
import json, sys, django
django.setup()
from django.test import Client
token, prefix, labels, count, batch, wager = sys.argv[1:7]
labels, count, batch = labels.split(","), int(count), int(batch)
client = Client(SERVER_NAME="localhost", HTTP_AUTHORIZATION=f"Token {token}")
totals = {"accepted": 0, "duplicate": 0, "rejected": 0}
for start in range(0, count, batch):
    events = [{"id": f"{prefix}-{i}", "table": labels[i % len(labels)], "seat": 1 + i % 6,
               "wager": wager, "amount": "5.00",
               "placed_at": "2026-11-30T21:15:04-05:00"}
              for i in range(start, min(count, start + batch))]
    answer = client.post("/api/v1/wagers/", json.dumps(events), content_type="application/json")
    assert answer.status_code == 200, answer.content[:500]
    for key in totals:
        totals[key] += answer.json()[key]
print(json.dumps(totals))
"""


def expected_wagered(count: int, labels: list[str]) -> dict[str, Decimal]:
    """Dollars each table receives from one poster: event i goes to table i mod n and wagers
    $5 (an amount both wagers take: the Five-Card Envy table is written for $1 and $5,
    §649a.12(h); a Heavenly 9 wager is no less than $5, §631b.2(c))."""
    out = dict.fromkeys(labels, D(0))
    for i in range(count):
        out[labels[i % len(labels)]] += 5
    return out


def proof_env(broker_url: str, tmp_path) -> dict[str, str]:
    name = connection.settings_dict["NAME"]
    return worker_env(DATABASE_URL=f"postgres://postgres@127.0.0.1:5432/{name}",
                      CELERY_BROKER_URL=broker_url, CELERY_RESULT_BACKEND=broker_url,
                      CASINO_VAR_DIR=str(tmp_path / "var"))




def worker(env, log_path, *extra):
    """A solo-pool Celery worker (``-B``: with the beat schedule's sweep), ready when yielded."""
    return running_worker(env, log_path, args=extra, name="meters")


def start_posters(env, token, runs) -> list[subprocess.Popen]:
    return [subprocess.Popen([sys.executable, "-c", _POSTER, token, prefix, ",".join(labels),
                              str(count), "1000", wager], cwd=BASE_DIR, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for prefix, labels, count, wager in runs]


def finish(posters) -> list[dict]:
    out = []
    for p in posters:
        stdout, stderr = p.communicate(timeout=DONE_TIMEOUT)
        assert p.returncode == 0, stderr[-3000:]
        out.append(json.loads(stdout.strip().splitlines()[-1]))
    return out


def wait_applied(total: int) -> None:
    deadline = time.monotonic() + DONE_TIMEOUT
    while WagerEvent.objects.filter(applied_at__isnull=False).count() < total:
        assert time.monotonic() < deadline, "events were not applied"
        time.sleep(0.5)
    assert WagerEvent.objects.count() == total


def purge(broker_url: str) -> None:
    from casino.celery import app
    with app.connection_for_write(broker_url) as conn:
        conn.default_channel.queue_purge("celery")


@pytest.fixture(autouse=True)
def _postgresql():
    """The proofs need PostgreSQL (row locks, several processes on one database): skipped
    locally on SQLite, a failure in CI."""
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run the meter worker proofs on PostgreSQL (DATABASE_URL)")
        pytest.skip("the meter worker proofs need PostgreSQL")


@pytest.fixture
def token(api_client):
    return AuthToken.objects.create(user=api_client)[1]


@pytest.fixture
def tcp_tables(keystone, table_games_manager, compliance_officer, floor_manager):
    """Four tables with their own meter and two linked tables sharing one (§605a.8)."""
    from tables.models import LinkedGroup
    submission = approve(keystone, tcp_terms(), table_games_manager, compliance_officer)
    group = LinkedGroup.objects.create(property=keystone, name="Link A", game="three_card_poker")
    tables = [open_table(keystone, submission, f"T{i}") for i in range(1, 5)]
    tables += [open_table(keystone, submission, f"L{i}", linked_group=group) for i in (1, 2)]
    for t in tables[:5]:
        meters.meter_seed(table=t, key="five_card_progressive", actor=floor_manager)
    return tables


def assert_meter_totals(wagered: dict[str, Decimal]) -> None:
    """Each meter holds $10,000 + 0.5% and its reserve 0.25% of what its tables wagered, and
    the ledger says the same."""
    for meter in Meter.objects.all():
        labels = ["L1", "L2"] if meter.linked_group_id else [meter.table.label]
        total = sum(wagered.get(label, D(0)) for label in labels)
        assert (meter.amount, meter.reserve) == (D(10000) + total * D("0.005"),
                                                 total * D("0.0025")), meter
        assert meter.wagers_sum == total
        # Every contribution is held: 0.75% of what was wagered sits on the meter and in its
        # reserve above the $10,000 seed, to the fraction of a cent.
        assert meter.contributed == total * D("0.0075")
        assert meter.amount + meter.reserve + meter.overflow == D(10000) + meter.contributed
        ledger = MeterEntry.objects.filter(meter=meter, kind=EntryKind.CONTRIBUTION)
        assert sum(e.amount_delta for e in ledger) == total * D("0.005")
        assert meters_reconciled(meter)


def meters_reconciled(meter) -> bool:
    from django.db import transaction

    from tables.meters.reconciliation import meter_problems
    with transaction.atomic():
        return meter_problems(meter.pk) == []


def test_eight_posters_of_ten_thousand_events_give_exact_totals_and_a_replay_changes_nothing(
        tmp_path, token, tcp_tables):
    url = require_redis_settings()
    purge(url)
    env = proof_env(url, tmp_path)
    labels = [t.label for t in tcp_tables]
    runs = [(f"p{n}", labels, 10_000, "five_card_progressive") for n in range(8)]
    with worker(env, tmp_path / "w1.log"), worker(env, tmp_path / "w2.log"):
        answers = finish(start_posters(env, token, runs))
        assert answers == [{"accepted": 10_000, "duplicate": 0, "rejected": 0}] * 8
        wait_applied(80_000)
        per_poster = expected_wagered(10_000, labels)
        wagered = {label: 8 * amount for label, amount in per_poster.items()}
        assert_meter_totals(wagered)
        before = list(Meter.objects.values_list("amount", "reserve", "wagers_counted"))
        replay = finish(start_posters(env, token, runs))
        assert replay == [{"accepted": 0, "duplicate": 10_000, "rejected": 0}] * 8
        assert list(Meter.objects.values_list("amount", "reserve", "wagers_counted")) == before
    assert WagerEvent.objects.count() == 80_000


def test_a_worker_killed_mid_batch_loses_and_doubles_nothing(tmp_path, token, tcp_tables):
    url = require_redis_settings()
    purge(url)
    env = proof_env(url, tmp_path)
    labels = ["T1"]
    finish(start_posters(env, token, [("k", labels, 30_000, "five_card_progressive")]))
    with worker(env, tmp_path / "killed.log") as victim:
        deadline = time.monotonic() + DONE_TIMEOUT
        while not WagerEvent.objects.filter(applied_at__isnull=False).exists():
            assert time.monotonic() < deadline
            time.sleep(0.05)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
    applied = WagerEvent.objects.filter(applied_at__isnull=False).count()
    assert applied < 30_000, "the worker finished before it could be killed"
    # The killed transaction rolled back whole: what is applied is exactly what the ledger has.
    assert Meter.objects.get(table__label="T1").wagers_counted == applied
    with worker(env, tmp_path / "restarted.log", "-B", "-s", str(tmp_path / "beat")):
        wait_applied(30_000)
    assert_meter_totals({"T1": expected_wagered(30_000, labels)["T1"]})


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def private_redis(port: int, tmp_path):
    """A Redis server of this test's own (the shared one is never stopped)."""
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--save", "",
                             "--appendonly", "no", "--dir", str(tmp_path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.1)
        yield proc
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_events_posted_while_redis_is_down_are_applied_when_it_is_back(tmp_path, token,
                                                                        tcp_tables):
    require_redis_settings()
    port = _free_port()
    url = f"redis://127.0.0.1:{port}/0"
    env = proof_env(url, tmp_path)
    with private_redis(port, tmp_path), worker(env, tmp_path / "w.log"):
        finish(start_posters(env, token, [("before", ["T2"], 2_000,
                                           "five_card_progressive")]))
        wait_applied(2_000)
    # Redis is stopped: the API still stores and accepts every event.
    answers = finish(start_posters(env, token, [("during", ["T2"], 3_000,
                                                 "five_card_progressive")]))
    assert answers == [{"accepted": 3_000, "duplicate": 0, "rejected": 0}]
    assert WagerEvent.objects.filter(applied_at__isnull=True).count() == 3_000
    with private_redis(port, tmp_path), worker(env, tmp_path / "w2.log", "-B", "-s",
                                               str(tmp_path / "beat2")):
        wait_applied(5_000)
    wagered = expected_wagered(2_000, ["T2"])["T2"] + expected_wagered(3_000, ["T2"])["T2"]
    meter = Meter.objects.get(table__label="T2")
    assert meter.amount == D(10000) + wagered * D("0.005")
    assert meter.wagers_counted == 5_000


def test_a_must_hit_by_trigger_is_crossed_exactly_once_under_concurrent_batches(
        tmp_path, token, keystone, table_games_manager, compliance_officer, floor_manager):
    url = require_redis_settings()
    purge(url)
    env = proof_env(url, tmp_path)
    submission = approve(keystone, mystery_terms("B-5"), table_games_manager,
                         compliance_officer)
    from tables.models import LinkedGroup
    group = LinkedGroup.objects.create(property=keystone, name="Baccarat link", game="baccarat")
    tables = [open_table(keystone, submission, f"B{i}", linked_group=group) for i in (1, 2)]
    meters.meter_seed(table=tables[0], key="must_hit_by", actor=floor_manager)
    runs = [(f"m{n}", ["B1", "B2"], 6_000, "heavenly_9_progressive") for n in range(2)]
    with worker(env, tmp_path / "w1.log"), worker(env, tmp_path / "w2.log"):
        finish(start_posters(env, token, runs))
        wait_applied(12_000)
    meter = Meter.objects.get()
    wagered = 2 * sum(expected_wagered(6_000, ["B1", "B2"]).values())
    hits = list(meter.entries.filter(kind=EntryKind.HIT).order_by("pk"))
    crossed = list(MysteryTrigger.objects.filter(meter=meter, hit_at__isnull=False)
                   .order_by("pk"))
    # 2% of $60,000 wagered is $1,200 contributed. A win resets the meter to $100 and its
    # trigger is at most $500, so a win takes at most $400: at least two wins, whatever
    # the triggers drawn (half as many wagers left a second win to chance).
    assert len(hits) == len(crossed) >= 2
    assert MysteryTrigger.objects.filter(meter=meter, hit_at__isnull=True).count() == 1
    for trigger, hit in zip(crossed, hits, strict=True):
        before = hit.amount_after + hit.paid  # the meter just before the win
        # The wager that took the meter past the trigger won; a $14 wager adds at most 28 cents.
        assert trigger.amount < before <= trigger.amount + D("0.28")
        assert D(100) <= trigger.amount <= D(500)
        assert hit.table_id in {t.pk for t in tables} and hit.seat is not None
        assert trigger.hit_entry_id == hit.pk
    assert meter.contributed == wagered * D("0.02")
    assert meters_reconciled(meter)
    # The open trigger is in no worker's log (§631b.6(c)(3)); the crossed ones were hit.
    still_open = str(MysteryTrigger.objects.get(meter=meter, hit_at__isnull=True).amount)
    for log in ("w1.log", "w2.log"):
        assert still_open not in (tmp_path / log).read_text()
