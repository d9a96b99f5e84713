"""``can(user, ability, property)``: the one answer to "may this person do this here?".

Views use ``ability_required`` (or ``require``), DRF views use ``HasAbility``; all three go
through ``can`` so pages and API always agree. Refusals are 403s.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission

from casino.models import Property
from casino.roles import ABILITIES


def property_ids(user) -> frozenset[int]:
    """Ids of the properties where ``user`` is staff (cached on the user object)."""
    if not getattr(user, "is_authenticated", False):
        return frozenset()
    cached = getattr(user, "_casino_property_ids", None)
    if cached is None:
        cached = frozenset(user.memberships.values_list("property_id", flat=True))
        user._casino_property_ids = cached
    return cached


def can(user, ability: str, property: Property | None = None) -> bool:
    """True if ``user`` holds ``ability`` at ``property`` (``None``: at any of theirs)."""
    if ability not in ABILITIES:
        raise ValueError(f"unknown ability {ability!r}; add it to casino/roles.py")
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if user.is_superuser:
        return True
    if not user.has_perm(f"casino.{ability}"):
        return False
    ids = property_ids(user)
    return bool(ids) if property is None else property.pk in ids


def require(user, ability: str, property: Property | None = None) -> None:
    """Raise ``PermissionDenied`` (a 403) unless ``can(...)``."""
    if not can(user, ability, property):
        raise PermissionDenied(f"{ability} refused")


def ability_required(ability: str):
    """View decorator: login first, then ``ability`` at the request's current property."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
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
