"""On PostgreSQL the application connects as a restricted role: the three ways to erase the
audit log quietly (TRUNCATE, replica mode, disabling the trigger) all fail from its
connection, while migrations, run as the owner, still work."""

import psycopg
import pytest
from django.db import DatabaseError, connection, transaction

from casino.audit import audit_record
from casino.db_roles import owner_credentials
from casino.models import AuditEvent
from tests.ci import in_ci

pytestmark = pytest.mark.django_db

ATTACKS = [
    "TRUNCATE casino_auditevent",
    "TRUNCATE casino_auditevent CASCADE",
    "SET session_replication_role = replica",
    "ALTER TABLE casino_auditevent DISABLE TRIGGER ALL",
    "ALTER TABLE casino_auditevent DISABLE TRIGGER casino_auditevent_append_only",
    "DROP TRIGGER casino_auditevent_append_only ON casino_auditevent",
    "UPDATE casino_auditevent SET action = 'casino.x.y'",
    "DELETE FROM casino_auditevent",
    "UPDATE casino_auditchaincheck SET ok = true",
    "DELETE FROM casino_auditchaincheck",
    "DELETE FROM django_migrations WHERE app = 'casino'",
    # The apps' records: only an archive, as the owner, removes them (§605a.7, §465a.6(c)).
    "DELETE FROM tables_meterentry",
    "DELETE FROM tables_jackpotslip",
    "DELETE FROM tables_meterreading",
    # The log's sequences, triggers and functions (issue 20): nothing the owner made.
    "SELECT setval(pg_get_serial_sequence('casino_auditevent', 'id'), 1)",
    "SELECT setval(pg_get_serial_sequence('casino_auditchaincheck', 'id'), 1)",
    "SELECT nextval(pg_get_serial_sequence('casino_auditevent', 'id'))",
    "ALTER SEQUENCE casino_auditevent_id_seq RESTART",
    "ALTER TABLE casino_auditevent ALTER COLUMN id RESTART WITH 1",
    "ALTER TABLE casino_auditevent DISABLE TRIGGER casino_auditevent_link",
    "DROP TRIGGER casino_auditevent_link ON casino_auditevent",
    "DROP FUNCTION casino_auditevent_link() CASCADE",
    "ALTER FUNCTION casino_auditevent_link() SECURITY INVOKER",
    "CREATE OR REPLACE FUNCTION casino_auditevent_guard() RETURNS trigger AS "
    "'BEGIN RETURN NEW; END' LANGUAGE plpgsql",
    "SET CONSTRAINTS ALL IMMEDIATE; UPDATE casino_auditevent SET seq = NULL",
]


@pytest.fixture
def two_roles():
    if connection.vendor != "postgresql" or owner_credentials() is None:
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL with DATABASE_MIGRATE_URL set")
        pytest.skip("needs PostgreSQL with an owner role (DATABASE_MIGRATE_URL)")


@pytest.fixture
def event(two_roles, keystone):
    return audit_record(actor=None, action="casino.property.inspect", target=keystone)


@pytest.mark.parametrize("sql", ATTACKS)
def test_the_application_role_cannot_erase_or_unguard_the_audit_log(sql, event):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql)
    with connection.cursor() as cursor:
        cursor.execute("SHOW session_replication_role")
        assert cursor.fetchone()[0] == "origin"
    assert AuditEvent.objects.filter(pk=event.pk, action="casino.property.inspect").exists()


def test_the_application_role_owns_nothing_and_is_no_superuser(two_roles):
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_user, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls "
                       "FROM pg_roles WHERE rolname = current_user")
        user, *powers = cursor.fetchone()
        cursor.execute("SELECT count(*) FROM pg_class c JOIN pg_namespace n "
                       "ON n.oid = c.relnamespace WHERE n.nspname = 'public' "
                       "AND pg_get_userbyid(c.relowner) = current_user")
        owned = cursor.fetchone()[0]
        cursor.execute("SELECT has_table_privilege(current_user, 'casino_auditevent', 'TRUNCATE'),"
                       " has_table_privilege(current_user, 'casino_auditevent', 'UPDATE'),"
                       " has_table_privilege(current_user, 'casino_auditevent', 'INSERT')")
        truncate, update, insert = cursor.fetchone()
    assert user != owner_credentials()["USER"]
    assert powers == [False, False, False, False]
    assert owned == 0
    assert (truncate, update, insert) == (False, False, True)


def test_the_audit_sequences_are_out_of_reach_while_inserting_still_works(two_roles):
    """``setval`` on the log's id sequence fails from the application's connection (it has
    no right on it at all: an identity column needs none to INSERT); other tables' sequences
    are still the application's."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT has_sequence_privilege(pg_get_serial_sequence(t, 'id'), p) "
                       "FROM unnest(ARRAY['casino_auditevent', 'casino_auditchaincheck']) t, "
                       "unnest(ARRAY['USAGE', 'SELECT', 'UPDATE']) p")
        assert [granted for (granted,) in cursor.fetchall()] == [False] * 6
        cursor.execute("SELECT has_sequence_privilege(pg_get_serial_sequence('casino_property', "
                       "'id'), 'USAGE')")
        assert cursor.fetchone() == (True,)
    with pytest.raises(DatabaseError, match="permission denied"), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute("SELECT setval(pg_get_serial_sequence('casino_auditevent', 'id'), 1)")
    events = [audit_record(actor=None, action="casino.property.inspect", target=None)
              for _ in range(2)]
    assert events[1].pk > events[0].pk > 0


@pytest.mark.django_db(transaction=True)
def test_the_trigger_still_refuses_the_owner(event):
    """Defence in depth: even the owner's UPDATE or DELETE is refused by the trigger."""
    db = {**connection.settings_dict, **owner_credentials()}
    with psycopg.connect(host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"],
                         password=db["PASSWORD"] or None, dbname=db["NAME"]) as owner:
        for sql in ("UPDATE casino_auditevent SET action = 'casino.x.y' WHERE id = %s",
                    "DELETE FROM casino_auditevent WHERE id = %s"):
            with pytest.raises(psycopg.Error, match="append-only"), owner.transaction():
                owner.execute(sql, [event.pk])
