"""Approved terms never change (issue 28): on PostgreSQL the database refuses an UPDATE of an
approved Rules Submission version's terms or an approved catalog paytable's rows
(``rulesubmissions.frozen``; SQLite's triggers come with every ``migrate``)."""

from django.db import migrations

from casino.frozen import migration_operations
from rulesubmissions.frozen import FREEZES


class Migration(migrations.Migration):

    dependencies = [
        ("rulesubmissions", "0003_paytable_retirement"),
    ]

    operations = migration_operations(FREEZES)
