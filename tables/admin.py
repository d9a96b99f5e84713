"""Read-only admin for the floor's tables, layouts and meters: every change goes through the
services (and the audit trail), from the floor pages or the API."""

from django.contrib import admin, messages

from casino.admin import ReadOnlyAdmin
from tables.floor.models import Layout, LinkedGroup, Table
from tables.meters.models import Meter
from tables.meters.reconciliation import meters_reconcile


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ["label", "property", "pit", "game", "positions", "status", "submission",
                    "layout"]
    list_filter = ["property", "game", "status"]


@admin.register(LinkedGroup)
class LinkedGroupAdmin(ReadOnlyAdmin):
    list_display = ["name", "property", "game"]
    list_filter = ["property", "game"]


@admin.register(Layout)
class LayoutAdmin(ReadOnlyAdmin):
    list_display = ["name", "property", "game", "status", "submission", "prepared_by",
                    "reviewed_by"]
    list_filter = ["property", "game", "status"]


@admin.register(Meter)
class MeterAdmin(ReadOnlyAdmin):
    """Read-only, with the full reconciliation on demand (issue 24): the five-minute job reads
    from each meter's checkpoint; this reads every ledger row (§605a.7)."""

    list_display = ["name", "property", "table", "linked_group", "amount", "hits"]
    list_filter = ["property", "game"]
    actions = ["reconcile_fully"]

    @admin.action(description="Reconcile fully (every ledger row and wager event)")
    def reconcile_fully(self, request, queryset):
        alerts = meters_reconcile(full=True, meters=queryset)
        if alerts:
            self.message_user(request, f"{len(alerts)} of {queryset.count()} meters do not "
                              f"add up: see the reconciliation alerts.", messages.ERROR)
        else:
            self.message_user(request, f"{queryset.count()} meters reconciled in full: each "
                              f"matches its ledger.", messages.SUCCESS)
