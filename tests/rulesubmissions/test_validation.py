"""The submission checks, from the regulations: paytables only from the catalog, side wagers
only where their variant allows, the payout-limit floor, the base wagers a submission cannot
leave out, the wagers a wager is offered with, and the options that need wagers. Meter amounts:
test_validation_meters.py. Pure Python: no database."""

from dataclasses import replace
from decimal import Decimal

import pytest

from games.money import fmt
from games.spec import PAYOUT_LIMIT_FLOOR
from rulesubmissions import validation
from rulesubmissions.engine import available_games, game_spec
from tests.rulesubmissions.builders import (
    first_paytable,
    refused_value,
    terms_for,
    wagers_with_requirements,
)
from tests.rulesubmissions.validation_checks import CENT, check


def test_every_game_of_the_engine_accepts_its_own_minimal_terms():
    for spec in available_games():
        checked = check(terms_for(spec))
        assert checked.ok, (spec.key, checked.errors)


def test_paytables_come_only_from_the_catalog_for_that_wager():
    spec = game_spec("three_card_poker")
    good = terms_for(spec, offer=["pair_plus"])
    good["wagers"]["pair_plus"] = "D"  # the regulation's name resolves to the catalog id
    checked = check(good)
    assert checked.ok and checked.terms["wagers"]["pair_plus"] == "three_card_poker.pair_plus.D"
    for wrong in ("Z", "three_card_poker.six_card_bonus.E", "let_it_ride.bet_3.A"):
        bad = {**good, "wagers": {**good["wagers"], "pair_plus": wrong}}
        assert "not an approved paytable" in check(bad).errors["wagers.pair_plus"][0]


def test_a_wager_that_needs_a_paytable_is_refused_without_one():
    spec = game_spec("three_card_poker")
    terms = terms_for(spec, offer=["pair_plus"])
    terms["wagers"]["pair_plus"] = ""
    assert check(terms).errors["wagers.pair_plus"] == [
        "Pair Plus Wager: select one of the paytables (§649a.7(d)(2))"]


def test_unknown_games_wagers_and_options_are_named():
    assert "game" in check({"game": "blackjack"}).errors
    spec = game_spec("three_card_poker")
    errors = check(terms_for(spec, wagers={"ante": "", "side_bet": ""},
                             options={"turbo": True})).errors
    assert {"wagers.side_bet", "options.turbo"} <= set(errors)


@pytest.mark.parametrize("terms", [None, [], "x", {"game": "three_card_poker", "wagers": []},
                                   {"game": "three_card_poker", "meters": {"x": 1},
                                    "options": "y", "table_minimum": 5.0}])
def test_malformed_shapes_are_field_errors_never_exceptions(terms):
    assert not check(terms).ok


REQUIRES = list(wagers_with_requirements())


@pytest.mark.parametrize(("spec", "wager"), REQUIRES,
                         ids=[f"{s.key}.{w.key}" for s, w in REQUIRES])
def test_side_wagers_only_where_their_variant_allows_them(spec, wager):
    terms = terms_for(spec, offer=[wager.key])
    assert check(terms).ok
    for option, needed in wager.requires.items():
        other = {**terms, "options": {**terms["options"],
                                      option: refused_value(spec, option, needed)}}
        messages = check(other).errors[f"wagers.{wager.key}"]
        assert f"({wager.rule})" in messages[0]


def test_lucky_shooter_only_on_a_fully_automated_electronic_table():
    """§623b.2(a): the Lucky Shooter wager is offered on an electronic craps table."""
    spec = game_spec("craps")
    terms = terms_for(spec, offer=["lucky_shooter"])
    assert terms["options"]["electronic_table"] is True and check(terms).ok
    terms["options"]["electronic_table"] = False
    assert "may be offered only where" in check(terms).errors["wagers.lucky_shooter"][0]


def test_table_maximum_cannot_be_below_the_minimum():
    spec = game_spec("three_card_poker")
    assert check(terms_for(spec, table_maximum="5.00")).ok
    assert "table_maximum" in check(terms_for(spec, table_maximum="4.99")).errors


def test_payout_limit_floor_is_50000_dollars_when_the_most_a_patron_wins_is_less():
    """§643a.12(g): "at least $50,000 or the maximum amount that one patron could win per round
    when betting the minimum permissible wager, whichever is greater". At a $5 minimum the three
    Let It Ride Wagers win at most 3 x $5 x 1,000 (royal flush) = $15,000, so $50,000 holds."""
    spec = game_spec("let_it_ride")
    checked = check(terms_for(spec, payout_limit="50000.00"))
    assert checked.ok and checked.floor == PAYOUT_LIMIT_FLOOR
    low = check(terms_for(spec, payout_limit="49999.99"))
    assert "$50,000.00" in low.errors["payout_limit"][0]


@pytest.mark.parametrize(("paytable", "minimum", "floor"), [
    ("let_it_ride.bet_3.common_1000", "25.00", "75000.00"),  # 3 x $25 x 1,000
    ("let_it_ride.bet_3.posted_500", "40.00", "60000.00"),  # 3 x $40 x 500
])
def test_payout_limit_floor_is_the_most_a_patron_wins_at_the_minimum_when_above_50000(
        paytable, minimum, floor):
    """§643a.12(g): betting the minimum on each of the three Let It Ride Wagers, a royal flush
    pays the paytable's top row on all three; above $50,000 that is the floor."""
    spec = game_spec("let_it_ride")
    terms = terms_for(spec, offer=["bet_1", "bet_2"], table_minimum=minimum,
                      table_maximum="1000.00")
    terms["wagers"]["bet_3"] = paytable
    assert check(terms).floor == Decimal(floor)
    assert check({**terms, "payout_limit": floor}).ok
    errors = check({**terms, "payout_limit": fmt(Decimal(floor) - CENT)}).errors
    assert errors["payout_limit"] == [
        "the payout limit must be at least $50,000 or the most one patron could win in a round "
        f"betting the minimum wager, whichever is greater: ${Decimal(floor):,.2f} (§643a.12(g))"]


@pytest.mark.parametrize(("game", "rule"), [
    ("let_it_ride", "§643a.12(g)"), ("texas_holdem_bonus", "§647a.12(c)"),
    ("pai_gow_poker", "§645a.13(j)"),
])
def test_a_payout_limit_below_the_floor_cites_the_games_payout_limit_clause(game, rule):
    spec = game_spec(game)
    assert spec.payout_limit_rule == rule
    errors = check(terms_for(spec, payout_limit="49999.99")).errors
    assert errors["payout_limit"][0].endswith(f"$50,000.00 ({rule})")


@pytest.mark.parametrize("game", ["three_card_poker", "baccarat", "craps", "roulette"])
def test_a_game_without_a_payout_limitation_clause_refuses_a_payout_limit(game):
    """Only §643a.12(g), §645a.13(j) and §647a.12(c) let a certificate holder establish a
    maximum payout in its Rules Submission; §649a.12 is "payout odds; Envy Bonus; rate of
    progression" and the baccarat, craps and roulette sections have no such clause, so a limit
    there would cap payouts the regulation says to pay in full (the engine refuses one too)."""
    spec = game_spec(game)
    assert spec.payout_limit_rule == ""
    assert check(terms_for(spec)).ok
    checked = check(terms_for(spec, payout_limit="1000000.00"))
    assert checked.errors["payout_limit"] == [
        f"{spec.name} has no payout limitation: its rules ({spec.rule}) pay every winning "
        "wager at its odds"]
    assert checked.floor is None


def test_queens_dragon_only_on_an_ez_pai_gow_table():
    """§645a.7(e)(5)(i): the Queen's Dragon Wager is an EZ Pai Gow Poker wager."""
    spec = game_spec("pai_gow_poker")
    terms = terms_for(spec, offer=["queens_dragon"])
    assert terms["options"]["ez_pai_gow"] is True and check(terms).ok
    terms["options"]["ez_pai_gow"] = False
    message = check(terms).errors["wagers.queens_dragon"][0]
    assert "EZ Pai Gow" in message and "§645a.7(e)(5)(i)" in message


# The base wagers, wager-on-wager rules, options that need wagers, the dealing procedure ------


BASE_WAGERS = {
    "three_card_poker": {"ante", "play", "pair_plus"},  # §649a.2(b)(2), §649a.7(d)(1)-(3)
    "let_it_ride": {"bet_1", "bet_2", "bet_3"},  # §643a.11, §643a.12(a)
    "texas_holdem_bonus": {"ante", "flop", "turn", "river"},  # §647a.7(d)(1)
    "pai_gow_poker": {"pai_gow"},  # §645a.7(d)
    "baccarat": {"player", "banker", "tie"},  # §627a.7(a), §629a.7(a), §631a.8(a)
    "craps": set(), "roulette": set(),  # side wagers only: each "may" be offered
}


@pytest.mark.parametrize(("game", "base"), BASE_WAGERS.items())
def test_a_submission_cannot_leave_out_the_games_base_wagers(game, base):
    spec = game_spec(game)
    assert {w.key for w in spec.wagers if w.base} == base
    terms = terms_for(spec)
    terms["wagers"] = {k: v for k, v in terms["wagers"].items() if k not in base}
    checked = check(terms)
    needs_paytable = {k for k in base if spec.wager(k).paytable_required}
    assert set(checked.errors) == {f"wagers.{k}" for k in needs_paytable}
    if not needs_paytable:
        assert base <= set(checked.terms["wagers"])


def test_a_let_it_ride_submission_offers_bets_1_and_2_even_when_not_listed():
    terms = terms_for(game_spec("let_it_ride"))
    terms["wagers"] = {"bet_3": terms["wagers"]["bet_3"]}
    assert set(check(terms).terms["wagers"]) == {"bet_1", "bet_2", "bet_3"}


def test_a_three_card_poker_submission_without_pair_plus_is_refused():
    terms = terms_for(game_spec("three_card_poker"))
    del terms["wagers"]["pair_plus"]
    assert check(terms).errors == {
        "wagers.pair_plus": ["Pair Plus Wager: select one of the paytables (§649a.7(d)(2))"]}


def test_the_player_may_still_skip_a_base_wager():
    """§649a.7(d)(2): Pair Plus alone; the table offers the Ante all the same."""
    ante = game_spec("three_card_poker").wager("ante")
    assert ante.base and ante.optional


@pytest.mark.parametrize(("game", "wager", "needed", "rule"), [
    ("three_card_poker", "three_card_progressive", ("ante", "pair_plus"), "§649a.7(d)(4)"),
    ("three_card_poker", "six_card_bonus", ("ante", "pair_plus"), "§649a.7(d)(5)"),
    ("three_card_poker", "five_card_progressive", ("ante", "pair_plus"), "§649a.7(d)(6)"),
    ("three_card_poker", "five_card_hand_bonus_player", ("ante", "pair_plus"), "§649a.7(d)(7)"),
    ("three_card_poker", "play", ("ante",), "§649a.7(d)(1)"),
    ("three_card_poker", "ante", ("play",), "§649a.7(d)(1)"),
    ("texas_holdem_bonus", "progressive", ("ante",), "§647a.7(d)(3)"),
    ("pai_gow_poker", "fortune_bonus", ("pai_gow",), "§645a.7(e)"),
    ("baccarat", "heavenly_9_progressive", ("player", "banker", "tie"), "§631b.2(a)"),
    ("baccarat", "lucky_nines", ("player", "banker", "tie"), "§631b.4(c)"),
])
def test_spec_says_which_wagers_a_wager_is_offered_with(game, wager, needed, rule):
    assert (needed, rule) in game_spec(game).wager(wager).needed_wagers()


def test_a_wager_offered_without_the_wagers_it_needs_is_refused(monkeypatch):
    """Base wagers are always offered, so only a SPEC whose needed wager is not base shows the
    generic check: Three Card Poker with the Ante and Pair Plus made optional for the table."""
    real = game_spec("three_card_poker")
    loose = replace(real, wagers=tuple(
        replace(w, base=False) if w.key in ("ante", "pair_plus") else w for w in real.wagers))
    monkeypatch.setattr(validation, "game_spec", lambda game: loose)
    terms = terms_for(real, offer=["six_card_bonus"])
    del terms["wagers"]["ante"], terms["wagers"]["pair_plus"]
    errors = check(terms).errors
    assert errors["wagers.six_card_bonus"] == [
        "Six Card Bonus Wager may be offered only with the Ante Wager or Pair Plus Wager "
        "(§649a.7(d)(5))"]
    assert errors["wagers.play"] == [
        "Play Wager may be offered only with the Ante Wager (§649a.7(d)(1))"]
    terms["wagers"]["pair_plus"] = first_paytable(real, "pair_plus")
    assert "wagers.six_card_bonus" not in check(terms).errors


def test_three_card_poker_offering_play_must_choose_an_ante_bonus_paytable():
    """§649a.12(b): every Play Wager is paid its Ante Bonus; the engine refuses a Play without
    options.ante_bonus (§649a.11(c)(3)(ii)(B))."""
    terms = terms_for(game_spec("three_card_poker"))
    assert terms["options"]["ante_bonus"] == "A" and check(terms).ok
    terms["options"]["ante_bonus"] = None
    assert check(terms).errors == {"options.ante_bonus": [
        "Ante Bonus paytable: required where Play Wager is offered "
        "(§649a.11(c)(3)(ii)(B), §649a.12(b))"]}


def test_three_card_poker_variant_and_ante_bonus_need_their_wagers():
    spec = game_spec("three_card_poker")
    assert spec.option("variant").requires_wagers == {"ante": "§649a.7(e)",
                                                      "pair_plus": "§649a.7(e)"}
    assert spec.option("ante_bonus").requires_wagers == {"play": "§649a.12(b)"}


@pytest.mark.parametrize(("game", "rule"), [
    ("three_card_poker", "§649a.7(c), §649a.8-§649a.10"),
    ("pai_gow_poker", "§645a.7(c), §645a.8-§645a.10"),
    # §647a.9 cited on its own: it is applied (dealing to each Ante bettor, §647a.9(b)).
    ("texas_holdem_bonus", "§647a.7(c), §647a.8, §647a.9, §647a.10"),
    ("let_it_ride", "§643a.11(a)"),
])
def test_the_dealing_procedure_is_one_of_the_three_the_chapter_names(game, rule):
    spec = game_spec(game)
    option = spec.option("dealing_procedure")
    assert (option.choices, option.default, option.rule) == (
        ("manual_shoe", "hand", "automated_shoe"), "manual_shoe", rule)
    terms = terms_for(spec)
    assert check(terms).terms["options"]["dealing_procedure"] == "manual_shoe"
    terms["options"]["dealing_procedure"] = "automated_shoe"
    assert check(terms).ok
    terms["options"]["dealing_procedure"] = "by_robot"
    assert check(terms).errors["options.dealing_procedure"] == [
        f"{option.name}: choose one of Manual dealing shoe (manual_shoe), Dealt from the hand "
        f"(hand), Automated dealing shoe (automated_shoe) ({rule})"]


def test_pai_gow_adjacent_betting_areas_is_a_yes_no_option_off_by_default():
    spec = game_spec("pai_gow_poker")
    terms = terms_for(spec)
    assert check(terms).terms["options"]["adjacent_betting_areas"] is False
    terms["options"]["adjacent_betting_areas"] = True
    assert check(terms).ok
