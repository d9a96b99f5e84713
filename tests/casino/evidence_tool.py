"""``tools/verify_evidence.py`` as a module for the tests (it is a script, not a package)."""

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "verify_evidence.py"
_spec = importlib.util.spec_from_file_location("verify_evidence", TOOL)
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)
