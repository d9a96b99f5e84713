from django.apps import AppConfig


class RulesubmissionsConfig(AppConfig):
    name = "rulesubmissions"
    verbose_name = "Rules Submissions"

    def ready(self) -> None:
        from rulesubmissions import registrations

        registrations.register()  # what casino's ground floor shows for us (casino.registry)
