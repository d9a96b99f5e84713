"""Throttling with DRF's own throttles: the API as a whole per token (``API_THROTTLE_RATE``)
and making personal tokens per person (``TOKEN_CREATE_THROTTLE_RATE``). Over the rate is a
429 in the one error shape with ``Retry-After`` (casino/api_errors.py). Sign-in is throttled
by django-axes' lockout (casino/auth.py), whose 429 page says when to try again in
``Retry-After`` too (``signin_locked_out``).

The counts live in the ``throttle`` cache (settings ``CACHES``), shared by every process of
an install; the rates are read on each request, so a settings change applies at once.
"""

from axes.helpers import get_client_username, get_cool_off, get_failure_limit
from django.conf import settings
from django.core.cache import caches
from django.shortcuts import render
from knox.models import AuthToken
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

CACHE = "throttle"


class _Throttle(SimpleRateThrottle):
    @property
    def cache(self):
        return caches[CACHE]

    def get_rate(self) -> str:
        return api_settings.DEFAULT_THROTTLE_RATES[self.scope]


class ApiThrottle(_Throttle):
    """Every API request: counted per token (two tokens of one person are two programs),
    per person for a signed-in session, per address otherwise."""

    scope = "api"

    def get_cache_key(self, request, view) -> str:
        if isinstance(request.auth, AuthToken):
            ident = f"token-{request.auth.digest}"
        elif request.user and request.user.is_authenticated:
            ident = f"user-{request.user.pk}"
        else:
            ident = f"address-{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class TokenCreateThrottle(_Throttle):
    """Making personal tokens, per person (a leaked session cannot mint keys by the hundred)."""

    scope = "token_create"

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


def signin_locked_out(request, original_response=None, credentials=None):
    """django-axes' lockout answer (``AXES_LOCKOUT_CALLABLE``): its 429 "Sign-in locked" page,
    with ``Retry-After`` (the cool-off, in seconds) for a program signing in."""
    cool_off = get_cool_off(request)
    context = {"failure_limit": get_failure_limit(request, credentials),
               "username": get_client_username(request, credentials) or "",
               "cooloff_timedelta": cool_off}
    response = render(request, settings.AXES_LOCKOUT_TEMPLATE, context,
                      status=settings.AXES_HTTP_RESPONSE_CODE)
    if cool_off:
        response["Retry-After"] = str(int(cool_off.total_seconds()))
    return response
