"""The one navigation bar, as data: each link shows to whoever ``can`` use it at their
property; a link whose URL name does not exist yet is left out (as ``dashboard.CARDS`` do),
so apps can name their pages here before they ship them."""

from dataclasses import dataclass

from django.urls import NoReverseMatch, reverse

from casino.permissions import can
from casino.tokens import makes_own_tokens


@dataclass(frozen=True)
class Link:
    label: str
    url_name: str
    abilities: tuple[str, ...]  # any one of them shows the link (the first such per label)
    section: str = ""  # URL prefix marking the link current (default: the link's own URL)


NAV: tuple[Link, ...] = (
    Link("Floor", "tables:floor", ("tables.read",)),
    Link("Your shift", "tables:shift", ("slips.validate",), "/floor/shift/"),
    Link("Meters", "tables:meter-list", ("meters.read",), "/floor/meters/"),
    Link("Jackpot slips", "tables:slip-list", ("slips.read",), "/floor/slips/"),
    # Approvers land on their queue; everyone else who sees the floor on the list of layouts.
    Link("Layouts", "tables:layout-queue", ("layouts.approve",), "/floor/layouts/"),
    Link("Layouts", "tables:layout-list", ("tables.read",), "/floor/layouts/"),
    Link("Rules Submissions", "rulesubmissions:list", ("rulesubmissions.read",)),
    Link("Paytable catalog", "rulesubmissions:paytables", ("rulesubmissions.read",)),
    Link("Audit log", "audit_log", ("audit.read",)),
    # For integrations (the API client role; superusers, who issue their tokens): floor and
    # compliance staff never land on Swagger (issue 30).
    Link("API docs", "api-docs", ("api.access",)),
)


def _url(name: str) -> str | None:
    try:
        return reverse(name)
    except NoReverseMatch:
        return None


def nav_for(user, property, path: str = "") -> list[dict]:
    """The links ``user`` may use at ``property``: ``label``, ``url``, ``current`` (the one
    whose prefix matches ``path`` longest: the catalog lives under Rules Submissions)."""
    if not user.is_authenticated:
        return []
    links = []
    for link in NAV:
        url = _url(link.url_name)
        if any(shown["label"] == link.label for shown in links):
            continue  # one link per label: the first whose ability the user holds
        if url is not None and any(can(user, a, property) for a in link.abilities):
            links.append({"label": link.label, "url": url, "prefix": link.section or url,
                          "current": False})
    matching = [item for item in links if path.startswith(item["prefix"])]
    if matching:
        max(matching, key=lambda item: len(item["prefix"]))["current"] = True
    return links


# The person's own menu, beside their name and Sign out: pages about them, not the property.
PERSON_MENU: tuple[Link, ...] = (
    Link("API tokens", "tokens", ()),
)


def person_menu_for(user, path: str = "") -> list[dict]:
    """The person-menu links ``user`` may use (API tokens: staff who make their own)."""
    if not makes_own_tokens(user):
        return []
    links = [(link, _url(link.url_name)) for link in PERSON_MENU]
    return [{"label": link.label, "url": url, "current": path.startswith(url)}
            for link, url in links if url is not None]

