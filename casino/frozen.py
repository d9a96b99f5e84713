"""Records frozen where they are final (issue 28): the database itself refuses an UPDATE that
changes what a final record says, for every connection (the application's role and the owner
alike, as the audit log's append-only trigger does), and a model's ``save()`` refuses it first,
in words for staff.

A record's freeze is a ``Freeze``: its table, what it is called, and ``Rule``s, each "when
this holds of the row (``OLD``) and of the change (``NEW``), none of these columns may
change". ``install`` writes it as a ``BEFORE UPDATE`` trigger: on PostgreSQL a PL/pgSQL
function naming the record (from the app's migration, run by ``migrate`` as the owner); on
SQLite a trigger raising ``ABORT`` (re-made after every ``migrate``, since SQLite drops a
table's triggers whenever Django rebuilds the table). ``DELETE`` is untouched: the application
role has no DELETE on records (``casino.db_roles``), and the owner's archive removes rows.

Only the owner can lift a freeze (``ALTER TABLE ... DISABLE TRIGGER <table>_frozen``), as it
can the audit log's; what it then changes, ``audit_verify`` compares with the audit events.
Louisiana III-2717 (records "not susceptible to change or removal"), 4 Pa.C.S. §1323.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from django.core.exceptions import PermissionDenied
from django.db.models.signals import post_migrate

# A rule's ``columns``: every column of the table but those of ``but``.
EVERY = None


@dataclass(frozen=True)
class Rule:
    """Refused when ``when`` (SQL over ``OLD`` and ``NEW`` that reads the same on PostgreSQL
    and SQLite; empty: always) holds and one of ``columns`` changes (``EVERY``: any column but
    ``but``; ``()``: ``when`` alone refuses). ``why`` follows the record's name."""

    why: str
    when: str = ""
    columns: tuple[str, ...] | None = ()
    but: tuple[str, ...] = ()


@dataclass(frozen=True)
class Freeze:
    """``label``: a ``format()`` string over ``OLD``'s ``label_columns`` naming the record on
    PostgreSQL (``"Jackpot slip %s"``); SQLite's message names it by ``name``."""

    table: str
    model: str  # app_label.Model
    name: str
    label: str
    label_columns: tuple[str, ...]
    rules: tuple[Rule, ...] = field(default_factory=tuple)

    @property
    def trigger(self) -> str:
        return f"{self.table}_frozen"


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _changed_pg(rule: Rule) -> str:
    if rule.columns is EVERY and not rule.but:
        return "to_jsonb(OLD) IS DISTINCT FROM to_jsonb(NEW)"
    if rule.columns is EVERY:
        but = "ARRAY[" + ", ".join(_quote(c) for c in rule.but) + "]::text[]"
        return f"(to_jsonb(OLD) - {but}) IS DISTINCT FROM (to_jsonb(NEW) - {but})"
    return " OR ".join(f"OLD.{c} IS DISTINCT FROM NEW.{c}" for c in rule.columns)


def _changed_sqlite(rule: Rule, every: list[str]) -> str:
    columns = [c for c in every if c not in rule.but] if rule.columns is EVERY else rule.columns
    return " OR ".join(f"OLD.{c} IS NOT NEW.{c}" for c in columns)


def _condition(rule: Rule, changed: str) -> str:
    parts = [f"({part})" for part in (rule.when, changed) if part]
    return " AND ".join(parts) or "TRUE"


def postgresql_sql(freeze: Freeze) -> list[str]:
    """The function and its trigger (``CREATE OR REPLACE``: a later migration re-installs)."""
    labels = ", ".join(f"OLD.{c}" for c in freeze.label_columns)
    checks = "\n".join(
        f"    IF {_condition(rule, _changed_pg(rule))} THEN\n"
        f"        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = "
        f"format({_quote(freeze.label + ' ' + rule.why)}, {labels});\n"
        f"    END IF;" for rule in freeze.rules)
    return [
        f"CREATE OR REPLACE FUNCTION {freeze.trigger}() RETURNS trigger AS $$\nBEGIN\n"
        f"{checks}\n    RETURN NEW;\nEND;\n$$ LANGUAGE plpgsql",
        f"DROP TRIGGER IF EXISTS {freeze.trigger} ON {freeze.table}",
        f"CREATE TRIGGER {freeze.trigger} BEFORE UPDATE ON {freeze.table} "
        f"FOR EACH ROW EXECUTE FUNCTION {freeze.trigger}()",
    ]


def sqlite_sql(freeze: Freeze, columns: list[str]) -> list[str]:
    """One trigger; its message names the record by kind (SQLite's RAISE takes a literal)."""
    checks = "\n".join(
        f"    SELECT RAISE(ABORT, {_quote(freeze.name + ' ' + rule.why)}) "
        f"WHERE {_condition(rule, _changed_sqlite(rule, columns))};" for rule in freeze.rules)
    return [f"DROP TRIGGER IF EXISTS {freeze.trigger}",
            f"CREATE TRIGGER {freeze.trigger} BEFORE UPDATE ON {freeze.table} "
            f"FOR EACH ROW BEGIN\n{checks}\nEND"]


def install(connection, freezes: tuple[Freeze, ...]) -> None:
    """Install (or re-install) ``freezes`` on ``connection``'s database; on SQLite, over the
    columns each table has now (a table not made yet is skipped)."""
    with connection.cursor() as cursor:
        tables = set(connection.introspection.table_names(cursor))
        for freeze in freezes:
            if connection.vendor == "postgresql":
                statements = postgresql_sql(freeze)
            elif connection.vendor == "sqlite" and freeze.table in tables:
                columns = [c.name for c in connection.introspection.get_table_description(
                    cursor, freeze.table)]
                statements = sqlite_sql(freeze, columns)
            else:
                continue
            for statement in statements:
                cursor.execute(statement)  # no parameters: '%s' is format()'s, not the driver's


def uninstall(connection, freezes: tuple[Freeze, ...]) -> None:
    with connection.cursor() as cursor:
        for freeze in freezes:
            if connection.vendor == "postgresql":
                cursor.execute(f"DROP TRIGGER IF EXISTS {freeze.trigger} ON {freeze.table}")
                cursor.execute(f"DROP FUNCTION IF EXISTS {freeze.trigger}()")
            elif connection.vendor == "sqlite":
                cursor.execute(f"DROP TRIGGER IF EXISTS {freeze.trigger}")


def migration_operations(freezes: tuple[Freeze, ...]):
    """What an app's migration runs: the freezes on PostgreSQL (SQLite's come with every
    ``migrate``, ``reinstall_on_migrate``)."""
    from django.db import migrations

    def forwards(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            install(schema_editor.connection, freezes)

    def backwards(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            uninstall(schema_editor.connection, freezes)

    return [migrations.RunPython(forwards, backwards)]


def reinstall_on_migrate(app_config, freezes: tuple[Freeze, ...]) -> None:
    """On SQLite, (re)make the app's triggers after each ``migrate`` and flush: a migration
    that rebuilds a table there drops its triggers with the old table."""

    def handler(sender, using="default", **kwargs):
        from django.db import connections
        connection = connections[using]
        if connection.vendor == "sqlite":
            install(connection, freezes)

    post_migrate.connect(handler, sender=app_config, weak=False,
                         dispatch_uid=f"casino.frozen.{app_config.label}")


# --- The model's own refusal, in words for staff ------------------------------------------------

class FrozenRecord(PermissionDenied):
    """A final record asked to change: a 403 with the reason, never a 500."""


class FrozenModel:
    """Mixin for a model whose rows become final. It keeps each row's values as loaded and, on
    ``save()``, asks ``frozen_refusal(stored, changed)`` (the stored values and the columns
    that differ, by ``attname``) for the reason to refuse, in words, or ``""``. The database's
    trigger is the rule; this says it before the statement is sent, at no extra query."""

    frozen_refusal: Callable[[dict, set], str]

    @classmethod
    def from_db(cls, db, field_names, values):
        instance = super().from_db(db, field_names, values)
        instance._frozen_stored = dict(zip(field_names, values, strict=True))
        return instance

    def save(self, *args, **kwargs):
        stored = getattr(self, "_frozen_stored", None)
        if stored is not None and not self._state.adding:
            changed = {a for a, v in stored.items() if getattr(self, a) != v}
            reason = self.frozen_refusal(stored, changed) if changed else ""
            if reason:
                raise FrozenRecord(reason)
        super().save(*args, **kwargs)
        if stored is not None:
            stored.update({a: getattr(self, a) for a in stored})
