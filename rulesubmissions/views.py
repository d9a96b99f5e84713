"""Pages for Rules Submissions: thin views over the services, htmx for the live parts."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from casino.permissions import ability_required, can, require
from rulesubmissions import selectors, services
from rulesubmissions.diff import diff_terms
from rulesubmissions.engine import game_spec
from rulesubmissions.forms import (
    ApproveForm,
    Editor,
    PaytableForm,
    ReturnForm,
    SubmissionFilterForm,
    game_choices,
    terms_from_post,
)
from rulesubmissions.models import Status

EMPTY_TERMS: dict = {}


def _submission(request, pk: int):
    return get_object_or_404(selectors.submission_list(user=request.user), pk=pk)


@ability_required("rulesubmissions.read")
def submission_list(request):
    form = SubmissionFilterForm(request.GET or None)
    filters = form.cleaned_data if form.is_valid() else {}
    qs = selectors.submission_list(user=request.user, game=filters.get("game", ""),
                                   status=filters.get("status", ""))
    page = Paginator(qs, 50).get_page(request.GET.get("page"))
    template = "rulesubmissions/_table.html" if request.htmx else "rulesubmissions/list.html"
    return render(request, template, {"form": form, "page": page})


@ability_required("rulesubmissions.approve")
def compliance_queue(request):
    return render(request, "rulesubmissions/queue.html",
                  {"submissions": selectors.compliance_queue(user=request.user)})


def _editor(request, game: str, terms: dict, errors: dict | None = None):
    spec = game_spec(game)
    if spec is None:
        return None
    return Editor(spec, selectors.catalog_for(request.property), terms, errors)


def _floor(request, terms: dict):
    return services.submission_check(property=request.property, terms=terms)


@ability_required("rulesubmissions.draft")
def submission_create(request):
    if request.property is None:
        raise PermissionDenied("a submission belongs to a property where you are staff")
    game = request.POST.get("game") or request.GET.get("game", "")
    spec = game_spec(game)
    if request.method == "POST" and spec is not None:
        terms = terms_from_post(spec, request.POST)
        try:
            submission = services.submission_create(actor=request.user,
                                                    property=request.property, terms=terms)
        except services.RulesError as exc:
            return _editor_page(request, None, game, terms, exc.errors, status=400)
        messages.success(request, f"Draft version {submission.version} saved.")
        return redirect("rulesubmissions:detail", pk=submission.pk)
    return _editor_page(request, None, game, EMPTY_TERMS)


def _editor_page(request, submission, game, terms, errors=None, status=200):
    checked = _floor(request, terms) if terms else None
    return render(request, "rulesubmissions/editor.html", {
        "submission": submission, "game": game, "games": game_choices(),
        "editor": _editor(request, game, terms, errors),
        "floor": checked.floor if checked else None,
    }, status=status)


@ability_required("rulesubmissions.draft")
def editor_fields(request):
    """The chosen game's fields (htmx swap of #game-fields)."""
    editor = _editor(request, request.GET.get("game", ""), EMPTY_TERMS)
    return render(request, "rulesubmissions/_fields.html", {"editor": editor, "floor": None})


@require_POST
@ability_required("rulesubmissions.draft")
def editor_validate(request):
    """Live validation: the payout-limit floor, and every field's errors out of band."""
    spec = game_spec(request.POST.get("game", ""))
    if spec is None:
        return HttpResponse("")
    terms = terms_from_post(spec, request.POST)
    checked = _floor(request, terms)
    editor = _editor(request, spec.key, terms, checked.errors)
    return render(request, "rulesubmissions/_validation.html",
                  {"editor": editor, "floor": checked.floor})


@ability_required("rulesubmissions.read")
def submission_detail(request, pk: int):
    submission = _submission(request, pk)
    prop = submission.property
    return render(request, "rulesubmissions/detail.html", {
        "submission": submission, "terms": _terms_view(submission),
        "can_edit": submission.status in services.EDITABLE
        and can(request.user, "rulesubmissions.draft", prop),
        "can_review": submission.status == Status.SUBMITTED
        and can(request.user, "rulesubmissions.approve", prop),
        "can_amend": submission.status == Status.APPROVED
        and can(request.user, "rulesubmissions.draft", prop),
        "in_force": selectors.in_force(property=prop, game=submission.game),
    })


def _terms_view(submission):
    spec = game_spec(submission.game)
    if spec is None:
        return None
    return Editor(spec, selectors.catalog_for(submission.property), submission.terms())


@ability_required("rulesubmissions.draft")
def submission_edit(request, pk: int):
    submission = _submission(request, pk)
    require(request.user, "rulesubmissions.draft", submission.property)
    if submission.status not in services.EDITABLE:
        raise PermissionDenied("only a draft or returned version can be edited")
    spec = game_spec(submission.game)
    if request.method == "POST" and spec is not None:
        terms = terms_from_post(spec, request.POST)
        try:
            services.submission_update(actor=request.user, submission=submission, terms=terms)
        except services.RulesError as exc:
            return _editor_page(request, submission, submission.game, terms, exc.errors, 400)
        messages.success(request, "Saved.")
        return redirect("rulesubmissions:detail", pk=submission.pk)
    return _editor_page(request, submission, submission.game, submission.terms())


@require_POST
@ability_required("rulesubmissions.draft")
def submission_submit(request, pk: int):
    submission = _submission(request, pk)
    try:
        services.submission_transition(actor=request.user, submission=submission,
                                       to=Status.SUBMITTED)
    except services.RulesError as exc:
        for field, msgs in exc.errors.items():
            messages.error(request, f"{field}: {' '.join(msgs)}")
    url = reverse("rulesubmissions:detail", args=[submission.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _decide(request, pk: int, to: str, form):
    """Approve or return from the review page; refusals are shown there, against their field."""
    submission = _submission(request, pk)
    if form.is_valid():
        try:
            services.submission_transition(actor=request.user, submission=submission, to=to,
                                           **form.cleaned_data)
        except services.RulesError as exc:
            for field, msgs in exc.errors.items():
                text = " ".join(msgs)
                form.add_error(*(field, text) if field in form.fields else (None, f"{field}: {text}"))
        else:
            return redirect("rulesubmissions:detail", pk=submission.pk)
    forms = {"approve_form": form} if to == Status.APPROVED else {"return_form": form}
    return _review_page(request, submission, status=400, **forms)


@require_POST
@ability_required("rulesubmissions.approve")
def submission_approve(request, pk: int):
    return _decide(request, pk, Status.APPROVED, ApproveForm(request.POST))


@require_POST
@ability_required("rulesubmissions.approve")
def submission_return(request, pk: int):
    return _decide(request, pk, Status.RETURNED, ReturnForm(request.POST))


@require_POST
@ability_required("rulesubmissions.draft")
def submission_new_version(request, pk: int):
    base = _submission(request, pk)
    try:
        draft = services.submission_new_version(actor=request.user, property=base.property,
                                                game=base.game)
    except services.RulesError as exc:
        messages.error(request, " ".join(m for msgs in exc.errors.values() for m in msgs))
        return redirect("rulesubmissions:detail", pk=base.pk)
    return redirect("rulesubmissions:edit", pk=draft.pk)


@ability_required("rulesubmissions.approve")
def submission_review(request, pk: int):
    return _review_page(request, _submission(request, pk))


def _review_page(request, submission, *, status=200, approve_form=None, return_form=None):
    base = selectors.in_force(property=submission.property, game=submission.game)
    if base is not None and base.pk == submission.pk:
        base = submission.supersedes
    return render(request, "rulesubmissions/review.html", {
        "submission": submission, "base": base, "terms": _terms_view(submission),
        "floor": services.submission_check(property=submission.property,
                                           terms=submission.terms()).floor,
        "changes": diff_terms(base.terms() if base else None, submission.terms()),
        "approve_form": approve_form or ApproveForm(), "return_form": return_form or ReturnForm(),
        "can_decide": submission.status == Status.SUBMITTED
        and not services.submission_is_own(request.user, submission),
    }, status=status)


@ability_required("rulesubmissions.read")
def submission_print(request, pk: int):
    submission = _submission(request, pk)
    if submission.status != Status.APPROVED:
        raise Http404("only an approved version has a print view")
    return render(request, "rulesubmissions/print.html",
                  {"submission": submission, "terms": _terms_view(submission)})


def _catalog_page(request, form, status=200):
    return render(request, "rulesubmissions/paytables.html", {
        "catalog": sorted(selectors.catalog_for(request.property), key=lambda p: p.id),
        "proposals": selectors.proposed_paytables(user=request.user),
        "form": form,
    }, status=status)


@ability_required("rulesubmissions.read")
def paytable_catalog(request):
    can_propose = can(request.user, "paytables.approve", request.property)
    return _catalog_page(request, PaytableForm() if can_propose else None)


@require_POST
@ability_required("paytables.approve")
def paytable_propose(request):
    form = PaytableForm(request.POST)
    if form.is_valid():
        try:
            services.paytable_propose(actor=request.user, property=request.property,
                                      entry=form.entry())
        except services.RulesError as exc:
            form.add_error(None, " ".join(m for msgs in exc.errors.values() for m in msgs))
    if form.errors:
        return _catalog_page(request, form, status=400)
    messages.success(request, "Paytable proposed; a second compliance officer must approve it.")
    return redirect("rulesubmissions:paytables")


@require_POST
@ability_required("paytables.approve")
def paytable_decide(request, pk: int, decision: str):
    to = services.PAYTABLE_DECISIONS.get(decision)
    if to is None:
        raise Http404(decision)
    paytable = get_object_or_404(selectors.paytable_list(user=request.user), pk=pk)
    try:
        services.paytable_transition(actor=request.user, paytable=paytable, to=to)
    except services.RulesError as exc:
        messages.error(request, " ".join(m for msgs in exc.errors.values() for m in msgs))
    return redirect("rulesubmissions:paytables")
