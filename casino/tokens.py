"""API tokens: django-rest-knox tokens (only a SHA-512 digest is stored; the key is shown
once), expiring after ``API_TOKEN_TTL_DAYS``, issued, rotated and revoked by a superuser in the
admin, each write audited (casino/signals.py). A token authenticates only a user who holds
``api.access`` through the API client role: a token made for anyone else, superusers included
(they administer in the admin, never with a standing credential), is refused.
"""

import datetime as dt

from django.conf import settings
from django.db import transaction
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from knox.auth import TokenAuthentication
from knox.models import AuthToken
from rest_framework import exceptions

from casino.permissions import can


def may_hold_token(user) -> bool:
    return user.is_active and not user.is_superuser and can(user, "api.access")


class ApiTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` for API client accounts only."""

    def validate_user(self, auth_token):
        user, token = super().validate_user(auth_token)
        if not may_hold_token(user):
            raise exceptions.AuthenticationFailed(
                "This account may not use the API with a token (it lacks API access).")
        return user, token


class ApiTokenScheme(OpenApiAuthenticationExtension):
    """How the OpenAPI schema describes ``ApiTokenAuthentication``."""

    target_class = "casino.tokens.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema):
        return {"type": "apiKey", "in": "header", "name": "Authorization",
                "description": "`Token <key>`: API client accounts only; a superuser issues "
                               "keys in the admin."}


class TokenRefused(ValueError):
    """The user may not hold a token; the message says why."""


def token_ttl() -> dt.timedelta:
    return dt.timedelta(days=settings.API_TOKEN_TTL_DAYS)


@transaction.atomic
def token_issue(*, user, ttl: dt.timedelta | None = None) -> tuple[AuthToken, str]:
    """A new token for ``user``: (the stored token, the key to hand over once)."""
    if not may_hold_token(user):
        raise TokenRefused(f"{user.get_username()} does not have API access: only API client "
                           "accounts get tokens.")
    return AuthToken.objects.create(user=user, expiry=ttl or token_ttl())


@transaction.atomic
def token_rotate(*, token: AuthToken) -> tuple[AuthToken, str]:
    """Replace ``token`` by a new one for the same user (the old key stops working now)."""
    user = token.user
    AuthToken.objects.filter(digest=token.digest).delete()
    return token_issue(user=user)


@transaction.atomic
def token_revoke(*, token: AuthToken) -> None:
    AuthToken.objects.filter(digest=token.digest).delete()
