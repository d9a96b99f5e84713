from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("rulesubmissions", "0001_initial"),
    ]

    operations = []
