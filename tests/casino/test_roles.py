"""The role matrix: each role may do what it needs, is refused the rest (403), and nobody
reaches another property's records."""

import pytest
from django.urls import reverse

from casino.permissions import can
from casino.roles import ABILITIES, ROLES
from tests.conftest import PERSONAS

pytestmark = pytest.mark.django_db

AUDIT_READERS = {"compliance_officer", "auditor", "api_client"}


@pytest.mark.parametrize("role", sorted(ROLES))
def test_can_answers_exactly_the_roles_abilities_at_its_own_property(role, make_staff,
                                                                      keystone, lakeside):
    user = make_staff(f"user-{role}", role)
    for ability in ABILITIES:
        expected = ability in ROLES[role].abilities
        assert can(user, ability, keystone) is expected, ability
        assert can(user, ability, lakeside) is False, ability


def test_can_refuses_anonymous_inactive_and_roleless_users(newcomer, keystone, compliance_officer):
    from django.contrib.auth.models import AnonymousUser

    assert not can(AnonymousUser(), "property.read", keystone)
    assert not can(newcomer, "property.read", keystone)
    compliance_officer.is_active = False
    assert not can(compliance_officer, "audit.read", keystone)


def test_can_rejects_an_unknown_ability_loudly(compliance_officer, keystone):
    with pytest.raises(ValueError, match="unknown ability"):
        can(compliance_officer, "rulesubmissions.aprove", keystone)


def test_every_role_is_a_group_with_one_permission_per_ability():
    from django.contrib.auth.models import Group

    for role in ROLES.values():
        group = Group.objects.get(name=role.label)
        assert set(group.permissions.values_list("codename", flat=True)) == role.abilities


@pytest.mark.parametrize("persona", sorted(PERSONAS))
def test_every_persona_sees_their_dashboard(persona, request, client_for):
    user = request.getfixturevalue(persona)
    response = client_for(user).get(reverse("dashboard"))
    assert response.status_code == 200
    assert f"{ROLES[PERSONAS[persona]].label} dashboard" in response.text


@pytest.mark.parametrize("persona", sorted(PERSONAS))
def test_audit_log_page_is_for_audit_readers_only(persona, request, client_for):
    user = request.getfixturevalue(persona)
    response = client_for(user).get(reverse("audit_log"))
    assert response.status_code == (200 if persona in AUDIT_READERS else 403)
    if response.status_code == 403:
        assert "Not allowed" in response.text


@pytest.mark.parametrize("persona", sorted(PERSONAS))
def test_audit_events_api_is_for_audit_readers_only(persona, request, api_for,
                                                    api_session_for):
    user = request.getfixturevalue(persona)
    client = api_for(user) if persona == "api_client" else api_session_for(user)
    response = client.get(reverse("api:audit-events"))
    assert response.status_code == (200 if persona in AUDIT_READERS else 403)


@pytest.mark.parametrize("persona", sorted(PERSONAS))
def test_staff_see_their_own_property_page(persona, request, client_for, keystone):
    user = request.getfixturevalue(persona)
    response = client_for(user).get(reverse("property_detail", args=[keystone.pk]))
    assert response.status_code == 200


def test_someone_from_another_property_is_refused_our_property_page(outsider, client_for,
                                                                     keystone, lakeside):
    client = client_for(outsider)
    assert client.get(reverse("property_detail", args=[keystone.pk])).status_code == 403
    assert client.get(reverse("property_detail", args=[lakeside.pk])).status_code == 200


def test_someone_from_another_property_sees_none_of_our_audit_events(outsider, client_for,
                                                                    api_session_for, keystone):
    target = f"casino.property:{keystone.pk}"
    page = client_for(outsider).get(reverse("audit_log"), {"target": target})
    assert page.status_code == 200
    assert "No events match." in page.text
    api = api_session_for(outsider).get(reverse("api:audit-events"), {"target": target})
    assert api.json()["count"] == 0


def test_anonymous_visitors_are_sent_to_login(client, keystone):
    for url in (reverse("dashboard"), reverse("audit_log"),
                reverse("property_detail", args=[keystone.pk])):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_anonymous_api_calls_are_401(client):
    assert client.get(reverse("api:audit-events")).status_code == 401
    assert client.post(reverse("api:engine:settle"), {}, content_type="application/json"
                       ).status_code == 401


def test_dashboard_cards_follow_the_role(client_for, compliance_officer, floorperson):
    officer = client_for(compliance_officer).get(reverse("dashboard")).text
    floor = client_for(floorperson).get(reverse("dashboard")).text
    assert "Audit log" in officer and "Audit log" not in floor
    assert "Validate jackpot slips" in floor and "Validate jackpot slips" not in officer


def test_a_user_without_a_role_sees_an_empty_dashboard_not_an_error(newcomer, client_for):
    response = client_for(newcomer).get(reverse("dashboard"))
    assert response.status_code == 200
    assert "You have no role yet" in response.text
