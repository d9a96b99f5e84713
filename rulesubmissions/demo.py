"""The Rules Submissions of the demo casino (``manage.py load_demo``), through the services so
each step is audited; registered as the app's part of the demo (``casino.registry``)."""

from django.utils import timezone

from casino.models import Property
from rulesubmissions import services as submissions
from rulesubmissions.models import RulesSubmission, Status

# Keystone's Rules Submissions (§601a.2): (how far the workflow takes it, its terms). The table
# games manager drafts and submits; the compliance officer approves, effective on the day of the
# first load, so the approved one is in force.
SUBMISSIONS = (
    (Status.APPROVED, {
        "game": "three_card_poker",
        "options": {"variant": "none", "adjacent_boxes": 1, "ante_bonus": "A"},
        "wagers": {"ante": "", "play": "", "pair_plus": "D", "six_card_bonus": "posted_1",
                   "five_card_progressive": "M"},
        "meters": {"five_card_progressive": {"initial": "10000.00", "reset": "10000.00",
                                             "rate": "5", "reserve_rate": "0.5"}},
        "table_minimum": "5.00", "table_maximum": "500.00", "payout_limit": "",
    }),
    (Status.SUBMITTED, {
        "game": "let_it_ride",
        "options": {},
        "wagers": {"bet_1": "", "bet_2": "", "bet_3": "common_1000", "three_card_bonus": "flush_4"},
        "meters": {},
        "table_minimum": "10.00", "table_maximum": "1000.00", "payout_limit": "100000.00",
    }),
    (Status.DRAFT, {
        "game": "pai_gow_poker",
        "options": {"ez_pai_gow": True},
        "wagers": {"pai_gow": "", "queens_dragon": "standard", "progressive": "standard"},
        "meters": {"progressive": {"initial": "2000.00", "reset": "2000.00", "rate": "10"}},
        "table_minimum": "10.00", "table_maximum": "2000.00", "payout_limit": "",
    }),
)


def _submission(prop: Property, status: str, terms: dict, author, reviewer) -> None:
    """The game's submission through the services (each step audited), unless it has one."""
    if RulesSubmission.objects.filter(property=prop, game=terms["game"]).exists():
        return
    submission = submissions.submission_create(actor=author, property=prop, terms=terms)
    if status in (Status.SUBMITTED, Status.APPROVED):
        submission = submissions.submission_transition(actor=author, submission=submission,
                                                       to=Status.SUBMITTED)
    if status == Status.APPROVED:
        submissions.submission_transition(actor=reviewer, submission=submission,
                                          to=Status.APPROVED,
                                          effective_date=timezone.localdate())


def load_submissions_demo(props: dict, users: dict) -> None:
    """Keystone's submissions that are missing: drafted and submitted by the table games
    manager, approved by the compliance officer."""
    for status, terms in SUBMISSIONS:
        _submission(props["keystone"], status, terms, users["tgm"], users["compliance"])
