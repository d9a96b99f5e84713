"""``{% load casino_tags %}``: links to an object's audit history; a lock-out's length; money,
dates, odds and people as every page writes them (``casino.formats``)."""

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from casino import formats
from casino.audit import target_key
from casino.models import Property
from casino.permissions import can

register = template.Library()


def audit_history_url(obj) -> str:
    """``/audit/?target=app_label.model:pk``."""
    return f"{reverse('audit_log')}?{urlencode({'target': target_key(obj)})}"


@register.inclusion_tag("casino/_audit_link.html", takes_context=True)
def audit_history_link(context, obj, label: str = "History", prefix: str = ""):
    """A "History" link, shown only to those who may read the audit log; ``prefix`` (a
    separator such as " · ") only with the link, so no stray separator is left without it."""
    request = context.get("request")
    prop = obj if isinstance(obj, Property) else getattr(obj, "property", None)
    visible = request is not None and can(request.user, "audit.read", prop)
    return {"url": audit_history_url(obj) if visible else "", "label": label, "prefix": prefix}


@register.filter
def in_minutes(duration) -> str:
    """A sign-in lock-out's length as people say it: "15 minutes" (django-axes gives a
    timedelta)."""
    minutes = max(1, round(duration.total_seconds() / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"


@register.filter
def money(value) -> str:
    """"$1,000.00" (a meter's fraction of a cent kept)."""
    return formats.money(value)


@register.filter
def signed_money(value) -> str:
    """A change: "+$0.025", "-$10.00"."""
    return formats.money(value, sign=True)


@register.filter
def day(value) -> str:
    """"2026-12-01"."""
    return formats.day(value)


@register.filter
def moment(value) -> str:
    """"2026-12-01 16:16", 24-hour, in the property's time zone."""
    return formats.moment(value)


@register.filter
def person(user) -> str:
    """"Fiona Marsh"; "the system" for what no person did."""
    return formats.person(user)


@register.filter
def odds(row) -> str:
    """A paytable row (catalog ``Row`` or its dict) as posted: "1,000 to 1"."""
    if isinstance(row, dict):
        return formats.odds(row.get("value"), row.get("basis", ""))
    return formats.odds(row.value, row.basis)


@register.filter
def waited(since) -> str:
    """How long since ``since``: "12 minutes", "2 hours 5 minutes"."""
    return formats.age(since)
