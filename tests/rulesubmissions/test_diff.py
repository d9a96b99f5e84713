"""What changed between two versions' terms, named as the regulation names it."""

from rulesubmissions.diff import Change, diff_terms

BEFORE = {
    "game": "three_card_poker", "options": {"variant": "none", "ante_bonus": "A"},
    "wagers": {"ante": "", "pair_plus": "three_card_poker.pair_plus.D",
               "five_card_progressive": "three_card_poker.five_card_progressive.M"},
    "meters": {"five_card_progressive": {"initial": "10000.00", "reset": "10000.00",
                                         "rate": "5", "reserve_rate": ""}},
    "table_minimum": "5.00", "table_maximum": "500.00", "payout_limit": "",
}


def test_nothing_changed_is_no_change():
    assert diff_terms(BEFORE, BEFORE) == []


def test_wagers_added_removed_and_paytables_and_amounts_changed():
    after = {**BEFORE,
             "wagers": {"ante": "", "pair_plus": "three_card_poker.pair_plus.B",
                        "six_card_bonus": "three_card_poker.six_card_bonus.E"},
             "meters": {}, "table_minimum": "10.00", "payout_limit": "50000.00"}
    changes = {c.path: c for c in diff_terms(BEFORE, after)}
    assert changes["wagers.pair_plus"] == Change(
        "wagers.pair_plus", "Pair Plus Wager", "changed", "three_card_poker.pair_plus.D",
        "three_card_poker.pair_plus.B")
    assert changes["wagers.six_card_bonus"].kind == "added"
    assert changes["wagers.five_card_progressive"].kind == "removed"
    assert changes["meters.five_card_progressive.initial"] == Change(
        "meters.five_card_progressive.initial", "Five-Card Progressive: Initial amount ($)",
        "removed", "$10000.00", "")
    assert (changes["table_minimum"].before, changes["table_minimum"].after) == ("$5.00",
                                                                                 "$10.00")
    assert changes["payout_limit"].kind == "added"
    assert "options.variant" not in changes


def test_a_first_version_is_all_added():
    changes = diff_terms(None, BEFORE)
    assert {c.kind for c in changes} == {"added"}
    assert {c.path for c in changes} >= {"wagers.ante", "wagers.pair_plus", "table_minimum"}
