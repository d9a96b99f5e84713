"""What the ground floor shows for Rules Submissions (``casino.registry``), registered from
``RulesubmissionsConfig.ready()``: the words for its audit values, its dashboard cards and the
lists a compliance officer, a table games manager and the floor work from (§601a.2), and its
part of the demo."""

from casino import registry
from casino.permissions import can
from casino.registry import Card, DemoPart, Panel
from games import GAMES
from rulesubmissions import selectors as submissions
from rulesubmissions.demo import load_submissions_demo
from rulesubmissions.evidence import check_submissions
from rulesubmissions.models import OPEN_STATUSES, ParSheetStatus, PaytableStatus, Status

RECENT = 5  # rows in each "recent" list

CARDS = [
    Card("rulesubmissions.draft", "Draft a Rules Submission",
         "Prepare rules, layouts and paytables for a table game.", "rulesubmissions:list"),
    Card("rulesubmissions.approve", "Review Rules Submissions",
         "Approve or return submissions waiting for compliance.", "rulesubmissions:queue"),
    Card("paytables.approve", "Approve paytables", "Paytables waiting for approval.",
         "rulesubmissions:paytables"),
    Card("rulesubmissions.read", "Rules Submissions",
         "Every version of each game's rules: in force, scheduled or superseded.",
         "rulesubmissions:list", unless="rulesubmissions.draft"),
    Card("rulesubmissions.read", "Paytable catalog",
         "What each paytable pays, hand by hand, with its section.",
         "rulesubmissions:paytables", unless="paytables.approve"),
]


def queue_panel(user, property) -> dict | None:
    """What waits for a compliance officer's review, and the latest approvals."""
    if not can(user, "rulesubmissions.approve", property):
        return None
    recent = list(submissions.submission_list(user=user, status=Status.APPROVED)
                  .filter(property=property)[:RECENT])
    return {"queue": list(submissions.compliance_queue(user=user).filter(property=property)),
            "recently_approved": recent, "approved_standings": submissions.standings(recent),
            "paytables_waiting": submissions.paytable_list(user=user).filter(
                property=property, status=PaytableStatus.PROPOSED).count()}


def open_panel(user, property) -> list | None:
    """A table games manager's drafts and returned submissions."""
    if not can(user, "rulesubmissions.draft", property):
        return None
    return list(submissions.submission_list(user=user).filter(property=property,
                                                              status__in=OPEN_STATUSES))


def in_force_panel(user, property) -> dict | None:
    """The version each game plays by today at the property (§601a.2), each one's standing (a
    version scheduled to replace it) and what takes effect soon."""
    if not can(user, "property.read", property):
        return None
    by_game = submissions.in_force_by_game(property=property)
    in_force = [by_game[game] for game in GAMES if game in by_game]
    readable = can(user, "rulesubmissions.read", property)
    return {"in_force": in_force, "standings": submissions.standings(in_force),
            "upcoming": list(submissions.upcoming_changes(user=user, property=property))
            if readable else [], "links_to_submissions": readable}


def register() -> None:
    registry.audit_words(
        entities={"submission": "Rules Submission", "paytable": "Catalog paytable",
                  "par_sheet": "Par sheet"},
        statuses={"submission": Status, "paytable": PaytableStatus, "par_sheet": ParSheetStatus})
    registry.dashboard_cards("rulesubmissions", CARDS)
    for panel in (Panel("queue", "rulesubmissions/dashboard/_queue.html", queue_panel, 20),
                  Panel("open_submissions", "rulesubmissions/dashboard/_open.html", open_panel, 30),
                  Panel("in_force", "rulesubmissions/dashboard/_in_force.html", in_force_panel,
                        50)):
        registry.dashboard_panel(panel)
    registry.demo_part(DemoPart("rulesubmissions", load_submissions_demo, order=10))
    # audit_verify compares each approved version with its audit events (issue 28).
    registry.record_check("rulesubmissions.versions", check_submissions, order=50)
    # Approved versions in the Board's evidence bundle (issue 28, casino/evidence_bundle.py).
    from rulesubmissions.evidence_export import version_records

    registry.evidence_records("versions", version_records, order=10,
                              creates={"version": ("rulesubmissions.submission.approve",)})
