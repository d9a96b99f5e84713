"""CSV exports that a spreadsheet opens safely, streamed so any size works (issues 20, 24).

A cell that starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return is a formula to
Excel, LibreOffice and Google Sheets: ``=HYPERLINK(...)`` typed into a name or a comment would
run on the auditor's machine. Such a cell gets a leading apostrophe, as OWASP's "CSV Injection"
advises; a plain number (``-12.50``) is no formula and stays a number. Every export calls
``cell`` (or ``row``) on what it writes.
"""

import csv
import re
from collections.abc import Iterable, Iterator

from django.http import StreamingHttpResponse

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


def cell(value) -> str:
    """``value`` as a CSV cell no spreadsheet runs as a formula."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_START) and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def row(values: Iterable) -> list[str]:
    return [cell(value) for value in values]


class _Echo:
    def write(self, value):
        return value


def lines(header: Iterable[str], rows: Iterable[Iterable]) -> Iterator[str]:
    """The header, then each row, as CSV lines (every cell neutralised)."""
    writer = csv.writer(_Echo())
    yield writer.writerow(row(header))
    for values in rows:
        yield writer.writerow(row(values))


def streaming_csv(filename: str, header: Iterable[str],
                  rows: Iterable[Iterable]) -> StreamingHttpResponse:
    """A download of ``rows`` written while it is sent: the request never holds them all, so
    it ends as soon as the rows do, however many (``rows`` should read in keyset chunks)."""
    response = StreamingHttpResponse(lines(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
