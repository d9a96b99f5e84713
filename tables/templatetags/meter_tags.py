"""Template tags for a table's meters (the floor row and the table page)."""

from django import template

from casino.permissions import can
from tables.meters import hooks
from tables.meters import selectors as meter_selectors

register = template.Library()


@register.simple_tag(takes_context=True)
def table_meters(context, table) -> dict:
    """The table's meters (shared with its linked group, §605a.8), the ones its terms need
    that are not seeded, and whether the user may seed them."""
    request = context.get("request")
    submission = meter_selectors.terms_of(table)
    have = {m.key: m for m in meter_selectors.meters_of(table)}
    pending = hooks.pending_jackpots(have.values())  # shown at every table of a linked group
    for m in have.values():
        m.pending_jackpots = pending[m.pk]
    missing = [(k, meter_selectors.meter_name(table.game, k))
               for k in meter_selectors.needed_meter_keys(submission) if k not in have]
    return {"meters": list(have.values()), "missing": missing,
            "can_seed": bool(request) and can(request.user, "tables.operate", table.property)}


@register.filter
def money(value) -> str:
    """Dollars for staff: "$10,000.00", a meter's fraction of a cent kept ("$10,000.055")."""
    return meter_selectors.dollars(value) if value is not None else ""


@register.filter
def change(value) -> str:
    """A signed change of a meter: "+$0.025", "-$10.00", "$0.00"."""
    return meter_selectors.dollars(value, sign=True) if value is not None else ""


@register.filter
def person(user) -> str:
    """Who did it, by name ("Fiona Marsh"); the system for what the workers did."""
    if user is None:
        return "the system"
    return user.get_full_name() or user.username


@register.filter
def percent(value) -> str:
    """A rate as entered: "0.5", "10"."""
    return f"{value.normalize():f}" if value is not None else ""
