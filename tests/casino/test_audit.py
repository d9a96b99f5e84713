"""The audit trail is append-only everywhere: ORM, querysets, admin, and the database."""

import datetime as dt
import html
import re

import pytest
from django.db import DatabaseError, connection, transaction
from django.urls import reverse
from django.utils import timezone

from casino import services
from casino.audit import audit_record
from casino.audit_display import action_name
from casino.models import AuditEvent, AuditLogImmutable
from tests.audit_events import events_about
from tests.ci import in_ci

pytestmark = pytest.mark.django_db

# The page names each action in words (its code stays in the API and the CSV).
INSPECTED, STAFF_ADDED = action_name("casino.property.inspect"), action_name("casino.staff.add")


@pytest.fixture
def event(keystone, compliance_officer):
    return audit_record(actor=compliance_officer, action="casino.property.inspect",
                        target=keystone, before={"a": 1}, after={"a": 2})


def test_audit_record_keeps_who_what_where_and_before_after(event, keystone, compliance_officer):
    event.refresh_from_db()
    assert event.actor == compliance_officer and event.actor_repr == "colin"
    assert event.property == keystone
    assert event.target_key() == f"casino.property:{keystone.pk}"
    assert event.target_repr == str(keystone)
    assert (event.before, event.after) == ({"a": 1}, {"a": 2})


def test_audit_record_insists_on_a_namespaced_action(keystone):
    with pytest.raises(ValueError, match="namespaced"):
        audit_record(actor=None, action="approve", target=keystone)


def test_saving_an_existing_event_is_refused(event):
    event.action = "casino.property.tampered"
    with pytest.raises(AuditLogImmutable):
        event.save()
    assert AuditEvent.objects.get(pk=event.pk).action == "casino.property.inspect"


def test_deleting_an_event_is_refused(event):
    with pytest.raises(AuditLogImmutable):
        event.delete()
    assert AuditEvent.objects.filter(pk=event.pk).exists()


def test_queryset_update_and_delete_are_refused(event):
    with pytest.raises(AuditLogImmutable):
        AuditEvent.objects.filter(pk=event.pk).update(action="casino.x.y")
    with pytest.raises(AuditLogImmutable):
        AuditEvent.objects.all().delete()
    with pytest.raises(AuditLogImmutable):
        AuditEvent.objects.bulk_update([event], ["action"])
    assert AuditEvent.objects.get(pk=event.pk).action == "casino.property.inspect"


def test_the_database_refuses_raw_updates_and_deletes_on_postgresql(event):
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("the trigger exists on PostgreSQL only")
    for sql in ("UPDATE casino_auditevent SET action = 'x.y.z' WHERE id = %s",
                "DELETE FROM casino_auditevent WHERE id = %s"):
        # The restricted application role is refused by its grants, the owner by the trigger.
        with (pytest.raises(DatabaseError, match="append-only|permission denied"),
              transaction.atomic(),
              connection.cursor() as cursor):
            cursor.execute(sql, [event.pk])
    assert AuditEvent.objects.get(pk=event.pk).action == "casino.property.inspect"


def test_admin_cannot_add_change_or_delete_events(admin_client, event):
    change_url = reverse("admin:casino_auditevent_change", args=[event.pk])
    assert admin_client.get(reverse("admin:casino_auditevent_add")).status_code == 403
    assert admin_client.get(change_url).status_code == 200  # read-only view
    assert admin_client.post(change_url, {"action": "casino.x.y"}).status_code == 403
    delete_url = reverse("admin:casino_auditevent_delete", args=[event.pk])
    assert admin_client.post(delete_url, {"post": "yes"}).status_code == 403
    changelist = admin_client.get(reverse("admin:casino_auditevent_changelist"))
    assert changelist.status_code == 200 and "delete_selected" not in changelist.text
    assert AuditEvent.objects.get(pk=event.pk).action == "casino.property.inspect"


def test_services_audit_property_and_staff_changes(keystone, compliance_officer, floorperson):
    services.property_update(actor=compliance_officer, property=keystone,
                             name="Keystone Downs", license_number="PA-TG-1001")
    services.staff_set_role(actor=compliance_officer, user=floorperson, role="floor_manager",
                            property=keystone)
    update = AuditEvent.objects.get(action="casino.property.update")
    assert update.before["name"] == "Keystone Downs Casino"
    assert update.after["name"] == "Keystone Downs"
    role = events_about(floorperson).filter(action="casino.staff.set_role")
    assert role.first().before == {"roles": ["floorperson"]}
    assert role.first().after == {"roles": ["floor_manager"]}


def rows(response) -> str:
    """The events shown (the filter form lists every action's name too)."""
    html = response.content.decode()
    html = html[html.find('id="audit-table"'):]  # the events, not the chains' status
    return html[html.index("<tbody>"):html.index("</tbody>")]


def test_audit_page_filters_by_target_user_action_and_dates(client_for, auditor, keystone,
                                                             compliance_officer, event):
    client = client_for(auditor)
    url = reverse("audit_log")
    by_target = client.get(url, {"target": f"casino.property:{keystone.pk}"})
    assert INSPECTED in rows(by_target)
    assert STAFF_ADDED not in rows(by_target)
    assert INSPECTED in rows(client.get(url, {"user": "colin"}))
    assert INSPECTED not in rows(client.get(url, {"user": "ada"}))
    assert INSPECTED not in rows(client.get(url, {"action": "casino.staff"}))
    today = timezone.localdate()
    assert INSPECTED in rows(client.get(
        url, {"date_from": today.isoformat(), "date_to": today.isoformat()}))
    tomorrow = (today + dt.timedelta(days=1)).isoformat()
    assert INSPECTED not in rows(client.get(url, {"date_from": tomorrow}))


def test_audit_page_explains_a_bad_target_instead_of_failing(client_for, auditor):
    response = client_for(auditor).get(reverse("audit_log"), {"target": "nonsense"})
    assert response.status_code == 200
    assert "pick one from the list" in response.text
    assert "app_label" not in response.text  # words for staff, not the API's format


def test_audit_page_answers_htmx_with_the_table_partial(client_for, auditor, event):
    response = client_for(auditor).get(reverse("audit_log"), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "<html" not in response.text and INSPECTED in response.text


def _link(page, rel: str) -> str:
    found = re.search(rf'<a href="(\?[^"]+)" rel="{rel}">', page.text)
    return html.unescape(found.group(1)) if found else ""


def test_audit_page_is_paginated(client_for, auditor, keystone):
    """Keyset pages (an "older" link carries where the page ended, never an offset)."""
    for i in range(60):
        audit_record(actor=None, action=f"casino.test.event{i}", target=keystone)
    client = client_for(auditor)
    page1 = client.get(reverse("audit_log"))
    assert "Page 1 of 2" in page1.text and not _link(page1, "prev")
    assert action_name("casino.test.event59") in rows(page1)  # newest first
    page2 = client.get(reverse("audit_log") + _link(page1, "next"))
    assert "Page 2 of 2" in page2.text and not _link(page2, "next")
    assert action_name("casino.test.event0") in rows(page2)
    assert action_name("casino.test.event59") not in rows(page2)
    back = client.get(reverse("audit_log") + _link(page2, "prev"))
    assert "Page 1 of 2" in back.text and rows(back) == rows(page1)


def test_object_pages_link_to_their_history_for_audit_readers(client_for, auditor, floorperson,
                                                              keystone):
    url = reverse("property_detail", args=[keystone.pk])
    history = f"/audit/?target=casino.property%3A{keystone.pk}"
    assert history in client_for(auditor).get(url).text
    assert history not in client_for(floorperson).get(url).text


def test_audit_events_api_lists_with_a_fixed_number_of_queries(api_session_for, auditor, keystone,
                                                               django_assert_max_num_queries):
    for i in range(20):
        audit_record(actor=auditor, action=f"casino.test.event{i}", target=keystone)
    client = api_session_for(auditor)
    client.get(reverse("api:audit-events"))  # the session's idle clock is written once a minute
    with django_assert_max_num_queries(8):
        response = client.get(reverse("api:audit-events"))
    assert response.status_code == 200
    assert response.json()["count"] >= 20
