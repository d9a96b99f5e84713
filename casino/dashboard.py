"""Dashboard cards as data: each card shows to whoever ``can`` do its ability.

Later issues append a ``Card`` here; a card whose URL name does not exist yet shows as
"coming soon" instead of breaking the page.
"""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from casino.permissions import can


@dataclass(frozen=True)
class Card:
    ability: str
    title: str
    description: str
    url_name: str
    with_property: bool = False  # reverse(url_name, args=[property.pk])


CARDS: list[Card] = [
    Card("rulesubmissions.draft", "Draft a Rules Submission",
         "Prepare rules, layouts and paytables for a table game.", "rulesubmissions:list"),
    Card("rulesubmissions.approve", "Review Rules Submissions",
         "Approve or return submissions waiting for compliance.", "rulesubmissions:queue"),
    Card("paytables.approve", "Approve paytables", "Paytables waiting for approval.",
         "rulesubmissions:paytables"),
    Card("layouts.approve", "Approve layouts", "Table layouts waiting for approval.",
         "rulesubmissions:layouts"),
    Card("slips.record", "Record a jackpot slip", "Record a progressive or bonus payout.",
         "tables:slip-record"),
    Card("slips.validate", "Validate jackpot slips", "Slips recorded by a floor manager.",
         "tables:slip-list"),
    Card("meters.read", "Progressive meters", "Current meter values per table.",
         "tables:meter-list"),
    Card("audit.read", "Audit log", "Who did what, when, with before and after.", "audit_log"),
    Card("property.read", "Your property", "License and staff details.", "property_detail",
         with_property=True),
    Card("api.access", "API documentation", "OpenAPI schema and interactive docs.", "api-docs"),
]


def cards_for(user, property) -> list[dict]:
    """The cards ``user`` may use at ``property``, each with its ``url`` (None: coming soon)."""
    visible = []
    for card in CARDS:
        if not can(user, card.ability, property):
            continue
        try:
            args = [property.pk] if card.with_property else []
            url = None if card.with_property and property is None else reverse(card.url_name,
                                                                                 args=args)
        except NoReverseMatch:
            url = None
        visible.append({"card": card, "url": url})
    return visible
