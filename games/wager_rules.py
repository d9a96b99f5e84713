"""Each wager's amount rule, decided once by the engine and applied alike by every path that
takes a wager: table settle (and so slip recording, which settles through it) and the
progressive wager feed.

- A main wager (``WagerSpec.base``) is bound by the table limits of the Rules Submission
  (§601a.2). A main wager whose amount another sets (``follows``: the Play Wager equals the
  Ante, §649a.7(d)(1); the Flop Wager is twice the Ante, §647a.11(b)) has no rule here: the
  game checks the relation and the limits bound the wager it follows.
- Any other wager's amount is a term of its own, never the table minimum: the regulation's
  minimum (Heavenly 9: "no less than $5", §631b.2(c)), the chosen Must-Hit-By configuration's
  minimum progressive wager (§631b.6(c)(4)), the amounts the chosen paytable's Envy table is
  written for ("based upon the amount of the Progressive Payout Wager", §643a.12(e)(5)), the
  denomination a Royal 9 paytable is (§627b.3(f)-(g)). A side wager that none of these
  bounds from above may not exceed the table maximum (§601a.2: no wager above the most the
  table takes).

``wager_rules`` reads paytables from the active catalog: run it ``using`` the property's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

import games
from games.baccarat.progressives import must_hit_by
from games.envy import envy_wagers
from games.money import parse_dollars
from games.paytables import Paytable, catalog
from games.spec import GameSpec, WagerSpec

TABLE_LIMITS_RULE = "§601a.2"
MUST_HIT_BY_OPTION = "must_hit_by"


def dollars(amount: Decimal) -> str:
    return f"${amount:,.2f}"


@dataclass(frozen=True)
class AmountRule:
    """What one wager may be: ``amounts`` (only these), or from ``minimum`` to ``maximum``
    (either may be None: no bound), with the words that refuse it."""

    wager: WagerSpec
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    amounts: tuple[Decimal, ...] = ()
    main: bool = False
    # The paytable whose Envy amounts or denomination fix ``amounts``.
    paytable: Paytable | None = None
    # Why the minimum is what it is, when it is not the table's: the refusal's words.
    minimum_words: str = ""

    def refusal(self, amount: Decimal) -> str | None:
        """Why ``amount`` may not be wagered, or None."""
        if self.amounts:
            return None if amount in self.amounts else self._not_listed(amount)
        if self.main:
            assert self.minimum is not None and self.maximum is not None  # a main wager's limits
            if self.minimum <= amount <= self.maximum:
                return None
            return (f"{dollars(amount)} is outside the table limits ({dollars(self.minimum)} "
                    f"to {dollars(self.maximum)}, {TABLE_LIMITS_RULE})")
        if self.minimum is not None and amount < self.minimum:
            return self.minimum_words
        if self.maximum is not None and amount > self.maximum:
            return (f"{dollars(amount)} is above the table maximum {dollars(self.maximum)} "
                    f"({TABLE_LIMITS_RULE})")
        return None

    def _not_listed(self, amount: Decimal) -> str:
        p = self.paytable
        assert p is not None  # listed amounts come from a paytable
        if self.wager.denominated:
            return (f"this table's {self.wager.name} wager is {dollars(self.amounts[0])} "
                    f"({p.citation})")
        listed = " and ".join(dollars(a) for a in self.amounts)
        return (f"{dollars(amount)} is not a {self.wager.name} amount: paytable {p.name}'s "
                f"Envy Bonuses are set for {listed} wagers only ({p.citation}), and the engine "
                f"never guesses a payout")

    def describe(self) -> str:
        """The rule in words, for pages and the API ("$1.00 or $5.00", "$5.00 to $500.00")."""
        if self.amounts:
            return " or ".join(dollars(a) for a in self.amounts)
        if self.minimum is None:
            return f"up to {dollars(self.maximum)}" if self.maximum is not None else "any amount"
        if self.maximum is None:
            return f"at least {dollars(self.minimum)}"
        return f"{dollars(self.minimum)} to {dollars(self.maximum)}"


def _paytable(spec: GameSpec, key: str, chosen: str) -> Paytable | None:
    """The paytable the engine pays ``key`` by: the chosen one, else the only one listed."""
    if chosen:
        return catalog().get(chosen) or catalog().resolve(spec.key, key, chosen)
    listed = catalog().for_wager(spec.key, key)
    return listed[0] if len(listed) == 1 else None


def _own_minimum(
    spec: GameSpec, w: WagerSpec, options: Mapping[str, object]
) -> tuple[Decimal | None, str]:
    """The wager's own least amount and the words refusing less: the regulation's, and the
    Must-Hit-By configuration's for the wager it rides on; the higher, each source of it named."""
    found: list[tuple[Decimal, str]] = []
    if w.minimum is not None:
        found.append((w.minimum, w.minimum_rule))
    option = spec.option(MUST_HIT_BY_OPTION)
    config = must_hit_by(str(options.get(MUST_HIT_BY_OPTION))) if option else None
    if config is not None and option is not None and w.key in option.requires_wagers:
        found.append((config.minimum_wager, f"the minimum progressive wager of Must-Hit-By "
                                            f"configuration {config.name}, §631b.6(c)(4)"))
    if not found:
        return None, ""
    least = max(amount for amount, _ in found)
    why = "; ".join(text for amount, text in found if amount == least)
    return least, f"a {w.name} wager is no less than {dollars(least)} ({why})"


def rule_for(spec: GameSpec, w: WagerSpec, *, wagers: Mapping[str, str],
             options: Mapping[str, object], table_minimum: Decimal,
             table_maximum: Decimal) -> AmountRule | None:
    """The amount rule of one offered wager (None: another wager's amount sets it)."""
    if w.base:
        if w.follows:
            return None
        return AmountRule(w, table_minimum, table_maximum, main=True)
    paytable = _paytable(spec, w.key, wagers.get(w.key) or "")
    if paytable is not None and w.denominated:
        return AmountRule(w, amounts=(Decimal(paytable.name).quantize(Decimal("0.01")),),
                          paytable=paytable)
    listed = envy_wagers(paytable) if paytable is not None else ()
    if listed:
        return AmountRule(w, amounts=listed, paytable=paytable)
    least, words = _own_minimum(spec, w, options)
    return AmountRule(w, least, table_maximum, minimum_words=words)


def wager_rules(game: str, *, wagers: Mapping[str, str], options: Mapping[str, object],
                table_minimum: Decimal, table_maximum: Decimal) -> dict[str, AmountRule]:
    """Each offered wager's rule (``wagers``: key -> chosen paytable id, as a Rules
    Submission keeps them; the game's main wagers are always offered)."""
    spec = games.spec(game)
    found = {}
    for w in spec.wagers:
        if not w.base and w.key not in wagers:
            continue
        rule = rule_for(spec, w, wagers=wagers, options=options, table_minimum=table_minimum,
                        table_maximum=table_maximum)
        if rule is not None:
            found[w.key] = rule
    return found


def refusals(rules: Mapping[str, AmountRule], positions: object) -> dict[str, str]:
    """``positions[n].wagers.<key>`` -> why, for each wager of a settle body's positions that
    its rule refuses (amounts that do not parse are left to the engine)."""
    errors = {}
    for n, position in enumerate(positions if isinstance(positions, list) else []):
        placed = position.get("wagers") if isinstance(position, Mapping) else None
        for key, value in (placed.items() if isinstance(placed, Mapping) else ()):
            rule = rules.get(key)
            amount = _amount(value)
            if rule is not None and amount is not None:
                problem = rule.refusal(amount)
                if problem:
                    errors[f"positions[{n}].wagers.{key}"] = problem
    return errors


def _amount(value: object) -> Decimal | None:
    try:
        return parse_dollars(value)
    except ValueError:
        return None
