"""Every write to Rules Submissions and catalog paytables, each audited in its transaction.

Workflow (§601a.2; segregation of duties as a compliance officer expects): a table games
manager drafts and submits; a compliance officer who is not the author approves, with an
effective date, or returns it with comments. Approved versions never change: a change is a
new version, copied from the approved one.
"""

import hashlib
import re
from datetime import date
from decimal import Decimal

from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, transaction
from django.utils import timezone

from casino.audit import audit_record
from casino.models import Property
from casino.permissions import require
from games import game_refusal
from games.paytables import entry_errors, known_hands, parse_paytable
from rulesubmissions import par_jobs, selectors
from rulesubmissions.decisions import (  # noqa: F401 (``services.X``: the names callers use)
    EDITABLE,
    TRANSITION_ABILITY,
    TRANSITIONS,
    may_transition,
    refused_transition,
    submission_is_own,
)
from rulesubmissions.engine import game_spec
from rulesubmissions.models import (
    LIVE_PAYTABLE_STATUSES,
    OPEN_STATUSES,
    CatalogPaytable,
    PaytableStatus,
    RulesSubmission,
    Status,
)
from rulesubmissions.terms_merge import merge_terms
from rulesubmissions.validation import Checked, check_terms

PAYTABLE_TRANSITIONS: dict[str, set[str]] = {
    PaytableStatus.PROPOSED: {PaytableStatus.APPROVED, PaytableStatus.REJECTED},
    PaytableStatus.APPROVED: {PaytableStatus.RETIRING},
    PaytableStatus.RETIRING: {PaytableStatus.RETIRED, PaytableStatus.APPROVED},
    PaytableStatus.REJECTED: set(),
    PaytableStatus.RETIRED: set(),
}


class RulesError(Exception):
    """Refused by the rules; ``errors`` maps field paths to messages (a 400)."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))


class StateRefused(RulesError):
    """Refused by the record's state, not by the request (the API's 409): approving an
    approved version, changing a submitted one, opening an open table."""


class StaleVersion(Exception):
    """The version changed since the writer read it (HTTP 412; the editor says so)."""


def submission_etag(submission: RulesSubmission) -> str:
    """Changes with every write to the version: the API's ``ETag``, the editor's hidden field."""
    stamp = f"{submission.pk}:{submission.status}:{submission.updated_at.isoformat()}"
    return hashlib.sha256(stamp.encode()).hexdigest()[:32]


MONEY_TERMS = ("table_minimum", "table_maximum", "payout_limit")
_THOUSANDS = re.compile(r"\d{1,3}(,\d{3})+(\.\d*)?")


def plain_money(value: object) -> object:
    """Money as people type it: "$1,000", "1,000.50" and "1000" all read as 1000; anything
    else is left for the checks to name."""
    if not isinstance(value, str):
        return value
    text = value.strip().removeprefix("$").strip()
    return text.replace(",", "") if _THOUSANDS.fullmatch(text) else text


def plain_terms(terms: object) -> object:
    """``terms`` with every dollar amount (limits, meter amounts) read by ``plain_money``;
    percentages may carry a "%" sign."""
    if not isinstance(terms, dict):
        return terms
    terms = {**terms, **{k: plain_money(terms[k]) for k in MONEY_TERMS if k in terms}}
    if isinstance(terms.get("meters"), dict):
        terms["meters"] = {
            key: {f: (plain_money(v) if f in ("initial", "reset") else
                      v.strip().removesuffix("%").strip() if isinstance(v, str) else v)
                  for f, v in amounts.items()} if isinstance(amounts, dict) else amounts
            for key, amounts in terms["meters"].items()}
    return terms


def submission_check(*, property: Property, terms: object) -> Checked:
    """Validate ``terms`` (amounts as people type them) against the engine and the
    property's catalog."""
    return check_terms(plain_terms(terms), selectors.catalog_for(property))


def _checked_terms(prop: Property, terms: object) -> dict:
    checked = submission_check(property=prop, terms=terms)
    if not checked.ok:
        raise RulesError(checked.errors)
    return checked.terms


def _apply(submission: RulesSubmission, terms: dict) -> None:
    submission.options = terms["options"]
    submission.wagers = terms["wagers"]
    submission.meters = terms["meters"]
    submission.table_minimum = Decimal(terms["table_minimum"])
    submission.table_maximum = Decimal(terms["table_maximum"])
    submission.payout_limit = Decimal(terms["payout_limit"]) if terms["payout_limit"] else None
    submission.updated_at = timezone.now()


def _next_version(prop: Property, game: str) -> int:
    last = (RulesSubmission.objects.select_for_update().filter(property=prop, game=game)
            .order_by("-version").first())
    return last.version + 1 if last else 1


def _refuse_second_open(prop: Property, game: str) -> None:
    open_one = RulesSubmission.objects.filter(property=prop, game=game,
                                              status__in=OPEN_STATUSES).first()
    if open_one is not None:
        raise StateRefused({"game": [f"version {open_one.version} of this game is still "
                                     f"{open_one.get_status_display().lower()}; finish it first"]})


def _save_new(submission: RulesSubmission) -> RulesSubmission:
    try:
        with transaction.atomic():
            submission.save()
    except IntegrityError:
        raise StateRefused({"game": ["another open version of this game was just created"]}) \
            from None
    return submission


@transaction.atomic
def submission_create(*, actor, property: Property, terms: dict) -> RulesSubmission:
    """A new draft (version 1, or the next version) from terms that pass every check."""
    require(actor, "rulesubmissions.draft", property)
    clean = _checked_terms(property, terms)
    _refuse_second_open(property, clean["game"])
    submission = RulesSubmission(property=property, game=clean["game"], author=actor,
                                 version=_next_version(property, clean["game"]),
                                 based_on=selectors.latest_approved(property=property,
                                                                    game=clean["game"]))
    _apply(submission, clean)
    _save_new(submission)
    audit_record(actor=actor, action="rulesubmissions.submission.create", target=submission,
                 after=submission.terms())
    return submission


@transaction.atomic
def submission_new_version(*, actor, property: Property, game: str) -> RulesSubmission:
    """A draft copying the latest approved version: the only way to change approved terms."""
    require(actor, "rulesubmissions.draft", property)
    base = selectors.latest_approved(property=property, game=game)
    if base is None:
        raise StateRefused({"game": ["no approved version to amend; create a new submission"]})
    return submission_create(actor=actor, property=property, terms=base.terms())


def submission_check_if_match(submission: RulesSubmission, if_match: str | None) -> None:
    """``StaleVersion`` unless ``if_match`` (None: no check) is the version's ETag now."""
    if if_match is not None and if_match != submission_etag(submission):
        raise StaleVersion(f"Version {submission.version} was changed by someone else at "
                           f"{timezone.localtime(submission.updated_at):%Y-%m-%d %H:%M:%S} "
                           "since you read it; your change was not saved.")


@transaction.atomic
def submission_update(*, actor, submission: RulesSubmission, terms: dict, partial: bool = False,
                      if_match: str | None = None) -> RulesSubmission:
    """Replace a draft's (or returned version's) terms; the game cannot change. ``partial``
    changes only the given terms, merged with the stored ones under the row lock (two
    concurrent changes both survive); ``if_match`` refuses the write if the version changed
    since the writer read it (``submission_etag``)."""
    submission = RulesSubmission.objects.select_for_update().get(pk=submission.pk)
    require(actor, "rulesubmissions.draft", submission.property)
    submission_check_if_match(submission, if_match)
    if partial and isinstance(terms, dict):
        terms = merge_terms(submission.terms(), terms)  # maps key by key (``terms_merge``)
    if submission.status not in EDITABLE:
        raise StateRefused({"status": [
            f"Version {submission.version} is {submission.get_status_display().lower()}: only "
            "a draft or a returned version can be changed; create a new version"]})
    if isinstance(terms, dict) and terms.get("game", submission.game) != submission.game:
        raise RulesError({"game": ["the game of a submission cannot change"]})
    clean = _checked_terms(submission.property, {**terms, "game": submission.game})
    before = submission.terms()
    _apply(submission, clean)
    submission.save()
    audit_record(actor=actor, action="rulesubmissions.submission.update", target=submission,
                 before=before, after=submission.terms())
    return submission


def paytable_is_own(user, paytable: CatalogPaytable) -> bool:
    """A second compliance officer, never the proposer, decides on a paytable."""
    return user.pk == paytable.proposed_by_id


def _verify_transition(actor, submission: RulesSubmission, to: str, comment: str,
                       effective_date: date | None) -> None:
    decision = may_transition(actor, submission, to)  # the pages' rule (``decisions``)
    if decision.by == "state":
        raise StateRefused({decision.field: [decision.reason]})
    if not decision:  # the role, or the version's own author or submitter: a 403
        raise PermissionDenied(decision.reason)
    if to == Status.RETURNED and not comment.strip():
        raise RulesError({"comment": ["say what must change"]})
    if to == Status.APPROVED and (effective_date is None
                                  or effective_date < timezone.localdate()):
        raise RulesError({"effective_date": ["an effective date, today or later"]})


@transaction.atomic
def submission_transition(*, actor, submission: RulesSubmission, to: str, comment: str = "",
                          effective_date: date | None = None) -> RulesSubmission:
    """Submit, approve or return, as ``TRANSITIONS`` allows; refuses anything else."""
    submission = RulesSubmission.objects.select_for_update().get(pk=submission.pk)
    _verify_transition(actor, submission, to, comment, effective_date)
    if to in (Status.SUBMITTED, Status.APPROVED):
        _checked_terms(submission.property, submission.terms())  # rules may have changed
    before = {"status": submission.status}
    now = timezone.now()
    if to == Status.SUBMITTED:
        submission.submitted_by, submission.submitted_at = actor, now
        # Its par sheets, for the review: asked for after the commit, never stopping it.
        transaction.on_commit(lambda: par_jobs.par_sheets_on_submit(
            submission_id=submission.pk, user=actor))
    else:
        submission.reviewed_by, submission.reviewed_at = actor, now
        submission.review_comment = comment.strip()
    if to == Status.APPROVED:
        submission.effective_date = effective_date
        submission.supersedes = selectors.latest_approved(property=submission.property,
                                                          game=submission.game)
    submission.status = to
    submission.updated_at = now  # the lists' "Updated" column and the ETag follow every step
    submission.save()
    audit_record(actor=actor, action=f"rulesubmissions.submission.{_VERBS[to]}",
                 target=submission, before=before,
                 after={"status": to, "comment": submission.review_comment,
                        "effective_date": submission.effective_date})
    return submission


# Each transition's verb: the API's action route and the audit action code.
SUBMISSION_ACTIONS = {"submit": Status.SUBMITTED, "approve": Status.APPROVED,
                      "return": Status.RETURNED}
_VERBS = {to: verb for verb, to in SUBMISSION_ACTIONS.items()}


def _engine_errors(entry: dict) -> dict[str, list[str]]:
    """The engine settles only its games' wagers and paytable options, pays only the hands its
    rankings name, and pays a share of a progressive meter only on a wager that has one
    (§605a.7(a))."""
    game, wager = entry.get("game"), entry.get("wager")
    spec = game_spec(game)
    if spec is None:
        return {"entry.game": [game_refusal(game)]}
    chooser = spec.paytable_chooser(str(wager))
    if chooser is None:
        return {"entry.wager": [f"{spec.name} has no wager or paytable option {wager!r} "
                                f"({spec.rule})"]}
    errors = {f"entry.{k}": v for k, v in entry_errors(entry, known_hands(spec.key, wager)).items()}
    rows = entry.get("rows") if isinstance(entry.get("rows"), list) else []
    if not spec.meters_for(wager):
        for i, row in enumerate(rows):
            if isinstance(row, dict) and "meter_percent" in row:
                errors.setdefault(f"entry.rows[{i}].meter_percent", []).append(
                    f"{chooser.name} has no progressive meter, so no row may pay a percentage "
                    f"of one ({chooser.rule}; §605a.7(a))")
    return errors


def _with_title(entry: dict) -> dict:
    """A proposal names itself as people read it; without a title, "<wager> paytable <name>"."""
    spec = game_spec(entry.get("game"))
    chooser = spec.paytable_chooser(str(entry.get("wager"))) if spec else None
    if entry.get("title") or chooser is None or not isinstance(entry.get("name"), str):
        return entry
    base = chooser.name.removesuffix(" paytable").removesuffix(" Wager")
    return {**entry, "title": f"{base} paytable {entry['name']}"}


MIN_TITLE = 3


def _parse_entry(prop: Property, entry: object):
    if not isinstance(entry, dict):
        raise RulesError({"entry": ["a catalog entry (an object)"]})
    entry = _with_title(entry)
    errors = _engine_errors(entry)
    title = entry.get("title")
    if isinstance(title, str) and len(title.strip()) < MIN_TITLE:
        errors.setdefault("entry.title", []).append(
            f"at least {MIN_TITLE} characters, as posted (e.g. 'Pair Plus paytable F')")
    if errors:
        raise RulesError(errors)
    table = parse_paytable(entry)
    if selectors.catalog_for(prop).get(table.id) is not None or CatalogPaytable.objects.filter(
            property=prop, paytable_id=table.id,
            status__in=(PaytableStatus.PROPOSED, *LIVE_PAYTABLE_STATUSES)).exists():
        raise RulesError({"entry.name": [f"{table.title} ({table.id}) is already in the "
                                         "catalog or proposed: choose another name"]})
    return table, entry


@transaction.atomic
def paytable_propose(*, actor, property: Property, entry: dict) -> CatalogPaytable:
    """A compliance officer enters a paytable from a newer regulation; not usable yet."""
    require(actor, "paytables.approve", property)
    table, entry = _parse_entry(property, entry)
    paytable = CatalogPaytable.objects.create(
        property=property, paytable_id=table.id, game=table.game, wager=table.wager,
        entry=entry, proposed_by=actor)
    audit_record(actor=actor, action="rulesubmissions.paytable.propose", target=paytable,
                 after=entry)
    return paytable


# Each decision's verb: the page's and the API's route and the audit action code.
PAYTABLE_DECISIONS = {"approve": PaytableStatus.APPROVED, "reject": PaytableStatus.REJECTED}
_PAYTABLE_VERBS = {to: verb for verb, to in PAYTABLE_DECISIONS.items()}


@transaction.atomic
def paytable_transition(*, actor, paytable: CatalogPaytable, to: str) -> CatalogPaytable:
    """A second compliance officer approves (or rejects) a proposed paytable."""
    paytable = CatalogPaytable.objects.select_for_update().get(pk=paytable.pk)
    if paytable.status != PaytableStatus.PROPOSED or to not in PAYTABLE_TRANSITIONS[
            paytable.status]:
        raise StateRefused({"status": [f"{paytable.paytable_id} is "
                                       f"{paytable.get_status_display().lower()}, no longer a "
                                       "proposal"]})
    require(actor, "paytables.approve", paytable.property)
    if paytable_is_own(actor, paytable):
        raise PermissionDenied("a second compliance officer must decide on a paytable")
    if to == PaytableStatus.APPROVED and (why := selectors.unpayable_because(paytable.entry)):
        raise StateRefused({"entry": [f"{paytable.paytable_id} cannot be paid under today's "
                                      f"checks: {why}; reject it and propose it again"]})
    before = {"status": paytable.status}
    paytable.status, paytable.decided_by, paytable.decided_at = to, actor, timezone.now()
    paytable.save()
    audit_record(actor=actor, action=f"rulesubmissions.paytable.{_PAYTABLE_VERBS[to]}",
                 target=paytable, before=before, after={"status": to})
    return paytable


def _paytable_for_decision(actor, paytable: CatalogPaytable, to: str) -> CatalogPaytable:
    paytable = CatalogPaytable.objects.select_for_update().get(pk=paytable.pk)
    if to not in PAYTABLE_TRANSITIONS[paytable.status]:
        raise StateRefused({"status": [f"{paytable.paytable_id} is "
                                       f"{paytable.get_status_display().lower()}: it cannot be "
                                       f"{PaytableStatus(to).label.lower()} now"]})
    require(actor, "paytables.approve", paytable.property)
    return paytable


@transaction.atomic
def paytable_request_retirement(*, actor, paytable: CatalogPaytable,
                                reason: str) -> CatalogPaytable:
    """A compliance officer asks to retire an approved catalog paytable that no approved
    version in force or scheduled selects; a second officer confirms (§601a.2: what a Rules
    Submission may select changes only with compliance's approval)."""
    paytable = _paytable_for_decision(actor, paytable, PaytableStatus.RETIRING)
    if not reason.strip():
        raise RulesError({"reason": ["say why it is retired"]})
    users = selectors.submissions_using(paytable)
    if users:
        named = ", ".join(f"version {s.version}" for s in users)
        raise StateRefused({"status": [f"{named} of this game selects it: approve a version "
                                       "without it first"]})
    before = {"status": paytable.status}
    paytable.status = PaytableStatus.RETIRING
    paytable.retire_requested_by, paytable.retire_requested_at = actor, timezone.now()
    paytable.retire_reason = reason.strip()
    paytable.save()
    audit_record(actor=actor, action="rulesubmissions.paytable.request_retirement",
                 target=paytable, before=before,
                 after={"status": paytable.status, "reason": paytable.retire_reason})
    return paytable


# The second officer's answer to a retirement request: retire it, or keep it approved.
RETIREMENT_DECISIONS = {"retire": PaytableStatus.RETIRED, "keep": PaytableStatus.APPROVED}


@transaction.atomic
def paytable_decide_retirement(*, actor, paytable: CatalogPaytable, to: str) -> CatalogPaytable:
    """A second compliance officer, not the one who asked, retires the paytable or keeps it."""
    paytable = _paytable_for_decision(actor, paytable, to)
    if actor.pk == paytable.retire_requested_by_id:
        raise PermissionDenied("a second compliance officer must confirm a retirement")
    if to == PaytableStatus.RETIRED and (users := selectors.submissions_using(paytable)):
        raise StateRefused({"status": [f"version {users[0].version} of this game now selects "
                                       "it; it cannot be retired"]})
    before = {"status": paytable.status}
    paytable.status = to
    if to == PaytableStatus.RETIRED:
        paytable.retired_by, paytable.retired_at = actor, timezone.now()
    verb = {v: k for k, v in RETIREMENT_DECISIONS.items()}[to]
    paytable.save()
    audit_record(actor=actor, action=f"rulesubmissions.paytable.{verb}", target=paytable,
                 before=before, after={"status": to})
    return paytable


# Every decision on a catalog paytable, by its route: approve or reject a proposal; ask to
# retire an approved one; retire it or keep it (a second officer).
PAYTABLE_ACTIONS = (*PAYTABLE_DECISIONS, "request-retirement", *RETIREMENT_DECISIONS)


def paytable_decide(*, actor, paytable: CatalogPaytable, decision: str,
                    reason: str = "") -> CatalogPaytable:
    """One of ``PAYTABLE_ACTIONS``, for the page and the API alike."""
    if decision in PAYTABLE_DECISIONS:
        return paytable_transition(actor=actor, paytable=paytable,
                                   to=PAYTABLE_DECISIONS[decision])
    if decision == "request-retirement":
        return paytable_request_retirement(actor=actor, paytable=paytable, reason=reason)
    return paytable_decide_retirement(actor=actor, paytable=paytable,
                                      to=RETIREMENT_DECISIONS[decision])
