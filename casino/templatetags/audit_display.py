"""``{% load audit_display %}``: audit events in words (see ``casino.audit_display``)."""

from django import template

from casino import audit_display

register = template.Library()


@register.filter
def action_name(code: str) -> str:
    return audit_display.action_name(str(code))


@register.filter
def field_changes(event) -> list[audit_display.FieldChange]:
    return audit_display.event_changes(event)


@register.filter
def who(event) -> str:
    """"Fiona Marsh" (with the token they used), never a user name where a name is on file."""
    return audit_display.who(event)


@register.filter
def object_name(event) -> str:
    """The event's object as its pages name it (a person by their name)."""
    return audit_display.object_name(event)
