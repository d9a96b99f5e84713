"""A Pai Gow Poker jackpot slip under the Rules Submission's payout limit (§645a.13(j)): the slip
records the award the engine caps, the meter is hit by that amount only and, the award not
being paid out whole, keeps the rest and is not reseeded. Figures worked out by hand."""

import pytest

from rulesubmissions.engine import game_spec
from tables.models import Meter, MeterEntry, SlipStatus
from tables.slips import services as slips
from tests.rulesubmissions.builders import terms_for
from tests.tables.slip_builders import D, approve, open_table, position, validate

pytestmark = pytest.mark.django_db

SEVEN_CARD_STRAIGHT_FLUSH = "8h 9h Th Jh Qh Kh Ah"  # 100% of the meter (§645a.13(e)(1))
ROUND = {"dealer": ["2c", "3d", "4s", "5c", "7d", "9c", "Td"],
         "positions": [position(1, SEVEN_CARD_STRAIGHT_FLUSH, pai_gow="5.00",
                                progressive="1.00")]}


def pai_gow_table(prop, author, reviewer, floor_manager, limit: str):
    """Pai Gow Poker offering the Progressive Payout Wager, its meter seeded and reset at
    $100,000 (tests.rulesubmissions.builders.SEED), with ``limit`` as the payout limit."""
    terms = terms_for(game_spec("pai_gow_poker"), offer=["progressive"], payout_limit=limit)
    return open_table(prop, approve(prop, terms, author, reviewer), "PG-1", floor_manager)


def test_a_capped_meter_award_hits_the_meter_by_what_is_paid_and_does_not_reseed_it(
        keystone, table_games_manager, compliance_officer, floor_manager, floorperson):
    # 100% of the $100,000 meter on the $1 wager nets $99,999, over the $50,000 limit: the hand
    # wins $50,000 and the slip pays $50,001 (the $1 stake and $50,000). The meter is hit by
    # $50,001 and keeps 100,000 - 50,001 = $49,999; no reset row.
    table = pai_gow_table(keystone, table_games_manager, compliance_officer, floor_manager,
                          "50000.00")
    slip = slips.slip_record(table=table, actor=floor_manager,
                             data={"seat": 1, "wager": "progressive", "round": ROUND})
    assert slip.award == D("50001.00")
    assert slip.odds == "100% of meter, limited by the $50,000.00 payout limit"
    assert "§645a.13(j)" in slip.rule
    assert (slip.meter_before, slip.meter_after) == (D("100000"), D("49999"))
    kinds = list(MeterEntry.objects.filter(reference=slip.meter_reference())
                 .order_by("pk").values_list("kind", flat=True))
    assert kinds == ["hit"]
    meter = Meter.objects.get(table=table, key="progressive")
    assert (meter.amount, meter.total_paid) == (D("49999"), D("50001.00"))
    slip = validate(slip, floorperson, "50001.00")
    assert (slip.status, slip.award) == (SlipStatus.VALIDATED, D("50001.00"))
    assert Meter.objects.get(table=table, key="progressive").amount == D("49999")


def test_an_award_within_the_limit_is_paid_whole_and_reseeds_the_meter(
        keystone, table_games_manager, compliance_officer, floor_manager):
    # A $100,000 limit: 100% of $100,000 nets $99,999, within it: the slip pays $100,000, the
    # meter is hit by $100,000 and reseeded at its $100,000 reset amount.
    table = pai_gow_table(keystone, table_games_manager, compliance_officer, floor_manager,
                          "100000.00")
    slip = slips.slip_record(table=table, actor=floor_manager,
                             data={"seat": 1, "wager": "progressive", "round": ROUND})
    assert (slip.award, slip.odds) == (D("100000.00"), "100% of meter")
    kinds = list(MeterEntry.objects.filter(reference=slip.meter_reference())
                 .order_by("pk").values_list("kind", flat=True))
    assert kinds == ["hit", "reset"]
    assert Meter.objects.get(table=table, key="progressive").amount == D("100000")
