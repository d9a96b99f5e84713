"""Each role's dashboard lists what that role works from, at its own property only."""

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from rulesubmissions.models import RulesSubmission
from tables.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo(client_for):
    """The demo casino; ``demo(username)`` is that demo user's dashboard HTML."""
    call_command("load_demo")

    def dashboard(username):
        user = get_user_model().objects.get(username=username)
        response = client_for(user).get(reverse("dashboard"))
        assert response.status_code == 200
        return response.text

    return dashboard


def _submission(game):
    return RulesSubmission.objects.get(game=game)


def test_compliance_officer_sees_the_queue_with_a_review_link_and_recent_approvals(demo):
    html = demo("compliance")
    let_it_ride = _submission("let_it_ride")
    assert 'id="panel-queue"' in html
    assert reverse("rulesubmissions:review", args=[let_it_ride.pk]) in html
    assert 'id="panel-approved"' in html
    assert reverse("rulesubmissions:detail", args=[_submission("three_card_poker").pk]) in html


def test_table_games_manager_sees_their_drafts_and_submissions_but_no_queue(demo):
    html = demo("tgm")
    assert 'id="panel-open"' in html and 'id="panel-queue"' not in html
    for game in ("pai_gow_poker", "let_it_ride"):
        assert reverse("rulesubmissions:detail", args=[_submission(game).pk]) in html
    approved = reverse("rulesubmissions:detail", args=[_submission("three_card_poker").pk])
    assert html.count(approved) == 1  # in the games in force, not among the open ones


def test_auditor_sees_recent_audit_events_linked_to_their_history(demo):
    html = demo("auditor")
    assert 'id="panel-events"' in html
    assert "Table opened" in html  # the action in words (the demo's last: TCP-1 opens)
    history = f"/audit/?target=tables.table%3A{Table.objects.get(label='TCP-1').pk}"
    assert history in html


def test_floor_staff_see_the_games_in_force_without_links_they_cannot_follow(demo):
    html = demo("floorperson")
    assert 'id="panel-in-force"' in html and "$5.00" in html and "$500.00" in html
    assert "Pair Plus Wager (Pair Plus paytable D)" in html
    assert "/rules-submissions/" not in html
    assert 'id="panel-events"' not in html and 'id="panel-open"' not in html
    assert reverse("api-docs") not in html  # floor staff never land on Swagger (issue 30)
    assert "Settle a round" not in html


def test_only_an_integrator_has_the_settle_card_to_the_api_docs(demo):
    html = demo("api")
    assert "Settle a round" in html and reverse("api-docs") in html


def test_someone_from_another_property_sees_none_of_our_lists(demo):
    html = demo("outsider")
    assert "Let It Ride" not in html and "Three Card Poker" not in html
    assert "No game has an approved Rules Submission in force yet." in html


def test_load_demo_prints_the_curl_example_for_the_given_url(capsys):
    call_command("load_demo", url="http://127.0.0.1:8790/")
    assert "http://127.0.0.1:8790/api/v1/me/" in capsys.readouterr().out


def test_a_superuser_with_no_staff_membership_gets_the_dashboard(client_for, django_user_model,
                                                                 keystone):
    """A superuser belongs to no property: the dashboard shows, without property cards."""
    root = django_user_model.objects.create_superuser("root", password="x-long-password-1")
    response = client_for(root).get(reverse("dashboard"))
    assert response.status_code == 200
    assert reverse("property_detail", args=[keystone.pk]) not in response.text


def test_a_superuser_with_no_staff_membership_opens_every_page_of_the_bar(client_for,
                                                                         django_user_model):
    """Each link of the navigation bar answers a page (or a refusal), never a server error."""
    from casino.navigation import nav_for

    root = django_user_model.objects.create_superuser("root", password="x-long-password-1")
    client = client_for(root)
    for link in nav_for(root, None):
        assert client.get(link["url"]).status_code < 500, link["label"]


def test_the_auditor_reaches_submissions_catalog_and_slips_from_the_dashboard(demo):
    main = demo("auditor").split("<main", 1)[1]  # the cards, not the navigation bar
    for url in (reverse("rulesubmissions:list"), reverse("rulesubmissions:paytables"),
                reverse("tables:slip-list")):
        assert f'href="{url}"' in main


def test_cards_are_in_words_for_staff(demo):
    html = demo("compliance")
    assert "/api/v1/" not in html.split("<main", 1)[1]  # no endpoint paths on the dashboard
