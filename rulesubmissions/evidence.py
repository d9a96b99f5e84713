"""Approved Rules Submission versions against their audit events (issue 28; registered with
``casino.registry.record_check``): an approved version's terms never change (§601a.2: a change
is a new version), so its terms must be those its last draft event recorded (``terms()``), and
its status and effective date those of its approval.
"""

from __future__ import annotations

from casino import record_checks as rc
from rulesubmissions.models import RulesSubmission, Status
from rulesubmissions.selectors import submission_name

TERMS = (("game", "game", False), ("options", "options", False), ("wagers", "wagers", False),
         ("meters", "meters", False), ("table_minimum", "table minimum", True),
         ("table_maximum", "table maximum", True), ("payout_limit", "payout limit", True))
APPROVAL = (("status", "status", dict(Status.choices)),
            ("effective_date", "effective date", False))


def check_submissions(scope: rc.Scope):
    versions = RulesSubmission.objects.filter(property_id=scope.property_id,
                                              status=Status.APPROVED)
    touched = rc.touched(scope, RulesSubmission)
    if touched is not None:
        versions = (versions.filter(pk__in=touched)
                    | versions.filter(updated_at__gte=scope.since.at))
    versions = list(versions.order_by("game", "version"))
    # An approval's event is new, its terms' events may be older: both from the whole history
    # (a handful of versions).
    chosen = [v.pk for v in versions]
    terms = rc.latest_by_target(rc.events_of(scope.property_id, RulesSubmission, ids=chosen,
                                             carrying="wagers"))
    approvals = rc.latest_by_target(rc.events_of(scope.property_id, RulesSubmission,
                                                 ids=chosen, carrying="status"))
    for version in versions:
        words = f"Rules Submission {submission_name(version.pk)} at {scope.name}"
        if version.pk not in terms or version.pk not in approvals:
            if scope.unvouched(version.created_at):
                yield rc.no_event(words)
            continue
        values = {**version.terms(), "status": version.status,
                  "effective_date": version.effective_date}
        found = (rc.differs(words, TERMS, values, terms[version.pk])
                 or rc.differs(words, APPROVAL, values, approvals[version.pk],
                               noun="its approval event"))
        if found:
            yield found
