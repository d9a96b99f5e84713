from django.apps import AppConfig


class RulesubmissionsConfig(AppConfig):
    name = "rulesubmissions"
    verbose_name = "Rules Submissions"

    def ready(self) -> None:
        from casino.frozen import reinstall_on_migrate
        from rulesubmissions import registrations
        from rulesubmissions.frozen import FREEZES

        registrations.register()  # what casino's ground floor shows for us (casino.registry)
        # Approved terms the database refuses to change (issue 28; SQLite re-made each migrate).
        reinstall_on_migrate(self, FREEZES)
