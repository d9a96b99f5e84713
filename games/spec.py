"""What each game publishes about itself, so the back office asks the engine and never repeats
a rule: its wagers, options, progressive meters and their minimums, each with its section."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from games.paytables import PaytableNames

if TYPE_CHECKING:  # the par sheets import the SPECs; a SPEC names its par sheet by path
    from games.par.core import WagerPar

# §655a.12(b) and every chapter's payout-limit clause: "$50,000 or the maximum amount that one
# patron could win per round when betting the minimum wager, whichever is greater".
PAYOUT_LIMIT_FLOOR = Decimal("50000.00")
# The dealing procedures of the card games' §§ .8, .9 and .10: from a manual dealing shoe, from
# the hand, from an automated dealing shoe (e.g. §649a.7(c)); the Rules Submission names one.
DEALING_PROCEDURES = ("manual_shoe", "hand", "automated_shoe")


@dataclass(frozen=True)
class OptionSpec:
    """A game variant or procedure the Rules Submission selects (e.g. EZ Pai Gow)."""

    key: str
    name: str
    rule: str
    # Empty: a yes/no option. A paytable option's choices are ``PaytableNames``, read from the
    # active catalog when asked.
    choices: Sequence[str] = ()
    default: object = False
    # Wagers that must be offered for this option to be set, each with the section saying so
    # (the Must-Hit-By Mystery Bonus rides on the Heavenly 9 Progressive wager, §631b.6(a)).
    requires_wagers: Mapping[str, str] = field(default_factory=dict)
    # The reverse: wagers whose offer makes this option compulsory, each with its section (the
    # Play Wager is paid its Ante Bonus, so an Ante Bonus paytable is chosen, §649a.12(b)).
    required_with: Mapping[str, str] = field(default_factory=dict)
    # (option key, section): this option is set exactly when that one is (the Must-Hit-By
    # payment term goes with a Must-Hit-By configuration, §631b.6(c)(6)).
    with_option: tuple[str, str] | None = None
    # A value that is not a choice, yes/no or a number (Royal 9's King-9 combination of each
    # position, §627b.3(e)(5)): its JSON Schema (OpenAPI 3.0), which the API declares, and
    # the engine's check of it given all the options, errors by field path
    # (``options.<key>...``), as a round reads it.
    shape: Mapping[str, object] | None = None
    check: Callable[[Mapping[str, object]], Mapping[str, list[str]]] | None = None


def dealing_procedure(rule: str, name: str = "Dealing procedure") -> OptionSpec:
    """The dealing procedure the Rules Submission names: from a manual shoe, from the hand or
    from an automated shoe (each card game's §§ .8-.10); rounds settle alike under each."""
    return OptionSpec("dealing_procedure", name, rule, choices=DEALING_PROCEDURES,
                      default=DEALING_PROCEDURES[0])


@dataclass(frozen=True)
class MeterMinimum:
    """Minimums that apply only when ``when`` holds: option keys, or wager keys mapped to the
    selected paytable's name (Royal 9 by denomination, §629b.3(f)(2) and (g)(2))."""

    when: Mapping[str, object]
    rule: str
    min_initial: Decimal | None = None
    min_reset: Decimal | None = None
    # A configuration that fixes more than minimums (Must-Hit-By, §631b.6(c)(4)-(5)): the
    # rate of progression, a maximum the initial amount stays below, a reset to the minimum.
    rate: Decimal | None = None
    below: Decimal | None = None
    reset_is_minimum: bool = False


@dataclass(frozen=True)
class MeterSpec:
    """A progressive meter a wager needs, with the regulation's minimum amounts.

    ``wager`` ties a meter to a wager that has several (Royal 9's Mega, Major and Minor); a
    wager's single meter is ``WagerSpec.meter``. ``min_rate``/``max_rate`` bound the rate of
    progression in percent of each wager (Heavenly 9's "Increment Rate 10%", §631b.2(i)).
    ``fixed``: the text fixes the initial and reset amounts themselves (Heavenly 9's "Meter
    Seed/ Reseed $10,000", §631b.2(i)), so ``min_initial``/``min_reset`` are the only amounts
    a Rules Submission may give; otherwise they are the least it may ("at least $2,000",
    §645a.13(e)(2)).
    """

    key: str
    name: str
    rule: str
    min_initial: Decimal | None = None
    min_reset: Decimal | None = None
    note: str = ""
    wager: str | None = None
    min_rate: Decimal | None = None
    max_rate: Decimal | None = None
    minimums_when: tuple[MeterMinimum, ...] = ()
    fixed: bool = False
    # A Must-Hit-By meter (§631b.6(c)(3)-(4)): the range its trigger is drawn from under the
    # options, and why approved terms cannot seed it (a version approved before a rule
    # existed keeps terms the validation now refuses), in words, or None.
    trigger_range: Callable[[Mapping[str, object]], tuple[Decimal, Decimal] | None] | None = None
    seeding_problem: Callable[[Mapping[str, object], Decimal | None, Decimal | None,
                               Decimal | None], str | None] | None = None

    def limit_error(self, limit: Decimal, initial: Decimal | None,
                    reset: Decimal | None) -> str | None:
        """Why ``limit`` cannot cap this meter, or None. The limit is the amount above which
        contributions go to an overflow meter (the progressive controller's parameters, NJ
        13:69E-1.39A, NY 9 NYCRR 5320.8; secondary), so the meter must be able to show its
        initial and reset amounts under it."""
        floor = max((a for a in (initial, reset) if a is not None), default=None)
        if floor is not None and limit < floor:
            return (f"{self.name}: the limit must be at least the initial and reset amounts "
                    f"(${floor:,.2f})")
        return None

    def minimums(self, context: Mapping[str, object]) -> tuple[Decimal | None, Decimal | None, str]:
        """(min initial, min reset, rule) under ``context`` (options and wager -> paytable name)."""
        m = self.configuration(context)
        if m is not None:
            return m.min_initial, m.min_reset, m.rule
        return self.min_initial, self.min_reset, self.rule

    def amount_errors(self, context: Mapping[str, object], initial: Decimal | None,
                      reset: Decimal | None) -> dict[str, str]:
        """What the regulation refuses of a Rules Submission's ``initial`` and ``reset``
        amounts, keyed by the term: below the least amount, or, where the text fixes the
        amount (``fixed``), any other amount."""
        min_initial, min_reset, rule = self.minimums(context)
        errors = {}
        for term, amount, least in (("initial", initial, min_initial),
                                    ("reset", reset, min_reset)):
            if amount is None or least is None:
                continue
            if self.fixed and amount != least:
                errors[term] = (f"{self.name}: the {term} amount is ${least:,.2f}, as the "
                                f"regulation fixes it ({rule})")
            elif amount < least:
                errors[term] = (f"{self.name}: the {term} amount must be at least "
                                f"${least:,.2f} ({rule})")
        return errors

    def configuration(self, context: Mapping[str, object]) -> MeterMinimum | None:
        """The ``minimums_when`` entry that holds under ``context``, if any."""
        return next((m for m in self.minimums_when
                     if all(context.get(k) == v for k, v in m.when.items())), None)

    def configuration_errors(self, context: Mapping[str, object], initial: Decimal | None,
                             reset: Decimal | None, rate: Decimal | None) -> dict[str, str]:
        """What a fixed configuration (``rate``, ``below``, ``reset_is_minimum``) refuses,
        keyed by the term: a Must-Hit-By meter contributes at its configuration's rate, starts
        below the maximum dollar value and resets to the minimum (§631b.6(c)(4), (5)(iv))."""
        m = self.configuration(context)
        if m is None:
            return {}
        errors = {}
        if m.rate is not None and rate is not None and rate != m.rate:
            errors["rate"] = f"{self.name}: the configuration's rate is {m.rate}% ({m.rule})"
        if m.below is not None and initial is not None and initial >= m.below:
            errors["initial"] = (f"{self.name}: below the configuration's maximum dollar value "
                                 f"${m.below:,.2f} ({m.rule})")
        if m.reset_is_minimum and reset is not None and m.min_reset is not None \
                and reset != m.min_reset:
            errors["reset"] = (f"{self.name}: resets to the configuration's minimum dollar "
                               f"value ${m.min_reset:,.2f} (§631b.6(c)(5)(iv))")
        return errors


@dataclass(frozen=True)
class WagerSpec:
    """A wager of the game.

    Two questions, two fields: ``base`` is the table's (the wager is the game itself, offered
    at every table of it, so a Rules Submission cannot leave it out: Ante, Play and Pair Plus
    at Three Card Poker, §649a.2(b)(2)); ``optional`` is the player's (a position may play a
    round without it: Pair Plus alone, §649a.7(d)(2); a folded Play).

    ``requires`` names options that must hold for it to be offered (Queen's Dragon only on EZ
    Pai Gow tables: ``{"ez_pai_gow": True}``; a tuple of values: one of them).
    ``requires_wagers`` names wagers it is offered only with, each with its section; a tuple
    key means one of them (Three Card Poker's side wagers come "after placing an Ante Wager or
    a Pair Plus Wager", §649a.7(d)(4)).
    """

    key: str
    name: str
    rule: str
    optional: bool = True
    base: bool = False
    paytable_required: bool = False
    meter: str | None = None
    requires: Mapping[str, object] = field(default_factory=dict)
    requires_wagers: Mapping[str | tuple[str, ...], str] = field(default_factory=dict)
    # The wager's own least amount where the regulation sets one, with its section (Heavenly
    # 9: "no less than $5", §631b.2(c)); every path reads it through games.wager_rules.
    minimum: Decimal | None = None
    minimum_rule: str = ""
    # A main wager whose amount another wager sets (the Play Wager equals the Ante Wager,
    # §649a.7(d)(1)): the game checks the relation, the table limits bound the one it follows.
    follows: str = ""
    # The chosen paytable's name is the wager's amount (Royal 9's $1 or $5 denomination,
    # §627b.3(f)-(g)).
    denominated: bool = False

    def below_minimum(self, amount: Decimal) -> str | None:
        """Why ``amount`` is below the wager's own minimum (the engine's words), or None."""
        if self.minimum is None or amount >= self.minimum:
            return None
        return f"a {self.name} wager is no less than ${self.minimum:,.2f} ({self.minimum_rule})"

    def needed_wagers(self) -> tuple[tuple[tuple[str, ...], str], ...]:
        """``requires_wagers`` as (the wagers one of which is needed, section) pairs."""
        return tuple(((k,) if isinstance(k, str) else tuple(k), rule)
                     for k, rule in self.requires_wagers.items())


# --- A game in one place (issue 31): its par sheets and the cards its jackpot slips record. ---
# The back office keeps no list of a game's wagers: it asks these.


@dataclass(frozen=True)
class ParLine:
    """How an offered wager's terms become its par line, where it is not simply "the wager at
    its own chosen paytable".

    ``wager``: the par sheet's line that values it (Let It Ride's base game is valued on the
    Bet 1 line at the Bet 3 paytable). ``paytable_option``: the option whose value is its
    paytable (one paytable chosen for several wagers, or a bonus paid on it: Three Card Poker's
    Ante Bonus, §649a.12(b)); ``paytable_default``: the paytable when that option is unset.
    ``options``: more par options from the terms, ``(options, meters) -> {option: text}``
    (Royal 9's three meters and King-9 combinations).
    """

    wager: str = ""
    paytable_option: str = ""
    paytable_default: str | None = None
    options: Callable[[Mapping[str, object], Mapping[str, object]], Mapping[str, str]] | None = (
        None
    )


@dataclass(frozen=True)
class ParSpec:
    """A game's par sheets: how they are computed and which wagers they cover.

    ``compute`` is ``"module:function"``, called as ``function(wager, paytable, options, *,
    progress=None)`` and returning the sheet's wager lines; named, not imported, because the
    par modules import the game. Every wager of the SPEC is in exactly one of ``lines`` (a par
    line of its own), ``included`` (valued on another wager's line: wager -> that wager) or
    ``uncovered`` (wager -> why no par sheet covers it). ``options`` are the Rules
    Submission's options that change the figures; ``reference`` are lines computed whatever is
    offered, to compare with (Roulette's straight-up and even-money wagers).
    """

    compute: str
    lines: Mapping[str, ParLine]
    included: Mapping[str, str] = field(default_factory=dict)
    uncovered: Mapping[str, str] = field(default_factory=dict)
    options: tuple[str, ...] = ()
    reference: tuple[str, ...] = ()

    def function(self) -> Callable[..., list[WagerPar]]:
        module, _, name = self.compute.partition(":")
        found: Callable[..., list[WagerPar]] = getattr(import_module(module), name)
        return found


def par_lines(*wagers: str, **special: ParLine) -> dict[str, ParLine]:
    """``ParSpec.lines``: each of ``wagers`` at its own paytable, and the ``special`` ones."""
    return {**{w: ParLine() for w in wagers}, **special}


@dataclass(frozen=True)
class SlipCards:
    """The cards a jackpot slip records of the round, by the settle request's field names:
    ``round``, the table's card groups as (field, label) (the dealer's hand, the community
    cards); ``seats``, whether each seat's own cards are recorded (Baccarat deals a Player and
    a Banker hand, not seats'); ``extra``, cards beyond the 52 the card picker offers as
    (notation, label) (Pai Gow's joker, §645a.2(b))."""

    round: tuple[tuple[str, str], ...] = ()
    seats: bool = True
    extra: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class HouseWaySpec:
    """How the house sets a player's cards when asked (§645a.11(a)(1)): the house ways a
    Rules Submission may name (§645a.11(c)) and the engine's answer to a JSON request
    ``{"cards": [...], "house_way": name}``."""

    names: tuple[str, ...]
    default: str
    answer: Callable[[Mapping[str, Any]], dict[str, Any]]


# --- What a settle request carries and a settlement's dealer part holds (issue 29). ---------
# Each field as a JSON Schema fragment (OpenAPI 3.0), which the API declares per game: the
# engine reads these fields and refuses any other by name (games.payload.Reader).

CARD: Mapping[str, object] = {"type": "string", "minLength": 2, "maxLength": 3,
                              "description": "A card in engine notation (\"Ah\", \"Td\")."}
JOKER_CARD: Mapping[str, object] = {**CARD, "description": "A card in engine notation (\"Ah\", "
                                                           "\"Td\"; \"Jk\" the joker)."}


def cards_schema(least: int, most: int | None = None, *, joker: bool = False,
                 description: str = "") -> dict[str, object]:
    """A list of ``least`` to ``most`` cards; exactly ``least`` when ``most`` is not given."""
    schema: dict[str, object] = {"type": "array", "items": dict(JOKER_CARD if joker else CARD),
                                 "minItems": least}
    schema["maxItems"] = least if most is None else most
    return {**schema, "description": description} if description else schema


def stub_count_schema(rule: str) -> dict[str, object]:
    """``stub_count`` as ``Reader.stub_count`` reads it."""
    return {"type": "integer", "minimum": 0, "description": (
        f"The cards the dealer counted in the stub after the deal ({rule}); a count other "
        "than the expected one is a misdeal: every hand void, every wager returned.")}


def player_schema(rule: str) -> dict[str, object]:
    """A position's ``player``, as ``Reader.owners`` reads it."""
    return {"type": "string", "description": f"Who wagers here: one player's positions are "
                                              f"limited ({rule})."}


@dataclass(frozen=True)
class RequestSpec:
    """A settle request's fields beyond ``game``, ``options``, ``meters`` and ``positions``
    (``round``), a position's beyond ``seat`` and ``wagers`` (``position``), and what the
    settlement's ``dealer`` part holds (``dealer``): each field's JSON Schema, so a client is
    told the shape the engine reads. ``example`` is a round the engine settles (tests run it).
    """

    round: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    position: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    dealer: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    # The dealer part's keys every settlement has (none where a misdeal voids the round).
    dealer_required: tuple[str, ...] = ()
    example: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class GameSpec:
    key: str
    name: str
    rule: str
    positions: int
    wagers: tuple[WagerSpec, ...]
    options: tuple[OptionSpec, ...] = ()
    meters: tuple[MeterSpec, ...] = ()
    # The most one patron can win in a round betting ``minimum_wager`` on every wager in
    # ``offered`` (wager key -> paytable id), with ``options``; for the payout-limit floor.
    max_round_win: Callable[[Mapping[str, str], Mapping[str, object], Decimal], Decimal] | None = (
        None
    )
    # The section of the game's payout-limit clause (e.g. "§643a.12(g)"), cited in messages.
    payout_limit_rule: str = ""
    # Its par sheets and the cards its jackpot slips record (the block above, issue 31).
    par: ParSpec | None = None
    slip_cards: SlipCards = SlipCards()
    # A game whose players set their own hands and may ask how the house would (Pai Gow).
    house_way: HouseWaySpec | None = None
    # The request's own fields and the settlement's dealer part (the block above).
    request: RequestSpec = RequestSpec()

    def wager(self, key: str) -> WagerSpec | None:
        return self._wagers_by_key.get(key)

    @cached_property
    def _wagers_by_key(self) -> dict[str, WagerSpec]:
        """``wagers`` by key: every position's every wager is looked up when a round is read."""
        return {w.key: w for w in reversed(self.wagers)}

    def paytable_chooser(self, key: str) -> WagerSpec | OptionSpec | None:
        """The wager or paytable option whose paytables the catalog files under ``key``
        (Three Card Poker's Ante Bonus is an option, §649a.12(b)), or None."""
        return self.wager(key) or next(
            (o for o in self.options
             if isinstance(o.choices, PaytableNames) and o.choices.wager == key), None)

    def option(self, key: str) -> OptionSpec | None:
        return next((o for o in self.options if o.key == key), None)

    def meter(self, key: str) -> MeterSpec | None:
        return next((m for m in self.meters if m.key == key), None)

    def require_wager(self, key: str) -> WagerSpec:
        """The wager ``key``, which the caller knows the game has (KeyError if not)."""
        return self._wagers_by_key[key]

    def require_option(self, key: str) -> OptionSpec:
        """The option ``key``, which the caller knows the game has (KeyError if not)."""
        if (option := self.option(key)) is None:
            raise KeyError(key)
        return option

    def require_meter(self, key: str) -> MeterSpec:
        """The meter ``key``, which the caller knows the game has (KeyError if not)."""
        if (meter := self.meter(key)) is None:
            raise KeyError(key)
        return meter

    def meters_for(self, wager_key: str) -> tuple[MeterSpec, ...]:
        """The meters a wager needs: its ``meter`` and any meter naming it as ``wager``."""
        w = self.wager(wager_key)
        own = w.meter if w else None
        return tuple(m for m in self.meters if m.key == own or m.wager == wager_key)

    def payout_limit_floor(
        self, offered: Mapping[str, str], options: Mapping[str, object], minimum_wager: Decimal
    ) -> Decimal:
        """The lowest payout limit the Rules Submission may set (§655a.12(b) wording)."""
        if self.max_round_win is None:
            return PAYOUT_LIMIT_FLOOR
        return max(PAYOUT_LIMIT_FLOOR, self.max_round_win(offered, options, minimum_wager))
