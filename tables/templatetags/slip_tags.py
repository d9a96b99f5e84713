"""``{% table_slips table %}``: a table's recent jackpot slips and its "Record jackpot" button,
for the table's page."""

from decimal import Decimal

from django import template
from django.utils.html import format_html, format_html_join

from casino.permissions import can
from tables.meters.selectors import dollars
from tables.slips.printing import card_words

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


@register.filter
def suits(cards: str) -> str:
    """Cards as a person reads them, "A♥ K♥ Q♥", hearts and diamonds in red, with the words
    ("Ace of hearts, King of hearts, Queen of hearts") for screen readers."""
    found = [card_words(c) for c in str(cards or "").split()]
    if not found:
        return ""
    shown = format_html_join(" ", '<span class="playing-card{}">{}</span>',
                             ((" red" if red else "", text) for text, _, red in found))
    return format_html('<span class="hand-cards" role="img" aria-label="{}">{}</span>',
                       ", ".join(words for _, words, _ in found), shown)
