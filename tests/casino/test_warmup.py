"""A web worker does its one-off work when it loads ``casino.wsgi`` (``casino/warmup.py``, issue
32): the views imported, the built-in paytables parsed, every template compiled, what is loaded
left out of the collector's full passes, and no database connection opened (a preloading
gunicorn master's connection would be shared by its forks). Run in a fresh interpreter: this
one has long since imported everything."""

import json
import os
import subprocess
import sys

from django.conf import settings

PROBE = """
import gc, json, sys
import casino.wsgi
from django.db import connections
from django.template import engines
from games.paytables import builtin_catalog
loader = engines["django"].engine.template_loaders[0]
print(json.dumps({
    "views": "tables.slips.api" in sys.modules and "rulesubmissions.views" in sys.modules,
    "paytables": builtin_catalog.cache_info().currsize,
    "templates": sorted(key for key in loader.get_template_cache),
    "frozen": gc.get_freeze_count(),
    "connections": [alias for alias in connections if connections[alias].connection],
}))
"""


def _loaded(**env) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=settings.BASE_DIR,
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "casino.settings", **env},
                          capture_output=True, text=True, timeout=120, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_worker_loads_what_its_requests_would_before_the_first():
    found = _loaded(DJANGO_DEBUG="false")
    assert found["views"] is True
    assert found["paytables"] == 1  # the built-in catalog parsed once, kept
    for name in ("tables/slips/record.html", "tables/slips/_slip_actions.html",
                 "base.html", "casino/dashboard.html"):
        assert name in found["templates"], name
    assert found["frozen"] > 10_000  # the loaded objects, out of the collector's full passes
    assert found["connections"] == []


def test_while_developing_templates_are_left_to_be_read_on_each_render():
    found = _loaded(DJANGO_DEBUG="true")
    assert found["views"] is True and found["paytables"] == 1
    assert found["templates"] == []
