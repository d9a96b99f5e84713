"""POST /api/v1/engine/settle/: a thin wrapper around ``games.settle``.

The engine validates the round; its errors become 400s with field paths, never 500s. It runs
``using`` the requesting user's property catalog: the built-in paytables plus those a second
compliance officer approved for that property (§601a.2).
"""

from collections.abc import Mapping

from drf_spectacular.utils import OpenApiExample, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from casino.api_fields import money_schema
from casino.api_views import ErrorsSerializer, parsed
from casino.permissions import HasAbility
from casino.selectors import current_property
from games.paytables import Catalog, using
from rulesubmissions.selectors import catalog_for

HOUSE_WAY = games.house_way()  # Pai Gow Poker's, §645a.11(a)(1)

# The fields after "game" belong to each game (see games.spec(game)); this shows the shape.
_EXAMPLE_REQUEST = {
    "game": "three_card_poker",
    "options": {"ante_bonus": "A"},  # the Play Wager is paid its Ante Bonus (§649a.12(b))
    "positions": [{"seat": 1, "wagers": {"ante": "10.00", "play": "10.00"},
                   "cards": ["Ah", "Kh", "Qh"]}],
    "dealer": ["2c", "7d", "9s"],
}



# --- the declared shapes ----------------------------------------------------------------------
# A round's fields depend on its game: each game's SPEC declares its round's and position's own
# fields (``GameSpec.request``), which tables/floor/round_schema.py adds to these, one schema
# per game. The engine reads every field, refuses any its game does not take and names each
# refusal (``positions[0].cards``): each is checked by the engine, not twice.

def _object(data) -> dict:
    """The body as the engine reads it; only its being an object is checked here."""
    if not isinstance(data, Mapping):
        raise serializers.ValidationError({"non_field_errors": [
            "The body must be a JSON object."]})
    return dict(data)


@extend_schema_field({"type": "object", "additionalProperties": money_schema(),
                      "example": {"ante": "10.00", "play": "10.00"}})
class _Amounts(serializers.DictField):
    """Wager key -> amount in dollars."""


class EnginePosition(serializers.Serializer):
    """One betting position; each game adds its own fields (``cards``; ``high``/``low`` in Pai
    Gow Poker), declared by its SPEC."""

    seat = serializers.IntegerField(min_value=1, max_value=99)
    wagers = _Amounts(required=False)


class _Round(serializers.Serializer):
    """What every game's round carries; each game adds its own fields (the dealer's cards, the
    spin, the rolls), declared by its SPEC."""

    positions = EnginePosition(many=True)

    def to_internal_value(self, data):
        return _object(data)


class EngineRound(_Round):
    """A round for ``games.settle``."""

    game = serializers.ChoiceField(choices=list(games.GAMES))
    options = serializers.DictField(required=False, help_text="Option key -> value (the "
                                    "paytable of each optional wager, by letter or id).")
    meters = serializers.DictField(child=serializers.CharField(), required=False,
                                   help_text="Meter key -> its amount now, dollars.")


class TableRound(_Round):
    """A round at a table: its approved terms supply game, options and meters."""


class LineSerializer(serializers.Serializer):
    wager = serializers.CharField()
    amount = serializers.CharField(help_text="dollars")
    result = serializers.ChoiceField(choices=["win", "lose", "push"])
    odds = serializers.CharField(allow_blank=True)
    net = serializers.CharField(help_text="the player's signed result, dollars")
    rule = serializers.CharField()
    paid_from = serializers.CharField()
    hand = serializers.CharField(required=False, help_text=(
        "The hand that decided the line; absent where the line names none."))
    meter = serializers.CharField(required=False, help_text=(
        "The meter that pays the line; absent on a line no meter pays."))
    meter_reset = serializers.BooleanField(required=False, help_text=(
        "A meter award: true when it pays the meter out whole, so the meter restarts at its "
        "reset amount; false when a payout limit keeps part of it on the meter (§645a.13(j)); "
        "absent on any other line."))
    verification = serializers.CharField(required=False, help_text=(
        "The clause making a floorperson or above verify the payout before it is paid "
        "(§649a.11(c)(5)(iii)); absent where none does."))


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    hand = serializers.CharField(allow_blank=True)
    net = serializers.CharField(help_text="dollars")
    lines = LineSerializer(many=True)


class MeterAwardSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    wager = serializers.CharField()
    meter = serializers.CharField()
    award = serializers.CharField(help_text="dollars")
    rule = serializers.CharField()


class SettlementSerializer(serializers.Serializer):
    """The engine's settlement (a game adds its own fields beside these)."""

    game = serializers.CharField()
    dealer = serializers.DictField(help_text="The game's own: one schema per game.")
    positions = SeatSerializer(many=True)
    meter_awards = MeterAwardSerializer(many=True)
    notes = serializers.ListField(child=serializers.CharField())


class VersionUsed(serializers.Serializer):
    """The approved Rules Submission version a table's round is settled by (§601a.2: the
    rules in force), as a settlement and a slip preview name it."""

    id = serializers.IntegerField()
    version = serializers.IntegerField()


class TableSettlementSerializer(SettlementSerializer):
    submission = VersionUsed(help_text="The Rules Submission version the round was settled "
                                        "by.")


class HouseWayBody(serializers.Serializer):
    cards = serializers.ListField(child=serializers.CharField(max_length=3), min_length=7,
                                  max_length=7)
    house_way = serializers.ChoiceField(choices=sorted(HOUSE_WAY.names), required=False)

    def to_internal_value(self, data):
        return _object(data)


class HouseWaySerializer(serializers.Serializer):
    house_way = serializers.CharField()
    high = serializers.ListField(child=serializers.CharField())
    low = serializers.ListField(child=serializers.CharField())
    high_hand = serializers.CharField()
    low_hand = serializers.CharField()
    rule = serializers.CharField()


class SettleView(APIView):
    permission_classes = [HasAbility]
    required_ability = "engine.settle"

    @extend_schema(
        summary="Settle one round",
        description=(
            "Passes the JSON body to the game engine (`games.settle`) and returns its result. "
            "Each game takes the fields it names (GET /api/v1/games/); bad input is a 400 "
            "with `{\"errors\": {field_path: [messages]}}`."
        ),
        request=EngineRound,
        responses={200: SettlementSerializer, 400: ErrorsSerializer},
        examples=[
            OpenApiExample("A round (fields depend on the game)", value=_EXAMPLE_REQUEST,
                           request_only=True),
            OpenApiExample("Unknown game", value={"errors": {"game": ["unknown game"]}},
                           response_only=True, status_codes=["400"]),
        ],
    )
    def post(self, request):
        return _answer(request, games.settle, parsed(EngineRound, request))


class PaiGowHouseWayView(APIView):
    """POST /api/v1/engine/pai-gow/house-way/: how the house would set seven cards
    (§645a.11(a)(1): a player who asks for help is told the house way)."""

    permission_classes = [HasAbility]
    required_ability = "engine.settle"

    @extend_schema(
        summary="Pai Gow Poker: set seven cards by a house way",
        description=(
            "Sets seven cards (engine notation, `Jk` for the joker) into a five-card high hand "
            "and a two-card low hand by the named house way (default `common`, the published "
            "dealer-school house way; §645a.11(c) leaves the manner to the Rules Submission). "
            "Bad input is a 400 with `{\"errors\": {field: [messages]}}`."
        ),
        request=HouseWayBody,
        responses={200: HouseWaySerializer},
        examples=[
            OpenApiExample("Two pair, kings and fives, with an ace",
                           value={"cards": ["Ks", "Kh", "5d", "5c", "As", "Qh", "2d"],
                                  "house_way": "common"}, request_only=True),
            OpenApiExample("The setting", response_only=True, status_codes=["200"], value={
                "house_way": "common", "high": ["Kh", "Ks", "As", "Qh", "2d"],
                "low": ["5c", "5d"], "high_hand": "pair (K-A-Q-2)", "low_hand": "pair (5)",
                "rule": "§645a.11(a)(1), §645a.11(c)"}),
        ],
    )
    def post(self, request):
        return _answer(request, HOUSE_WAY.answer, parsed(HouseWayBody, request))


def _answer(request, engine_call, body: dict) -> Response:
    """The engine's answer to the body, run ``using`` the user's property catalog; what the
    rules refuse is a 400 naming the field."""
    try:
        with using(_catalog(request)):
            return Response(engine_call(body))
    except games.InvalidRound as exc:
        return _bad(exc.errors)
    except games.GameError as exc:
        return _bad({"non_field_errors": [str(exc)]})


def _catalog(request) -> Catalog:
    """The user's property catalog. A token client has no ``request.property``: the middleware
    runs before DRF authenticates it."""
    return catalog_for(request.property or current_property(request.user))


def _bad(errors: dict) -> Response:
    return Response({"errors": errors}, status=400)
