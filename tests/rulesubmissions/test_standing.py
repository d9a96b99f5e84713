"""Each approved version's standing, unmistakable wherever it is shown: In force, Scheduled
(from its date), Superseded (by version N, on its date), and what takes effect in 30 days."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rulesubmissions import selectors, services
from rulesubmissions.selectors import Standing

pytestmark = pytest.mark.django_db


def approve(tgm, officer, keystone, effective, **changes):
    """A new version of Three Card Poker copying the latest approved one, approved."""
    draft = services.submission_new_version(actor=tgm, property=keystone,
                                            game="three_card_poker")
    if changes:
        draft = services.submission_update(actor=tgm, submission=draft,
                                           terms={**draft.terms(), **changes})
    services.submission_transition(actor=tgm, submission=draft, to="submitted")
    return services.submission_transition(actor=officer, submission=draft, to="approved",
                                          effective_date=effective)


@pytest.fixture
def three_versions(approved, table_games_manager, compliance_officer, keystone):
    """v1 in force since today; v2 approved today for today (supersedes v1); v3 scheduled in
    14 days."""
    today = timezone.localdate()
    v2 = approve(table_games_manager, compliance_officer, keystone, today,
                 table_maximum="600.00")
    v3 = approve(table_games_manager, compliance_officer, keystone, today + timedelta(days=14),
                 table_maximum="700.00")
    return approved, v2, v3


def test_standing_in_force_scheduled_and_superseded(three_versions):
    v1, v2, v3 = three_versions
    today = timezone.localdate()
    standing = selectors.standings([v1, v2, v3])
    assert standing[v1.pk].code == Standing.SUPERSEDED
    assert (standing[v1.pk].by.pk, standing[v1.pk].on) == (v2.pk, today)
    assert standing[v1.pk].text == f"Superseded by version 2 on {today:%Y-%m-%d}"
    assert standing[v2.pk].code == Standing.IN_FORCE and standing[v2.pk].next.pk == v3.pk
    in_14 = today + timedelta(days=14)
    assert standing[v2.pk].text == (f"In force since {today:%Y-%m-%d}; version 3 takes over "
                                    f"on {in_14:%Y-%m-%d}")
    assert standing[v3.pk].text == f"Scheduled: in force from {in_14:%Y-%m-%d}, not yet"
    # The day v3 takes effect, it is in force and v2 superseded by it.
    later = selectors.standings([v2, v3], on=in_14)
    assert later[v3.pk].code == Standing.IN_FORCE
    assert (later[v2.pk].code, later[v2.pk].by.pk) == (Standing.SUPERSEDED, v3.pk)


def test_a_draft_has_no_standing(draft):
    assert selectors.standing(draft).code == "" and selectors.standing(draft).as_dict() is None


def test_the_list_shows_each_versions_standing_and_the_upcoming_change(
        client_for, auditor, three_versions):
    v1, v2, v3 = three_versions
    html = client_for(auditor).get(reverse("rulesubmissions:list")).content.decode()
    assert html.count('data-standing="superseded"') == 1
    assert html.count('data-standing="in_force"') == 1
    assert html.count('data-standing="scheduled"') == 1
    upcoming = html[html.index('id="upcoming"'):html.index('id="submission-table"')]
    in_14 = timezone.localdate() + timedelta(days=14)
    assert f'<td class="nowrap">{in_14:%Y-%m-%d}</td>' in upcoming
    assert reverse("rulesubmissions:detail", args=[v3.pk]) in upcoming


def test_the_detail_and_print_of_a_superseded_version_say_so(client_for, auditor,
                                                           three_versions):
    v1, v2, _ = three_versions
    today = f"{timezone.localdate():%Y-%m-%d}"
    detail = client_for(auditor).get(reverse("rulesubmissions:detail", args=[v1.pk]))
    html = detail.content.decode()
    assert f"Superseded by version 2 on {today}" in html
    assert reverse("rulesubmissions:detail", args=[v2.pk]) in html
    printed = client_for(auditor).get(reverse("rulesubmissions:print", args=[v1.pk]))
    page = printed.content.decode()
    assert '<div class="watermark" id="watermark" aria-hidden="true">SUPERSEDED</div>' in page
    assert f"@bottom-center {{ content: \"SUPERSEDED as of {today}\"; }}" in page


def test_a_scheduled_print_is_watermarked_and_the_in_force_one_is_not(client_for, auditor,
                                                                     three_versions):
    _, v2, v3 = three_versions
    scheduled = client_for(auditor).get(reverse("rulesubmissions:print", args=[v3.pk]))
    assert ">NOT YET IN FORCE</div>" in scheduled.content.decode()
    in_force = client_for(auditor).get(reverse("rulesubmissions:print", args=[v2.pk]))
    assert 'id="watermark"' not in in_force.content.decode()


def test_the_api_gives_each_versions_standing(api_session_for, auditor, three_versions):
    v1, v2, v3 = three_versions
    today = timezone.localdate()
    rows = {r["id"]: r for r in api_session_for(auditor).get(
        "/api/v1/rules-submissions/").json()["results"]}
    assert rows[v1.pk]["standing"]["code"] == "superseded"
    assert rows[v1.pk]["standing"]["superseded_by"] == {"id": v2.pk, "version": 2,
                                                         "on": today.isoformat()}
    assert rows[v2.pk]["standing"]["next"]["version"] == 3
    assert rows[v3.pk]["standing"]["label"] == "Scheduled"
    detail = api_session_for(auditor).get(f"/api/v1/rules-submissions/{v3.pk}/").json()
    assert detail["standing"]["since"] == (today + timedelta(days=14)).isoformat()
    assert detail["game_name"] == "Three Card Poker"


def test_the_dashboard_shows_the_standing_and_the_upcoming_change(client_for, auditor,
                                                                  three_versions):
    html = client_for(auditor).get(reverse("dashboard")).content.decode()
    in_force = html[html.index('id="panel-in-force"'):]
    assert 'data-standing="in_force"' in in_force and "version 3 takes over" in in_force
    assert 'id="upcoming"' in html
