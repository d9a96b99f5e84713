"""The demo casino, as data, and an idempotent loader (``manage.py load_demo``): the ground
floor's properties and users, then each app's part as it registered it (``casino.registry``)."""

from django.contrib.auth import get_user_model
from django.db import transaction

from casino import registry, services, tokens
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
    # A second officer: paytables and retirements need two (§601a.2; segregation of duties).
    "compliance2": ("compliance_officer", "keystone", "Cora Reyes"),
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
    """Create what is missing; returns {"users": [(username, role, property)], "token": key or
    None when the API client already has one}."""
    props = {key: _property(key) for key in PROPERTIES}
    rows, users = [], {}
    for username, (role, prop_key, full_name) in USERS.items():
        users[username] = _user(username, role, props[prop_key], full_name)
        rows.append((username, role, props[prop_key].name))
    for part in registry.demo_parts():
        part.load(props, users)
    return {"users": rows, "token": _api_token(users["api"])}


def _api_token(user) -> str | None:
    """A key for the API client, issued on the first load only: tokens are stored hashed, so
    an existing one cannot be shown again (a superuser rotates it in the admin)."""
    if user.auth_token_set.exists():
        return None
    return tokens.token_issue(user=user)[1]
