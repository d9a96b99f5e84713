"""Shared fixtures: two properties and named personas, one per role, plus an outsider."""

import datetime as dt
import os

import pytest
from django.test import Client
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from knox.models import AuthToken
from rest_framework.test import APIClient

from casino import services
from tests import sequences

PASSWORD = "correct-horse-battery"

# The suite runs on a busy 2-core machine, beside other suites: how long one example takes to
# generate or run says nothing about its correctness, so no deadline and no too-slow health
# check. The other health checks (filtering too much, data too large) still find bad
# strategies. ``HYPOTHESIS_PROFILE=dev`` restores Hypothesis's defaults.
hypothesis_settings.register_profile(
    "busy_machine", deadline=None, suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
hypothesis_settings.register_profile("dev")
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "busy_machine"))

# persona fixture name -> role code; all at Keystone except the outsider.
PERSONAS = {
    "table_games_manager": "table_games_manager",
    "compliance_officer": "compliance_officer",
    "floor_manager": "floor_manager",
    "floorperson": "floorperson",
    "auditor": "auditor",
    "api_client": "api_client",
}


@pytest.fixture
def keystone(db):
    return services.property_create(actor=None, name="Keystone Downs Casino",
                                    license_number="PA-TG-1001")


@pytest.fixture
def lakeside(db):
    return services.property_create(actor=None, name="Lakeside Gaming Hall",
                                    license_number="PA-TG-2002")


@pytest.fixture
def make_staff(db, keystone, django_user_model):
    """``make_staff(username, role, property=keystone)`` -> a user with that role there."""

    def make(username, role, property=None):
        user = django_user_model.objects.create_user(username, password=PASSWORD)
        services.staff_add(actor=None, user=user, property=property or keystone, role=role)
        return user

    return make


@pytest.fixture
def table_games_manager(make_staff):
    return make_staff("tara", "table_games_manager")


@pytest.fixture
def compliance_officer(make_staff):
    return make_staff("colin", "compliance_officer")


@pytest.fixture
def floor_manager(make_staff):
    return make_staff("fiona", "floor_manager")


@pytest.fixture
def floorperson(make_staff):
    return make_staff("felix", "floorperson")


@pytest.fixture
def auditor(make_staff):
    return make_staff("ada", "auditor")


@pytest.fixture
def api_client(make_staff):
    """The integration persona (a user with the API client role), not a test client."""
    return make_staff("integration", "api_client")


@pytest.fixture
def outsider(make_staff, lakeside):
    """A compliance officer, but at another property."""
    return make_staff("olive", "compliance_officer", lakeside)


@pytest.fixture
def newcomer(db, keystone, django_user_model):
    """Staff at Keystone with no role yet."""
    from casino.models import StaffMembership

    user = django_user_model.objects.create_user("newt", password=PASSWORD)
    StaffMembership.objects.create(user=user, property=keystone)
    return user


@pytest.fixture
def client_for():
    """``client_for(user)`` -> a Django test client logged in as ``user``."""

    def make(user):
        client = Client()
        client.force_login(user)
        return client

    return make


@pytest.fixture
def api_for(db):
    """``api_for(user)`` -> a DRF client authenticating with a new API token of ``user``'s
    (any staff member's token acts with their abilities; ``api_session_for`` for a session)."""

    def make(user):
        client = APIClient()
        _token, key = AuthToken.objects.create(user=user, expiry=dt.timedelta(days=1))
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        return client

    return make


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    # PBKDF2's deliberate slowness adds seconds per persona; tests do not need it.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(scope="session")
def _evidence_key(tmp_path_factory):
    return tmp_path_factory.mktemp("evidence") / "signing-key.pem"


@pytest.fixture(autouse=True)
def _evidence_anchors(settings, monkeypatch, tmp_path, _evidence_key):
    """Each test signs with the session's key and anchors in its own folder (issue 28): never
    the var/ of ``make run``, whose anchors belong to its own database. Set in the environment
    too, for the workers a test starts."""
    from casino.evidence_anchors import ensure_signing_key

    settings.EVIDENCE_SIGNING_KEY = _evidence_key
    settings.EVIDENCE_ANCHOR_DIR = tmp_path / "anchors"
    monkeypatch.setenv("EVIDENCE_SIGNING_KEY", str(_evidence_key))
    monkeypatch.setenv("EVIDENCE_ANCHOR_DIR", str(tmp_path / "anchors"))
    ensure_signing_key()


@pytest.fixture(autouse=True)
def _unthrottled(settings):
    """No test is throttled by accident: rates no test reaches, counted in this process's
    memory (never the install's shared cache under var/), emptied before each test. A test of
    throttling sets its own rate (``settings.REST_FRAMEWORK``)."""
    from django.core.cache import caches

    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        "api": "1000000/min", "token_create": "1000000/min"}}
    settings.CACHES = {**settings.CACHES, "throttle": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "tests"}}
    caches["throttle"].clear()


@pytest.fixture
def api_session_for(db):
    """``api_session_for(user)`` -> a DRF client signed in with a web session (how staff pages
    and people, rather than integrations holding a token, reach the API)."""

    def make(user):
        client = APIClient()
        client.force_login(user)
        return client

    return make


# On PostgreSQL with two roles (casino/db_roles.py) the test database is created, migrated and
# dropped by the owner, and the tests themselves run as the restricted application role, like
# the web and the workers.
_APP_CREDENTIALS: dict = {}


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    from django.db import connections

    from casino.db_roles import CREDENTIALS, owner_credentials

    owner, connection = owner_credentials(), connections["default"]
    if owner and connection.vendor == "postgresql":
        _APP_CREDENTIALS.update({k: connection.settings_dict.get(k, "") for k in CREDENTIALS})
        connection.close()
        connection.settings_dict.update(owner)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    from django.db import connections

    from casino.db_roles import owner_credentials

    connection = connections["default"]
    with django_db_blocker.unblock():
        sequences.spread(connection)
    if not _APP_CREDENTIALS:
        yield
        return
    with django_db_blocker.unblock():
        connection.close()
    connection.settings_dict.update(_APP_CREDENTIALS)
    yield
    with django_db_blocker.unblock():
        connection.close()
    connection.settings_dict.update(owner_credentials())
