from django.db import migrations, models
import django.db.models.deletion


class Migration(migrations.Migration):

    dependencies = [
        ("casino", "0005_audit_chain_per_property"),
        ("knox", "0009_extend_authtoken_field"),
    ]

    operations = [
        migrations.CreateModel(
            name="ApiToken",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False,
                                           verbose_name="ID")),
                ("name", models.CharField(max_length=100)),
                ("token", models.OneToOneField(on_delete=django.db.models.deletion.CASCADE,
                                               related_name="casino_token",
                                               to="knox.authtoken")),
            ],
        ),
    ]
