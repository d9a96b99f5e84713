"""The floor's part of a Rules Submission's filing packet (issue 22): each table layout of the
version (§601a.10(a)), its checklist item by item as this version requires it, and who
prepared, submitted and approved it. Registered with ``rulesubmissions.filing`` from
``TablesConfig.ready()``: the packet lives below the floor and never imports it."""

from __future__ import annotations

from casino.formats import day, person
from rulesubmissions.filing import section, table, text
from rulesubmissions.models import RulesSubmission
from tables.floor.layouts import ARTWORK_NAMES, checklist_shown, layout_changes
from tables.floor.models import Layout, LayoutStatus

TITLE = "Table layout"


def layouts_of(submission: RulesSubmission) -> list[Layout]:
    """The layouts checked against this version, and approved ones of an earlier version that
    this version changes nothing on (they stand for it)."""
    found = []
    for layout in (Layout.objects.filter(property=submission.property, game=submission.game)
                   .select_related("submission", "prepared_by", "submitted_by", "reviewed_by")
                   .order_by("name", "pk")):
        if layout.submission_id == submission.pk or (
                layout.status == LayoutStatus.APPROVED
                and layout.submission.version < submission.version
                and not layout_changes(layout, submission)):
            found.append(layout)
    return found


def layout_sections(submission: RulesSubmission) -> list[dict]:
    layouts = layouts_of(submission)
    if not layouts:
        return [section(TITLE, text("No table layout is on file for this version: prepare "
                                    "one and have it approved (§601a.10(a)) before filing."))]
    return [_layout(submission, layout) for layout in layouts]


def _layout(submission: RulesSubmission, layout: Layout) -> dict:
    approved = layout.status == LayoutStatus.APPROVED
    facts = [
        ["Layout", layout.name],
        ["Artwork", f"{layout.artwork_name or 'as uploaded'} "
                    f"({ARTWORK_NAMES.get(layout.artwork_type, layout.artwork_type)})"],
        ["Checked against", f"version {layout.submission.version}"
                            + ("" if layout.submission_id == submission.pk else
                               ": this version changes nothing on it")],
        ["Status", layout.get_status_display()],
        ["Prepared", f"{day(layout.created_at)} by {person(layout.prepared_by)}"],
        ["Submitted", f"{day(layout.submitted_at)} by {person(layout.submitted_by)}"
                      if layout.submitted_at else "not submitted"],
        ["Approved", f"{day(layout.reviewed_at)} by {person(layout.reviewed_by)}"
                     if approved else "not approved"],
    ]
    if layout.status == LayoutStatus.RETURNED and layout.review_comment:
        facts.append(["Returned with comments", layout.review_comment])
    items = checklist_shown(submission, layout.checked)
    rows = [["Yes" if i["checked"] else "No", i["text"], i["shows"] or "-", i["rule"]]
            for i in items]
    return section(f"{TITLE}: {layout.name}", table(["", ""], facts),
                   text("Checklist: each item the version requires the layout to show, "
                        "ticked by the preparer and reviewed by compliance"),
                   table(["Shown", "Item", "Inscribes", "Section"], rows))
