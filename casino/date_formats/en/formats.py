"""English formats for the back office (``FORMAT_MODULE_PATH``): ISO dates and a 24-hour clock,
so a date a template shows without a format ("Nov. 30, 2026" by Django's default) reads as
every other page writes it. Input formats stay Django's English ones."""

from django.conf.locale.en.formats import (  # noqa: F401  (kept as Django's)
    DATE_INPUT_FORMATS,
    DATETIME_INPUT_FORMATS,
    DECIMAL_SEPARATOR,
    FIRST_DAY_OF_WEEK,
    NUMBER_GROUPING,
    THOUSAND_SEPARATOR,
    TIME_INPUT_FORMATS,
)

DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
TIME_FORMAT = "H:i"
MONTH_DAY_FORMAT = "m-d"
YEAR_MONTH_FORMAT = "Y-m"
