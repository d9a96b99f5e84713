"""``{% table_slips table %}``: a table's recent jackpot slips and its "Record jackpot" button,
for the table's page."""

from decimal import Decimal

from django import template

from casino.permissions import can
from tables.meters.selectors import dollars

register = template.Library()
RECENT = 5


@register.inclusion_tag("tables/slips/_table_slips_panel.html", takes_context=True)
def table_slips(context, table):
    request = context.get("request")
    user = getattr(request, "user", None)
    return {"table": table,
            "can_record": user is not None and can(user, "slips.record", table.property)
            and table.status == "open",
            "recent": table.slips.select_related(None).order_by("-number")[:RECENT]}


@register.filter
def money(value) -> str:
    """Dollars as staff read them, as the meter pages write them: ``$20,000.00``."""
    return "" if value in (None, "") else dollars(Decimal(value))
