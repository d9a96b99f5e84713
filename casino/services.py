"""Writes for properties and staff; each one audited in the same transaction."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction

from casino.audit import audit_record
from casino.models import Property, StaffMembership
from casino.roles import ROLES

User = get_user_model()


def _property_data(prop: Property) -> dict:
    return {"name": prop.name, "license_number": prop.license_number}


@transaction.atomic
def property_create(*, actor, name: str, license_number: str) -> Property:
    prop = Property(name=name, license_number=license_number)
    prop.full_clean()
    prop.save()
    audit_record(actor=actor, action="casino.property.create", target=prop,
                 after=_property_data(prop))
    return prop


@transaction.atomic
def property_update(*, actor, property: Property, name: str, license_number: str) -> Property:
    prop = Property.objects.select_for_update().get(pk=property.pk)
    before = _property_data(prop)
    prop.name, prop.license_number = name, license_number
    prop.full_clean()
    prop.save()
    audit_record(actor=actor, action="casino.property.update", target=prop,
                 before=before, after=_property_data(prop))
    return prop


def _role_codes(user) -> list[str]:
    labels = set(user.groups.values_list("name", flat=True))
    return sorted(r.code for r in ROLES.values() if r.label in labels)


@transaction.atomic
def staff_set_role(*, actor, user, role: str, property: Property) -> User:
    """Give ``user`` exactly one role (replacing any other role group)."""
    if role not in ROLES:
        raise ValueError(f"unknown role {role!r}")
    before = {"roles": _role_codes(user)}
    role_groups = Group.objects.filter(name__in=[r.label for r in ROLES.values()])
    user.groups.remove(*role_groups)
    user.groups.add(Group.objects.get(name=ROLES[role].label))
    audit_record(actor=actor, action="casino.staff.set_role", target=user, property=property,
                 before=before, after={"roles": [role]})
    return user


@transaction.atomic
def staff_add(*, actor, user, property: Property, role: str) -> StaffMembership:
    """Make ``user`` staff at ``property`` with ``role``."""
    membership, _ = StaffMembership.objects.get_or_create(user=user, property=property)
    audit_record(actor=actor, action="casino.staff.add", target=user, property=property,
                 after={"property": property.pk})
    staff_set_role(actor=actor, user=user, role=role, property=property)
    return membership


@transaction.atomic
def staff_remove(*, actor, user, property: Property) -> None:
    StaffMembership.objects.filter(user=user, property=property).delete()
    audit_record(actor=actor, action="casino.staff.remove", target=user, property=property,
                 before={"property": property.pk})
