"""Every API error is JSON in one shape: ``{"errors": {field_path: [messages]}}``.

Field errors keep their path (``positions[0].cards``, ``meters.five_card_progressive.initial``);
an error about the request as a whole (not signed in, not allowed, not found, wrong method,
too many requests, a server error) is under ``"detail"``: ``{"errors": {"detail": ["Not
found."]}}``. ``exception_handler`` is DRF's ``EXCEPTION_HANDLER``; ``page_not_found`` and
``server_error`` answer the same shape for any URL under ``/api/`` that no view handles.
"""

import re

from django.apps import apps
from django.core.exceptions import RequestDataTooBig
from django.http import Http404, JsonResponse
from django.views import defaults
from rest_framework.views import exception_handler as drf_exception_handler

API_PREFIX = "/api/"


def _messages(value) -> list[str]:
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value if not isinstance(v, (dict, list, tuple))]
    return [str(value)]


def _flatten(data, path: str, out: dict[str, list[str]]) -> None:
    """Nested serializer errors as ``a.b[2].c -> [messages]``; an error about a nested object
    as a whole (``null`` where its terms go) is named by the object's path."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "non_field_errors":
                _flatten(value, path or "detail", out)
                continue
            _flatten(value, f"{path}.{key}" if path else str(key), out)
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


def bad_request(request, exception=None):
    """``handler400``: a request Django could not read (a multipart body without a boundary)
    is JSON under /api/, the site's 400 page elsewhere; one larger than Django reads
    (``DATA_UPLOAD_MAX_MEMORY_SIZE``) is the API's 413."""
    if _is_api(request) and isinstance(exception, RequestDataTooBig):
        return JsonResponse({"errors": {"detail": [_STATUS_WORDS[413]]}}, status=413)
    if _is_api(request):
        return JsonResponse({"errors": {"detail": [
            "The request could not be read: its body does not match its Content-Type."]}},
            status=400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    """``handler403`` (a page's CSRF or role refusal reaching Django): JSON under /api/."""
    if _is_api(request):
        return JsonResponse({"errors": {"detail": [
            "You do not have permission to perform this action."]}}, status=403)
    return defaults.permission_denied(request, exception)


# What each status means, for an answer that reached the client without the shape.
_STATUS_WORDS = {
    400: "The request could not be read.", 403: "You do not have permission to perform "
    "this action.", 404: "Not found.", 405: "This endpoint does not take that method.",
    413: "The request body is too large.", 415: "Unsupported media type: send "
    "application/json.",
}


class ApiErrorShapeMiddleware:
    """Every error under /api/ in the one shape whatever the settings: with ``DEBUG`` on,
    Django answers an unknown URL or an exception with its technical HTML page (the
    ``handler*`` views above are used only with it off); this puts the shape in its place.
    Outermost but for security, so it sees every answer (the docs page excepted)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if (response.status_code >= 400 and _is_api(request)
                and not request.path.startswith(API_DOCS)
                and not response.get("Content-Type", "").startswith("application/json")):
            status = response.status_code
            if status >= 500:
                return server_error(request)
            words = _STATUS_WORDS.get(status, response.reason_phrase or "Refused.")
            shaped = JsonResponse({"errors": {"detail": [words]}}, status=status)
            for header in ("Allow", "WWW-Authenticate", "Retry-After"):
                if header in response:
                    shaped[header] = response[header]
            return shaped
        return response


API_DOCS = "/api/docs/"


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
    "406": "The answer can only be JSON: send Accept: application/json (or none).",
    "413": "The body is larger than the API reads (the answer says the limit).",
    "415": "The body is not JSON: send Content-Type: application/json.",
    "429": "Too many requests (API_THROTTLE_RATE per token, TOKEN_CREATE_THROTTLE_RATE for "
           "making tokens): wait the seconds Retry-After says.",
}
RETRY_AFTER = {"Retry-After": {"description": "Seconds to wait before asking again.",
                               "schema": {"type": "integer", "minimum": 0}}}
# Statuses an operation may add in its own ``responses`` (each then answers ``Errors``).
ERROR_STATUSES = {"400", "401", "403", "404", "405", "406", "409", "412", "413", "415", "429"}


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
                if status in ("413", "415") and method not in {"post", "put", "patch"}:
                    continue
                answers.setdefault(status, {"description": description})
            for status, answer in answers.items():
                if status in ERROR_STATUSES:
                    answer.setdefault("description", ERROR_ANSWERS.get(status, "Refused."))
                    # the one shape, with the view's examples of it if it gave any
                    content = answer.get("content", {}).get("application/json", {})
                    examples = {k: v for k, v in content.items() if k in ("examples",)}
                    answer["content"] = {"application/json": {"schema": ref, **examples}}
                    if status == "429":
                        answer["headers"] = RETRY_AFTER
    _type_nullables(result)
    return result


# null and nothing else, as OpenAPI 3.0 writes it (``nullable`` beside its ``type``).
NULL_ONLY = {"type": "object", "nullable": True, "enum": [None]}


def _type_nullables(node) -> None:
    """OpenAPI 3.0 reads ``nullable`` only beside a ``type``: a nullable reference
    (``{"allOf": [{"$ref": ...}], "nullable": true}``) is one of the object it refers to or
    null (generated clients read it as ``Thing | None``); a nullable choice of types lets its
    first be null."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("nullable") and "type" not in item:
                if len(item.get("allOf", ())) == 1:
                    del item["nullable"]
                    item["oneOf"] = [item.pop("allOf")[0], NULL_ONLY]
                elif item.get("oneOf"):  # null is the first choice's (oneOf: exactly one)
                    del item["nullable"]
                    item["oneOf"][0] = {**item["oneOf"][0], "nullable": True}
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
