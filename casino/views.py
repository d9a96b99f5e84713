"""Pages: dashboard, property, audit log (search and CSV export). /healthz is casino/health.py."""

import csv

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from casino import audit_display, selectors
from casino.dashboard import cards_for, panels_for
from casino.forms import AuditFilterForm
from casino.models import Property
from casino.permissions import ability_required, require


@login_required
def dashboard(request):
    roles = selectors.user_roles(request.user)
    return render(request, "casino/dashboard.html", {
        "roles": roles,
        "cards": cards_for(request.user, request.property),
        "panels": panels_for(request.user, request.property),
    })


@login_required
def property_detail(request, pk: int):
    prop = get_object_or_404(Property, pk=pk)
    require(request.user, "property.read", prop)
    staff = prop.memberships.select_related("user").prefetch_related("user__groups")
    return render(request, "casino/property_detail.html", {"property": prop, "staff": staff})


@ability_required("audit.read")
def audit_log(request):
    """The log, filtered; a filter that names nothing shows no events and says why; the
    same filters export as CSV (``?format=csv``)."""
    form = AuditFilterForm(request.GET or None,
                           targets=selectors.audit_targets(user=request.user))
    events = selectors.audit_event_list(user=request.user)
    if form.is_bound:
        events = events.none()
        if form.is_valid():
            try:
                events = selectors.audit_event_list(user=request.user, **form.filters())
            except selectors.BadFilter as exc:
                form.add_error(exc.field, str(exc))
    if request.GET.get("format") == "csv":
        return _audit_csv(events)
    page = Paginator(events, 50).get_page(request.GET.get("page"))
    template = "casino/_audit_table.html" if request.htmx else "casino/audit_list.html"
    return render(request, template, {
        "form": form, "page": page, "export_query": _export_query(request),
        "people": selectors.audit_people(user=request.user),
        "actions": selectors.audit_actions(user=request.user),
    })


def _export_query(request) -> str:
    query = request.GET.copy()
    query.pop("page", None)
    query["format"] = "csv"
    return query.urlencode()


class _Echo:
    def write(self, value):
        return value


CSV_COLUMNS = ["When", "Person", "Username", "Action", "Action code", "Object", "Object key",
               "Changes"]


def _audit_csv(events):
    """The filtered events as CSV, streamed: one row per event, its changes in words."""
    writer = csv.writer(_Echo())

    def rows():
        yield writer.writerow(CSV_COLUMNS)
        for e in events.iterator(chunk_size=500):
            name = (e.actor.get_full_name() if e.actor else "") or e.actor_repr
            text = "; ".join(f"{c.label}: {c.before or '—'} → {c.after or '—'}"
                             for c in audit_display.changes(e.before, e.after, e.action))
            yield writer.writerow([
                timezone.localtime(e.created_at).strftime("%Y-%m-%d %H:%M:%S"), name,
                e.actor_repr, audit_display.action_name(e.action), e.action, e.target_repr,
                e.target_key(), text])

    response = StreamingHttpResponse(rows(), content_type="text/csv; charset=utf-8")
    stamp = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="audit-log-{stamp}.csv"'
    return response

