"""A par sheet's figures in the words and formats staff read, shared by the Par sheet tab, the
compliance review and the filing packet: percentages, dollars, row names, the method (exact, or
simulated with its interval) and, where the player decides, the strategy the figures assume."""

from __future__ import annotations

from decimal import Decimal

from casino.formats import money
from games.names import hand_name, words
from rulesubmissions import par
from rulesubmissions.engine import game_spec
from rulesubmissions.selectors import display_catalog


def percent(value) -> str:
    return "" if value is None else f"{value * 100:.3f}%"


def dollars(value) -> str:
    """A computed figure (a break-even meter may be a float) to the cent, in the one money
    format: "$12,345.68"."""
    return money(Decimal(str(value)).quantize(Decimal("0.01")))


def method_label(w: dict) -> str:
    """"Exact", or "Simulated" with the deals or rounds behind it."""
    if w["method"] == "exact":
        return "Exact"
    count = w.get("deals") or w.get("rounds")
    unit = "deals" if w.get("deals") else "rounds"
    return f"Simulated ({count:,} {unit})" if count else "Simulated"


def wager_view(w: dict, catalog) -> dict:
    table = catalog.get(w["paytable"]) if w["paytable"] else None
    progressive = w.get("progressive")
    return {
        "name": w["name"], "paytable": table.title if table else "",
        "house_edge": percent(w["house_edge"]), "assumes": w.get("house_edge_assumes"),
        "per_total": percent(w.get("house_edge_per_total_wagered")),
        "std_dev": f"{w['std_dev']:.4f}", "method": w["method"],
        "method_label": method_label(w),
        "ci95": " to ".join(percent(x) for x in w["ci95"]) if w["ci95"] else "",
        "hit_frequency": percent(w["hit_frequency"]),
        "rows": [{"hand": hand_name(r["hand"]), "probability": f"{r['probability']:.8f}",
                  "return": f"{r['return']:+.6f}"} for r in w["rows"]],
        "progressive": progressive and {
            **progressive,
            "break_even": "" if progressive["break_even_meter"] is None
            else dollars(progressive["break_even_meter"]),
            "top_award": hand_name(progressive["top_award"]),
            "one_in": f"1 in {progressive['top_award_one_in']:,}" if progressive[
                "top_award_one_in"] else "not seen in this simulation",
            "per_meter": percent(1000 * progressive["return_per_meter_dollar"]),
            "meter": progressive["meter"] and dollars(progressive["meter"]),
            "stake": money(progressive["stake"]),
            "fixed": percent(progressive["fixed_return"]),
        },
        "strategy": strategy_view(w.get("strategy")),
        "envy": percent(w.get("envy_return_per_other_player")),
        "notes": w["notes"],
    }


def strategy_view(strategy: dict | None) -> dict | None:
    """The decisions a player's figures assume: the hands folded, how often each later wager
    is made, and each two-card hand's value played (per Ante)."""
    if not strategy:
        return None
    return {
        "name": strategy["name"], "folds": ", ".join(strategy["folds"]) or "none",
        "turn": percent(strategy["turn_bet_frequency"]),
        "river": percent(strategy["river_bet_frequency"]),
        "hands": [{"hand": h["hand"], "decision": "play" if h["played"] else "fold",
                   "value": f"{h['value_played']:+.4f}"} for h in strategy["preflop"]],
    }


def line_title(game: str, wager: str) -> str:
    spec = game_spec(game)
    found = spec.wager(wager) if spec else None
    return found.name if found else words(wager)


def par_sheet_context(submission) -> dict:
    """What ``par/_sheet.html`` shows of a submission, on its Par sheet tab and on its review:
    each line's state and wagers in words, and the offered wagers no sheet covers."""
    state = par.par_sheet_state(submission)
    catalog = display_catalog(submission.property)
    lines = []
    for request, sheet in state["lines"]:
        lines.append({"title": line_title(submission.game, request.wager), "sheet": sheet,
                      "wagers": [wager_view(w, catalog) for w in sheet.result["wagers"]]
                      if sheet is not None and sheet.result else []})
    uncovered = [line_title(submission.game, k) for k in state["uncovered"]]
    return {"submission": submission, "state": state, "lines": lines, "uncovered": uncovered}
