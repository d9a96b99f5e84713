"""``audit.parallel_properties``: audited writes per second at four properties at once, one
writer each, against one property writing alone (the baseline, measured in the same run).
The target is a ratio of at least 1.5 on two cores: each property has its own audit chain, and
the chain's lock is the last a transaction takes, at COMMIT (casino/audit_chain.py), so one
property never waits for another. (With the one global chain before issue 23, every audited
transaction of the deployment waited for that lock from its first audit event to its commit.)

An audited write is the service a table games manager uses to change a closed table's
configuration (``tables.floor.services.table_update``: the table's row locked, changed, one
audit event, in one transaction), each writer at its own table, in its own process with its own
database connection, for ``SECONDS`` after a common start; the configurations are measured in
``ROUNDS`` interleaved slices (alone, four properties, one property with four writers, again),
so a change in the shared machine's load falls on all of them. Printed too: four writers at
*one* property (their commits queue for that property's one chain lock), the CPU per write and
the cores the writers and PostgreSQL had (fewer than two: other work had the rest), and a full
check of every chain afterwards, which must find them intact.

Runs in a throwaway PostgreSQL database (``bench_audit_<pid>``), dropped afterwards; skipped
unless ``DATABASE_URL`` is PostgreSQL.
"""

from __future__ import annotations

import multiprocessing
import os
import time

from benchmarks.cpu import CpuSampler, fixed, per_item, postgres_backends
from benchmarks.support import property_with_staff, throwaway_database

PROPERTIES = 4
SECONDS = 3.0  # one slice
ROUNDS = 4  # slices of each configuration, interleaved: the shared machine's load changes


def _world() -> list[tuple[int, int, list[int]]]:
    """Four properties, each with a table games manager and four closed tables:
    ``[(property pk, manager pk, [table pks]), ...]``."""
    from tables.floor.models import Table

    world = []
    for n in range(PROPERTIES):
        prop, person = property_with_staff(f"BENCH-AUDIT-{n}", f"ba{n}")
        tgm = person("tgm", "table_games_manager")
        tables = [Table.objects.create(property=prop, label=f"A-{i}", game="three_card_poker",
                                       positions=6, pit="Pit 1").pk for i in range(4)]
        world.append((prop.pk, tgm.pk, tables))
    return world


def _writer(user_pk: int, table_pk: int, barrier, out) -> None:
    """Change the table's pit back and forth until ``SECONDS`` after the common start."""
    try:
        from django.contrib.auth import get_user_model

        from tables.floor import services
        from tables.floor.models import Table

        user = get_user_model().objects.get(pk=user_pk)
        table = Table.objects.get(pk=table_pk)
        services.table_update(actor=user, table=table, data={"pit": "Pit 0"})  # untimed warm-up
        barrier.wait()
        started, writes = time.perf_counter(), 0
        while time.perf_counter() - started < SECONDS:
            services.table_update(actor=user, table=table, data={"pit": f"Pit {writes % 2 + 1}"})
            writes += 1
        out.put((writes, time.perf_counter() - started))
    except Exception as exc:  # noqa: BLE001 - reported by the parent
        out.put(exc)


def _rate(jobs: list[tuple[int, int]], database: str) -> tuple[int, float, dict]:
    """One slice: the writes of ``jobs`` ((manager, table) each in its own process, all
    started together), the seconds they took and the CPU seconds used meanwhile."""
    from django.db import connections
    connections.close_all()  # each child opens its own
    fork = multiprocessing.get_context("fork")
    barrier, out = fork.Barrier(len(jobs) + 1), fork.Queue()
    children = [fork.Process(target=_writer, args=(*job, barrier, out)) for job in jobs]
    for child in children:
        child.start()
    groups = {"writers": fixed(c.pid for c in children),
              "postgresql": postgres_backends(database)}
    barrier.wait()
    with CpuSampler(groups) as cpu:
        found = [out.get() for _ in children]
    for child in children:
        child.join()
    errors = [f for f in found if isinstance(f, Exception)]
    if errors:
        raise RuntimeError(f"{len(errors)} writers failed: {errors[0]!r}")
    return sum(n for n, _ in found), max(t for _, t in found), cpu.seconds()


def _rounds(configurations: dict[str, list], database: str) -> dict[str, tuple]:
    """Each configuration ``ROUNDS`` times, interleaved: per configuration (writes per
    second, CPU seconds by group, writes, seconds)."""
    totals = {name: [0, 0.0, {}] for name in configurations}
    for _ in range(ROUNDS):
        for name, jobs in configurations.items():
            writes, seconds, used = _rate(jobs, database)
            total = totals[name]
            total[0] += writes
            total[1] += seconds
            for group, value in used.items():
                total[2][group] = total[2].get(group, 0.0) + value
    return {name: (n / t, used, n, t) for name, (n, t, used) in totals.items()}


def _verify(world) -> None:
    from casino import audit_chain
    for prop_pk, _, _ in world:
        result = audit_chain.verify_chain(prop_pk, full=True)
        if not result.ok:
            raise AssertionError(f"property {prop_pk}'s chain: {result.problems[:3]}")


def run() -> dict:
    with throwaway_database("audit") as ready:
        if not ready:
            print("# bench_audit: skipped (needs DATABASE_URL on PostgreSQL)")
            return {}
        from django.db import connection
        database = connection.settings_dict["NAME"]
        world = _world()
        first_prop = world[0]
        found = _rounds({
            "one property alone": [(first_prop[1], first_prop[2][0])],
            f"{PROPERTIES} properties at once": [(tgm, tables[0]) for _, tgm, tables in world],
            f"{PROPERTIES} writers at one property": [(first_prop[1], t)
                                                      for t in first_prop[2]],
        }, database)
        _verify(world)
        (alone, *_), (ours, *_), (one, *_) = found.values()
        print(f"# audit: {ours:.0f} writes/s at {PROPERTIES} properties at once (one writer "
              f"each), {alone:.0f}/s one property alone, {one:.0f}/s {PROPERTIES} writers at "
              f"one property; every chain intact")
        for label, (_, used, n, seconds) in found.items():
            if used:
                print(f"# audit: {label}: CPU per write {per_item(used, n)}, "
                      f"{sum(used.values()) / seconds:.2f} cores used; {os.cpu_count()} idle "
                      f"cores would serve about {os.cpu_count() * n / sum(used.values()):,.0f} "
                      f"writes/s")
    return {"audit.parallel_properties": {
        "value": ours, "unit": "writes/s",
        "baseline": "one property writing alone (one writer)",
        "baseline_value": alone, "ratio": ours / alone}}
