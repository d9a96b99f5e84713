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


# The one shape in the OpenAPI schema: a component, and the answers every endpoint can give.
ERRORS_SCHEMA = {
    "type": "object",
    "description": 'Every API error: each field path (or "detail", for the request as a '
                   "whole) with its messages.",
    "properties": {"errors": {"type": "object",
                              "additionalProperties": {"type": "array",
                                                       "items": {"type": "string"}}}},
    "required": ["errors"],
}
ERROR_ANSWERS = {
    "400": "Bad input: each field named with the rule it breaks.",
    "401": "Not signed in, or the token is missing, expired or not an API client's.",
    "403": "Your role may not do this here.",
    "404": "No such object at your properties.",
    "405": "This endpoint does not take that method.",
    "415": "The body is not JSON.",
}


def schema_error_answers(result, generator, request, public):
    """drf-spectacular post-processing hook: the ``Errors`` component, used by every error
    answer of every operation (one the view documents keeps its own examples)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Errors"] = ERRORS_SCHEMA
    ref = {"$ref": "#/components/schemas/Errors"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in {"get", "post", "put", "patch", "delete"}:
                continue
            answers = operation.setdefault("responses", {})
            for status, description in ERROR_ANSWERS.items():
                if status == "415" and method in {"get", "delete"}:
                    continue
                if status == "400" and method == "get" and status not in answers:
                    continue
                answer = answers.setdefault(status, {"description": description})
                answer.setdefault("description", description)
                content = answer.setdefault("content", {}).setdefault("application/json", {})
                content["schema"] = ref
    return result
