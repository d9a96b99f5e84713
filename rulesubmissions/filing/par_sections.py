"""The filing packet's paytables and par sheets: each paytable the terms select, posted row by
row with its citation, beside its par sheet (house edge, method, hit frequency, standard
deviation, each row's probability and return), and the strategy a player's figures assume."""

from __future__ import annotations

from casino.formats import odds
from games.names import hand_name
from rulesubmissions import par
from rulesubmissions.filing import heading, section, table, text
from rulesubmissions.models import ParSheetStatus, RulesSubmission
from rulesubmissions.par_display import dollars, line_title, wager_view


def _computed(submission: RulesSubmission) -> list[tuple[par.ParRequest, object]]:
    return par.par_sheet_state(submission)["lines"]


def par_sections(submission: RulesSubmission, editor, catalog) -> list[dict]:
    lines = _computed(submission)
    blocks, strategies, covered = [], [], set()
    for request, sheet in lines:
        blocks.append(heading(line_title(submission.game, request.wager)))
        if sheet is None or sheet.status != ParSheetStatus.DONE or not sheet.result:
            chosen = _paytable(catalog, submission.game, request.wager, request.paytable)
            if chosen is not None:
                covered.add(chosen.id)
                blocks += _posted(chosen)
            blocks.append(text(
                f"The par sheet could not be computed: {sheet.error}"
                if sheet is not None and sheet.status == ParSheetStatus.FAILED else
                "Par sheet not computed yet: compute it on the Par sheet tab before filing."))
            continue
        for w in sheet.result["wagers"]:
            chosen = catalog.get(w["paytable"]) if w["paytable"] else None
            if chosen is not None and chosen.id not in covered:
                covered.add(chosen.id)
                blocks += _posted(chosen)
            blocks += _wager_blocks(w, catalog)
            if w.get("strategy"):
                strategies.append((w["name"], w["strategy"]))
    if editor is not None:
        for p in editor.paytables():
            if p["paytable"].id not in covered:
                blocks += [heading(p["label"]), *_posted(p["paytable"]),
                           text("No par sheet covers this wager yet.")]
    out = [section("Paytables and par sheets", *(blocks or [text(
        "The terms select no paytable and no par sheet covers their wagers.")]))]
    out += [_strategy(name, s) for name, s in strategies]
    return out


def _paytable(catalog, game: str, wager: str, chosen: str | None):
    if not chosen:
        return None
    return catalog.get(chosen) or catalog.resolve(game, wager, chosen)


def _posted(t) -> list[dict]:
    """A paytable as posted, with its citation."""
    return [text(f"Paytable: {t.title} ({t.citation})"),
            table(["Hand", "Pays"], [[hand_name(r.hand), odds(r.value, r.basis)]
                                     for r in t.rows])]


def _wager_blocks(w: dict, catalog) -> list[dict]:
    v = wager_view(w, catalog)
    facts = [["House edge", v["house_edge"] + (f" ({v['per_total']} per total amount wagered)"
                                               if v["per_total"] else "")],
             ["Method", v["method_label"] + (f"; 95% confidence interval {v['ci95']}"
                                             if v["ci95"] else "")],
             ["Hit frequency", v["hit_frequency"]],
             ["Standard deviation", v["std_dev"]]]
    if v["envy"]:
        facts.append(["Envy Bonus", f"each other player adds {v['envy']} to the return of a "
                                    "$5.00 wager (not in the house edge)"])
    p = v["progressive"]
    if p:
        facts.append(["Progressive", f"return per unit wagered {p['fixed']} + {p['per_meter']} "
                                     f"for each $1,000 on the meter, on a {p['stake']} wager; "
                                     f"break-even meter {p['break_even'] or 'none'}; top award "
                                     f"({p['top_award']}) {p['one_in']}"])
    if v["strategy"]:
        facts.append(["Strategy", f"{v['strategy']['name']}: fold {v['strategy']['folds']}; "
                                  f"Turn Wager on {v['strategy']['turn']}, River Wager on "
                                  f"{v['strategy']['river']} of hands played"])
    name = v["name"] + (f" · {v['paytable']}" if v["paytable"] else "")
    return [text(f"Par sheet: {name}"), table(["Figure", "Value"], facts),
            table(["Hand or outcome", "Probability", "Return"],
                  [[r["hand"], r["probability"], r["return"]] for r in v["rows"]]),
            *(text(n) for n in v["notes"])]


def _strategy(name: str, strategy: dict) -> dict:
    hands = [[h["hand"], "Play" if h["played"] else "Fold", f"{h['value_played']:+.4f}"]
             for h in strategy["preflop"]]
    return section(f"Strategy: {name}", text(
        f"{strategy['name']}. Each two-card hand's value if played, per Ante, counting every "
        "Flop, Turn, River and dealer hand with the Turn and River decisions made as below; "
        "a hand is folded when that value is below the Ante it loses (-1)."),
        table(["Two-card hand", "Before the Flop", "Value played"], hands), text(
        "Turn and River Wagers: made when the hand beats more of the cards and dealer hands "
        "still to come than it loses to; a player who checks may still bet the River."))


def break_even_meters(submission: RulesSubmission) -> dict[str, str]:
    """Meter key -> the break-even meter of the par sheets of the wagers on it."""
    from rulesubmissions.engine import game_spec

    spec = game_spec(submission.game)
    found: dict[str, list[str]] = {}
    for request, sheet in _computed(submission):
        if sheet is None or not sheet.result or spec is None:
            continue
        for w in sheet.result["wagers"]:
            even = (w.get("progressive") or {}).get("break_even_meter")
            if even is None:
                continue
            label = dollars(even) + (f" ({w['name']})" if len(sheet.result["wagers"]) > 1
                                     else "")
            # the wager's meters (Royal 9: its Mega, Major and Minor), as the engine says
            for m in spec.meters_for(request.wager):
                found.setdefault(m.key, []).append(label)
    return {k: "; ".join(dict.fromkeys(v)) for k, v in found.items()}
