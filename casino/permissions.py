"""``can(user, ability, property)``: the one answer to "may this person do this here?".

Views use ``ability_required`` (or ``require``), DRF views use ``HasAbility``; all three go
through ``can`` so pages and API always agree. Refusals are 403s.

A request asks several times (middleware, DRF permission, the service's own check), so the
user's abilities and properties are read once per user object, two queries in all. Each request
loads its user afresh (session or token), so a role or membership changed by an administrator
counts from the user's next request.
"""

from functools import wraps

from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.db.models import Q
from rest_framework.permissions import BasePermission

from casino.models import Property
from casino.roles import ABILITIES


def staff_properties(user) -> tuple[Property, ...]:
    """The properties where ``user`` is staff, by name (cached on the user object)."""
    if not getattr(user, "is_authenticated", False):
        return ()
    cached = getattr(user, "_casino_properties", None)
    if cached is None:
        cached = tuple(Property.objects.filter(memberships__user=user).order_by("name", "pk"))
        user._casino_properties = cached
    return cached


def property_ids(user) -> frozenset[int]:
    """Ids of the properties where ``user`` is staff (cached on the user object)."""
    return frozenset(p.pk for p in staff_properties(user))


def abilities(user) -> frozenset[str]:
    """The abilities ``user``'s roles (groups) and own permissions grant, in one query where
    Django's ``has_perm`` makes two (cached on the user object)."""
    cached = getattr(user, "_casino_abilities", None)
    if cached is None:
        granted = Permission.objects.filter(Q(group__user=user) | Q(user=user),
                                            content_type__app_label="casino")
        cached = frozenset(granted.values_list("codename", flat=True))
        user._casino_abilities = cached
    return cached


def can(user, ability: str, property: Property | None = None) -> bool:
    """True if ``user`` holds ``ability`` at ``property`` (``None``: at any of theirs)."""
    if ability not in ABILITIES:
        raise ValueError(f"unknown ability {ability!r}; add it to casino/roles.py")
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    if ability not in abilities(user):
        return False
    ids = property_ids(user)
    return bool(ids) if property is None else property.pk in ids


def require(user, ability: str, property: Property | None = None) -> None:
    """Raise ``PermissionDenied`` (a 403) unless ``can(...)``."""
    if not can(user, ability, property):
        raise PermissionDenied(f"{ability} refused")


def require_at(user, ability: str, property: Property | None) -> None:
    """``require`` for a write that belongs to a property: without one (a superuser with no
    staff membership) there is nowhere to write it, so it is refused too."""
    if property is None:
        raise PermissionDenied(f"{ability} refused")
    require(user, ability, property)


def ability_required(ability: str):
    """View decorator: login first, then ``ability`` at the request's current property."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                # The error pages import DRF, whose settings import this module: import late.
                from casino.error_pages import sign_in_again

                return sign_in_again(request)  # htmx too: never a redirect followed unseen
            require(request.user, ability, getattr(request, "property", None))
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


class HasAbility(BasePermission):
    """DRF permission: the view's ``required_ability``, at the object's property if any."""

    def has_permission(self, request, view) -> bool:
        return can(request.user, view.required_ability)

    def has_object_permission(self, request, view, obj) -> bool:
        prop = obj if isinstance(obj, Property) else getattr(obj, "property", None)
        return can(request.user, view.required_ability, prop)
