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
        "meters.five_card_progressive.initial", "Five-Card Progressive: Initial amount",
        "removed", "$10,000.00", "")
    assert changes["meters.five_card_progressive.rate"].before == "5%"
    assert (changes["table_minimum"].before, changes["table_minimum"].after) == ("$5.00",
                                                                                 "$10.00")
    assert changes["payout_limit"].kind == "added"
    assert changes["payout_limit"].after == "$50,000.00"  # one money format, thousands marked
    assert "options.variant" not in changes


def test_a_first_version_is_all_added():
    changes = diff_terms(None, BEFORE)
    assert {c.kind for c in changes} == {"added"}
    assert {c.path for c in changes} >= {"wagers.ante", "wagers.pair_plus", "table_minimum"}


def test_a_paytable_row_reads_as_posted_with_thousands_separators():
    """Let It Ride's royal flush pays 1,000 to 1 (§643a.12(a)): the review's side-by-side rows
    write it as the paytable's title does."""
    from games.paytables import builtin_catalog
    from rulesubmissions.diff import rows_side_by_side

    table = builtin_catalog().get("let_it_ride.bet_3.common_1000")
    rows = {r.hand: r for r in rows_side_by_side(None, table)}
    assert rows["Royal flush"].after == "1,000 to 1"
    assert rows["Royal flush"].before == ""
