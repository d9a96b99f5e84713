"""Who may submit, approve or return a Rules Submission version, now: the one place the rule
is written (issue 31). The review page shows the decision form or the reason, the pages and
the API refuse with it, and ``services.submission_transition`` enforces it on the version it
locked. A table games manager drafts and submits; a compliance officer who neither wrote nor
submitted the version approves or returns it (segregation of duties, as a compliance officer
expects: no section requires it).
"""

from __future__ import annotations

from casino.decisions import ALLOWED, Decision, ability, person_refused, state_refused
from casino.formats import person
from rulesubmissions.models import RulesSubmission, Status

TRANSITIONS: dict[str, set[str]] = {
    Status.DRAFT: {Status.SUBMITTED},
    Status.RETURNED: {Status.SUBMITTED},
    Status.SUBMITTED: {Status.APPROVED, Status.RETURNED},
    Status.APPROVED: set(),
}
EDITABLE = {Status.DRAFT, Status.RETURNED}

# The ability each transition needs; approving and returning is never the author's.
TRANSITION_ABILITY = {
    Status.SUBMITTED: "rulesubmissions.draft",
    Status.APPROVED: "rulesubmissions.approve",
    Status.RETURNED: "rulesubmissions.approve",
}
_ROLE = {Status.SUBMITTED: "Your role does not submit Rules Submissions.",
         Status.APPROVED: "Your role does not approve Rules Submissions.",
         Status.RETURNED: "Your role does not return Rules Submissions."}

# What each transition needs the version to be, in words (the real reason for a refusal).
_NEEDS = {
    Status.SUBMITTED: "only a draft or a returned version can be submitted",
    Status.APPROVED: "only a submitted version can be approved",
    Status.RETURNED: "only a submitted version can be returned",
}


def submission_is_own(user, submission: RulesSubmission) -> bool:
    """Whoever wrote or submitted a version never approves or returns it."""
    return user.pk in (submission.author_id, submission.submitted_by_id)


def refused_transition(submission: RulesSubmission, to: str) -> str:
    return (f"Version {submission.version} is {submission.get_status_display().lower()}: "
            f"{_NEEDS[to]}")


def _own_reason(user, submission: RulesSubmission) -> str:
    did = ("wrote and submitted" if user.pk == submission.author_id == submission.submitted_by_id
           else "wrote" if user.pk == submission.author_id else "submitted")
    return (f"{person(user)} {did} version {submission.version}: another compliance officer "
            f"must review it.")


def may_transition(user, submission: RulesSubmission, to: str) -> Decision:
    """The role first, then the version's state, then the person (the service's order)."""
    role = ability(user, TRANSITION_ABILITY[to], submission.property, _ROLE[to])
    if not role:
        return role
    if to not in TRANSITIONS.get(submission.status, set()):
        return state_refused("status", refused_transition(submission, to),
                             shown=submission.status != Status.APPROVED)
    if to in (Status.APPROVED, Status.RETURNED) and submission_is_own(user, submission):
        return person_refused("reviewed_by", _own_reason(user, submission))
    return ALLOWED


def may_approve(user, submission: RulesSubmission) -> Decision:
    return may_transition(user, submission, Status.APPROVED)
