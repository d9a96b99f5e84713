"""The progressive wagers: Royal 9 (Minibaccarat §627b.3, Midibaccarat §629b.3), Heavenly 9
(Baccarat §631b.2), and the Must-Hit-By Mystery Bonus configurations (§631b.6(c)(4)).

Royal 9 hand names (rows of ``baccarat.royal_9_progressive.1`` and ``.5``), highest first, as
the paytable lists them; a wager is paid its highest row only:
``personal_king_9_v_personal_king_9`` (100% of the Mega Jackpot),
``personal_king_9_on_banker_hand`` (Major), ``personal_king_9_on_player_hand`` (Minor),
``mega_envy``, ``suited_royal_9_tie_hand``, ``royal_9_tie_hand``, ``any_suited_royal_9``,
``any_royal_9``. A Royal 9 is a face card (K, Q or J) and a nine as a hand's first two cards
((b)); each position has its own King-9 combination printed on the layout ((e)(5)).

Heavenly 9 hand names (``baccarat.heavenly_9_progressive.standard``), highest first:
``three_card_tie_all_cards_same_suit`` (100% of the meter), ``three_card_tie_all_cards_same_color``,
``three_card_tie``, ``banker_three_card_9``, ``player_three_card_9`` (§631b.2(g), (i)).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from games.baccarat.rules import Coup, is_nine, point_count
from games.cards import JACK, KING, NINE, QUEEN, RED_SUITS, rank, suit

FACES = frozenset({JACK, QUEEN, KING})

ROYAL_9_ROWS = (
    "personal_king_9_v_personal_king_9",
    "personal_king_9_on_banker_hand",
    "personal_king_9_on_player_hand",
    "mega_envy",
    "suited_royal_9_tie_hand",
    "royal_9_tie_hand",
    "any_suited_royal_9",
    "any_royal_9",
)
# The jackpot rows and the meters they empty (§627b.3(e)(6)-(8)).
ROYAL_9_METERS = {
    "personal_king_9_v_personal_king_9": "royal_9_mega_jackpot",
    "personal_king_9_on_banker_hand": "royal_9_major_jackpot",
    "personal_king_9_on_player_hand": "royal_9_minor_jackpot",
}
# Initial and reset amounts by denomination: at least these (§627b.3(f)(2), (g)(2)).
ROYAL_9_METER_MINIMUMS = {
    "5": {"royal_9_mega_jackpot": Decimal("50000.00"), "royal_9_major_jackpot": Decimal("450.00"),
          "royal_9_minor_jackpot": Decimal("450.00")},
    "1": {"royal_9_mega_jackpot": Decimal("10000.00"), "royal_9_major_jackpot": Decimal("90.00"),
          "royal_9_minor_jackpot": Decimal("90.00")},
}
ROYAL_9_METER_NAMES = {
    "royal_9_mega_jackpot": "Royal 9 Mega Jackpot",
    "royal_9_major_jackpot": "Royal 9 Major Jackpot",
    "royal_9_minor_jackpot": "Royal 9 Minor Jackpot",
}

HEAVENLY_9 = "heavenly_9_progressive"
HEAVENLY_9_SEED = Decimal("10000.00")  # "Meter Seed/ Reseed $10,000" (§631b.2(i))
HEAVENLY_9_INCREMENT_PERCENT = Decimal(10)  # "Increment Rate 10%" (§631b.2(i))
HEAVENLY_9_MINIMUM_WAGER = Decimal("5.00")  # "no less than $5" (§631b.2(c))


def is_royal_9(cards: Sequence[int]) -> bool:
    """A face card and a nine as the first two cards (§627b.3(b))."""
    ranks = {rank(cards[0]), rank(cards[1])}
    return len(ranks) == 2 and any(is_nine(c) for c in cards[:2]) and bool(ranks & FACES)


def is_suited_royal_9(cards: Sequence[int]) -> bool:
    """A Royal 9 of one suit: the ``*_suited_royal_9*`` rows of the paytable (§627b.3)."""
    return is_royal_9(cards) and suit(cards[0]) == suit(cards[1])


def is_king_9(cards: Sequence[int]) -> bool:
    """A King and a Nine: what each position's personal combination is (§627b.3(e)(5))."""
    return sorted(rank(c) for c in cards) == [NINE, KING]


def royal_9_hand(
    coup: Coup, seat: int, combinations: Mapping[int, frozenset[int]]
) -> str | None:
    """The highest Royal 9 row the wager at ``seat`` earns, given every position's King-9
    combination (``combinations``: seat -> the two cards). Mega Envy is another position's
    combination on both hands, occupied or not ((e)(9))."""
    player, banker = frozenset(coup.player[:2]), frozenset(coup.banker[:2])
    own = combinations.get(seat)
    if own is not None and player == own and banker == own:
        return ROYAL_9_ROWS[0]
    if own is not None and banker == own:
        return ROYAL_9_ROWS[1]
    if own is not None and player == own:
        return ROYAL_9_ROWS[2]
    if player == banker and player in combinations.values():
        return ROYAL_9_ROWS[3]
    both = (is_royal_9(coup.player), is_royal_9(coup.banker))
    suited = (is_suited_royal_9(coup.player), is_suited_royal_9(coup.banker))
    if all(suited):
        return ROYAL_9_ROWS[4]
    if all(both):
        return ROYAL_9_ROWS[5]
    if any(suited):
        return ROYAL_9_ROWS[6]
    if any(both):
        return ROYAL_9_ROWS[7]
    return None


def heavenly_9_hand(coup: Coup) -> str | None:
    """The highest Heavenly 9 row: a three-card 9 on the Banker's Hand, the Player's, or both
    (a tie), the tie also by all six cards of one suit or one color (§631b.2(g))."""
    player_9 = len(coup.player) == 3 and point_count(coup.player) == 9
    banker_9 = len(coup.banker) == 3 and point_count(coup.banker) == 9
    if player_9 and banker_9:
        cards = coup.player + coup.banker
        if len({suit(c) for c in cards}) == 1:
            return "three_card_tie_all_cards_same_suit"
        if len({suit(c) in RED_SUITS for c in cards}) == 1:
            return "three_card_tie_all_cards_same_color"
        return "three_card_tie"
    if banker_9:
        return "banker_three_card_9"
    if player_9:
        return "player_three_card_9"
    return None


@dataclass(frozen=True)
class MustHitBy:
    """One Must-Hit-By Mystery Bonus configuration of §631b.6(c)(4): the minimum progressive
    wager, the range the random trigger is drawn from, and the share of each qualifying
    Heavenly 9 wager added to the meter."""

    paytable: str
    minimum_wager: Decimal
    minimum: Decimal
    maximum: Decimal
    contribution_percent: Decimal

    @property
    def name(self) -> str:
        return f"{self.paytable}-{self.minimum_wager.normalize():f}"


def _mhb(paytable: str, wager: str, low: str, high: str, rate: str) -> MustHitBy:
    return MustHitBy(paytable, Decimal(wager), Decimal(low), Decimal(high), Decimal(rate))


MUST_HIT_BY = (
    _mhb("A", "1", "100", "200", "2"), _mhb("A", "2", "100", "200", "1.5"),
    _mhb("A", "5", "100", "250", "1"),
    _mhb("B", "1", "100", "500", "5"), _mhb("B", "2", "100", "500", "3.5"),
    _mhb("B", "5", "100", "500", "2"),
    _mhb("C", "1", "250", "500", "2"), _mhb("C", "2", "250", "500", "1.5"),
    _mhb("C", "5", "250", "500", "0.5"),
    _mhb("D", "1", "250", "1000", "5"), _mhb("D", "2", "250", "1000", "3"),
    _mhb("D", "5", "250", "1000", "2"),
)


# §631b.6(c)(6): "paid from the table inventory or through a progressive jackpot slip as
# indicated by the certificate holder in its Rules Submission" (options.must_hit_by_payment).
MUST_HIT_BY_PAYMENTS = ("table_inventory", "progressive_jackpot_slip")


def must_hit_by(name: str) -> MustHitBy | None:
    """A configuration by name, ``"<paytable>-<minimum wager>"`` (``"B-2"``)."""
    return next((c for c in MUST_HIT_BY if c.name == name), None)


def must_hit_by_range(options: Mapping[str, object]) -> tuple[Decimal, Decimal] | None:
    """The range a Must-Hit-By trigger is drawn from under the chosen configuration: its
    minimum and maximum dollar values (§631b.6(c)(3)-(4)); None without one.

    >>> must_hit_by_range({"must_hit_by": "B-2"})
    (Decimal('100'), Decimal('500'))
    """
    config = must_hit_by(str(options.get("must_hit_by")))
    return (config.minimum, config.maximum) if config else None


def must_hit_by_seeding_problem(options: Mapping[str, object], initial: Decimal | None,
                                reset: Decimal | None, rate: Decimal | None) -> str | None:
    """Why approved terms cannot run a Must-Hit-By meter, or None: they name how the payout
    is paid (§631b.6(c)(6)), the contribution rate is the configuration's (§631b.6(c)(4)),
    the meter resets to its minimum dollar value (§631b.6(c)(5)(iv)) and starts below its
    maximum, so a trigger can still be drawn. A version approved before a check existed may
    hold terms the Rules Submission's validation now refuses; seeding refuses them too."""
    config = must_hit_by(str(options.get("must_hit_by")))
    if config is None:
        return None
    where = f"configuration {config.name}"
    if options.get("must_hit_by_payment") not in MUST_HIT_BY_PAYMENTS:
        return ("the Rules Submission does not say how a Must-Hit-By payout is paid: from the "
                "table inventory or through a progressive jackpot slip (§631b.6(c)(6))")
    if rate != config.contribution_percent:
        return (f"the Must-Hit-By rate is {config.contribution_percent.normalize():f}% of each "
                f"qualifying wager under {where} (§631b.6(c)(4)); the Rules Submission sets "
                f"{_percent(rate)}")
    if reset != config.minimum:
        return (f"the Must-Hit-By meter resets to the minimum dollar value, "
                f"{_dollars(config.minimum)} under {where} (§631b.6(c)(5)(iv)); the Rules "
                f"Submission sets {_dollars(reset)}")
    if initial is None or not config.minimum <= initial < config.maximum:
        return (f"the Must-Hit-By meter starts from {_dollars(config.minimum)} up to below "
                f"{_dollars(config.maximum)} under {where} (§631b.6(c)(3)-(4)); the Rules "
                f"Submission sets {_dollars(initial)}")
    return None


def _dollars(amount: Decimal | None) -> str:
    return "no amount" if amount is None else f"${amount:,.2f}"


def _percent(rate: Decimal | None) -> str:
    return "no rate" if rate is None else f"{rate.normalize():f}%"



# The Royal 9 par line's options and the meter each is read from (games.par.baccarat).
ROYAL_9_PAR_METERS = (("meter", "royal_9_mega_jackpot"), ("major", "royal_9_major_jackpot"),
                      ("minor", "royal_9_minor_jackpot"))


def royal_9_par_options(options: Mapping[str, object],
                        meters: Mapping[str, object]) -> dict[str, str]:
    """The Royal 9 par line's options from a Rules Submission's terms (its ``ParLine``): the
    three meters' initial amounts and each position's King-9 combination, position 1's first
    (the position the line values, §627b.3(e)(5))."""
    out = {}
    for option, meter in ROYAL_9_PAR_METERS:
        terms = meters.get(meter)
        if isinstance(terms, Mapping) and terms.get("initial"):
            out[option] = str(terms["initial"])
    combos = options.get("royal_9_combinations")
    if isinstance(combos, list):
        combos = {str(i): c for i, c in enumerate(combos, start=1)}
    if isinstance(combos, Mapping) and combos:
        ordered = sorted(combos.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdecimal()
                         else 0)
        out["combinations"] = ",".join(" ".join(c) if isinstance(c, list) else str(c)
                                       for _, c in ordered)
    return out
