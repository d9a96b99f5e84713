"""Pages for Rules Submissions: thin views over the services, htmx for the live parts."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from casino.formats import person
from casino.permissions import ability_required, can, require
from rulesubmissions import decisions, selectors, services
from rulesubmissions.diff import diff_terms
from rulesubmissions.engine import game_spec
from rulesubmissions.forms import (
    ApproveForm,
    CatalogFilterForm,
    Editor,
    PaytableForm,
    ReturnForm,
    SubmissionFilterForm,
    catalog_groups,
    game_choices,
    game_wagers,
    terms_from_post,
)
from rulesubmissions.models import Status
from rulesubmissions.par_display import par_sheet_context
from rulesubmissions.templatetags.rulesubmissions_tags import game_name

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
    return render(request, template, {
        "form": form, "page": page, "standings": selectors.standings(list(page)),
        "upcoming": selectors.upcoming_changes(user=request.user, property=request.property),
        "upcoming_days": selectors.UPCOMING_DAYS,
    })


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
        "etag": services.submission_etag(submission) if submission else "",
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
        "standing": selectors.standing(submission),
        "history": selectors.review_history(submission),
        "can_edit": submission.status in services.EDITABLE
        and can(request.user, "rulesubmissions.draft", prop),
        "review": decisions.may_approve(request.user, submission),
        "can_amend": submission.status == Status.APPROVED
        and can(request.user, "rulesubmissions.draft", prop),
    })


def _terms_view(submission):
    spec = game_spec(submission.game)
    if spec is None:
        return None
    return Editor(spec, selectors.display_catalog(submission.property), submission.terms())


def _refused(request, submission, message: str):
    """The real reason an action cannot be taken now, on the version's page (not a 403)."""
    messages.error(request, message)
    url = reverse("rulesubmissions:detail", args=[submission.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _confirm(request, submission, *, action: str, heading: str, consequences: list[str],
             button: str, fields: dict | None = None, back: str = ""):
    """What will happen, before it happens: the decision is posted again with ``confirm``."""
    return render(request, "rulesubmissions/confirm.html", {
        "submission": submission, "action": action, "heading": heading,
        "consequences": consequences, "button": button, "fields": fields or {},
        "back": back or reverse("rulesubmissions:detail", args=[submission.pk]),
    })


def _confirmed(request) -> bool:
    return request.POST.get("confirm") == "yes"


@ability_required("rulesubmissions.draft")
def submission_edit(request, pk: int):
    submission = _submission(request, pk)
    require(request.user, "rulesubmissions.draft", submission.property)
    if submission.status not in services.EDITABLE:
        return _refused(request, submission, (
            f"Version {submission.version} is {submission.get_status_display().lower()}: "
            "only a draft or a returned version can be changed"
            + ("; use Amend to start a new version." if submission.status == Status.APPROVED
               else ".")))
    spec = game_spec(submission.game)
    if request.method == "POST" and spec is not None:
        terms = terms_from_post(spec, request.POST)
        try:
            services.submission_update(actor=request.user, submission=submission, terms=terms,
                                       if_match=request.POST.get("etag") or None)
        except services.StaleVersion as exc:
            # Someone saved meanwhile: nothing is overwritten. The form keeps this person's
            # changes with the current version's tag, so saving again is a deliberate choice.
            messages.error(request, f"{exc} Check the saved version, then save again to "
                                    "replace it with what is below.")
            submission.refresh_from_db()
            return _editor_page(request, submission, submission.game, terms, status=409)
        except services.RulesError as exc:
            return _editor_page(request, submission, submission.game, terms, exc.errors, 400)
        messages.success(request, "Saved.")
        return redirect("rulesubmissions:detail", pk=submission.pk)
    return _editor_page(request, submission, submission.game, submission.terms())


@require_POST
@ability_required("rulesubmissions.draft")
def submission_submit(request, pk: int):
    submission = _submission(request, pk)
    if submission.status not in services.EDITABLE:
        return _refused(request, submission, services.refused_transition(submission,
                                                                          Status.SUBMITTED))
    if not _confirmed(request):
        return _confirm(request, submission, action="submit", button="Submit for approval",
                        heading=f"Submit version {submission.version} for approval?",
                        consequences=[
                            "A compliance officer who did not write or submit it will review "
                            "it against the version in force.",
                            "It cannot be changed while it waits; if it is returned, you can "
                            "change it and submit it again."])
    try:
        services.submission_transition(actor=request.user, submission=submission,
                                       to=Status.SUBMITTED)
    except services.RulesError as exc:
        for msgs in exc.errors.values():
            messages.error(request, " ".join(msgs))
    else:
        messages.success(request, f"Version {submission.version} submitted: it is in the "
                                  "compliance queue.")
    url = reverse("rulesubmissions:detail", args=[submission.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _approve_consequences(submission, effective) -> list[str]:
    today = timezone.localdate()
    current = selectors.in_force(property=submission.property, game=submission.game)
    if effective <= today:
        first = f"Version {submission.version} will be in force from {effective:%Y-%m-%d} (today)."
        then = (f"Version {current.version} will be superseded today." if current
                else "It is the first version of this game in force.")
    else:
        first = (f"Version {submission.version} will be scheduled: in force from "
                 f"{effective:%Y-%m-%d}, not before.")
        then = (f"Version {current.version} stays in force until then." if current
                else "No version of this game is in force until then.")
    return [first, then, "Approved versions never change: a later change is a new version."]


def _decide(request, pk: int, to: str, form):
    """Approve or return from the review page, after a confirmation saying what will happen;
    refusals are shown there, against their field, with their real reason."""
    submission = _submission(request, pk)
    decision = decisions.may_transition(request.user, submission, to)  # the service's rule
    if not decision:
        return _refused(request, submission, decision.reason)
    if form.is_valid() and not _confirmed(request):
        return _confirm_decision(request, submission, to, form)
    if form.is_valid():
        try:
            services.submission_transition(actor=request.user, submission=submission, to=to,
                                           **form.cleaned_data)
        except services.RulesError as exc:
            for field, msgs in exc.errors.items():
                text = " ".join(msgs)
                form.add_error(*(field, text) if field in form.fields else (None, text))
        else:
            messages.success(request, _decided(submission, to, form.cleaned_data))
            return redirect("rulesubmissions:detail", pk=submission.pk)
    forms = {"approve_form": form} if to == Status.APPROVED else {"return_form": form}
    return _review_page(request, submission, status=400, **forms)


def _confirm_decision(request, submission, to, form):
    back = reverse("rulesubmissions:review", args=[submission.pk])
    if to == Status.APPROVED:
        effective = form.cleaned_data["effective_date"]
        return _confirm(request, submission, action="approve", button="Approve", back=back,
                        heading=f"Approve version {submission.version}?",
                        consequences=_approve_consequences(submission, effective),
                        fields={"effective_date": effective.isoformat()})
    comment = form.cleaned_data["comment"]
    return _confirm(request, submission, action="return", button="Return", back=back,
                    heading=f"Return version {submission.version} with your comment?",
                    consequences=[f"It goes back to {person(submission.author)} to "
                                  "change and submit again.", f"Your comment: {comment}"],
                    fields={"comment": comment})


def _decided(submission, to, data) -> str:
    if to == Status.RETURNED:
        return f"Version {submission.version} returned to {person(submission.author)}."
    effective = data["effective_date"]
    if effective > timezone.localdate():
        return (f"Version {submission.version} approved: scheduled, in force from "
                f"{effective:%Y-%m-%d}.")
    return f"Version {submission.version} approved: in force from {effective:%Y-%m-%d}."


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
    if not _confirmed(request):
        return _confirm(request, base, action="new-version", button="Start a new version",
                        heading=f"Amend {game_name(base.game)}: start a new version?",
                        consequences=[
                            "A new draft is made, copying the latest approved version of "
                            "this game, for you to change.",
                            "The version in force stays in force until the new one is "
                            "approved and its effective date comes."])
    try:
        draft = services.submission_new_version(actor=request.user, property=base.property,
                                                game=base.game)
    except services.RulesError as exc:
        messages.error(request, " ".join(m for msgs in exc.errors.values() for m in msgs))
        return redirect("rulesubmissions:detail", pk=base.pk)
    messages.success(request, f"Draft version {draft.version} made from the approved version; "
                              "change it and submit it for approval.")
    return redirect("rulesubmissions:edit", pk=draft.pk)


@ability_required("rulesubmissions.approve")
def submission_review(request, pk: int):
    return _review_page(request, _submission(request, pk))


def _review_page(request, submission, *, status=200, approve_form=None, return_form=None):
    base = selectors.review_base(submission)
    return render(request, "rulesubmissions/review.html", {
        "submission": submission, "base": base, "terms": _terms_view(submission),
        "floor": services.submission_check(property=submission.property,
                                           terms=submission.terms()).floor,
        "changes": diff_terms(base.terms() if base else None, submission.terms(),
                              selectors.display_catalog(submission.property)),
        "history": selectors.review_history(submission),
        "approve_form": approve_form or ApproveForm(), "return_form": return_form or ReturnForm(),
        "decide": decisions.may_approve(request.user, submission),
        "par": par_sheet_context(submission),  # computed on submit (par_jobs)
    }, status=status)


@ability_required("rulesubmissions.read")
def submission_print(request, pk: int):
    submission = _submission(request, pk)
    if submission.status != Status.APPROVED:
        raise Http404("only an approved version has a print view")
    return render(request, "rulesubmissions/print.html", {
        "submission": submission, "terms": _terms_view(submission),
        "standing": selectors.standing(submission), "standing_day": timezone.localdate()})


def _catalog_page(request, form, status=200, retire_errors=None):
    filters = CatalogFilterForm(request.GET or None)
    wanted = filters.cleaned_data if filters.is_valid() else {}
    catalog = selectors.catalog_for(request.property)
    return render(request, "rulesubmissions/paytables.html", {
        "groups": catalog_groups(catalog, game=wanted.get("game", ""),
                                 text=wanted.get("q", "")),
        "filters": filters, "filtered": bool(wanted.get("game") or wanted.get("q")),
        "count": len(catalog),
        "proposals": selectors.proposed_paytables(user=request.user),
        "live": selectors.live_paytables(user=request.user).filter(property=request.property),
        "unreadable": selectors.unreadable_paytables(request.property),
        "form": form, "retire_errors": retire_errors or {},
    }, status=status)


@ability_required("rulesubmissions.read")
def paytable_catalog(request):
    can_propose = can(request.user, "paytables.approve", request.property)
    if request.htmx and request.GET.get("wagers"):
        spec = game_spec(request.GET.get("game", ""))
        return render(request, "rulesubmissions/_wager_options.html",
                      {"wagers": game_wagers(spec) if spec else []})
    if request.htmx and request.GET.get("filter"):
        filters = CatalogFilterForm(request.GET)
        wanted = filters.cleaned_data if filters.is_valid() else {}
        return render(request, "rulesubmissions/_catalog_groups.html", {
            "groups": catalog_groups(selectors.catalog_for(request.property),
                                     game=wanted.get("game", ""), text=wanted.get("q", "")),
            "filtered": True})
    return _catalog_page(request, PaytableForm() if can_propose else None)


@require_POST
@ability_required("paytables.approve")
def paytable_propose(request):
    form = PaytableForm(request.POST)
    if form.is_valid():
        try:
            proposed = services.paytable_propose(actor=request.user, property=request.property,
                                                 entry=form.entry())
        except services.RulesError as exc:
            form.add_entry_errors(exc.errors)
    if form.errors:
        return _catalog_page(request, form, status=400)
    messages.success(request, f"{proposed.entry.get('title', proposed.paytable_id)} proposed: "
                              "a second compliance officer must approve it before any Rules "
                              "Submission can select it.")
    return redirect("rulesubmissions:paytables")


@require_POST
@ability_required("paytables.approve")
def paytable_decide(request, pk: int, decision: str):
    paytable = get_object_or_404(selectors.paytable_list(user=request.user), pk=pk)
    title = paytable.entry.get("title") or paytable.paytable_id
    if decision not in services.PAYTABLE_ACTIONS:
        raise Http404(decision)
    try:
        services.paytable_decide(actor=request.user, paytable=paytable, decision=decision,
                                 reason=request.POST.get("reason", ""))
    except services.RulesError as exc:
        messages.error(request, f"{title}: " + " ".join(m for msgs in exc.errors.values()
                                                         for m in msgs))
    except PermissionDenied as exc:
        messages.error(request, f"{title}: {exc}.")
    else:
        messages.success(request, f"{title}: {DECIDED[decision]}")
    return redirect("rulesubmissions:paytables")


DECIDED = {
    "approve": "approved; Rules Submissions of this property may now select it.",
    "reject": "rejected.",
    "request-retirement": "retirement requested; a second compliance officer must confirm it.",
    "retire": "retired; no Rules Submission can select it any more.",
    "keep": "kept in the catalog.",
}
