"""Forms: the editor's fields come from the game's SPEC; the rest are small Django forms."""

from dataclasses import dataclass

from django import forms
from django.utils import timezone

from games.paytables import Catalog, using
from games.spec import GameSpec
from rulesubmissions.engine import available_games
from rulesubmissions.models import Status
from rulesubmissions.validation import (
    METER_FIELDS,
    needed_meters,
    requirement,
    submission_options,
    wagers_requirement,
)


def game_choices() -> list[tuple[str, str]]:
    return [(s.key, s.name) for s in available_games()]


def terms_from_post(spec: GameSpec, data) -> dict:
    """The editor's POST (field names are term paths) as terms for ``check_terms``."""
    options = {}
    for o in submission_options(spec):
        name = f"options.{o.key}"
        if not o.choices and isinstance(o.default, bool):
            options[o.key] = name in data
        else:
            options[o.key] = data.get(name, "").strip() or o.default
    wagers = {w.key: data.get(f"wagers.{w.key}", "")
              for w in spec.wagers if w.base or f"wagers.{w.key}.offered" in data}
    # Only the needed meters: a withdrawn wager's leftover amounts are not terms.
    meters = {key: {f: data.get(f"meters.{key}.{f}", "").strip() for f in METER_FIELDS}
              for key in needed_meters(spec, wagers, options)}
    return {
        "game": spec.key, "options": options, "wagers": wagers,
        "meters": meters,
        **{k: data.get(k, "").strip() for k in ("table_minimum", "table_maximum",
                                                 "payout_limit")},
    }


@dataclass
class Field:
    """One input of the editor: its term path, label, kind, current value and errors."""

    path: str
    label: str
    kind: str  # "checkbox", "select", "text"
    value: object = ""
    choices: tuple = ()
    rule: str = ""
    errors: tuple[str, ...] = ()

    @property
    def dom_id(self) -> str:
        return dom_id(self.path)


def dom_id(path: str) -> str:
    """An element id for a term path (its error slot is ``err-<id>``)."""
    return path.replace(".", "-").replace("_", "-")


def _option_kind(o) -> str:
    if o.choices:
        return "select"
    return "checkbox" if isinstance(o.default, bool) else "text"


class Editor:
    """The editor's sections for ``spec``, filled from ``terms``, with ``errors`` placed on
    their fields; errors no field shows go to ``other_errors``."""

    LIMITS = (("table_minimum", "Table minimum wager ($)"),
              ("table_maximum", "Table maximum wager ($)"))

    def __init__(self, spec: GameSpec, cat: Catalog, terms: dict, errors: dict | None = None):
        self.spec, self.errors, self.shown = spec, errors or {}, set()
        with using(cat):  # paytable options offer the property's approved paytables
            self._build(spec, cat, terms)

    def _build(self, spec: GameSpec, cat: Catalog, terms: dict) -> None:
        options, wagers, meters = (terms.get(k) or {} for k in ("options", "wagers", "meters"))
        self.options = [
            self._field(f"options.{o.key}", o.name, _option_kind(o),
                        options.get(o.key, o.default), tuple((c, c) for c in o.choices), o.rule)
            for o in submission_options(spec)
        ]
        self.limits = [self._field(k, label, "text", terms.get(k) or "") for k, label in self.LIMITS]
        if spec.payout_limit_rule:  # only a game whose rules have a payout-limitation clause
            self.limits.append(self._field("payout_limit", "Payout limit per hand ($, optional)",
                                           "text", terms.get("payout_limit") or "",
                                           rule=spec.payout_limit_rule))
        self.placed: set[str] = set()  # a meter two wagers share is shown once
        self.wagers = [self._wager(w, cat, wagers, meters) for w in spec.wagers]
        # Meters an option brings (the Must-Hit-By Mystery Bonus meter, §631b.6(c)(4)).
        self.option_meters = [self._meter(m, meters) for m in spec.meters
                              if m.key not in self.placed and spec.option(m.key)]
        self.game_errors = self._errors("game")
        self.other_errors = [f"{p}: {m}" for p, msgs in self.errors.items() if p not in self.shown
                             for m in msgs]

    def _errors(self, path: str) -> tuple[str, ...]:
        self.shown.add(path)
        return tuple(self.errors.get(path, ()))

    def _field(self, path, label, kind, value="", choices=(), rule="") -> Field:
        return Field(path, label, kind, value, choices, rule, self._errors(path))

    def _wager(self, w, cat: Catalog, wagers: dict, meters: dict) -> dict:
        tables = tuple((p.id, p.title) for p in cat.for_wager(self.spec.key, w.key))
        return {
            "wager": w, "offered": w.key in wagers or w.base,
            "requires": [requirement(self.spec, k, v) for k, v in w.requires.items()]
                        + [f"the {wagers_requirement(self.spec, n)} is offered"
                           for n, _ in w.needed_wagers()],
            "field": self._field(f"wagers.{w.key}", f"{w.name} paytable", "select",
                                 wagers.get(w.key, ""), tables, w.rule),
            "meters": [self._meter(m, meters) for m in self._meters_of(w.key)],
        }

    def _meter(self, m, meters: dict) -> dict:
        return {"meter": m, "errors": self._errors(f"meters.{m.key}"),
                "dom_id": dom_id(f"meters.{m.key}"),
                "fields": [self._field(f"meters.{m.key}.{f}", label, "text",
                                       (meters.get(m.key) or {}).get(f, ""), rule=m.rule)
                           for f, label in METER_FIELDS.items()]}

    def _meters_of(self, wager_key: str) -> list:
        own = [m for m in self.spec.meters_for(wager_key) if m.key not in self.placed]
        self.placed |= {m.key for m in own}
        return own

    def fields(self) -> list[Field]:
        """Every field, for the error slots the live validation refreshes."""
        fields = [*self.options, *self.limits]
        fields += [w["field"] for w in self.wagers]
        return fields + [f for m in self.meter_blocks() for f in m["fields"]]

    def meter_blocks(self) -> list[dict]:
        return [*(m for w in self.wagers for m in w["meters"]), *self.option_meters]

    def slots(self) -> list[tuple[str, tuple[str, ...]]]:
        """(dom id, errors) of every error slot on the page."""
        slots = [(f.dom_id, f.errors) for f in self.fields()]
        slots += [(m["dom_id"], m["errors"]) for m in self.meter_blocks()]
        return slots + [("game", self.game_errors), ("other", tuple(self.other_errors))]


class SubmissionFilterForm(forms.Form):
    game = forms.ChoiceField(required=False)
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), *Status.choices])

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "Any game"), *game_choices()]


class ApproveForm(forms.Form):
    effective_date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                                     help_text="In force from this date (today or later).")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["effective_date"].initial = timezone.localdate()


class ReturnForm(forms.Form):
    comment = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                              help_text="What must change before it can be approved.")


class PaytableForm(forms.Form):
    """A paytable from a newer regulation; rows one per line: ``hand: 40`` (to 1),
    ``hand: 500 for``, ``hand: 100%`` (of the meter) or ``hand: $1000``."""

    game = forms.ChoiceField()
    wager = forms.CharField(help_text="The wager key, e.g. pair_plus")
    name = forms.CharField(help_text="The regulation's name for it, e.g. F")
    title = forms.CharField(required=False)
    citation = forms.CharField(help_text="The section, e.g. §649a.12(d)")
    source = forms.ChoiceField(choices=[("primary", "Primary: Pa. Code / Pa. Bulletin"),
                                        ("secondary", "Secondary")])
    source_note = forms.CharField(required=False, help_text="Required for a secondary source")
    rows = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}),
                           help_text="One per line: straight_flush: 40  ·  royal_flush: 500 for"
                                     "  ·  seven_card_straight_flush: 100%  ·  envy: $1000")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

    def clean_rows(self) -> list[dict]:
        rows = []
        for n, line in enumerate(self.cleaned_data["rows"].splitlines(), 1):
            if line.strip():
                rows.append(parse_row(line, n))
        return rows

    def entry(self) -> dict:
        """The catalog entry, as ``games.paytables.parse_paytable`` reads it."""
        d = self.cleaned_data
        entry = {"id": f"{d['game']}.{d['wager']}.{d['name']}", "rows": d["rows"],
                 **{k: d[k] for k in ("game", "wager", "name", "citation", "source")}}
        return entry | {k: d[k] for k in ("title", "source_note") if d[k]}


def parse_row(line: str, n: int) -> dict:
    hand, sep, value = (part.strip() for part in line.partition(":"))
    if not (sep and hand and value):
        raise forms.ValidationError(f"line {n}: write it as 'hand: value'")
    if value.endswith("%"):
        return {"hand": hand, "meter_percent": value[:-1].strip()}
    if value.startswith("$"):
        return {"hand": hand, "amount": value[1:].replace(",", "").strip()}
    odds, _, basis = value.partition(" ")
    row = {"hand": hand, "odds": odds}
    basis = basis.replace("1", "").strip()  # "40 to 1" and "40 to" both read as 40 to 1
    if basis:
        row["basis"] = basis
    return row
