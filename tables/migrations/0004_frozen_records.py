"""Records frozen where they are final (issue 28): on PostgreSQL the database refuses an UPDATE
that changes a paid or void slip, what a slip recorded, a meter ledger row, a daily reading, or
an approved layout (``tables.frozen``; SQLite's triggers come with every ``migrate``)."""

from django.db import migrations

from casino.frozen import migration_operations
from tables.frozen import FREEZES


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0003_slip_idempotency_key"),
    ]

    operations = migration_operations(FREEZES)
