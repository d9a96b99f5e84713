"""``{% load audit_display %}``: audit events in words (see ``casino.audit_display``)."""

from django import template

from casino import audit_display

register = template.Library()


@register.filter
def action_name(code: str) -> str:
    return audit_display.action_name(str(code))


@register.filter
def field_changes(event) -> list[audit_display.FieldChange]:
    return audit_display.changes(event.before, event.after, event.action)
