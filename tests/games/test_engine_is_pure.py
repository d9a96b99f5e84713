"""The engine is pure Python: importing every module of ``games`` loads no Django module, so
the rules can be proved and run without the web application."""

import json
import subprocess
import sys
from pathlib import Path

import games

WALK = """
import importlib, json, pkgutil, sys
import games
names = [m.name for m in pkgutil.walk_packages(games.__path__, "games.")]
for name in names:
    importlib.import_module(name)
print(json.dumps({"modules": names, "django": sorted(m for m in sys.modules
                  if m == "django" or m.startswith("django."))}))
"""


def test_importing_every_engine_module_loads_no_django():
    root = Path(games.__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(root)!r})\n{WALK}"],
        capture_output=True, text=True, check=True, cwd=root, timeout=120,
    )
    result = json.loads(done.stdout)
    assert {"games.cards", "games.hands", "games.batch"} <= set(result["modules"])
    assert result["django"] == []
