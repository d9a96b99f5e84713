"""WSGI entry point: the application, warmed before it serves (``casino.warmup``)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings")
application = get_wsgi_application()

from casino.warmup import warm  # noqa: E402 - needs the apps that get_wsgi_application set up

warm()
