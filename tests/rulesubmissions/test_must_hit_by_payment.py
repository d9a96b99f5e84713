"""§631b.6(c)(6): a Must-Hit-By Mystery Bonus payout "may be paid from the table inventory or
through a progressive jackpot slip as indicated by the certificate holder in its Rules
Submission". The term is ``options.must_hit_by_payment``: required with a configuration, refused
without one, named in words. Pure Python: no database."""

import pytest

import games
from games.errors import InvalidRound
from games.names import choice_name
from games.paytables import catalog
from rulesubmissions.engine import game_spec
from rulesubmissions.validation import check_terms
from tests.rulesubmissions.builders import terms_for


def mystery_terms(payment):
    """Baccarat with Heavenly 9 and configuration B-5 ($100 to $500 at 2%, §631b.6(c)(4))."""
    terms = terms_for(game_spec("baccarat"), offer=["heavenly_9_progressive"])
    terms["options"] |= {"must_hit_by": "B-5", "must_hit_by_payment": payment}
    terms["meters"]["must_hit_by"] = {"initial": "100.00", "reset": "100.00", "rate": "2"}
    return terms


@pytest.mark.parametrize("payment", ["table_inventory", "progressive_jackpot_slip"])
def test_either_way_of_paying_is_accepted_and_kept(payment):
    checked = check_terms(mystery_terms(payment), catalog())
    assert checked.ok, checked.errors
    assert checked.terms["options"]["must_hit_by_payment"] == payment


def test_a_configuration_without_its_payment_term_is_refused():
    errors = check_terms(mystery_terms(None), catalog()).errors
    assert errors == {"options.must_hit_by_payment": [
        "Must-Hit-By Mystery Bonus payment: required where Must-Hit-By Mystery Bonus "
        "configuration is chosen (§631b.6(c)(6))"]}


def test_a_payment_term_without_a_configuration_or_of_another_kind_is_refused():
    terms = terms_for(game_spec("baccarat"), offer=["heavenly_9_progressive"])
    terms["options"]["must_hit_by_payment"] = "table_inventory"
    assert check_terms(terms, catalog()).errors == {"options.must_hit_by_payment": [
        "Must-Hit-By Mystery Bonus payment may be set only where Must-Hit-By Mystery Bonus "
        "configuration is chosen (§631b.6(c)(6))"]}
    errors = check_terms(mystery_terms("cage"), catalog()).errors
    assert errors["options.must_hit_by_payment"] == [
        "Must-Hit-By Mystery Bonus payment: choose one of Paid from the table inventory "
        "(table_inventory), Paid through a progressive jackpot slip (progressive_jackpot_slip) "
        "(§631b.6(c)(6))"]


def test_the_choices_read_as_the_regulation_says_them():
    assert choice_name("must_hit_by_payment", "table_inventory") == \
        "Paid from the table inventory"
    assert choice_name("must_hit_by_payment", "progressive_jackpot_slip") == \
        "Paid through a progressive jackpot slip"


def test_the_engine_takes_the_term_only_with_a_configuration():
    base = {"game": "baccarat", "player_cards": ["4s", "3h"], "banker_cards": ["Ts", "6d"],
            "positions": [{"seat": 1, "wagers": {"tie": "5.00",
                                                 "heavenly_9_progressive": "5.00"}}]}
    games.settle({**base, "options": {"must_hit_by": "B-5",
                                      "must_hit_by_payment": "progressive_jackpot_slip"}})
    with pytest.raises(InvalidRound) as refused:
        games.settle({**base, "options": {"must_hit_by_payment": "table_inventory"}})
    assert "§631b.6(c)(6)" in refused.value.errors["options.must_hit_by_payment"][0]
    with pytest.raises(InvalidRound) as refused:
        games.settle({**base, "options": {"must_hit_by": "B-5", "must_hit_by_payment": "cage"}})
    assert "options.must_hit_by_payment" in refused.value.errors
