"""The dashboard: cards as data, each shown to whoever ``can`` do its ability, and the
lists each role works from (``panels_for``).

Later issues append a ``Card`` here; a card whose URL name does not exist yet shows as
"coming soon" instead of breaking the page.
"""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from casino.audit_chain import latest_check
from casino.permissions import can
from casino.selectors import audit_event_list
from games import GAMES
from rulesubmissions import selectors as submissions
from rulesubmissions.models import OPEN_STATUSES, PaytableStatus, Status


@dataclass(frozen=True)
class Card:
    ability: str
    title: str
    description: str
    url_name: str
    with_property: bool = False  # reverse(url_name, args=[property.pk])
    unless: str = ""  # hidden from whoever holds this ability (a card of theirs goes there)


CARDS: list[Card] = [
    Card("rulesubmissions.draft", "Draft a Rules Submission",
         "Prepare rules, layouts and paytables for a table game.", "rulesubmissions:list"),
    Card("rulesubmissions.approve", "Review Rules Submissions",
         "Approve or return submissions waiting for compliance.", "rulesubmissions:queue"),
    Card("paytables.approve", "Approve paytables", "Paytables waiting for approval.",
         "rulesubmissions:paytables"),
    Card("layouts.approve", "Approve table layouts",
         "Layouts waiting for a compliance officer who did not prepare them (§601a.10(a)).",
         "tables:layout-queue"),
    Card("layouts.prepare", "Prepare table layouts",
         "Artwork and the checklist its Rules Submission requires (§601a.10(a)).",
         "tables:layout-list"),
    Card("tables.read", "Floor",
         "Tables by pit: open or closed, the version in force, what stops a table opening.",
         "tables:floor"),
    Card("slips.record", "Record a jackpot slip", "Record a progressive or bonus payout.",
         "tables:slip-record"),
    Card("slips.validate", "Validate jackpot slips", "Slips someone else recorded, to validate.",
         "tables:slip-list"),
    Card("meters.read", "Progressive meters", "Current meter values per table.",
         "tables:meter-list"),
    Card("rulesubmissions.read", "Rules Submissions",
         "Every version of each game's rules: in force, scheduled or superseded.",
         "rulesubmissions:list", unless="rulesubmissions.draft"),
    Card("rulesubmissions.read", "Paytable catalog",
         "What each paytable pays, hand by hand, with its section.",
         "rulesubmissions:paytables", unless="paytables.approve"),
    Card("slips.read", "Jackpot slips", "Progressive and bonus payouts, recorded and validated.",
         "tables:slip-list", unless="slips.validate"),
    Card("audit.read", "Audit log", "Who did what, when, with before and after.", "audit_log"),
    Card("property.read", "Your property", "License and staff details.", "property_detail",
         with_property=True),
    Card("engine.settle", "Settle a round",
         "Try the game engine: what each wager of a round pays, and how the house sets a "
         "Pai Gow hand, in the interactive API documentation.", "api-docs"),
]


def cards_for(user, property) -> list[dict]:
    """The cards ``user`` may use at ``property``, each with its ``url`` (None: coming soon)."""
    visible = []
    for card in CARDS:
        if not can(user, card.ability, property) or (card.unless
                                                      and can(user, card.unless, property)):
            continue
        if card.with_property and property is None:
            continue  # a superuser belongs to no property: no property page to link
        try:
            url = reverse(card.url_name, args=[property.pk] if card.with_property else [])
        except NoReverseMatch:
            url = None
        visible.append({"card": card, "url": url})
    return visible


RECENT = 5  # rows in each "recent" list


def panels_for(user, property) -> dict:
    """The lists the user's role works from at ``property``; a key only for those who can."""
    panels = {}
    check = latest_check()
    if check is not None and not check.ok and (user.is_superuser
                                               or can(user, "audit.read", property)):
        panels["audit_chain"] = check  # a broken or missing link: see casino/audit_chain.py
    if property is None:
        return panels
    if can(user, "rulesubmissions.approve", property):
        queue = submissions.compliance_queue(user=user).filter(property=property)
        panels["queue"] = list(queue)
        panels["recently_approved"] = list(submissions.submission_list(
            user=user, status=Status.APPROVED).filter(property=property)[:RECENT])
        panels["approved_standings"] = submissions.standings(panels["recently_approved"])
        panels["paytables_waiting"] = submissions.paytable_list(user=user).filter(
            property=property, status=PaytableStatus.PROPOSED).count()
    if can(user, "rulesubmissions.draft", property):
        panels["open_submissions"] = list(submissions.submission_list(user=user).filter(
            property=property, status__in=OPEN_STATUSES))
    if can(user, "audit.read", property):
        panels["recent_events"] = list(audit_event_list(user=user).filter(
            property=property)[:RECENT * 2])
    if can(user, "property.read", property):
        in_force = (submissions.in_force(property=property, game=game) for game in GAMES)
        panels["in_force"] = [submission for submission in in_force if submission]
        # Each one's standing (a version scheduled to replace it) and what takes effect soon.
        panels["standings"] = submissions.standings(panels["in_force"])
        panels["upcoming"] = list(submissions.upcoming_changes(user=user, property=property)) \
            if can(user, "rulesubmissions.read", property) else []
        panels["links_to_submissions"] = can(user, "rulesubmissions.read", property)
    if can(user, "meters.read", property):
        from tables.reconciliation import open_alerts  # the meters' own reconciliation
        panels["meter_alerts"] = list(open_alerts(property))
    return panels
