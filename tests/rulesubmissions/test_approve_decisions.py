"""Who may approve a Rules Submission version, now: one decision
(``rulesubmissions.decisions.may_approve``) that the review page, the API and
``services.submission_transition`` all ask (issue 31).

Each case is (the version's state, who wrote and submitted it, who approves) -> allowed, or
refused by what and why. The people: tara (table games manager) drafts; colin and cora are
compliance officers; chris is a compliance officer who also drafts (both roles), so he can
write a version he may then not approve.
"""

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from casino.roles import ROLES
from rulesubmissions import decisions, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(table_games_manager, compliance_officer, second_compliance_officer, make_staff):
    chris = make_staff("chris", "compliance_officer")
    chris.groups.add(Group.objects.get(name=ROLES["table_games_manager"].label))
    return {"tara": table_games_manager, "colin": compliance_officer,
            "cora": second_compliance_officer, "chris": chris}


@pytest.fixture
def version(keystone, tcp_terms, people):
    """``version(state, author)`` -> a version ``author`` wrote and submitted, in ``state``."""

    def make(state, author):
        author = people[author]
        v = services.submission_create(actor=author, property=keystone, terms=tcp_terms)
        if state != "draft":
            v = services.submission_transition(actor=author, submission=v, to="submitted")
        if state == "approved":
            v = services.submission_transition(actor=people["cora"], submission=v,
                                               to="approved",
                                               effective_date=timezone.localdate())
        return v

    return make


# (state, author, approver) -> (allowed, refused by, the reason's words)
CASES = [
    ("submitted", "tara", "colin", True, "", ""),
    ("submitted", "tara", "tara", False, "ability",
     "Your role does not approve Rules Submissions."),
    ("submitted", "chris", "chris", False, "person",
     "chris wrote and submitted version 1: another compliance officer must review it."),
    ("submitted", "chris", "colin", True, "", ""),
    ("draft", "tara", "colin", False, "state",
     "Version 1 is draft: only a submitted version can be approved"),
    ("approved", "tara", "colin", False, "state",
     "Version 1 is approved: only a submitted version can be approved"),
]
API_STATUS = {"": 200, "ability": 403, "person": 403, "state": 409}


@pytest.mark.parametrize(("state", "author", "who", "allowed", "by", "words"), CASES)
def test_each_case(version, people, state, author, who, allowed, by, words):
    decision = decisions.may_approve(people[who], version(state, author))
    assert (decision.allowed, decision.by, decision.reason) == (allowed, by, words)


@pytest.mark.parametrize(("state", "author", "who", "allowed", "by", "words"), CASES)
def test_the_review_page_and_the_api_agree(version, people, client_for, api_session_for,
                                           state, author, who, allowed, by, words):
    """The review page shows the approve form iff the API approves; the page's reason is the
    decision's, and the API refuses with the status code it always had."""
    v, user = version(state, author), people[who]
    review = client_for(user).get(reverse("rulesubmissions:review", args=[v.pk]))
    if by == "ability":
        assert review.status_code == 403
    else:
        page = review.content.decode()
        assert (reverse("rulesubmissions:approve", args=[v.pk]) in page) == allowed
        says = decisions.may_approve(user, v).says  # an approved version's page: no line
        assert (bool(says) and escape(says) in page) == (by in ("person", "state")
                                                         and state != "approved")
        assert says in ("", words)
    answer = api_session_for(user).post(f"/api/v1/rules-submissions/{v.pk}/approve/",
                                        {"effective_date": timezone.localdate().isoformat()},
                                        format="json")
    assert answer.status_code == API_STATUS[by]
    if by == "state":
        assert answer.json()["errors"] == {"status": [words]}


def test_the_service_refuses_the_author_with_the_reason(version, people):
    v = version("submitted", "chris")
    with pytest.raises(PermissionDenied, match="chris wrote and submitted version 1"):
        services.submission_transition(actor=people["chris"], submission=v, to="approved",
                                       effective_date=timezone.localdate())
