"""Issue 24: reconciliation checkpoints, and the indexes history reads by.

The new indexes are built CONCURRENTLY on PostgreSQL (a live ledger and wager feed are not
blocked while 20 M rows are indexed; the migration is therefore not atomic), before the
foreign keys' own indexes, which they make redundant, are dropped."""

import django.db.models.deletion
import django.utils.timezone
from django.contrib.postgres.operations import AddIndexConcurrently
from django.db import migrations, models


class AddIndexConcurrentlyOnPostgres(AddIndexConcurrently):
    """CREATE INDEX CONCURRENTLY on PostgreSQL; a plain CREATE INDEX elsewhere (SQLite)."""

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            return super().database_forwards(app_label, schema_editor, from_state, to_state)
        return migrations.AddIndex.database_forwards(self, app_label, schema_editor,
                                                     from_state, to_state)

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if schema_editor.connection.vendor == "postgresql":
            return super().database_backwards(app_label, schema_editor, from_state, to_state)
        return migrations.AddIndex.database_backwards(self, app_label, schema_editor,
                                                      from_state, to_state)


class Migration(migrations.Migration):

    atomic = False

    dependencies = [
        ('tables', '0001_initial'),
    ]

    operations = [
        migrations.CreateModel(
            name='MeterCheckpoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('kind', models.CharField(choices=[('reconciled', 'Last reconciled'), ('base', 'Removed history')], max_length=10)),
                ('taken_at', models.DateTimeField(default=django.utils.timezone.now)),
                ('last_entry', models.BigIntegerField(default=0)),
                ('last_event', models.BigIntegerField(default=0)),
                ('amount', models.DecimalField(decimal_places=10, default=0, max_digits=24)),
                ('reserve', models.DecimalField(decimal_places=10, default=0, max_digits=24)),
                ('overflow', models.DecimalField(decimal_places=10, default=0, max_digits=24)),
                ('contributed', models.DecimalField(decimal_places=10, default=0, max_digits=24)),
                ('funded', models.DecimalField(decimal_places=10, default=0, max_digits=24)),
                ('total_paid', models.DecimalField(decimal_places=2, default=0, max_digits=20)),
                ('wagers_counted', models.BigIntegerField(default=0)),
                ('wagers_sum', models.DecimalField(decimal_places=2, default=0, max_digits=20)),
                ('hits', models.BigIntegerField(default=0)),
                ('events_applied', models.BigIntegerField(default=0)),
                ('events_removed', models.BigIntegerField(default=0)),
                ('digest', models.CharField(max_length=64)),
            ],
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name='meterentry',
            index=models.Index(fields=['meter', 'id'], name='meter_entry_meter_id_idx'),
        ),
        AddIndexConcurrentlyOnPostgres(
            model_name='wagerevent',
            index=models.Index(fields=['table', 'id'], name='wager_event_table_id_idx'),
        ),
        migrations.AlterField(
            model_name='meterentry',
            name='meter',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='entries', to='tables.meter'),
        ),
        migrations.AlterField(
            model_name='wagerevent',
            name='table',
            field=models.ForeignKey(db_index=False, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='tables.table'),
        ),
        migrations.AddField(
            model_name='metercheckpoint',
            name='meter',
            field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='checkpoints', to='tables.meter'),
        ),
        migrations.AddConstraint(
            model_name='metercheckpoint',
            constraint=models.UniqueConstraint(fields=('meter', 'kind'), name='one_checkpoint_per_meter_kind'),
        ),
    ]
