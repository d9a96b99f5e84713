"""Terms built from a game's SPEC, so tests follow the engine instead of repeating it."""

from decimal import Decimal

from games.money import fmt
from games.paytables import catalog
from rulesubmissions.engine import available_games, meter_context
from rulesubmissions.validation import submission_options

SEED = Decimal("100000.00")  # a meter amount above every minimum in the regulations


def first_paytable(spec, wager_key: str) -> str:
    tables = catalog().for_wager(spec.key, wager_key)
    return tables[0].id if tables else ""


def options_for(spec, offer=()) -> dict:
    options = {o.key: o.default for o in submission_options(spec)}
    for o in submission_options(spec):
        if any(spec.wager(w).base or w in offer for w in o.required_with):
            options[o.key] = o.choices[0]
    for key in offer:
        for option, needed in spec.wager(key).requires.items():
            options[option] = needed[0] if isinstance(needed, tuple) else needed
    return options


def refused_value(spec, option: str, needed):
    """A value of ``option`` that does not allow a wager requiring ``needed``."""
    if isinstance(needed, bool):
        return not needed
    allowed = needed if isinstance(needed, tuple) else (needed,)
    return next(c for c in spec.option(option).choices if c not in allowed)


def terms_for(spec, offer=(), **over) -> dict:
    """Valid terms offering the game's required wagers plus ``offer``, meters at ``SEED``
    (or at the amount the regulation fixes, Heavenly 9's $10,000, §631b.2(i))."""
    keys = [w.key for w in spec.wagers if w.base or w.key in offer]
    wagers = {k: first_paytable(spec, k) for k in keys}
    meters = {m.key: {"initial": fmt(_seed(m)), "reset": fmt(_seed(m)),
                      "rate": str(m.min_rate or 5)}
              for k in keys for m in spec.meters_for(k)}
    return {"game": spec.key, "options": options_for(spec, offer), "wagers": wagers,
            "meters": meters, "table_minimum": "5.00", "table_maximum": "1000.00",
            "payout_limit": ""} | over


def _seed(meter) -> Decimal:
    return meter.min_initial if meter.fixed else SEED


def _terms_when(spec, wager: str, when) -> dict:
    """Terms offering ``wager`` under a MeterMinimum's ``when`` (options, or wager -> the
    paytable's name)."""
    terms = terms_for(spec, offer=[wager])
    for key, value in (when or {}).items():
        if spec.wager(key) is not None:
            terms["wagers"][key] = f"{spec.key}.{key}.{value}"
        else:
            terms["options"][key] = value
    return terms


def meter_cases():
    """(spec, terms, meter, minimum initial, minimum reset, rule) for every meter of every
    game the engine has whose regulation sets a minimum, under each option-dependent minimum."""
    for spec in available_games():
        for w in spec.wagers:
            for m in spec.meters_for(w.key):
                for when in (None, *(x.when for x in m.minimums_when)):
                    terms = _terms_when(spec, w.key, when)
                    context = meter_context(terms["options"], terms["wagers"], catalog())
                    low_initial, low_reset, rule = m.minimums(context)
                    if low_initial is not None or low_reset is not None:
                        yield spec, terms, m, low_initial, low_reset, rule


def wagers_with_requirements():
    for spec in available_games():
        for w in spec.wagers:
            if w.requires:
                yield spec, w
