"""Read-only admin: every change goes through the services (and the audit trail)."""

from django.contrib import admin

from casino.admin import ReadOnlyAdmin
from rulesubmissions.models import CatalogPaytable, RulesSubmission


@admin.register(RulesSubmission)
class RulesSubmissionAdmin(ReadOnlyAdmin):
    list_display = ["property", "game", "version", "status", "effective_date", "author"]
    list_filter = ["property", "game", "status"]


@admin.register(CatalogPaytable)
class CatalogPaytableAdmin(ReadOnlyAdmin):
    list_display = ["property", "paytable_id", "status", "proposed_by", "decided_by"]
    list_filter = ["property", "status", "game"]
