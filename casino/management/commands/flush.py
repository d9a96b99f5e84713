"""``flush`` (also used between database tests) as the tables' owner: the application role may
not TRUNCATE (casino/db_roles.py). Without ``DATABASE_MIGRATE_URL`` it is Django's ``flush``."""

from django.core.management.commands.flush import Command as DjangoFlush

from casino.db_roles import as_owner


class Command(DjangoFlush):
    def handle(self, **options):
        with as_owner(options["database"]):
            super().handle(**options)
