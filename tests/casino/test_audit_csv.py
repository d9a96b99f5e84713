"""Every CSV export's cells are safe to open in a spreadsheet (issue 20, OWASP "CSV
Injection"): a cell starting with =, +, -, @, a tab or a carriage return gets a leading
apostrophe; a plain number stays a number."""

import csv
import io

import pytest

from casino.csv_export import cell, lines, row


@pytest.mark.parametrize(("value", "written"), [
    ("=1+1", "'=1+1"),
    ('=HYPERLINK("http://evil.example")', "'=HYPERLINK(\"http://evil.example\")"),
    ("+1 555 0100", "'+1 555 0100"),
    ("-2+3", "'-2+3"),
    ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("\t=cmd", "'\t=cmd"),
    ("\r=cmd", "'\r=cmd"),
    ("-12.50", "-12.50"),
    ("+7", "+7"),
    ("Colin Park", "Colin Park"),
    ("a=b", "a=b"),
    ("", ""),
    (None, ""),
    (42, "42"),
])
def test_a_cell_is_never_a_formula(value, written):
    assert cell(value) == written


def test_lines_neutralise_the_header_and_every_row():
    text = "".join(lines(["When", "=Who"], [["2026-12-01", "@me"], row(["-1", "ok"])]))
    assert list(csv.reader(io.StringIO(text))) == [["When", "'=Who"], ["2026-12-01", "'@me"],
                                                   ["-1", "ok"]]
