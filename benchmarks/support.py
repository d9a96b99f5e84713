"""What the database benchmarks share: a throwaway PostgreSQL database and a property with its
people. (Not a ``bench_*`` module: the runner does not run it.)"""

import contextlib
import os
from contextlib import contextmanager


def django_setup():
    """Django configured from the environment; the default database connection."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
    # Capacity, not the per-token throttle, is measured (servers and posters inherit these).
    os.environ.setdefault("API_THROTTLE_RATE", "1000000/min")
    os.environ.setdefault("THROTTLE_CACHE", "locmem")
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
    app, owner = _roles(connection)
    _as(connection, owner)
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    _as(connection, app)
    try:
        yield True
    finally:
        _as(connection, owner)
        connection.creation.destroy_test_db(old, verbosity=0)
        _as(connection, app)
        teardown_test_environment()


def vacuumed() -> None:
    """``VACUUM ANALYZE`` the throwaway database as its owner, once its rows are made: a
    running database's statistics are current, and autovacuum, woken by the rows just
    inserted, would otherwise take its turn in the middle of a measurement."""
    from django.db import connection
    app, owner = _roles(connection)
    _as(connection, owner)
    try:
        tables = connection.introspection.django_table_names(only_existing=True)
        with connection.cursor() as cursor:  # the system catalogs are the superuser's
            cursor.execute("VACUUM ANALYZE " + ", ".join(map(connection.ops.quote_name,
                                                             sorted(tables))))
    finally:
        _as(connection, app)


def _roles(connection) -> tuple[dict, dict]:
    """(the application role's credentials, the owner's): with two roles
    (casino/db_roles.py) the owner makes, migrates and drops the database and the benchmark
    runs as the application role, as the web and the workers do; otherwise both are the same."""
    from casino.db_roles import CREDENTIALS, owner_credentials
    app = {key: connection.settings_dict.get(key, "") for key in CREDENTIALS}
    return app, owner_credentials() or app


def _as(connection, credentials: dict) -> None:
    connection.close()
    connection.settings_dict.update(credentials)


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
