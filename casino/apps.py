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

        from casino import (
            audit_archive,
            registry,
            signals,  # noqa: F401  (audits users, groups, tokens, sign-ins)
        )

        # The ground floor's own archive event, in words (casino/audit_archive.py).
        registry.audit_words(
            entities={"audit_log": "Audit log"},
            names={audit_archive.ACTION: "Audit events archived after the records-retention "
                                         "period"},
            labels={("audit_log", key): words for key, words in audit_archive.LABELS.items()})
