"""Hash chain on the audit log, the chain checks, and the health probe.

Events recorded before the chain existed are linked here, in id order (the migration runs as
the table owner, so it may lift the append-only trigger for that one backfill). Chain checks
are append-only like the log itself.
"""

from django.db import migrations, models
import django.utils.timezone

from casino.migrations._chain_v1 import GENESIS, digest, event_fields

TRIGGER = "casino_auditevent_append_only"

CHECK_TRIGGER = """
CREATE TRIGGER casino_auditchaincheck_append_only
    BEFORE UPDATE OR DELETE ON casino_auditchaincheck
    FOR EACH ROW EXECUTE FUNCTION casino_auditevent_refuse_change()
"""


def link_existing_events(apps, schema_editor):
    AuditEvent = apps.get_model("casino", "AuditEvent")
    postgres = schema_editor.connection.vendor == "postgresql"
    if postgres:
        schema_editor.execute(f"ALTER TABLE casino_auditevent DISABLE TRIGGER {TRIGGER}")
    prev, seq = GENESIS, 0
    rows = AuditEvent.objects.select_related("target_type").order_by("id")
    with schema_editor.connection.cursor() as cursor:
        for event in rows.iterator(chunk_size=2000):
            seq += 1
            ct = event.target_type
            fields = event_fields(
                seq=seq, created_at=event.created_at, actor_id=event.actor_id,
                actor_repr=event.actor_repr, property_id=event.property_id,
                action=event.action, target_type=f"{ct.app_label}.{ct.model}" if ct else "",
                target_id=event.target_id, target_repr=event.target_repr,
                before=event.before, after=event.after)
            event_hash = digest(fields, prev)
            cursor.execute(
                "UPDATE casino_auditevent SET seq = %s, prev_hash = %s, hash = %s WHERE id = %s",
                [seq, prev, event_hash, event.id])
            prev = event_hash
    if postgres:
        schema_editor.execute(f"ALTER TABLE casino_auditevent ENABLE TRIGGER {TRIGGER}")
        schema_editor.execute(CHECK_TRIGGER, None)


def unlink(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("DROP TRIGGER IF EXISTS casino_auditchaincheck_append_only "
                              "ON casino_auditchaincheck")


class Migration(migrations.Migration):

    dependencies = [
        ("casino", "0003_property_floor_settings"),
    ]

    operations = [
        migrations.AddField(
            model_name="auditevent",
            name="seq",
            field=models.BigIntegerField(editable=False, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="auditevent",
            name="prev_hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="auditevent",
            name="hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.CreateModel(
            name="AuditChainCheck",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                           serialize=False, verbose_name="ID")),
                ("checked_at", models.DateTimeField(db_index=True,
                                                    default=django.utils.timezone.now,
                                                    editable=False)),
                ("ok", models.BooleanField()),
                ("events_checked", models.BigIntegerField(default=0)),
                ("last_seq", models.BigIntegerField(blank=True, null=True)),
                ("last_hash", models.CharField(blank=True, max_length=64)),
                ("problems", models.JSONField(blank=True, default=list)),
            ],
            options={"ordering": ["-checked_at", "-id"]},
        ),
        migrations.CreateModel(
            name="HealthProbe",
            fields=[
                ("name", models.CharField(max_length=50, primary_key=True, serialize=False)),
                ("at", models.DateTimeField()),
                ("host", models.CharField(blank=True, max_length=255)),
            ],
        ),
        migrations.RunPython(link_existing_events, unlink),
    ]
