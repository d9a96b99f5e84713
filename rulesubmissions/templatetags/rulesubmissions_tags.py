"""``{% load rulesubmissions_tags %}``: the section's navigation, by what the user can do, and
names in words (games, hands, option values, standing)."""

from django import template
from django.utils.safestring import mark_safe

from casino.audit_display import action_name
from casino.permissions import can
from games.names import hand_name
from rulesubmissions import selectors, services
from rulesubmissions.diff import condition_words
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


@register.filter
def hand(key: str) -> str:
    """A paytable row's hand in words ("Straight flush", "Envy Bonus: Royal flush")."""
    return hand_name(str(key))


@register.inclusion_tag("rulesubmissions/_standing.html")
def standing_badge(standing, long: bool = False):
    """In force / Scheduled / Superseded, with its dates when ``long``."""
    return {"standing": standing, "long": long}


@register.filter
def get_item(mapping, key):
    """``mapping[key]`` in a template (None when absent)."""
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def wagers_offered(submission) -> str:
    """"Ante Wager, Pair Plus Wager (Pair Plus paytable D)": the wagers in words, each with
    its paytable's title."""
    spec = game_spec(submission.game)
    cat = selectors.catalog_for(submission.property)
    parts = []
    for key, chosen in (submission.wagers or {}).items():
        w = spec.wager(key) if spec else None
        table = cat.resolve(submission.game, key, chosen) if chosen else None
        parts.append(f"{w.name if w else key}" + (f" ({table.title})" if table else ""))
    return ", ".join(parts)


# A version's own steps, as its review history says them; any other event on it (a par sheet
# asked for) by the words the audit log uses for its action.
HISTORY_STEPS = {"create": "Drafted", "update": "Changed", "submit": "Submitted",
                 "approve": "Approved", "return": "Returned with comments"}


@register.filter
def history_step(code: str) -> str:
    """``rulesubmissions.submission.approve`` -> "Approved";
    ``rulesubmissions.par_sheet.request`` -> "Par sheet requested"."""
    entity, _, verb = str(code).rpartition(".")
    if entity == "rulesubmissions.submission" and verb in HISTORY_STEPS:
        return HISTORY_STEPS[verb]
    return action_name(str(code))


@register.filter
def history_kind(code: str) -> str:
    """The timeline dot's class: the version's step ("approve"), else "other"."""
    entity, _, verb = str(code).rpartition(".")
    return verb if entity == "rulesubmissions.submission" else "other"


@register.filter
def condition(when) -> str:
    """A paytable row's condition in words: " (on a $1.00 wager)"."""
    return condition_words(when or {})
