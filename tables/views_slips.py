"""Jackpot slip pages: record (with an htmx preview), list, detail with the validate, pay and
void actions, print view and PDF, daily report with CSV. Thin views over ``tables.slips``."""

import datetime
import uuid

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

import games
from casino.permissions import ability_required, can
from tables import slips
from tables.floor import terms_for
from tables.forms_slips import (
    PayForm,
    RecordForm,
    SlipFilterForm,
    VoidForm,
    card_grid,
    plain_errors,
)
from tables.models import JackpotSlip, SlipStatus, Table, TableStatus
from tables.slip_pdf import slip_pdf_bytes


def _table(request, pk: int) -> Table:
    table = Table.objects.filter(property=request.property, pk=pk).first()
    if table is None:
        raise Http404("No such table at this property.")
    return table


def _slip(request, pk: int) -> JackpotSlip:
    try:
        return slips.slip_get(property=request.property, pk=pk)
    except JackpotSlip.DoesNotExist as exc:
        raise Http404("No such slip at this property.") from exc


@ability_required("slips.record")
def slip_record(request, table_pk: int | None = None):
    if table_pk is None:
        tables = Table.objects.filter(property=request.property).order_by("pit", "label")
        return render(request, "tables/slips/choose_table.html", {
            "tables": [(t, games.spec(t.game).name) for t in tables], "open": TableStatus.OPEN})
    table = _table(request, table_pk)
    form = RecordForm.for_table(table, terms_for(table), request.POST or None)
    errors: list[str] = []
    if request.method == "POST":
        try:
            slip = slips.slip_record(table=table, data=form.data(), actor=request.user)
        except slips.SlipError as exc:
            errors = plain_errors(exc.errors, form)
        else:
            url = reverse("tables:slip-detail", args=[slip.pk])
            messages.success(request, f"Jackpot slip {slip.number} recorded: it waits for a "
                                      "floorperson's validation.")
            return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    if not form.values.get("idempotency_key"):
        form.values["idempotency_key"] = uuid.uuid4().hex
    return render(request, "tables/slips/record.html", {
        "table": table, "form": form, "errors": errors, "grid": card_grid(table.game),
        "preview": None})


@ability_required("slips.record")
@require_POST
def slip_preview(request, table_pk: int):
    table = _table(request, table_pk)
    form = RecordForm.for_table(table, terms_for(table), request.POST)
    data = form.data()
    data.pop("idempotency_key")
    try:
        preview, errors = slips.slip_preview(table=table, data=data), []
    except slips.SlipError as exc:
        preview, errors = None, plain_errors(exc.errors, form)
    return render(request, "tables/slips/_preview.html",
                  {"preview": preview, "errors": errors, "table": table})


@ability_required("slips.read")
def slip_list(request):
    form = SlipFilterForm(request.GET or None)
    try:
        qs = slips.slip_list(property=request.property, filters=form.filters())
    except slips.SlipError:
        qs = JackpotSlip.objects.none()
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    template = "tables/slips/_list_table.html" if request.htmx else "tables/slips/list.html"
    return render(request, template, {
        "form": form, "page": page,
        "can_record": can(request.user, "slips.record", request.property)})


@ability_required("slips.read")
def slip_detail(request, pk: int):
    slip = _slip(request, pk)
    user, prop = request.user, request.property
    return render(request, "tables/slips/detail.html", {
        "slip": slip, "companions": slip.companions.order_by("number"),
        "cards": slips.slip_cards(slip),
        "can_validate": (slip.status == SlipStatus.RECORDED
                         and slip.kind in ("jackpot", "mystery")
                         and can(user, "slips.validate", prop)
                         and user.pk != slip.recorded_by_id),
        "own_slip": user.pk == slip.recorded_by_id,
        "can_pay": slip.status == SlipStatus.VALIDATED and can(user, "slips.validate", prop),
        "can_void": slip.status != SlipStatus.VOIDED and can(user, "slips.void", prop)
                    and user.pk != slip.void_requested_by_id,
        "pay_form": PayForm(slip=slip), "void_form": VoidForm(),
        "witness_threshold": prop.jackpot_witness_threshold,
    })


def _act(request, pk: int, service, done: str, **kwargs):
    slip = _slip(request, pk)
    try:
        service(slip=slip, actor=request.user, **kwargs)
    except slips.SlipError as exc:
        for message in (m for ms in exc.errors.values() for m in ms):
            messages.error(request, message)
    else:
        messages.success(request, done.format(number=slip.number))
    url = reverse("tables:slip-detail", args=[pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@ability_required("slips.validate")
@require_POST
def slip_validate(request, pk: int):
    return _act(request, pk, slips.slip_validate,
                "Slip {number} validated: it may now be paid.")


@ability_required("slips.validate")
@require_POST
def slip_pay(request, pk: int):
    return _act(request, pk, slips.slip_pay, "Slip {number} marked paid.",
                data={"paid_from": request.POST.get("paid_from", "")})


@ability_required("slips.void")
@require_POST
def slip_void(request, pk: int):
    return _act(request, pk, slips.slip_void, "Slip {number}: void recorded.",
                data={"reason": request.POST.get("reason", "")})


@ability_required("slips.read")
def slip_print(request, pk: int):
    slip = _slip(request, pk)
    return render(request, "tables/slips/print.html", {
        "slip": slip, "lines": slips.print_lines(slip),
        "signatures": slips.signature_lines(slip)})


@ability_required("slips.read")
def slip_pdf(request, pk: int):
    slip = _slip(request, pk)
    response = HttpResponse(slip_pdf_bytes(slip), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="jackpot-slip-{slip.number}.pdf"'
    return response


@ability_required("slips.read")
def slip_report(request):
    prop = request.property
    try:
        day = datetime.date.fromisoformat(request.GET.get("day", ""))
    except ValueError:
        day = slips.gaming_day(prop)
    report = slips.daily_report(property=prop, day=day)
    if request.GET.get("format") == "csv":
        response = HttpResponse(slips.daily_report_csv(report), content_type="text/csv")
        response["Content-Disposition"] = f'attachment; filename="jackpots-{day}.csv"'
        return response
    return render(request, "tables/slips/report.html", {"report": report})
