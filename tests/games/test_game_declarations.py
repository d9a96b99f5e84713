"""A game in one place (issue 31): each SPEC declares its par coverage and the cards a jackpot
slip records, and these tests hold the declarations to the engine that computes and settles:
every wager has a par line, is valued on another's, or says why no sheet covers it; every
line is one the game's par computation covers; every card field is one its settle reads."""

import re

import pytest

import games
from games.errors import InvalidRound
from games.par import GAMES as PAR_GAMES
from games.par import ParError

SPECS = [games.spec(g) for g in games.GAMES]


def covered_by_computation(spec) -> set[str]:
    """The wagers the game's par computation says it covers (its refusal of an unknown one)."""
    with pytest.raises(ParError) as refused:
        spec.par.function()("no_such_wager", None, {})
    found = re.search(r"par sheets cover ([a-z0-9_, ]+)", " ".join(refused.value.errors["wager"]))
    return {w.strip() for w in found.group(1).split(",")}


def test_every_game_has_par_sheets():
    assert PAR_GAMES == games.GAMES


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_every_wager_has_par_coverage_or_says_why_not(spec):
    par = spec.par
    wagers = [w.key for w in spec.wagers]
    kinds = [sum(w in d for d in (par.lines, par.included, par.uncovered)) for w in wagers]
    assert kinds == [1] * len(wagers), "each wager: a line, included, or uncovered, once"
    assert set(par.lines) | set(par.included) | set(par.uncovered) == set(wagers)
    assert all(len(why.split()) >= 3 for why in par.uncovered.values()), "say why, in words"
    # an included wager is valued on a line of its own game
    assert set(par.included.values()) <= set(par.lines)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_every_par_line_is_one_the_computation_covers(spec):
    par = spec.par
    covers = covered_by_computation(spec)
    assert {line.wager or key for key, line in par.lines.items()} <= covers
    assert set(par.reference) <= covers


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_par_options_and_paytable_options_are_options_of_the_game(spec):
    options = {o.key for o in spec.options}
    assert set(spec.par.options) <= options
    assert {line.paytable_option for line in spec.par.lines.values()} - {""} <= options


def unknown_fields(spec, body: dict) -> dict:
    """The fields of ``body`` the game's settle refuses as unknown (other errors aside)."""
    with pytest.raises(InvalidRound) as refused:
        games.settle({"game": spec.key, **body})
    return {path: m for path, m in refused.value.errors.items() if "unknown" in str(m)}


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_the_cards_a_slip_records_are_fields_the_round_reads(spec):
    cards = spec.slip_cards
    body = {key: ["As"] for key, _label in cards.round}
    body["positions"] = [{"seat": 1, "wagers": {}, "cards": ["As"]}]
    unknown = unknown_fields(spec, body)
    assert not any(key in unknown for key, _label in cards.round)
    # a seat's own cards are recorded exactly where the round reads them
    assert ("positions[0].cards" in unknown) == (not cards.seats)


def test_the_card_picker_offers_the_joker_where_the_deck_has_one():
    from games.cards import parse_cards

    extra = games.spec("pai_gow_poker").slip_cards.extra
    assert extra == (("Jk", "Joker"),)
    assert len(parse_cards([code for code, _ in extra], joker=True)) == 1
    assert all(not games.spec(g).slip_cards.extra for g in games.GAMES if g != "pai_gow_poker")
