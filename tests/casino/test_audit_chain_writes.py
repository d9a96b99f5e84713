"""Every write to users, groups, staff memberships and tokens is audited, from the admin or
anywhere else (casino/signals.py); passwords are never written to the log."""

import pytest
from django.contrib.auth.models import Group, Permission
from django.urls import reverse

from casino.models import AuditEvent, StaffMembership
from tests.audit_events import events_about

pytestmark = pytest.mark.django_db


def _events(prefix, about=None):
    """Events whose action starts with ``prefix``; with ``about``, only those whose target is
    that object (its type and id)."""
    events = events_about(about) if about is not None else AuditEvent.objects.all()
    return events.filter(action__startswith=prefix).order_by("pk")


def test_adding_a_user_in_the_admin_is_audited(admin_client, admin_user, django_user_model):
    response = admin_client.post(reverse("admin:auth_user_add"), {
        "username": "newhire", "password1": "a-long-Passphrase-42", "password2":
        "a-long-Passphrase-42", "usable_password": "true"})
    assert response.status_code == 302, response.content
    user = django_user_model.objects.get(username="newhire")
    event = _events("auth.user.create", about=user).get()
    assert event.actor == admin_user
    assert event.after["username"] == "newhire" and event.after["password"] == "set"
    assert "a-long-Passphrase-42" not in str(event.after)
    assert user.password not in str(event.after)


def test_making_someone_a_superuser_in_the_admin_is_audited(admin_client, admin_user,
                                                           floorperson):
    url = reverse("admin:auth_user_change", args=[floorperson.pk])
    response = admin_client.post(url, {
        "username": "felix", "is_active": "on", "is_staff": "on", "is_superuser": "on",
        "date_joined_0": "2026-01-01", "date_joined_1": "00:00:00"})
    assert response.status_code == 302, response.content
    event = _events("auth.user.update", about=floorperson).get()
    assert event.actor == admin_user
    assert event.before == {"is_staff": False, "is_superuser": False}
    assert event.after == {"is_staff": True, "is_superuser": True}
    assert event.property == StaffMembership.objects.get(user=floorperson).property


def test_resetting_a_password_in_the_admin_is_audited_without_the_password(
        admin_client, admin_user, compliance_officer):
    old_hash = compliance_officer.password
    url = reverse("admin:auth_user_password_change", args=[compliance_officer.pk])
    response = admin_client.post(url, {"password1": "Another-long-pass-77",
                                       "password2": "Another-long-pass-77"})
    assert response.status_code == 302, response.content
    event = _events("auth.user.update", about=compliance_officer).get()
    assert event.actor == admin_user
    assert event.after == {"password": "changed"}
    assert old_hash not in str(event.before) and "Another" not in str(event.after)


def test_writes_outside_the_admin_are_audited_too(floorperson, django_user_model):
    floorperson.is_active = False
    floorperson.save()
    group = Group.objects.create(name="Night shift")
    group.permissions.add(Permission.objects.get(codename="view_property"))
    floorperson.groups.add(group)
    floorperson.groups.remove(group)
    floorperson.user_permissions.add(Permission.objects.get(codename="view_property"))
    actions = [(e.action, e.actor_repr) for e in _events("auth.")]
    assert ("auth.user.update", "system") in actions
    assert ("auth.group.create", "system") in actions
    assert ("auth.group.permissions_add", "system") in actions
    assert ("auth.user.groups_add", "system") in actions
    assert ("auth.user.groups_remove", "system") in actions
    assert ("auth.user.user_permissions_add", "system") in actions
    removed = _events("auth.user.groups_remove", about=floorperson).get()
    assert removed.after == {"groups": ["Night shift"]}


def test_staff_memberships_written_directly_are_audited(newcomer, keystone):
    membership = StaffMembership.objects.get(user=newcomer)
    created = _events("casino.staffmembership.create", about=newcomer).get()
    assert created.property == keystone and created.after["user"] == "newt"
    membership.delete()
    deleted = _events("casino.staffmembership.delete", about=newcomer).get()
    assert deleted.before == {"user": "newt", "property": keystone.pk}


def test_a_sign_in_alone_writes_no_user_update(client, floorperson):
    from tests.conftest import PASSWORD

    client.post(reverse("login"), {"username": "felix", "password": PASSWORD})
    assert not _events("auth.user.update").exists()
    assert _events("casino.signin.success").count() == 1
