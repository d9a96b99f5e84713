"""Admin for superusers. Every write goes through the services, so it is audited like any other;
roles are changed on the staff membership, never on the user's groups."""

from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import Group

from casino import selectors, services
from casino.models import AuditEvent, Property, StaffMembership
from casino.roles import ROLES


@admin.register(Property)
class PropertyAdmin(admin.ModelAdmin):
    list_display = ["name", "license_number", "created_at"]
    search_fields = ["name", "license_number"]
    actions = None

    def save_model(self, request, obj, form, change):
        data = {"actor": request.user, "name": obj.name, "license_number": obj.license_number}
        if change:
            services.property_update(property=obj, **data)
        else:
            obj.pk = services.property_create(**data).pk

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # records and audit events point at it; nothing is deleted


class StaffMembershipForm(forms.ModelForm):
    role = forms.ChoiceField(choices=[(r.code, r.label) for r in ROLES.values()])

    class Meta:
        model = StaffMembership
        fields = ["user", "property"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            roles = selectors.user_roles(self.instance.user)
            self.initial["role"] = roles[0].code if roles else None


@admin.register(StaffMembership)
class StaffMembershipAdmin(admin.ModelAdmin):
    form = StaffMembershipForm
    list_display = ["user", "property", "created_at"]
    list_filter = ["property"]
    actions = None  # a bulk delete would bypass staff_remove

    def get_readonly_fields(self, request, obj=None):
        return ["user", "property"] if obj else []

    def save_model(self, request, obj, form, change):
        role = form.cleaned_data["role"]
        if change:
            services.staff_set_role(actor=request.user, user=obj.user, role=role,
                                    property=obj.property)
        else:
            obj.pk = services.staff_add(actor=request.user, user=obj.user,
                                        property=obj.property, role=role).pk

    def delete_model(self, request, obj):
        services.staff_remove(actor=request.user, user=obj.user, property=obj.property)


User = get_user_model()
admin.site.unregister(User)
admin.site.unregister(Group)  # roles are data in casino/roles.py, synced on every migrate


@admin.register(User)
class CasinoUserAdmin(UserAdmin):
    """Roles are groups: set them on the staff membership (audited), not here."""

    readonly_fields = ["groups", "user_permissions"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """No add, change or delete, for anyone (superusers included): the services write."""

    actions = None

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(AuditEvent)
class AuditEventAdmin(ReadOnlyAdmin):
    """Read-only: the audit log is append-only."""

    list_display = ["created_at", "actor_repr", "property", "action", "target_repr"]
    list_filter = ["property", "action"]
    search_fields = ["action", "target_repr", "actor_repr"]
