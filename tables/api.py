"""POST /api/v1/engine/settle/: a thin wrapper around ``games.settle``.

The engine validates the round; its errors become 400s with field paths, never 500s. It runs
``using`` the requesting user's property catalog: the built-in paytables plus those a second
compliance officer approved for that property (§601a.2).
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

import games
from casino.permissions import HasAbility
from casino.selectors import current_property
from games import pai_gow_poker
from games.paytables import Catalog, using
from rulesubmissions.selectors import catalog_for

# The fields after "game" belong to each game (see games.spec(game)); this shows the shape.
_EXAMPLE_REQUEST = {
    "game": "three_card_poker",
    "options": {"ante_bonus": "A"},  # the Play Wager is paid its Ante Bonus (§649a.12(b))
    "positions": [{"seat": 1, "wagers": {"ante": "10.00", "play": "10.00"},
                   "cards": ["Ah", "Kh", "Qh"]}],
    "dealer": ["2c", "7d", "9s"],
}


class SettleView(APIView):
    permission_classes = [HasAbility]
    required_ability = "engine.settle"

    @extend_schema(
        summary="Settle one round",
        description=(
            "Passes the JSON body to the game engine (`games.settle`) and returns its result. "
            "Bad input is a 400 with `{\"errors\": {field_path: [messages]}}`."
        ),
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The engine's settlement."),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="Field errors."),
        },
        examples=[
            OpenApiExample("A round (fields depend on the game)", value=_EXAMPLE_REQUEST,
                           request_only=True),
            OpenApiExample("Unknown game", value={"errors": {"game": ["unknown game"]}},
                           response_only=True, status_codes=["400"]),
        ],
    )
    def post(self, request):
        return _answer(request, games.settle)


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
        request=OpenApiTypes.OBJECT,
        responses={
            200: OpenApiResponse(OpenApiTypes.OBJECT, description="The high and low hands."),
            400: OpenApiResponse(OpenApiTypes.OBJECT, description="Field errors."),
        },
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
        return _answer(request, pai_gow_poker.house_way_request)


def _answer(request, engine_call) -> Response:
    """The engine's answer to the JSON body, run ``using`` the user's property catalog; what
    the rules refuse is a 400 naming the field."""
    if not isinstance(request.data, dict):
        return _bad({"non_field_errors": ["The body must be a JSON object."]})
    try:
        with using(_catalog(request)):
            return Response(engine_call(dict(request.data)))
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
