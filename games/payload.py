"""Reading a settlement request: every bad field is collected, then refused at once.

Games read their JSON-shaped request through a ``Reader`` so that the API answers 400 with
each bad field named (``positions[0].wagers.play``) and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from functools import cached_property
from itertools import product
from typing import Any

from games.cards import JOKER, JOKER_TEXT, RANKS, SUITS, card_str, make, parse_cards
from games.errors import InvalidCards, InvalidRound
from games.money import MAX_AMOUNT, parse_dollars, plain_decimal
from games.paytables import Paytable, catalog
from games.spec import GameSpec


# Card text -> card, in every case parse_card accepts ("As", "as", "AS", "aS"), so that a
# request's cards are read by one look-up each; anything else goes to parse_cards, which
# accepts or refuses it with its reason.
def _cases(text: str) -> set[str]:
    return {"".join(chars) for chars in product(*({c.lower(), c.upper()} for c in text))}


_CARDS = {variant: make(r, s) for r, rank_char in enumerate(RANKS)
          for s, suit_char in enumerate(SUITS) for variant in _cases(rank_char + suit_char)}
_CARDS_WITH_JOKER = {**_CARDS, **dict.fromkeys(_cases(JOKER_TEXT), JOKER)}


def _listed_cards(value: object, count: int | tuple[int, ...] | None, joker: bool,
                  distinct: bool) -> tuple[int, ...] | None:
    """``value``'s cards when it is a list of well-formed cards of the right count (distinct
    when ``distinct``), as parse_cards would read them; None for parse_cards to decide."""
    if type(value) is not list:
        return None
    known = _CARDS_WITH_JOKER if joker else _CARDS
    try:
        cards = tuple([known[token] for token in value])
    except (KeyError, TypeError):
        return None
    if count is not None and len(cards) != count and (
            isinstance(count, int) or len(cards) not in count):
        return None
    if distinct and len(set(cards)) != len(cards):
        return None
    return cards


def whole_number(value: object, least: int | None = None, most: int | None = None) -> bool:
    """A JSON whole number (``true`` and ``false`` are not), from ``least`` to ``most`` when
    given."""
    if isinstance(value, bool) or not isinstance(value, int):
        return False
    return (least is None or value >= least) and (most is None or value <= most)


# Every settlement request has these; the rest of its fields are the game's own.
ROUND_FIELDS = ("game", "options", "meters", "positions")
POSITION_FIELDS = ("seat", "wagers")


class Reader:
    """Reads one request strictly: a key the game does not know, at the top level, in
    ``options``, ``meters`` or a position, is refused by name, never ignored, so a typo
    (``{"ez": true}``) cannot change a payout silently.

    ``fields`` are the request's top-level keys (a round's: ``ROUND_FIELDS`` and the game's
    table fields); ``position_fields`` a position's besides ``seat`` and ``wagers``;
    ``options`` the option keys besides the SPEC's options and the wagers whose paytable is
    chosen there.
    """

    def __init__(self, payload: Mapping[str, Any], spec: GameSpec, *,
                 fields: Iterable[str] = ROUND_FIELDS, position_fields: Iterable[str] = (),
                 options: Iterable[str] = ()) -> None:
        if not isinstance(payload, Mapping):
            raise InvalidRound({"non_field_errors": "the request body must be a JSON object"})
        self.payload = payload
        self.spec = spec
        self.errors: dict[str, list[str]] = {}
        self.position_fields = (*POSITION_FIELDS, *position_fields)
        self.unknown_keys("", payload, tuple(fields), "field")
        known_options = (*(o.key for o in spec.options),
                         *(w.key for w in spec.wagers if w.paytable_required), *options)
        # A wager whose one paytable the regulation fixes (Let It Ride's Five-Card Progressive,
        # §643a.12(e)) may be named, as a Rules Submission's terms name it, but only as that one.
        fixed = [w.key for w in spec.wagers
                 if w.key not in known_options and catalog().for_wager(spec.key, w.key)]
        self.unknown_keys("options", self.options, (*known_options, *fixed), "option")
        for key in fixed:
            if key in self.options:
                self.paytable(key)
        self.unknown_keys("meters", self.meters,
                          [k for m in spec.meters for k in (m.key, f"{m.key}_reset")], "meter")

    def unknown_keys(
        self, path: str, value: Mapping[str, Any], known: Iterable[str], what: str
    ) -> None:
        """Name every key of ``value`` that is not ``known``: a strict reading."""
        known = tuple(dict.fromkeys(known))
        for key in value:
            if key not in known:
                where = f"{path}.{key}" if path else str(key)
                self.fail(where, f"unknown {what} of {self.spec.name} "
                                 f"(known: {', '.join(known) or 'none'})")

    def fail(self, path: str, message: str) -> None:
        self.errors.setdefault(path, []).append(message)

    def done(self) -> None:
        """Refuse the request if anything was wrong."""
        if self.errors:
            raise InvalidRound(self.errors)

    @cached_property
    def options(self) -> Mapping[str, Any]:
        """The request's ``options`` (the Rules Submission's choices for the table)."""
        return self.mapping("options", self.payload.get("options"))

    @cached_property
    def meters(self) -> Mapping[str, Any]:
        """The request's ``meters``: each progressive meter's amount at the moment of payment."""
        return self.mapping("meters", self.payload.get("meters"))

    def mapping(self, path: str, value: object) -> Mapping[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, Mapping):
            self.fail(path, "must be a JSON object")
            return {}
        return value

    def amount(self, path: str, value: object) -> Decimal | None:
        """A wager in dollars: a positive decimal string in whole cents."""
        try:
            amount = parse_dollars(value)
        except ValueError as e:
            self.fail(path, str(e))
            return None
        if amount <= 0:
            self.fail(path, "a wager must be more than $0.00")
            return None
        return amount

    def cards(
        self, path: str, value: object, *, count: int | tuple[int, ...] | None,
        joker: bool = False, distinct: bool = True,
    ) -> tuple[int, ...] | None:
        if value is None:
            self.fail(path, "cards are required")
            return None
        cards = _listed_cards(value, count, joker, distinct)
        if cards is not None:
            return cards
        try:
            return parse_cards(value, count=count, joker=joker, distinct=distinct)
        except InvalidCards as e:
            self.fail(path, str(e))
            return None

    def distinct(self, hands: Iterable[tuple[str, tuple[int, ...] | None]]) -> None:
        """One deck deals each card once: name every field holding a card already dealt."""
        seen: dict[int, str] = {}
        for path, cards in hands:
            for c in cards or ():
                if c in seen:
                    self.fail(path, f"'{card_str(c)}' was already dealt to {seen[c]}")
                else:
                    seen[c] = path

    def choice(self, path: str, value: object, choices: Iterable[str]) -> str | None:
        allowed = tuple(choices)
        if value not in allowed:
            self.fail(path, f"{value!r} is not one of: {', '.join(allowed)}")
            return None
        return value

    def option_choice(self, key: str) -> str | None:
        """``options.<key>``, one of the choices of the game's option (its default when not
        given)."""
        option = self.spec.require_option(key)
        return self.choice(f"options.{key}", self.options.get(key, option.default),
                           option.choices)

    def flag(self, key: str, default: bool | None = False) -> bool | None:
        """``options.<key>``, true or false (``default`` when not given)."""
        value = self.options.get(key, default)
        if value is not default and not isinstance(value, bool):
            self.fail(f"options.{key}", "must be true or false")
            return default
        return value

    def paytable(self, wager: str, *, required: bool = True) -> Paytable | None:
        """The paytable chosen in ``options.<wager>`` by the regulation's name or catalog id."""
        chosen = self.options.get(wager)
        path = f"options.{wager}"
        if chosen is None:
            if required:
                names = ", ".join(p.name for p in catalog().for_wager(self.spec.key, wager))
                self.fail(path, f"choose the paytable for {wager} ({names})")
            return None
        found = catalog().resolve(self.spec.key, wager, str(chosen))
        if found is None:
            names = ", ".join(p.name for p in catalog().for_wager(self.spec.key, wager))
            self.fail(path, f"{chosen!r} is not a paytable of {wager} in the catalog ({names})")
        return found

    def meter(self, key: str) -> Decimal | None:
        """A progressive meter's amount at the moment of payment; fractions of a cent kept."""
        meters = self.meters
        path = f"meters.{key}"
        if key not in meters:
            self.fail(path, "the meter amount is needed to settle this progressive wager")
            return None
        value = plain_decimal(meters[key])
        if value is None:
            self.fail(path, "a meter amount is a non-negative decimal string in dollars, like "
                            "\"10000.00\" (ASCII digits and a point)")
            return None
        if value >= MAX_AMOUNT:
            self.fail(path, f"a meter amount is below ${MAX_AMOUNT:,}")
            return None
        return value

    def stub_count(self, rule: str) -> int | None:
        """``stub_count``: the cards the dealer counted in the stub after the deal, a whole
        number, or none when the stub was not counted this round (``rule``: the count's
        section)."""
        stub = self.payload.get("stub_count")
        if stub is not None and not whole_number(stub, 0):
            self.fail("stub_count", f"the number of cards left after the deal, a whole number "
                                    f"({rule})")
            return None
        return stub

    def owners(
        self, positions: Iterable[dict[str, Any]], *, most: int, rule: str
    ) -> dict[int, str]:
        """The player of each position given a ``player``: one player may wager on up to
        ``most`` boxes side by side (§645a.7(f), §649a.7(f)); ``rule`` is cited otherwise."""
        owners = {p["seat"]: str(p["raw"]["player"]) for p in positions
                  if p["raw"].get("player") is not None}
        by_player: dict[str, list[int]] = {}
        for seat, player in owners.items():
            by_player.setdefault(player, []).append(seat)
        for player, seats in by_player.items():
            seats.sort()
            if len(seats) > most or seats[-1] - seats[0] != len(seats) - 1:
                self.fail("positions", f"player {player} wagers on seats "
                          f"{', '.join(map(str, seats))}: at most {most} adjacent box(es) "
                          f"({rule})")
        return owners

    def positions(self, *, min_count: int = 1) -> list[dict[str, Any]]:
        """Each position as ``{"seat", "wagers": {key: Decimal}, "raw", "path"}``; seats are
        1..the table's positions, once each; wager keys are the game's."""
        raw = self.payload.get("positions")
        if not isinstance(raw, list) or len(raw) < min_count:
            self.fail("positions", f"a list of at least {min_count} position(s) is required")
            return []
        seats: set[int] = set()
        result = []
        for i, position in enumerate(raw):
            path = f"positions[{i}]"
            position = self.mapping(path, position)
            self.unknown_keys(path, position, self.position_fields, "position field")
            seat = position.get("seat", i + 1)
            if not whole_number(seat):
                self.fail(f"{path}.seat", "a seat is a whole number")
                continue
            if not 1 <= seat <= self.spec.positions:
                self.fail(
                    f"{path}.seat",
                    f"seat {seat} does not exist: the table has {self.spec.positions} "
                    f"positions ({self.spec.rule})",
                )
            elif seat in seats:
                self.fail(f"{path}.seat", f"seat {seat} is given twice")
            seats.add(seat)
            wagers = {}
            for key, value in self.mapping(f"{path}.wagers", position.get("wagers")).items():
                if self.spec.wager(key) is None:
                    known = ", ".join(w.key for w in self.spec.wagers)
                    self.fail(f"{path}.wagers.{key}", f"unknown wager (this game has: {known})")
                    continue
                amount = self.amount(f"{path}.wagers.{key}", value)
                if amount is not None:
                    wagers[key] = amount
            result.append({"seat": seat, "wagers": wagers, "raw": position, "path": path})
        return result
