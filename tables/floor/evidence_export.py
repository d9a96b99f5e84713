"""Layout approvals in the Board's evidence bundle (issue 28; casino/evidence_bundle.py): each
layout approved in the period, as approved (§601a.10(a)): its name, game, version, the
checklist items ticked and the artwork reviewed, which its audit events carry."""

from casino.evidence_bundle import Record
from tables.floor.layouts import _artwork_record, _ticked
from tables.floor.models import Layout, LayoutStatus

CHECKED = ("name", "game", "status", "version", "checked", "artwork", "artwork_stored_as",
           "comment")


def layout_records(prop, start, end) -> list[Record]:
    layouts = Layout.objects.filter(property=prop, status=LayoutStatus.APPROVED)
    if start is not None:
        layouts = layouts.filter(reviewed_at__gte=start)
    if end is not None:
        layouts = layouts.filter(reviewed_at__lt=end)
    return [Record(kind="layout", name=f"Layout \"{layout.name}\"", target=layout,
                   values={"name": layout.name, "game": layout.game, "status": layout.status,
                           "version": layout.submission.version, "checked": _ticked(layout),
                           **_artwork_record(layout), "comment": layout.review_comment,
                           "approved_at": layout.reviewed_at,
                           "approved_checklist": layout.approved_checklist},
                   checked={name: name for name in CHECKED})
            for layout in layouts.select_related("submission").order_by("reviewed_at", "pk")]
