"""On PostgreSQL, the database itself refuses UPDATE and DELETE on the audit log.

TRUNCATE (used by test-database flushes) is a statement, not row-level, and is not blocked.
"""

from django.db import migrations

CREATE_FUNCTION = """
CREATE OR REPLACE FUNCTION casino_auditevent_refuse_change() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'casino_auditevent is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql
"""

CREATE_TRIGGER = """
CREATE TRIGGER casino_auditevent_append_only
    BEFORE UPDATE OR DELETE ON casino_auditevent
    FOR EACH ROW EXECUTE FUNCTION casino_auditevent_refuse_change()
"""

DROP_TRIGGER = "DROP TRIGGER IF EXISTS casino_auditevent_append_only ON casino_auditevent"
DROP_FUNCTION = "DROP FUNCTION IF EXISTS casino_auditevent_refuse_change()"


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        # params=None: the '%' in RAISE is PL/pgSQL's, not a driver placeholder.
        schema_editor.execute(CREATE_FUNCTION, None)
        schema_editor.execute(CREATE_TRIGGER, None)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(DROP_TRIGGER, None)
        schema_editor.execute(DROP_FUNCTION, None)


class Migration(migrations.Migration):
    dependencies = [("casino", "0001_initial")]
    operations = [migrations.RunPython(forwards, backwards)]
