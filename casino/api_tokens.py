"""Personal API tokens over the API: make one (the key is answered once), list one's own (never
a key again), revoke one. Signed in by session (with ``X-CSRFToken``) or by a token; the
person's Tokens page does the same (casino/token_pages.py). Making a token is throttled per
person (``TOKEN_CREATE_THROTTLE_RATE``, casino/throttles.py)."""

from django.conf import settings
from django.http import Http404
from drf_spectacular.drainage import set_override
from drf_spectacular.utils import OpenApiExample, extend_schema
from knox.models import AuthToken
from rest_framework import serializers, status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from casino import tokens
from casino.api_fields import StrictSerializer, text_of
from casino.api_views import errors, parsed
from casino.audit import token_words
from casino.limits import MAX_ID
from casino.models import ApiToken
from casino.throttles import TokenCreateThrottle


class Days(serializers.Field):
    """A whole number of days (a JSON integer), 1 to ``API_TOKEN_MAX_DAYS``."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        set_override(self, "field", {"type": "integer", "minimum": 1,
                                     "maximum": settings.API_TOKEN_MAX_DAYS, "example": 30})

    def to_internal_value(self, data):
        most = settings.API_TOKEN_MAX_DAYS
        if isinstance(data, bool) or not isinstance(data, int) or not 1 <= data <= most:
            raise serializers.ValidationError(f"a whole number of days from 1 to {most}")
        return data

    def to_representation(self, value):
        return value


class TokenCreateRequest(StrictSerializer):
    """A personal token to make: its name, and how many days it lasts."""

    name = text_of(ApiToken, "name", help_text="What the token is for (\"tablet 3\"): the "
                                               "audit log names it beside you.")
    expires_in_days = Days(required=False, help_text="Days until it stops working: 1 to "
                                                     "`API_TOKEN_MAX_DAYS` (365); default "
                                                     "`API_TOKEN_TTL_DAYS` (90).")

    def validate_name(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("a name is required: what the token is for")
        return value.strip()


class TokenSerializer(serializers.Serializer):
    """One of your tokens, as listed: never its key."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_with = serializers.CharField(source="token.token_key",
                                        help_text="The key's first characters, to tell it by.")
    created_at = serializers.DateTimeField(source="token.created")
    expires_at = serializers.DateTimeField(source="token.expiry")


class TokenCreatedSerializer(TokenSerializer):
    key = serializers.CharField(help_text="The key: shown this once, only its digest is "
                                          "kept. Send it as `Authorization: Token <key>`.")


CREATE_EXAMPLE = {"name": "tablet 3", "expires_in_days": 30}
CREATED_EXAMPLE = {"id": 12, "name": "tablet 3", "starts_with": "3f9a1c07b2e4d8a",
                   "created_at": "2026-12-06T09:14:03.512000-05:00",
                   "expires_at": "2027-01-05T09:14:03.512000-05:00",
                   "key": "3f9a1c07b2e4d8a6..."}


def _as_created(named: ApiToken, key: str) -> dict:
    data = dict(TokenSerializer(named).data)
    data["key"] = key
    return data


class TokenList(APIView):
    """Your own API tokens: make one, or list them."""

    def get_throttles(self):
        extra = [TokenCreateThrottle()] if self.request.method == "POST" else []
        return [*super().get_throttles(), *extra]

    @extend_schema(summary="List your API tokens", responses={200: TokenSerializer(many=True)})
    def get(self, request):
        return Response(TokenSerializer(tokens.personal_tokens(request.user), many=True).data)

    @extend_schema(
        summary="Make a personal API token",
        description="A token that acts for you, with your abilities and no more: the key is "
                    "in this answer only. At most `TOKEN_CREATE_THROTTLE_RATE` (10 an hour) "
                    "each; API client accounts get theirs from a superuser (403).",
        request=TokenCreateRequest,
        responses={201: TokenCreatedSerializer, **errors(
            e429="Too many tokens made: wait the seconds `Retry-After` says.")},
        examples=[OpenApiExample("Tablet token", value=CREATE_EXAMPLE, request_only=True),
                  OpenApiExample("Tablet token made", value=CREATED_EXAMPLE, response_only=True,
                                 status_codes=["201"])])
    def post(self, request):
        if not tokens.makes_own_tokens(request.user):  # who, before the body is read
            raise PermissionDenied(tokens.OWN_TOKENS_REFUSED)
        data = parsed(TokenCreateRequest, request)
        days = data.get("expires_in_days", settings.API_TOKEN_TTL_DAYS)
        named, key = tokens.personal_token_create(user=request.user, name=data["name"],
                                                  days=days)
        return Response(_as_created(named, key), status=status.HTTP_201_CREATED)


class TokenDetail(APIView):
    """One of your tokens: revoke it (it stops working at once)."""

    @extend_schema(summary="Revoke one of your API tokens",
                   responses={204: None})
    def delete(self, request, pk: int):
        if isinstance(request.auth, AuthToken):  # a token revoking itself is still named
            token_words(request.auth)             # in the revoke event (read before it goes)
        if pk > MAX_ID or not tokens.personal_token_revoke(user=request.user, token_id=pk):
            raise Http404("No token of yours with that id.")
        return Response(status=status.HTTP_204_NO_CONTENT)
