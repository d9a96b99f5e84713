"""Celery tasks of Rules Submissions: thin, the work is in ``rulesubmissions.par``."""

from celery import shared_task

from rulesubmissions.par import par_sheet_compute


@shared_task(name="rulesubmissions.tasks.compute_par_sheets", ignore_result=True)
def compute_par_sheets(sheet_ids: list[int], property_id: int | None) -> int:
    """Compute the queued par lines one after the other (issue "Par sheets"). No result is
    kept: the lines' rows are the result, and sending never waits on a result store (a submit
    must not, issue 30)."""
    for sheet_id in sheet_ids:
        par_sheet_compute(sheet_id=sheet_id, property_id=property_id)
    return len(sheet_ids)
