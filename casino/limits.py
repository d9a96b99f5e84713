"""Limits every request meets before a view reads it: body size, JSON nesting depth, string
length, no NUL characters, only finite numbers and no key given twice in one object. Hostile
or careless input is a 400 naming the field and the limit, never a 500 (a 1,000-level JSON body
exhausted Python's recursion; a NUL character reached PostgreSQL, which cannot store one in
text or ``jsonb``; ``1e309`` read as infinity, issue 29); an API body over the size limit is a
413.

``InputLimitsMiddleware`` checks every request before any view: query strings, and the pages'
form posts (htmx included) and JSON bodies; the API's bodies are read only by the parsers here
(``StrictJSONParser`` and, for uploads, ``StrictMultiPartParser``), each chosen by the exact
media type (``StrictContentNegotiation``), after the API has checked the caller's role. The standard
library's ``json`` does the parsing; these checks only bound what it is given.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponse, JsonResponse
from django.http.request import QueryDict
from django.utils.html import format_html, format_html_join
from rest_framework.exceptions import APIException, ParseError
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.utils.mediatypes import _MediaType

# Defaults; each can be set in settings under the same name.
MAX_JSON_BYTES = 1_000_000  # an API body; a Rules Submission or a 7-seat round is a few KB
MAX_JSON_DEPTH = 32  # objects and lists inside one another; our deepest body uses 5
MAX_STRING_LENGTH = 10_000  # characters in any JSON string, query or form value
MAX_KEY_LENGTH = 200  # characters in a JSON object's key, a query or form field's name

NUL = "\x00"
# A lone UTF-16 surrogate (JSON's "\ud800"): no text has one, and PostgreSQL cannot store it.
_SURROGATE = re.compile("[\ud800-\udfff]")
# A JSON string, or a character that opens, closes or separates: enough to follow the nesting
# of a body without building it.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]')


def limit(name: str) -> int:
    return getattr(settings, name, globals()[name])


# PostgreSQL's bigint: an id beyond it is no row, not a database error.
MAX_ID = 2**63 - 1


def whole_id(value: object) -> int | None:
    """A database id given in JSON or a query string: a JSON whole number or ASCII digits,
    1 to ``MAX_ID``; None otherwise. ``"²"`` is a digit to ``str.isdigit`` but not to ``int``,
    and ``"٣"`` is not an id anyone types: both are refused here, not by a 500."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 19:
        value = int(value)
    if not isinstance(value, int):
        return None
    return value if 1 <= value <= MAX_ID else None


class InputRefused(ValueError):
    """Input beyond a limit: ``errors`` maps each field path to its messages."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))


def _shown(key: str) -> str:
    """A key as it can be shown in a field path: NULs escaped, long keys cut short."""
    key = key.replace(NUL, "\\u0000")
    return key if len(key) <= 60 else f"{key[:60]}…"


def _join(path: str, key: object) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{_shown(str(key))}" if path else _shown(str(key))


def has_surrogate(text: str) -> bool:
    """True if ``text`` has a lone surrogate (only non-ASCII text is searched)."""
    return not text.isascii() and _SURROGATE.search(text) is not None


def _bad_text(text: str, most: int) -> bool:
    return NUL in text or len(text) > most or has_surrogate(text)


def _text_errors(value: str, most: int, what: str) -> list[str]:
    errors = []
    if NUL in value:
        errors.append("a NUL character (\\u0000) is not allowed")
    if has_surrogate(value):
        errors.append("a lone surrogate (\\ud800 to \\udfff) is not text")
    if len(value) > most:
        errors.append(f"{what} is at most {most:,} characters (got {len(value):,})")
    return errors


def check_data(data: object, text: str | None = None) -> None:
    """Refuse parsed JSON with a NUL character, an over-long string or key, or nesting deeper
    than ``MAX_JSON_DEPTH``, naming each field (``positions[0].cards[1]``). Iterative: a deep
    value cannot exhaust the stack here. ``text``, the JSON it was parsed from: when that is
    ASCII without a backslash no string in it can hold a NUL or a surrogate (both need an
    escape), so only lengths are checked, and none if no run between two quotes is longer
    than the limits (this check was a third of a 1,000-event wager post's CPU, issue 23)."""
    errors: dict[str, list[str]] = {}
    deepest, longest, longest_key = (limit("MAX_JSON_DEPTH"), limit("MAX_STRING_LENGTH"),
                                     limit("MAX_KEY_LENGTH"))
    plain = text is not None and text.isascii() and "\\" not in text
    # Without escapes every string is a run between two quotes: if no run is longer than
    # both limits, only the nesting is left to check.
    texts = not plain or max(map(len, text.split('"'))) > min(longest, longest_key)
    if isinstance(data, str) and _bad_text(data, longest):
        errors["detail"] = _text_errors(data, longest, "a text")
    stack: list[tuple[str, object, int]] = (
        [("", data, 1)] if isinstance(data, dict | list) else [])
    while stack:
        path, value, depth = stack.pop()
        if depth > deepest:
            errors.setdefault(path or "detail", []).append(
                f"nested more than {deepest} levels deep")
            continue
        for key, item in value.items() if isinstance(value, dict) else enumerate(value):
            # a path is written out only for a container or a refusal: most values are neither
            if not texts:
                if isinstance(item, dict | list):
                    stack.append((_join(path, key), item, depth + 1))
                continue
            if isinstance(key, str) and (len(key) > longest_key if plain
                                         else _bad_text(key, longest_key)):
                errors.setdefault(_join(path, key), []).extend(
                    _text_errors(key, longest_key, "a field name"))
            if isinstance(item, str):
                if len(item) > longest if plain else _bad_text(item, longest):
                    errors.setdefault(_join(path, key), []).extend(
                        _text_errors(item, longest, "a text"))
            elif isinstance(item, dict | list):
                stack.append((_join(path, key), item, depth + 1))
    if errors:
        raise InputRefused(errors)


def _too_deep(text: str) -> str | None:
    """The path of the first object or list nested deeper than ``MAX_JSON_DEPTH`` in JSON
    ``text``, found without parsing it (used when the parser cannot follow the nesting);
    None if there is none."""
    deepest = limit("MAX_JSON_DEPTH")
    if text.count("[") + text.count("{") <= deepest:
        return None
    frames: list[int | str] = []  # per open list its index, per object its key's token
    last = None
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            if len(frames) == deepest:
                path = ""
                for key in frames:
                    path = _join(path, _decoded(key) if isinstance(key, str) else key)
                return path or "detail"
            frames.append(0 if token == "[" else "")
        elif token in "]}":
            if frames:
                frames.pop()
        elif token == ",":
            if frames and isinstance(frames[-1], int):
                frames[-1] += 1
        elif token == ":":
            if frames:
                frames[-1] = last if last is not None else ""
        else:
            last = token  # decoded only if it ends up in a path
    return None


def _decoded(token: str) -> str:
    """A JSON string token's text (a key of the path), or its raw text if it cannot be read."""
    if not token.startswith('"'):
        return token
    try:
        return json.loads(token)
    except ValueError:
        return token[1:-1]


class BodyTooLarge(InputRefused):
    """A body over ``MAX_JSON_BYTES``: a 413 from the API, a 400 page elsewhere."""

    def __init__(self):
        super().__init__({"detail": [
            f"the request body is at most {limit('MAX_JSON_BYTES'):,} bytes"]})


class RequestTooLarge(APIException):
    """The API's 413, in the one error shape (``casino.api_errors``)."""

    status_code = 413
    default_detail = "The request body is too large."
    default_code = "request_too_large"


def parse_json(raw: bytes, encoding: str = "utf-8") -> object:
    """JSON ``raw`` within every limit, or InputRefused naming what is wrong (BodyTooLarge
    for a body over ``MAX_JSON_BYTES``)."""
    if len(raw) > limit("MAX_JSON_BYTES"):
        raise BodyTooLarge()
    try:
        text = raw.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        raise InputRefused({"detail": [
            f"the request body is not valid {encoding} text"]}) from None
    reader = _Reader()
    try:
        data = json.loads(text, parse_constant=reader.constant, parse_float=reader.number,
                          object_pairs_hook=reader.mapping)
    except RecursionError:
        # Nested deeper than the parser can follow: name where the limit was passed.
        deep = _too_deep(text) or "detail"
        raise InputRefused({deep: [f"nested more than {limit('MAX_JSON_DEPTH')} levels deep"]}
                           ) from None
    except ValueError as exc:
        raise InputRefused({"detail": [f"the body is not valid JSON: {exc}"]}) from None
    if reader.found:
        raise InputRefused(reader.errors(data))
    check_data(data, text)
    return data


NOT_FINITE = "not a finite number (NaN, Infinity, or beyond ±1.7976931348623157e308)"


class _Reader:
    """The hooks of ``json.loads`` that note what JSON's grammar lets through but no request
    may hold (issue 29): ``NaN``, ``Infinity`` and a number too large for a float (``1e309``
    reads as infinity, which a refusal then echoed: a 500), and a key given twice in one
    object (``{"game": "craps", "game": ...}`` kept the last, silently). The hooks know no
    path: ``errors`` finds each in the parsed value, only when one was noted."""

    def __init__(self):
        self.found = False
        self.repeated: dict[int, tuple[dict, list[str]]] = {}  # id(object) -> it, its keys

    def constant(self, name: str) -> float:
        self.found = True
        return float(name)

    def number(self, text: str) -> float:
        value = float(text)
        if not math.isfinite(value):
            self.found = True
        return value

    def mapping(self, pairs: list[tuple[str, object]]) -> dict:
        obj = dict(pairs)
        if len(obj) != len(pairs):
            self.found = True
            seen: set[str] = set()
            twice = [k for k, _ in pairs if k in seen or seen.add(k)]
            self.repeated[id(obj)] = (obj, list(dict.fromkeys(twice)))
        return obj

    def errors(self, data: object) -> dict[str, list[str]]:
        """Each field path with what is wrong there (iterative, as ``check_data``)."""
        errors: dict[str, list[str]] = {}
        stack: list[tuple[str, object]] = [("", data)]
        while stack:
            path, value = stack.pop()
            if isinstance(value, float) and not math.isfinite(value):
                errors.setdefault(path or "detail", []).append(NOT_FINITE)
            elif isinstance(value, dict | list):
                if id(value) in self.repeated and self.repeated[id(value)][0] is value:
                    for key in self.repeated[id(value)][1]:
                        errors.setdefault(_join(path, key), []).append(
                            "this key is given more than once in one object: give it once")
                items = value.items() if isinstance(value, dict) else enumerate(value)
                stack.extend((_join(path, k), v) for k, v in items)
        return dict(sorted(errors.items()))


class StrictJSONParser(JSONParser):
    """DRF's JSON parser within the limits: a refusal is a 400 shaped like every other
    (``{"errors": {field: [messages]}}``); a body over ``MAX_JSON_BYTES`` a 413."""

    def parse(self, stream, media_type=None, parser_context=None):
        parser_context = parser_context or {}
        encoding = parser_context.get("encoding", settings.DEFAULT_CHARSET)
        raw = stream.read(limit("MAX_JSON_BYTES") + 1) if stream is not None else b""
        try:
            return parse_json(raw, encoding)
        except BodyTooLarge as exc:
            raise RequestTooLarge(exc.errors["detail"][0]) from None
        except InputRefused as exc:
            raise ParseError({"errors": exc.errors}) from None


class StrictFormParser(FormParser):
    """DRF's form parser, each field within the limits of a JSON string."""

    def parse(self, stream, media_type=None, parser_context=None):
        return _checked_form(super().parse(stream, media_type, parser_context))


class StrictMultiPartParser(MultiPartParser):
    """DRF's multipart parser (uploads), each field within the limits; a body without a
    boundary is DRF's 400, in the one shape."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            parsed = super().parse(stream, media_type, parser_context)
        except RequestDataTooBig:
            raise RequestTooLarge(
                "the request's fields other than files are at most "
                f"{settings.DATA_UPLOAD_MAX_MEMORY_SIZE:,} bytes") from None
        _checked_form(parsed.data)
        return parsed


def _checked_form(data: QueryDict) -> QueryDict:
    errors = _field_errors(data)
    if errors:
        raise ParseError({"errors": errors})
    return data


class StrictContentNegotiation(DefaultContentNegotiation):
    """A body is read only by the parser of its exact media type: DRF matches
    ``Content-Type: application/*`` or ``*/*`` with the JSON parser, which let a body past
    the limits' checks; here it is a 415 like any other type no parser takes."""

    def select_parser(self, request, parsers):
        if len(request.content_type or "") > self.max_media_type_length:
            return None
        wanted = _MediaType(request.content_type)
        if "*" in (wanted.main_type, wanted.sub_type):
            return None
        for parser in parsers:
            offered = _MediaType(parser.media_type)
            if (offered.main_type, offered.sub_type) == (wanted.main_type, wanted.sub_type):
                return parser
        return None


def _field_errors(fields: QueryDict) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not fields:
        return errors
    longest, longest_key = limit("MAX_STRING_LENGTH"), limit("MAX_KEY_LENGTH")
    for key, values in fields.lists():
        messages = _text_errors(key, longest_key, "a field name")
        for value in values:
            messages += [m for m in _text_errors(value, longest, "a text") if m not in messages]
        if messages:
            errors[_shown(key)] = messages
    return errors


class InputLimitsMiddleware:
    """Every request within the limits before any view reads it: query strings and form posts
    (pages, htmx partials, the API's form bodies) free of NUL characters and within the string
    limits; JSON bodies as ``parse_json`` reads them, whatever parser a view names (a view's own
    ``JSONParser`` recursed once per level). A 400 naming the field otherwise."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        errors = _field_errors(request.GET)
        # The API's bodies are read by its parsers (above), after the role check: a body
        # whose sender may not make the request is a 403 however it is written.
        api = request.path.startswith("/api/")
        if request.method in ("POST", "PUT", "PATCH", "DELETE") and not api:
            if request.content_type in ("application/x-www-form-urlencoded",
                                        "multipart/form-data") and request.method == "POST":
                errors.update(_field_errors(request.POST))
            elif request.content_type == "application/json" or request.content_type.endswith(
                    "+json"):
                errors.update(_json_errors(request))
        if errors:
            return refused(request, errors)
        return self.get_response(request)


def _json_errors(request) -> dict[str, list[str]]:
    """Django refuses a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE`` before reading it;
    ``parse_json`` the smaller ``MAX_JSON_BYTES``."""
    try:
        raw = request.body
    except RequestDataTooBig:
        return {"detail": [f"the request body is at most {limit('MAX_JSON_BYTES'):,} bytes"]}
    if not raw:
        return {}
    try:
        parse_json(raw, request.encoding or settings.DEFAULT_CHARSET)
    except InputRefused as exc:
        return exc.errors
    return {}


def refused(request, errors: dict[str, Iterable[str]]) -> HttpResponse:
    """A 400 naming each field: JSON for the API, a short page otherwise."""
    errors = {k: list(v) for k, v in errors.items()}
    if request.path.startswith("/api/"):
        return JsonResponse({"errors": errors}, status=400)
    items = format_html_join("", "<li><strong>{}</strong>: {}</li>",
                             ((k, " ".join(v)) for k, v in errors.items()))
    body = format_html("<!doctype html><title>Bad request</title><h1>Bad request</h1>"
                       "<p>Nothing was saved. Correct these fields and try again:</p>"
                       "<ul>{}</ul>", items)
    return HttpResponse(body, status=400)
