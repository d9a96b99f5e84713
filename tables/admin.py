"""Read-only admin for the floor's tables and layouts: every change goes through the services
(and the audit trail), from the floor pages or the API."""

from django.contrib import admin

from casino.admin import ReadOnlyAdmin
from tables.models import Layout, LinkedGroup, Table


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
