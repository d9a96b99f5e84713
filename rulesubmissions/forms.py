"""Forms: the editor's fields come from the game's SPEC; the rest are small Django forms."""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django import forms
from django.urls import reverse
from django.utils import timezone

from games.names import choice_name, hand_name, words
from games.paytables import Catalog, PaytableNames, known_hands, using
from games.spec import GameSpec
from rulesubmissions.engine import available_games
from rulesubmissions.models import Status
from rulesubmissions.services import plain_money
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
        elif o.shape:  # the engine's shape, typed as the editor shows it (``shaped_text``)
            options[o.key] = shaped_value(data.get(name, "")) or o.default
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

    @property
    def amount(self) -> str:
        """A dollar or percent term as read: "$10,000.00", "5%", or "not set"."""
        if self.value in (None, ""):
            return "not set"
        try:
            number = Decimal(str(self.value))
        except InvalidOperation:
            return str(self.value)
        if self.path.endswith(("rate", "reserve_rate")):
            return f"{number.normalize():f}%"
        return f"${number:,.2f}"

    @property
    def shown(self) -> str:
        """The value in words: a choice's name, "Yes"/"No", or "not set"."""
        if self.kind == "checkbox":
            return "Yes" if self.value else "No"
        named = dict(self.choices).get(str(self.value)) if self.value not in (None, "") else None
        return named or choice_name(self.path.rpartition(".")[2], self.value)


def dom_id(path: str) -> str:
    """An element id for a term path (its error slot is ``err-<id>``)."""
    return path.replace(".", "-").replace("_", "-")


def _choices(spec: GameSpec, o, cat: Catalog) -> tuple[tuple[str, str], ...]:
    """(value, words) of an option's choices: a paytable by its title, others by name."""
    if isinstance(o.choices, PaytableNames):
        tables = cat.for_wager(spec.key, o.choices.wager)
        return tuple((p.name, p.title) for p in tables)
    return tuple((c, choice_name(o.key, c)) for c in o.choices)


def shaped_text(o, value: object) -> object:
    """An option of a shape the engine defines (Royal 9's combination of each position) as
    the editor's text writes it: "1: Ks 9s; 2: Kh 9h" (``choice_name``)."""
    return choice_name(o.key, value) if o.shape and isinstance(value, dict | list) else value


def shaped_value(text: str) -> dict | list | None:
    """The editor's text read back: "1: Ks 9s; 2: Kh 9h" a mapping, "Ks 9s; Kh 9h" a list by
    position; the engine then checks it as the API's (``OptionSpec.check``)."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    if parts and all(":" in p for p in parts):
        return {k.strip(): v.strip() for k, v in (p.split(":", 1) for p in parts)}
    return parts or None


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
                        shaped_text(o, options.get(o.key, o.default)), _choices(spec, o, cat),
                        o.rule)
            for o in submission_options(spec)
        ]
        # Paytables an option selects (Three Card Poker's Ante Bonus, §649a.12(b)).
        self.option_paytables = [
            {"label": o.name, "paytable": cat.resolve(spec.key, o.choices.wager,
                                                      str(options[o.key]))}
            for o in submission_options(spec)
            if isinstance(o.choices, PaytableNames) and options.get(o.key)
        ]
        self.limits = [self._field(k, label, "text", terms.get(k) or "") for k, label in self.LIMITS]
        if spec.payout_limit_rule:  # only a game whose rules have a payout-limitation clause
            self.limits.append(self._field("payout_limit", "Payout limit per hand ($, optional)",
                                           "text", terms.get("payout_limit") or "",
                                           rule=spec.payout_limit_rule))
        self.placed: set[str] = set()  # a meter two wagers share is shown once
        # The meters these terms need, the only ones shown (``needed_meters``, as checked).
        self.needed = needed_meters(
            spec, [w.key for w in spec.wagers if w.base or w.key in wagers],
            {o.key: options.get(o.key, o.default) for o in spec.options})
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
        chosen = wagers.get(w.key) or ""
        return {
            "wager": w, "offered": w.key in wagers or w.base,
            "paytable": cat.resolve(self.spec.key, w.key, chosen) if chosen else None,
            "requires": [requirement(self.spec, k, v) for k, v in w.requires.items()]
                        + [f"the {wagers_requirement(self.spec, n)} is offered"
                           for n, _ in w.needed_wagers()],
            "field": self._field(f"wagers.{w.key}", f"{w.name} paytable", "select",
                                 wagers.get(w.key, ""), tables, w.rule),
            "meters": [self._meter(m, meters) for m in self._meters_of(w.key)],
        }

    def _meter(self, m, meters: dict) -> dict:
        return {"meter": m, "errors": self._errors(f"meters.{m.key}"),
                "dom_id": dom_id(f"meters.{m.key}"), "shown": m.key in self.needed,
                "needed_by": self._needed_by(m),
                "fields": [self._field(f"meters.{m.key}.{f}", label, "text",
                                       (meters.get(m.key) or {}).get(f, ""), rule=m.rule)
                           for f, label in METER_FIELDS.items()]}

    def _needed_by(self, m) -> str:
        """The ids of the inputs whose choice brings meter ``m`` (a wager's "offered" box, an
        option), for static/rulesubmissions/editor.js; "" if a wager always offered needs it."""
        wagers = [w for w in self.spec.wagers if m in self.spec.meters_for(w.key)]
        if any(w.base for w in wagers):
            return ""
        ids = [f"offer-{w.key}" for w in wagers]
        return " ".join(ids + ([dom_id(f"options.{m.key}")] if self.spec.option(m.key) else []))

    def _meters_of(self, wager_key: str) -> list:
        own = [m for m in self.spec.meters_for(wager_key) if m.key not in self.placed]
        self.placed |= {m.key for m in own}
        return own

    def paytables(self) -> list[dict]:
        """Every paytable the terms select, with its label: the document the Board reads."""
        chosen = [{"label": w["wager"].name, "paytable": w["paytable"]}
                  for w in self.wagers if w["offered"] and w["paytable"]]
        return chosen + [p for p in self.option_paytables if p["paytable"]]

    def fields(self) -> list[Field]:
        """Every field, for the error slots the live validation refreshes."""
        fields = [*self.options, *self.limits]
        fields += [w["field"] for w in self.wagers]
        return fields + [f for m in self.meter_blocks() for f in m["fields"]]

    @property
    def option_meters_shown(self) -> bool:
        return any(m["shown"] for m in self.option_meters)

    def meter_blocks(self) -> list[dict]:
        return [*(m for w in self.wagers for m in w["meters"]), *self.option_meters]

    def meters_kept(self) -> list[dict]:
        """The meters these terms keep (an initial amount is set): the read-only terms' rows."""
        return [m for m in self.meter_blocks() if m["fields"][0].value]

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


class CatalogFilterForm(forms.Form):
    """The catalog page's filter: a game, and words found in a paytable's title, name,
    citation, wager or hands."""

    game = forms.ChoiceField(required=False)
    q = forms.CharField(required=False, max_length=100, label="Find",
                        widget=forms.TextInput(attrs={"type": "search",
                                                      "placeholder": "Pair Plus, §649a.12(d), "
                                                                     "royal flush…"}))

    def __init__(self, *args, **kwargs):
        # Its own ids: the proposal form on the same page has a "game" too.
        super().__init__(*args, auto_id="filter-%s", **kwargs)
        self.fields["game"].choices = [("", "Every game"), *game_choices()]


def _wager_label(spec: GameSpec | None, key: str) -> str:
    chooser = spec.paytable_chooser(key) if spec else None
    return chooser.name if chooser else words(key)


def _matches(p, text: str, wager_label: str) -> bool:
    words = " ".join([p.id, p.title, p.citation, wager_label, p.source_note,
                      *(hand_name(h) for h in p.hands)]).lower()
    return all(w in words for w in text.lower().split())


def catalog_groups(cat: Catalog, *, game: str = "", text: str = "") -> list[dict]:
    """The catalog by game, then by wager, each wager with its paytables (filtered)."""
    groups = []
    for spec in available_games():
        if game and spec.key != game:
            continue
        wagers: dict[str, list] = {}
        for p in cat:
            if p.game == spec.key and (not text or _matches(p, text,
                                                            _wager_label(spec, p.wager))):
                wagers.setdefault(p.wager, []).append(p)
        if wagers:
            groups.append({"spec": spec, "count": sum(map(len, wagers.values())),
                           "wagers": [{"key": k, "name": _wager_label(spec, k), "paytables": v}
                                      for k, v in wagers.items()]})
    return groups


class ApproveForm(forms.Form):
    effective_date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}),
                                     help_text="In force from this date (today or later).")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["effective_date"].initial = timezone.localdate()

    def clean_effective_date(self):
        """Checked before the confirmation too (the service checks it again)."""
        day = self.cleaned_data["effective_date"]
        if day < timezone.localdate():
            raise forms.ValidationError("an effective date, today or later")
        return day


class ReturnForm(forms.Form):
    comment = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                              help_text="What must change before it can be approved.")


def game_wagers(spec: GameSpec) -> list[tuple[str, str]]:
    """The wagers and paytable options the catalog files a game's paytables under."""
    keys = [(w.key, w.name) for w in spec.wagers]
    return keys + [(o.choices.wager, o.name) for o in spec.options
                   if isinstance(o.choices, PaytableNames)]


def wager_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """Per game, its wagers and paytable options (the proposal form's grouped list)."""
    return [(spec.name, game_wagers(spec)) for spec in available_games()]


ENTRY_FIELDS = {"game", "wager", "name", "title", "citation", "source", "source_note", "rows"}


class PaytableForm(forms.Form):
    """A paytable from a newer regulation; rows one per line: ``Straight flush: 40 to 1``,
    ``Royal flush: 500 for 1``, ``Seven card straight flush: 100%`` (of the meter) or
    ``Envy Bonus: Royal flush: $1,000``."""

    game = forms.ChoiceField()
    wager = forms.ChoiceField(label="Wager or paytable option")
    name = forms.CharField(max_length=40, help_text="The regulation's letter or number for it, "
                                                    "e.g. F")
    title = forms.CharField(required=False, max_length=120,
                            help_text="As posted, e.g. Pair Plus paytable F (optional)")
    citation = forms.CharField(max_length=40, help_text="The section, e.g. §649a.12(d)")
    source = forms.ChoiceField(choices=[
        ("primary", "Primary: Pennsylvania Code or Pennsylvania Bulletin"),
        ("secondary", "Secondary: posted elsewhere; to confirm before approval")])
    source_note = forms.CharField(required=False, max_length=1000,
                                  label="Where it is from",
                                  help_text="Required for a secondary source")
    rows = forms.CharField(widget=forms.Textarea(attrs={"rows": 8}),
                           help_text="One per line, highest hand first: Straight flush: 40 to 1 "
                                     "· Royal flush: 500 for 1 · Seven card straight flush: 100%"
                                     " · Envy Bonus: Royal flush: $1,000")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [("", "— choose a game —"), *game_choices()]
        self.fields["wager"].choices = [("", "— choose a wager —"), *wager_choices()]
        # Choosing the game narrows the wager list to its wagers (htmx; without it, the list
        # is grouped by game).
        self.fields["game"].widget.attrs.update({
            "hx-get": f"{reverse('rulesubmissions:paytables')}?wagers=1",
            "hx-target": "#id_wager", "hx-swap": "innerHTML"})

    def clean(self):
        data = super().clean()
        game, wager = data.get("game"), data.get("wager")
        if game and wager:
            spec = next(s for s in available_games() if s.key == game)
            if spec.paytable_chooser(wager) is None:
                self.add_error("wager", f"{spec.name} has no wager or paytable option like "
                                        "this: choose one listed under it")
            elif "rows" in data:
                data["rows"] = [_hand_key(r, game, wager) for r in data["rows"]]
        return data

    def clean_rows(self) -> list[dict]:
        rows, errors = [], []
        for line in self.cleaned_data["rows"].splitlines():
            if not line.strip():
                continue
            try:
                rows.append(parse_row(line, len(rows) + 1))
            except forms.ValidationError as e:
                errors.extend(e.messages)
        if errors:
            raise forms.ValidationError(errors)
        return rows

    def entry(self) -> dict:
        """The catalog entry, as ``games.paytables.parse_paytable`` reads it."""
        d = self.cleaned_data
        entry = {"id": f"{d['game']}.{d['wager']}.{d['name']}", "rows": d["rows"],
                 **{k: d[k] for k in ("game", "wager", "name", "citation", "source")}}
        return entry | {k: d[k] for k in ("title", "source_note") if d[k]}

    def add_entry_errors(self, errors: dict[str, list[str]]) -> None:
        """The services' errors (``entry.rows[2].odds``) beside the field they are about."""
        for path, messages in errors.items():
            key = path.removeprefix("entry.")
            field, _, rest = key.partition("[")
            if field == "rows" and rest:
                n = int(rest.partition("]")[0]) + 1
                messages = [f"row {n}: {m}" for m in messages]
            if field == "id":
                field = "name"
            for m in messages:
                self.add_error(field if field in ENTRY_FIELDS else None, m)


def _hand_key(row: dict, game: str, wager: str) -> dict:
    """A row's hand as typed ("Straight flush", "Envy Bonus: Royal flush") as the engine's key,
    when one of the wager's hands has that name; otherwise left for the check to name."""
    hands = {hand_name(h).lower(): h for h in known_hands(game, wager)}
    typed = row["hand"].strip()
    return {**row, "hand": hands.get(typed.lower(), typed)}


def parse_row(line: str, n: int) -> dict:
    """``hand: value``; the value is the last part, so a hand may hold a colon itself
    ("Envy Bonus: Royal flush: $1,000")."""
    hand, sep, value = (part.strip() for part in line.rpartition(":"))
    if not (sep and hand and value):
        raise forms.ValidationError(f"row {n}: write it as 'hand: value', e.g. "
                                    "'Straight flush: 40 to 1'")
    if value.endswith("%"):
        return {"hand": hand, "meter_percent": value[:-1].strip()}
    if value.startswith("$"):
        return {"hand": hand, "amount": plain_money(value)}
    odds, _, basis = value.partition(" ")
    row = {"hand": hand, "odds": odds.replace(",", "")}
    basis = basis.replace("1", "").strip()  # "40 to 1" and "40 to" both read as 40 to 1
    if basis:
        row["basis"] = basis
    return row
