"""A Texas Hold 'Em Bonus round whose stub count shows the wrong number of cards is void
(§647a.8(h)): every wager is returned, so a royal flush dealt in it is no jackpot: no slip, no
meter hit. The same round with the right count is one. Figures worked out by hand."""

import pytest

from tables.models import JackpotSlip, Meter
from tables.slips import services as slips
from tables.slips.errors import SlipError
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D

pytestmark = pytest.mark.django_db
holdem_table = sb.holdem_table


def royal_flush_round(stub_count: int) -> dict:
    # Seat 1's A-K of spades with the Flop Q-J-T of spades: a royal flush, 100% of the meter
    # (§647a.12(d)(1)). One player: a correct stub holds 52 - 2 x 2 - 3 - 5 = 40 cards.
    return {"dealer": ["4d", "6c"], "community": ["Qs", "Js", "Ts", "3d", "4c"],
            "stub_count": stub_count,
            "positions": [{"seat": 1, "cards": ["As", "Ks"], "player": "Ann",
                           "wagers": {"ante": "5.00", "flop": "10.00", "progressive": "1.00"}}]}


def record(table, actor, body):
    return slips.slip_record(table=table, actor=actor,
                             data={"seat": 1, "wager": "progressive", "round": body})


def test_a_wrong_stub_count_makes_no_jackpot(holdem_table, floor_manager):
    with pytest.raises(SlipError) as e:
        record(holdem_table, floor_manager, royal_flush_round(39))
    assert e.value.errors["wager"] == ["The Progressive Payout Wager was returned, not won "
                                       "(§647a.8(h)): a wager returned is not a jackpot."]
    assert not JackpotSlip.objects.filter(table=holdem_table).exists()
    assert Meter.objects.get(table=holdem_table, key="progressive").amount == D("100000")


def test_the_right_stub_count_pays_the_royal_flush(holdem_table, floor_manager):
    # 100% of the $100,000 meter; the meter is reseeded at its $100,000 reset amount.
    slip = record(holdem_table, floor_manager, royal_flush_round(40))
    assert (slip.award, slip.odds) == (D("100000.00"), "100% of meter")
    assert Meter.objects.get(table=holdem_table, key="progressive").amount == D("100000")
