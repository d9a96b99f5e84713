"""``{% load casino_tags %}``: links to an object's audit history; a lock-out's length."""

from django import template
from django.urls import reverse
from django.utils.http import urlencode

from casino.audit import target_key
from casino.models import Property
from casino.permissions import can

register = template.Library()


def audit_history_url(obj) -> str:
    """``/audit/?target=app_label.model:pk``."""
    return f"{reverse('audit_log')}?{urlencode({'target': target_key(obj)})}"


@register.inclusion_tag("casino/_audit_link.html", takes_context=True)
def audit_history_link(context, obj, label: str = "History"):
    """A "History" link, shown only to those who may read the audit log."""
    request = context.get("request")
    prop = obj if isinstance(obj, Property) else getattr(obj, "property", None)
    visible = request is not None and can(request.user, "audit.read", prop)
    return {"url": audit_history_url(obj) if visible else "", "label": label}


@register.filter
def in_minutes(duration) -> str:
    """A sign-in lock-out's length as people say it: "15 minutes" (django-axes gives a
    timedelta)."""
    minutes = max(1, round(duration.total_seconds() / 60))
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
