"""What a version changes against the version in force, for the compliance review."""

from __future__ import annotations

from dataclasses import dataclass

from rulesubmissions.engine import game_spec
from rulesubmissions.validation import METER_FIELDS

LIMITS = {"table_minimum": "Table minimum wager", "table_maximum": "Table maximum wager",
          "payout_limit": "Payout limit"}


@dataclass(frozen=True)
class Change:
    path: str
    label: str
    kind: str  # "added", "removed" or "changed"
    before: str
    after: str


def _labels(game: str) -> dict[str, str]:
    spec = game_spec(game)
    if spec is None:
        return {}
    labels = {f"options.{o.key}": o.name for o in spec.options}
    labels |= {f"wagers.{w.key}": w.name for w in spec.wagers}
    for m in spec.meters:
        labels |= {f"meters.{m.key}.{f}": f"{m.name}: {text}" for f, text in METER_FIELDS.items()}
    return labels | LIMITS


def flatten(terms: dict) -> dict[str, str]:
    """Each term as ``path -> shown value``; a wager without a paytable shows "offered"."""
    flat = {f"options.{k}": str(v) for k, v in terms.get("options", {}).items()}
    flat |= {f"wagers.{k}": v or "offered" for k, v in terms.get("wagers", {}).items()}
    for key, amounts in terms.get("meters", {}).items():
        flat |= {f"meters.{key}.{f}": v for f, v in amounts.items() if v}
    flat |= {k: terms[k] for k in LIMITS if terms.get(k)}
    return flat


def diff_terms(before: dict | None, after: dict) -> list[Change]:
    """Every term added, removed or changed from ``before`` (None: all added)."""
    old, new = flatten(before or {}), flatten(after)
    labels = _labels(after.get("game", ""))
    changes = []
    for path in [*new, *(p for p in old if p not in new)]:
        a, b = old.get(path), new.get(path)
        if a == b:
            continue
        kind = "added" if a is None else "removed" if b is None else "changed"
        changes.append(Change(path, labels.get(path, path), kind, a or "", b or ""))
    return changes
