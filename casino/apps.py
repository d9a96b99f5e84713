from django.apps import AppConfig
from django.db.models.signals import post_migrate


class CasinoConfig(AppConfig):
    name = "casino"
    verbose_name = "Casino"

    def ready(self) -> None:
        from casino.roles import sync_roles

        # Roles live as data in casino/roles.py; every migrate (and test-database flush)
        # brings the groups and their permissions in line with it.
        post_migrate.connect(sync_roles, sender=self, dispatch_uid="casino.sync_roles")

        from casino import signals  # noqa: F401  (audits users, groups, tokens, sign-ins)
