"""API for meter signs (issue 30; §605a.7(a)(1), §605a.8): thin views over
``tables.signs.services``. Whoever seeds and opens tables (``tables.operate``) makes and
revokes signs; whoever sees the floor lists them."""

from django.http import Http404
from django.urls import reverse
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import generics
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from casino.api_views import AbilityByMethod, ErrorsSerializer, parsed
from casino.limits import MAX_ID
from casino.permissions import HasAbility
from casino.selectors import current_property
from tables.signs import selectors, services
from tables.signs.models import MeterSign
from tables.signs.serializers import NewSignSerializer, SignBody, SignSerializer

_NEW = {"id": 3, "table": "TCP-1", "linked_group": None, "created_at": "2026-12-05T21:15:04Z",
        "url": "https://casino.example/signs/3vJ9kq0cX1bq4ZpX4l2m1sTQm7a0yQyE6fN8xV0uK2c/"}


def _property(request):
    prop = getattr(request, "property", None) or current_property(request.user)
    if prop is None:
        raise PermissionDenied("Signs belong to a property: this account is staff at none.")
    return prop


class _SignView(AbilityByMethod):
    permission_classes = [HasAbility]
    read_ability = "tables.read"
    ABILITY_BY_METHOD = {"POST": "tables.operate", "DELETE": "tables.operate"}


class SignList(_SignView, generics.ListAPIView):
    """GET /api/v1/signs/: your property's signs (revoked ones are gone); POST makes one for a
    table or a linked group and answers its address, ``url``, said this once."""

    serializer_class = SignSerializer
    queryset = MeterSign.objects.none()  # the model, for the schema

    def get_queryset(self):
        return selectors.active_signs(_property(self.request))

    @extend_schema(
        summary="Make a meter sign",
        description=(
            "A sign shows the players each progressive amount they can win (§605a.7(a)(1); "
            "a linked group's one common meter, §605a.8). Open `url` on the pit's screen: no "
            "sign-in. Only the secret's SHA-256 is kept: the address is in this answer alone."),
        request=SignBody,
        responses={201: NewSignSerializer,
                   400: OpenApiResponse(ErrorsSerializer, description="The field refused."),
                   403: OpenApiResponse(description="Not one who opens tables.")},
        examples=[
            OpenApiExample("A sign for a table", value={"table": "TCP-1"}, request_only=True),
            OpenApiExample("The new sign", value=_NEW, response_only=True,
                           status_codes=["201"]),
            OpenApiExample("No such table", response_only=True, status_codes=["400"],
                           value={"errors": {"table": [
                               "There is no table TCP-9 at your property."]}}),
        ])
    def post(self, request):
        prop = _property(request)
        owner = parsed(SignBody, request, context={"property": prop})
        sign, secret = services.sign_create(actor=request.user, **owner)
        url = request.build_absolute_uri(reverse("signs:page", args=[secret]))
        return Response(NewSignSerializer(sign, context={"url": url}).data, status=201)


class SignDetail(_SignView, generics.GenericAPIView):
    """DELETE /api/v1/signs/{id}/: revoke the sign; its address is a 404 at once."""

    serializer_class = SignSerializer
    queryset = MeterSign.objects.none()

    @extend_schema(summary="Revoke a meter sign",
                   responses={204: None, 404: OpenApiResponse(description="No such sign.")})
    def delete(self, request, pk: int):
        if pk > MAX_ID or not services.sign_revoke(actor=request.user,
                                                   property=_property(request), pk=pk):
            raise Http404("No sign of your property with that id.")
        return Response(status=204)
