"""The back office asks the game's SPEC and names no game or wager itself (issue 31, "a game
in one place"): every wager of every SPEC gets its par line and its box on the slip record
form from the SPEC alone, and no module of ``casino/``, ``rulesubmissions/`` or ``tables/``
holds a game's or a wager's key as a literal, or imports a game's module, but for the API
examples, the demo data and the few places listed below with their reasons."""

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

import games
from rulesubmissions.par import par_requests
from tables.slips.forms import RecordForm, card_grid

ROOT = Path(__file__).resolve().parent.parent
BACK_OFFICE = ("casino", "rulesubmissions", "tables")
GAMES = games.GAMES
WAGERS = {w.key for g in GAMES for w in games.spec(g).wagers}
SHEET_FIELDS = ("a par sheet's figures (a line's progressive, the strategy's turn and river), "
                "not wagers")
# path -> (the literals it may hold, why)
ALLOWED_LITERALS = {
    "rulesubmissions/demo.py": (GAMES + tuple(WAGERS), "demo data"),
    "tables/demo.py": (GAMES, "demo data"),
    "tables/floor/api.py": (("three_card_poker", "ante", "play", "pair_plus"), "API examples"),
    "tables/floor/engine.py": (("three_card_poker", "ante", "play"), "API examples"),
    "tables/slips/api.py": (("five_card_progressive", "ante", "play"), "API examples"),
    "tables/meters/api.py": (("five_card_progressive",), "API examples"),
    "rulesubmissions/par_display.py": (("progressive", "turn", "river", "play"), SHEET_FIELDS),
    "rulesubmissions/filing/par_sections.py": (("progressive", "turn", "river"), SHEET_FIELDS),
    "rulesubmissions/management/commands/par_sheet.py": (("progressive",), SHEET_FIELDS),
}
# path -> (the game modules it may import, why): none; the back office asks the SPEC
ALLOWED_IMPORTS: dict[str, tuple[tuple[str, ...], str]] = {}


def back_office_modules():
    for package in BACK_OFFICE:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.parts:
                yield path.relative_to(ROOT).as_posix(), ast.parse(path.read_text())


def named_games_and_wagers(tree) -> set[str]:
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and (node.value in GAMES or node.value in WAGERS)}


def imported_games(tree) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "games" and len(parts) > 1 and parts[1] in GAMES:
                found.add(parts[1])
            elif node.module == "games":
                found |= {a.name for a in node.names if a.name in GAMES}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("games.") and a.name.split(".")[1] in GAMES}
    return found


def test_the_back_office_names_no_game_or_wager():
    named = {}
    for path, tree in back_office_modules():
        extra = named_games_and_wagers(tree) - set(ALLOWED_LITERALS.get(path, ((), ""))[0])
        if extra:
            named[path] = sorted(extra)
    assert named == {}, "ask games.spec(game) (its wagers, par, slip_cards) instead"


def test_the_back_office_imports_no_game_module():
    imported = {}
    for path, tree in back_office_modules():
        extra = imported_games(tree) - set(ALLOWED_IMPORTS.get(path, ((), ""))[0])
        if extra:
            imported[path] = sorted(extra)
    assert imported == {}


def test_the_allow_lists_hold_nothing_stale():
    """An allowance no longer used is removed, so the lists stay the exceptions they are."""
    modules = dict(back_office_modules())
    for path, (literals, _why) in ALLOWED_LITERALS.items():
        assert named_games_and_wagers(modules[path]) & set(literals), path
    for path, (imported, _why) in ALLOWED_IMPORTS.items():
        assert imported_games(modules[path]) == set(imported), path


@pytest.mark.parametrize("game", GAMES)
def test_every_wager_has_a_box_on_the_slip_record_form(game):
    spec = games.spec(game)
    table = SimpleNamespace(game=game, positions=spec.positions)
    terms = SimpleNamespace(wagers={w.key: "" for w in spec.wagers})
    form = RecordForm.for_table(table, terms)
    assert [k for k, _ in form.wagers] == [w.key for w in spec.wagers]
    assert [k for k, _ in form.jackpot_wagers] == [w.key for w in spec.wagers if not w.base]
    row = form.rows[0]
    assert [key for key, _label, _value in row.fields] == [w.key for w in spec.wagers]
    assert [(k, label) for k, label, _ in form.round_cards] == list(spec.slip_cards.round)
    assert form.seat_cards == spec.slip_cards.seats
    assert len(card_grid(game)) == 4 + bool(spec.slip_cards.extra)


def test_the_record_form_keeps_each_games_card_fields():
    """The fields the form showed before the SPEC declared them (issue 31 keeps them)."""
    fields = {g: ([k for k, _label, _value in RecordForm(g, 1, [], {}).round_cards],
                  RecordForm(g, 1, [], {}).seat_cards) for g in GAMES}
    assert fields == {
        "three_card_poker": (["dealer", "community"], True),
        "let_it_ride": (["community"], True),
        "texas_holdem_bonus": (["dealer", "community"], True),
        "pai_gow_poker": (["dealer"], True),
        "baccarat": (["player_cards", "banker_cards"], False),
        # no cards: the round's rolls or spin (not a seat's cards, which the engine refuses)
        "craps": ([], False),
        "roulette": ([], False),
    }


@pytest.mark.parametrize("game", GAMES)
def test_a_submission_offering_every_wager_gets_the_spec_par_lines(game):
    spec = games.spec(game)
    submission = SimpleNamespace(game=game, wagers={w.key: "" for w in spec.wagers},
                                 options={}, meters={})
    requests, uncovered = par_requests(submission)
    assert uncovered == [w.key for w in spec.wagers if w.key in spec.par.uncovered]
    assert [r.wager for r in requests] == [
        *((spec.par.lines[w.key].wager or w.key) for w in spec.wagers
          if w.key in spec.par.lines), *spec.par.reference]
