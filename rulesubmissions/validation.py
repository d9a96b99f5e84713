"""Checks a Rules Submission's terms against what the engine publishes (no Django here).

A certificate holder may offer a game, a side wager or a paytable only as its approved Rules
Submission says (§601a.2). Every rule comes from the game's SPEC and the paytable catalog;
nothing here repeats a game's rule. Errors are keyed by field path (``meters.<key>.initial``)
and each message names the rule and its section.

Terms (JSON-shaped; amounts are decimal strings in dollars, rates in percent)::

    {"game": "three_card_poker", "options": {...}, "table_minimum": "5.00",
     "table_maximum": "500.00", "payout_limit": "50000.00",
     "wagers": {"pair_plus": "D", "ante": ""},          # wager -> paytable name or id
     "meters": {"<meter>": {"initial": "10000.00", "reset": "10000.00", "rate": "5",
                            "reserve_rate": "0.5", "limit": "50000.00"}}}

Options follow their SPEC: a choice (``None`` = not offered when the default is ``None``),
yes/no (a bool default) or a whole number (an int default, e.g. adjacent boxes). An option
keyed like a term (``payout_limit``) is that term, not an option.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from games import game_refusal
from games.errors import GameError
from games.money import fmt, parse_dollars, plain_decimal
from games.names import choice_name
from games.paytables import Catalog, using
from games.spec import GameSpec, MeterSpec, OptionSpec
from rulesubmissions.engine import game_spec, meter_context

PERCENT_PLACES = Decimal("0.0001")
# A meter's terms and how people call them.
METER_FIELDS = {"initial": "Initial amount ($)", "reset": "Reset amount ($)",
                "rate": "Rate of progression (%)", "reserve_rate": "Reserve rate (%)",
                "limit": "Limit ($, optional)"}
HUNDRED = Decimal(100)


@dataclass
class Checked:
    """The cleaned terms, the errors by field path, and the payout-limit floor (when known)."""

    terms: dict
    errors: dict[str, list[str]] = field(default_factory=dict)
    floor: Decimal | None = None

    @property
    def ok(self) -> bool:
        return not self.errors

    def fail(self, path: str, message: str) -> None:
        self.errors.setdefault(path, []).append(message)


def _dollars(checked: Checked, path: str, value: object, *, required: bool = True):
    if value in (None, ""):
        if required:
            checked.fail(path, "required")
        return None
    try:
        amount = parse_dollars(value)
    except ValueError as e:
        checked.fail(path, str(e))
        return None
    if amount <= 0:
        checked.fail(path, "must be more than $0.00")
        return None
    return amount


def _percent(checked: Checked, path: str, value: object, *, required: bool = True):
    if value in (None, ""):
        if required:
            checked.fail(path, "required")
        return None
    rate = plain_decimal(value)
    if rate is None or rate > HUNDRED:
        checked.fail(path, f"{value!r} is not a percentage between 0 and 100, like \"5\"")
        return None
    if rate != rate.quantize(PERCENT_PLACES):
        checked.fail(path, "at most four decimal places")
        return None
    return rate


def _text(value: Decimal | None) -> str:
    """Amounts and rates are stored as strings: dollars to the cent, percentages as given."""
    if value is None:
        return ""
    return fmt(value) if value.as_tuple().exponent == -2 else str(value)


def _mapping(checked: Checked, terms: Mapping, key: str) -> Mapping:
    value = terms.get(key) or {}
    if not isinstance(value, Mapping):
        checked.fail(key, "must be an object")
        return {}
    return value


TERM_KEYS = ("table_minimum", "table_maximum", "payout_limit")
TERMS = ("game", "options", "wagers", "meters", *TERM_KEYS)  # a Rules Submission's terms


def submission_options(spec: GameSpec) -> tuple[OptionSpec, ...]:
    """The options a submission sets (an option keyed like a term is that term)."""
    return tuple(o for o in spec.options if o.key not in TERM_KEYS)


def _option(checked: Checked, o: OptionSpec, value: object) -> object:
    path = f"options.{o.key}"
    if value in (None, "") and o.default is None:
        return None  # not offered (a paytable option) or not set
    if o.choices:
        if str(value) in map(str, o.choices):
            return value
        named = ", ".join(f"{choice_name(o.key, c)} ({c})" if choice_name(o.key, c) != str(c)
                          else str(c) for c in o.choices)
        checked.fail(path, f"{o.name}: choose one of {named} ({o.rule})")
    elif isinstance(o.default, bool):
        if isinstance(value, bool):
            return value
        checked.fail(path, f"{o.name}: yes or no (true/false) ({o.rule})")
    elif isinstance(o.default, int):
        number = str(value).strip()
        # ASCII digits only: "²" passes isdigit() but not int()
        if (not isinstance(value, bool) and number.isascii() and number.isdigit()
                and len(number) <= 4 and int(number) >= 1):
            return int(number)
        checked.fail(path, f"{o.name}: a whole number, 1 or more ({o.rule})")
    return value


def allows(needed: object, value: object) -> bool:
    """A wager's ``requires`` value: one value, or a tuple of the values that allow it."""
    if isinstance(needed, (tuple, list, frozenset, set)):
        return value in needed
    return value == needed


def requirement(spec: GameSpec, option: str, needed: object) -> str:
    """A wager's ``requires`` entry as people say it: "Commission free is yes"."""
    o = spec.option(option)
    values = needed if isinstance(needed, (tuple, list)) else (needed,)
    shown = " or ".join(choice_name(option, v).lower() if isinstance(v, bool)
                        else choice_name(option, v) for v in values)
    return f"{o.name if o else option} is {shown}"


def _options(checked: Checked, spec: GameSpec, given: Mapping) -> dict:
    offered = submission_options(spec)
    for key in given:
        if key not in {o.key for o in offered}:
            checked.fail(f"options.{key}", f"{spec.name} has no option {key!r} ({spec.rule})")
    options = {o.key: _option(checked, o, given.get(o.key, o.default)) for o in offered}
    for o in offered:  # a value of the engine's own shape, checked by the engine
        if o.check is not None and options[o.key] is not None:
            for path, messages in o.check(options).items():
                for message in messages:
                    checked.fail(path, message)
    return options


def _options_need_wagers(checked: Checked, spec: GameSpec, options: Mapping,
                         wagers: Mapping) -> None:
    """An option set only where its wagers are offered (OptionSpec.requires_wagers), and set
    wherever a wager needing it is (OptionSpec.required_with)."""
    for o in submission_options(spec):
        unset = options.get(o.key) in (None, "", False, o.default)
        if o.with_option:
            _with_option(checked, spec, o, options, unset)
        for w, rule in o.required_with.items():
            if unset and w in wagers:
                checked.fail(f"options.{o.key}", f"{o.name}: required where "
                                                 f"{spec.wager(w).name} is offered ({rule})")
        if unset:
            continue
        for w, rule in o.requires_wagers.items():
            if w not in wagers:
                checked.fail(f"options.{o.key}", f"{o.name} may be set only where "
                                                 f"{spec.wager(w).name} is offered ({rule})")


def _with_option(checked: Checked, spec: GameSpec, o: OptionSpec, options: Mapping,
                 unset: bool) -> None:
    """An option set exactly when another is (OptionSpec.with_option): the Must-Hit-By
    payment with a Must-Hit-By configuration, §631b.6(c)(6)."""
    key, rule = o.with_option
    other = spec.option(key)
    other_set = options.get(key) not in (None, "", False, other.default)
    if other_set and unset:
        checked.fail(f"options.{o.key}", f"{o.name}: required where {other.name} is chosen "
                                         f"({rule})")
    elif not other_set and not unset:
        checked.fail(f"options.{o.key}", f"{o.name} may be set only where {other.name} is "
                                         f"chosen ({rule})")


def wagers_requirement(spec: GameSpec, needed: tuple[str, ...]) -> str:
    """A wager's ``requires_wagers`` entry as people say it: "Ante Wager or Pair Plus Wager"."""
    return " or ".join(spec.wager(k).name for k in needed)


def _wagers_need_wagers(checked: Checked, spec: GameSpec, wagers: Mapping) -> None:
    """A wager offered only with another (WagerSpec.requires_wagers: one of a tuple)."""
    for key in wagers:
        w = spec.wager(key)
        for needed, rule in w.needed_wagers():
            if not any(k in wagers for k in needed):
                checked.fail(f"wagers.{key}", f"{w.name} may be offered only with the "
                                              f"{wagers_requirement(spec, needed)} ({rule})")


def _wagers(checked: Checked, spec: GameSpec, given: Mapping, options: Mapping,
            cat: Catalog) -> dict[str, str]:
    for key in given:
        if spec.wager(key) is None:
            names = ", ".join(w.key for w in spec.wagers)
            checked.fail(f"wagers.{key}", f"{spec.name} has no wager {key!r} (wagers: {names})")
    wagers = {}
    for w in spec.wagers:
        if not w.base and w.key not in given:
            continue  # a base wager is the game: always offered (WagerSpec.base)
        path, chosen = f"wagers.{w.key}", given.get(w.key) or ""
        if not isinstance(chosen, str):
            checked.fail(path, "a paytable name or catalog id (a string)")
            continue
        for opt, needed in w.requires.items():
            if not allows(needed, options.get(opt)):
                checked.fail(path, f"{w.name} may be offered only where "
                                   f"{requirement(spec, opt, needed)} ({w.rule})")
        table = cat.resolve(spec.key, w.key, chosen) if chosen else None
        if chosen and table is None:
            ids = ", ".join(p.id for p in cat.for_wager(spec.key, w.key)) or "none"
            checked.fail(path, f"{chosen!r} is not an approved paytable for {w.name} "
                               f"(catalog: {ids}) ({w.rule})")
        elif w.paytable_required and table is None:
            checked.fail(path, f"{w.name}: select one of the paytables ({w.rule})")
        wagers[w.key] = table.id if table else ""
    return wagers


def _meter(checked: Checked, m: MeterSpec, given: object, context: Mapping) -> dict:
    path = f"meters.{m.key}"
    if not isinstance(given, Mapping):
        checked.fail(path, f"{m.name}: initial and reset amounts and the rate of progression "
                           f"are required ({m.rule})")
        return {}
    initial = _dollars(checked, f"{path}.initial", given.get("initial"))
    reset = _dollars(checked, f"{path}.reset", given.get("reset"))
    # The engine decides what the text allows ("at least", or an amount it fixes); we apply it.
    for term, problem in m.amount_errors(context, initial, reset).items():
        checked.fail(f"{path}.{term}", problem)
    rate = _percent(checked, f"{path}.rate", given.get("rate"))
    reserve = _percent(checked, f"{path}.reserve_rate", given.get("reserve_rate"), required=False)
    if rate is not None:
        if m.min_rate is not None and rate < m.min_rate:
            checked.fail(f"{path}.rate", f"{m.name}: at least {m.min_rate}% ({m.rule})")
        if m.max_rate is not None and rate > m.max_rate:
            checked.fail(f"{path}.rate", f"{m.name}: at most {m.max_rate}% ({m.rule})")
        if rate == 0:
            checked.fail(f"{path}.rate", f"{m.name}: the meter must increase with wagers "
                                         f"(§605a.7(a))")
    for term, problem in m.configuration_errors(context, initial, reset, rate).items():
        checked.fail(f"{path}.{term}", problem)
    if rate is not None and reserve is not None and rate + reserve > HUNDRED:
        checked.fail(f"{path}.reserve_rate", "rate and reserve rate together exceed 100%")
    limit = _dollars(checked, f"{path}.limit", given.get("limit"), required=False)
    problem = m.limit_error(limit, initial, reset) if limit is not None else None
    if problem:
        checked.fail(f"{path}.limit", problem)
    return {"initial": _text(initial), "reset": _text(reset), "rate": _text(rate),
            "reserve_rate": _text(reserve), "limit": _text(limit)}


def needed_meters(spec: GameSpec, wagers: Mapping, options: Mapping) -> dict[str, MeterSpec]:
    """The meters of the offered wagers, and any meter keyed like an option that is set
    (the Must-Hit-By Mystery Bonus meter with its configuration, §631b.6(c)(4))."""
    needed = {m.key: m for w in wagers for m in spec.meters_for(w)}
    return needed | {m.key: m for m in spec.meters if options.get(m.key) not in (None, False)}


def _meters(checked: Checked, spec: GameSpec, given: Mapping, wagers: Mapping,
            options: Mapping, context: Mapping) -> dict:
    needed = needed_meters(spec, wagers, options)
    for key in given:
        if key not in needed:
            m = spec.meter(key)
            checked.fail(f"meters.{key}", f"{m.name}: not offered" if m
                         else f"{spec.name} has no progressive meter {key!r}")
    return {key: _meter(checked, m, given.get(key), context) for key, m in needed.items()}


def _floor(checked: Checked, spec: GameSpec, wagers: Mapping, options: Mapping, low,
           limit) -> None:
    """The engine's floor; if it cannot say, a payout limit cannot be checked, so none is
    accepted (without one, every payout is paid in full)."""
    try:
        checked.floor = spec.payout_limit_floor(wagers, options, low)
    except GameError as e:
        if limit is not None:
            checked.fail("payout_limit", f"the engine cannot work out the payout-limit floor "
                                         f"for these wagers: {e}")


def _payout_limit(checked: Checked, spec: GameSpec, wagers: Mapping, options: Mapping, low,
                  limit) -> None:
    """Only a game whose rules have a payout-limitation clause may set a limit (§643a.12(g),
    §645a.13(j), §647a.12(c)), and never below the engine's floor."""
    if not spec.payout_limit_rule:
        if limit is not None:
            checked.fail("payout_limit", f"{spec.name} has no payout limitation: its rules "
                                         f"({spec.rule}) pay every winning wager at its odds")
        return
    if low is None or any(k.startswith(("wagers.", "options.")) for k in checked.errors):
        return
    _floor(checked, spec, wagers, options, low, limit)
    if limit is not None and checked.floor is not None and limit < checked.floor:
        checked.fail("payout_limit", "the payout limit must be at least $50,000 or the most "
                                     "one patron could win in a round betting the minimum "
                                     f"wager, whichever is greater: ${checked.floor:,.2f} "
                                     f"({spec.payout_limit_rule})")


def _limits(checked: Checked, terms: Mapping) -> tuple:
    low = _dollars(checked, "table_minimum", terms.get("table_minimum"))
    high = _dollars(checked, "table_maximum", terms.get("table_maximum"))
    if low is not None and high is not None and high < low:
        checked.fail("table_maximum", "the table maximum is below the table minimum")
    return low, high


def check_terms(terms: object, cat: Catalog) -> Checked:
    """Validate ``terms`` against its game's SPEC and ``cat``; never raises on bad shapes. The
    engine runs ``using(cat)``, so its own look-ups (option choices, the payout-limit floor's
    ``max_round_win``) see the property's approved paytables too."""
    with using(cat):
        return _check_terms(terms, cat)


def _check_terms(terms: object, cat: Catalog) -> Checked:
    if not isinstance(terms, Mapping):
        checked = Checked({})
        checked.fail("non_field_errors", "the terms must be an object")
        return checked
    checked = Checked({})
    for key in terms:
        if key not in TERMS:  # strict: a typo never leaves a term silently unchanged
            checked.fail(str(key), f"not a term of a Rules Submission (terms: {', '.join(TERMS)})")
    spec = game_spec(terms.get("game"))
    if spec is None:
        given = terms.get("game")
        checked.fail("game", game_refusal(given))
        return checked
    options = _options(checked, spec, _mapping(checked, terms, "options"))
    wagers = _wagers(checked, spec, _mapping(checked, terms, "wagers"), options, cat)
    _wagers_need_wagers(checked, spec, wagers)
    _options_need_wagers(checked, spec, options, wagers)
    context = meter_context(options, wagers, cat)
    meters = _meters(checked, spec, _mapping(checked, terms, "meters"), wagers, options,
                     context)
    low, high = _limits(checked, terms)
    limit = _dollars(checked, "payout_limit", terms.get("payout_limit"), required=False)
    _payout_limit(checked, spec, wagers, options, low, limit)
    checked.terms = {
        "game": spec.key, "options": options, "wagers": wagers, "meters": meters,
        "table_minimum": _text(low), "table_maximum": _text(high), "payout_limit": _text(limit),
    }
    return checked
