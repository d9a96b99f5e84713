"""Par sheets of a Rules Submission: which wager and paytable pairs it selects, the cache of
computed sheets (one per paytable and options), the computation of one line (run by the Celery
task) and the state the tab shows (issue "Par sheets"). The figures come from the engine
(``games.par``); queueing the job is ``rulesubmissions.par_jobs``, above the task, so this
module never imports the task that imports it."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from games.par import VERSION, ParError, par_sheet
from games.paytables import Catalog, using
from games.spec import GameSpec, ParLine
from rulesubmissions.engine import game_spec
from rulesubmissions.models import ParSheet, ParSheetStatus, RulesSubmission
from rulesubmissions.selectors import catalog_for

log = logging.getLogger(__name__)
PENDING = (ParSheetStatus.QUEUED, ParSheetStatus.RUNNING)
STALE_AFTER = timedelta(minutes=30)  # a job no worker finished: asked for again


@dataclass(frozen=True)
class ParRequest:
    """One line of a submission's par sheet: a wager at a paytable, with options."""

    wager: str
    paytable: str | None
    options: dict


def _chosen(submission: RulesSubmission, key: str) -> str | None:
    return (submission.wagers or {}).get(key) or (submission.options or {}).get(key) or None


def par_requests(submission: RulesSubmission) -> tuple[list[ParRequest], list[str]]:
    """The par lines a submission's terms call for, and the offered wagers no par sheet
    covers yet. Which wagers a game's sheet covers, on which line and at which paytable, is
    the game's own declaration (``SPEC.par``, games.spec.ParSpec)."""
    spec, options = game_spec(submission.game), submission.options or {}
    par = spec.par if spec is not None else None
    if par is None:
        return [], list(submission.wagers or {})
    base = {k: str(options[k]).lower() if isinstance(options[k], bool) else str(options[k])
            for k in par.options if options.get(k) not in (None, "")}
    meters = submission.meters or {}
    requests, uncovered = [], []
    for key in submission.wagers or {}:
        if key in par.included:
            continue
        line = par.lines.get(key)
        if line is None:
            uncovered.append(key)
            continue
        requests.append(_request(submission, spec, key, line, base, meters))
    requests += [ParRequest(k, None, base) for k in par.reference]
    return requests, uncovered


def _request(submission: RulesSubmission, spec: GameSpec, key: str, line: ParLine, base: dict,
             meters: dict) -> ParRequest:
    """The par line of offered wager ``key``: its meter's initial amount, the line's own
    options, and its paytable (an option's, or the wager's chosen one)."""
    options = submission.options or {}
    opts = dict(base)
    wager = spec.wager(key)
    meter = (meters.get(wager.meter) or {}).get("initial") if wager and wager.meter else None
    if meter:
        opts["meter"] = str(meter)
    if line.options is not None:
        opts.update(line.options(options, meters))
    if line.paytable_option:
        paytable = (options.get(line.paytable_option) or line.paytable_default
                    or _chosen(submission, key))
    else:
        paytable = _chosen(submission, key)
    return ParRequest(line.wager or key, paytable, opts)


def _key(game: str, request: ParRequest, cat: Catalog) -> str:
    """Same engine version, game, wager, options and paytable rows: the same figures, whatever
    the ids."""
    rows = [p.as_dict()["rows"] for p in cat
            if p.game == game and request.paytable in (p.id, p.name)]
    text = json.dumps([VERSION, game, request.wager, request.paytable, rows, request.options],
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def keyed_lines(submission: RulesSubmission) -> list[tuple[ParRequest, str]]:
    """Each par line of the submission with its cache key."""
    cat = catalog_for(submission.property)
    requests, _ = par_requests(submission)
    return [(r, _key(submission.game, r, cat)) for r in requests]


def par_sheet_compute(*, sheet_id: int, property_id: int | None) -> None:
    """Compute one queued par line in the worker, saving its progress as it goes."""
    from casino.models import Property

    sheet = ParSheet.objects.filter(pk=sheet_id).first()
    if sheet is None or sheet.status == ParSheetStatus.DONE:  # gone meanwhile, or done
        return
    ParSheet.objects.filter(pk=sheet_id).update(status=ParSheetStatus.RUNNING, progress=0)
    saved = [0.0]

    def progress(fraction: float) -> None:
        if fraction - saved[0] >= 0.05:
            saved[0] = fraction
            ParSheet.objects.filter(pk=sheet_id).update(progress=min(fraction, 0.99))

    prop = Property.objects.filter(pk=property_id).first() if property_id else None
    try:
        with using(catalog_for(prop)):
            result = par_sheet(sheet.game, wager=sheet.wager, paytable=sheet.paytable or None,
                               options=sheet.options, progress=progress)
    except ParError as e:
        _failed(sheet_id, "; ".join(" ".join(m) for m in e.errors.values()))
        return
    except Exception:
        # The page must not show a bar that never ends: the line fails and can be asked again.
        log.exception("par sheet %s failed", sheet_id)
        _failed(sheet_id, "an internal error stopped the computation; ask again or tell IT")
        raise
    ParSheet.objects.filter(pk=sheet_id).update(
        status=ParSheetStatus.DONE, progress=1, result=result, finished_at=timezone.now())


def _failed(sheet_id: int, error: str) -> None:
    ParSheet.objects.filter(pk=sheet_id).update(status=ParSheetStatus.FAILED, error=error,
                                                finished_at=timezone.now())


def par_sheet_state(submission: RulesSubmission) -> dict:
    """What the Par sheet tab shows: each line's cached sheet (or None), the uncovered wagers,
    and the job's progress while any line is pending."""
    _, uncovered = par_requests(submission)
    pairs = keyed_lines(submission)
    found = {s.key: s for s in ParSheet.objects.filter(key__in=[k for _, k in pairs])}
    lines = [(r, found.get(k)) for r, k in pairs]
    sheets = [s for _, s in lines if s is not None]
    pending = [s for s in sheets if s.status in PENDING]
    missing = [r for r, s in lines if s is None or s.status == ParSheetStatus.FAILED]
    progress = sum(1.0 if s.status == ParSheetStatus.DONE else s.progress for s in sheets)
    return {
        "lines": lines, "uncovered": uncovered, "pending": bool(pending),
        "missing": bool(missing),
        "progress": round(100 * progress / len(lines)) if lines else 100,
    }
