"""What ``can()`` costs: a request asks it several times (middleware, DRF permission, the
service's own check), so the abilities and properties are read once per user object; every
request loads its user afresh, so a changed role or membership counts from the next request."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from casino import services
from casino.permissions import can, property_ids
from casino.roles import ABILITIES
from casino.selectors import current_property

pytestmark = pytest.mark.django_db


def fresh(user):
    """The user as the next request loads it: a new object, nothing cached on it."""
    return get_user_model().objects.get(pk=user.pk)


def test_repeated_questions_cost_two_queries_per_user_object(floor_manager, keystone, lakeside,
                                                             django_assert_num_queries):
    user = fresh(floor_manager)
    with django_assert_num_queries(2):  # the abilities, then the properties
        answers = {(ability, prop.pk): can(user, ability, prop)
                   for ability in sorted(ABILITIES) for prop in (keystone, lakeside)}
        assert current_property(user) == keystone
        assert property_ids(user) == {keystone.pk}
        assert can(user, "tables.operate")
    with django_assert_num_queries(0):
        for _ in range(3):
            assert can(user, "slips.record", keystone) and not can(user, "slips.record", lakeside)
            assert current_property(user) == keystone
    assert answers[("tables.operate", keystone.pk)] and not answers[("audit.read", keystone.pk)]
    assert not any(allowed for (_ability, pk), allowed in answers.items() if pk == lakeside.pk)


def test_an_api_request_reads_abilities_and_property_once(api_session_for, compliance_officer):
    api = api_session_for(compliance_officer)
    api.get(reverse("api:audit-events"))  # a first request warms what is read once a process
    with CaptureQueriesContext(connection) as ctx:
        assert api.get(reverse("api:audit-events")).status_code == 200
    sql = [q["sql"] for q in ctx.captured_queries]
    assert len([s for s in sql if '"auth_permission"' in s]) == 1, sql
    assert len([s for s in sql if '"casino_staffmembership"' in s]) == 1, sql


def test_a_role_change_counts_from_the_next_request(client_for, api_session_for,
                                                    compliance_officer, keystone):
    page, api = client_for(compliance_officer), api_session_for(compliance_officer)
    assert page.get(reverse("audit_log")).status_code == 200
    assert api.get(reverse("api:audit-events")).status_code == 200
    assert can(fresh(compliance_officer), "audit.read", keystone)

    services.staff_set_role(actor=None, user=fresh(compliance_officer), role="floorperson",
                            property=keystone)

    assert page.get(reverse("audit_log")).status_code == 403
    assert api.get(reverse("api:audit-events")).status_code == 403
    assert not can(fresh(compliance_officer), "audit.read", keystone)
    assert can(fresh(compliance_officer), "slips.validate", keystone)


def test_a_removed_membership_counts_from_the_next_request(api_for, api_client, keystone):
    api = api_for(api_client)
    assert api.get("/api/v1/jackpot-slips/").status_code == 200
    assert current_property(fresh(api_client)) == keystone

    services.staff_remove(actor=None, user=api_client, property=keystone)

    # The token is refused outright: API access is held at a property (casino/tokens.py).
    assert api.get("/api/v1/jackpot-slips/").status_code == 401
    assert current_property(fresh(api_client)) is None
    assert not can(fresh(api_client), "slips.read")
