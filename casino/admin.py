"""Admin for superusers. Every write goes through the services, so it is audited like any other;
roles are changed on the staff membership, never on the user's groups. Writes to users, groups
and tokens are audited by casino/signals.py; API tokens are issued, rotated and revoked here."""

from axes.admin import AccessAttemptAdmin
from axes.models import AccessAttempt
from django import forms
from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.models import Group
from knox.models import AuthToken

from casino import selectors, services, tokens
from casino.models import AuditChainCheck, AuditEvent, Property, StaffMembership
from casino.roles import ROLES


@admin.register(Property)
class PropertyAdmin(admin.ModelAdmin):
    fields = ["name", "license_number"]  # what property_create/property_update write
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


@admin.register(AuditChainCheck)
class AuditChainCheckAdmin(ReadOnlyAdmin):
    """Runs of the audit chain check (``manage.py audit_verify`` and the beat job)."""

    list_display = ["checked_at", "chain", "kind", "ok", "events_checked", "last_seq"]
    list_filter = ["ok", "kind"]


class TokenIssueForm(forms.ModelForm):
    """Issue a token to an API client account; the key is shown once, only its digest kept."""

    class Meta:
        model = AuthToken
        fields = ["user"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        api_users = [u.pk for u in User.objects.filter(is_active=True, is_superuser=False)
                     if tokens.may_hold_token(u)]
        self.fields["user"].queryset = User.objects.filter(pk__in=api_users)
        self.fields["user"].help_text = "Only active API client accounts can hold a token."


admin.site.unregister(AuthToken)


@admin.register(AuthToken)
class ApiTokenAdmin(admin.ModelAdmin):
    """Superusers issue, rotate and revoke API tokens here; every one of those is audited."""

    list_display = ["token_key", "user", "created", "expiry"]
    list_filter = ["user"]
    search_fields = ["token_key", "user__username"]
    actions = ["rotate", "revoke"]

    def has_module_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_add_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def get_form(self, request, obj=None, **kwargs):
        kwargs["form"] = TokenIssueForm
        return super().get_form(request, obj, **kwargs)

    def get_actions(self, request):
        actions = super().get_actions(request)
        actions.pop("delete_selected", None)  # "Revoke" says what it does
        return actions

    def save_model(self, request, obj, form, change):
        try:
            token, key = tokens.token_issue(user=obj.user)
        except tokens.TokenRefused as exc:
            self.message_user(request, str(exc), messages.ERROR)
            return
        obj.pk = token.pk
        self.message_user(request, f"New API token for {obj.user} (copy it now, it is not "
                                   f"shown again; expires {token.expiry:%Y-%m-%d}): {key}",
                          messages.WARNING)

    def delete_model(self, request, obj):
        tokens.token_revoke(token=obj)

    def delete_queryset(self, request, queryset):
        for token in queryset:
            tokens.token_revoke(token=token)

    @admin.action(description="Rotate: replace by a new token (the old one stops working)")
    def rotate(self, request, queryset):
        for token in queryset.select_related("user"):
            new, key = tokens.token_rotate(token=token)
            self.message_user(request, f"New API token for {new.user} (copy it now, it is not "
                                       f"shown again; expires {new.expiry:%Y-%m-%d}): {key}",
                              messages.WARNING)

    @admin.action(description="Revoke: the token stops working now")
    def revoke(self, request, queryset):
        count = queryset.count()
        self.delete_queryset(request, queryset)
        self.message_user(request, f"{count} token(s) revoked.", messages.SUCCESS)


admin.site.unregister(AccessAttempt)


@admin.register(AccessAttempt)
class SignInLockoutAdmin(AccessAttemptAdmin):
    """django-axes' failed sign-ins; "Unlock" (a superuser only) deletes them, audited."""

    actions = ["unlock"]

    def has_module_permission(self, request) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request, obj=None) -> bool:
        return request.user.is_superuser

    @admin.action(description="Unlock: forget these failed sign-ins")
    def unlock(self, request, queryset):
        count = queryset.count()
        for attempt in queryset:
            attempt.delete()
        self.message_user(request, f"{count} lockout(s) lifted.", messages.SUCCESS)
