"""Reading a settlement request: every bad field is collected, then refused at once.

Games read their JSON-shaped request through a ``Reader`` so that the API answers 400 with
each bad field named (``positions[0].wagers.play``) and the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal, InvalidOperation

from games.cards import card_str, parse_cards
from games.errors import InvalidCards, InvalidRound
from games.money import parse_dollars
from games.paytables import Paytable, catalog
from games.spec import GameSpec


class Reader:
    def __init__(self, payload: Mapping, spec: GameSpec):
        if not isinstance(payload, Mapping):
            raise InvalidRound({"non_field_errors": "the request body must be a JSON object"})
        self.payload = payload
        self.spec = spec
        self.errors: dict[str, list[str]] = {}

    def fail(self, path: str, message: str) -> None:
        self.errors.setdefault(path, []).append(message)

    def done(self) -> None:
        """Refuse the request if anything was wrong."""
        if self.errors:
            raise InvalidRound(self.errors)

    def mapping(self, path: str, value: object) -> Mapping:
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
        self, path: str, value: object, *, count: int | tuple[int, ...], joker: bool = False
    ) -> tuple[int, ...] | None:
        if value is None:
            self.fail(path, "cards are required")
            return None
        try:
            return parse_cards(value, count=count, joker=joker)
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

    def paytable(self, wager: str, *, required: bool = True) -> Paytable | None:
        """The paytable chosen in ``options.<wager>`` by the regulation's name or catalog id."""
        options = self.mapping("options", self.payload.get("options"))
        chosen = options.get(wager)
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
        meters = self.mapping("meters", self.payload.get("meters"))
        path = f"meters.{key}"
        if key not in meters:
            self.fail(path, "the meter amount is needed to settle this progressive wager")
            return None
        try:
            value = Decimal(str(meters[key]))
        except InvalidOperation:
            value = Decimal("NaN")
        if isinstance(meters[key], float) or not value.is_finite() or value < 0:
            self.fail(path, "a meter amount is a non-negative decimal string in dollars")
            return None
        return value

    def positions(self, *, min_count: int = 1) -> list[dict]:
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
            seat = position.get("seat", i + 1)
            if isinstance(seat, bool) or not isinstance(seat, int):
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
