"""POST /api/v1/engine/pai-gow/house-way/: how the house sets seven cards (§645a.11(a)(1))."""

URL = "/api/v1/engine/pai-gow/house-way/"


def test_the_house_way_splits_kings_and_fives(api):
    response = api.post(URL, {"cards": ["Ks", "Kh", "5d", "5c", "As", "Qh", "2d"]},
                        format="json")
    assert response.status_code == 200
    body = response.json()
    assert (sorted(body["high"]), sorted(body["low"])) == (["2d", "As", "Kh", "Ks", "Qh"],
                                                           ["5c", "5d"])
    assert (body["house_way"], body["low_hand"]) == ("common", "pair (5)")


def test_five_aces_with_kings_stay_together(api):
    response = api.post(URL, {"cards": ["As", "Ah", "Ad", "Ac", "Jk", "Kh", "Kd"],
                              "house_way": "common"}, format="json")
    assert response.json()["high_hand"] == "five aces"


def test_bad_cards_and_unknown_house_way_are_400(api):
    response = api.post(URL, {"cards": ["As", "As", "Zz"], "house_way": "mine"}, format="json")
    assert response.status_code == 400
    assert set(response.json()["errors"]) == {"cards", "house_way"}


def test_a_body_that_is_not_an_object_is_400(api):
    response = api.post(URL, ["As"], format="json")
    assert response.status_code == 400


def test_anonymous_requests_are_refused(client):
    response = client.post(URL, {"cards": ["As"]}, content_type="application/json")
    assert response.status_code in (401, 403)
