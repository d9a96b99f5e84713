"""Approved table layouts against their audit events (issue 28; registered with
``casino.registry.record_check``): what compliance approved (§601a.10(a)) is the artwork and
the checklist the events of its preparation recorded, under the version its approval names.
"""

from __future__ import annotations

from casino import record_checks as rc
from tables.floor.layouts import _artwork_record, _ticked
from tables.floor.models import Layout, LayoutStatus

ARTWORK = (("artwork", "artwork", False), ("artwork_stored_as", "artwork file", False))
CHECKED = (("checked", "checklist ticked", False),)
APPROVAL = (("status", "status", dict(LayoutStatus.choices)),
            ("version", "Rules Submission version", False))


def check_layouts(scope: rc.Scope):
    layouts = Layout.objects.filter(property_id=scope.property_id, status=LayoutStatus.APPROVED)
    touched = rc.touched(scope, Layout)
    if touched is not None:  # a handful: each from its whole history
        layouts = (layouts.filter(pk__in=touched)
                   | layouts.filter(updated_at__gte=scope.since.at))
    layouts = list(layouts.select_related("submission").order_by("name"))
    chosen = [layout.pk for layout in layouts]
    latest = {key: rc.latest_by_target(rc.events_of(scope.property_id, Layout, ids=chosen,
                                                    carrying=key))
              for key in ("artwork_stored_as", "checked", "status")}
    for layout in layouts:
        words = f"Table layout “{layout.name}” at {scope.name}"
        events = [latest[key].get(layout.pk) for key in latest]
        if None in events:
            if scope.unvouched(layout.created_at):
                yield rc.no_event(words)
            continue
        values = {**_artwork_record(layout), "checked": _ticked(layout), "status": layout.status,
                  "version": layout.submission.version}
        found = (rc.differs(words, ARTWORK, values, events[0])
                 or rc.differs(words, CHECKED, values, events[1])
                 or rc.differs(words, APPROVAL, values, events[2], noun="its approval event"))
        if found:
            yield found
