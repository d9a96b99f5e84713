"""Fixtures for the meter tests: approved terms with progressive meters, open tables."""

from decimal import Decimal

import pytest
from django.utils import timezone

from rulesubmissions import services as submissions
from rulesubmissions.engine import game_spec
from tables.meters import services as meters
from tables.models import LinkedGroup, Table
from tests.rulesubmissions.builders import terms_for

D = Decimal


def approve(property, terms, author, reviewer):
    draft = submissions.submission_create(actor=author, property=property, terms=terms)
    submissions.submission_transition(actor=author, submission=draft, to="submitted")
    return submissions.submission_transition(actor=reviewer, submission=draft, to="approved",
                                             effective_date=timezone.localdate())


def approve_newer(property, author, reviewer, effective_date, **meter):
    """A newer approved Three Card Poker version whose Five-Card Progressive terms change by
    ``meter`` (e.g. ``rate="1"``)."""
    newer = submissions.submission_new_version(actor=author, property=property,
                                               game="three_card_poker")
    terms = newer.terms()
    terms["meters"]["five_card_progressive"].update(meter)
    submissions.submission_update(actor=author, submission=newer, terms=terms)
    submissions.submission_transition(actor=author, submission=newer, to="submitted")
    return submissions.submission_transition(actor=reviewer, submission=newer, to="approved",
                                             effective_date=effective_date)


def tcp_terms(**meter):
    """Three Card Poker with the Five-Card Progressive: 0.5% to the meter, 0.25% to the
    reserve (so a $5 wager gives 2.5 cents and 1.25 cents), table limits $1-$1,000."""
    terms = terms_for(game_spec("three_card_poker"), offer=["five_card_progressive"])
    terms["wagers"]["pair_plus"] = "D"
    terms["options"]["ante_bonus"] = "A"
    terms["table_minimum"] = "1.00"
    terms["meters"]["five_card_progressive"] = {"initial": "10000.00", "reset": "10000.00",
                                                "rate": "0.5", "reserve_rate": "0.25", **meter}
    return terms


def mystery_terms(config="B-5", payment="table_inventory"):
    """Baccarat with Heavenly 9 and the Must-Hit-By configuration ``config`` (§631b.6(c)(4):
    B-5 is $100 to $500 at 2% of each qualifying wager), paid as ``payment`` names
    (§631b.6(c)(6))."""
    spec = game_spec("baccarat")
    terms = terms_for(spec, offer=["heavenly_9_progressive"])
    terms["options"]["must_hit_by"] = config
    terms["options"]["must_hit_by_payment"] = payment
    terms["meters"]["must_hit_by"] = {"initial": "100.00", "reset": "100.00", "rate": "2"}
    terms["table_minimum"] = "5.00"
    return terms


def redraw_at_the_maximum(monkeypatch):
    """Every trigger drawn from here on is the configuration's maximum. The draw is uniform
    (§631b.6(c)(3)): after a B-5 reset to $100.00, 9 draws in 40,000 fall at $100.01-$100.09,
    below the next $5 wager's $100.10, and a hand-worked test would see a second win it did not
    set. The test sets the trigger it means to cross."""
    monkeypatch.setattr(meters.secrets, "randbelow", lambda n: n - 1)


def open_table(property, submission, label, linked_group=None, positions=None):
    spec = game_spec(submission.game)
    return Table.objects.create(property=property, label=label, game=submission.game,
                                positions=positions or min(spec.positions, 7),
                                status="open", submission=submission, linked_group=linked_group)


@pytest.fixture
def tcp_submission(keystone, table_games_manager, compliance_officer):
    return approve(keystone, tcp_terms(), table_games_manager, compliance_officer)


@pytest.fixture
def tcp_table(keystone, tcp_submission):
    return open_table(keystone, tcp_submission, "TCP-1")


@pytest.fixture
def tcp_meter(tcp_table, floor_manager):
    return meters.meter_seed(table=tcp_table, key="five_card_progressive", actor=floor_manager)


@pytest.fixture
def linked_tables(keystone, tcp_submission):
    group = LinkedGroup.objects.create(property=keystone, name="Pit 1 Five-Card link",
                                       game="three_card_poker")
    return [open_table(keystone, tcp_submission, f"TCP-L{i}", linked_group=group)
            for i in (1, 2)]
