"""Catalog paytables can be retired by two compliance officers (issue: a paytable nobody can
take back); a retired id may be proposed again."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _user_fk():
    return models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                             related_name="+", to=settings.AUTH_USER_MODEL)


class Migration(migrations.Migration):

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("rulesubmissions", "0002_par_sheets"),
    ]

    operations = [
        migrations.AlterField(
            model_name="catalogpaytable", name="status",
            field=models.CharField(choices=[
                ("proposed", "Waiting for a second compliance officer"),
                ("approved", "Approved"), ("rejected", "Rejected"),
                ("retiring", "Retirement waiting for a second compliance officer"),
                ("retired", "Retired")], default="proposed", max_length=20),
        ),
        migrations.AddField(model_name="catalogpaytable", name="retire_requested_by",
                            field=_user_fk()),
        migrations.AddField(model_name="catalogpaytable", name="retire_requested_at",
                            field=models.DateTimeField(blank=True, null=True)),
        migrations.AddField(model_name="catalogpaytable", name="retire_reason",
                            field=models.TextField(blank=True)),
        migrations.AddField(model_name="catalogpaytable", name="retired_by", field=_user_fk()),
        migrations.AddField(model_name="catalogpaytable", name="retired_at",
                            field=models.DateTimeField(blank=True, null=True)),
        migrations.RemoveConstraint(model_name="catalogpaytable",
                                    name="catalogpaytable_unique_live_id"),
        migrations.AddConstraint(
            model_name="catalogpaytable",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status__in", ["rejected", "retired"]), _negated=True),
                fields=("property", "paytable_id"), name="catalogpaytable_unique_live_id"),
        ),
    ]
