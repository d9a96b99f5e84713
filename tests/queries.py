"""Counting the statements a request or a service sends to the database, for the tests that pin
them (issue 23) and the benchmarks that report them: transaction control (BEGIN, COMMIT,
SAVEPOINT, RELEASE) is left out, since a test's own transaction adds savepoints that a served
request does not have."""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager

from django.db import connection
from django.test.utils import CaptureQueriesContext

CONTROL = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


def data_statements(sql: list[str]) -> list[str]:
    return [s for s in sql if not s.lstrip().split(None, 1)[0].upper().startswith(CONTROL)]


class Counted:
    """What a ``counting()`` block sent: ``statements`` (control aside), ``reads_of(table)``."""

    def __init__(self):
        self.sql: list[str] = []

    @property
    def statements(self) -> list[str]:
        return data_statements(self.sql)

    def __len__(self) -> int:
        return len(self.statements)

    def of(self, table: str, verb: str = "SELECT") -> int:
        """Statements starting with ``verb`` whose first table is ``table``."""
        return sum(1 for s in self.statements if s.startswith(verb)
                   and _first_table(s) == table)

    def by_table(self) -> Counter:
        return Counter(f"{s.split(None, 1)[0]} {_first_table(s)}" for s in self.statements)


def _outer(sql: str, marker: str) -> int:
    """Where ``marker`` first occurs outside parentheses (a subquery among the columns read
    is not the table read), or -1."""
    depth = 0
    for at, char in enumerate(sql):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and sql.startswith(marker, at):
            return at
    return -1


def _first_table(sql: str) -> str:
    """The table a statement reads or writes: after INSERT INTO, UPDATE or the first FROM
    outside parentheses."""
    verb = sql.lstrip().split(None, 1)[0].upper()
    marker = {"INSERT": "INSERT INTO ", "UPDATE": "UPDATE "}.get(verb, " FROM ")
    at = _outer(sql, marker)
    if at < 0:
        return ""
    rest = sql[at + len(marker):].lstrip()
    return rest.split(None, 1)[0].strip('"').split('"')[0]


@contextmanager
def counting():
    """``with counting() as counted: ...``; then ``len(counted)``, ``counted.of(table)``."""
    counted = Counted()
    with CaptureQueriesContext(connection) as ctx:
        yield counted
    counted.sql = [q["sql"] for q in ctx.captured_queries]
