"""What the Rules Submission views share: a refusal as its status, and the property a body
names."""

from rest_framework import serializers, status
from rest_framework.response import Response

from casino.models import Property
from casino.selectors import current_property, properties_visible_to
from rulesubmissions.services import RulesError, StateRefused


def refused(exc: RulesError) -> Response:
    """A refusal by the record's state (approving an approved version, opening an open
    table) is a 409; any other refusal by the rules a 400; both in the one shape."""
    code = (status.HTTP_409_CONFLICT if isinstance(exc, StateRefused)
            else status.HTTP_400_BAD_REQUEST)
    return Response({"errors": exc.errors}, status=code)


def own_property(user, pk: int | None) -> Property:
    """The property ``pk`` if the user is staff there (their own if None); a 400 otherwise."""
    if pk is None:
        prop = current_property(user)
    else:
        prop = properties_visible_to(user).filter(pk=pk).first()
    if prop is None:
        raise serializers.ValidationError({"property": ["not a property where you are staff"]})
    return prop
