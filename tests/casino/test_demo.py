import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from casino.demo import DEMO_PASSWORD, USERS
from casino.models import AuditEvent, Property, StaffMembership
from casino.permissions import can
from casino.roles import ROLES

pytestmark = pytest.mark.django_db


def _snapshot():
    return (Property.objects.count(), get_user_model().objects.count(),
            StaffMembership.objects.count(), AuditEvent.objects.count(),
            list(Token.objects.values_list("key", flat=True)))


def test_load_demo_twice_changes_nothing(capsys):
    call_command("load_demo")
    first = _snapshot()
    call_command("load_demo")
    assert _snapshot() == first
    assert first[:3] == (2, len(USERS), len(USERS))


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
    token = Token.objects.get(user__username="api").key
    assert token in out and DEMO_PASSWORD in out
    for username in USERS:
        assert username in out
