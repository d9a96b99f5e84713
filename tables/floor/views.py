"""Pages for the floor and for layouts: thin views over the floor room's ``services``,
``selectors`` and ``layouts``; htmx swaps the table's status panel and the layout's checklist."""

from itertools import groupby

from csp.decorators import csp_replace
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import OperationalError
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.clickjacking import xframe_options_sameorigin
from django.views.decorators.http import require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from casino.error_pages import BUSY, busy, is_busy
from casino.formats import day, money, person
from casino.permissions import ability_required, can
from games import layout as engine_layout
from rulesubmissions import selectors as submissions
from rulesubmissions.engine import game_spec
from rulesubmissions.forms import Editor
from rulesubmissions.services import RulesError, submission_check
from tables.floor import decisions, hooks, layouts, selectors, services
from tables.floor.forms import ArtworkForm, LayoutForm, LinkedGroupForm, ReturnForm, TableForm
from tables.floor.models import LayoutStatus


def game_name(key: str) -> str:
    spec = game_spec(key)
    return spec.name if spec else key


def _table(request, pk: int):
    return get_object_or_404(selectors.table_list(user=request.user), pk=pk)


def _layout(request, pk: int):
    return get_object_or_404(layouts.layout_list(user=request.user), pk=pk)


def _add_errors(form, errors: dict) -> None:
    for field, msgs in errors.items():
        for msg in msgs:
            form.add_error(field if field in form.fields else None, msg)


@ability_required("tables.read")
def floor_page(request):
    """Tables by pit with status, game, the version in force and their live meters."""
    tables = list(selectors.table_list(user=request.user).filter(property=request.property))
    in_force = submissions.in_force_by_game(property=request.property)
    rows = [{"table": t, "in_force": in_force.get(t.game),
             "problems": selectors.opening_problems(t) if t.status == "closed" else []}
            for t in tables]
    pits = [(pit or "No pit", list(group)) for pit, group in
            groupby(rows, key=lambda r: r["table"].pit)]
    return render(request, "tables/floor/floor.html", {
        "pits": pits, "can_configure": can(request.user, "tables.configure", request.property),
        "columns": hooks.FLOOR_COLUMNS})


def status_context(request, table) -> dict:
    """Closed: every reason it may not open. Open under an older version: what would keep it
    from opening again under the one now in force (e.g. a layout needing re-approval). The
    meters room swaps the status panel with it after seeding a meter."""
    newer = selectors.newer_version_waiting(table)
    problems = selectors.opening_problems(table) if table.status == "closed" or newer else []
    return {
        "table": table, "terms": selectors.terms_for(table), "newer": newer,
        "problems": problems, "next_steps": _next_steps(request, table, problems),
        "can_operate": can(request.user, "tables.operate", table.property),
        "may_open": decisions.may_open(request.user, table, problems)
        if table.status == "closed" else None,
    }


def _next_steps(request, table, problems) -> list[tuple[str, str]]:
    """Where each reason the table may not open is put right, for whoever may: (words, URL)."""
    prop, steps = table.property, []
    sections = " ".join(p["section"] for p in problems)
    edit = reverse("tables:table-edit", args=[table.pk])
    if "§605a.7(a)" in sections and can(request.user, "tables.operate", prop):
        steps.append(("Seed the meters (Progressive meters, below)", "#table-meters"))
    if "§601a.10(a)" in sections:
        if can(request.user, "tables.configure", prop):
            steps.append(("Assign an approved layout", edit))
        if can(request.user, "layouts.prepare", prop) or can(request.user, "layouts.approve",
                                                             prop):
            steps.append(("Layouts", reverse("tables:layout-list")))
    if any("system" in p["reason"] for p in problems) and can(request.user, "tables.configure",
                                                                prop):
        steps.append(("Record the table's systems", edit))
    if "§601a.2" in sections.split() and can(request.user, "rulesubmissions.read", prop):
        steps.append(("Rules Submissions", reverse("rulesubmissions:list")))
    return list(dict.fromkeys(steps))


def _checklist(table) -> list[dict]:
    terms = selectors.terms_for(table)
    return layouts.checklist_shown(terms) if terms is not None else []


@ability_required("tables.read")
def table_detail(request, pk: int, confirming: dict | None = None,
                 seeding: dict | None = None):
    """The table's page; ``confirming``: opening or closing asks first, ``seeding``: seeding a
    meter asks first (the meters room's answer without htmx)."""
    table = _table(request, pk)
    return render(request, "tables/floor/table_detail.html", {
        **status_context(request, table), "checklist": _checklist(table),
        "confirming": confirming, "seeding": seeding,
        "history": selectors.table_history(table),
        "layout_newer": layouts.newer_version(table.layout)
        if table.layout and layouts.needs_reapproval(table.layout) else None,
        "checklist_note": engine_layout.game_layout(table.game).note,
        "can_configure": can(request.user, "tables.configure", table.property),
        "can_prepare": can(request.user, "layouts.prepare", table.property),
        "reads_submissions": can(request.user, "rulesubmissions.read", table.property),
        "sections": hooks.TABLE_PAGE_SECTIONS})


@require_http_methods(["GET", "POST"])
@ability_required("tables.operate")
def table_action(request, pk: int, action: str):
    """Open or close, after a confirmation saying what will happen (a GET, or a POST without
    ``confirm=yes``, answers with it). htmx: the status panel is swapped, the history and the
    messages with it (out of band), so the page shows the new state and no earlier message; a
    refusal is a 200 naming every reason, since htmx swaps no 4xx answer."""
    table = _table(request, pk)
    if request.method == "GET" or request.POST.get("confirm") != "yes":
        confirming = _confirmation(request, table, action)
        if request.htmx:
            return render(request, "tables/floor/_table_status.html",
                          {**status_context(request, table), "confirming": confirming})
        return table_detail(request, pk, confirming=confirming)
    service = {"open": services.table_open, "close": services.table_close}[action]
    errors = []
    try:
        table = service(actor=request.user, table=table)
    except RulesError as exc:
        errors = [m for msgs in exc.errors.values() for m in msgs]
    if not errors:
        messages.success(request, f"Table {table.label} is {table.get_status_display().lower()}.")
    if request.htmx:
        return render(request, "tables/floor/_table_changed.html", {
            **status_context(request, table), "errors": errors,
            "history": selectors.table_history(table)})
    for error in errors:
        messages.error(request, error)
    return redirect("tables:table-detail", pk=table.pk)


def _confirmation(request, table, action: str) -> dict | None:
    """What opening or closing will do, in words, before it is done (None: nothing to confirm,
    the panel already says why the table may not open)."""
    terms, who = selectors.terms_for(table), person(request.user)
    if action == "open":
        if not decisions.may_open(request.user, table):  # the panel says why
            return None
        limits = f"table minimum {money(terms.table_minimum)}, maximum " \
                 f"{money(terms.table_maximum)}"
        if terms.payout_limit is not None:
            limits += f", payout limit {money(terms.payout_limit)}"
        lines = [f"Table {table.label} opens under {game_name(table.game)} version "
                 f"{terms.version}, in force since {day(terms.effective_date)}: {limits}.",
                 f"It keeps version {terms.version} until it is closed, even if a newer "
                 f"version takes effect (§601a.2).",
                 f"You, {who}, are recorded as opening it."]
        return {"action": "open", "heading": f"Open table {table.label}?", "lines": lines,
                "button": "Open the table"}
    if not decisions.may_close(request.user, table):
        return None
    newer = selectors.newer_version_waiting(table)
    lines = [f"Table {table.label} closes: no round is settled at it until it opens again."]
    if newer is not None:
        lines.append(f"When it opens again it plays version {newer.version}, now in force "
                     f"(§601a.2).")
    lines.append(f"You, {who}, are recorded as closing it.")
    return {"action": "close", "heading": f"Close table {table.label}?", "lines": lines,
            "button": "Close the table"}


@ability_required("tables.read")
def table_terms(request, pk: int):
    """The terms the table plays by, read-only, for everyone on the floor (§601a.2): the
    approved Rules Submission as its print shows it, without the Rules Submissions pages."""
    table = _table(request, pk)
    terms = selectors.terms_for(table)
    spec = game_spec(table.game)
    editor = (Editor(spec, submissions.display_catalog(table.property), terms.terms())
              if terms is not None and spec is not None else None)
    floor = (submission_check(property=table.property, terms=terms.terms()).floor
             if editor is not None else None)
    return render(request, "tables/floor/table_terms.html", {
        "table": table, "submission": terms, "terms": editor, "floor": floor,
        "reads_submissions": can(request.user, "rulesubmissions.read", table.property)})


@ability_required("tables.configure")
def table_edit(request, pk: int | None = None):
    """Add a table, or change a closed one."""
    table = _table(request, pk) if pk else None
    initial = ({f: getattr(table, f) for f in services.TABLE_FIELDS} if table else {})
    # The game chosen (posted, or asked for by htmx when the game changes) decides the layouts
    # offered: only that game's.
    game = request.POST.get("game") or request.GET.get("game") or (table.game if table else "")
    if request.GET.get("game"):
        initial["game"] = request.GET["game"]
    form = TableForm(request.POST or None, initial=initial, property=request.property,
                     game=game)
    if request.method == "POST" and form.is_valid():
        try:
            if table is None:
                table = services.table_create(actor=request.user, property=request.property,
                                           data=form.data_for_service())
            else:
                table = services.table_update(actor=request.user, table=table,
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
            group = services.linked_group_create(actor=request.user, property=request.property,
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
    form = LayoutForm(request.POST or None, request.FILES or None, property=request.property,
                      initial={"game": request.GET.get("game", "")})
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
        "reads_submissions": can(request.user, "rulesubmissions.read", prop),
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
    """Save every tick at once (the form without JavaScript; htmx: the checklist is swapped, a
    refusal shown in it) or replace the artwork (the ticks stay as they are saved)."""
    layout = _layout(request, pk)
    errors = []
    ticks = "checked" in request.POST or "ticks" in request.POST
    try:
        layout = layouts.layout_update(
            actor=request.user, layout=layout,
            checked=request.POST.getlist("checked") if ticks else None,
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
@ability_required("layouts.prepare")
def layout_tick(request, pk: int):
    """One checklist item ticked or unticked (htmx: that item is swapped). Each box sends its
    own key; whether it is ticked is whether the key is among the ``checked`` values, so the
    answer holds whatever the other boxes show."""
    layout = _layout(request, pk)
    key = request.POST.get("key", "")
    errors, not_saved = [], False
    try:
        layout = layouts.layout_tick(actor=request.user, layout=layout, key=key,
                                     ticked=key in request.POST.getlist("checked"))
    except RulesError as exc:
        errors = [m for msgs in exc.errors.values() for m in msgs]
    except OperationalError as exc:
        if not (request.htmx and is_busy(exc)):
            raise  # a page: casino.error_pages answers "Not saved" for a busy database
        # Not written (rolled back): the box shows what is saved, with the reason, as a 503.
        layout, errors, not_saved = _layout(request, pk), [BUSY], True
    if request.htmx and not errors:
        return HttpResponse(status=204)  # the box already shows what was saved: no swap
    item = next((i for i in layouts.checklist_shown(layout.submission, layout.checked)
                 if i["key"] == key), None)
    if request.htmx and item is not None:  # refused: the item as saved, with the reason
        response = render(request, "tables/floor/_checklist_item.html", {
            "layout": layout, "item": item, "errors": errors,
            "editable": layout.status in layouts.EDITABLE})
        response = reswap(retarget(response, f"#check-{slugify(key)}"), "outerHTML")
        return busy(response) if not_saved else response
    for error in errors:
        messages.error(request, error)
    return redirect("tables:layout-detail", pk=layout.pk)


def _approval(request, layout) -> dict:
    """What approving the layout does, in words, before it is done (§601a.10(a))."""
    tables = [t.label for t in layout.tables.order_by("pit", "label")]
    version = layout.submission.version
    lines = [f"\"{layout.name}\" is approved for {game_name(layout.game)} version {version} "
             f"as its {len(layout.checked)} ticked checklist items stand (§601a.10(a)).",
             (f"Tables using it may then open under version {version}: {', '.join(tables)}."
              if tables else "No table uses it yet: a table games manager assigns it."),
             f"You, {person(request.user)}, are recorded as approving it; an approved layout "
             f"cannot be changed."]
    return {"heading": f"Approve the layout \"{layout.name}\"?", "lines": lines,
            "button": "Approve the layout"}


def _submission(request, layout) -> dict | None:
    """What submitting the layout does, in words, before it is done (issue 30); None while an
    item is not ticked (the service refuses, naming each)."""
    items = layouts.checklist_for(layout.submission)
    if any(i["key"] not in layout.checked for i in items):
        return None
    version = layout.submission.version
    lines = [f"\"{layout.name}\" goes to compliance for approval against "
             f"{game_name(layout.game)} version {version}, with all {len(items)} checklist "
             f"items ticked (§601a.10(a)).",
             "While it waits it cannot be changed: a compliance officer other than you "
             "approves it or returns it with comments.",
             f"You, {person(request.user)}, are recorded as submitting it."]
    return {"action": "submit", "heading": f"Submit the layout \"{layout.name}\"?",
            "lines": lines, "button": "Submit to compliance"}


@require_POST
@ability_required("tables.read")
def layout_action(request, pk: int, action: str):
    """Submit and approve (each after a confirmation saying what it does), return (with a
    comment) or check again against a newer version. An approval by htmx swaps the review card,
    the heading, the checklist and the messages: the page shows the approved layout at once."""
    layout = _layout(request, pk)
    if action == "approve" and request.POST.get("confirm") != "yes":
        context = {**_layout_context(request, layout), "confirming": _approval(request, layout)}
        template = ("tables/floor/_layout_review.html" if request.htmx
                    else "tables/floor/layout_detail.html")
        return render(request, template, context)
    if action == "submit" and request.POST.get("confirm") != "yes":
        submitting = _submission(request, layout)
        if submitting is not None:
            return render(request, "tables/floor/layout_detail.html",
                          {**_layout_context(request, layout), "submitting": submitting})
    try:
        layout = layouts.layout_act(actor=request.user, layout=layout, action=action,
                                    comment=request.POST.get("comment", ""))
    except RulesError as exc:
        for msgs in exc.errors.values():
            for msg in msgs:
                messages.error(request, msg)
    else:
        messages.success(request, f"Layout {layout.get_status_display().lower()}.")
    if action == "approve" and request.htmx:
        layout.refresh_from_db()
        return render(request, "tables/floor/_layout_changed.html",
                      _layout_context(request, layout))
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
