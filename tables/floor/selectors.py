"""Reads of the floor: the tables a user sees, the terms a table plays by, its history in
words, and every reason it may not open (§601a.2, §601a.10(a), the chapters' equipment rules,
and what the rooms above register in ``tables.floor.hooks``, e.g. unseeded meters §605a.7(a))."""

from django.contrib.contenttypes.models import ContentType
from django.db.models import QuerySet

from casino.audit_display import action_name
from casino.models import AuditEvent
from casino.permissions import property_ids
from games import layout as engine_layout
from rulesubmissions import selectors as submissions
from rulesubmissions.models import RulesSubmission
from tables.floor import hooks, layouts
from tables.floor.models import LayoutStatus, Table, TableStatus


def table_list(*, user) -> QuerySet[Table]:
    """Tables of the user's properties, by pit and label (other properties' are invisible)."""
    qs = Table.objects.select_related("property", "submission", "layout", "linked_group",
                                      "opened_by", "closed_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    return qs.order_by("property__name", "pit", "label")


def terms_for(table: Table) -> RulesSubmission | None:
    """The version the table plays by: while open, the one it opened under; closed, the
    version in force now (§601a.2)."""
    if table.status == TableStatus.OPEN:
        return table.submission
    return submissions.in_force(property=table.property, game=table.game)


def newer_version_waiting(table: Table) -> RulesSubmission | None:
    """The version in force when an open table still plays an older one (it takes effect at
    the table once the table closes)."""
    if table.status != TableStatus.OPEN:
        return None
    now = submissions.in_force(property=table.property, game=table.game)
    return now if now is not None and now.pk != table.submission_id else None


HISTORY = 20  # events on a table's page


def table_history(table: Table) -> list[dict]:
    """The table's own events, newest first, in words: who configured, opened and closed it
    and when (every floor role sees its tables' history; the full log is for audit readers)."""
    events = AuditEvent.objects.filter(
        target_type=ContentType.objects.get_for_model(Table), target_id=str(table.pk),
    ).select_related("actor").order_by("-created_at", "-pk")[:HISTORY]
    return [{"when": e.created_at, "who": (e.actor.get_full_name() if e.actor else "")
             or e.actor_repr, "what": action_name(e.action),
             "version": (e.after or {}).get("version")} for e in events]


def _layout_problems(table: Table, terms: RulesSubmission | None) -> list[dict]:
    """The layout's own problems; with ``terms``, also whether it shows what they need."""
    layout, rule = table.layout, f"§601a.10(a), {engine_layout.game_layout(table.game).rule}"
    if layout is None:
        return [{"reason": "No layout is assigned to the table.", "section": rule}]
    if layout.game != table.game:
        return [{"reason": f"The layout \"{layout.name}\" is for another game.", "section": rule}]
    if layout.status != LayoutStatus.APPROVED:
        return [{"reason": f"The layout \"{layout.name}\" is not approved "
                           f"({layout.get_status_display().lower()}).", "section": rule}]
    if terms is None:
        return []
    changed = layouts.layout_changes(layout, terms)
    if changed and layout.submission.version > terms.version:
        return [{"reason": f"The layout \"{layout.name}\" is approved for version "
                           f"{layout.submission.version}, which is not in force yet; it "
                           f"differs from version {terms.version}.", "section": rule}]
    if changed:
        names = "; ".join(i["text"] for i in changed)
        return [{"reason": f"The layout \"{layout.name}\" needs re-approval for version "
                           f"{terms.version}: {names}.", "section": rule}]
    return []


def _equipment_problems(table: Table, terms: RulesSubmission) -> list[dict]:
    """Equipment the checklist's items need (a progressive system with a lock-out, an
    electronic wagering system), recorded on the table."""
    problems = []
    for item in layouts.checklist_for(terms):
        if item["needs"] == engine_layout.PROGRESSIVE_SYSTEM:
            if not table.progressive_system:
                problems.append({"reason": "The table has no progressive table game system "
                                           "for its progressive wagers.", "section": item["rule"]})
            elif not table.progressive_lockout:
                problems.append({"reason": "The table's progressive table game system has no "
                                           "lock-out.", "section": item["rule"]})
        if item["needs"] == engine_layout.ELECTRONIC_WAGERING_SYSTEM and not (
                table.electronic_wagering_system):
            problems.append({"reason": "The table has no electronic wagering system for the "
                                       "wagers that need one.", "section": item["rule"]})
    return problems


def opening_problems(table: Table) -> list[dict]:
    """Every reason the table may not open now, each ``{"reason", "section"}``; empty: it may.
    Without a version in force, the layout's own problems are still listed (what it must show
    and the equipment and meters the terms need are not known yet). The rooms above add theirs
    through ``hooks.OPENING_CHECKS`` (the meters room: each meter the terms need is seeded)."""
    terms = submissions.in_force(property=table.property, game=table.game)
    if terms is None:
        return [{"reason": "The game has no approved Rules Submission in force at the "
                           "property.", "section": "§601a.2"}, *_layout_problems(table, None)]
    problems = _layout_problems(table, terms) + _equipment_problems(table, terms)
    for check in hooks.OPENING_CHECKS:
        problems += check(table, terms)
    return problems

