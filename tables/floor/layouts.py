"""Layout services (§601a.10(a), each game's §6xxa.2(b)): a table games manager prepares a
layout (artwork plus the game's checklist ticked against one Rules Submission version), a
compliance officer who did not prepare it approves it or returns it with comments. A newer
version that changes an inscribed item makes an approved layout need re-approval. Every write
is audited in its transaction.
"""

import filetype
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import UploadedFile
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.utils import timezone

from casino.audit import audit_record
from casino.formats import money
from casino.models import Property
from casino.permissions import property_ids, require_at
from games import layout as engine_layout
from games.names import choice_name
from rulesubmissions import selectors as submissions
from rulesubmissions.models import RulesSubmission
from rulesubmissions.services import RulesError, StateRefused
from tables.floor.models import Layout, LayoutStatus

# Artwork is checked by its content, never its name (§601a.10(a): the Board reviews the real
# artwork): the type the bytes prove -> the extension it is stored under.
ARTWORK_TYPES = {"image/png": "png", "image/jpeg": "jpg", "application/pdf": "pdf"}
ARTWORK_NAMES = {"png": "PNG image", "jpg": "JPEG image", "pdf": "PDF document"}

TRANSITIONS: dict[str, set[str]] = {
    LayoutStatus.DRAFT: {LayoutStatus.SUBMITTED},
    LayoutStatus.RETURNED: {LayoutStatus.SUBMITTED},
    LayoutStatus.SUBMITTED: {LayoutStatus.APPROVED, LayoutStatus.RETURNED},
    LayoutStatus.APPROVED: set(),
}
EDITABLE = {LayoutStatus.DRAFT, LayoutStatus.RETURNED}
# Each action's verb (the API route and the audit action code) and the ability it needs.
ACTIONS = {"submit": LayoutStatus.SUBMITTED, "approve": LayoutStatus.APPROVED,
           "return": LayoutStatus.RETURNED}
_VERBS = {to: verb for verb, to in ACTIONS.items()}
_DONE = {LayoutStatus.SUBMITTED: "submitted", LayoutStatus.APPROVED: "approved",
         LayoutStatus.RETURNED: "returned"}
_ABILITY = {LayoutStatus.SUBMITTED: "layouts.prepare", LayoutStatus.APPROVED: "layouts.approve",
            LayoutStatus.RETURNED: "layouts.approve"}


class LayoutError(RulesError):
    """Refused by the rules; ``errors`` maps fields to messages (a 400)."""


class LayoutConflict(LayoutError, StateRefused):
    """Refused by the layout's state, named in words (a 409): changing an approved layout,
    approving one not submitted, one a newer version changes."""


# --- reads ----------------------------------------------------------------------------------

def layout_list(*, user, status: str = "", game: str = "") -> QuerySet[Layout]:
    """Layouts of the user's properties (other properties' are invisible)."""
    qs = Layout.objects.select_related("property", "submission", "prepared_by", "reviewed_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    if status:
        qs = qs.filter(status=status)
    if game:
        qs = qs.filter(game=game)
    return qs


def layout_queue(*, user) -> QuerySet[Layout]:
    """Layouts waiting for compliance, oldest first."""
    return layout_list(user=user, status=LayoutStatus.SUBMITTED).order_by("submitted_at", "pk")


def checklist_for(submission: RulesSubmission) -> list[dict]:
    """The game's layout checklist filtered by what ``submission`` offers."""
    return engine_layout.checklist(submission.game, submission.terms())


def _words(submission: RulesSubmission, key: str, value: object, cat) -> str:
    """An inscribed value as people read it: a paytable's title, "$75,000.00", "Yes"."""
    if key == "payout_limit":
        return money(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(map(str, value))
    table = cat.resolve(submission.game, key, str(value))
    return table.title if table is not None else choice_name(key, value)


def checklist_shown(submission: RulesSubmission, checked=()) -> list[dict]:
    """The checklist for people: each item with ``shows`` (what it inscribes, in words) and
    whether it is ``checked``."""
    cat = submissions.catalog_for(submission.property)
    return [{**item, "checked": item["key"] in checked, "shows": _shows(submission, item, cat)}
            for item in checklist_for(submission)]


def _shows(submission: RulesSubmission, item: dict | None, cat) -> str:
    """What an item inscribes under ``submission``, in words ("" when nothing)."""
    return "; ".join(_words(submission, k, v, cat)
                     for k, v in (item or {}).get("inscribed", {}).items()
                     if v not in (None, ""))


def _as_checked(layout: Layout) -> list[dict]:
    """The checklist the layout answers: as compliance approved it, or (not approved yet) the
    one of the version it is being checked against."""
    if layout.status == LayoutStatus.APPROVED:
        return layout.approved_checklist
    return checklist_for(layout.submission)


def layout_changes(layout: Layout, submission: RulesSubmission | None) -> list[dict]:
    """Items ``submission`` changes on the layout as approved, or as being checked (a wager
    added, an inscribed paytable or payout limit changed); empty when it shows nothing new."""
    if submission is None or submission.pk == layout.submission_id:
        return []
    return engine_layout.changed_items(_as_checked(layout), checklist_for(submission))


def newer_version(layout: Layout) -> RulesSubmission | None:
    """The game's latest approved version when it is newer than the layout's."""
    latest = submissions.latest_approved(property=layout.property, game=layout.game)
    if latest is None or latest.version <= layout.submission.version:
        return None
    return latest


def needs_reapproval(layout: Layout) -> list[dict]:
    """The items a newer approved version changes on the layout (none: it still matches).
    Tables using an approved one cannot open under that version until it is approved again;
    one not approved yet is checked against the newer version before it is approved."""
    return layout_changes(layout, newer_version(layout))


def reapproval_shown(layout: Layout) -> list[dict]:
    """``needs_reapproval`` for people: each changed item with what the approved layout shows
    (``was``) and what the newer version needs it to show (``now``), in words; an item the
    newer version no longer needs says so."""
    newer = newer_version(layout)
    changed = layout_changes(layout, newer)
    if not changed:
        return []
    cat = submissions.catalog_for(layout.property)
    approved = {i["key"]: i for i in _as_checked(layout)}
    current = {i["key"] for i in checklist_for(newer)}
    return [{"key": i["key"], "text": i["text"], "rule": i["rule"],
             "was": _shows(layout.submission, approved.get(i["key"]), cat),
             "now": _shows(newer, i, cat) if i["key"] in current else "",
             "change": ("changed" if i["key"] in approved else "added")
             if i["key"] in current else "no longer needed"}
            for i in changed]


# --- artwork --------------------------------------------------------------------------------

def artwork_check(artwork: object) -> str:
    """The artwork's type by its content (PNG, JPEG or PDF), within the size limit."""
    if not isinstance(artwork, UploadedFile):
        raise LayoutError({"artwork": ["Attach the layout artwork as a file (PNG, JPEG or "
                                       "PDF)."]})
    limit = settings.LAYOUT_ARTWORK_MAX_BYTES
    if artwork.size > limit:
        raise LayoutError({"artwork": [
            f"The artwork is {artwork.size / 1_048_576:.1f} MB; the limit is "
            f"{limit / 1_048_576:.1f} MB."]})
    artwork.seek(0)
    kind = filetype.guess(artwork.read(262))
    artwork.seek(0)
    if kind is None or kind.mime not in ARTWORK_TYPES:
        found = f"its content is {kind.mime}" if kind else "its content is not a known type"
        raise LayoutError({"artwork": [
            f"The artwork must be a PNG image, a JPEG image or a PDF document ({found}, "
            f"whatever its name says)."]})
    return ARTWORK_TYPES[kind.mime]


# --- writes ---------------------------------------------------------------------------------

def _ticked(layout: Layout) -> list[str]:
    """The ticked items as the audit log shows them: their text, in the checklist's order."""
    return [i["text"] for i in checklist_for(layout.submission) if i["key"] in layout.checked]


def _artwork_record(layout: Layout) -> dict:
    """The artwork for the audit log: its name as uploaded and its type, and where the
    storage keeps it (the evidence of which file was reviewed)."""
    return {"artwork": f"{layout.artwork_name} ({ARTWORK_NAMES[layout.artwork_type]})",
            "artwork_stored_as": layout.artwork.name}


def _checked(items: list[dict], checked: object) -> list[str]:
    if not isinstance(checked, (list, tuple)) or not all(isinstance(k, str) for k in checked):
        raise LayoutError({"checked": ["A list of checklist item keys."]})
    keys = [i["key"] for i in items]
    unknown = [k for k in checked if k not in keys]
    if unknown:
        raise LayoutError({"checked": [f"Not on this game's checklist: {', '.join(unknown)}."]})
    return [k for k in keys if k in checked]


def _submission_for(prop: Property, game: str) -> RulesSubmission:
    """The version a new layout is checked against: the latest approved one (§601a.2)."""
    if game not in engine_layout.LAYOUTS:
        raise LayoutError({"game": [f"No game is called \"{game}\"."]})
    latest = submissions.latest_approved(property=prop, game=game)
    if latest is None:
        raise LayoutError({"game": ["The game has no approved Rules Submission to check a "
                                    "layout against (§601a.2)."]})
    return latest


@transaction.atomic
def layout_create(*, actor, property: Property, name: str, game: str, artwork: UploadedFile,
                  checked: list | tuple = ()) -> Layout:
    """A table games manager uploads a layout for a game and ticks the items it shows."""
    require_at(actor, "layouts.prepare", property)
    name = (name or "").strip()
    if not name:
        raise LayoutError({"name": ["Give the layout a name."]})
    submission = _submission_for(property, game)
    kind = artwork_check(artwork)
    layout = Layout(property=property, game=game, name=name, artwork_type=kind,
                    artwork_name=(artwork.name or "")[:200], submission=submission,
                    checked=_checked(checklist_for(submission), list(checked)),
                    prepared_by=actor)
    layout.artwork.save("artwork", artwork, save=False)
    try:
        with transaction.atomic():
            layout.save()
    except IntegrityError:
        layout.artwork.delete(save=False)
        raise LayoutError({"name": [f"A layout named \"{name}\" already exists here."]}) from None
    audit_record(actor=actor, action="tables.layout.create", target=layout,
                 after={"name": name, "game": game, "version": submission.version,
                        **_artwork_record(layout), "checked": _ticked(layout)})
    return layout


@transaction.atomic
def layout_update(*, actor, layout: Layout, checked: list | None = None,
                  artwork: UploadedFile | None = None) -> Layout:
    """Tick items or replace the artwork while the layout is being prepared or was returned."""
    layout = Layout.objects.select_for_update().get(pk=layout.pk)
    require_at(actor, "layouts.prepare", layout.property)
    if layout.status not in EDITABLE:
        raise LayoutConflict({"status": [f"This layout is {layout.get_status_display().lower()}: "
                                        f"it cannot be changed."]})
    before = {"checked": _ticked(layout), **_artwork_record(layout)}
    if checked is not None:
        layout.checked = _checked(checklist_for(layout.submission), checked)
    if artwork not in (None, ""):
        layout.artwork_type = artwork_check(artwork)
        layout.artwork_name = (artwork.name or "")[:200]
        layout.artwork.save("artwork", artwork, save=False)
    layout.updated_at = timezone.now()
    layout.save()
    audit_record(actor=actor, action="tables.layout.update", target=layout, before=before,
                 after={"checked": _ticked(layout), **_artwork_record(layout)})
    return layout


@transaction.atomic
def layout_tick(*, actor, layout: Layout, key: str, ticked: bool) -> Layout:
    """Tick or untick one checklist item (§601a.10(a)), whatever the others are: each tick is
    independent and idempotent, so ticks made quickly one after another are never lost to an
    earlier answer (the row lock orders them; each changes only its own item)."""
    layout = Layout.objects.select_for_update().get(pk=layout.pk)
    require_at(actor, "layouts.prepare", layout.property)
    if layout.status not in EDITABLE:
        raise LayoutConflict({"status": [f"This layout is {layout.get_status_display().lower()}: "
                                        f"it cannot be changed."]})
    items = checklist_for(layout.submission)
    if key not in [i["key"] for i in items]:
        raise LayoutError({"checked": [f"Not on this game's checklist: {key}."]})
    if (key in layout.checked) == ticked:
        return layout  # already so: nothing to write or audit
    before = {"checked": _ticked(layout)}
    wanted = set(layout.checked) | {key} if ticked else set(layout.checked) - {key}
    layout.checked = [i["key"] for i in items if i["key"] in wanted]
    layout.updated_at = timezone.now()
    layout.save()
    audit_record(actor=actor, action="tables.layout.update", target=layout, before=before,
                 after={"checked": _ticked(layout)})
    return layout


@transaction.atomic
def layout_recheck(*, actor, layout: Layout) -> Layout:
    """Check a layout (approved, or being prepared) against the newer version that changes
    it: back to being prepared, the changed items unticked, until compliance approves it."""
    layout = Layout.objects.select_for_update().get(pk=layout.pk)
    require_at(actor, "layouts.prepare", layout.property)
    newer = newer_version(layout)
    changed = {i["key"] for i in layout_changes(layout, newer)}
    state = f"This layout is {layout.get_status_display().lower()}"
    if layout.status == LayoutStatus.SUBMITTED:
        raise LayoutConflict({"status": [f"{state}: it is checked again once compliance has "
                                        "returned it."]})
    if not changed:
        raise LayoutConflict({"status": [f"{state}: no newer Rules Submission version changes "
                                        "what it must show, so there is nothing to check "
                                        "again."]})
    before = {"status": layout.status, "version": layout.submission.version}
    layout.submission = newer
    layout.checked = [i["key"] for i in checklist_for(newer)
                      if i["key"] in layout.checked and i["key"] not in changed]
    layout.status = LayoutStatus.DRAFT
    layout.updated_at = timezone.now()
    layout.save()
    audit_record(actor=actor, action="tables.layout.recheck", target=layout, before=before,
                 after={"status": layout.status, "version": newer.version,
                        "changed": [i["text"] for i in checklist_for(newer)
                                    if i["key"] in changed]})
    return layout


def _verify_transition(actor, layout: Layout, to: str, comment: str) -> None:
    if to not in TRANSITIONS[layout.status]:
        raise LayoutConflict({"status": [f"This layout is {layout.get_status_display().lower()}: "
                                        f"it cannot be {_DONE.get(to, to)}."]})
    require_at(actor, _ABILITY[to], layout.property)
    if to in (LayoutStatus.APPROVED, LayoutStatus.RETURNED) and actor.pk in (
            layout.prepared_by_id, layout.submitted_by_id):
        raise PermissionDenied("A compliance officer who did not prepare the layout reviews it.")
    if to == LayoutStatus.RETURNED and not comment.strip():
        raise LayoutError({"comment": ["Say what must change before it comes back."]})
    newer = newer_version(layout)
    if to in (LayoutStatus.SUBMITTED, LayoutStatus.APPROVED) and layout_changes(layout, newer):
        raise LayoutConflict({"status": [
            f"Version {newer.version} has since been approved and changes what this layout "
            f"must show: " + ("check it against that version first." if to ==
                              LayoutStatus.SUBMITTED else "return it so it is checked against "
                              "that version.") + " (§601a.10(a))"]})
    if to == LayoutStatus.SUBMITTED:
        missing = [f"Not ticked yet: {i['text']} ({i['rule']})"
                   for i in checklist_for(layout.submission) if i["key"] not in layout.checked]
        if missing:
            raise LayoutError({"checked": missing})


@transaction.atomic
def layout_transition(*, actor, layout: Layout, to: str, comment: str = "") -> Layout:
    """Submit (the preparer, every item ticked), approve or return with comments (a compliance
    officer who did not prepare it); approval keeps the checklist as approved."""
    layout = Layout.objects.select_for_update().get(pk=layout.pk)
    _verify_transition(actor, layout, to, comment)
    before = {"status": layout.status}
    now = timezone.now()
    if to == LayoutStatus.SUBMITTED:
        layout.submitted_by, layout.submitted_at = actor, now
    else:
        layout.reviewed_by, layout.reviewed_at = actor, now
        layout.review_comment = comment.strip()
    if to == LayoutStatus.APPROVED:
        layout.approved_checklist = checklist_for(layout.submission)
    layout.status = to
    layout.updated_at = now
    layout.save()
    audit_record(actor=actor, action=f"tables.layout.{_VERBS[to]}", target=layout,
                 before=before, after={"status": to, "comment": layout.review_comment,
                                       "version": layout.submission.version})
    return layout


def layout_act(*, actor, layout: Layout, action: str, comment: str = "") -> Layout:
    """A layout action as the page and the API name it: ``recheck``, or a transition of
    ``ACTIONS`` (submit, approve, return with ``comment``)."""
    if action == "recheck":
        return layout_recheck(actor=actor, layout=layout)
    return layout_transition(actor=actor, layout=layout, to=ACTIONS[action], comment=comment)
