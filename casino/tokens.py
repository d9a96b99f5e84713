"""API tokens: django-rest-knox tokens (only a SHA-512 digest is stored; the key is shown
once), each expiring, each audited when issued, revoked or expired (casino/signals.py).

Two kinds, one mechanism. A **personal token** is made by a staff member for a program acting
for them (a tablet app, a script: ``POST /api/v1/tokens/`` or their Tokens page), named by
them, for 1 to ``API_TOKEN_MAX_DAYS`` days. An **API client account's** token is issued,
rotated and revoked by a superuser in the admin (``token_issue``). Either acts with its
person's abilities alone, so the two-person rules (a slip validated, paid or voided by someone
other than who recorded it or asked) hold across tokens and sessions: the rules compare people,
never credentials. A token authenticates only an active staff member of some property;
superusers administer in the admin, never with a standing credential, and get none.
"""

import datetime as dt

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from knox.models import AuthToken, get_digest_token
from knox.settings import CONSTANTS
from rest_framework import exceptions

from casino.models import ApiToken
from casino.permissions import can, property_ids


def may_hold_token(user) -> bool:
    """An API client account (an integration, ``api.access``): a superuser issues its tokens
    in the admin."""
    return user.is_active and not user.is_superuser and can(user, "api.access")


def may_use_token(user) -> bool:
    """Staff of some property, active, not a superuser: a token of theirs authenticates."""
    return user.is_active and not user.is_superuser and bool(property_ids(user))


OWN_TOKENS_REFUSED = ("Only staff members of a property make their own tokens; an API client "
                      "account's tokens are issued by a superuser in the admin.")


def makes_own_tokens(user) -> bool:
    """Staff of a property who are not an API client account (a superuser issues those)."""
    return (user.is_authenticated and may_use_token(user) and not can(user, "api.access"))


class ApiTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>``: staff members' personal tokens and API client accounts'
    tokens (``request.auth`` is the token: the audit log names it, casino/audit.py)."""

    def validate_user(self, auth_token):
        user, token = super().validate_user(auth_token)
        if not may_use_token(user):
            raise exceptions.AuthenticationFailed(
                "This token's account may not use the API: it is not staff at a property "
                "(or is a superuser, who uses the admin).")
        return user, token


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """How the OpenAPI schema describes ``ApiTokenAuthentication``."""

    target_class = "casino.tokens.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <key>`: a personal token (`POST /api/v1/tokens/`) or "
                               "an API client account's (issued by a superuser)."}


class TokenRefused(ValueError):
    """The user may not hold a token; the message says why."""


def token_ttl() -> dt.timedelta:
    return dt.timedelta(days=settings.API_TOKEN_TTL_DAYS)


def _new_token(user, ttl: dt.timedelta, name: str) -> tuple[ApiToken, str]:
    """knox's ``AuthToken.objects.create`` with the name attached before the token is saved,
    so its issue event names it (casino/signals.py)."""
    digest, key = get_digest_token()
    token = AuthToken(digest=digest, token_key=key[:CONSTANTS.TOKEN_KEY_LENGTH], user=user,
                      expiry=timezone.now() + ttl)
    named = ApiToken(token=token, name=name)
    token.save(force_insert=True)
    named.token = token
    named.save(force_insert=True)
    return named, key


@transaction.atomic
def token_issue(*, user, ttl: dt.timedelta | None = None) -> tuple[AuthToken, str]:
    """A new token for the API client account ``user``: (the stored token, the key to hand
    over once)."""
    if not may_hold_token(user):
        raise TokenRefused(f"{user.get_username()} does not have API access: only API client "
                           "accounts get tokens in the admin.")
    named, key = _new_token(user, ttl or token_ttl(), "API client token")
    return named.token, key


@transaction.atomic
def personal_token_create(*, user, name: str, days: int) -> tuple[ApiToken, str]:
    """A staff member's own token, named, for ``days`` days: (its record, the key, shown
    once). API client accounts' tokens come from a superuser (``token_issue``)."""
    if not makes_own_tokens(user):
        raise TokenRefused(OWN_TOKENS_REFUSED)
    return _new_token(user, dt.timedelta(days=days), name)


def personal_tokens(user):
    """``user``'s live named tokens, newest first (an expired one is gone at its next use;
    it is not listed from its expiry on)."""
    return (ApiToken.objects.filter(token__user=user, token__expiry__gt=timezone.now())
            .select_related("token").order_by("-token__created", "-pk"))


@transaction.atomic
def personal_token_revoke(*, user, token_id: int) -> bool:
    """Revoke ``user``'s own token number ``token_id`` (False: no such token of theirs)."""
    named = (ApiToken.objects.filter(pk=token_id, token__user=user).select_related("token")
             .first())
    if named is None:
        return False
    named.token.delete()  # the instance that knows its name: the revoke event names it
    return True


@transaction.atomic
def token_rotate(*, token: AuthToken) -> tuple[AuthToken, str]:
    """Replace ``token`` by a new one for the same user (the old key stops working now)."""
    user = token.user
    AuthToken.objects.filter(digest=token.digest).delete()
    return token_issue(user=user)


@transaction.atomic
def token_revoke(*, token: AuthToken) -> None:
    AuthToken.objects.filter(digest=token.digest).delete()
