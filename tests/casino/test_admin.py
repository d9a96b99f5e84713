"""The admin writes through the services: every change a superuser makes there is audited."""

import pytest
from django.urls import reverse

from casino.models import AuditEvent, Property, StaffMembership
from tests.audit_events import events_about, is_about

pytestmark = pytest.mark.django_db


def test_adding_a_property_in_the_admin_is_audited(admin_client, admin_user):
    response = admin_client.post(reverse("admin:casino_property_add"),
                                 {"name": "Riverside", "license_number": "PA-TG-3003"})
    assert response.status_code == 302, response.content
    prop = Property.objects.get(license_number="PA-TG-3003")
    event = events_about(prop).get(action="casino.property.create")
    assert event.actor == admin_user
    assert event.after == {"name": "Riverside", "license_number": "PA-TG-3003"}


def test_renaming_a_property_in_the_admin_is_audited_with_before_and_after(admin_client,
                                                                           keystone):
    url = reverse("admin:casino_property_change", args=[keystone.pk])
    response = admin_client.post(url, {"name": "Keystone Downs",
                                       "license_number": "PA-TG-1001"})
    assert response.status_code == 302, response.content
    event = AuditEvent.objects.get(action="casino.property.update")
    assert event.before["name"] == "Keystone Downs Casino"
    assert event.after["name"] == "Keystone Downs"


def test_properties_cannot_be_deleted_in_the_admin(admin_client, keystone):
    url = reverse("admin:casino_property_delete", args=[keystone.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert Property.objects.filter(pk=keystone.pk).exists()


def test_adding_staff_in_the_admin_gives_the_role_and_is_audited(admin_client, keystone,
                                                                 django_user_model):
    user = django_user_model.objects.create_user("gail")
    response = admin_client.post(reverse("admin:casino_staffmembership_add"),
                                 {"user": user.pk, "property": keystone.pk, "role": "auditor"})
    assert response.status_code == 302, response.content
    assert StaffMembership.objects.filter(user=user, property=keystone).exists()
    assert list(user.groups.values_list("name", flat=True)) == ["Auditor"]
    actions = events_about(user).filter(action__startswith="casino.staff.")
    actions = actions.values_list("action", flat=True)
    assert set(actions) == {"casino.staff.add", "casino.staff.set_role"}


def test_changing_a_role_in_the_admin_is_audited(admin_client, floorperson):
    membership = StaffMembership.objects.get(user=floorperson)
    url = reverse("admin:casino_staffmembership_change", args=[membership.pk])
    assert 'value="floorperson" selected' in admin_client.get(url).text
    response = admin_client.post(url, {"role": "floor_manager"})
    assert response.status_code == 302, response.content
    event = events_about(floorperson).filter(action="casino.staff.set_role").first()
    assert (event.before, event.after) == ({"roles": ["floorperson"]},
                                          {"roles": ["floor_manager"]})


def test_removing_staff_in_the_admin_is_audited(admin_client, floorperson, keystone):
    membership = StaffMembership.objects.get(user=floorperson)
    url = reverse("admin:casino_staffmembership_delete", args=[membership.pk])
    assert admin_client.post(url, {"post": "yes"}).status_code == 302
    assert not StaffMembership.objects.filter(pk=membership.pk).exists()
    event = AuditEvent.objects.get(action="casino.staff.remove")
    assert is_about(event, floorperson) and event.before == {"property": keystone.pk}


def test_the_user_admin_cannot_change_groups_behind_the_audit_trail(admin_client, floorperson):
    url = reverse("admin:auth_user_change", args=[floorperson.pk])
    page = admin_client.get(url).text
    assert 'name="groups"' not in page and 'name="user_permissions"' not in page
