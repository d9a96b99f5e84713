"""A jackpot slip is numbered last (issue 32): the recording inserts its slips without a number,
hits the meter, then takes the property's counter and writes the numbers, so the counter every
recording at the property waits for is held only for the numbering, the audit and the commit.
The slip's freeze (``tables.slips.frozen``) lets the number be written once, from none, and
never changed after; re-installed here on PostgreSQL, and again when this is reversed, so a
rollback never leaves slips unfrozen (SQLite's comes with every ``migrate``)."""

from django.db import migrations, models

from casino.frozen import install
from tables.slips.frozen import SLIP


def freeze(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        install(schema_editor.connection, (SLIP,))


class Migration(migrations.Migration):

    dependencies = [
        ("tables", "0005_meter_signs"),
    ]

    operations = [
        migrations.AlterField(
            model_name="jackpotslip",
            name="number",
            field=models.PositiveIntegerField(null=True),
        ),
        migrations.RunPython(freeze, freeze),
    ]
