"""The product's own error pages, and what staff see when SQLite is too busy to write.

``handler400``/``403``/``404``/``500`` (casino/urls.py) and ``CSRF_FAILURE_VIEW`` answer JSON
in the API's one shape under /api/ (casino/api_errors.py) and the site's pages elsewhere, in
words for casino staff with a way back; never a traceback or the URLconf, since ``DEBUG`` is off
on every install unless a developer sets ``DJANGO_DEBUG=true``. The 400, 500 and 503 pages
extend ``_error_layout.html``, which needs no context processor and no database: they must
render when the database is the trouble.

On the default install (SQLite) a writer waits for the write lock up to the busy timeout
(casino/settings.py). A write that still could not be made raises ``OperationalError: database
is locked``; ``BusyDatabaseMiddleware`` turns it into a 503 saying it was not saved: a page, a
message in the page's live region for htmx, or the API's JSON error with ``Retry-After``. The
transaction was rolled back, so nothing was half-written, and the words tell staff to try
again, so nothing is silently lost.
"""

import sys

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.db import OperationalError
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.utils.http import url_has_allowed_host_and_scheme
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from casino import api_errors

BUSY = "Not saved — the system was busy. Try again."
BUSY_RETRY_AFTER_SECONDS = 5
_BUSY_WORDS = ("database is locked", "database table is locked", "database schema is locked")


def _is_api(request) -> bool:
    return request.path.startswith(api_errors.API_PREFIX)


def is_busy(exc: BaseException | None) -> bool:
    """SQLite gave up waiting for the write lock (its busy timeout passed)."""
    return isinstance(exc, OperationalError) and any(w in str(exc).lower() for w in _BUSY_WORDS)


def _back_url(request) -> str:
    """Where the person came from, when it is this site; else the dashboard."""
    referer = request.META.get("HTTP_REFERER", "")
    if referer and url_has_allowed_host_and_scheme(referer, allowed_hosts={request.get_host()},
                                                   require_https=request.is_secure()):
        return referer
    return "/"


def busy(response: HttpResponse) -> HttpResponse:
    """A 503 answer for a write not made: when to try again."""
    response.status_code = 503
    response["Retry-After"] = str(BUSY_RETRY_AFTER_SECONDS)
    return response


def busy_response(request) -> HttpResponse:
    """The 503 for a write that could not be made: JSON under /api/, the message in the page's
    live region for htmx (swapped: see the htmx-config in base.html), a page otherwise."""
    if _is_api(request):
        return busy(JsonResponse({"errors": {"detail": [BUSY]}}))
    if request.headers.get("HX-Request") == "true":
        html = loader.render_to_string("_busy_message.html", {"message": BUSY})
        return busy(reswap(retarget(HttpResponse(html), "#messages"), "outerHTML"))
    return busy(HttpResponse(loader.render_to_string(
        "503.html", {"message": BUSY, "back": _back_url(request)})))


class BusyDatabaseMiddleware:
    """A view's write that SQLite could not make in time: a 503 saying so, DEBUG or not."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        return busy_response(request) if is_busy(exception) else None


def bad_request(request, exception=None):
    if _is_api(request):
        return api_errors.bad_request(request, exception)
    return HttpResponse(loader.render_to_string("400.html"), status=400)


def permission_denied(request, exception=None):
    if _is_api(request):
        return api_errors.permission_denied(request, exception)
    return render(request, "403.html", status=403)


def page_not_found(request, exception=None):
    if _is_api(request):
        return api_errors.page_not_found(request, exception)
    return render(request, "404.html", status=404)


def server_error(request):
    """``handler500``: a busy database (raised in a middleware, e.g. saving the session at
    sign-in) is the 503; anything else the API's JSON or the product's 500 page."""
    if is_busy(sys.exc_info()[1]):
        return busy_response(request)
    if _is_api(request):
        return api_errors.server_error(request)
    return HttpResponse(loader.render_to_string("500.html"), status=500)


SIGNED_OUT = "Your session ended, so what you did last was not saved. Sign in and do it again."


def sign_in_again(request) -> HttpResponse:
    """Not signed in (``ability_required``): the sign-in page, then back. For an htmx request
    (a tick, a button on a page whose session ended meanwhile) the whole page goes there and
    says its last action was not saved: htmx would follow a redirect unseen."""
    if request.headers.get("HX-Request") == "true":
        messages.info(request, SIGNED_OUT)
        page = getattr(request, "htmx", None) and request.htmx.current_url_abs_path
        return HttpResponseClientRedirect(redirect_to_login(page or "/")["Location"])
    return redirect_to_login(request.get_full_path())


EXPIRED = "Not saved — this page had expired, so it was opened again. Do it once more."


def csrf_failure(request, reason=""):
    """``CSRF_FAILURE_VIEW``: a form sent from a page open too long (its session ended or
    changed) or without its token; the reason is for developers, not shown. An htmx request
    (a tick, a button) reloads its page, which shows what is saved and says why (htmx would
    swap no 403 in: a box would stay ticked that was not saved)."""
    if _is_api(request):
        return JsonResponse({"errors": {"detail": [
            "CSRF check failed: send the X-CSRFToken header, or use a token."]}}, status=403)
    if request.headers.get("HX-Request") == "true":
        messages.error(request, EXPIRED)
        response = HttpResponse(status=403)
        response["HX-Refresh"] = "true"
        return response
    return HttpResponse(loader.render_to_string("403_csrf.html", {
        "back": _back_url(request)}), status=403)
