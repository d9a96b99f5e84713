"""``slips.validate_queries``: the statements one validation of a 100%-of-meter award sends to
PostgreSQL, the whole request counted (``POST /api/v1/jackpot-slips/<id>/validate/``, signed in
with a session: its session, user, abilities and property, the slip's locks, the round settled
again, the writes and the audit event), transaction control (BEGIN, COMMIT, SAVEPOINT) aside.
Target: at most 12. Baseline, measured in the same run: the validation of a fixed-odds payout
(Three Card Progressive trips), which was 17 against 30 for a meter award while validation
still reset the meter.

Printed too: each count by what the statements are for, and the same count for recording
each (a recording applies the wagers received, hits and reseeds the meter and numbers the
slips: issue 19's jackpot lock).

Counted with Django's ``CaptureQueriesContext`` on the in-process test client, after one
untimed request of each kind (content types and the like are read once a process). Runs in a
throwaway database (``bench_slip_queries_<pid>``); skipped unless ``DATABASE_URL`` is
PostgreSQL.
"""

from __future__ import annotations

import json
from collections import Counter

from benchmarks.support import throwaway_database
from tests.queries import counting

# What a statement is for, by the first table it names.
PURPOSE = (("django_session", "request"), ("auth_user", "request"),
           ("auth_permission", "request"), ("casino_property", "request"),
           ("knox_authtoken", "request"), ("casino_auditevent", "audit"),
           ("tables_jackpotslip", "slips"), ("tables_slipcounter", "slips"),
           ("tables_meterentry", "meters"), ("tables_meter", "meters"),
           ("tables_mysterytrigger", "meters"), ("tables_wagerevent", "meters"),
           ("rulesubmissions_", "terms"), ("tables_table", "terms"),
           ("django_content_type", "other"))


def purpose(sql: str) -> str:
    found = [(sql.find(f'"{table}'), name) for table, name in PURPOSE
             if f'"{table}' in sql or f" {table}" in sql]
    return min(found)[1] if found else "other"


def counted(send) -> tuple[int, Counter, list[str]]:
    """(statements but transaction control, by purpose, all of them) of ``send()``."""
    with counting() as found:
        send()
    return len(found), Counter(purpose(s) for s in found.statements), found.sql


def _world():
    """A floor with one table; a floor manager and a floorperson signed in with the test
    client; two slips of each kind recorded (one to warm up, one to count)."""
    from django.test import Client

    from benchmarks.bench_slips import WINS, floor, recorded

    _prop, person, fm, table = floor("BENCH-QUERIES", "bq")
    t = table("Q-1")
    slips = recorded(t, fm, 4)  # trips, royal, trips, royal
    validator, recorder = Client(), Client()
    validator.force_login(person("fp", "floorperson"))
    recorder.force_login(person("fm2", "floor_manager"))
    return t, slips, validator, recorder, WINS


def _post(client, path: str, body: dict, status: int):
    def send():
        answer = client.post(path, json.dumps(body), content_type="application/json")
        if answer.status_code != status:
            raise RuntimeError(f"POST {path}: {answer.status_code} {answer.content[:300]!r}")
    return send


def run() -> dict:
    with throwaway_database("slip_queries") as ready:
        if not ready:
            print("# bench_slip_queries: skipped (needs DATABASE_URL on PostgreSQL)")
            return {}
        table, slips, validator, recorder, wins = _world()

        def validate(n):
            pk, seen = slips[n]
            return _post(validator, f"/api/v1/jackpot-slips/{pk}/validate/", {"total": seen},
                         200)

        def record(n):
            wager, body = wins[n]
            return _post(recorder, "/api/v1/jackpot-slips/",
                         {"table": table.label, "seat": 1, "wager": wager, "round": body}, 201)

        validate(1)()  # untimed: a royal, then its twin counted
        meter, meter_by, _ = counted(validate(3))
        fixed, fixed_by, _ = counted(validate(2))
        record(1)()
        r_meter, r_meter_by, _ = counted(record(1))
        r_fixed, r_fixed_by, _ = counted(record(0))
    for label, n, by in (("validate a 100% meter award", meter, meter_by),
                         ("validate a fixed-odds payout", fixed, fixed_by),
                         ("record a 100% meter award", r_meter, r_meter_by),
                         ("record a fixed-odds payout", r_fixed, r_fixed_by)):
        print(f"# slips: {label}: {n} statements ("
              + ", ".join(f"{k} {v}" for k, v in sorted(by.items())) + ")")
    return {"slips.validate_queries": {
        "value": meter, "unit": "queries",
        "baseline": "validating a fixed-odds payout (same run)",
        "baseline_value": fixed, "ratio": fixed / meter}}
