"""Two people changing one draft at once: no change is lost, the audit trail records only
what each one changed, and a writer holding an old version is refused (412 / a clear message)
instead of overwriting."""

from decimal import Decimal

import pytest
from django.db import connection
from django.urls import reverse

from rulesubmissions.models import RulesSubmission
from tests.audit_events import events_about
from tests.ci import in_ci
from tests.threads import at_once

LIST = "/api/v1/rules-submissions/"


@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_patches_both_survive(api_session_for, table_games_manager, draft):
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("SQLite cannot run two writers at once; the row lock is PostgreSQL's")
    url = f"{LIST}{draft.pk}/"
    for _round in range(5):
        minimum = api_session_for(table_games_manager)
        maximum = api_session_for(table_games_manager)
        low, high = RulesSubmission.objects.values_list(
            "table_minimum", "table_maximum").get(pk=draft.pk)
        low, high = low + 1, high + 100
        responses = at_once(
            lambda c=minimum, v=low: c.patch(url, {"table_minimum": str(v)}, format="json"),
            lambda c=maximum, v=high: c.patch(url, {"table_maximum": str(v)}, format="json"))
        assert [r.status_code for r in responses] == [200, 200], responses
        stored = RulesSubmission.objects.get(pk=draft.pk)
        assert (stored.table_minimum, stored.table_maximum) == (low, high)
    # Five rounds, two changes each: every audit event changes exactly one of the two fields.
    updates = events_about(draft).filter(action="rulesubmissions.submission.update")
    assert updates.count() == 10
    for event in updates:
        changed = {k for k in ("table_minimum", "table_maximum")
                   if event.before[k] != event.after[k]}
        assert len(changed) == 1, (event.before, event.after)


@pytest.mark.django_db
def test_the_detail_has_an_etag_that_changes_with_every_write(api_session_for,
                                                              table_games_manager, draft):
    client = api_session_for(table_games_manager)
    first = client.get(f"{LIST}{draft.pk}/")["ETag"]
    assert first.startswith('"') and first.endswith('"') and len(first) > 10
    changed = client.patch(f"{LIST}{draft.pk}/", {"table_minimum": "6.00"}, format="json",
                           HTTP_IF_MATCH=first)
    assert changed.status_code == 200, changed.content
    assert changed["ETag"] != first
    assert client.get(f"{LIST}{draft.pk}/")["ETag"] == changed["ETag"]


@pytest.mark.django_db
def test_a_write_with_a_stale_etag_is_a_412_and_changes_nothing(api_session_for,
                                                                table_games_manager, draft):
    client = api_session_for(table_games_manager)
    stale = client.get(f"{LIST}{draft.pk}/")["ETag"]
    assert client.patch(f"{LIST}{draft.pk}/", {"table_minimum": "6.00"}, format="json",
                        HTTP_IF_MATCH=stale).status_code == 200
    for method in ("patch", "put"):
        response = getattr(client, method)(f"{LIST}{draft.pk}/", {"table_maximum": "900.00"},
                                           format="json", HTTP_IF_MATCH=stale)
        assert response.status_code == 412
        assert "changed by someone else" in response.json()["errors"]["If-Match"][0]
    stored = RulesSubmission.objects.get(pk=draft.pk)
    assert (stored.table_minimum, stored.table_maximum) == (Decimal("6.00"), Decimal("1000.00"))


@pytest.mark.django_db
def test_if_match_star_or_none_writes_as_before(api_session_for, table_games_manager, draft):
    client = api_session_for(table_games_manager)
    assert client.patch(f"{LIST}{draft.pk}/", {"table_minimum": "7.00"}, format="json",
                        HTTP_IF_MATCH="*").status_code == 200
    assert client.patch(f"{LIST}{draft.pk}/", {"table_minimum": "8.00"},
                        format="json").status_code == 200


@pytest.mark.django_db
def test_a_stale_save_in_the_editor_is_refused_with_a_clear_message(client_for,
                                                                    table_games_manager, draft):
    client = client_for(table_games_manager)
    url = reverse("rulesubmissions:edit", args=[draft.pk])
    page = client.get(url)
    etag = page.context["etag"]
    assert f'name="etag" value="{etag}"' in page.text
    api = client_for(table_games_manager)
    api.patch(f"{LIST}{draft.pk}/", '{"table_minimum": "9.00"}', content_type="application/json")
    # The version is checked before the terms, so the rest of the form does not matter here.
    response = client.post(url, {"etag": etag, "table_maximum": "800.00"})
    assert response.status_code == 409
    assert "was changed by someone else" in response.text
    assert "your change was not saved" in response.text
    stored = RulesSubmission.objects.get(pk=draft.pk)
    assert (stored.table_minimum, stored.table_maximum) == (Decimal("9.00"), Decimal("1000.00"))

