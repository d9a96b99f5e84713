"""The demo casino, as data, and an idempotent loader (``manage.py load_demo``)."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from casino import services, tokens
from casino.models import Property, StaffMembership
from rulesubmissions import services as submissions
from rulesubmissions.models import RulesSubmission, Status
from tables.demo_floor import load_floor_demo

DEMO_PASSWORD = "keystone-demo"

PROPERTIES = {
    "keystone": ("Keystone Downs Casino", "PA-TG-1001"),
    "lakeside": ("Lakeside Gaming Hall", "PA-TG-2002"),
}

# username -> (role, property key, full name); one per role, plus an outsider.
USERS = {
    "tgm": ("table_games_manager", "keystone", "Tara Grant"),
    "compliance": ("compliance_officer", "keystone", "Colin Park"),
    # A second officer: paytables and retirements need two (§601a.2; segregation of duties).
    "compliance2": ("compliance_officer", "keystone", "Cora Reyes"),
    "floormgr": ("floor_manager", "keystone", "Fiona Marsh"),
    "floorperson": ("floorperson", "keystone", "Felix Porter"),
    "auditor": ("auditor", "keystone", "Ada Ortiz"),
    "api": ("api_client", "keystone", "Integration"),
    "outsider": ("compliance_officer", "lakeside", "Olive Sider"),
}

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


def _property(key: str) -> Property:
    name, license_number = PROPERTIES[key]
    existing = Property.objects.filter(license_number=license_number).first()
    return existing or services.property_create(actor=None, name=name,
                                                license_number=license_number)


def _user(username: str, role: str, prop: Property, full_name: str):
    User = get_user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        first, _, last = full_name.partition(" ")
        user = User.objects.create_user(username, password=DEMO_PASSWORD,
                                        first_name=first, last_name=last)
    if not StaffMembership.objects.filter(user=user, property=prop).exists():
        services.staff_add(actor=None, user=user, property=prop, role=role)
    return user


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


@transaction.atomic
def load_demo() -> dict:
    """Create what is missing; returns {"users": [(username, role, property)], "token": key or
    None when the API client already has one}."""
    props = {key: _property(key) for key in PROPERTIES}
    rows, users = [], {}
    for username, (role, prop_key, full_name) in USERS.items():
        users[username] = _user(username, role, props[prop_key], full_name)
        rows.append((username, role, props[prop_key].name))
    for status, terms in SUBMISSIONS:
        _submission(props["keystone"], status, terms, users["tgm"], users["compliance"])
    load_floor_demo(props["keystone"], users["tgm"], users["compliance"], users["floormgr"])
    return {"users": rows, "token": _api_token(users["api"])}


def _api_token(user) -> str | None:
    """A key for the API client, issued on the first load only: tokens are stored hashed, so
    an existing one cannot be shown again (a superuser rotates it in the admin)."""
    if user.auth_token_set.exists():
        return None
    return tokens.token_issue(user=user)[1]
