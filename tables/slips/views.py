"""Jackpot slip pages: record (with an htmx preview), list, detail with the validate (every
payout shown, a confirmation naming the amounts), pay, void and void-confirm actions, print view
and PDF, daily report with CSV. Thin views over ``tables.slips.services``."""

import uuid

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

import games
from casino.formats import how_many, person
from casino.forms import day_param
from casino.permissions import ability_required, can
from casino.selectors import capped_count
from tables.floor.models import Table, TableStatus
from tables.floor.selectors import terms_for
from tables.meters.selectors import dollars as money
from tables.slips import (
    confirmations,
    decisions,
    exports,
    printing,
    reports,
    selectors,
    services,
    validation,
)
from tables.slips.awards import PAID_FROM_WORDS
from tables.slips.errors import SlipError
from tables.slips.forms import (
    PayForm,
    RecordForm,
    SlipFilterForm,
    VoidForm,
    card_grid,
    plain_errors,
)
from tables.slips.models import JackpotSlip, SlipStatus
from tables.slips.printing import slip_pdf_bytes, slip_stake_words

# What a confirmation does not post again: the rest is the form as it was confirmed.
NOT_POSTED = ("csrfmiddlewaretoken", "confirm", "change")


def _table(request, pk: int) -> Table:
    table = Table.objects.filter(property=request.property, pk=pk).first()
    if table is None:
        raise Http404("No such table at this property.")
    return table


def _slip(request, pk: int) -> JackpotSlip:
    try:
        return selectors.slip_get(property=request.property, pk=pk)
    except JackpotSlip.DoesNotExist as exc:
        raise Http404("No such slip at this property.") from exc


@ability_required("slips.record")
def slip_record(request, table_pk: int | None = None):
    """Record after a confirmation naming the amounts and the meter's move (issue 30): a POST
    without ``confirm=yes`` answers with it (``confirmations.record_confirmation``), the form
    held still beneath; ``change`` gives the form back to edit."""
    if table_pk is None:
        tables = Table.objects.filter(property=request.property).order_by("pit", "label")
        return render(request, "tables/slips/choose_table.html", {
            "tables": [(t, games.spec(t.game).name) for t in tables], "open": TableStatus.OPEN})
    table = _table(request, table_pk)
    form = RecordForm.for_table(table, terms_for(table), request.POST or None)
    errors: list[str] = []
    confirming = None
    if request.method == "POST" and request.POST.get("confirm") == "yes":
        try:
            slip = services.slip_record(table=table, data=form.data(), actor=request.user)
        except SlipError as exc:
            errors = plain_errors(exc.errors, form)
        else:
            url = reverse("tables:slip-detail", args=[slip.pk])
            messages.success(request, _recorded(slip))
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    elif request.method == "POST" and not request.POST.get("change"):
        data = form.data()
        data.pop("idempotency_key")
        try:
            confirming = confirmations.record_confirmation(table=table, data=data,
                                                           actor=request.user)
        except SlipError as exc:
            errors = plain_errors(exc.errors, form)
    if not form.values.get("idempotency_key"):
        form.values["idempotency_key"] = uuid.uuid4().hex
    return render(request, "tables/slips/record.html", {
        "table": table, "form": form, "errors": errors, "grid": card_grid(table.game),
        "preview": confirming["preview"] if confirming else None, "confirming": confirming,
        "stake_rule": confirmations.STAKE_NOTE,
        "posted": [(k, v) for k, v in request.POST.items() if k not in NOT_POSTED]})


@ability_required("slips.record")
@require_POST
def slip_preview(request, table_pk: int):
    table = _table(request, table_pk)
    form = RecordForm.for_table(table, terms_for(table), request.POST)
    data = form.data()
    data.pop("idempotency_key")
    try:
        preview, errors = services.slip_preview(table=table, data=data), []
    except SlipError as exc:
        preview, errors = None, plain_errors(exc.errors, form)
    return render(request, "tables/slips/_preview.html",
                  {"preview": preview, "errors": errors, "table": table,
                   "stake_rule": confirmations.STAKE_NOTE})


@ability_required("slips.read")
def slip_list(request):
    """The filtered slips, newest first, 50 a page: "Older slips" and "Newer slips" start at
    the number of the page's edge (``?older=``/``?newer=``, the filters kept), and the count
    stops at 10,000 ("More than 10,000 slips"): each page reads what it shows (issue 24)."""
    form = SlipFilterForm(request.GET or None)
    try:
        qs = selectors.slip_list(property=request.property, filters=form.filters())
    except SlipError:
        qs = JackpotSlip.objects.none()
    page = selectors.slip_page(qs, older=request.GET.get("older"),
                               newer=request.GET.get("newer"))
    template = "tables/slips/_list_table.html" if request.htmx else "tables/slips/list.html"
    return render(request, template, {
        "form": form, "page": page, "count_text": _slip_count(qs),
        "can_record": can(request.user, "slips.record", request.property)})


def _slip_count(qs) -> str:
    count, exact = capped_count(qs)
    return how_many(count, "slip", exact=exact)


@ability_required("slips.read")
def slips_csv(request):
    """The slips the list shows for its filters, any number, as CSV (streamed)."""
    form = SlipFilterForm(request.GET or None)
    try:
        return exports.slips_csv(request.property, form.filters())
    except SlipError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain; charset=utf-8")


def _recorded(slip: JackpotSlip) -> str:
    said = f"Jackpot slip {slip.number} recorded: {money(slip.award)}"
    if slip.meter_after is not None:
        said += (f", the {slip.meter_name} hit and now at {money(slip.meter_after)}; the "
                 f"jackpot is pending on it until paid")
    if slip.status == SlipStatus.RECORDED:
        said += ". It waits for a floorperson's validation"
    return said + "."


def _detail_context(request, slip: JackpotSlip) -> dict:
    """The slip, its payouts, and each next step as its decision (``tables.slips.decisions``,
    the rule the services enforce): the page shows the button, or the reason it is refused."""
    user, prop = request.user, request.property
    payouts = validation.payouts(slip)
    total = validation.total(p.slip for p in payouts)
    companions = list(slip.companions.order_by("number"))
    earlier = services.earlier_unpaid(slip) if slip.status == SlipStatus.VALIDATED else None
    void_step, void = decisions.may_void(user, slip, companions)
    context = {
        "slip": slip, "companions": companions,
        "cards": printing.slip_cards(slip), "payouts": payouts,
        "total": total, "total_value": f"{total:.2f}",
        "confirmation": validation.confirmation(p.slip for p in payouts),
        "validate": decisions.may_validate(user, slip),
        "pay": decisions.may_pay(user, slip, earlier=earlier),
        "void_step": void_step, "void": void,
        "void_confirming": confirmations.void_confirmation(slip, companions)
        if void_step == "confirm" and void.allowed else None,
        "stake_note": slip_stake_words(slip), "stake_rule": confirmations.STAKE_NOTE,
        "pay_form": PayForm(slip=slip), "void_form": VoidForm(),
        "witness_threshold": prop.jackpot_witness_threshold,
        "reads_tables": can(user, "tables.read", prop),
        "reads_meters": can(user, "meters.read", prop),
    }
    context["show_actions"] = any(d.allowed or d.says for d in (
        context["validate"], context["pay"], void))
    return context


@ability_required("slips.read")
def slip_detail(request, pk: int):
    return render(request, "tables/slips/detail.html", _detail_context(request, _slip(request, pk)))


def _act(request, pk: int, service, done: str, **kwargs):
    """Do ``service``; htmx: the actions are swapped and the status, facts, payouts and
    messages with them (out of band), so the page shows the new state without a reload (a
    refusal is a 200 naming every reason: htmx swaps no 4xx answer)."""
    slip = _slip(request, pk)
    errors: list[str] = []
    try:
        service(slip=slip, actor=request.user, **kwargs)
    except SlipError as exc:
        errors = [m for ms in exc.errors.values() for m in ms]
    else:
        messages.success(request, done.format(number=slip.number))
    if request.htmx:
        slip = _slip(request, pk)
        return render(request, "tables/slips/_slip_changed.html",
                      {**_detail_context(request, slip), "errors": errors})
    for error in errors:
        messages.error(request, error)
    return redirect("tables:slip-detail", pk=pk)


@ability_required("slips.validate")
@require_POST
def slip_validate(request, pk: int):
    """The validator ticks the confirmation naming the amounts; the total the page showed is
    what the service checks against the slips (a change meanwhile is refused)."""
    if request.POST.get("confirm") != "yes":
        said = ("Tick the confirmation naming the amounts: validating pays every payout the "
                "slip shows.")
        if request.htmx:
            return render(request, "tables/slips/_slip_actions.html",
                          {**_detail_context(request, _slip(request, pk)), "errors": [said]})
        messages.error(request, said)
        return redirect("tables:slip-detail", pk=pk)
    return _act(request, pk, services.slip_validate,
                "Slip {number} validated with every payout it shows: each may now be paid.",
                data={"total": request.POST.get("total", "")})


def _pay_confirmation(request, slip: JackpotSlip, paid_from: str) -> dict:
    """What marking the slip paid records, in words, before it is done: the amount, to whom,
    from where (§649a.11(c)(5)(iv) and its twins), and that a paid slip is never voided."""
    where = PAID_FROM_WORDS.get(paid_from, PAID_FROM_WORDS.get(slip.paid_from, ""))
    won = f"a {slip.hand} on the {slip.wager_name}" if slip.hand else f"the {slip.wager_name}"
    lines = [f"{money(slip.award)} to the player at seat {slip.seat} of table "
             f"{slip.table.label}, for {won}.", f"Paid from: {where}."]
    if slip.meter_name and slip.meter_after is not None:
        lines.append(f"The jackpot is no longer pending on the {slip.meter_name} meter.")
    lines += [f"You, {person(request.user)}, are recorded as paying it. A paid slip is never "
              f"voided."]
    return {"heading": f"Mark slip {slip.number} paid?", "lines": lines,
            "paid_from": paid_from, "button": f"Mark paid: {money(slip.award)}"}


@ability_required("slips.validate")
@require_POST
def slip_pay(request, pk: int):
    """Asks first (a POST without ``confirm=yes`` answers with what paying will record), then
    marks the slip paid; htmx swaps the slip's actions, then its status, facts and payouts."""
    paid_from = request.POST.get("paid_from", "")
    if request.POST.get("confirm") != "yes":
        slip = _slip(request, pk)
        context = {**_detail_context(request, slip),
                   "confirming": _pay_confirmation(request, slip, paid_from)}
        if request.htmx:
            return render(request, "tables/slips/_slip_actions.html", context)
        return render(request, "tables/slips/detail.html", context)
    return _act(request, pk, services.slip_pay, "Slip {number} marked paid.",
                data={"paid_from": paid_from})


@ability_required("slips.void")
@require_POST
def slip_void(request, pk: int):
    return _act(request, pk, services.slip_void,
                "Slip {number}: void requested. A second person confirms it.",
                data={"reason": request.POST.get("reason", "")})


@ability_required("slips.void")
@require_POST
def slip_void_confirm(request, pk: int):
    """The second person confirms; the message names the slips voided, only those there are."""
    slip = _slip(request, pk)
    done = confirmations.void_confirmation(slip, list(slip.companions.order_by("number")))
    return _act(request, pk, services.slip_void_confirm, done["done"])


@ability_required("slips.read")
def slip_print(request, pk: int):
    slip = _slip(request, pk)
    return render(request, "tables/slips/print.html", {
        "slip": slip, "lines": [(label, value, label in printing.CARD_LABELS)
                                for label, value in printing.print_lines(slip)],
        "signatures": printing.signature_lines(slip),
        "stake_note": slip_stake_words(slip)})


@ability_required("slips.read")
def slip_pdf(request, pk: int):
    slip = _slip(request, pk)
    response = HttpResponse(slip_pdf_bytes(slip), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="jackpot-slip-{slip.number}.pdf"'
    return response


@ability_required("slips.read")
def slip_report(request):
    prop = request.property
    day = day_param(request.GET.get("day")) or selectors.gaming_day(prop)  # in the calendar
    report = reports.daily_report(property=prop, day=day)
    if request.GET.get("format") == "csv":
        response = HttpResponse(reports.daily_report_csv(report), content_type="text/csv")
        response["Content-Disposition"] = f'attachment; filename="jackpots-{day}.csv"'
        return response
    return render(request, "tables/slips/report.html", {"report": report})
