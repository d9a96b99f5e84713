from django.contrib import admin

from casino.models import AuditEvent, Property, StaffMembership


@admin.register(Property)
class PropertyAdmin(admin.ModelAdmin):
    list_display = ["name", "license_number", "created_at"]
    search_fields = ["name", "license_number"]


@admin.register(StaffMembership)
class StaffMembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "property", "created_at"]
    list_filter = ["property"]


@admin.register(AuditEvent)
class AuditEventAdmin(admin.ModelAdmin):
    """Read-only: no add, change or delete, for anyone (superusers included)."""

    list_display = ["created_at", "actor_repr", "property", "action", "target_repr"]
    list_filter = ["property", "action"]
    search_fields = ["action", "target_repr", "actor_repr"]
    actions = None

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
