"""Rules Submission fixtures on top of the personas of tests/conftest.py."""

from datetime import timedelta

import pytest
from django.utils import timezone

from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for


@pytest.fixture
def tcp_terms():
    """Three Card Poker with Ante Bonus A, Pair Plus D and the Five-Card Progressive at its
    $10,000 minimum."""
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus",
                                                              "five_card_progressive"])
    terms["wagers"]["pair_plus"] = "D"
    terms["options"]["ante_bonus"] = "A"
    terms["meters"]["five_card_progressive"] = {"initial": "10000.00", "reset": "10000.00",
                                                "rate": "5", "reserve_rate": "1"}
    return terms


@pytest.fixture
def second_compliance_officer(make_staff):
    return make_staff("cora", "compliance_officer")


@pytest.fixture
def draft(table_games_manager, keystone, tcp_terms):
    return services.submission_create(actor=table_games_manager, property=keystone,
                                      terms=tcp_terms)


@pytest.fixture
def submitted(draft, table_games_manager):
    return services.submission_transition(actor=table_games_manager, submission=draft,
                                          to="submitted")


@pytest.fixture
def approved(submitted, compliance_officer):
    return services.submission_transition(actor=compliance_officer, submission=submitted,
                                          to="approved", effective_date=timezone.localdate())


@pytest.fixture
def tomorrow():
    return timezone.localdate() + timedelta(days=1)
