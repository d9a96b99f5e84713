"""Every `>>>` example in a docstring of the project runs and shows what the code returns.

A docstring example is documentation a reader trusts; one that no longer matches the code is
worse than none. Modules are found by their text (any `.py` file of the project's packages that
contains `>>>`), so a new example is checked without being listed here.
"""

import doctest
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("games", "casino", "rulesubmissions", "tables", "benchmarks", "tools")


def _modules_with_examples() -> list[str]:
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or ">>>" not in path.read_text(encoding="utf-8"):
                continue
            parts = path.relative_to(ROOT).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


MODULES = _modules_with_examples()


def test_the_engine_has_examples():
    # The scan works: the engine's documented examples (e.g. games.names) are among those found.
    assert "games.names" in MODULES
    assert "games.baccarat.rules" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    tests = [t for t in doctest.DocTestFinder().find(module) if t.examples]
    assert tests, f"{name} has '>>>' but no docstring example doctest can find"
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in tests:
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} example(s) in {name} failed (printed above)"
