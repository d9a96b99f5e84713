"""``{% load shift_tags %}{% jackpot_notice %}``: the jackpot notice on every page of staff who
validate or pay jackpot slips (``tables.shift``), nothing for anyone else."""

from django import template

from casino.permissions import can

register = template.Library()


@register.inclusion_tag("tables/shift/_notice_region.html", takes_context=True)
def jackpot_notice(context) -> dict:
    request = context.get("request")
    prop = getattr(request, "property", None)
    user = getattr(request, "user", None)
    return {"shown": prop is not None and user is not None
            and can(user, "slips.validate", prop)}
