"""Each layout action documents its own body: "return" the comment saying what to fix,
"approve" an optional note, "submit" and "recheck" no body at all."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_each_layout_action_has_its_own_example(api_session_for, auditor):
    doc = api_session_for(auditor).get(reverse("api-schema"), {"format": "json"}).json()

    def examples(action):
        body = doc["paths"][f"/api/v1/layouts/{{id}}/{action}/"]["post"].get("requestBody")
        if body is None:
            return None
        found = body["content"]["application/json"].get("examples", {})
        return {e["summary"]: e["value"] for e in found.values()}

    assert examples("return") == {
        "Return with comments": {"comment": "The Pair Plus odds are missing."}}
    assert examples("approve") == {"Approve with a note": {"comment": "Matches the felt in Pit 1."}}
    assert examples("submit") is None and examples("recheck") is None
