"""Meter pages: the live board (htmx polling), a meter's page with its ledger, last hits and
chart, two-person adjustments, seeding from the table page, and the daily readings report
with CSV. Thin views over the meters room's ``services``, ``selectors`` and ``reconciliation``."""

import csv
from datetime import date, timedelta

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from casino import csv_export
from casino.api_fields import parse_money
from casino.formats import person
from casino.forms import day_param
from casino.permissions import ability_required, can, require
from tables.floor.selectors import table_list
from tables.floor.views import game_name, status_context, table_detail
from tables.meters import (
    exports,
    hooks,
    ledger,
    reconciliation,
    selectors,
    services,
    wagers,
)
from tables.meters.models import METER_DIGITS
from tables.meters.parameters import parameters_from

LAST_HITS = 25
HISTORY_POINTS = 500


def _meter(request, pk: int):
    return get_object_or_404(selectors.property_meters(request.property), pk=pk)


def _board_context(request) -> dict:
    rows = list(selectors.property_meters(request.property))
    pending = wagers.pending_counts(rows)
    jackpots = hooks.pending_jackpots(rows)
    for m in rows:
        m.pending, m.pending_jackpots = pending[m.pk], jackpots[m.pk]
    waiting = sorted((p for m in rows for p in m.pending_jackpots), key=lambda p: p.number)
    return {"meters": rows, "jackpots_waiting": waiting,
            "alerts": list(reconciliation.open_alerts(request.property)),
            "updated_at": timezone.now()}


@ability_required("meters.read")
def meter_list(request):
    """The floor's meter board; its body refreshes itself every two seconds."""
    return render(request, "tables/meters/board.html", _board_context(request))


@ability_required("meters.read")
def meter_board(request):
    return render(request, "tables/meters/_board.html", _board_context(request))


@ability_required("meters.read")
def meter_detail(request, pk: int):
    meter = _meter(request, pk)
    page = ledger.ledger_page(meter.entries.select_related("table", "actor"),
                              before=request.GET.get("before"), after=request.GET.get("after"))
    hits = selectors.last_hits(meter, LAST_HITS)
    links = hooks.reference_links(h.reference for h in hits)
    for h in hits:  # "Jackpot slip 3", linked to the slip, never "jackpot-slip:7"
        h.link = links.get(h.reference)
    return render(request, "tables/meters/detail.html", {
        "meter": meter, "page": page,
        "pending_jackpots": hooks.pending_jackpots([meter])[meter.pk],
        "hits": hits,
        "reversed": selectors.reversed_references(meter),
        "adjustments": meter.adjustments.select_related(
            "proposed_by", "decided_by")[:20],
        "can_adjust": can(request.user, "meters.adjust", meter.property),
        "can_sign": can(request.user, "tables.operate", meter.property),  # tables.signs
        "crossed": _crossed_triggers(request, meter),
    })


def _crossed_triggers(request, meter):
    """Auditors see each Must-Hit-By trigger once it was hit (§631b.6(c)(3)); an open
    trigger is never read here."""
    if not meter.is_mystery or not can(request.user, "audit.read", meter.property):
        return None
    return selectors.crossed_triggers(meter, LAST_HITS)


@ability_required("meters.read")
def meter_history(request, pk: int):
    """The amount after each ledger row (the chart's data): Unix time and exact amount."""
    meter = _meter(request, pk)
    rows = list(meter.entries.order_by("-pk").values_list("created_at", "amount_after")
                [:HISTORY_POINTS])[::-1]
    return JsonResponse({"points": [[t.timestamp(), selectors.exact(a)] for t, a in rows]})


@require_POST
@ability_required("meters.adjust")
def adjustment_propose(request, pk: int):
    meter = _meter(request, pk)
    try:
        # plain ASCII dollars: "5_0", " 5.00 ", "+5.00", "٥" and "1e9" are not amounts
        # (more places than a meter keeps, for the service to name its rule)
        amount = parse_money(request.POST.get("amount", ""), signed=True,
                             places=2 * METER_DIGITS["decimal_places"])
        services.adjustment_propose(meter=meter, amount=amount,
                                  reason=request.POST.get("reason", ""), actor=request.user)
    except services.MeterError as exc:
        messages.error(request, f"{exc.field.capitalize()}: {exc}")
    except ValueError:
        messages.error(request, "Amount: enter a signed amount in dollars, like -12.50")
    else:
        messages.success(request, "Adjustment proposed: a second person must approve it.")
    return redirect("tables:meter-detail", pk=meter.pk)


@require_POST
@ability_required("meters.adjust")
def adjustment_decide(request, pk: int, decision: str):
    adjustment = get_object_or_404(selectors.proposed_adjustments(request.property), pk=pk)
    if decision not in ("approve", "reject"):
        raise Http404
    try:
        services.adjustment_decide(adjustment=adjustment, actor=request.user,
                                 approve=decision == "approve")
    except services.MeterError as exc:
        messages.error(request, str(exc))
    return redirect("tables:meter-detail", pk=adjustment.meter_id)


def _seed_confirmation(request, table, key: str) -> dict | None:
    """What seeding does, in amounts, before it is done (issue 30): the meter starts at its
    initial amount and resets to its reset amount, as the terms in force set them
    (``parameters.parameters_from``, what ``services.meter_seed`` writes). None: the terms need
    no such meter (the service names why when asked)."""
    submission = selectors.terms_of(table)
    if submission is None or key not in selectors.needed_meter_keys(submission):
        return None
    p = parameters_from(submission, key)
    name = selectors.meter_name(table.game, key)
    owner = (f"linked group {table.linked_group.name}, every table of it (§605a.8)"
             if table.linked_group_id else f"table {table.label}")
    lines = [f"The {name} meter of {owner} starts at {selectors.dollars(p.initial)}, its initial "
             f"amount under {game_name(table.game)} "
             f"version {submission.version} (§605a.7(a)).",
             f"It grows by {p.rate.normalize():f}% of each qualifying wager and, after each "
             f"100% award, is reset to {selectors.dollars(p.reset)}.",
             "Seeding is not undone: a wrong amount is corrected by a two-person meter "
             "adjustment.",
             f"You, {person(request.user)}, are recorded as seeding it."]
    return {"key": key, "heading": f"Seed the {name} meter at {selectors.dollars(p.initial)}?",
            "lines": lines, "button": f"Seed at {selectors.dollars(p.initial)}"}


@require_POST
@ability_required("tables.operate")
def meter_seed(request, table_pk: int, key: str):
    """Seed after a confirmation naming the amounts (a POST without ``confirm=yes`` answers
    with it: htmx swaps the table's meters, a page shows the table's page with it)."""
    table = get_object_or_404(table_list(user=request.user), pk=table_pk,
                              property=request.property)
    require(request.user, "tables.operate", table.property)
    seeding = (_seed_confirmation(request, table, key)
               if request.POST.get("confirm") != "yes" else None)
    if seeding is not None:
        if request.htmx:
            return render(request, "tables/meters/_table_meters.html",
                          {"table": table, "seeding": seeding})
        return table_detail(request, table.pk, seeding=seeding)
    try:
        meter = services.meter_seed(table=table, key=key, actor=request.user)
    except services.MeterError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request,
                         f"{meter.name} seeded at {selectors.dollars(meter.initial_amount)}.")
    if request.htmx:  # the table's page: its meters, and its status (a reason may be gone)
        table.refresh_from_db()
        return render(request, "tables/meters/_table_meters_changed.html",
                      status_context(request, table))
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = "tables:meter-list"  # never off-site (an open redirect)
    return redirect(back)


def _day(request) -> date:
    default = reconciliation.gaming_day(request.property, timezone.now()) - timedelta(days=1)
    return day_param(request.GET.get("day"), default)  # within the calendar (issue 20)


@ability_required("meters.read")
def readings(request):
    """Daily meter readings with the change from the day before; CSV with ``?format=csv``."""
    day = _day(request)
    rows = reconciliation.readings_report(request.property, day)
    if request.GET.get("format") == "csv":
        return _csv(day, rows)
    return render(request, "tables/meters/readings.html", {
        "day": day, "rows": rows, "previous": day - timedelta(days=1),
        "next": day + timedelta(days=1)})


def _csv(day: date, rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="meter-readings-{day}.csv"'
    out = csv.writer(response)
    out.writerow(csv_export.row([
        "Gaming day", "Meter", "Tables", "Amount", "Reserve", "Overflow",
        "Change from the day before", "Hits that day", "Approved adjustments that day",
        "Total paid", "Decrease without a hit"]))
    for row in rows:
        r = row.reading
        out.writerow(csv_export.row([day, r.meter.name, r.meter.owner_label, selectors.exact(r.amount),
                      selectors.exact(r.reserve), selectors.exact(r.overflow),
                      "" if row.change is None else selectors.exact(row.change),
                      "" if row.hits is None else row.hits, selectors.exact(row.adjusted),
                      r.total_paid,
                      "yes" if row.flagged else ""]))
    return response


# --- Exports of any size (tables/meters/exports.py) ----------------------------------------------

def _days(request) -> tuple[date | None, date | None]:
    """``?from=`` and ``?to=`` gaming days; one that does not read as a date is ignored."""
    return day_param(request.GET.get("from")), day_param(request.GET.get("to"))


@ability_required("meters.read")
def meter_ledger_csv(request, pk: int):
    """The meter's whole ledger as CSV, streamed."""
    return exports.ledger_csv(_meter(request, pk))


@ability_required("meters.read")
def ledgers_csv(request):
    """Every meter's ledger at the property (``?from=&to=`` gaming days), streamed."""
    first, last = _days(request)
    return exports.property_ledger_csv(request.property, first, last)


@ability_required("meters.read")
def readings_csv(request):
    """The daily readings from ``?from=`` (30 days back by default) to ``?to=`` (the last
    ended gaming day), streamed."""
    first, last = _days(request)
    last = last or _day(request)
    return exports.readings_csv(request.property, first or last - timedelta(days=30), last)
