"""What the database benchmarks share: a throwaway PostgreSQL database and a property with its
people. (Not a ``bench_*`` module: the runner does not run it.)"""

import contextlib
import os
from contextlib import contextmanager


def django_setup():
    """Django configured from the environment; the default database connection."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    import django
    django.setup()
    from django.db import connection
    return connection


@contextmanager
def throwaway_database(label: str):
    """A fresh PostgreSQL database ``bench_<label>_<pid>`` for the block, dropped afterwards,
    with Django's test environment (the in-process client's host) set up and torn down again
    so the next benchmark module of the run can set it up. Yields False, having made nothing,
    unless ``DATABASE_URL`` is PostgreSQL."""
    connection = django_setup()
    if connection.vendor != "postgresql":
        yield False
        return
    from django.test.utils import setup_test_environment, teardown_test_environment
    with contextlib.suppress(RuntimeError):  # set up already by an earlier module of the run
        setup_test_environment()
    connection.settings_dict["TEST"]["NAME"] = f"bench_{label}_{os.getpid()}"
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        yield True
    finally:
        connection.close()
        connection.creation.destroy_test_db(old, verbosity=0)
        teardown_test_environment()


def property_with_staff(license_number: str, prefix: str):
    """A property and a ``person(name, role)`` that adds a staff member to it."""
    from django.contrib.auth import get_user_model

    from casino import services as staff
    from casino.models import Property

    prop = Property.objects.create(name="Bench Casino", license_number=license_number)
    users = get_user_model().objects

    def person(name, role):
        user = users.create_user(f"{prefix}-{name}", password="x")
        staff.staff_add(actor=None, user=user, property=prop, role=role)
        return user

    return prop, person
