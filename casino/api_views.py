"""What every API view shares: bodies parsed by their declared serializer, the abilities a
view needs per method or action (checked before any body or state, so a refusal by role is
a 403 whatever the request says), and the schema of a view that serves several action routes.
"""

from __future__ import annotations

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from casino.api_fields import NoBody


def parsed(serializer_class, request, *, partial: bool = False, many: bool = False,
           context: dict | None = None):
    """``request.data`` read by ``serializer_class``: its validated values, or the 400 naming
    every refused field (raised, the exception handler shapes it)."""
    serializer = serializer_class(data=request.data, partial=partial, many=many,
                                  context={"request": request, **(context or {})})
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class ErrorsSerializer(serializers.Serializer):
    """The ``Errors`` component (casino.api_errors.ERRORS_SCHEMA is its full text): named in
    an operation's ``responses`` where the operation shows an example of one."""

    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()))


def errors(**described: str) -> dict:
    """Extra error answers of an operation (``errors(e409="...")``), each in the ``Errors``
    shape."""
    return {int(key.removeprefix("e")): OpenApiResponse(ErrorsSerializer, description=text)
            for key, text in described.items()}


class AbilityByMethod:
    """``required_ability`` (for ``HasAbility``) by HTTP method, ``read_ability`` for the
    rest: the role is checked before the body is read or the object's state looked at."""

    read_ability = ""
    ABILITY_BY_METHOD: dict[str, str] = {}

    @property
    def required_ability(self) -> str:
        return self.ABILITY_BY_METHOD.get(self.request.method, self.read_ability)


class ActionSchema(AutoSchema):
    """One view serves each action's route (``.../{id}/approve/``): the schema documents each
    route's own body, from the view's ``BODIES`` (an action not there takes none)."""

    def action(self) -> str:
        return self.path.rstrip("/").rpartition("/")[2]

    def get_request_serializer(self):
        body = self.view.BODIES.get(self.action(), NoBody)
        return None if body is NoBody else body

    def get_examples(self):
        return getattr(self.view, "EXAMPLES", {}).get(self.action(), [])
