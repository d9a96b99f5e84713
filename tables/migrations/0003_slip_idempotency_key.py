"""Jackpot slip idempotency keys up to 255 characters, kept whole (issue 19: a key cut to 100
characters let a different round share an earlier slip)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0002_history_checkpoints"),
    ]

    operations = [
        migrations.AlterField(
            model_name="jackpotslip",
            name="idempotency_key",
            field=models.CharField(blank=True, max_length=255),
        ),
    ]
