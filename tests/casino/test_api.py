import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_me_tells_roles_properties_and_abilities(api_session_for, floorperson, keystone):
    body = api_session_for(floorperson).get(reverse("api:me")).json()
    assert body["username"] == "felix"
    assert body["roles"] == ["floorperson"]
    assert [p["license_number"] for p in body["properties"]] == [keystone.license_number]
    assert "slips.validate" in body["abilities"] and "audit.read" not in body["abilities"]


def test_session_authentication_works_too(client_for, auditor):
    assert client_for(auditor).get(reverse("api:me")).status_code == 200


def test_schema_documents_the_settle_endpoint(client):
    response = client.get(reverse("api-schema"), {"format": "json"})
    assert response.status_code == 200
    assert "/api/v1/engine/settle/" in response.json()["paths"]


def test_swagger_ui_is_served_from_our_own_static_files(client):
    html = client.get(reverse("api-docs")).text
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/" in html
    assert "cdn" not in html.lower()


@pytest.mark.parametrize("persona", ["api_client", "floor_manager", "floorperson",
                                     "compliance_officer", "table_games_manager", "auditor"])
def test_settle_with_an_unknown_game_is_a_400_naming_the_game_field(persona, request,
                                                                    api_session_for):
    user = request.getfixturevalue(persona)
    response = api_session_for(user).post(reverse("api:engine:settle"),
                                          {"game": "no_such_game"}, format="json")
    assert response.status_code == 400, response.content
    assert "game" in response.json()["errors"]


@pytest.mark.parametrize("body", ["[1, 2, 3]", '"just a string"', "42", "null"])
def test_settle_with_a_body_that_is_not_an_object_is_a_400(body, api_for, api_client):
    response = api_for(api_client).post(reverse("api:engine:settle"), body,
                                        content_type="application/json")
    assert response.status_code == 400
    assert "detail" in response.json()["errors"]  # the request as a whole (the one shape)


def test_settle_with_malformed_json_is_a_400(api_for, api_client):
    response = api_for(api_client).post(reverse("api:engine:settle"), "{not json",
                                        content_type="application/json")
    assert response.status_code == 400


def test_settle_is_refused_to_staff_without_the_ability(api_session_for, newcomer):
    response = api_session_for(newcomer).post(reverse("api:engine:settle"),
                                              {"game": "no_such_game"}, format="json")
    assert response.status_code == 403


def test_settle_turns_any_game_error_into_a_400(api_for, api_client, monkeypatch):
    import games

    def refuse(payload):
        raise games.GameError("the dealer must qualify")

    monkeypatch.setattr(games, "settle", refuse)
    response = api_for(api_client).post(reverse("api:engine:settle"), {"game": "x"},
                                        format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"non_field_errors": ["the dealer must qualify"]}}


@pytest.mark.parametrize("query,field", [({"date_from": "29/11/2026"}, "date_from"),
                                         ({"target": "nonsense"}, "target"),
                                         ({"target": "casino.nosuchmodel:1"}, "target")])
def test_audit_events_with_a_bad_filter_is_a_400_naming_the_field(query, field,
                                                                  api_session_for, auditor):
    response = api_session_for(auditor).get(reverse("api:audit-events"), query)
    assert response.status_code == 400
    assert list(response.json()["errors"]) == [field]
