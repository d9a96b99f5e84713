"""§645a.13(j): "Notwithstanding the payout odds in subsections (b)-(i)" the Rules Submission's
maximum payout per hand applies, the Progressive Payout Wager's meter award (subsection (e))
included. The limit caps what a hand wins on its optional wagers together (Envy Bonuses aside);
the meter pays only what the hand is paid, keeps the rest, and restarts at its reset amount only
after a 100% award paid out whole. Every figure worked out by hand below."""

import games
from tests.games.pai_gow_poker_builders import line, net, one_seat

CLUBS_STRAIGHT_FLUSH = ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc"]  # natural 7-card str. flush
FIVE_ACES = ["As", "Ah", "Ad", "Ac", "Jk", "2s", "7d"]
DEALER = ["2c", "3c", "4d", "6d", "8s", "Td", "Qd"]  # none of the players' cards
LIMIT = {"payout_limit": "50000.00"}


def two_seats(meter: str, options: dict, *, progressive="5.00", **more_wagers) -> dict:
    """Seat 6 (paid first, §645a.11(e)) holds a seven-card straight flush (100% of the meter,
    §645a.13(e)(1)); seat 2 holds five aces (10%)."""
    return games.settle({
        "game": "pai_gow_poker", "options": options, "dealer": DEALER,
        "meters": {"progressive": meter, "progressive_reset": "2000.00"},
        "positions": [
            {"seat": 2, "cards": FIVE_ACES, "wagers": {"pai_gow": "5.00", "progressive": "5.00"}},
            {"seat": 6, "cards": CLUBS_STRAIGHT_FLUSH,
             "wagers": {"pai_gow": "5.00", "progressive": progressive, **more_wagers}},
        ]})


def test_a_meter_award_above_the_limit_is_capped_and_the_rest_stays_on_the_meter():
    # Meter $80,000. Seat 6: 100% = $80,000, net $79,995 of the $5 wager > $50,000, so the hand
    # wins $50,000 and the meter pays $50,005 (the $5 stake and the $50,000); it keeps
    # 80,000 - 50,005 = $29,995 and is not reseeded. Seat 2, paid next (§645a.13(e)(3)):
    # 10% of $29,995 = $2,999.50, net 2,999.50 - 5 = $2,994.50; the meter keeps $26,995.50.
    r = two_seats("80000.00", LIMIT)
    seat_6 = line(r, "progressive", 1)
    assert seat_6["net"] == "50000.00"
    assert seat_6["meter_reset"] is False
    assert seat_6["rule"] == "§645a.11(h)(4), §645a.13(e), §645a.13(j)"
    assert seat_6["odds"] == "100% of meter, limited by the $50,000.00 payout limit"
    assert seat_6["paid_from"] == "not_table_inventory"
    assert net(r, "progressive", 0) == "2994.50"
    assert line(r, "progressive", 0)["meter_reset"] is False
    assert [(a["seat"], a["award"]) for a in r["meter_awards"]] == [
        (2, "2999.50"), (6, "50005.00")]


def test_without_a_limit_the_same_round_empties_the_meter_and_reseeds_it():
    # Seat 6: 100% of $80,000, net $79,995; the meter restarts at $2,000 and seat 2's five aces
    # take 10% of it: $200, net $195.
    r = two_seats("80000.00", {})
    assert (net(r, "progressive", 1), net(r, "progressive", 0)) == ("79995.00", "195.00")
    assert line(r, "progressive", 1)["meter_reset"] is True
    assert line(r, "progressive", 1)["rule"] == "§645a.11(h)(4), §645a.13(e)"


def test_a_whole_award_within_the_limit_still_reseeds_the_meter():
    # Meter $50,005: 100% of it nets 50,005 - 5 = $50,000, exactly the limit: paid whole, the
    # meter restarts at $2,000 and seat 2 takes 10% of that, $200 (net $195).
    r = two_seats("50005.00", LIMIT)
    assert net(r, "progressive", 1) == "50000.00"
    assert line(r, "progressive", 1)["meter_reset"] is True
    assert "§645a.13(j)" not in line(r, "progressive", 1)["rule"]
    assert net(r, "progressive", 0) == "195.00"


def test_one_cent_over_the_limit_leaves_that_cent_on_the_meter():
    # Meter $50,005.01: 100% nets $50,000.01, a cent over: the hand wins $50,000, the meter pays
    # $50,005 and keeps $0.01, not reseeded; seat 2 takes 10% of $0.01 = $0.001, paid down to
    # $0.00, so it nets -$5.00 (its stake is the award's own, as "for" payouts).
    r = two_seats("50005.01", LIMIT)
    assert net(r, "progressive", 1) == "50000.00"
    assert line(r, "progressive", 1)["meter_reset"] is False
    assert net(r, "progressive", 0) == "-5.00"


def test_the_limit_caps_the_meter_award_and_the_fixed_odds_wagers_of_the_hand_together():
    # Seat 6, meter $30,000: Fortune Bonus (table 2) $5 at 8,000 to 1 = $40,000, and the
    # Progressive $5 at 100% of $30,000 = net $29,995; together $69,995 > $50,000. Shares of
    # the limit in proportion (games/payout_limit.py):
    #   Fortune Bonus 50,000 x 40,000 / 69,995 = 28,573.4695... -> $28,573.46
    #   Progressive   50,000 x 29,995 / 69,995 = 21,426.5304... -> $21,426.53
    # $49,999.99: the odd cent to the first line, the Fortune Bonus: $28,573.47.
    # The meter pays 21,426.53 + 5 = $21,431.53 and keeps 30,000 - 21,431.53 = $8,568.47;
    # seat 2's five aces: 10% of $8,568.47 = $856.847 -> $856.84, net $851.84.
    r = two_seats("30000.00", {**LIMIT, "fortune_bonus": "2"}, fortune_bonus="5.00")
    assert (net(r, "fortune_bonus", 1), net(r, "progressive", 1)) == ("28573.47", "21426.53")
    assert line(r, "fortune_bonus", 1)["rule"].endswith("§645a.13(j)")
    assert line(r, "progressive", 1)["meter_reset"] is False
    assert net(r, "progressive", 0) == "851.84"
    assert [a["award"] for a in r["meter_awards"]] == ["856.84", "21431.53"]


def test_the_pai_gow_poker_wager_is_outside_the_limit():
    # §645a.13(j) names subsections (b)-(i); the Pai Gow Poker Wager is (a). $60,000 on it,
    # against a king-high dealer, wins 1 to 1 less 5% vigorish: 60,000 - 3,000 = $57,000, over
    # the $50,000 limit and not capped; the Progressive's five aces (10% of $10,000 = $1,000,
    # net $995) is under it.
    r = one_seat(" ".join(FIVE_ACES), {"pai_gow": "60000.00", "progressive": "5.00"},
                 {**LIMIT}, dealer=DEALER, meters={"progressive": "10000.00"})
    assert net(r, "pai_gow") == "57000.00"
    assert "§645a.13(j)" not in line(r, "pai_gow")["rule"]
    assert net(r, "progressive") == "995.00"
