"""The one strict base every API body is read through, and the fields it is made of.

A body is declared once, as a serializer, and that declaration both parses the request and
documents it in the OpenAPI schema, so an integrator's generated client and the server agree
on every field. ``StrictSerializer`` refuses keys it does not declare (a typo is named, never
ignored) and a body that is not a JSON object; its fields refuse what a hand parser once let
through to a 500 or, worse, stored: text longer than its column or with a NUL or a lone
surrogate (PostgreSQL cannot store either), dates no casino record can carry
(``9999-12-31``), amounts written any way but plain ASCII dollars and cents (``"1e999999999"``,
``"5_0"``, ``"٥"``, ``" 5.00 "``, ``"+5.00"``), and ids that are not ASCII digits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal
from functools import lru_cache

from drf_spectacular.drainage import set_override
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from casino.forms import FIRST_DAY, LAST_DAY
from casino.limits import MAX_ID

# Dollars and cents as the API writes them: "5.00", "12.5", "10000"; a sign only where the
# field allows one. Below a billion dollars (games.money.MAX_AMOUNT): nine whole digits.
WHOLE_DIGITS = 9


@lru_cache(maxsize=16)
def _money(signed: bool, places: int) -> re.Pattern:
    sign = "-?" if signed else ""
    return re.compile(rf"{sign}[0-9]{{1,{WHOLE_DIGITS}}}(\.[0-9]{{1,{places}}})?")


_DIGITS = re.compile(r"[0-9]{1,19}")


def model_max_length(model, field: str) -> int:
    """The column's length: a body's text is refused before the database would be."""
    return model._meta.get_field(field).max_length


class StrictSerializer(serializers.Serializer):
    """A request body: a JSON object whose every key the serializer declares.

    Each unknown key is a 400 naming it, beside the errors of the known ones. A body that is
    not an object (``null``, ``[]``, ``1``, ``true``) is a 400 under ``detail``.
    """

    unknown_message = "not a field of this request (fields: {fields})"

    def writable(self) -> list[str]:
        return [name for name, f in self.fields.items() if not f.read_only]

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"non_field_errors": [
                f"must be a JSON object, not {_kind(data)}"]})
        fields = self.writable()
        unknown = {str(key): [self.unknown_message.format(fields=", ".join(fields))]
                   for key in data if key not in fields}
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            raise serializers.ValidationError({**unknown, **exc.detail}) from None
        if unknown:
            raise serializers.ValidationError(unknown)
        return value

    def run_validation(self, data=serializers.empty):
        # DRF answers ``null`` as a body with "This field may not be null."; say what is wanted.
        if data is None and not self.allow_null:
            raise serializers.ValidationError({"non_field_errors": [
                "must be a JSON object, not null"]})
        return super().run_validation(data)


def _kind(data: object) -> str:
    if data is None:
        return "null"
    if isinstance(data, bool):
        return "true or false"
    if isinstance(data, (int, float)):
        return "a number"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, list):
        return "an array"
    return type(data).__name__


class Text(serializers.CharField):
    """Text for a column: DRF's CharField (no NUL, no lone surrogate) taking only strings,
    never a number or a list turned into one."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


def text_of(model, field: str, **kwargs) -> Text:
    """A ``Text`` as long as ``model.field``'s column."""
    return Text(max_length=model_max_length(model, field), **kwargs)


def money_schema(*, signed: bool = False, places: int = 2, blank: bool = False) -> dict:
    sign = "-?" if signed else ""
    pattern = rf"^{sign}[0-9]{{1,{WHOLE_DIGITS}}}(\.[0-9]{{1,{places}}})?$"
    return {"type": "string", "format": "decimal",
            "pattern": f"^$|{pattern}" if blank else pattern, "example": "5.00"}


def parse_money(value: object, *, signed: bool = False, places: int = 2) -> Decimal:
    """Plain ASCII dollars and cents as a Decimal, or ValueError in words for staff."""
    if isinstance(value, str) and _money(signed, places).fullmatch(value):
        return Decimal(value)
    cents = "and cents" if places == 2 else f"with at most {places} decimals"
    sign = "an optional leading -" if signed else "no sign"
    raise ValueError(
        f"an amount in dollars {cents} as a string, like \"5.00\": ASCII digits, "
        f"{sign}, no exponent, spaces or separators, below $1,000,000,000")


class Money(serializers.Field):
    """An amount as a string of ASCII digits with at most ``places`` decimals (``"5.00"``).
    ``signed`` lets it be negative (a meter adjustment); ``positive`` refuses zero too;
    ``allow_blank`` reads ``""`` as no amount (None)."""

    def __init__(self, *, signed: bool = False, positive: bool = False, places: int = 2,
                 allow_blank: bool = False, **kwargs):
        self.signed, self.positive, self.places = signed, positive, places
        self.blank_is_none = allow_blank  # (not ``allow_blank``: the schema has the pattern)
        super().__init__(**kwargs)
        set_override(self, "field", money_schema(signed=signed, places=places,
                                                 blank=allow_blank))

    def to_internal_value(self, data):
        if data == "" and self.blank_is_none:
            return None
        try:
            amount = parse_money(data, signed=self.signed, places=self.places)
        except ValueError as exc:
            raise serializers.ValidationError(str(exc)) from None
        if self.positive and amount <= 0:
            raise serializers.ValidationError("must be more than $0.00")
        return amount

    def to_representation(self, value):
        return str(value)


@extend_schema_field({"type": "string", "format": "date", "example": "2026-12-01"})
class Day(serializers.DateField):
    """A date ``YYYY-MM-DD`` between ``FIRST_DAY`` and ``LAST_DAY``."""

    def __init__(self, **kwargs):
        kwargs.setdefault("input_formats", ["%Y-%m-%d"])
        super().__init__(**kwargs)

    def to_internal_value(self, value):
        if not isinstance(value, str):
            self.fail("invalid", format="YYYY-MM-DD")
        day = super().to_internal_value(value)
        if not FIRST_DAY <= day <= LAST_DAY:
            raise serializers.ValidationError(
                f"a date from {FIRST_DAY.isoformat()} to {LAST_DAY.isoformat()}")
        return day


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class Id(serializers.Field):
    """A database id: a JSON whole number or ASCII digits, 1 to PostgreSQL's bigint."""

    def to_internal_value(self, data):
        if isinstance(data, str) and _DIGITS.fullmatch(data):
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= MAX_ID:
            raise serializers.ValidationError(
                "an id: a whole number from 1, written in ASCII digits")
        return data

    def to_representation(self, value):
        return value


class Choice(serializers.ChoiceField):
    """A key from a fixed list; the refusal lists the keys (enums in the schema)."""

    default_error_messages = {"invalid_choice": "\"{input}\" is not one of: {choices}"}

    def to_internal_value(self, data):
        if not isinstance(data, str) or data not in self.choices:
            self.fail("invalid_choice", input=str(data)[:60],
                      choices=", ".join(map(str, self.choices)))
        return data


class NoBody(StrictSerializer):
    """An action that takes no body: ``{}`` or nothing at all."""

    unknown_message = "Unknown field: this action takes no body."


@extend_schema_field({"type": "object", "additionalProperties": {"oneOf": [
    {"type": "boolean"}, {"type": "string"}, {"type": "array", "items": {"type": "string"}}]}})
class OptionConditions(serializers.DictField):
    """In answers: an option's key -> the value the game needs it to have: yes or no (``true``),
    a choice (``"B-5"``), or one of several choices (``["minibaccarat", "midibaccarat"]``)."""


@extend_schema_field({"type": "object", "additionalProperties": {"oneOf": [
    {"type": "boolean"}, {"type": "string"}, {"type": "integer"}], "nullable": True}})
class TermValues(serializers.DictField):
    """In answers: a term's key -> its value in a version's terms: a paytable, an amount as
    ``"75000.00"``, yes or no, a number, or ``null`` where the version leaves it unset."""
