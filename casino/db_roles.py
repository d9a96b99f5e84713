"""Two PostgreSQL roles: the owner runs migrations, the application runs as a restricted role.

``DATABASE_URL`` is what the web and the workers use; ``DATABASE_MIGRATE_URL`` (same database,
the owner's user) is what ``manage.py migrate`` and ``flush`` switch to. After each migrate the
owner grants the application role exactly: SELECT, INSERT, UPDATE, DELETE on the tables,
except the audit log and its chain checks, which get SELECT and INSERT only, the apps' tables
of records (``casino.registry.records_tables``: the meter ledger, slips, readings), which get
no DELETE, and ``django_migrations``, SELECT only; the sequences of the tables, except those of the audit log and its checks, which
it may not touch at all (no ``setval``, no ``nextval``: their ids are identity columns, which
an INSERT fills without any right on the sequence). The application role owns
nothing and is no superuser, so from its connection ``TRUNCATE``, ``ALTER TABLE ... DISABLE
TRIGGER``, ``SET session_replication_role`` and any change to the log's triggers, functions
or sequences are refused by PostgreSQL itself.

Without ``DATABASE_MIGRATE_URL`` (SQLite, or a single-role development database) nothing
switches and nothing is granted.
"""

from contextlib import contextmanager

import dj_database_url
from django.conf import settings
from django.db import connections

from casino import registry

CREDENTIALS = ("USER", "PASSWORD", "HOST", "PORT")
APPEND_ONLY_TABLES = ("casino_auditevent", "casino_auditchaincheck")


def owner_credentials() -> dict | None:
    url = getattr(settings, "DATABASE_MIGRATE_URL", "")
    if not url:
        return None
    parsed = dj_database_url.parse(url)
    return {key: parsed.get(key, "") for key in CREDENTIALS}


def app_user() -> str:
    return getattr(settings, "DATABASE_APP_USER", "")


def _uses_roles(alias: str) -> bool:
    owner = owner_credentials()
    return (owner is not None and connections[alias].vendor == "postgresql"
            and bool(app_user()) and owner["USER"] != app_user())


@contextmanager
def credentials(alias: str, creds: dict):
    """Reconnect ``alias`` with other credentials (same database name) for the block."""
    connection = connections[alias]
    saved = {key: connection.settings_dict.get(key, "") for key in CREDENTIALS}
    connection.close()
    connection.settings_dict.update(creds)
    try:
        yield connection
    finally:
        connection.close()
        connection.settings_dict.update(saved)


@contextmanager
def as_owner(alias: str = "default"):
    """Run the block as the owner when two roles are configured; otherwise as is."""
    if not _uses_roles(alias):
        yield connections[alias]
        return
    with credentials(alias, owner_credentials()) as connection:
        yield connection


def grant_app_privileges(alias: str = "default") -> None:
    """As the owner: give the application role what it needs and nothing more."""
    if not _uses_roles(alias):
        return
    connection = connections[alias]
    role = connection.ops.quote_name(app_user())
    database = connection.ops.quote_name(connection.settings_dict["NAME"])
    statements = [
        f"GRANT CONNECT ON DATABASE {database} TO {role}",
        f"GRANT USAGE ON SCHEMA public TO {role}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}",
        f"GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO {role}",
        *(f"REVOKE UPDATE, DELETE ON {table} FROM {role}" for table in APPEND_ONLY_TABLES),
        # The apps' records (the meter ledger, slips, readings): removed only by an archive.
        *(f"REVOKE DELETE ON {connection.ops.quote_name(table)} FROM {role}"
          for table in sorted(registry.RECORDS)),
        # Which migrations ran is the owner's record alone.
        f"REVOKE INSERT, UPDATE, DELETE ON django_migrations FROM {role}",
    ]
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
        for statement in _audit_sequence_revokes(cursor, role):
            cursor.execute(statement)


def _audit_sequence_revokes(cursor, role: str) -> list[str]:
    """The audit tables' id sequences: nothing for an identity column (an INSERT needs no
    right on it); a ``serial`` one (a database made before Django 4.1) keeps USAGE, which
    ``nextval`` needs, and loses UPDATE, which ``setval`` needs."""
    cursor.execute(
        "SELECT pg_get_serial_sequence(c.relname, a.attname), a.attidentity <> '' "
        "FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid "
        "WHERE c.relname = ANY(%s) AND a.attname = 'id' AND c.relnamespace = "
        "current_schema()::regnamespace", [list(APPEND_ONLY_TABLES)])
    return [f"REVOKE ALL ON SEQUENCE {sequence} FROM {role}" if identity
            else f"REVOKE UPDATE ON SEQUENCE {sequence} FROM {role}"
            for sequence, identity in cursor.fetchall() if sequence]
