"""What the database's owner (or whoever holds its password) could do to the records and the
audit log with every trigger lifted (issue 28): the tests of ``audit_verify``'s record checks
and anchors change records this way, since the application's role is refused (item 1)."""

import psycopg
from django.db import connection

from casino.db_roles import owner_credentials


def as_owner(*statements: tuple[str, list], tables: tuple[str, ...]) -> None:
    """Run ``(sql, params)`` as the owner in one transaction, every user trigger of ``tables``
    disabled meanwhile (SQLite, which has neither owner nor role: the test's connection)."""
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            marks = ", ".join("%s" for _ in tables) or "''"
            cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                           f"tbl_name IN ({marks})", list(tables))
            triggers = cursor.fetchall()
            for name, _sql in triggers:
                cursor.execute(f"DROP TRIGGER {name}")
            for sql, params in statements:
                cursor.execute(sql, params)
            for _name, sql in triggers:
                cursor.execute(sql)
        return
    db = dict(connection.settings_dict)
    db.update(owner_credentials() or {})
    with psycopg.connect(host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"],
                         password=db["PASSWORD"] or None, dbname=db["NAME"]) as raw:
        for table in tables:
            raw.execute(f"ALTER TABLE {table} DISABLE TRIGGER USER")
        for sql, params in statements:
            raw.execute(sql, params)
        raw.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for table in tables:
            raw.execute(f"ALTER TABLE {table} ENABLE TRIGGER USER")
