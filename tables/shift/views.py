"""The shift page and the jackpot notice every page of a validator polls (thin: the reads and
every decision are in ``tables.shift.selectors``).

The notice answers 304 from the pending slips' version (``selectors.notice_version``) so a poll
costs one small query between changes. A poll is not use: it never restarts the idle session
clock (``casino.middleware.IdleSessionMiddleware``), so a tablet left open still signs out."""

from django.http import HttpResponse, HttpResponseNotModified
from django.shortcuts import render
from django.views.decorators.http import require_GET

from casino.permissions import ability_required, can, require_at
from tables.shift import selectors


@ability_required("slips.read")
def shift_page(request):
    """Open tables, the gaming day's slips, each meter's movement and what waits on whom (a
    shift is at a property: a superuser who belongs to none is refused)."""
    require_at(request.user, "slips.read", request.property)
    shift = selectors.shift_for(request.user, request.property)
    return render(request, "tables/shift/shift.html", {"shift": shift})


@require_GET
def jackpot_notice(request):
    """The jackpots waiting for the viewer (the partial the notice shows), or 304 when the
    version in ``If-None-Match`` is still current; 204 for whoever gets no notice (signed out,
    a role that neither validates nor pays, or no property): the script stops polling."""
    request.session.modified = False  # not use (see the module's docstring)
    prop = getattr(request, "property", None)
    if prop is None or not can(request.user, "slips.validate", prop):
        return HttpResponse(status=204)
    etag = selectors.notice_version(request.user, prop)
    if etag in (t.strip() for t in request.headers.get("If-None-Match", "").split(",")):
        response = HttpResponseNotModified()
    else:
        response = render(request, "tables/shift/_notice.html", {
            "notices": selectors.notices_for(request.user, prop)})
    response["ETag"] = etag
    return response
