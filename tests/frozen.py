"""A final record changed as only the owner (or a DBA) can: with its table's freeze lifted
(``casino.frozen``), to backdate a record for a test or to tamper with it as an intruder
holding the owner's password would. Inside the test's own transaction, so a rollback puts the
freeze back whatever happens.

On PostgreSQL the application role cannot lift a trigger; the test database alone gets a
function of the owner's (``SECURITY DEFINER``) that lifts or restores one table's freeze,
executable by the application role. No migration installs it: it exists only where the tests
create it.
"""

from contextlib import contextmanager

import psycopg
import pytest
from django.db import DatabaseError, connection, transaction

from casino import frozen
from casino.db_roles import app_user, owner_credentials
from rulesubmissions.frozen import FREEZES as RULES_FREEZES
from tables.frozen import FREEZES as TABLES_FREEZES
from tests.ci import in_ci

BY_TABLE = {f.table: f for f in (*TABLES_FREEZES, *RULES_FREEZES)}

LIFT = """
CREATE OR REPLACE FUNCTION casino_test_freeze(tbl text, frozen boolean) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
    EXECUTE format('ALTER TABLE %I ' || CASE WHEN frozen THEN 'ENABLE' ELSE 'DISABLE' END
                   || ' TRIGGER %I', tbl, tbl || '_frozen');
END;
$$
"""


def _lifter() -> None:
    """Create the owner's function in the test database, once."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT to_regprocedure('casino_test_freeze(text, boolean)')")
        if cursor.fetchone()[0] is not None:
            return
    owner = owner_credentials()
    if owner is None:  # one role: the tests' connection owns the tables
        with connection.cursor() as cursor:
            cursor.execute(LIFT)
        return
    with owner_connection() as raw:
        raw.autocommit = True
        raw.execute(LIFT)
        raw.execute("REVOKE ALL ON FUNCTION casino_test_freeze(text, boolean) FROM PUBLIC")
        raw.execute(f'GRANT EXECUTE ON FUNCTION casino_test_freeze(text, boolean) '
                    f'TO "{app_user()}"')


@contextmanager
def unfrozen(*tables: str):
    """The block changes rows of ``tables`` (e.g. ``"tables_meterentry"``) freely."""
    freezes = [BY_TABLE[t] for t in tables]
    if connection.vendor == "postgresql":
        _lifter()
        _set(tables, False)
        try:
            yield
        finally:
            _set(tables, True)
        return
    frozen.uninstall(connection, freezes)
    try:
        yield
    finally:
        frozen.install(connection, freezes)


def _set(tables, on: bool) -> None:
    with connection.cursor() as cursor:
        # A table with deferred foreign-key checks pending cannot be altered: run them now.
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in tables:
            cursor.execute("SELECT casino_test_freeze(%s, %s)", [table, on])
        if connection.in_atomic_block:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")


def refused(sql: str, params=(), match: str = "") -> None:
    """``sql``, from the tests' connection (the application's role on PostgreSQL with two
    roles), is refused by the freeze, with ``match`` in its message."""
    with pytest.raises(DatabaseError, match=match), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute(sql, params)


def two_roles() -> None:
    """Fail in CI unless PostgreSQL with the owner role runs this; skip elsewhere."""
    if connection.vendor != "postgresql" or owner_credentials() is None:
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL with DATABASE_MIGRATE_URL set")
        pytest.skip("needs PostgreSQL with an owner role (DATABASE_MIGRATE_URL)")


def owner_connection() -> psycopg.Connection:
    db = {**connection.settings_dict, **owner_credentials()}
    return psycopg.connect(host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"],
                           password=db["PASSWORD"] or None, dbname=db["NAME"])
