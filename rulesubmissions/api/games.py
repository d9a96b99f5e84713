"""``GET /api/v1/games/``: each game of the engine as a Rules Submission may offer it."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api_fields import OptionConditions
from casino.permissions import HasAbility
from casino.selectors import current_property
from games.names import choice_name
from rulesubmissions import selectors
from rulesubmissions.engine import available_games, describe, game_spec
from rulesubmissions.serializers import OptionValue


class _OptionSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField())
    choice_names = serializers.ListField(child=serializers.CharField())
    default = OptionValue(allow_null=True)
    requires_wagers = serializers.DictField(child=serializers.CharField())
    required_with = serializers.DictField(child=serializers.CharField())
    shape = serializers.JSONField(
        allow_null=True, help_text="The JSON Schema of a value that is not a choice, yes/no "
                                   "or number (Royal 9's combination of each position); null "
                                   "otherwise.")


class _NeededWagersSchema(serializers.Serializer):
    one_of = serializers.ListField(child=serializers.CharField())
    rule = serializers.CharField()


class _WagerSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    optional = serializers.BooleanField()
    base = serializers.BooleanField()
    paytable_required = serializers.BooleanField()
    requires = OptionConditions(help_text="Offered only when each of these options has this "
                                          "value.")
    requires_wagers = _NeededWagersSchema(many=True)
    meters = serializers.ListField(child=serializers.CharField())
    paytables = serializers.ListField(child=serializers.CharField())


class _MinimumSchema(serializers.Serializer):
    when = OptionConditions(help_text="These minimums apply when each of these options has "
                                      "this value.")
    rule = serializers.CharField()
    min_initial = serializers.CharField(allow_null=True)
    min_reset = serializers.CharField(allow_null=True)


class _MeterSchema(serializers.Serializer):
    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    wager = serializers.CharField(allow_null=True)
    note = serializers.CharField(allow_blank=True)
    min_initial = serializers.CharField(allow_null=True, help_text="dollars, e.g. \"10000.00\"")
    min_reset = serializers.CharField(allow_null=True)
    min_rate = serializers.CharField(allow_null=True, help_text="percent of each wager")
    max_rate = serializers.CharField(allow_null=True)
    minimums_when = _MinimumSchema(many=True)


class GameSchema(serializers.Serializer):
    """One game as ``GET /api/v1/games/`` lists it (documentation of the response)."""

    key = serializers.CharField()
    name = serializers.CharField()
    rule = serializers.CharField()
    positions = serializers.IntegerField()
    options = _OptionSchema(many=True)
    wagers = _WagerSchema(many=True)
    meters = _MeterSchema(many=True)


class GameList(APIView):
    """Each game of the engine: wagers, paytables, options (with their choices' names),
    meters and their minimums. A list, one object per game."""

    permission_classes = [HasAbility]
    required_ability = "rulesubmissions.read"

    @extend_schema(responses=GameSchema(many=True))
    def get(self, request):
        cat = selectors.catalog_for(current_property(request.user))
        return Response([_with_choice_names(describe(spec, cat)) for spec in available_games()])


def _with_choice_names(game: dict) -> dict:
    """Each option's choices in words beside the keys integrations send."""
    for option in game["options"]:
        option["choice_names"] = [choice_name(option["key"], c) for c in option["choices"]]
        shape = game_spec(game["key"]).option(option["key"]).shape
        option["shape"] = dict(shape) if shape else None
    return game
