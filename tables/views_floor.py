"""Pages for the floor and for layouts: thin views over ``tables.floor`` and ``tables.layouts``;
htmx swaps the table's status panel and the layout's checklist."""

from itertools import groupby

from csp.decorators import csp_replace
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from casino.permissions import ability_required, can
from games import layout as engine_layout
from rulesubmissions import selectors as submissions
from rulesubmissions.services import RulesError
from tables import floor, layouts
from tables.forms_floor import ArtworkForm, LayoutForm, LinkedGroupForm, ReturnForm, TableForm
from tables.models import LayoutStatus


def _table(request, pk: int):
    return get_object_or_404(floor.table_list(user=request.user), pk=pk)


def _layout(request, pk: int):
    return get_object_or_404(layouts.layout_list(user=request.user), pk=pk)


def _add_errors(form, errors: dict) -> None:
    for field, msgs in errors.items():
        for msg in msgs:
            form.add_error(field if field in form.fields else None, msg)


@ability_required("tables.read")
def floor_page(request):
    """Tables by pit with status, game, the version in force and their live meters."""
    tables = list(floor.table_list(user=request.user).filter(property=request.property))
    in_force = {game: submissions.in_force(property=request.property, game=game)
                for game in {t.game for t in tables}}
    rows = [{"table": t, "in_force": in_force[t.game],
             "problems": floor.opening_problems(t) if t.status == "closed" else []}
            for t in tables]
    pits = [(pit or "No pit", list(group)) for pit, group in
            groupby(rows, key=lambda r: r["table"].pit)]
    return render(request, "tables/floor/floor.html", {
        "pits": pits, "can_configure": can(request.user, "tables.configure", request.property)})


def _status_context(request, table) -> dict:
    """Closed: every reason it may not open. Open under an older version: what would keep it
    from opening again under the one now in force (e.g. a layout needing re-approval)."""
    newer = floor.newer_version_waiting(table)
    return {
        "table": table, "terms": floor.terms_for(table), "newer": newer,
        "problems": floor.opening_problems(table) if table.status == "closed" or newer else [],
        "can_operate": can(request.user, "tables.operate", table.property),
    }


def _checklist(table) -> list[dict]:
    terms = floor.terms_for(table)
    return layouts.checklist_shown(terms) if terms is not None else []


@ability_required("tables.read")
def table_detail(request, pk: int):
    table = _table(request, pk)
    return render(request, "tables/floor/table_detail.html", {
        **_status_context(request, table), "checklist": _checklist(table),
        "history": floor.table_history(table),
        "layout_newer": layouts.newer_version(table.layout)
        if table.layout and layouts.needs_reapproval(table.layout) else None,
        "checklist_note": engine_layout.game_layout(table.game).note,
        "can_configure": can(request.user, "tables.configure", table.property)})


@require_POST
@ability_required("tables.operate")
def table_action(request, pk: int, action: str):
    """Open or close (htmx: the status panel is swapped, with every reason it may not open;
    a 200 even when refused, since htmx swaps no 4xx answer and the refusal is the panel)."""
    table = _table(request, pk)
    service = {"open": floor.table_open, "close": floor.table_close}[action]
    errors = []
    try:
        table = service(actor=request.user, table=table)
    except RulesError as exc:
        errors = [m for msgs in exc.errors.values() for m in msgs]
    if request.htmx:
        return render(request, "tables/floor/_table_status.html",
                      {**_status_context(request, table), "errors": errors})
    for error in errors:
        messages.error(request, error)
    if not errors:
        messages.success(request, f"Table {table.label} is {table.get_status_display().lower()}.")
    return redirect("tables:table-detail", pk=table.pk)


@ability_required("tables.configure")
def table_edit(request, pk: int | None = None):
    """Add a table, or change a closed one."""
    table = _table(request, pk) if pk else None
    initial = ({f: getattr(table, f) for f in floor.TABLE_FIELDS} if table else {})
    form = TableForm(request.POST or None, initial=initial, property=request.property)
    if request.method == "POST" and form.is_valid():
        try:
            if table is None:
                table = floor.table_create(actor=request.user, property=request.property,
                                           data=form.data_for_service())
            else:
                table = floor.table_update(actor=request.user, table=table,
                                           data=form.data_for_service())
        except RulesError as exc:
            _add_errors(form, exc.errors)
        else:
            messages.success(request, f"Table {table.label} saved.")
            return redirect("tables:table-detail", pk=table.pk)
    return render(request, "tables/floor/table_form.html", {"form": form, "table": table},
                  status=400 if form.errors else 200)


@ability_required("tables.configure")
def linked_group_create(request):
    """Name a group of tables sharing progressive meters (§605a.8)."""
    form = LinkedGroupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            group = floor.linked_group_create(actor=request.user, property=request.property,
                                              **form.cleaned_data)
        except RulesError as exc:
            _add_errors(form, exc.errors)
        else:
            messages.success(request, f"Linked group {group.name} added: choose it on each "
                                      f"table that shares its meters.")
            return redirect("tables:floor")
    return render(request, "tables/floor/linked_group_form.html", {"form": form},
                  status=400 if form.errors else 200)


@ability_required("tables.read")
def layout_list(request):
    rows = layouts.layout_list(user=request.user).filter(property=request.property)
    return render(request, "tables/floor/layout_list.html", {
        "layouts": [{"layout": lay, "changes": layouts.needs_reapproval(lay)} for lay in rows],
        "can_prepare": can(request.user, "layouts.prepare", request.property)})


@ability_required("layouts.approve")
def layout_queue(request):
    return render(request, "tables/floor/layout_queue.html",
                  {"layouts": layouts.layout_queue(user=request.user)
                   .filter(property=request.property)})


@ability_required("layouts.prepare")
def layout_create(request):
    form = LayoutForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            layout = layouts.layout_create(actor=request.user, property=request.property,
                                           name=form.cleaned_data["name"],
                                           game=form.cleaned_data["game"],
                                           artwork=form.cleaned_data["artwork"])
        except RulesError as exc:
            _add_errors(form, exc.errors)
        else:
            messages.success(request, "Layout saved: tick each item the artwork shows.")
            return redirect("tables:layout-detail", pk=layout.pk)
    return render(request, "tables/floor/layout_form.html", {"form": form},
                  status=400 if form.errors else 200)


def _layout_context(request, layout, errors=None) -> dict:
    prop = layout.property
    editable = layout.status in layouts.EDITABLE and can(request.user, "layouts.prepare", prop)
    return {
        "layout": layout, "errors": errors or [],
        "checklist": layouts.checklist_shown(layout.submission, layout.checked),
        "note": engine_layout.game_layout(layout.game).note,
        "editable": editable,
        "changes": layouts.reapproval_shown(layout),
        "newer": layouts.newer_version(layout),
        "can_review": (layout.status == LayoutStatus.SUBMITTED
                       and can(request.user, "layouts.approve", prop)
                       and request.user.pk not in (layout.prepared_by_id,
                                                   layout.submitted_by_id)),
        "can_prepare": can(request.user, "layouts.prepare", prop),
        "return_form": ReturnForm(), "artwork_form": ArtworkForm(),
        "tables": layout.tables.order_by("pit", "label"),
    }


@ability_required("tables.read")
def layout_detail(request, pk: int):
    layout = _layout(request, pk)
    return render(request, "tables/floor/layout_detail.html", _layout_context(request, layout))


@require_POST
@ability_required("layouts.prepare")
def layout_check(request, pk: int):
    """Tick items (htmx: the checklist is swapped, a refusal shown in it) or replace the
    artwork."""
    layout = _layout(request, pk)
    errors = []
    try:
        layout = layouts.layout_update(
            actor=request.user, layout=layout, checked=request.POST.getlist("checked"),
            artwork=request.FILES.get("artwork"))
    except RulesError as exc:
        errors = [m for msgs in exc.errors.values() for m in msgs]
    if request.htmx:
        return render(request, "tables/floor/_layout_checklist.html",
                      _layout_context(request, layout, errors))
    for error in errors:
        messages.error(request, error)
    return redirect("tables:layout-detail", pk=layout.pk)


@require_POST
@ability_required("tables.read")
def layout_action(request, pk: int, action: str):
    """Submit, approve, return (with a comment) or check again against a newer version."""
    layout = _layout(request, pk)
    try:
        if action == "recheck":
            layout = layouts.layout_recheck(actor=request.user, layout=layout)
        else:
            layout = layouts.layout_transition(actor=request.user, layout=layout,
                                               to=layouts.ACTIONS[action],
                                               comment=request.POST.get("comment", ""))
    except RulesError as exc:
        for msgs in exc.errors.values():
            for msg in msgs:
                messages.error(request, msg)
    else:
        messages.success(request, f"Layout {layout.get_status_display().lower()}.")
    target = reverse("tables:layout-detail", args=[layout.pk])
    return HttpResponseClientRedirect(target) if request.htmx else redirect(target)


# The layout page embeds a PDF artwork: same-origin framing of this response only.
@csp_replace({"frame-ancestors": ["'self'"]})
@csp_replace({"frame-ancestors": ["'self'"]}, REPORT_ONLY=True)
@xframe_options_sameorigin
@ability_required("tables.read")
def layout_artwork(request, pk: int):
    """The artwork from storage, to staff of the layout's property only."""
    layout = _layout(request, pk)
    if not layout.artwork:
        raise Http404("no artwork")
    if not can(request.user, "tables.read", layout.property):
        raise PermissionDenied("tables.read refused")
    content_type = {"png": "image/png", "jpg": "image/jpeg", "pdf": "application/pdf"}
    return FileResponse(layout.artwork.open("rb"), content_type=content_type[layout.artwork_type])
