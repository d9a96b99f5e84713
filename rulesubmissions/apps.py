from django.apps import AppConfig


class RulesubmissionsConfig(AppConfig):
    name = "rulesubmissions"
    verbose_name = "Rules Submissions"
