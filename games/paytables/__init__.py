"""The paytable catalog: every paytable as data, with its citation and source.

Each ``*.toml`` file in this folder holds ``[[paytable]]`` entries (format in ``README.md``
here). A compliance officer's paytable from a newer regulation is the same data, parsed by
``parse_paytable`` and added with ``Catalog.with_paytables`` once approved.

``catalog()`` is the *active* catalog: the built-in one, unless a caller runs the engine inside
``using(a_property_catalog)``. The override is a ``ContextVar``, so the engine keeps no state
between requests and threads or tasks never see each other's catalog.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import overload

from games.errors import GameError
from games.hands import ThreeCardCategory
from games.money import fmt, plain_decimal
from games.names import hand_name

SOURCES = ("primary", "secondary")


class PaytableFormatError(GameError):
    """A paytable entry that does not follow the catalog format; ``errors`` maps each field
    path to its messages."""

    def __init__(self, message: str, errors: Mapping[str, list[str]] | None = None):
        super().__init__(message)
        self.errors = dict(errors or {})


@dataclass(frozen=True)
class Row:
    """One winning hand: ``value`` to 1, for 1, percent of the meter, or a fixed amount."""

    hand: str
    basis: str
    value: Decimal
    when: Mapping[str, str] = field(default_factory=dict)
    note: str = ""

    @property
    def odds(self) -> str:
        """As a paytable is posted: ``"40 to 1"``, ``"9 for 1"``, ``"10% of meter"``, ``"$1,000.00"``."""
        value = f"{self.value.normalize():f}"
        if self.basis == "meter_percent":
            return f"{value}% of meter"
        if self.basis == "amount":
            return f"${self.value:,.2f}"
        return f"{value} {self.basis} 1"


@dataclass(frozen=True)
class Paytable:
    id: str
    game: str
    wager: str
    name: str
    title: str
    citation: str
    source: str
    rows: tuple[Row, ...]
    source_note: str = ""

    def row(self, hand: str, **when: str) -> Row | None:
        """The row paying ``hand`` (rows with conditions match only when ``when`` agrees)."""
        for r in self.rows:
            if r.hand == hand and all(when.get(k) == v for k, v in r.when.items()):
                return r
        return None

    def first_row(self, hands: Iterable[str]) -> Row | None:
        """The row of the first of ``hands`` (highest first) the table pays: only the highest
        hand is paid."""
        return next((r for hand in hands if (r := self.row(hand)) is not None), None)

    @property
    def hands(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(r.hand for r in self.rows))

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id, "game": self.game, "wager": self.wager, "name": self.name,
            "title": self.title, "citation": self.citation, "source": self.source,
            "source_note": self.source_note,
            "rows": [
                {"hand": r.hand, "basis": r.basis, "value": fmt(r.value), "odds": r.odds,
                 "when": dict(r.when), "note": r.note}
                for r in self.rows
            ],
        }


# What the engine can pay and print (§601a.2: a paytable is offered only as approved): odds up
# to a million to 1 and amounts below a billion dollars (the settle API's own bound), in cents.
MAX_ODDS = Decimal("1000000")
MAX_AMOUNT = Decimal("999999999.99")
MAX_PLACES = {"odds": 2, "meter_percent": 2, "amount": 2}
LIMITS = {"id": 200, "name": 40, "title": 120, "citation": 40, "source_note": 1000,
          "hand": 80}
CITATION = re.compile(r"§\d{3}[a-z]?\.\d+[a-z]?(\([0-9a-zA-Z]+\))*")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


class _Errors(dict[str, list[str]]):
    """Field path -> messages, every problem at once."""

    def add(self, path: str, message: str) -> None:
        self.setdefault(path, []).append(message)


def _text(entry: Mapping[str, object], key: str, errors: _Errors, *, required: bool = True) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        errors.add(key, "required: a piece of text" if required else "must be text")
        return ""
    value = value.strip()
    if len(value) > LIMITS.get(key, 1000):
        errors.add(key, f"at most {LIMITS.get(key, 1000)} characters (this one has {len(value)})")
    return value


def _number(
    raw: Mapping[str, object], kind: str, basis: str, where: str, errors: _Errors
) -> Decimal | None:
    text = raw[kind]
    if not isinstance(text, str):
        errors.add(f"{where}.{kind}", "must be text, like \"40\" or \"1000.00\" (a string, "
                                      "not a number)")
        return None
    value = plain_decimal(text)
    if value is None:
        errors.add(f"{where}.{kind}", f"{text[:40]!r} is not a figure written in digits, like "
                                      "\"40\" or \"1000.00\" (no exponent, spaces, separators "
                                      "or sign)")
        return None
    top = {"meter_percent": Decimal(100), "amount": MAX_AMOUNT}.get(kind, MAX_ODDS)
    if value > top or (value < 1 if basis == "for" else value <= 0):
        shown = {"meter_percent": "more than 0 and at most 100 (percent of the meter)",
                 "amount": "more than $0 and below $1,000,000,000"}.get(
            kind, f"at least 1 for 1 and at most {top:,f} for 1" if basis == "for"
            else f"more than 0 and at most {top:,f} to 1")
        errors.add(f"{where}.{kind}", f"{text} is out of range: {shown}")
        return None
    if -int(value.as_tuple().exponent) > MAX_PLACES[kind]:
        errors.add(f"{where}.{kind}", f"{text} has more than {MAX_PLACES[kind]} decimals")
        return None
    return value


def _row(raw: object, default_basis: object, where: str, errors: _Errors) -> Row | None:
    if not isinstance(raw, Mapping):
        errors.add(where, "each row is a table like {hand = ..., odds = ...}")
        return None
    given = [k for k in ("odds", "meter_percent", "amount") if k in raw]
    if len(given) != 1:
        errors.add(where, "give exactly one of odds, meter_percent, amount")
        return None
    kind = given[0]
    basis = raw.get("basis", default_basis) if kind == "odds" else kind
    if kind == "odds" and basis not in ("to", "for") or not isinstance(basis, str):
        errors.add(f"{where}.basis", f"must be 'to' or 'for', not {basis!r}")
        return None
    hand = _text(raw, "hand", sub := _Errors())
    for key, msgs in sub.items():
        for m in msgs:
            errors.add(f"{where}.{key}", m)
    value = _number(raw, kind, basis, where, errors)
    when = raw.get("when", {})
    if not isinstance(when, Mapping) or not all(isinstance(v, str) for v in when.values()):
        errors.add(f"{where}.when", "'when' maps names to strings")
        return None
    if not isinstance(raw.get("note", ""), str):
        errors.add(f"{where}.note", "must be text")
        return None
    if not hand:
        return None
    # A bad value is already an error; the row is still read so its hand is checked too.
    return Row(hand, basis, value or Decimal(0), dict(when), raw.get("note", ""))


def entry_errors(
    entry: Mapping[str, object], hands: Iterable[str] | None = None
) -> dict[str, list[str]]:
    """Every problem of one catalog entry at once, by field path (``rows[2].odds``); with
    ``hands``, a row naming a hand not among them (not one of the game's rankings) is one too."""
    return _parse(entry, hands)[1]


def _parse(
    entry: Mapping[str, object], hands: Iterable[str] | None
) -> tuple[Paytable | None, _Errors]:
    errors = _Errors()
    pid = _text(entry, "id", errors)
    game, wager, name = (_text(entry, k, errors) for k in ("game", "wager", "name"))
    if name and not NAME.fullmatch(name):
        errors.add("name", "letters, digits, '-' or '_' only, like 'F' or '7'")
    if pid and game and wager and name and pid != f"{game}.{wager}.{name}":
        errors.add("id", "must be '<game>.<wager>.<name>'")
    source = _text(entry, "source", errors)
    if source and source not in SOURCES:
        errors.add("source", f"must be one of {', '.join(SOURCES)}")
    note = _text(entry, "source_note", errors, required=source == "secondary")
    title = _text(entry, "title", errors, required=False)
    citation = _text(entry, "citation", errors)
    if citation and not CITATION.fullmatch(citation):
        errors.add("citation", "must be a section, like '§649a.12(d)'")
    default_basis = entry.get("basis", "to")
    raw_rows = entry.get("rows")
    rows: list[Row | None] = []
    if not isinstance(raw_rows, list) or not raw_rows:
        errors.add("rows", "a non-empty list of rows")
    else:
        rows = [_row(r, default_basis, f"rows[{i}]", errors) for i, r in enumerate(raw_rows)]
    known = None if hands is None else set(hands)
    seen: set[tuple[str, tuple[tuple[str, object], ...]]] = set()
    for i, r in enumerate(rows):
        if r is None:
            continue
        if known is not None and r.hand not in known:
            hands = ", ".join(hand_name(h) for h in sorted(known)) or "none"
            errors.add(f"rows[{i}].hand", f"{hand_name(r.hand)} ({r.hand!r}) is not a hand "
                                          f"of this wager; its hands are: {hands}")
        key = (r.hand, tuple(sorted(r.when.items())))
        if key in seen:
            errors.add(f"rows[{i}].hand", f"{r.hand!r} appears twice under the same conditions")
        seen.add(key)
    if errors:
        return None, errors
    return Paytable(id=pid, game=game, wager=wager, name=name, title=title or name,
                    citation=citation, source=source, rows=tuple(r for r in rows if r),
                    source_note=note), errors


def parse_paytable(entry: Mapping[str, object]) -> Paytable:
    """One catalog entry, checked for form and bounds; raises PaytableFormatError naming the
    first problem (``errors`` holds them all, by field)."""
    table, errors = _parse(entry, None)
    if table is None:
        where = f"paytable {entry.get('id', '?')!r}"
        path, messages = next(iter(errors.items()))
        raise PaytableFormatError(f"{where}: {path}: {messages[0]}", errors)
    return table


# The three-card ranking (games.hands, §649a.3 and §643a.12(c)): a wager paying only these
# pays any of them, a mini-royal (A-K-Q suited) included, whatever its tables list today.
THREE_CARD_HANDS = ("mini_royal", *(c.name.lower() for c in sorted(ThreeCardCategory, reverse=True)
                                    if c != ThreeCardCategory.HIGH_CARD))


def known_hands(game: str, wager: str) -> tuple[str, ...]:
    """The hands the engine pays on ``wager`` (names as its rankings give them), read from the
    built-in catalog: every hand its tables pay (the whole three-card ranking for a three-card
    wager); for a wager with no built-in table, every hand of the game's tables."""
    tables = builtin_catalog().for_wager(game, wager) or tuple(
        p for p in builtin_catalog() if p.game == game)
    hands = tuple(dict.fromkeys(r.hand for p in tables for r in p.rows))
    if hands and set(hands) <= set(THREE_CARD_HANDS):
        return THREE_CARD_HANDS
    return hands


class Catalog:
    """Paytables by id, and by game and wager."""

    def __init__(self, paytables: Iterable[Paytable]):
        self._by_id: dict[str, Paytable] = {}
        for p in paytables:
            if p.id in self._by_id:
                raise PaytableFormatError(f"paytable {p.id!r} is defined twice")
            self._by_id[p.id] = p

    def __iter__(self) -> Iterator[Paytable]:
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)

    def get(self, paytable_id: str) -> Paytable | None:
        return self._by_id.get(paytable_id)

    def for_wager(self, game: str, wager: str) -> tuple[Paytable, ...]:
        return tuple(p for p in self if p.game == game and p.wager == wager)

    def resolve(self, game: str, wager: str, name_or_id: str) -> Paytable | None:
        """By the regulation's name for it (``"D"``) or by catalog id."""
        found = self._by_id.get(name_or_id) or self._by_id.get(f"{game}.{wager}.{name_or_id}")
        return found if found and found.game == game and found.wager == wager else None

    def chosen_or_all(self, game: str, wager: str, chosen: object) -> tuple[Paytable, ...]:
        """The paytable ``chosen`` (name or id), or every one of the wager when none is chosen
        or the choice is not in the catalog: for bounds that must hold whatever is chosen."""
        found = self.resolve(game, wager, str(chosen)) if chosen is not None else None
        return (found,) if found else self.for_wager(game, wager)

    def with_paytables(self, extra: Iterable[Paytable]) -> Catalog:
        return Catalog([*self, *extra])


def load_file(path: Path) -> list[Paytable]:
    with path.open("rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise PaytableFormatError(f"{path.name}: {e}") from None
    return [parse_paytable(entry) for entry in data.get("paytable", [])]


@cache
def builtin_catalog() -> Catalog:
    """The built-in catalog: every ``*.toml`` in this folder."""
    here = Path(__file__).parent
    return Catalog(p for path in sorted(here.glob("*.toml")) for p in load_file(path))


_active: ContextVar[Catalog | None] = ContextVar("games.paytables.active", default=None)


def catalog() -> Catalog:
    """The active catalog: the one ``using`` set, else the built-in one."""
    active = _active.get()
    return builtin_catalog() if active is None else active


@contextmanager
def using(active: Catalog) -> Iterator[Catalog]:
    """Within the block, ``catalog()`` is ``active`` (a property's catalog with its approved
    paytables, §601a.2); the previous one is restored afterwards, also on an exception."""
    token = _active.set(active)
    try:
        yield active
    finally:
        _active.reset(token)


@dataclass(frozen=True)
class PaytableNames(Sequence[str]):
    """The names of a wager's paytables in the active catalog, read when asked: an option's
    choices include a paytable a compliance officer added for the property."""

    game: str
    wager: str

    def _names(self) -> tuple[str, ...]:
        return tuple(p.name for p in catalog().for_wager(self.game, self.wager))

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._names() == tuple(other)
