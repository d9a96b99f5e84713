"""The Par sheet tab of a Rules Submission: start the computation, poll its progress (htmx),
show the results. Thin: the work is in ``rulesubmissions.par``."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from casino.permissions import ability_required
from games.names import words
from rulesubmissions import par, par_jobs
from rulesubmissions.engine import game_spec
from rulesubmissions.par_display import wager_view
from rulesubmissions.selectors import display_catalog
from rulesubmissions.views import _submission


def _context(request, submission) -> dict:
    state = par.par_sheet_state(submission)
    catalog = display_catalog(submission.property)
    spec = game_spec(submission.game)
    lines = []
    for request_, sheet in state["lines"]:
        wager = spec.wager(request_.wager) if spec else None
        line = {"title": wager.name if wager else words(request_.wager), "sheet": sheet,
                "wagers": []}
        if sheet is not None and sheet.result:
            line["wagers"] = [wager_view(w, catalog) for w in sheet.result["wagers"]]
        lines.append(line)
    uncovered = [spec.wager(k).name if spec and spec.wager(k) else words(k)
                 for k in state["uncovered"]]
    return {"submission": submission, "state": state, "lines": lines, "uncovered": uncovered}


@ability_required("rulesubmissions.read")
def par_tab(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/page.html", _context(request, submission))


@ability_required("rulesubmissions.read")
def par_progress(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/_sheet.html", _context(request, submission))


@require_POST
@ability_required("rulesubmissions.read")
def par_run(request, pk: int):
    submission = _submission(request, pk)
    par_jobs.par_sheet_request(submission=submission, user=request.user)
    if request.htmx:
        return render(request, "rulesubmissions/par/_sheet.html", _context(request, submission))
    return redirect("rulesubmissions:par", pk=submission.pk)
