"""Forms of the jackpot slip pages: the record form (cards typed or picked, one amount per
wager the table's terms offer, for the winning seat and the other seats that had the wager) and
the list filters. Reading the form only shapes the engine's round; the engine judges it."""

from __future__ import annotations

import re
from dataclasses import dataclass

from django import forms

import games
from casino.api_filters import MoneyFormField
from casino.forms import DayField
from casino.limits import whole_id
from tables.slips.awards import PAID_FROM_WORDS, PAY_REFUSED
from tables.slips.models import SlipStatus

# The cards each game's round needs are the game's own (``SPEC.slip_cards``, a
# games.spec.SlipCards; docs/integrator.md, "The game engine": round fields by game).
OTHER_ROWS = 3  # rows for the other seats that had the wager (Envy Bonus, shared awards)
SUITS = (("s", "♠"), ("h", "♥"), ("d", "♦"), ("c", "♣"))
RANKS = "AKQJT98765432"


def card_grid(game: str) -> list[list[tuple[str, str]]]:
    """Rows of (notation, label) for the card picker, and a row of the game's cards beyond
    the 52 (``SlipCards.extra``: Pai Gow's joker)."""
    rows = [[(f"{r}{s}", f"{'10' if r == 'T' else r}{sym}") for r in RANKS] for s, sym in SUITS]
    extra = games.spec(game).slip_cards.extra
    if extra:
        rows.append(list(extra))
    return rows


def split_cards(text: str) -> list[str]:
    return [c for c in re.split(r"[\s,]+", text.strip()) if c]


@dataclass
class Row:
    """One seat's line of the form, as typed (echoed back on errors)."""

    index: int
    seat: str
    cards: str
    amounts: dict[str, str]
    names: dict[str, str]

    @property
    def who(self) -> str:
        """The row as a screen reader names it: "winning seat", "other seat 1"."""
        return "winning seat" if self.index == 0 else f"other seat {self.index}"

    @property
    def fields(self) -> list[tuple[str, str, str]]:
        """(key, "Pair Plus Wager amount, winning seat", value) for each wager's box."""
        return [(k, f"{self.names[k]} amount, {self.who}", v) for k, v in self.amounts.items()]

    @property
    def boxes(self) -> list[tuple[str, str, str, str]]:
        """(key, "Pair Plus", "Pair Plus Wager amount, winning seat", value): the short name
        is the box's visible label inside its seat's box."""
        return [(k, self.names[k].replace(" Wager", "").replace(" Payout", ""), label, v)
                for k, label, v in self.fields]


@dataclass
class RecordForm:
    """The record form of one table: its wagers by display name and the typed values."""

    game: str
    positions: int
    wagers: list[tuple[str, str]]  # (key, name) offered by the terms
    values: dict

    @classmethod
    def for_table(cls, table, terms, data=None) -> RecordForm:
        spec = games.spec(table.game)
        offered = set((terms.wagers if terms else {}) or {})
        wagers = [(w.key, w.name) for w in spec.wagers if w.base or w.key in offered]
        return cls(table.game, table.positions, wagers, dict(data.items()) if data else {})

    @property
    def jackpot_wagers(self) -> list[tuple[str, str]]:
        spec = games.spec(self.game)
        return [(k, n) for k, n in self.wagers if not spec.wager(k).base]

    @property
    def round_cards(self) -> list[tuple[str, str, str]]:
        return [(k, label, self.values.get(k, ""))
                for k, label in games.spec(self.game).slip_cards.round]

    @property
    def seat_cards(self) -> bool:
        return games.spec(self.game).slip_cards.seats

    @property
    def seats(self) -> list[int]:
        return list(range(1, self.positions + 1))

    @property
    def rows(self) -> list[Row]:
        return [Row(i, self.values.get(f"seat_{i}", ""), self.values.get(f"cards_{i}", ""),
                    {k: self.values.get(f"amount_{i}_{k}", "") for k, _ in self.wagers},
                    dict(self.wagers))
                for i in range(OTHER_ROWS + 1)]

    def data(self) -> dict:
        """The service's input: seat, wager, and the round as the engine reads it."""
        body: dict = {}
        for key, _label, text in self.round_cards:
            if text.strip():
                body[key] = split_cards(text)
        positions = []
        for row in self.rows:
            amounts = {k: v.strip() for k, v in row.amounts.items() if v.strip()}
            if not row.seat or not (amounts or row.cards.strip()):
                continue
            position = {"seat": whole_id(row.seat) or row.seat,
                        "wagers": amounts}
            if self.seat_cards:
                position["cards"] = split_cards(row.cards)
            positions.append(position)
        body["positions"] = positions
        seat = self.values.get("seat_0", "")
        return {"seat": whole_id(seat) or seat,
                "wager": self.values.get("wager", ""), "round": body,
                "idempotency_key": self.values.get("idempotency_key", "")}


def plain_errors(errors: dict, form: RecordForm) -> list[str]:
    """The engine's field paths in the floor's words ("Seat 3's cards: ...")."""
    positions = form.data()["round"]["positions"]
    labels = {f"round.{k}": label for k, label, _ in form.round_cards}
    out = []
    for path, messages in errors.items():
        match = re.match(r"round\.positions\[(\d+)\]\.?(.*)", path)
        if match and int(match.group(1)) < len(positions):
            seat = positions[int(match.group(1))]["seat"]
            label = f"Seat {seat}" + (f", {match.group(2).replace('_', ' ')}"
                                      if match.group(2) else "")
        else:
            label = labels.get(path, path.replace("round.", "").replace("_", " ").capitalize())
        for message in messages if isinstance(messages, list) else [messages]:
            out.append(f"{label}: {message}")
    return out


class SlipFilterForm(forms.Form):
    date_from = DayField(required=False, label="From (gaming day)",
                                widget=forms.DateInput(attrs={"type": "date"}))
    date_to = DayField(required=False, label="To",
                              widget=forms.DateInput(attrs={"type": "date"}))
    table = forms.CharField(required=False, label="Table")
    status = forms.ChoiceField(required=False, label="Status",
                               choices=[("", "Any status"), *SlipStatus.choices])
    # plain dollars within the calendar's bounds: never NaN, Infinity or 1e999999999 (a 500)
    amount_min = MoneyFormField(required=False, label="Amount from")
    amount_max = MoneyFormField(required=False, label="Amount to")

    def filters(self) -> dict:
        if not self.is_valid():
            return {}
        return {k: str(v) for k, v in self.cleaned_data.items() if v not in (None, "")}


class VoidForm(forms.Form):
    reason = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}),
                             label="Reason (required to ask for a void)")


class PayForm(forms.Form):
    paid_from = forms.ChoiceField(label="Paid from", choices=())

    def __init__(self, *args, slip=None, **kwargs):
        super().__init__(*args, **kwargs)
        refused = PAY_REFUSED.get(slip.paid_from, set()) if slip else set()
        self.fields["paid_from"].choices = [
            (k, v) for k, v in PAID_FROM_WORDS.items() if k not in refused
            # a Must-Hit-By payout only as the Rules Submission names (§631b.6(c)(6))
            and (slip is None or slip.kind != "mystery" or k == slip.paid_from)]
        if slip:
            self.fields["paid_from"].initial = slip.paid_from
