"""Decisions with confirmation and acknowledgement: each says what will happen, then what
happened; the review history is a timeline; a refusal gives its real reason."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from rulesubmissions import services
from rulesubmissions.models import Status

pytestmark = pytest.mark.django_db


def test_approving_for_a_later_date_says_it_will_be_scheduled(client_for, approved, keystone,
                                                             table_games_manager,
                                                             compliance_officer):
    """Version 2, approved for a day two weeks on, is scheduled; version 1 stays in force."""
    v2 = services.submission_new_version(actor=table_games_manager, property=keystone,
                                         game="three_card_poker")
    services.submission_transition(actor=table_games_manager, submission=v2, to="submitted")
    later = timezone.localdate() + timedelta(days=14)
    officer = client_for(compliance_officer)
    confirm = officer.post(reverse("rulesubmissions:approve", args=[v2.pk]),
                           {"effective_date": later.isoformat()}).content.decode()
    assert (f"Version 2 will be scheduled: in force from {later:%Y-%m-%d}, not before."
            in confirm)
    assert "Version 1 stays in force until then." in confirm
    assert '<input type="hidden" name="confirm" value="yes">' in confirm
    done = officer.post(reverse("rulesubmissions:approve", args=[v2.pk]),
                        {"effective_date": later.isoformat(), "confirm": "yes"}, follow=True)
    assert (f"Version 2 approved: scheduled, in force from {later:%Y-%m-%d}."
            in done.content.decode())


def test_a_return_is_confirmed_then_acknowledged_and_the_history_keeps_the_comment(
        client_for, submitted, compliance_officer, table_games_manager, tcp_terms):
    officer = client_for(compliance_officer)
    url = reverse("rulesubmissions:return", args=[submitted.pk])
    confirm = officer.post(url, {"comment": "Rate too low"}).content.decode()
    assert "Your comment: Rate too low" in confirm
    done = officer.post(url, {"comment": "Rate too low", "confirm": "yes"}, follow=True)
    assert f"Version 1 returned to {table_games_manager.username}." in done.content.decode()
    services.submission_transition(actor=table_games_manager, submission=submitted,
                                   to="submitted")
    detail = client_for(table_games_manager).get(
        reverse("rulesubmissions:detail", args=[submitted.pk])).content.decode()
    assert 'id="current-comment"' not in detail  # resubmitted: the comment is history now
    timeline = detail[detail.index('id="history"'):]
    assert timeline.index("Returned with comments") < timeline.rindex("Submitted")
    assert "<blockquote>Rate too low</blockquote>" in timeline


def test_amend_is_confirmed_and_acknowledged(client_for, approved, table_games_manager):
    tgm = client_for(table_games_manager)
    url = reverse("rulesubmissions:new-version", args=[approved.pk])
    assert "start a new version?" in tgm.post(url).content.decode()
    done = tgm.post(url, {"confirm": "yes"}, follow=True).content.decode()
    assert "Draft version 2 made from the approved version" in done


def test_editing_an_approved_version_gives_the_real_reason(client_for, approved,
                                                           table_games_manager):
    response = client_for(table_games_manager).get(
        reverse("rulesubmissions:edit", args=[approved.pk]), follow=True)
    html = response.content.decode()
    assert "Your role does not allow this" not in html
    assert ("Version 1 is approved: only a draft or a returned version can be changed; use "
            "Amend to start a new version.") in html


def test_approving_an_approved_version_gives_the_real_reason(client_for, approved,
                                                             second_compliance_officer):
    response = client_for(second_compliance_officer).post(
        reverse("rulesubmissions:approve", args=[approved.pk]),
        {"effective_date": timezone.localdate().isoformat(), "confirm": "yes"}, follow=True)
    assert "Version 1 is approved: only a submitted version can be approved" in \
        response.content.decode()


def test_money_is_read_as_people_type_it(table_games_manager, keystone, tcp_terms):
    terms = {**tcp_terms, "table_minimum": "$5", "table_maximum": "$1,000",
             "meters": {"five_card_progressive": {"initial": "$10,000.00", "reset": "10000",
                                                  "rate": "5%", "reserve_rate": "1"}}}
    s = services.submission_create(actor=table_games_manager, property=keystone, terms=terms)
    assert (str(s.table_minimum), str(s.table_maximum)) == ("5.00", "1000.00")
    assert s.meters["five_card_progressive"]["initial"] == "10000.00"
    assert s.status == Status.DRAFT
