"""Fixtures for the jackpot slip tests: approved terms with progressive meters, open tables
with seeded meters, and the people on the floor. Amounts are chosen so every figure can be
worked out by hand."""

from decimal import Decimal

import pytest
from django.utils import timezone

from rulesubmissions import services as submissions
from rulesubmissions.engine import game_spec
from tables.meters import services as meters
from tables.models import LinkedGroup, Table
from tables.slips import services as slips
from tests.rulesubmissions.builders import terms_for

D = Decimal
TCP_METERS = {"three_card_progressive": "5000.00", "five_card_progressive": "20000.00",
              "five_of_six_progressive": "20000.00", "five_card_hand_bonus": "10000.00"}


def approve(prop, terms, author, reviewer):
    draft = submissions.submission_create(actor=author, property=prop, terms=terms)
    submissions.submission_transition(actor=author, submission=draft, to="submitted")
    return submissions.submission_transition(actor=reviewer, submission=draft, to="approved",
                                             effective_date=timezone.localdate())


def tcp_terms() -> dict:
    """Three Card Poker with every progressive and the Five Card Hand Bonus; each meter starts
    and resets at the amount in ``TCP_METERS`` (the Five-Card meters reset at $10,000)."""
    spec = game_spec("three_card_poker")
    offer = ["three_card_progressive", "five_card_progressive", "five_of_six_progressive",
             "five_card_hand_bonus_player", "five_card_hand_bonus_dealer"]
    terms = terms_for(spec, offer=offer)
    terms["wagers"]["pair_plus"] = "three_card_poker.pair_plus.D"
    terms["wagers"]["three_card_progressive"] = "three_card_poker.three_card_progressive.trips"
    terms["options"]["ante_bonus"] = "A"
    terms["table_minimum"] = "1.00"
    for key, amount in TCP_METERS.items():
        terms["meters"][key] = {"initial": amount, "reset": "10000.00" if amount == "20000.00"
                                else amount, "rate": "5"}
    return terms


def holdem_terms() -> dict:
    spec = game_spec("texas_holdem_bonus")
    terms = terms_for(spec, offer=["progressive", "five_card_hand_bonus_player",
                                   "five_card_hand_bonus_dealer"])
    terms["options"]["ante_pays_on"] = "straight_or_better"
    terms["table_minimum"] = "1.00"
    terms["meters"]["five_card_hand_bonus"] = {"initial": "10000.00", "reset": "10000.00",
                                               "rate": "5"}
    return terms


def open_table(prop, submission, label, seed_by):
    table = Table.objects.create(
        property=prop, label=label, game=submission.game,
        positions=game_spec(submission.game).positions, status="open", submission=submission,
        progressive_system="PTGS-1", progressive_lockout=True,
        electronic_wagering_system="EWS-1")
    for key in submission.meters:
        meters.meter_seed(table=table, key=key, actor=seed_by)
    return table


def linked_tcp_tables(prop, author, reviewer, seed_by) -> list:
    """Two open Three Card Poker tables, L-1 and L-2, of one linked group sharing each meter
    (§605a.8), the meters seeded once for the group."""
    terms = approve(prop, tcp_terms(), author, reviewer)
    group = LinkedGroup.objects.create(property=prop, name="Pit 1 link", game="three_card_poker")
    tables = [Table.objects.create(property=prop, label=f"L-{n}", game="three_card_poker",
                                   positions=7, status="open", submission=terms,
                                   linked_group=group, progressive_system=f"PTGS-{n}",
                                   progressive_lockout=True) for n in (1, 2)]
    for key in terms.meters:
        meters.meter_seed(table=tables[0], key=key, actor=seed_by)
    return tables


def position(seat, cards, **wagers):
    return {"seat": seat, "cards": cards.split(), "wagers": wagers}


def tcp_round(*positions, dealer="Qd 3c 2d", community=None) -> dict:
    body = {"dealer": dealer.split(), "positions": list(positions)}
    if community:
        body["community"] = community.split()
    return body


@pytest.fixture
def tcp_table(keystone, table_games_manager, compliance_officer, floor_manager):
    return open_table(keystone, approve(keystone, tcp_terms(), table_games_manager,
                                        compliance_officer), "TCP-1", floor_manager)


@pytest.fixture
def holdem_table(keystone, table_games_manager, compliance_officer, floor_manager):
    return open_table(keystone, approve(keystone, holdem_terms(), table_games_manager,
                                        compliance_officer), "UTH-1", floor_manager)


@pytest.fixture
def second_floorperson(make_staff):
    return make_staff("paula", "floorperson")


@pytest.fixture
def record(floor_manager):
    """``record(table, seat, wager, round)`` -> the recorded slip."""

    def make(table, seat, wager, body, actor=None, key=""):
        return slips.slip_record(table=table, actor=actor or floor_manager,
                                 data={"seat": seat, "wager": wager, "round": body,
                                       "idempotency_key": key})

    return make


def validate(slip, actor, total: str | None = None):
    """Validate as the validator does on the slip's page: confirming the total of every payout
    it shows (``total``: a hand-worked figure; by default the slips' own total)."""
    from tables.slips.validation import family
    from tables.slips.validation import total as payouts_total

    seen = total if total is not None else f"{payouts_total(family(slip)):.2f}"
    return slips.slip_validate(slip=slip, actor=actor, data={"total": seen})


def void(slip, asker, confirmer, reason="Wrong seat recorded"):
    """Two people void ``slip``: one asks with the reason, another confirms."""
    slips.slip_void(slip=slip, actor=asker, data={"reason": reason})
    return slips.slip_void_confirm(slip=slip, actor=confirmer)
