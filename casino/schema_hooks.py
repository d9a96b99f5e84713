"""The OpenAPI schema as strict as the server (issue 29): what a generated client may trust.

A drf-spectacular post-processing hook, run after ``casino.api_errors.schema_error_answers``:

- An answer's property is ``required`` whenever the server always sends it. DRF writes every
  field of a serializer into every answer (a missing source gives the field's ``default``), so
  the only properties an answer can leave out are those a plain serializer declares
  ``required=False`` with no ``default`` and reads from a dict that may lack them (an engine
  line's ``meter``); a model's serializer reads attributes every row has. ``default`` is a
  request's word, so it is dropped from answers.
- A request body read through ``casino.api_fields.StrictSerializer`` refuses every key it does
  not declare, so its component says ``additionalProperties: false``; and a text it refuses
  blank says ``minLength: 1``.
- Every write can be answered 503 when the database cannot take the write in time
  (``casino.error_pages.BusyDatabaseMiddleware``), with ``Retry-After``.
"""

from __future__ import annotations

import copy

from drf_spectacular.plumbing import ResolvedComponent
from rest_framework import serializers
from rest_framework.fields import empty

from casino.api_fields import StrictSerializer
from casino.error_pages import BUSY_RETRY_AFTER_SECONDS

WRITES = {"post", "put", "patch", "delete"}
BUSY_ANSWER = {
    "description": "The database was too busy to take the write (nothing was saved): wait the "
                   f"seconds Retry-After says ({BUSY_RETRY_AFTER_SECONDS}) and send it again.",
    "headers": {"Retry-After": {"description": "Seconds to wait before sending it again.",
                                "schema": {"type": "integer", "minimum": 0}}},
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Errors"}}},
}


def _names(node, schemas: dict, found: set[str]) -> set[str]:
    """Every component ``node`` refers to, directly or through others."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            ref = item.get("$ref", "")
            if ref.startswith("#/components/schemas/"):
                name = ref.rpartition("/")[2]
                if name not in found:
                    found.add(name)
                    stack.append(schemas.get(name, {}))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def _directions(result) -> tuple[set[str], set[str]]:
    """(request components, answer components): what request bodies and answers refer to."""
    schemas = result.get("components", {}).get("schemas", {})
    asked, answered = set(), set()
    for operations in result.get("paths", {}).values():
        for operation in operations.values():
            if isinstance(operation, dict):
                _names(operation.get("requestBody", {}), schemas, asked)
                _names(operation.get("parameters", []), schemas, asked)
                _names(operation.get("responses", {}), schemas, answered)
    return asked, answered


def _serializers(generator) -> dict[str, serializers.BaseSerializer]:
    """Each schema component's serializer, by component name."""
    found = {}
    for component in generator.registry._components.values():
        if component.type == ResolvedComponent.SCHEMA:
            item = component.object
            item = getattr(item, "child", item)  # a list's page: its rows' serializer
            if isinstance(item, serializers.BaseSerializer):
                found[component.name] = item
    return found


def may_be_absent(serializer, name: str) -> bool:
    """Whether an answer can leave field ``name`` out (see the module)."""
    if isinstance(serializer, serializers.ModelSerializer):
        return False
    field = serializer.fields.get(name)
    return field is not None and not field.required and field.default is empty


def _answer_component(schema: dict, serializer) -> None:
    properties = schema.get("properties") or {}
    required = [name for name in properties
                if serializer is None or not may_be_absent(serializer, name)]
    if required:
        schema["required"] = required
    for prop in properties.values():
        prop.pop("default", None)
        for part in [*prop.get("allOf", ()), *prop.get("oneOf", ())]:
            part.pop("default", None)


def _no_blank_text(schema: dict, body: StrictSerializer) -> None:
    """A text the body refuses blank (DRF's ``allow_blank=False``) has ``minLength: 1``."""
    for name, prop in schema["properties"].items():
        field = body.fields.get(name)
        if (isinstance(field, serializers.CharField) and not field.allow_blank
                and prop.get("type") == "string" and "minLength" not in prop):
            prop["minLength"] = 1


def schema_strictness(result, generator, request, public):
    """drf-spectacular post-processing hook (see the module)."""
    schemas = result.get("components", {}).get("schemas", {})
    asked, answered = _directions(result)
    by_name = _serializers(generator)
    for name in answered - asked:
        schema = schemas.get(name, {})
        if schema.get("type") == "object" and "properties" in schema:
            _answer_component(schema, by_name.get(name))
    for name in asked:
        schema, body = schemas.get(name, {}), by_name.get(name)
        if isinstance(body, StrictSerializer) and "properties" in schema:
            schema.setdefault("additionalProperties", False)
            _no_blank_text(schema, body)
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method in WRITES:
                operation.setdefault("responses", {}).setdefault("503", copy.deepcopy(BUSY_ANSWER))
    return result
