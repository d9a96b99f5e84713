"""The shared Five Card Hand Bonus (§643a.12(f), §647a.12(e)): every row, the dealer's-hand
division, the meter as it stands at each payment, and the Magic Card and Lucky Bonus draws."""

from decimal import Decimal

import pytest

from games import five_card_hand_bonus as fchb
from games.cards import parse_cards
from games.errors import InvalidRound
from games.payload import ROUND_FIELDS, Reader
from games.progressive import RoundMeter
from games.spec import GameSpec, WagerSpec

D = Decimal
SECTION = "§647a.12(e)"
PAYTABLE = fchb.paytable("texas_holdem_bonus")
NO_DRAWS = fchb.Draws()

ROYAL = "As Ks Qs Js Ts"
STRAIGHT_FLUSH = "9h 8h 7h 6h 5h"
QUADS = "9c 9d 9h 9s 2c"
FULL_HOUSE = "Kc Kd Kh 4s 4c"
FLUSH = "Ad Jd 8d 5d 2d"
STRAIGHT = "Tc 9d 8h 7s 6c"
TWO_PAIR = "Ac Ad 3h 3s 7c"


def bet(cards, amount="5.00", seat=1, on=fchb.PLAYER, wager="five_card_hand_bonus"):
    return fchb.Bet(seat, on, wager, D(amount), parse_cards(cards, count=5))


def settle(bets, meter=None, reset=None, draws=NO_DRAWS):
    round_meter = RoundMeter("five_card_hand_bonus", meter and D(meter), reset and D(reset))
    return fchb.settle_bets(bets, section=SECTION, paytable=PAYTABLE, meter=round_meter,
                            draws=draws)


def only_line(lines, seat=1):
    (line,) = lines[seat]
    return line


@pytest.mark.parametrize(
    ("cards", "odds", "net"),
    [
        (FLUSH, "50 for 1", "245.00"),  # $5 x 50 = $250 paid, stake included: +$245
        (FULL_HOUSE, "100 for 1", "495.00"),  # $500 - $5
        (QUADS, "500 for 1", "2495.00"),  # $2,500 - $5
    ],
)
def test_fixed_rows_pay_for_one_including_the_stake(cards, odds, net):
    """§647a.12(e)(1) odds, credited to the player's game account (§647a.11(j)(3))."""
    line = only_line(settle([bet(cards)]))
    assert (line.result, line.odds, line.net, line.rule) == ("win", odds, D(net), "§647a.12(e)(1)")
    assert line.paid_from == "game_account" and line.meter is None


@pytest.mark.parametrize("cards", [STRAIGHT, TWO_PAIR, "Ac Kd 9h 5s 2c"])
def test_a_hand_below_a_flush_loses_the_wager(cards):
    line = only_line(settle([bet(cards)]))
    assert (line.result, line.net, line.odds) == ("lose", D("-5.00"), "")


def test_a_royal_flush_wins_the_whole_meter_not_from_the_table_inventory():
    line = only_line(settle([bet(ROYAL, "1.00")], meter="25000.00"))
    # 100% of $25,000.00 replaces the $1 stake: net $24,999.00.
    assert (line.odds, line.net, line.meter) == ("100% of meter", D("24999.00"),
                                                 "five_card_hand_bonus")
    assert line.paid_from == "not_table_inventory"


def test_a_straight_flush_wins_ten_percent_of_the_meter_down_to_the_cent():
    line = only_line(settle([bet(STRAIGHT_FLUSH, "1.00")], meter="12345.678"))
    # 10% of $12,345.678 = $1,234.5678 -> $1,234.56 paid; net $1,233.56.
    assert (line.odds, line.net) == ("10% of meter", D("1233.56"))


def test_only_the_highest_hand_is_paid():
    # A royal flush is also a flush and a straight: one line, the royal's.
    lines = settle([bet(ROYAL, "1.00")], meter="10000.00")
    assert len(lines[1]) == 1 and lines[1][0].odds == "100% of meter"


def test_each_meter_award_is_paid_from_the_meter_as_it_stands_at_that_payment():
    bets = [bet(STRAIGHT_FLUSH, "1.00", seat=6), bet("Kd Qd Jd Td 9d", "1.00", seat=2)]
    lines = settle(bets, meter="20000.00")
    # Seat 6: 10% of $20,000 = $2,000; the meter falls to $18,000; seat 2: 10% = $1,800.
    assert lines[6][0].net == D("1999.00")
    assert lines[2][0].net == D("1799.00")


def test_after_a_royal_flush_the_next_award_comes_from_the_reset_meter():
    bets = [bet(ROYAL, "1.00", seat=5), bet("9h 8h 7h 6h 5h", "1.00", seat=1)]
    lines = settle(bets, meter="20000.00", reset="10000.00")
    assert lines[5][0].net == D("19999.00")
    assert lines[1][0].net == D("999.00")  # 10% of the $10,000 reset amount, less the $1 stake


def test_an_award_after_a_royal_flush_without_the_reset_amount_is_refused():
    bets = [bet(ROYAL, "1.00", seat=5), bet("9h 8h 7h 6h 5h", "1.00", seat=1)]
    with pytest.raises(InvalidRound) as e:
        settle(bets, meter="20000.00")
    assert "meters.five_card_hand_bonus_reset" in e.value.errors


def test_a_meter_award_without_the_meter_amount_is_refused():
    with pytest.raises(InvalidRound) as e:
        settle([bet(ROYAL, "1.00")])
    assert "meters.five_card_hand_bonus" in e.value.errors


def test_the_dealers_meter_award_is_divided_equally_among_the_players_who_wagered_on_it():
    bets = [bet(ROYAL, "1.00", seat=s, on=fchb.DEALER, wager="five_card_hand_bonus_dealer")
            for s in (6, 4, 1)]
    lines = settle(bets, meter="30000.00")
    # $30,000 / 3 = $10,000 each, whatever each wagered; net $9,999 each.
    for seat in (6, 4, 1):
        line = only_line(lines, seat)
        assert (line.net, line.from_seat) == (D("9999.00"), "dealer")
        assert line.odds == "100% of meter, shared 3 ways"
        assert line.rule == "§647a.12(e)(1), §647a.12(e)(2)"


def test_a_shared_award_is_paid_down_to_the_cent_and_the_meter_keeps_the_rest():
    meter = RoundMeter("five_card_hand_bonus", D("10000.01"))
    bets = [bet(STRAIGHT_FLUSH, "1.00", seat=s, on=fchb.DEALER) for s in (3, 2, 1)]
    lines = fchb.settle_bets(bets, section=SECTION, paytable=PAYTABLE, meter=meter,
                             draws=fchb.Draws())
    # 10% of $10,000.01 = $1,000.001; / 3 = $333.333... -> $333.33 each; $999.99 paid.
    assert {lines[s][0].net for s in (3, 2, 1)} == {D("332.33")}
    assert meter.amount == D("9000.02")


def test_one_player_on_the_dealers_hand_takes_the_whole_award():
    line = only_line(settle([bet(STRAIGHT_FLUSH, "1.00", on=fchb.DEALER)], meter="10000.00"))
    assert (line.odds, line.net) == ("10% of meter", D("999.00"))


def test_the_dealers_fixed_rows_are_not_divided():
    """§647a.12(e)(2) divides only a percentage-of-meter award; a fixed row is credited to
    each bettor's game account in full (§647a.11(j)(3))."""
    bets = [bet(FLUSH, "2.00", seat=s, on=fchb.DEALER) for s in (2, 1)]
    lines = settle(bets)
    assert lines[1][0].net == lines[2][0].net == D("98.00")  # 50 for 1 on $2 each
    assert lines[1][0].paid_from == lines[2][0].paid_from == "game_account"


def test_a_magic_card_in_the_hand_pays_20_for_1_even_when_the_wager_loses():
    lines = settle([bet(STRAIGHT, "2.00")], draws=fchb.Draws(magic_card=parse_cards("7s")[0]))
    wager, magic = lines[1]
    assert wager.net == D("-2.00")
    assert (magic.wager, magic.odds, magic.net, magic.rule) == (
        "magic_card", "20 for 1", D("40.00"), "§647a.12(e)(3)")


def test_magic_card_and_lucky_bonus_are_credited_to_the_game_account_not_the_meter_award():
    """§647a.11(j)(3): the Magic Card and Lucky Bonus payouts are credited to the game
    account; a percentage-of-meter award may not be. Royal flush on $1 with a $10,000 meter:
    $10,000 (net $9,999); Magic Card As 20 x $1 = $20; Lucky Bonus 5 x $1 = $5."""
    draws = fchb.Draws(magic_card=parse_cards("As")[0], lucky_position=1)
    award, magic, lucky = settle([bet(ROYAL, "1.00")], meter="10000.00", draws=draws)[1]
    assert (award.net, award.paid_from) == (D("9999.00"), "not_table_inventory")
    assert [(x.wager, x.net, x.paid_from) for x in (magic, lucky)] == [
        ("magic_card", D("20.00"), "game_account"), ("lucky_bonus", D("5.00"), "game_account")]


def test_a_magic_card_not_in_the_hand_pays_nothing():
    lines = settle([bet(STRAIGHT, "2.00")], draws=fchb.Draws(magic_card=parse_cards("7d")[0]))
    assert [line.wager for line in lines[1]] == ["five_card_hand_bonus"]


def test_the_lucky_position_pays_5_for_1_to_that_seat_only():
    bets = [bet(STRAIGHT, "2.00", seat=3), bet(TWO_PAIR, "2.00", seat=4)]
    lines = settle(bets, draws=fchb.Draws(lucky_position=3))
    assert [(x.wager, x.net) for x in lines[3]] == [
        ("five_card_hand_bonus", D("-2.00")), ("lucky_bonus", D("10.00"))]
    assert len(lines[4]) == 1


def test_the_dealer_lucky_position_pays_each_player_on_the_dealers_hand_in_full():
    bets = [bet(STRAIGHT, "1.00", seat=1, on=fchb.DEALER),
            bet(STRAIGHT, "3.00", seat=2, on=fchb.DEALER), bet(TWO_PAIR, "1.00", seat=3)]
    lines = settle(bets, draws=fchb.Draws(lucky_position="dealer"))
    assert lines[1][1].net == D("5.00") and lines[2][1].net == D("15.00")
    assert lines[2][1].from_seat == "dealer"
    assert len(lines[3]) == 1


SPEC = GameSpec("test", "Test", "§0", 6, (WagerSpec("x", "X", "§0"),))
# A request with the draw fields (Magic Card, Lucky Bonus) besides a round's own.
DRAW_REQUEST = (*ROUND_FIELDS, *fchb.DRAW_FIELDS)


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"magic_card": "Zz"}, "magic_card"),
        ({"magic_card": ["7h"]}, "magic_card"),
        ({"magic_card": "7h 8h"}, "magic_card"),
        ({"lucky_position": 7}, "lucky_position"),
        ({"lucky_position": True}, "lucky_position"),
        ({"lucky_position": "3"}, "lucky_position"),
    ],
)
def test_bad_draws_are_named(payload, field):
    reader = Reader(payload, SPEC, fields=DRAW_REQUEST)
    fchb.read_draws(reader, dealer=True, section=SECTION)
    assert field in reader.errors


def test_the_dealer_cannot_be_drawn_where_no_one_wagers_on_the_dealers_hand():
    reader = Reader({"lucky_position": "dealer"}, SPEC, fields=DRAW_REQUEST)
    fchb.read_draws(reader, dealer=False, section="§643a.12(f)")
    assert "§643a.12(f)(3)" in reader.errors["lucky_position"][0]


def test_draws_are_read():
    reader = Reader({"magic_card": "7h", "lucky_position": "dealer"}, SPEC, fields=DRAW_REQUEST)
    draws = fchb.read_draws(reader, dealer=True, section=SECTION)
    assert draws == fchb.Draws(parse_cards("7h")[0], "dealer") and not reader.errors


def test_bad_meter_amounts_are_named():
    reader = Reader({"meters": {"five_card_hand_bonus": "lots"}}, SPEC)
    RoundMeter.read(reader, "five_card_hand_bonus")
    assert "meters.five_card_hand_bonus" in reader.errors


def test_the_meter_minimum_is_ten_thousand_dollars():
    spec = fchb.meter_spec("§643a.12(f)")
    assert (spec.min_initial, spec.min_reset, spec.rule) == (
        D("10000.00"), D("10000.00"), "§643a.12(f)(4)")


def test_max_win_counts_the_best_row_at_the_least_meter_and_both_draws():
    # $1: royal 100% of $10,000 = $9,999 net, Magic Card $20, Lucky Bonus $5.
    assert fchb.max_win(D("1.00"), PAYTABLE) == D("10024.00")


def test_every_chapter_has_the_same_rows():
    rows = {g: fchb.paytable(g).rows for g in ("let_it_ride", "texas_holdem_bonus",
                                                "three_card_poker")}
    assert rows["let_it_ride"] == rows["texas_holdem_bonus"] == rows["three_card_poker"]
    assert [(r.hand, r.odds) for r in rows["let_it_ride"]] == [
        ("royal_flush", "100% of meter"), ("straight_flush", "10% of meter"),
        ("four_of_a_kind", "500 for 1"), ("full_house", "100 for 1"), ("flush", "50 for 1")]
