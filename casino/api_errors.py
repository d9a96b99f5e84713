"""Every API error is JSON in one shape: ``{"errors": {field_path: [messages]}}``.

Field errors keep their path (``positions[0].cards``, ``meters.five_card_progressive.initial``);
an error about the request as a whole (not signed in, not allowed, not found, wrong method,
too many requests, a server error) is under ``"detail"``: ``{"errors": {"detail": ["Not
found."]}}``. ``exception_handler`` is DRF's ``EXCEPTION_HANDLER``; ``page_not_found`` and
``server_error`` answer the same shape for any URL under ``/api/`` that no view handles.
"""

import re

from django.apps import apps
from django.http import Http404, JsonResponse
from django.views import defaults
from rest_framework.views import exception_handler as drf_exception_handler

API_PREFIX = "/api/"


def _messages(value) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if not isinstance(v, (dict, list, tuple))]
    return [str(value)]


def _flatten(data, path: str, out: dict[str, list[str]]) -> None:
    """Nested serializer errors as ``a.b[2].c -> [messages]``."""
    if isinstance(data, dict):
        for key, value in data.items():
            name = "detail" if key == "non_field_errors" and not path else str(key)
            _flatten(value, f"{path}.{name}" if path else name, out)
    elif isinstance(data, (list, tuple)) and any(isinstance(v, (dict, list)) for v in data):
        for i, value in enumerate(data):
            if value:
                _flatten(value, f"{path}[{i}]", out)
    else:
        out.setdefault(path or "detail", []).extend(_messages(data))


def as_errors(data) -> dict[str, list[str]]:
    """Any DRF error payload in the one shape's inner mapping."""
    if isinstance(data, dict) and set(data) == {"errors"} and isinstance(data["errors"], dict):
        data = data["errors"]  # already shaped by the view
    out: dict[str, list[str]] = {}
    _flatten(data, "", out)
    return out


# What ``get_object_or_404`` says: the model's class name, not words for casino staff.
_NO_MATCH = re.compile(r"No (\w+) matches the given query\.")


def _not_found(exc: Http404) -> str:
    """"No RulesSubmission matches the given query." as "No rules submission with that id at
    your properties." (another property's object is a 404 too, never a 403)."""
    match = _NO_MATCH.fullmatch(str(exc))
    if match is None:
        return str(exc) or "Not found."
    names = {m._meta.object_name: m._meta.verbose_name for m in apps.get_models()}
    return f"No {names.get(match.group(1), 'record')} with that id at your properties."


def exception_handler(exc, context):
    """DRF's handler (status codes, ``WWW-Authenticate``, ``Retry-After``), reshaped."""
    response = drf_exception_handler(exc, context)
    if response is not None:
        if isinstance(exc, Http404):
            response.data = {"detail": _not_found(exc)}
        response.data = {"errors": as_errors(response.data)}
    return response


def _is_api(request) -> bool:
    return request.path.startswith(API_PREFIX)


def page_not_found(request, exception=None):
    """``handler404``: JSON under /api/, the site's 404 page elsewhere."""
    if _is_api(request):
        return JsonResponse({"errors": {"detail": ["Not found."]}}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    """``handler500``: JSON under /api/ (no details), the site's 500 page elsewhere."""
    if _is_api(request):
        return JsonResponse({"errors": {"detail": ["Server error: the request was not "
                                                   "completed. It has been logged."]}},
                            status=500)
    return defaults.server_error(request)
