"""``{% load navigation %}{% main_nav %}``: the navigation bar of ``casino.navigation``."""

from django import template

from casino.navigation import nav_for, person_menu_for

register = template.Library()


@register.inclusion_tag("casino/_nav.html", takes_context=True)
def main_nav(context):
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None:
        return {"links": []}
    return {"links": nav_for(user, getattr(request, "property", None), request.path)}


@register.inclusion_tag("casino/_person_menu.html", takes_context=True)
def person_menu(context):
    """The person's own links (``casino.navigation.PERSON_MENU``) in their menu."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None:
        return {"links": []}
    return {"links": person_menu_for(user, request.path)}

