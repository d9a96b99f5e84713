"""The API's long lists a page at a time, as fast on the last page of a long log as on the
first (issue 24): DRF's ``CursorPagination``, whose ``next`` and ``previous`` links carry an
opaque cursor, the position of the page's edge in the list's indexed order (an offset only
among rows of the same position), never a page number that the database counts its way to.
The total is counted only up to 10,000 (``count_exact`` false past it), as the pages say
"More than 10,000 events".
"""

from base64 import b64decode
from datetime import UTC, datetime

from django.core.exceptions import ValidationError as BadValue
from django.db import connection
from django.utils import timezone
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response

from casino import selectors

BAD_CURSOR = ("Not a cursor this list gave: send the `next` or `previous` link of an answer as "
              "it is, or no cursor for the first page.")
NO_PAGE_NUMBER = ("This list pages by cursor, not by number: follow each answer's `next` link "
                  "until it is null.")


class CheckedCursor(CursorPagination):
    """50 rows a page in ``ordering`` (served by an index; unique but for rare ties, which
    the cursor's offset keeps apart). A cursor that does not read, or whose position is no
    value of the ordering's field, is a 400 naming ``cursor`` (DRF would hand it to the
    database: a 500); ``page`` a 400 saying how these lists page."""

    page_size = 50
    cursor_query_description = ("The page to read: the cursor of an answer's `next` or "
                                "`previous` link, as given. None: the first page.")

    def paginate_queryset(self, queryset, request, view=None):
        if "page" in request.query_params:
            raise ValidationError({"page": [NO_PAGE_NUMBER]})
        first = self.get_ordering(request, queryset, view)[0]
        self.field = queryset.model._meta.get_field(first.lstrip("-"))
        return super().paginate_queryset(queryset, request, view)

    def decode_cursor(self, request):
        try:
            # every character of the alphabet (DRF's own decoding skips the others)
            b64decode(request.query_params.get(self.cursor_query_param, ""), validate=True)
            cursor = super().decode_cursor(request)
            if cursor is not None and cursor.position is not None:
                self._check(cursor.position)
        except (NotFound, BadValue, OverflowError, ValueError):
            raise ValidationError({self.cursor_query_param: [BAD_CURSOR]}) from None
        return cursor

    def _check(self, position: str) -> None:
        """The position as the field reads it (a time with its zone, within the calendar; a
        number within the column's range): anything else would reach the database as a bad
        value."""
        value = self.field.to_python(position)
        if isinstance(value, datetime):
            if timezone.is_naive(value):
                raise BadValue("a time without its zone")
            value.astimezone(UTC)
        elif isinstance(value, int):  # within the column's range on this database
            low, high = connection.ops.integer_field_range(self.field.get_internal_type())
            if (low is not None and value < low) or (high is not None and value > high):
                raise BadValue("a number out of the column's range")


class CappedCursor(CheckedCursor):
    """Pages with the count of the rows, up to the cap (``casino.selectors.capped_count``)."""

    example = "/api/v1/audit-events/?user=fiona"  # a list with a filter, for the schema

    def paginate_queryset(self, queryset, request, view=None):
        rows = super().paginate_queryset(queryset, request, view)
        if self.has_next or self.has_previous:
            self.count, self.count_exact = selectors.capped_count(queryset)
        else:  # the one page holds every row: nothing more to count
            self.count, self.count_exact = len(rows), True
        return rows

    def get_paginated_response(self, data):
        return Response({"count": self.count, "count_exact": self.count_exact,
                         "next": self.get_next_link(), "previous": self.get_previous_link(),
                         "results": data})

    def get_paginated_response_schema(self, schema):
        def link(which: str) -> dict:
            return {"type": "string", "format": "uri", "nullable": True,
                    "description": f"The {which} page, the same filters and a cursor; null "
                                   f"on the {'last' if which == 'next' else 'first'}.",
                    "example": f"https://backoffice.example{self.example}&cursor="
                               f"{'cD0yMDI2' if which == 'next' else 'cj0xJnA9MjAyNg%3D%3D'}"}

        return {
            "type": "object",
            "required": ["count", "count_exact", "next", "previous", "results"],
            "properties": {
                "count": {"type": "integer", "example": 10000, "description": (
                    "Rows the filters match, counted up to 10,000.")},
                "count_exact": {"type": "boolean", "example": False, "description": (
                    "False when counting stopped at `count`: more rows match.")},
                "next": link("next"),
                "previous": link("previous"),
                "results": schema,
            },
        }

