"""Approved Rules Submission versions in the Board's evidence bundle (issue 28;
casino/evidence_bundle.py): each version approved in the period with its terms as approved
(§601a.2), which its audit events carry (the terms when drafted, the approval)."""

from casino.evidence_bundle import Record
from rulesubmissions.models import RulesSubmission, Status

CHECKED = {"game": "game", "options": "options", "wagers": "wagers", "meters": "meters",
           "table_minimum": "table_minimum", "table_maximum": "table_maximum",
           "payout_limit": "payout_limit", "status": "status",
           "effective_date": "effective_date", "review_comment": "comment"}


def version_records(prop, start, end) -> list[Record]:
    versions = RulesSubmission.objects.filter(property=prop, status=Status.APPROVED)
    if start is not None:
        versions = versions.filter(reviewed_at__gte=start)
    if end is not None:
        versions = versions.filter(reviewed_at__lt=end)
    return [Record(kind="version", name=f"Rules Submission {version}", target=version,
                   values={**version.terms(), "version": version.version,
                           "status": version.status, "effective_date": version.effective_date,
                           "review_comment": version.review_comment,
                           "approved_at": version.reviewed_at},
                   checked=CHECKED)
            for version in versions.order_by("reviewed_at", "pk")]
