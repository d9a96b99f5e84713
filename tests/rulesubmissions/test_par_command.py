"""The par_sheet command, and every example of the "Par sheets" section of the table games
manager's guide (docs/table-games-manager.md) run as written."""

import json
import shlex
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

GUIDE = Path(__file__).resolve().parents[2] / "docs/table-games-manager.md"


def _run(line: str) -> str:
    out = StringIO()
    call_command(*shlex.split(line)[2:], stdout=out)
    return out.getvalue()


def _examples() -> list[str]:
    text = GUIDE.read_text()
    section = text[text.index("## Par sheets"):]
    section = section[:section.find("\n## ", 3)] if "\n## " in section[3:] else section
    return [ln.strip() for ln in section.splitlines()
            if ln.strip().startswith("python manage.py par_sheet")]


def test_the_guides_examples_run():
    examples = _examples()
    assert len(examples) == 7
    for line in examples:
        out = _run(line)
        if "--json" in line:
            data = json.loads(out)
            w = data["wagers"][0]
            assert data["game"] == "three_card_poker" and w["method"] == "exact"
            assert w["ci95"] is None and round(w["house_edge"], 4) == 0.0232
            assert set(w["rows"][0]) == {"hand", "probability", "return"}
        else:
            assert "house edge" in out


def test_text_output_names_the_figures():
    out = _run("python manage.py par_sheet craps --wager pass_line")
    assert "house edge 1.4141%" in out  # 7/495


def test_bad_option_is_an_error_naming_it():
    with pytest.raises(CommandError, match="options.shoes"):
        _run("python manage.py par_sheet baccarat --option shoes=2")
    with pytest.raises(CommandError, match="KEY=VALUE"):
        _run("python manage.py par_sheet baccarat --option decks")
