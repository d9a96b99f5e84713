"""Request plumbing: the current property, the audit actor, the idle session timeout and no
caching of signed-in pages."""

import time

from django.utils.cache import add_never_cache_headers

from casino.audit import current_request
from casino.selectors import current_property


class CurrentPropertyMiddleware:
    """Sets ``request.property``: the property the signed-in staff member works at (or None)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = request.user
        request.property = current_property(user) if user.is_authenticated else None
        return self.get_response(request)


class AuditActorMiddleware:
    """Makes the request's user (also a token user: DRF sets it on the same request) the actor
    of audit events written by model signals during the request (casino/signals.py), and its
    token (DRF's ``request.auth``, also set on the same request) named beside the person in
    every event written during it (``casino.audit.actor_words``)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = current_request.set(request)
        try:
            return self.get_response(request)
        finally:
            current_request.reset(token)


class NoStoreWhenSignedInMiddleware:
    """``Cache-Control: no-store`` on every answer to a signed-in user (web or API), so neither
    the browser nor a proxy keeps a copy of a page with casino data after sign-out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            add_never_cache_headers(response)
        return response


class IdleSessionMiddleware:
    """Restart a signed-in session's ``SESSION_COOKIE_AGE`` clock (the idle timeout) on use,
    writing the session at most once a minute rather than on every request."""

    REFRESH_SECONDS = 60

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        session = getattr(request, "session", None)
        if session is not None and request.user.is_authenticated:
            now = int(time.time())
            if now - session.get("_casino_touched", 0) >= self.REFRESH_SECONDS:
                session["_casino_touched"] = now
        return self.get_response(request)
