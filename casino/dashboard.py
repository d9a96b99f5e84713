"""The dashboard: cards as data, each shown to whoever ``can`` do its ability, and the
lists each role works from (``panels_for``).

Each app registers its cards and panels in ``casino.registry`` from its ``AppConfig.ready()``;
the ground floor adds its own (the audit chain's alarm, recent activity, the audit log and the
property cards). A card whose URL name does not exist yet shows as "coming soon" instead of
breaking the page.
"""

from django.urls import NoReverseMatch, reverse

from casino import registry
from casino.chain_status import chain_statuses
from casino.permissions import can
from casino.registry import Card, Panel
from casino.selectors import audit_event_list, with_people

# The ground floor's own cards, after the apps' (registration order).
CARDS: list[Card] = [
    Card("audit.read", "Audit log", "Who did what, when, with before and after.", "audit_log"),
    Card("property.read", "Your property", "License and staff details.", "property_detail",
         with_property=True),
]

RECENT = 5  # rows in each "recent" list
# Pages for those who integrate (the API documentation): a card opening one shows only to
# whoever uses the API (``api.access``); floor and compliance staff never land on Swagger.
DEVELOPER_PAGES = {"api-docs", "api-schema"}


def all_cards() -> list[Card]:
    return [card for cards in registry.CARDS.values() for card in cards] + CARDS


def cards_for(user, property) -> list[dict]:
    """The cards ``user`` may use at ``property``, each with its ``url`` (None: coming soon)."""
    visible = []
    for card in all_cards():
        if not can(user, card.ability, property) or (card.unless
                                                      and can(user, card.unless, property)):
            continue
        if card.url_name in DEVELOPER_PAGES and not can(user, "api.access", property):
            continue
        if card.with_property and property is None:
            continue  # a superuser belongs to no property: no property page to link
        try:
            url = reverse(card.url_name, args=[property.pk] if card.with_property else [])
        except NoReverseMatch:
            url = None
        visible.append({"card": card, "url": url})
    return visible


def _audit_chain(user, property):
    """The audit chains with a broken or missing link (casino/audit_chain.py), for audit
    readers: their properties' chains and the chain of no property (a superuser: every one)."""
    if not (user.is_superuser or can(user, "audit.read", property)):
        return None
    # The same read as the chain status panel's (casino/chain_status.py), once a request.
    return [s.check for s in chain_statuses(user) if s.check and not s.check.ok] or None


def _chain_status(user, property):
    """Each audit chain's last verification and anchor, for audit readers (issue 28)."""
    if not (user.is_superuser or can(user, "audit.read", property)):
        return None
    return chain_statuses(user)


def _recent_events(user, property):
    if not can(user, "audit.read", property):
        return None
    return list(with_people(audit_event_list(user=user).filter(property=property))[:RECENT * 2])


PANELS = [
    Panel("audit_chain", "casino/dashboard/_audit_chain.html", _audit_chain, order=0,
          needs_property=False),
    Panel("recent_events", "casino/dashboard/_recent_events.html", _recent_events, order=40),
    Panel("chain_status", "casino/dashboard/_chain_status.html", _chain_status, order=45,
          needs_property=False),
]


def panels_for(user, property) -> list[dict]:
    """The lists the user's role works from at ``property``, in order: each ``name``,
    ``template`` and ``panel`` (what the template shows); only those the user may see."""
    shown = []
    for panel in sorted([*PANELS, *registry.PANELS.values()], key=lambda p: p.order):
        if panel.needs_property and property is None:
            continue
        found = panel.build(user, property)
        if found is not None:
            shown.append({"name": panel.name, "template": panel.template, "panel": found})
    return shown
