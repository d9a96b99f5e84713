"""The Par sheet tab of a Rules Submission: start the computation, poll its progress (htmx),
show the results. Thin: the work is in ``rulesubmissions.par``."""

from decimal import Decimal

from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from casino.formats import money
from casino.permissions import ability_required
from games.names import hand_name, words
from rulesubmissions import par
from rulesubmissions.engine import game_spec
from rulesubmissions.selectors import display_catalog
from rulesubmissions.views import _submission


def _percent(value) -> str:
    return "" if value is None else f"{value * 100:.3f}%"


def _dollars(value) -> str:
    """A computed figure (the simulation's break-even meter may be a float) to the cent, in the
    one money format: "$12,345.68"."""
    return money(Decimal(str(value)).quantize(Decimal("0.01")))


def _wager_view(w: dict, catalog) -> dict:
    table = catalog.get(w["paytable"]) if w["paytable"] else None
    progressive = w.get("progressive")
    return {
        "name": w["name"], "paytable": table.title if table else "",
        "house_edge": _percent(w["house_edge"]), "assumes": w.get("house_edge_assumes"),
        "per_total": _percent(w.get("house_edge_per_total_wagered")),
        "std_dev": f"{w['std_dev']:.4f}", "method": w["method"],
        "method_label": "Exact" if w["method"] == "exact" else "Monte Carlo",
        "ci95": " to ".join(_percent(x) for x in w["ci95"]) if w["ci95"] else "",
        "hit_frequency": _percent(w["hit_frequency"]),
        "rows": [{"hand": hand_name(r["hand"]), "probability": f"{r['probability']:.8f}",
                  "return": f"{r['return']:+.6f}"} for r in w["rows"]],
        "progressive": progressive and {
            **progressive,
            "break_even": "" if progressive["break_even_meter"] is None
            else _dollars(progressive["break_even_meter"]),
            "top_award": hand_name(progressive["top_award"]),
            "one_in": f"1 in {progressive['top_award_one_in']:,}" if progressive[
                "top_award_one_in"] else "not seen in this simulation",
            "per_meter": _percent(1000 * progressive["return_per_meter_dollar"]),
            "meter": progressive["meter"] and _dollars(progressive["meter"]),
            "stake": money(progressive["stake"]),
            "fixed": _percent(progressive["fixed_return"]),
        },
        "notes": w["notes"],
    }


def _context(request, submission) -> dict:
    state = par.par_sheet_state(submission)
    catalog = display_catalog(submission.property)
    spec = game_spec(submission.game)
    lines = []
    for request_, sheet in state["lines"]:
        wager = spec.wager(request_.wager) if spec else None
        line = {"title": wager.name if wager else words(request_.wager), "sheet": sheet,
                "wagers": []}
        if sheet is not None and sheet.result:
            line["wagers"] = [_wager_view(w, catalog) for w in sheet.result["wagers"]]
        lines.append(line)
    uncovered = [spec.wager(k).name if spec and spec.wager(k) else words(k)
                 for k in state["uncovered"]]
    return {"submission": submission, "state": state, "lines": lines, "uncovered": uncovered}


@ability_required("rulesubmissions.read")
def par_tab(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/page.html", _context(request, submission))


@ability_required("rulesubmissions.read")
def par_progress(request, pk: int):
    submission = _submission(request, pk)
    return render(request, "rulesubmissions/par/_sheet.html", _context(request, submission))


@require_POST
@ability_required("rulesubmissions.read")
def par_run(request, pk: int):
    submission = _submission(request, pk)
    par.par_sheet_request(submission=submission, user=request.user)
    if request.htmx:
        return render(request, "rulesubmissions/par/_sheet.html", _context(request, submission))
    return redirect("rulesubmissions:par", pk=submission.pk)
