"""``{% load rulesubmissions_tags %}``: the section's navigation, by what the user can do."""

from django import template
from django.utils.safestring import mark_safe

from casino.permissions import can
from rulesubmissions import services
from rulesubmissions.engine import game_spec

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


@register.filter
def game_name(key: str) -> str:
    """The game's name as the engine gives it (the key if the engine no longer has it)."""
    spec = game_spec(key)
    return spec.name if spec else key


@register.filter
def own_submission(submission, user) -> bool:
    """``services.submission_is_own``: the queues offer no review of one's own version."""
    return services.submission_is_own(user, submission)


@register.filter
def own_paytable(paytable, user) -> bool:
    """``services.paytable_is_own``: the catalog offers no decision on one's own proposal."""
    return services.paytable_is_own(user, paytable)


@register.filter
def css_string(value) -> str:
    """``value`` as a quoted CSS string (for ``content:``): anything but plain text is a CSS
    escape, so nothing can end the string or the ``<style>`` element."""
    plain = " .,:;()/-§·"
    text = "".join(c if c.isalnum() or c in plain else f"\\{ord(c):x} " for c in str(value))
    return mark_safe(f'"{text}"')
