"""Where a benchmark's time goes, by process group: CPU seconds read from ``/proc`` (Linux), so
the figure does not depend on how busy the machine was (a shared 2-core machine's wall times
do). (Not a ``bench_*`` module: the runner does not run it.)

``CpuSampler({"web": pids_fn, ...})`` samples every group's processes every 0.1 s during the
block; a process already running when the block starts counts from there, one started during
it from its start. A process that ends between two samples loses at most its last 0.1 s.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
PROC = Path("/proc")


def cpu_seconds(pid: int) -> float | None:
    """User and system CPU of ``pid`` so far; None if it is gone (or no /proc)."""
    try:
        fields = (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return (int(fields[11]) + int(fields[12])) / TICK


def postgres_backends(database: str) -> Callable[[], list[int]]:
    """The PostgreSQL server processes serving ``database`` on this machine (their title
    names it: ``postgres: ... <user> <database> <client> <state>``)."""
    needle = f" {database} ".encode()

    def pids() -> list[int]:
        found = []
        for entry in PROC.glob("[0-9]*"):
            try:
                title = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if title.startswith(b"postgres:") and needle in title:
                found.append(int(entry.name))
        return found

    return pids


def descendants(pid: int) -> Callable[[], list[int]]:
    """``pid`` and every process under it (a gunicorn master and its workers), by parent."""

    def pids() -> list[int]:
        parent_of = {}
        for entry in PROC.glob("[0-9]*"):
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            parent_of[int(entry.name)] = int(fields[1])
        found, todo = [], [pid]
        while todo:
            current = todo.pop()
            found.append(current)
            todo.extend(child for child, parent in parent_of.items() if parent == current)
        return found

    return pids


def fixed(pids: Iterable[int]) -> Callable[[], list[int]]:
    pids = list(pids)
    return lambda: pids


class CpuSampler:
    """CPU seconds per group of processes during a ``with`` block (see the module's doc)."""

    def __init__(self, groups: dict[str, Callable[[], list[int]]], interval: float = 0.1):
        self.groups, self.interval = groups, interval
        self.start: dict[tuple[str, int], float] = {}
        self.last: dict[tuple[str, int], float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    @property
    def available(self) -> bool:
        return PROC.joinpath("self", "stat").exists()

    def _sample(self, first: bool = False) -> None:
        for name, pids in self.groups.items():
            for pid in pids():
                used = cpu_seconds(pid)
                if used is None:
                    continue
                key = (name, pid)
                if first:
                    self.start[key] = used
                self.start.setdefault(key, 0.0)  # began during the block: all of it counts
                self.last[key] = used

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self) -> CpuSampler:
        if self.available:
            self._sample(first=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        if self.available:
            self._stop.set()
            self._thread.join()
            self._sample()

    def seconds(self) -> dict[str, float]:
        """CPU seconds per group (empty without /proc)."""
        used = dict.fromkeys(self.groups, 0.0)
        for (name, pid), value in self.last.items():
            used[name] += value - self.start[(name, pid)]
        return used if self.last else {}


def per_item(used: dict[str, float], items: int, unit: float = 1e6) -> str:
    """"web 1,234 µs + postgresql 567 µs = 1,801 µs" per item (µs by default)."""
    if not used:
        return "no /proc: CPU not measured"
    parts = [f"{name} {seconds * unit / items:,.0f}" for name, seconds in used.items()]
    total = sum(used.values()) * unit / items
    suffix = "µs" if unit == 1e6 else "ms"
    return " + ".join(parts) + f" = {total:,.0f} {suffix}"
