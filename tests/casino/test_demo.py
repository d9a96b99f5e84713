import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from knox.models import AuthToken

from casino.demo import DEMO_PASSWORD, USERS
from casino.models import AuditEvent, Property, StaffMembership
from casino.permissions import can
from casino.roles import ROLES
from casino.tokens import ApiTokenAuthentication
from rulesubmissions import selectors
from rulesubmissions.demo import SUBMISSIONS
from rulesubmissions.models import RulesSubmission

pytestmark = pytest.mark.django_db


def _snapshot():
    return (Property.objects.count(), get_user_model().objects.count(),
            StaffMembership.objects.count(), AuditEvent.objects.count(),
            list(AuthToken.objects.values_list("digest", flat=True)),
            list(RulesSubmission.objects.order_by("pk").values_list(
                "game", "status", "version", "effective_date", "updated_at")))


def test_load_demo_twice_changes_nothing(capsys):
    call_command("load_demo")
    first = _snapshot()
    call_command("load_demo")
    assert _snapshot() == first
    assert first[:3] == (2, len(USERS), len(USERS))
    assert len(first[5]) == len(SUBMISSIONS)


def test_every_demo_user_logs_in_with_the_documented_password_and_has_their_role():
    call_command("load_demo")
    for username, (role, _prop, _name) in USERS.items():
        user = authenticate(username=username, password=DEMO_PASSWORD)
        assert user is not None, username
        assert user.groups.filter(name=ROLES[role].label).exists()


def test_the_demo_outsider_cannot_act_at_keystone():
    call_command("load_demo")
    keystone = Property.objects.get(license_number="PA-TG-1001")
    outsider = get_user_model().objects.get(username="outsider")
    assert not can(outsider, "audit.read", keystone)


def test_load_demo_prints_logins_and_the_api_token(capsys):
    call_command("load_demo")
    out = capsys.readouterr().out
    key = out.split("API client token (shown once): ")[1].split()[0]
    user, _token = ApiTokenAuthentication().authenticate_credentials(key.encode())
    assert user.username == "api" and DEMO_PASSWORD in out
    for username in USERS:
        assert username in out
    # Each login by the person and the role in words, never the role's key.
    assert "Tara Grant" in out and "Table games manager" in out
    assert "table_games_manager" not in out and "compliance_officer" not in out
    call_command("load_demo")
    assert "not shown again" in capsys.readouterr().out


def test_keystone_has_an_approved_a_submitted_and_a_draft_rules_submission():
    call_command("load_demo")
    keystone = Property.objects.get(license_number="PA-TG-1001")
    compliance = get_user_model().objects.get(username="compliance")
    tcp = selectors.in_force(property=keystone, game="three_card_poker")
    assert tcp is not None and tcp.reviewed_by == compliance
    assert tcp.wagers["pair_plus"] == "three_card_poker.pair_plus.D"
    assert tcp.options["ante_bonus"] == "A"
    assert tcp.wagers["six_card_bonus"] == "three_card_poker.six_card_bonus.posted_1"
    assert tcp.meters["five_card_progressive"]["initial"] == "10000.00"
    assert tcp.meters["five_card_progressive"]["reset"] == "10000.00"
    assert [s.game for s in selectors.compliance_queue(user=compliance)] == ["let_it_ride"]
    pai_gow = RulesSubmission.objects.get(property=keystone, game="pai_gow_poker")
    assert pai_gow.status == "draft" and pai_gow.options["ez_pai_gow"] is True
    assert "queens_dragon" in pai_gow.wagers
    assert pai_gow.meters["progressive"]["initial"] == "2000.00"
    assert list(AuditEvent.objects.filter(action__startswith="rulesubmissions.submission.")
                .order_by("id").values_list("action", flat=True)) == [
        "rulesubmissions.submission.create", "rulesubmissions.submission.submit",
        "rulesubmissions.submission.approve", "rulesubmissions.submission.create",
        "rulesubmissions.submission.submit", "rulesubmissions.submission.create"]
    assert not RulesSubmission.objects.exclude(property=keystone).exists()
