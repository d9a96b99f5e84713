"""``{% load rulesubmissions_tags %}``: the section's navigation, by what the user can do."""

from django import template

from casino.permissions import can

register = template.Library()

LINKS = (
    ("rulesubmissions.read", "rulesubmissions:list", "Rules Submissions"),
    ("rulesubmissions.approve", "rulesubmissions:queue", "Compliance queue"),
    ("rulesubmissions.read", "rulesubmissions:paytables", "Paytable catalog"),
    ("rulesubmissions.draft", "rulesubmissions:create", "New submission"),
)


@register.inclusion_tag("rulesubmissions/_nav.html", takes_context=True)
def rules_nav(context):
    request = context["request"]
    prop = getattr(request, "property", None)
    return {"links": [(url, label) for ability, url, label in LINKS
                      if can(request.user, ability, prop)]}
