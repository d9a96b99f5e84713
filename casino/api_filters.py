"""The API's list filters: django-filter FilterSets with one behaviour on every list.

A value a filter cannot read (``status=bogus``, ``date_to=9999-12-31``, ``amount_min=NaN``), an
empty one (``status=``: leave the filter out for every row) or a query parameter no filter
declares is a 400 naming it, never an empty list or every row; a range that ends before it
starts is a 400 on its end. drf-spectacular documents each filter
as a query parameter with its type and, for a choice, its enum.
"""

from __future__ import annotations

import django_filters
from django import forms
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.contrib.django_filters import DjangoFilterExtension
from drf_spectacular.utils import extend_schema_field

from casino.api_fields import money_schema, parse_money
from casino.forms import DayField

# Query parameters every list takes beside its filters (the page or the cursor of the list's
# paginator, DRF's format override).
PASSTHROUGH = frozenset({"page", "cursor", "format"})


class StrictFilterSet(django_filters.FilterSet):
    """A FilterSet refusing parameters it does not declare and empty values of those it
    does (django-filter reads ``?status=`` as no filter, so a client's unset variable would
    silently list every row); ``ranges`` names each (from, to) pair whose end may not come
    before its start."""

    ranges: tuple[tuple[str, str], ...] = ()

    def is_valid(self) -> bool:
        valid = self.form.is_valid()
        errors = self.form.errors
        for key in self.data:
            if key not in self.filters and key not in PASSTHROUGH:
                errors[str(key)[:60]] = self.form.error_class([
                    "not a filter of this list (filters: "
                    f"{', '.join(self.filters) or 'none'})"])
            elif key in self.filters and any(not str(v).strip() for v in _values(self.data, key)):
                errors[key] = self.form.error_class([
                    "an empty value: give one, or leave the filter out for every row"])
        if valid and not errors:
            data = self.form.cleaned_data
            for start, end in self.ranges:
                low, high = data.get(start), data.get(end)
                if low is not None and high is not None and low > high:
                    errors[end] = self.form.error_class([
                        f"the range ends before it starts ({low} is after {high})"])
        return not errors


def _values(data, key: str) -> list:
    """Every value of ``key`` (a query repeats a key: ``?status=open&status=``)."""
    return data.getlist(key) if hasattr(data, "getlist") else [data[key]]


class Backend(DjangoFilterBackend):
    """django-filter's DRF backend; a bad filter is a 400 in the one shape (the exception
    handler shapes ``ValidationError``)."""


class StrictFilterExtension(DjangoFilterExtension):
    """drf-spectacular's filter parameters for ``Backend``, each text filter declaring
    ``minLength: 1``: an empty value is refused (``StrictFilterSet``), and the schema says so."""

    target_class = Backend
    priority = 1

    def get_schema_operation_parameters(self, auto_schema, *args, **kwargs):
        parameters = super().get_schema_operation_parameters(auto_schema, *args, **kwargs)
        for parameter in parameters:
            schema = parameter.get("schema", {})
            if schema.get("type") == "string" and "enum" not in schema:
                schema.setdefault("minLength", 1)
        return parameters


@extend_schema_field({"type": "string", "format": "date", "example": "2026-12-01"})
class DayFilter(django_filters.DateFilter):
    """A date ``YYYY-MM-DD`` within the casino's calendar (``casino.forms.DayField``)."""

    field_class = DayField


class MoneyFormField(forms.CharField):
    """An amount in plain dollars and cents (``casino.api_fields.parse_money``), for a page's
    form or a list's filter: never ``NaN``, ``Infinity``, an exponent or another script's
    digits."""

    def to_python(self, value):
        value = super().to_python(value)
        if value in self.empty_values:
            return None
        try:
            return parse_money(value, signed=False)
        except ValueError as exc:
            raise forms.ValidationError(str(exc), code="invalid") from None


@extend_schema_field(money_schema())
class MoneyFilter(django_filters.Filter):
    """An amount in plain dollars and cents (``"5.00"``): never ``NaN``, ``Infinity`` or an
    exponent."""

    field_class = MoneyFormField
