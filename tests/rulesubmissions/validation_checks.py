"""How the submission-check tests call the checks: terms checked against the built-in catalog,
and a cent, the step below each minimum."""

from decimal import Decimal

from games.paytables import catalog
from rulesubmissions.validation import check_terms

CENT = Decimal("0.01")


def check(terms):
    return check_terms(terms, catalog())
