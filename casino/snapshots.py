"""Reads as of one moment that never stop a writer (issue 32).

On SQLite every transaction of the default install begins IMMEDIATE (casino/settings.py): it
holds the one write lock from its first statement, so that a transaction that read first never
has to become a writer halfway (SQLite refuses that at once). A block that only reads needs no
write lock, and holding it for a long read (an API page of meters polled by ten tablets, a
reconciliation, an export) would make every writer wait, and past the busy timeout answer "Not
saved". ``snapshot()`` begins such a block DEFERRED instead: in WAL mode its reads see the
database as of its first read while writers go on.
"""

from contextlib import contextmanager, nullcontext

from django.db import connection, transaction


@contextmanager
def _begin_deferred():
    connection.ensure_connection()  # connecting sets the mode again: connect first
    mode, connection.transaction_mode = connection.transaction_mode, None
    try:
        yield
    finally:
        connection.transaction_mode = mode


@contextmanager
def snapshot():
    """One transaction whose reads all see one moment, for reads only: on PostgreSQL
    REPEATABLE READ READ ONLY, on SQLite a DEFERRED transaction. Inside a caller's transaction,
    that transaction (a savepoint), with the caller's locks and reads."""
    nested = connection.in_atomic_block
    deferred = connection.vendor == "sqlite" and not nested
    with _begin_deferred() if deferred else nullcontext(), transaction.atomic():
        if connection.vendor == "postgresql" and not nested:
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield
