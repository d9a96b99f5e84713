"""Each game's progressive and bonus wagers recorded and validated end to end, by the table's
approved terms (each meter seeded at $100,000, reset to $100,000; Heavenly 9's at the $10,000
its text fixes). Amounts by hand from the chapters' paytables."""

import pytest

from rulesubmissions.engine import game_spec
from tables.models import Meter, SlipStatus
from tables.slips import services as slips
from tests.rulesubmissions.builders import terms_for
from tests.tables.slip_builders import D, approve, open_table, position, validate

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
      "positions": [position(1, "As Ks", ante="5.00", flop="10.00", progressive="1.00")]},
     "100000.00", "100% of meter", "§647a.11(i)(3)", "100000"),  # royal flush on the Flop
    # Baccarat Heavenly 9: a three-card nine tie, all six cards spades, 100% of the meter
    # (§631b.2(g)(1), (i)); the excerpts name no floorperson clause, the meter share is validated.
    # Its meter seeds and reseeds at the $10,000 the text fixes (§631b.2(i)), not $100,000.
    ("baccarat", ["heavenly_9_progressive"], {}, 1, "heavenly_9_progressive",
     {"player_cards": ["Ts", "5s", "4s"], "banker_cards": ["Ts", "4s", "5s"],
      "positions": [{"seat": 1, "wagers": {"tie": "5.00", "heavenly_9_progressive": "5.00"}}]},
     "10000.00", "100% of meter", "", "10000"),
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
    # The amount is fixed and the meter hit when the slip is recorded (the jackpot lock).
    assert (slip.status, slip.verification) == (SlipStatus.RECORDED, clause)
    assert (slip.award, slip.odds) == (D(award), odds)
    meter_key = next(m.key for m in game_spec(game).meters_for(wager))
    assert Meter.objects.get(table=table, key=meter_key).amount == D(after)
    slip = validate(slip, floorperson, award)
    assert (slip.status, slip.award) == (SlipStatus.VALIDATED, D(award))
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


# Royal 9 Progressive, $5 denomination (§627b.3(f)(1)): each position's personal King-9
# combination is printed on the layout ((e)(5)). Meters: Mega $60,000 (reset $50,000), Major
# $500 (reset $450), Minor $475.50 (reset $450), at least the (f)(2) minimums.
ROYAL_9_COMBINATIONS = {"1": "Ks 9s", "2": "Kh 9h", "3": "Kd 9d", "4": "Kc 9c", "5": "Ks 9h",
                        "6": "Kh 9s", "7": "Kd 9c"}
ROYAL_9_METERS = {"royal_9_mega_jackpot": ("60000.00", "50000.00"),
                  "royal_9_major_jackpot": ("500.00", "450.00"),
                  "royal_9_minor_jackpot": ("475.50", "450.00")}


@pytest.fixture
def royal_9_table(keystone, table_games_manager, compliance_officer, floor_manager):
    terms = terms_for(game_spec("baccarat"), offer=["royal_9_progressive"])
    terms["options"]["royal_9_combinations"] = ROYAL_9_COMBINATIONS
    for key, (initial, reset) in ROYAL_9_METERS.items():
        terms["meters"][key] = {"initial": initial, "reset": reset, "rate": "5"}
    return open_table(keystone, approve(keystone, terms, table_games_manager,
                                        compliance_officer), "MB-1", floor_manager)


def _royal_9_round(player, banker, *seats):
    return {"player_cards": player.split(), "banker_cards": banker.split(),
            "positions": [{"seat": s, "wagers": {"player": "5.00", "royal_9_progressive": "5.00"}}
                          for s in seats]}


def _meter(table, key):
    return Meter.objects.get(table=table, key=key).amount


def test_royal_9_personal_king_9_on_the_player_hand_empties_the_minor_meter(
        royal_9_table, floor_manager, floorperson):
    # Seat 1's combination K♠9♠ is the Player hand (a natural 9; the Banker's 5 draws no
    # third card against a natural): 100% of the Minor Jackpot, $475.50, not from the table
    # inventory; the meter resets to $450 (§627b.3(e)(8), (f)(1)). Seat 2's wager wins its own
    # Any Suited Royal 9 ($50), on its own slip: no Envy Bonus is due to it from seat 1.
    slip = slips.slip_record(table=royal_9_table, actor=floor_manager, data={
        "seat": 1, "wager": "royal_9_progressive",
        "round": _royal_9_round("Ks 9s", "2c 3d", 1, 2)})
    assert slip.status == SlipStatus.RECORDED  # a meter pays: a second person validates
    slip = validate(slip, floorperson, "475.50")
    assert (slip.award, slip.odds, slip.paid_from, slip.witness_required) == (
        D("475.50"), "100% of meter", "not_table_inventory", False)
    assert (slip.meter_before, slip.meter_after) == (D("475.50"), D("450"))
    assert slip.meter_name == "Royal 9 Minor Jackpot"
    assert not slip.companions.exists()
    assert _meter(royal_9_table, "royal_9_mega_jackpot") == D("60000")


def test_royal_9_mega_jackpot_pays_the_meter_and_each_other_wager_its_own_mega_envy(
        royal_9_table, floor_manager, floorperson):
    # Player and Banker both hold seat 1's K♠9♠ (eight decks): seat 1 wins 100% of the Mega
    # Jackpot, $60,000.00 (a witness line: above $1,200); the meter resets to $50,000
    # (§627b.3(e)(6)). Mega Envy pays every other Royal 9 wager whether or not the position
    # holding the combination is occupied ((e)(9)): it is the other seats' own row, $5,000 on
    # the $5 table ((f)(1)), each on its own slip, from the table inventory, not the meter.
    body = _royal_9_round("Ks 9s", "Ks 9s", 1, 3, 4)
    slip = slips.slip_record(table=royal_9_table, actor=floor_manager, data={
        "seat": 1, "wager": "royal_9_progressive", "round": body})
    slip = validate(slip, floorperson, "60000.00")
    assert (slip.award, slip.witness_required) == (D("60000.00"), True)
    assert (slip.meter_before, slip.meter_after) == (D("60000"), D("50000"))
    assert not slip.companions.exists()
    envy = slips.slip_record(table=royal_9_table, actor=floor_manager, data={
        "seat": 3, "wager": "royal_9_progressive", "round": body})
    assert (envy.status, envy.award, envy.witness_required, envy.paid_from) == (
        SlipStatus.RECORDED, D("5000.00"), True, "table_inventory")
    envy = validate(envy, floorperson, "5000.00")
    assert (envy.meter_name, envy.status) == ("", SlipStatus.VALIDATED)
    assert _meter(royal_9_table, "royal_9_mega_jackpot") == D("50000")
    assert _meter(royal_9_table, "royal_9_minor_jackpot") == D("475.50")


def test_royal_9_fixed_rows_are_paid_as_the_paytable_says(royal_9_table, floor_manager):
    # Q♥9♥ on the Player hand is no position's combination: Any Suited Royal 9, $50 on the $5
    # table (§627b.3(e)(2), (f)(1)); no meter, below the witness threshold: ready to pay.
    slip = slips.slip_record(table=royal_9_table, actor=floor_manager, data={
        "seat": 2, "wager": "royal_9_progressive",
        "round": _royal_9_round("Qh 9h", "2c 3d", 2)})
    assert (slip.status, slip.award, slip.meter_name) == (SlipStatus.VALIDATED, D("50.00"), "")
