"""Pages: dashboard, property, audit log (search and CSV export). /healthz is casino/health.py."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from casino import audit_display, selectors
from casino.chain_status import chain_statuses
from casino.csv_export import streaming_csv
from casino.dashboard import cards_for, panels_for
from casino.formats import how_many
from casino.forms import AuditFilterForm
from casino.limits import whole_id
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
    """The log, filtered, newest first in keyset pages (``?older=``/``?newer=`` cursors);
    a filter that names nothing shows no events and says why; the same filters export as
    CSV (``?format=csv``). Reads what it shows, however long the log (issue 24): the
    objects to pick are the page's, the suggestions come from the staff and the registries
    (casino/selectors.py, casino/audit_display.py)."""
    form = AuditFilterForm(request.GET or None)
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
    page = selectors.keyset_page(selectors.with_people(events),
                                 older_than=request.GET.get("older", ""),
                                 newer_than=request.GET.get("newer", ""))
    form.offer_objects(selectors.page_objects(page.events, request.GET.get("target", ""),
                                              user=request.user))
    count, exact = selectors.capped_count(events)
    template, chains = "casino/audit_list.html", None
    if not request.htmx:  # each chain's last verification and anchor, above the log
        chains = chain_statuses(request.user)
    if request.htmx:  # the table, and the object list of its events in place (out of band)
        template = "casino/_audit_table.html"
        form.fields["target"].widget.attrs["hx-swap-oob"] = "true"
    with audit_display.names_read_once():
        return render(request, template, {
            "form": form, "page": page, "export_query": _export_query(request),
            "count_text": how_many(count, "event", exact=exact),
            "pager": _pager(request, page, count, exact),
            "people": selectors.audit_people(user=request.user),
            "actions": audit_display.action_words(), "chains": chains,
        })


def _query(request, **changes) -> str:
    query = request.GET.copy()
    for key in ("older", "newer", "page", "format"):
        query.pop(key, None)
    for key, value in changes.items():
        query[key] = value
    return query.urlencode()


def _export_query(request) -> str:
    return _query(request, format="csv")


def _pager(request, page, count: int, exact: bool) -> dict:
    """Links to the newer and older pages; "Page 2 of 3" while the count is exact."""
    number = whole_id(request.GET.get("page", 1)) or 1
    if not page.newer:
        number = 1
    pages = max(1, -(-count // selectors.PAGE_SIZE)) if exact else None
    return {
        "newer": _query(request, newer=page.newer, page=number - 1) if page.newer else "",
        "older": _query(request, older=page.older, page=number + 1) if page.older else "",
        "number": number, "pages": pages,
    }


# In words, for the auditor's spreadsheet; the codes and keys stay in the API
# (GET /api/v1/audit-events/), where integrations read them (issue 30).
CSV_COLUMNS = ["When", "Person", "Action", "Object", "Changes"]


def _audit_csv(events):
    """The filtered events as CSV, streamed in keyset chunks: one row per event, its changes
    in words, every cell safe to open in a spreadsheet (casino/csv_export.py)."""

    def rows():
        with audit_display.names_read_once():
            yield from map(row, selectors.in_chunks(selectors.with_people(events)))

    def row(e):
        text = "; ".join(map(str, audit_display.event_changes(e)))
        return [timezone.localtime(e.created_at).strftime("%Y-%m-%d %H:%M:%S"),
                audit_display.who(e), audit_display.action_name(e.action),
                audit_display.object_name(e), text]

    stamp = timezone.localdate().isoformat()
    return streaming_csv(f"audit-log-{stamp}.csv", CSV_COLUMNS, rows())
