"""What each game publishes about itself, so the back office asks the engine and never repeats
a rule: its wagers, options, progressive meters and their minimums, each with its section."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property

from games.paytables import PaytableNames

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
