"""``/healthz``: answered from a recent probe, never by waiting on the broker.

Beat schedules ``casino.tasks.health_probe`` every ``HEALTHZ_PROBE_INTERVAL`` seconds; the
worker that runs it writes the time (``HealthProbe``). ``/healthz`` reads that row (one
indexed query, which also proves the database answers), keeps the answer for
``HEALTHZ_CACHE_SECONDS`` in the process cache, and calls the workers down when the last probe
is older than ``HEALTHZ_MAX_AGE``. Anonymous callers (load balancers) see only ok/down; signed-in
staff and API tokens also see the details.
"""

import logging

from django.conf import settings
from django.core.cache import cache
from django.http import JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from rest_framework.exceptions import AuthenticationFailed

from casino.models import HealthProbe
from casino.tokens import ApiTokenAuthentication

log = logging.getLogger(__name__)

PROBE = "worker"
CACHE_KEY = "casino.healthz"


def record_probe(*, host: str) -> dict:
    """Called by the worker running ``health_probe``."""
    at = timezone.now()
    HealthProbe.objects.update_or_create(name=PROBE, defaults={"at": at, "host": host})
    return {"at": at.isoformat(), "host": host}


def _probe() -> dict:
    now = timezone.now()
    try:
        last = HealthProbe.objects.filter(name=PROBE).first()
    except Exception as exc:  # any database failure means "down"; never raise from here
        log.warning("healthz database check failed: %s", exc)
        return {"ok": False, "database": {"ok": False, "error": type(exc).__name__},
                "workers": {"ok": False}, "checked_at": now.isoformat()}
    if last is None:
        workers = {"ok": False, "last_probe": None}
    else:
        age = (now - last.at).total_seconds()
        workers = {"ok": age <= settings.HEALTHZ_MAX_AGE, "last_probe": last.at.isoformat(),
                   "age_seconds": round(age, 1), "host": last.host}
    return {"ok": workers["ok"], "database": {"ok": True}, "workers": workers,
            "checked_at": now.isoformat()}


def current_health() -> dict:
    health = cache.get(CACHE_KEY)
    if health is None:
        health = _probe()
        cache.set(CACHE_KEY, health, settings.HEALTHZ_CACHE_SECONDS)
    return health


def _may_see_details(request) -> bool:
    user = request.user
    if user.is_authenticated:
        return user.is_superuser or user.memberships.exists()
    try:
        return ApiTokenAuthentication().authenticate(request) is not None
    except AuthenticationFailed:
        return False


@never_cache
def healthz(request):
    """200 ``{"status": "ok"}`` or 503 ``{"status": "down"}``; details for staff and tokens."""
    health = current_health()
    body = {"status": "ok" if health["ok"] else "down"}
    if _may_see_details(request):
        body.update({key: health[key] for key in ("database", "workers", "checked_at")})
    return JsonResponse(body, status=200 if health["ok"] else 503)
