"""A web worker does its one-off work when it starts, not in the first requests it serves.

Without this, the first jackpot slip a fresh worker validated cost it about 25 ms of CPU where
the next cost 9 (issue 32): importing every view, parsing the built-in paytables and
compiling templates happened inside a floorperson's request, once per worker, and a busy
night's p99 met each worker's first request. ``casino.wsgi`` calls ``warm()`` once per
process (each gunicorn worker, or the master with ``--preload``), before the first request.
It opens no database connection: a connection made in a master would be shared by its forks.
"""

import gc
import sys
from pathlib import Path

from django.conf import settings
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template
from django.urls import get_resolver

from games.paytables import builtin_catalog


def _template_names() -> list[str]:
    """Every template the project's own folders hold (app folders, then ``templates/``)."""
    from django.apps import apps

    ours = [Path(app.path) for app in apps.get_app_configs()]
    folders = [path / "templates" for path in ours if path.is_relative_to(settings.BASE_DIR)
               and not path.is_relative_to(sys.prefix)]  # not a library in a venv beside us
    for engine in settings.TEMPLATES:
        folders += [Path(d) for d in engine.get("DIRS", [])]
    return sorted({str(path.relative_to(folder)) for folder in folders if folder.is_dir()
                   for path in folder.rglob("*.html")})


def warm() -> None:
    """Import every view (the URLconf), parse the built-in paytables and compile every
    template into the cached loader (debug off), so no request pays for them; then leave
    what is loaded out of the garbage collector's full passes (``gc.freeze``), which would
    otherwise walk it all again every so often, in some request's time."""
    get_resolver().url_patterns  # noqa: B018 - importing the URLconf imports every view
    builtin_catalog()
    if not settings.DEBUG:  # while developing, templates are re-read on each render
        for name in _template_names():
            try:
                get_template(name)
            except (TemplateDoesNotExist, TemplateSyntaxError):
                continue  # a name shadowed by another folder's, or a fragment to be included
    gc.collect()
    gc.freeze()
