"""Each game's progressive and bonus wagers recorded and validated end to end, by the table's
approved terms (each meter seeded at $100,000, reset to $100,000). Amounts by hand from the
chapters' paytables."""

import pytest

from rulesubmissions.engine import game_spec
from tables import slips
from tables.models import Meter, SlipStatus
from tests.rulesubmissions.builders import terms_for
from tests.tables.slip_builders import D, approve, open_table, position

pytestmark = pytest.mark.django_db

CASES = [
    # game, wagers offered, options, seat, wager, round, award, odds, clause, meter after
    ("let_it_ride", ["three_card_progressive"], {}, 1, "three_card_progressive",
     {"community": ["2d", "7c"],
      "positions": [position(1, "As Ks Qs", bet_3="5.00", three_card_progressive="1.00")]},
     "100000.00", "100% of meter", "§643a.11(f)(3)(iii)(C)", "100000"),  # mini royal, reset
    ("let_it_ride", ["five_card_progressive"], {}, 1, "five_card_progressive",
     {"community": ["6h", "5h"],
      "positions": [position(1, "9h 8h 7h", bet_3="5.00", five_card_progressive="1.00")]},
     "10000.00", "10% of meter", "§643a.11(f)(3)(iv)(C)", "90000"),  # straight flush
    ("let_it_ride", ["five_card_hand_bonus"], {}, 2, "five_card_hand_bonus",
     {"community": ["Js", "Ts"],
      "positions": [position(2, "As Ks Qs", bet_3="5.00", five_card_hand_bonus="1.00")]},
     "100000.00", "100% of meter", "§643a.11(f)(3)(v)(B)", "100000"),  # royal flush
    ("pai_gow_poker", ["progressive"], {}, 1, "progressive",
     {"dealer": ["2c", "3d", "4s", "5c", "7d", "9c", "Td"],
      "positions": [position(1, "8h 9h Th Jh Qh Kh Ah", pai_gow="5.00", progressive="1.00")]},
     "100000.00", "100% of meter", "§645a.11(h)(4)(ii)(C)", "100000"),  # 7-card str. flush
    ("three_card_poker", ["five_of_six_progressive"], {}, 1, "five_of_six_progressive",
     {"dealer": ["8c", "Qd", "2d"],
      "positions": [position(1, "8s 8h 8d", pair_plus="5.00", five_of_six_progressive="1.00")]},
     "300.00", "300 for 1", "§649a.11(c)(9)(iii)", "100000"),  # four eights: 300 for 1 on $1
    ("texas_holdem_bonus", ["progressive"], {"ante_pays_on": "straight_or_better"}, 1,
     "progressive",
     {"dealer": ["4d", "6c"], "community": ["Qs", "Js", "Ts", "3d", "4c"],
      "positions": [position(1, "As Ks", ante="1.00", flop="2.00", progressive="1.00")]},
     "100000.00", "100% of meter", "§647a.11(i)(3)", "100000"),  # royal flush on the Flop
    # Baccarat Heavenly 9: a three-card nine tie, all six cards spades, 100% of the meter
    # (§631b.2(g)(1), (i)); the excerpts name no floorperson clause, the meter share is validated.
    ("baccarat", ["heavenly_9_progressive"], {}, 1, "heavenly_9_progressive",
     {"player_cards": ["Ts", "5s", "4s"], "banker_cards": ["Ts", "4s", "5s"],
      "positions": [{"seat": 1, "wagers": {"tie": "5.00", "heavenly_9_progressive": "5.00"}}]},
     "100000.00", "100% of meter", "", "100000"),
]


@pytest.mark.parametrize(("game", "offer", "options", "seat", "wager", "body", "award", "odds",
                          "clause", "after"), CASES,
                         ids=[f"{c[0]}-{c[4]}" for c in CASES])
def test_each_progressive_wager_end_to_end(game, offer, options, seat, wager, body, award,
                                           odds, clause, after, keystone, table_games_manager,
                                           compliance_officer, floor_manager, floorperson):
    terms = terms_for(game_spec(game), offer=offer)
    terms["options"].update(options)
    table = open_table(keystone, approve(keystone, terms, table_games_manager,
                                         compliance_officer), "T-1", floor_manager)
    slip = slips.slip_record(table=table, actor=floor_manager,
                             data={"seat": seat, "wager": wager, "round": body})
    assert (slip.status, slip.verification) == (SlipStatus.RECORDED, clause)
    slip = slips.slip_validate(slip=slip, actor=floorperson)
    assert (slip.award, slip.odds) == (D(award), odds)
    meter_key = next(m.key for m in game_spec(game).meters_for(wager))
    assert Meter.objects.get(table=table, key=meter_key).amount == D(after)


def test_a_pai_gow_fortune_bonus_pays_envy_to_every_other_qualifying_seat(
        keystone, table_games_manager, compliance_officer, floor_manager):
    # Seat 1's seven cards hold a straight flush (9-5 of spades): Fortune Bonus paytable 1 pays
    # 50 to 1, $250 on $5 plus the stake back, $255 (§645a.13(b)); seats 2 and 4 placed $5
    # Fortune Bonus Qualifying Wagers: an Envy Bonus of $25 each (§645a.11(h)(1)(ii)). No clause
    # asks a floorperson to verify a fixed Fortune Bonus, and $255 is below the witness
    # threshold: the slip and its Envy Bonus slips are ready to pay as recorded.
    terms = terms_for(game_spec("pai_gow_poker"), offer=["fortune_bonus"])
    table = open_table(keystone, approve(keystone, terms, table_games_manager,
                                         compliance_officer), "PG-1", floor_manager)
    body = {"dealer": ["Kd", "Qc", "Jd", "4c", "4h", "Tc", "2c"], "positions": [
        position(1, "9s 8s 7s 6s 5s 2h 3d", pai_gow="5.00", fortune_bonus="5.00"),
        position(2, "2s 3s 4d 6c 8d Ts Qd", pai_gow="5.00", fortune_bonus="5.00"),
        position(4, "Ah Kc 5c 7h 9c Jh 3c", pai_gow="5.00", fortune_bonus="5.00")]}
    slip = slips.slip_record(table=table, actor=floor_manager,
                             data={"seat": 1, "wager": "fortune_bonus", "round": body})
    assert (slip.status, slip.odds, slip.award, slip.verification) == (
        SlipStatus.VALIDATED, "50 to 1", D("255.00"), "")
    envy = [(e.number, e.seat, e.award, e.status, e.validated_by)
            for e in slip.companions.order_by("number")]
    assert envy == [(2, 2, D("25.00"), SlipStatus.VALIDATED, None),
                    (3, 4, D("25.00"), SlipStatus.VALIDATED, None)]
