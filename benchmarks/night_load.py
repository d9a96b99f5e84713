"""The people and systems of a busy night, as HTTP clients of a running install (threads of
this process, loopback only). Every loop ends at ``end`` (time.monotonic()); each request is
kept as (who, status, milliseconds), a failed one (no answer) with status 0. (Not a ``bench_*``
module: the runner does not run it.)

- a table game system per table posts its wager events every ``wager_every`` seconds
  (``POST /api/v1/wagers/``, a token each);
- tablets poll the meter board (``/floor/meters/board/``);
- each floor manager records a jackpot about once a minute at one of their tables
  (``POST /api/v1/jackpot-slips/``) and calls their floorperson, who opens the slip's page,
  validates it with the total it shows and marks it paid;
- compliance officers open their queue, review a submitted Rules Submission and approve it;
- the auditor exports the slips and the meter ledgers as CSV;
- a par sheet is computed for the tables' version (queued to the worker, its progress polled).
"""

from __future__ import annotations

import http.client
import json
import queue
import random
import threading
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from benchmarks.bench_slips import WINS


@dataclass
class Night:
    """What the clients sent and were answered."""

    port: int
    world: dict
    end: float
    pace: dict
    requests: list = field(default_factory=list)  # (who, status, ms)
    wagers: list = field(default_factory=list)  # event ids answered "accepted"
    recorded: list = field(default_factory=list)  # slip ids answered 201
    validated: list = field(default_factory=list)
    paid: list = field(default_factory=list)
    refused: list = field(default_factory=list)  # (who, status, first bytes of the answer)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def send(self, who: str, method: str, path: str, headers: dict, body: bytes = b"",
             expect: tuple = (200,)) -> tuple[int, bytes]:
        started = time.perf_counter()
        try:
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
            try:
                conn.request(method, path, body=body or None,
                             headers={**headers, "Content-Length": str(len(body))}
                             if method == "POST" else headers)
                answer = conn.getresponse()
                status, content = answer.status, answer.read()
            finally:
                conn.close()
        except OSError as exc:
            status, content = 0, repr(exc).encode()
        with self.lock:
            self.requests.append((who, status, (time.perf_counter() - started) * 1000))
            if status not in expect:
                self.refused.append((who, status, content[:300]))
        return status, content

    def running(self) -> bool:
        return time.monotonic() < self.end

    def pause(self, seconds: float) -> None:
        time.sleep(max(0.0, min(seconds, self.end - time.monotonic())))


def _session(cookie: str, csrf: str, json_body: bool = True) -> dict:
    headers = {"Cookie": cookie, "X-CSRFToken": csrf}
    if json_body:
        headers["Content-Type"] = "application/json"
    return headers


def table_system(night: Night, n: int) -> None:
    label, token = night.world["tables"][n], night.world["tokens"][n]
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    rng, round_no = random.Random(n), 0
    night.pause(rng.uniform(0, night.pace["wager_every"]))
    while night.running():
        round_no += 1
        placed = datetime.now(UTC).isoformat()
        events = [{"id": f"{label}-{round_no}-{seat}-{wager}", "table": label, "seat": seat,
                   "wager": wager, "amount": "5.00", "placed_at": placed}
                  for seat in range(1, rng.randint(2, 7))
                  for wager in ("five_card_progressive", "three_card_progressive")]
        status, content = night.send("wagers", "POST", "/api/v1/wagers/", headers,
                                     json.dumps(events).encode())
        if status == 200:
            accepted = {r["id"] for r in json.loads(content)["results"]
                        if r["status"] == "accepted"}
            with night.lock:
                night.wagers.extend(accepted)
        night.pause(night.pace["wager_every"] * rng.uniform(0.8, 1.2))


def tablet(night: Night, n: int) -> None:
    cookie, _csrf = night.world["tablets"][n]
    rng = random.Random(100 + n)
    night.pause(rng.uniform(0, night.pace["board_every"]))
    while night.running():
        night.send("meter board", "GET", "/floor/meters/board/", {"Cookie": cookie})
        night.pause(night.pace["board_every"])


def floor_manager(night: Night, n: int, calls: queue.Queue) -> None:
    cookie, csrf = night.world["floor_managers"][n]
    mine = night.world["tables"][n::len(night.world["floor_managers"])]
    rng = random.Random(200 + n)
    night.pause(rng.uniform(0, night.pace["jackpot_every"]))
    k = 0
    while night.running():
        wager, body = WINS[k % 2]
        k += 1
        status, content = night.send(
            "record", "POST", "/api/v1/jackpot-slips/", _session(cookie, csrf),
            json.dumps({"table": rng.choice(mine), "seat": 1, "wager": wager,
                        "round": body}).encode(), expect=(201,))
        if status == 201:
            slip = json.loads(content)
            with night.lock:
                night.recorded.append(slip["id"])
            calls.put((slip["id"], slip["payouts_total"]))
        night.pause(night.pace["jackpot_every"] * rng.uniform(0.8, 1.2))


def floorperson(night: Night, n: int, calls: queue.Queue) -> None:
    """Answers their floor manager's calls in order: a meter's wins are paid in the order they
    were recorded, and one floorperson per floor manager keeps that order."""
    cookie, csrf = night.world["floorpersons"][n]
    while night.running():
        try:
            pk, seen = calls.get(timeout=max(0.1, min(1.0, night.end - time.monotonic())))
        except queue.Empty:
            continue
        night.pause(night.pace["walk"])
        if not night.running():
            return
        night.send("slip page", "GET", f"/floor/slips/{pk}/", {"Cookie": cookie})
        status, _ = night.send("validate", "POST", f"/api/v1/jackpot-slips/{pk}/validate/",
                               _session(cookie, csrf), json.dumps({"total": seen}).encode())
        if status != 200:
            continue
        with night.lock:
            night.validated.append(pk)
        status, _ = night.send("pay", "POST", f"/api/v1/jackpot-slips/{pk}/pay/",
                               _session(cookie, csrf), b"{}")
        if status == 200:
            with night.lock:
                night.paid.append(pk)


def compliance(night: Night, n: int, drafts: list) -> None:
    cookie, csrf = night.world["compliance"][n]
    rng = random.Random(300 + n)
    night.pause(rng.uniform(0, night.pace["approve_every"]))
    while night.running():
        night.send("compliance queue", "GET", "/rules-submissions/queue/", {"Cookie": cookie})
        with night.lock:
            pk = drafts.pop() if drafts else None
        if pk is not None:
            night.send("review", "GET", f"/rules-submissions/{pk}/", {"Cookie": cookie})
            night.send("approve", "POST", f"/api/v1/rules-submissions/{pk}/approve/",
                       _session(cookie, csrf),
                       json.dumps({"effective_date": night.world["today"]}).encode())
        night.pause(night.pace["approve_every"])


EXPORTS = ("/floor/slips/export.csv", "/floor/meters/ledger.csv")


def auditor(night: Night) -> None:
    cookie, _csrf = night.world["auditor"]
    k = 0
    night.pause(night.pace["export_every"] / 2)
    while night.running():
        night.send("export", "GET", EXPORTS[k % 2], {"Cookie": cookie})
        k += 1
        night.pause(night.pace["export_every"])


def par_sheet(night: Night) -> None:
    """A table games manager's par sheet of the tables' version: asked once, its progress
    polled as the page does."""
    cookie, csrf = night.world["compliance"][0]
    pk = night.world["par_submission"]
    night.pause(2)
    night.send("par run", "POST", f"/rules-submissions/{pk}/par/run/", _session(cookie, csrf, json_body=False),
               expect=(200, 302))
    while night.running():
        night.pause(night.pace["board_every"])
        night.send("par progress", "GET", f"/rules-submissions/{pk}/par/progress/", {"Cookie": cookie})


WARM = ("/floor/meters/board/", "/api/v1/jackpot-slips/", "/floor/slips/", "/rules-submissions/")


def warm(port: int, world: dict) -> None:
    """Untimed, before the night: every server thread answers a few pages first (its first
    request imports the views and opens its database connection); a server that has been
    up all evening has done so long before the peak."""
    night = Night(port, world, time.monotonic() + 60, {})
    cookie = world["compliance"][0][0]
    jobs = [threading.Thread(target=night.send, args=("warm", "GET", path, {"Cookie": cookie}))
            for path in WARM * 8]
    for job in jobs:
        job.start()
    for job in jobs:
        job.join()
    if night.refused:
        raise RuntimeError(f"warm-up answered {night.refused[0]}")


def run_night(port: int, world: dict, seconds: float, pace: dict) -> Night:
    """Every client at once for ``seconds``; returns when each has stopped."""
    warm(port, world)
    night = Night(port, world, time.monotonic() + seconds, pace)
    drafts = list(world["drafts"])
    calls = [queue.Queue() for _ in world["floor_managers"]]
    jobs = [(table_system, (n,)) for n in range(len(world["tables"]))]
    jobs += [(tablet, (n,)) for n in range(len(world["tablets"]))]
    jobs += [(floor_manager, (n, calls[n])) for n in range(len(calls))]
    jobs += [(floorperson, (n, calls[n])) for n in range(len(calls))]
    jobs += [(compliance, (n, drafts)) for n in range(len(world["compliance"]))]
    jobs += [(auditor, ()), (par_sheet, ())]
    threads = [threading.Thread(target=fn, args=(night, *args), daemon=True)
               for fn, args in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 180)
    return night
