import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("rulesubmissions", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="ParSheet",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("key", models.CharField(max_length=64, unique=True)),
                ("game", models.CharField(max_length=40)),
                ("wager", models.CharField(max_length=60)),
                ("paytable", models.CharField(blank=True, max_length=200)),
                ("options", models.JSONField(blank=True, default=dict)),
                ("status", models.CharField(
                    choices=[("queued", "Waiting for a worker"), ("running", "Computing"),
                             ("done", "Done"), ("failed", "Failed")],
                    default="queued", max_length=20)),
                ("progress", models.FloatField(default=0)),
                ("result", models.JSONField(blank=True, null=True)),
                ("error", models.TextField(blank=True)),
                ("requested_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("finished_at", models.DateTimeField(blank=True, null=True)),
            ],
            options={"ordering": ["game", "wager", "paytable"]},
        ),
    ]
