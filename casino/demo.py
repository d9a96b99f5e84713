"""The demo casino, as data, and an idempotent loader (``manage.py load_demo``)."""

from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.authtoken.models import Token

from casino import services
from casino.models import Property, StaffMembership

DEMO_PASSWORD = "keystone-demo"

PROPERTIES = {
    "keystone": ("Keystone Downs Casino", "PA-TG-1001"),
    "lakeside": ("Lakeside Gaming Hall", "PA-TG-2002"),
}

# username -> (role, property key, full name); one per role, plus an outsider.
USERS = {
    "tgm": ("table_games_manager", "keystone", "Tara Grant"),
    "compliance": ("compliance_officer", "keystone", "Colin Park"),
    "floormgr": ("floor_manager", "keystone", "Fiona Marsh"),
    "floorperson": ("floorperson", "keystone", "Felix Porter"),
    "auditor": ("auditor", "keystone", "Ada Ortiz"),
    "api": ("api_client", "keystone", "Integration"),
    "outsider": ("compliance_officer", "lakeside", "Olive Sider"),
}


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


@transaction.atomic
def load_demo() -> dict:
    """Create what is missing; returns {"users": [(username, role, property)], "token": key}."""
    props = {key: _property(key) for key in PROPERTIES}
    rows = []
    for username, (role, prop_key, full_name) in USERS.items():
        _user(username, role, props[prop_key], full_name)
        rows.append((username, role, props[prop_key].name))
    token, _ = Token.objects.get_or_create(user=get_user_model().objects.get(username="api"))
    return {"users": rows, "token": token.key}
