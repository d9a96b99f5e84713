"""``migrate`` as the tables' owner (``DATABASE_MIGRATE_URL``), then the application role's
grants (casino/db_roles.py). Without a second URL it is Django's ``migrate`` unchanged."""

from django.core.management.commands.migrate import Command as DjangoMigrate

from casino.db_roles import as_owner, grant_app_privileges


class Command(DjangoMigrate):
    def handle(self, *args, **options):
        database = options["database"]
        with as_owner(database):
            super().handle(*args, **options)
            grant_app_privileges(database)
