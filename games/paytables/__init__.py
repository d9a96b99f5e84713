"""The paytable catalog: every paytable as data, with its citation and source.

Each ``*.toml`` file in this folder holds ``[[paytable]]`` entries (format in ``README.md``
here). A compliance officer's paytable from a newer regulation is the same data, parsed by
``parse_paytable`` and added with ``Catalog.with_paytables`` once approved.

``catalog()`` is the *active* catalog: the built-in one, unless a caller runs the engine inside
``using(a_property_catalog)``. The override is a ``ContextVar``, so the engine keeps no state
between requests and threads or tasks never see each other's catalog.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import cache
from pathlib import Path

from games.errors import GameError
from games.money import fmt

SOURCES = ("primary", "secondary")


class PaytableFormatError(GameError):
    """A paytable entry that does not follow the catalog format."""


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

    def as_dict(self) -> dict:
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


def _text(entry: Mapping, key: str, where: str, *, required: bool = True) -> str:
    value = entry.get(key, "")
    if not isinstance(value, str) or (required and not value.strip()):
        raise PaytableFormatError(f"{where}: '{key}' must be a non-empty string")
    return value.strip()


def _row(raw: Mapping, default_basis: str, where: str) -> Row:
    if not isinstance(raw, Mapping):
        raise PaytableFormatError(f"{where}: each row is a table like {{hand = ..., odds = ...}}")
    given = [k for k in ("odds", "meter_percent", "amount") if k in raw]
    if len(given) != 1:
        raise PaytableFormatError(f"{where}: give exactly one of odds, meter_percent, amount")
    kind = given[0]
    basis = raw.get("basis", default_basis) if kind == "odds" else kind
    if basis not in ("to", "for") and kind == "odds":
        raise PaytableFormatError(f"{where}: basis must be 'to' or 'for', not {basis!r}")
    try:
        value = Decimal(str(raw[kind]))
    except InvalidOperation:
        raise PaytableFormatError(f"{where}: {kind} {raw[kind]!r} is not a number") from None
    if not value.is_finite() or value <= 0 or (kind == "meter_percent" and value > 100):
        raise PaytableFormatError(f"{where}: {kind} {raw[kind]!r} is out of range")
    when = raw.get("when", {})
    if not isinstance(when, Mapping) or not all(isinstance(v, str) for v in when.values()):
        raise PaytableFormatError(f"{where}: 'when' maps names to strings")
    return Row(_text(raw, "hand", where), basis, value, dict(when), raw.get("note", ""))


def parse_paytable(entry: Mapping) -> Paytable:
    """One catalog entry, checked for form; raises PaytableFormatError naming the problem."""
    where = f"paytable {entry.get('id', '?')!r}"
    pid = _text(entry, "id", where)
    game, wager, name = (_text(entry, k, where) for k in ("game", "wager", "name"))
    if pid != f"{game}.{wager}.{name}":
        raise PaytableFormatError(f"{where}: id must be '<game>.<wager>.<name>'")
    source = _text(entry, "source", where)
    if source not in SOURCES:
        raise PaytableFormatError(f"{where}: source must be one of {', '.join(SOURCES)}")
    if source == "secondary" and not entry.get("source_note"):
        raise PaytableFormatError(f"{where}: a secondary source needs a source_note to confirm")
    citation = _text(entry, "citation", where)
    if not citation.startswith("§"):
        raise PaytableFormatError(f"{where}: citation must be a section, like '§649a.12(d)'")
    default_basis = entry.get("basis", "to")
    raw_rows = entry.get("rows")
    if not isinstance(raw_rows, list) or not raw_rows:
        raise PaytableFormatError(f"{where}: rows must be a non-empty list")
    rows = tuple(_row(r, default_basis, f"{where} row {i + 1}") for i, r in enumerate(raw_rows))
    keys = [(r.hand, tuple(sorted(r.when.items()))) for r in rows]
    if len(set(keys)) != len(keys):
        raise PaytableFormatError(f"{where}: a hand appears twice under the same conditions")
    return Paytable(
        id=pid, game=game, wager=wager, name=name, title=entry.get("title", name),
        citation=citation, source=source, rows=rows, source_note=entry.get("source_note", ""),
    )


class Catalog:
    """Paytables by id, and by game and wager."""

    def __init__(self, paytables: Iterable[Paytable]):
        self._by_id: dict[str, Paytable] = {}
        for p in paytables:
            if p.id in self._by_id:
                raise PaytableFormatError(f"paytable {p.id!r} is defined twice")
            self._by_id[p.id] = p

    def __iter__(self):
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

    def __getitem__(self, index):
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and self._names() == tuple(other)
