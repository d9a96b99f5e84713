"""Asking for a Rules Submission's par sheets: queue the lines not yet computed and start the
Celery job (issue "Par sheets"). Above both ``rulesubmissions.par`` and the task, so the
dependency runs one way: this module -> ``tasks`` -> ``par`` (issue 18: no import circles)."""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from casino.audit import audit_record
from rulesubmissions import par
from rulesubmissions.engine import game_spec
from rulesubmissions.models import ParSheet, ParSheetStatus, RulesSubmission
from rulesubmissions.selectors import catalog_for
from rulesubmissions.tasks import compute_par_sheets

log = logging.getLogger(__name__)
NOT_STARTED = ("the background workers could not be reached, so the computation did not "
               "start; ask again")


@transaction.atomic
def par_sheet_request(*, submission: RulesSubmission, user) -> list[ParSheet]:
    """Queue every par line of ``submission`` not yet computed (or failed, or left by a
    worker that never finished) and start the Celery job; computed lines are reused."""
    queued = []
    now = timezone.now()
    for request, key in par.keyed_lines(submission):
        sheet, created = ParSheet.objects.select_for_update().get_or_create(key=key, defaults={
            "game": submission.game, "wager": request.wager,
            "paytable": request.paytable or "", "options": request.options})
        stale = sheet.status in par.PENDING and now - sheet.requested_at > par.STALE_AFTER
        if created or sheet.status == ParSheetStatus.FAILED or stale:
            sheet.status, sheet.progress, sheet.error = ParSheetStatus.QUEUED, 0, ""
            sheet.requested_at, sheet.result = now, None
            sheet.save()
            queued.append(sheet)
    if queued:
        audit_record(actor=user, action="rulesubmissions.par_sheet.request", target=submission,
                     after={"par_sheets": _line_names(submission, queued)})
        ids, prop = [s.pk for s in queued], submission.property_id
        transaction.on_commit(lambda: _start(ids, prop))
    return queued


def _start(ids: list[int], property_id: int | None) -> None:
    """Send the job once the lines are saved, trying the broker once (a submit does not wait
    on a broker that is down); if it cannot take the job, the lines fail with the reason, so
    the page offers to ask again instead of a bar that never ends."""
    try:
        with compute_par_sheets.app.connection_for_write() as connection:
            connection.ensure_connection(max_retries=0)
            compute_par_sheets.apply_async(args=[ids, property_id], retry=False,
                                           connection=connection)
    except Exception:  # noqa: BLE001 - any broker failure; the lines say so
        log.warning("broker unavailable: par sheets %s not started", ids)
        ParSheet.objects.filter(pk__in=ids, status=ParSheetStatus.QUEUED).update(
            status=ParSheetStatus.FAILED, error=NOT_STARTED, finished_at=timezone.now())


def par_sheets_on_submit(*, submission_id: int, user) -> None:
    """A submitted version's par sheets, asked for once the submission is saved, so the
    compliance officer's review shows the house edge of the terms to approve (§601a.2). Par
    never stops a submission: anything that goes wrong here is logged, and the review page
    offers to compute the sheets again."""
    try:
        submission = RulesSubmission.objects.get(pk=submission_id)
        par_sheet_request(submission=submission, user=user)
    except Exception:  # noqa: BLE001 - the submission stands whatever happens here
        log.exception("par sheets of submission %s not requested", submission_id)


def _line_names(submission: RulesSubmission, sheets: list[ParSheet]) -> list[str]:
    """Each par line as the audit log shows it to staff: the wager's name and its paytable's
    title ("Bet 3 · Let It Ride paytable, royal flush 1,000 to 1"), never engine keys."""
    spec, cat = game_spec(submission.game), catalog_for(submission.property)
    names = []
    for sheet in sheets:
        wager = spec.wager(sheet.wager) if spec else None
        table = next((p for p in cat if p.game == submission.game
                      and sheet.paytable in (p.id, p.name)), None) if sheet.paytable else None
        name = wager.name if wager else sheet.wager
        names.append(f"{name} · {table.title}" if table else name)
    return names
