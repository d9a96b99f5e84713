"""The Par sheet tab of a Rules Submission: start the computation, poll its progress (htmx),
show the results. Thin: the work is in ``rulesubmissions.par``, the words in ``par_display``."""

from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from casino.permissions import ability_required
from rulesubmissions import par_jobs
from rulesubmissions.par_display import par_sheet_context
from rulesubmissions.views import _submission


@ability_required("rulesubmissions.read")
def par_tab(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/page.html", par_sheet_context(submission))


@ability_required("rulesubmissions.read")
def par_progress(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/_sheet.html", par_sheet_context(submission))


@require_POST
@ability_required("rulesubmissions.read")
def par_run(request, pk: int):
    submission = _submission(request, pk)
    par_jobs.par_sheet_request(submission=submission, user=request.user)
    if request.htmx:
        return render(request, "rulesubmissions/par/_sheet.html", par_sheet_context(submission))
    return redirect("rulesubmissions:par", pk=submission.pk)
