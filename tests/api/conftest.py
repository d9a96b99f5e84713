"""The engine API as the integration persona sees it: an authenticated client, and ``post`` for
settlement requests of the test module's game (its ``GAME``, and its ``OPTIONS`` when it has
them and the payload gives none)."""

import pytest

SETTLE_URL = "/api/v1/engine/settle/"


@pytest.fixture
def api(api_for, api_client):
    return api_for(api_client)


@pytest.fixture
def post(api, request):
    """``post(payload)`` -> the response to POST /api/v1/engine/settle/."""
    defaults = {"game": request.module.GAME}
    if hasattr(request.module, "OPTIONS"):
        defaults["options"] = request.module.OPTIONS

    def send(payload):
        return api.post(SETTLE_URL, {**defaults, **payload}, format="json")

    return send
