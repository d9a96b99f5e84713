"""What the filing packet says, section by section, as plain data: the cover, every term in
words with its section of the regulation, the paytables with their par sheets, the progressive
meters, the sections other apps register (the layout), what changed from the version before,
and this version's audit events. The digest is the SHA-256 of that data written canonically:
the same version on the same day gives the same digest, and any change to what the packet
says changes it (§601a.2: the Board reads exactly what was filed)."""

from __future__ import annotations

import hashlib
import json
from datetime import date

from django.utils import timezone

from casino.formats import day, moment, person
from rulesubmissions import selectors
from rulesubmissions.diff import diff_terms
from rulesubmissions.engine import game_spec
from rulesubmissions.filing import registered_sections, section, table, text
from rulesubmissions.filing.par_sections import par_sections
from rulesubmissions.forms import Editor
from rulesubmissions.models import RulesSubmission, Status
from rulesubmissions.templatetags.rulesubmissions_tags import history_step

TITLE = "Rules Submission filing packet"


def packet(submission: RulesSubmission, *, on: date | None = None) -> dict:
    """The whole packet of ``submission`` as of ``on`` (today): its title, cover facts and
    sections, and ``digest``."""
    today = on or timezone.localdate()
    spec = game_spec(submission.game)
    catalog = selectors.display_catalog(submission.property)
    editor = Editor(spec, catalog, submission.terms()) if spec else None
    cover = _cover(submission, today)
    sections = [
        section("Cover", table(["", ""], cover)),
        *(_terms(editor) if editor else [section("Terms", text(
            "The engine no longer has this game; the stored terms are in the audit trail."))]),
        *par_sections(submission, editor, catalog),
        _meters(editor, submission),
        *registered_sections(submission),
        _changes(submission, catalog),
        _audit(submission),
    ]
    body = {"title": TITLE, "game": spec.name if spec else submission.game,
            "version": submission.version, "property": submission.property.name,
            "license": submission.property.license_number, "sections": sections}
    return {**body, "digest": digest(body)}


def digest(body: dict) -> str:
    """SHA-256 of the packet's content, its JSON with sorted keys and no spaces."""
    canonical = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _cover(s: RulesSubmission, today: date) -> list[list[str]]:
    spec = game_spec(s.game)
    standing = selectors.standing(s, on=today) if s.status == Status.APPROVED else None
    rows = [
        ["Property", s.property.name],
        ["Licence", s.property.license_number],
        ["Game", f"{spec.name} ({spec.rule})" if spec else s.game],
        ["Version", str(s.version)],
        ["Status", s.get_status_display()],
        ["Standing", f"{standing.text} (as of {day(today)})" if standing and standing.code
         else f"Not approved: {s.get_status_display().lower()} (as of {day(today)})"],
        ["Drafted", day(s.created_at)],
        ["Prepared by", person(s.author)],
        ["Submitted", f"{day(s.submitted_at)} by {person(s.submitted_by)}" if s.submitted_at
         else "not submitted"],
        ["Approved", f"{day(s.reviewed_at)} by {person(s.reviewed_by)}"
         if s.status == Status.APPROVED else "not approved"],
        ["In force from", day(s.effective_date) if s.effective_date else "not set"],
        ["Packet prepared", day(today)],
    ]
    if s.status == Status.RETURNED and s.review_comment:
        rows.insert(10, ["Returned with comments",
                         f"{day(s.reviewed_at)} by {person(s.reviewed_by)}: {s.review_comment}"])
    return rows


def _terms(editor: Editor) -> list[dict]:
    """Every term in words, each with its section of the regulation."""
    spec = editor.spec
    options = [[f.label, f.shown, f.rule] for f in editor.options]
    limits = [[f.label.partition(" ($")[0], f.amount, f.rule or spec.rule] for f in editor.limits]
    wagers = [[w["wager"].name,
               w["paytable"].title if w["paytable"] else (
                   f"{w['field'].value} (not in the catalog)" if w["field"].value
                   else "no paytable"),
               w["wager"].rule]
              for w in editor.wagers if w["offered"]]
    return [section(f"Terms: {spec.name} ({spec.rule})",
                    text("Options"), table(["Term", "Value", "Section"], options),
                    text("Limits"), table(["Term", "Amount", "Section"], limits),
                    text("Wagers offered"), table(["Wager", "Paytable", "Section"], wagers))]


def _meters(editor: Editor | None, s: RulesSubmission) -> dict:
    """Each progressive meter kept: seed (initial amount), reset, rates of progression, limit,
    and the break-even meter of the wagers on it (from their par sheets)."""
    kept = editor.meters_kept() if editor else []
    if not kept:
        return section("Progressive meters", text("None: these terms keep no progressive "
                                                  "meter."))
    from rulesubmissions.filing.par_sections import break_even_meters

    even = break_even_meters(s)
    rows = []
    for m in kept:
        amounts = {f.path.rpartition(".")[2]: f.amount for f in m["fields"]}
        rows.append([m["meter"].name, amounts["initial"], amounts["reset"], amounts["rate"],
                     amounts["reserve_rate"], amounts["limit"],
                     even.get(m["meter"].key, "no par sheet yet"), m["meter"].rule])
    return section("Progressive meters", table(
        ["Meter", "Seed (initial)", "Reset", "Rate of progression", "Reserve rate", "Limit",
         "Break-even meter", "Section"], rows), text(
        "The break-even meter is the amount at which the wager's expected return equals the "
        "wager, from its par sheet (on the stake the par sheet states)."))


def previous_version(s: RulesSubmission) -> RulesSubmission | None:
    """The version this one was made from, or the latest approved one before it."""
    if s.based_on_id:
        return s.based_on
    return (RulesSubmission.objects.filter(property=s.property, game=s.game,
                                           version__lt=s.version, status=Status.APPROVED)
            .order_by("-version").first())


def _changes(s: RulesSubmission, catalog) -> dict:
    before = previous_version(s)
    title = "Changes from the version before"
    if before is None:
        return section(title, text(f"Version {s.version} is the first of this game here: "
                                   "every term above is new."))
    found = diff_terms(before.terms(), s.terms(), catalog)
    intro = text(f"Against version {before.version} ({before.get_status_display().lower()}"
                 + (f", in force from {day(before.effective_date)}" if before.effective_date
                    else "") + ").")
    if not found:
        return section(title, intro, text("No term changed."))
    blocks = [intro, table(["Term", "Change", "Before", "Now"],
                           [[c.label, c.kind, c.before or "-", c.after or "-"] for c in found])]
    for c in found:
        changed = [r for r in c.rows if r.changed]
        if changed:
            blocks.append(text(f"{c.label}: the paytable row by row"))
            blocks.append(table(["Hand", "Before", "Now"],
                                [[r.hand, r.before or "-", r.after or "-"] for r in changed]))
    return section(title, *blocks)


def _audit(s: RulesSubmission) -> dict:
    """This version's audit events, oldest first, each with its place in the property's
    hash chain (casino/audit_chain.py)."""
    rows = []
    for e in selectors.review_history(s):
        who = person(e.actor) if e.actor else (e.actor_repr if e.actor_repr not in ("", "system")
                                              else "the system")
        detail = []
        after = e.after or {}
        if after.get("effective_date"):
            detail.append(f"in force from {after['effective_date']}")
        if after.get("comment"):
            detail.append(f"comment: {after['comment']}")
        if after.get("par_sheets"):
            detail.append("; ".join(after["par_sheets"]))
        rows.append([moment(e.created_at), history_step(e.action), who, ", ".join(detail),
                     f"{e.seq}: {e.hash[:16]}" if e.hash else ""])
    if not rows:
        return section("Audit events of this version", text("No events recorded."))
    return section("Audit events of this version", table(
        ["When", "What", "By", "Details", "Chain entry"], rows), text(
        "The chain entry is the event's number in the property's audit chain and the start of "
        "its hash: the audit log verifies each against the one before it."))
