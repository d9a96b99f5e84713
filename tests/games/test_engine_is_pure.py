"""The engine is pure Python: no module of ``games`` imports Django or the web application,
at load time or inside a function, so the rules can be proved and run without the web
application. Loading every module proves the first; reading every import statement of every
file (``ast``: module level, functions, classes, ``importlib.import_module("...")`` and
``__import__("...")`` with a literal name) proves the second, which loading cannot see."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import games
from tests.imports import imported_names

ENGINE = Path(games.__file__).resolve().parent
# The web application and the libraries that belong to it, never the engine's.
FORBIDDEN = ("django", "rest_framework", "drf_spectacular", "celery", "kombu", "redis",
             "psycopg", "casino", "tables", "rulesubmissions")

WALK = """
import importlib, json, pkgutil, sys
import games
names = [m.name for m in pkgutil.walk_packages(games.__path__, "games.")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "django": sorted(m for m in sys.modules
                  if m == "django" or m.startswith("django."))}))
"""


def forbidden_imports(source: str) -> list[tuple[int, str]]:
    return [(line, name) for line, name in imported_names(source)
            if name.split(".")[0] in FORBIDDEN]


def test_importing_every_engine_module_loads_no_django():
    root = ENGINE.parent
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(root)!r})\n{WALK}"],
        capture_output=True, text=True, check=True, cwd=root, timeout=120,
    )
    result = json.loads(done.stdout)
    assert {"games.cards", "games.hands", "games.batch"} <= set(result["modules"])
    assert result["django"] == []


def test_no_engine_file_imports_the_web_application_anywhere():
    files = sorted(ENGINE.rglob("*.py"))
    assert ENGINE / "payload.py" in files
    found = {str(f.relative_to(ENGINE)): bad for f in files
             if (bad := forbidden_imports(f.read_text()))}
    assert found == {}


@pytest.mark.parametrize("source", [
    "def settle():\n    import django\n",
    "def settle():\n    from django.db import transaction\n",
    "class Round:\n    def save(self):\n        from casino.audit import audit_record\n",
    "def f():\n    import importlib\n    return importlib.import_module('django.conf')\n",
    "def f():\n    return __import__('rest_framework')\n",
    "if False:\n    import tables.models\n",
])
def test_an_import_inside_a_function_or_block_is_seen(source):
    assert forbidden_imports(source)


def test_the_engines_own_and_standard_imports_are_allowed():
    source = "import json\nfrom games.cards import make\nfrom . import rules\n" \
             "def f():\n    import numpy\n"
    assert forbidden_imports(source) == []
