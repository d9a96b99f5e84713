"""Craps side wagers over any rolls: a longer posting settles what was already decided the same
way, the seven-out leaves nothing pending, Lucky Shooter is decided within six rolls of its
point, complete hands settle as an independent reading of §623b (its paytables copied from the
text), and any request shape is settled or refused field by field."""

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

import games
from games import craps
from games.errors import InvalidRound
from tests.games.craps_builders import SEVEN, line, lines, settle

# --- Properties --------------------------------------------------------------------------------

DIE = st.integers(1, 6)
ROLLS = st.lists(st.lists(DIE, min_size=2, max_size=2), min_size=1, max_size=60)
ALL_WAGERS = {"hot_roller": "5.00", "lucky_shooter": "5.00", "all_small": "1.00",
              "all_tall": "1.00", "make_em_all": "1.00"}


def _through_seven_out(rolls):
    _, seven_out = craps.base_game(sum(r) for r in rolls)
    return rolls if seven_out is None else rolls[: seven_out + 1]


@given(ROLLS, st.integers(0, 60))
def test_a_longer_posting_settles_already_decided_wagers_the_same_way(rolls, cut):
    rolls = _through_seven_out(rolls)
    full = settle(rolls, ALL_WAGERS)
    early = settle(rolls[: max(1, min(cut, len(rolls)))], ALL_WAGERS)
    for wager in ALL_WAGERS:
        later = lines(full, wager)
        for i, before in enumerate(lines(early, wager)):
            if before["result"] != "pending":
                assert before == later[i]


@given(ROLLS)
def test_the_seven_out_leaves_nothing_pending(rolls):
    rolls = _through_seven_out(rolls)
    result = settle(rolls, ALL_WAGERS)
    pending = [x for x in result["positions"][0]["lines"] if x["result"] == "pending"]
    if result["dealer"]["complete"]:
        assert not pending
    else:
        assert bool(pending) is bool(result["notes"])


@given(ROLLS)
def test_lucky_shooter_is_decided_within_six_rolls_of_its_point(rolls):
    totals = [sum(r) for r in rolls]
    decisions = craps.lucky_shooter(totals)
    final = decisions[-1]
    come_outs = [d.roll for d in decisions[:-1]]
    point = len(come_outs)
    assert all(d.hand == "first_roll_seven_or_eleven" for d in decisions[:-1])
    assert come_outs == list(range(point))
    if final.roll is not None and final.hand != "craps_on_come_out_roll":
        assert point < final.roll <= point + 6


# An independent reading of §623b with the paytables copied from the text (Hot Roller A,
# Lucky Shooter A, Bonus Craps 1), in units won per unit wagered; None: the wager loses.
HOT_ROLLER_A = {6: 200, 5: 50, 4: 20, 3: 10, 2: 5}
LUCKY_SHOOTER_A_NET = {"5+point": 999, 5: 149, 4: 14, 3: 4, "7/11": 0}
BONUS_CRAPS_1 = {"all_small": 34, "all_tall": 34, "make_em_all": 175}
LAYOUT = {4: [(1, 3), (2, 2)], 5: [(1, 4), (2, 3)], 6: [(1, 5), (2, 4), (3, 3)],
          8: [(2, 6), (3, 5), (4, 4)], 9: [(3, 6), (4, 5)], 10: [(4, 6), (5, 5)]}


def _reference_hot_roller(rolls):
    thrown, point = [], None
    for roll in rolls:
        if sum(roll) == 7:
            if point is None:
                return None
            return HOT_ROLLER_A.get(sum(all(w in thrown for w in ways) for ways in LAYOUT.values()))
        thrown.append(roll)
        if point is None:
            point = sum(roll) if sum(roll) in LAYOUT else None
        elif sum(roll) == point:
            point = None
    return None


def _reference_lucky_shooter(totals):
    units, i = 0, 0
    while totals[i] in (7, 11):
        units, i = units + LUCKY_SHOOTER_A_NET["7/11"], i + 1
    if totals[i] in (2, 3, 12):
        return units - 1
    point, got = totals[i], []
    for later in totals[i + 1:]:
        if len(got) == 5:
            return units + LUCKY_SHOOTER_A_NET["5+point" if later == point else 5]
        if later == point or later in got or later not in LAYOUT:
            break
        got.append(later)
    return units + LUCKY_SHOOTER_A_NET.get(len(got), -1)


def _reference_bonus_craps(totals, wager):
    needs = {"all_small": {2, 3, 4, 5, 6}, "all_tall": {8, 9, 10, 11, 12}}
    needs["make_em_all"] = needs["all_small"] | needs["all_tall"]
    for i, total in enumerate(totals):
        if total == 7:
            return None
        if needs[wager] <= set(totals[: i + 1]):
            return BONUS_CRAPS_1[wager]
    return None


@given(st.lists(st.lists(DIE, min_size=2, max_size=2), min_size=80, max_size=80))
def test_complete_hands_settle_as_an_independent_reading_of_the_rules(dice):
    rolls = _through_seven_out(dice)
    if craps.base_game(sum(r) for r in rolls)[1] is None:
        return
    result = settle(rolls, {w: "1.00" for w in ALL_WAGERS},
                    {"hot_roller": "A", "lucky_shooter": "A", "bonus_craps": "1"})
    pairs = [tuple(sorted(r)) for r in rolls]
    totals = [sum(r) for r in rolls]
    expected = {"hot_roller": _reference_hot_roller(pairs),
                **{w: _reference_bonus_craps(totals, w) for w in BONUS_CRAPS_1}}
    for wager, units in expected.items():
        assert Decimal(line(result, wager)["net"]) == (-1 if units is None else units)
    nets = sum(Decimal(x["net"]) for x in lines(result, "lucky_shooter"))
    assert nets == _reference_lucky_shooter(totals)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-1, 13) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["seat", "wagers", "hot_roller", "lucky_shooter", "all_small"]), inner,
        max_size=3),
    max_leaves=10,
)


@given(st.sampled_from(["options", "positions", "rolls"]), JSON)
def test_any_request_shape_is_settled_or_refused_field_by_field(field, value):
    payload = {"game": "craps",
               "options": {"hot_roller": "A", "lucky_shooter": "A", "electronic_table": True},
               "rolls": [[1, 3], SEVEN], "positions": [{"wagers": {"hot_roller": "5"}}],
               field: value}
    try:
        games.settle(payload)
    except InvalidRound as refused:
        assert refused.errors
