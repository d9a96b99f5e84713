"""Audit every write to users, groups, staff memberships, API tokens and sign-in lockouts,
wherever it comes from (admin, shell, a library), and every sign-in, failed sign-in and
sign-out. Model signals catch what no service of ours wrote; the actor is the user of the
request being served (``casino.middleware.AuditActorMiddleware``), or "system".

Passwords are never recorded, only that one changed. ``last_login`` updates are not events of
their own: the sign-in is.
"""

from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.auth.signals import user_logged_in, user_logged_out, user_login_failed
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_save
from django.dispatch import receiver
from knox.models import AuthToken

from casino.audit import audit_record, current_request
from casino.auth import client_address
from casino.models import Property, StaffMembership

User = get_user_model()

USER_FIELDS = ("username", "first_name", "last_name", "email", "is_active", "is_staff",
               "is_superuser")


def current_actor():
    request = current_request.get()
    user = getattr(request, "user", None) if request is not None else None
    return user if user is not None and user.is_authenticated else None


def _address(request) -> str:
    return client_address(request) if request is not None else ""


def home_property(user) -> Property | None:
    """The property whose audit readers see an event about ``user``."""
    if user is None or user.pk is None:
        return None
    return Property.objects.filter(memberships__user_id=user.pk).order_by("name", "pk").first()


def _user_state(user) -> dict:
    state = {field: getattr(user, field) for field in USER_FIELDS}
    state["password"] = user.password
    return state


def _record(action: str, target, *, before=None, after=None, actor=None, prop=None):
    audit_record(actor=actor if actor is not None else current_actor(), action=action,
                 target=target, before=before, after=after,
                 property=prop or home_property(target if isinstance(target, User) else None))


# --- Users ------------------------------------------------------------------------------------

@receiver(pre_save, sender=User, dispatch_uid="casino.audit.user_pre_save")
def _user_pre_save(sender, instance, raw=False, update_fields=None, **kwargs):
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # a sign-in, audited as such
    if instance.pk and not raw:
        old = User.objects.filter(pk=instance.pk).first()
        instance._audit_before = _user_state(old) if old else None


@receiver(post_save, sender=User, dispatch_uid="casino.audit.user_post_save")
def _user_post_save(sender, instance, created, raw=False, update_fields=None, **kwargs):
    if raw or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return
    after = _user_state(instance)
    if created:
        after["password"] = "set" if instance.has_usable_password() else "unusable"
        _record("auth.user.create", instance, after=after)
        return
    before = getattr(instance, "_audit_before", None) or {}
    changed = sorted(k for k in after if before.get(k) != after[k])
    if not changed:
        return
    old = {k: before.get(k) for k in changed if k != "password"}
    new = {k: after[k] for k in changed if k != "password"}
    if "password" in changed:
        old["password"], new["password"] = "old password", "changed"
    _record("auth.user.update", instance, before=old, after=new)


@receiver(post_delete, sender=User, dispatch_uid="casino.audit.user_delete")
def _user_delete(sender, instance, **kwargs):
    state = _user_state(instance)
    del state["password"]
    _record("auth.user.delete", instance, before=state)


# --- Groups and memberships -------------------------------------------------------------------

@receiver(post_save, sender=Group, dispatch_uid="casino.audit.group_save")
def _group_save(sender, instance, created, raw=False, **kwargs):
    if not raw:
        _record("auth.group.create" if created else "auth.group.update", instance,
                after={"name": instance.name})


@receiver(post_delete, sender=Group, dispatch_uid="casino.audit.group_delete")
def _group_delete(sender, instance, **kwargs):
    _record("auth.group.delete", instance, before={"name": instance.name})


def _names(model, pks) -> list[str]:
    return sorted(str(obj) for obj in model.objects.filter(pk__in=pks or ()))


def _m2m(action_prefix: str, relation: str, instance, model, action, pk_set, reverse: bool):
    """One event per add, remove or clear of a user's groups or permissions, or a group's
    permissions (``reverse``: changed from the other side, e.g. ``group.user_set.add``)."""
    if action == "pre_clear":
        instance._audit_linked = set(getattr(instance, relation).values_list("pk", flat=True))
        return
    if action in ("pre_add", "pre_remove") and not reverse:
        # Only real changes: adding a link that exists or removing one that does not is none.
        instance._audit_linked = set(getattr(instance, relation).filter(pk__in=pk_set)
                                     .values_list("pk", flat=True))
        return
    if action not in ("post_add", "post_remove", "post_clear"):
        return
    verb = {"post_add": "add", "post_remove": "remove", "post_clear": "remove"}[action]
    linked = getattr(instance, "_audit_linked", set())
    if action == "post_clear":
        pk_set = linked
    elif not reverse:
        pk_set = set(pk_set) - linked if action == "post_add" else linked
    if not pk_set:
        return
    if reverse:
        owner_model = User if action_prefix == "auth.user" else Group
        for owner in owner_model.objects.filter(pk__in=pk_set):
            _record(f"{action_prefix}.{relation}_{verb}", owner,
                    after={relation: [str(instance)]})
        return
    _record(f"{action_prefix}.{relation}_{verb}", instance,
            after={relation: _names(model, pk_set)})


@receiver(m2m_changed, sender=User.groups.through, dispatch_uid="casino.audit.user_groups")
def _user_groups(sender, instance, action, reverse, model, pk_set, **kwargs):
    _m2m("auth.user", "groups", instance, model, action, pk_set, reverse)


@receiver(m2m_changed, sender=User.user_permissions.through,
          dispatch_uid="casino.audit.user_permissions")
def _user_permissions(sender, instance, action, reverse, model, pk_set, **kwargs):
    _m2m("auth.user", "user_permissions", instance, model, action, pk_set, reverse)


@receiver(m2m_changed, sender=Group.permissions.through,
          dispatch_uid="casino.audit.group_permissions")
def _group_permissions(sender, instance, action, reverse, model, pk_set, **kwargs):
    _m2m("auth.group", "permissions", instance, model, action, pk_set, reverse)


@receiver(post_save, sender=StaffMembership, dispatch_uid="casino.audit.membership_save")
def _membership_save(sender, instance, created, raw=False, **kwargs):
    if not raw:
        _record("casino.staffmembership.create" if created else "casino.staffmembership.update",
                instance.user, prop=instance.property,
                after={"user": instance.user.get_username(), "property": instance.property_id})


@receiver(post_delete, sender=StaffMembership, dispatch_uid="casino.audit.membership_delete")
def _membership_delete(sender, instance, **kwargs):
    _record("casino.staffmembership.delete", instance.user, prop=instance.property,
            before={"user": instance.user.get_username(), "property": instance.property_id})


# --- API tokens -------------------------------------------------------------------------------

def _token_data(token) -> dict:
    # Only the first characters (knox's ``token_key``): never enough to use the token.
    data = {"user": token.user.get_username(), "token_starts": token.token_key,
            "expires": token.expiry}
    if AuthToken.casino_token.is_cached(token) and token.casino_token is not None:
        data["name"] = token.casino_token.name  # (casino/tokens.py attaches it; no query)
    return data


@receiver(post_save, sender=AuthToken, dispatch_uid="casino.audit.token_save")
def _token_save(sender, instance, created, raw=False, **kwargs):
    if not raw:
        _record("casino.token.issue" if created else "casino.token.update", instance.user,
                after=_token_data(instance))


@receiver(post_delete, sender=AuthToken, dispatch_uid="casino.audit.token_delete")
def _token_delete(sender, instance, **kwargs):
    from django.utils import timezone

    expired = instance.expiry is not None and instance.expiry < timezone.now()
    _record("casino.token.expire" if expired else "casino.token.revoke", instance.user,
            before=_token_data(instance))


# --- Sign-in ----------------------------------------------------------------------------------

@receiver(user_logged_in, dispatch_uid="casino.audit.signed_in")
def _signed_in(sender, request, user, **kwargs):
    _record("casino.signin.success", user, actor=user,
            after={"address": _address(request)})


@receiver(user_logged_out, dispatch_uid="casino.audit.signed_out")
def _signed_out(sender, request, user, **kwargs):
    if user is not None:
        _record("casino.signin.signout", user, actor=user,
                after={"address": _address(request)})


@receiver(user_login_failed, dispatch_uid="casino.audit.signin_failed")
def _signin_failed(sender, credentials, request=None, **kwargs):
    username = str(credentials.get("username", ""))[:150]
    user = User.objects.filter(username=username).first()
    _record("casino.signin.failure", user,
            after={"username": username, "address": _address(request),
                   "locked_out": bool(getattr(request, "axes_locked_out", False))})


@receiver(user_locked_out, dispatch_uid="casino.audit.locked_out")
def _locked_out(sender, request, username, ip_address, **kwargs):
    user = User.objects.filter(username=username).first()
    _record("casino.signin.lockout", user, after={"username": username or "",
                                                   "address": ip_address or ""})


@receiver(post_delete, sender=AccessAttempt, dispatch_uid="casino.audit.unlock")
def _unlocked(sender, instance, **kwargs):
    """A superuser deleting failed attempts in the admin (or axes expiring them) unlocks."""
    user = User.objects.filter(username=instance.username).first()
    _record("casino.signin.unlock", user,
            before={"username": instance.username or "", "address": instance.ip_address or "",
                    "failures": instance.failures_since_start})
