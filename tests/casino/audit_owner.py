"""What an intruder with the owner's password (or a DBA) could do to the audit log, outside
the application: statements run as the tables' owner with the append-only triggers lifted."""

import psycopg
from django.db import connection

from casino.db_roles import owner_credentials

TRIGGERS = (("casino_auditevent", "casino_auditevent_append_only"),
            ("casino_auditchaincheck", "casino_auditchaincheck_append_only"))


def owner_sql(*statements: tuple[str, list]) -> None:
    """Run ``(sql, params)`` statements as the owner, in one transaction, triggers lifted
    (SQLite has neither owner nor triggers: the test's own connection)."""
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            for sql, params in statements:
                cursor.execute(sql, params)
        return
    db = dict(connection.settings_dict)
    db.update(owner_credentials() or {})
    with psycopg.connect(host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"],
                         password=db["PASSWORD"] or None, dbname=db["NAME"]) as raw:
        for table, trigger in TRIGGERS:
            raw.execute(f"ALTER TABLE {table} DISABLE TRIGGER {trigger}")
        for sql, params in statements:
            raw.execute(sql, params)
        raw.execute("SET CONSTRAINTS ALL IMMEDIATE")  # foreign keys checked before the ALTER
        for table, trigger in TRIGGERS:
            raw.execute(f"ALTER TABLE {table} ENABLE TRIGGER {trigger}")
