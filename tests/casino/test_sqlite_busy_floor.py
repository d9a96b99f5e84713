"""The default install holds a floor (issue 32): SQLite in a file, WAL, a busy timeout and
transactions that take the write lock when they begin (casino/settings.py), gunicorn serving
several requests at once, and a Celery worker with beat writing its health probe every second.

Eight staff and a table system write at once for a short burst (checklist ticks, jackpot slips
recorded on the page and over the API, validated and paid, wager posts, signing in and out):
no answer is a 500, and nothing answered is lost. Then a writer holds the database's write lock
longer than the busy timeout: every write answers "Not saved" as a 503 (a tick shows unticked
with the reason; the API its one error shape with Retry-After), nothing of it is written, and
the same write goes through once the lock is released. The lock is held and released by the
test, never timed.

pytest-django's SQLite test database is in memory, visible to this process only: the install
is a file database of its own, made as ``make run`` makes it (tests/casino/sqlite_install.py),
and the test talks to it over HTTP.
"""

import json
import re
import sqlite3
import threading
from datetime import UTC, datetime

import pytest

from tests.casino.sqlite_install import (
    BUSY,
    PASSWORD,
    Browser,
    gunicorn,
    make_install,
    state,
)
from tests.workers import running_worker

ROYAL = {"dealer": ["Qd", "3c", "2d"], "community": ["Jh", "Th"],
         "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                        "wagers": {"ante": "5.00", "play": "5.00",
                                   "five_card_progressive": "1.00"}}]}
ROYAL_FORM = {"seat_0": "1", "wager": "five_card_progressive", "dealer": "Qd 3c 2d",
              "community": "Jh Th", "cards_0": "Ah Kh Qh", "amount_0_ante": "5.00",
              "amount_0_play": "5.00", "amount_0_five_card_progressive": "1.00",
              "confirm": "yes"}  # the confirmation's "Record the slip" (issue 30)
ROUNDS = 4  # each client's writes in the burst
TICKS = 8  # each table games manager's

pytestmark = [pytest.mark.worker, pytest.mark.slow]


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return make_install(tmp_path_factory)


def test_the_default_install_opens_sqlite_for_many_writers(install):
    """WAL (readers go on while one writes), a 20-second busy timeout (a writer waits its turn)
    and transactions that take the write lock when they begin (none fails upgrading)."""
    assert install["pragmas"] == {"journal_mode": "wal", "synchronous": 1,
                                  "busy_timeout": 20_000}
    assert install["begin"] == "BEGIN IMMEDIATE"


def _slip_id(status: int, headers: dict, text: str) -> int | None:
    if status == 201:
        return json.loads(text)["id"]
    if status == 302:
        return int(re.search(r"/slips/(\d+)/", headers["location"]).group(1))
    return None


def _burst(port: int, install: dict, to_pay: list[int]) -> dict[str, list]:
    """Eight writers released together; each keeps every answer it got."""
    table, (first, second) = install["table"], list(install["layouts"].items())
    people = {name: Browser(port) for name in ("fm", "fm_page", "fp", "tgm1", "tgm2")}
    for name, browser in people.items():
        assert browser.sign_in({"fm": "floormgr", "fm_page": "floormgr", "fp": "floorperson",
                                "tgm1": "tgm", "tgm2": "tgm"}[name]) == 302

    def record_api():
        return [(n, *people["fm"].request("POST", "/api/v1/jackpot-slips/", body={
            "table": "TCP-1", "seat": 1, "wager": "five_card_progressive", "round": ROYAL,
            "idempotency_key": f"burst-api-{n}"})) for n in range(ROUNDS)]

    def record_page():
        return [(n, *people["fm_page"].request(
            "POST", f"/floor/slips/record/{table}/",
            form={**ROYAL_FORM, "idempotency_key": f"burst-page-{n}"})) for n in range(ROUNDS)]

    def validate_and_pay():
        fp, out = people["fp"], []
        for pk in to_pay:
            seen = json.loads(fp.request("GET", f"/api/v1/jackpot-slips/{pk}/")[2])
            out.append(("validate", pk, *fp.request(
                "POST", f"/api/v1/jackpot-slips/{pk}/validate/",
                body={"total": seen["payouts_total"]})))
            out.append(("pay", pk, *fp.request("POST", f"/api/v1/jackpot-slips/{pk}/pay/",
                                               body={})))
        return out

    def tick(name, layout):
        pk, keys = layout[0], layout[1][:TICKS]
        return [(pk, key, *people[name].request("POST", f"/floor/layouts/{pk}/tick/",
                                                form={"key": key, "checked": key}, htmx=True))
                for key in keys]

    def wagers():
        system, out = Browser(port, token=install["token"]), []
        for n in range(ROUNDS):
            events = [{"id": f"BURST-{n}-{i}", "table": "TCP-1", "seat": 3,
                       "wager": "five_card_progressive", "amount": "5.00",
                       "placed_at": datetime.now(UTC).isoformat()} for i in range(5)]
            out.append((n, *system.request("POST", "/api/v1/wagers/", body=events)))
        return out

    def sign_in_and_out(username):
        browser, out = Browser(port), []
        for _ in range(ROUNDS):
            out.append(("in", browser.sign_in(username), None, None))
            out.append(("out", *browser.request("POST", "/logout/")))
        return out

    calls = {"record_api": record_api, "record_page": record_page, "pay": validate_and_pay,
             "tick1": lambda: tick("tgm1", first), "tick2": lambda: tick("tgm2", second),
             "wagers": wagers, "signs1": lambda: sign_in_and_out("compliance"),
             "signs2": lambda: sign_in_and_out("auditor")}
    start, results = threading.Barrier(len(calls)), {}

    def run(name, call):
        start.wait()
        try:
            results[name] = call()
        except Exception as exc:  # noqa: BLE001 - reported below, in the test's thread
            results[name] = exc

    threads = [threading.Thread(target=run, args=item) for item in calls.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for name, result in results.items():
        assert not isinstance(result, Exception), f"{name}: {result!r}"
    return results


def _statuses(results) -> dict[str, list[int]]:
    """Each writer's answers' statuses (every row ends with status, headers, text)."""
    return {name: [row[-3] for row in rows] for name, rows in results.items()}


def test_eight_writers_at_once_on_the_default_install_get_no_500_and_lose_nothing(
        install, tmp_path):
    env = install["env"]
    with running_worker(env, tmp_path / "worker.log", args=("-B",), name="busy-floor"), \
            gunicorn(env, tmp_path / "gunicorn.log") as port:
        fm = Browser(port)
        assert fm.sign_in("floormgr") == 302
        to_pay = []
        for n in range(ROUNDS):  # the earlier wins, for the floorperson to validate and pay
            status, headers, text = fm.request("POST", "/api/v1/jackpot-slips/", body={
                "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
                "round": ROYAL, "idempotency_key": f"before-{n}"})
            assert status == 201, text
            to_pay.append(json.loads(text)["id"])
        results = _burst(port, install, to_pay)
    answered = _statuses(results)
    assert [s for got in answered.values() for s in got if s >= 500 and s != 503] == [], answered
    # Each writer got through (a write waits its turn, up to the 20 s busy timeout each): the
    # checks below are not met by refusing everything.
    assert [name for name, got in answered.items() if not any(s < 400 for s in got)] == []
    after = state(install)

    # Every tick answered 204 is saved; a tick refused as busy is not (and said so).
    for (pk, key, status, _headers, text) in results["tick1"] + results["tick2"]:
        assert status in (204, 503), (status, text[:500])
        assert (key in after["checked"][str(pk)]) == (status == 204), (pk, key, status)
        if status == 503:  # the box as saved: unticked, with the reason
            assert BUSY in text and " checked" not in re.search(r"<input [^>]*>", text)[0]
    # Every slip answered is in the database; nothing else was written.
    recorded = [_slip_id(*row[1:]) for row in results["record_api"] + results["record_page"]]
    for row in results["record_api"] + results["record_page"]:
        assert row[1] in (201, 302, 503), row[1:3]
    new = set(after["slips"]) - {str(pk) for pk in install["slips"] + to_pay}
    assert new == {str(pk) for pk in recorded if pk is not None}
    for action, pk, status, _headers, text in results["pay"]:
        assert status in (200, 503), (action, status, text[:500])
        if status == 200:
            assert after["slips"][str(pk)] in ({"validated", "paid"} if action == "validate"
                                               else {"paid"}), (action, pk)
    # Every accepted wager event is stored (applied or pending).
    accepted = []
    for _n, status, _headers, text in results["wagers"]:
        assert status in (200, 503), text[:500]
        if status == 200:
            accepted += [r["id"] for r in json.loads(text)["results"]
                         if r["status"] == "accepted"]
    assert sorted(accepted) == after["wagers"]
    assert len(accepted) == sum(1 for row in results["wagers"] if row[1] == 200) * 5
    # Every sign-in and sign-out answered is in the audit log, and its chain holds.
    for name, username in (("signs1", "compliance"), ("signs2", "auditor")):
        for what, action in (("in", "casino.signin.success"), ("out", "casino.signin.signout")):
            got = [row[1] for row in results[name] if row[0] == what]
            assert set(got) <= {302, 503}, got
            assert after["signs"].count([username, action]) == got.count(302)
    assert after["chains_broken"] == []  # each chain 1, 2, 3... each event linked to the last


def test_a_write_the_database_cannot_take_in_time_is_not_saved_and_says_so(install, tmp_path):
    """A writer holds SQLite's write lock past the busy timeout (0.3 s here): each write is a
    503 in words, nothing of it is written, and it goes through once the lock is released."""
    env = {**install["env"], "CASINO_SQLITE_BUSY_TIMEOUT": "0.3"}
    (pk, keys), table = next(iter(install["layouts"].items())), install["table"]
    key = keys[-1]
    with gunicorn(env, tmp_path / "gunicorn.log") as port:
        tgm, fm = Browser(port), Browser(port)
        assert tgm.sign_in("tgm") == 302 and fm.sign_in("floormgr") == 302
        system, newcomer = Browser(port, token=install["token"]), Browser(port)
        newcomer.request("GET", "/login/")
        assert tgm.request("POST", f"/floor/layouts/{pk}/tick/", form={"key": key},
                           htmx=True)[0] == 204  # unticked (the burst may have ticked it)
        before = state(install)
        holder = sqlite3.connect(install["var"] / "db.sqlite3", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            tick = tgm.request("POST", f"/floor/layouts/{pk}/tick/",
                               form={"key": key, "checked": key}, htmx=True)
            api = fm.request("POST", "/api/v1/jackpot-slips/", body={
                "table": "TCP-1", "seat": 1, "wager": "five_card_progressive",
                "round": ROYAL, "idempotency_key": "held-api"})
            page = fm.request("POST", f"/floor/slips/record/{table}/",
                              form={**ROYAL_FORM, "idempotency_key": "held-page"})
            feed = system.request("POST", "/api/v1/wagers/", body=[{
                "id": "BURST-held", "table": "TCP-1", "seat": 3,
                "wager": "five_card_progressive", "amount": "5.00",
                "placed_at": datetime.now(UTC).isoformat()}])
            sign_in = newcomer.request("POST", "/login/", form={
                "username": "auditor", "password": PASSWORD,
                "csrfmiddlewaretoken": newcomer.cookies["csrftoken"]})
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        # The tick: the item as saved (unticked), with the reason, swapped in by htmx.
        assert key not in before["checked"][str(pk)]
        for status, headers, text in (tick,):
            assert status == 503 and headers["retry-after"] == "5"
            assert headers["hx-retarget"].startswith("#check-")
            assert headers["hx-reswap"] == "outerHTML"
            box = re.search(r"<input [^>]*>", text).group(0)
            assert f'value="{key}"' in box and " checked" not in box
            assert BUSY in text and 'role="alert"' in text
        # The API: its one error shape, with Retry-After.
        for status, headers, text in (api, feed):
            assert status == 503, text[:500]
            assert json.loads(text) == {"errors": {"detail": [BUSY]}}
            assert headers["retry-after"] == "5"
        # Pages: the product's page in words, a way back, no traceback.
        for status, headers, text in (page, sign_in):
            assert status == 503 and headers["content-type"].startswith("text/html")
            assert BUSY in text and "Back to the page" in text
            assert "Traceback" not in text and "OperationalError" not in text
        assert state(install) == before  # nothing written
        # Once the lock is released the same writes go through.
        assert tgm.request("POST", f"/floor/layouts/{pk}/tick/",
                           form={"key": key, "checked": key}, htmx=True)[0] == 204
        assert fm.request("POST", f"/floor/slips/record/{table}/",
                          form={**ROYAL_FORM, "idempotency_key": "held-page"})[0] == 302
    assert key in state(install)["checked"][str(pk)]
