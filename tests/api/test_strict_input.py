"""Hostile and careless input through the API: every answer is a 400 naming the field, never a
500 and never a silent change. JSON nested 1,000 levels deep, a NUL character in a title, name
or comment, a property id "²", an over-long text, an over-large body, an unknown key in a
settle or house-way body."""

import json

import pytest
from django.urls import get_resolver

from casino.limits import MAX_JSON_BYTES, MAX_JSON_DEPTH, MAX_STRING_LENGTH
from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db

SETTLE = "/api/v1/engine/settle/"
HOUSE_WAY = "/api/v1/engine/pai-gow/house-way/"
SUBMISSIONS = "/api/v1/rules-submissions/"
PAYTABLES = "/api/v1/paytables/"
TCP_ROUND = {
    "game": "three_card_poker", "dealer": ["2c", "7d", "9s"], "options": {"ante_bonus": "A"},
    "positions": [{"seat": 1, "cards": ["Ah", "Kh", "Qh"],
                   "wagers": {"ante": "10.00", "play": "10.00"}}],
}


def deep(levels: int, inner: object = 1) -> str:
    """``{"a": [{"a": [ ... ]}]}``: objects and lists, ``levels`` deep in all."""
    text = json.dumps(inner)
    for i in range(levels):
        text = f'{{"a": {text}}}' if i % 2 else f"[{text}]"
    return text


def post_raw(client, url, text, method="post"):
    return getattr(client, method)(url, data=text, content_type="application/json")


@pytest.fixture
def integration(api_for, api_client):
    return api_for(api_client)


@pytest.fixture
def manager(api_session_for, table_games_manager):
    return api_session_for(table_games_manager)


# JSON nested 1,000 levels deep -------------------------------------------------------------


@pytest.mark.parametrize("levels", [1_000, 100_000])
def test_a_round_nested_a_thousand_levels_deep_is_a_400_naming_the_field(integration, levels):
    body = '{"game": "craps", "options": {"bonus_craps": ' + deep(levels) + "}}"
    response = post_raw(integration, SETTLE, body)
    assert response.status_code == 400
    errors = response.json()["errors"]
    (field,) = errors
    assert field.startswith("options.bonus_craps.a[0].a[0].a[0]")
    assert errors[field] == [f"nested more than {MAX_JSON_DEPTH} levels deep"]


def _all_routes(resolver=None, prefix="/"):
    """Every URL pattern of the project, as its route text."""
    routes = []
    for pattern in (resolver or get_resolver()).url_patterns:
        if hasattr(pattern, "url_patterns"):
            routes += _all_routes(pattern, prefix + str(pattern.pattern))
        else:
            routes.append(prefix + str(pattern.pattern))
    return routes


def _api_routes():
    """Every API route of the project, with any id filled in (the route's own checks may
    refuse the id: the body must still never be a 500)."""
    filled = []
    for route in _all_routes():
        if not route.startswith("/api/v1/"):
            continue
        for converter in ("<int:pk>", "<int:id>", "<str:decision>"):
            route = route.replace(converter, "1")
        filled.append(route)
    return filled


@pytest.mark.parametrize("method", ["get", "post", "put", "patch", "delete"])
def test_an_id_beyond_64_bits_in_any_api_path_is_never_a_500(floorperson, api_session_for,
                                                              method):
    """2**64 + 1 fits no database integer: a raw statement given it raised OverflowError on
    SQLite (the slip validation's lock, read for a person of a property); every route
    answers as for an unknown id."""
    client = api_session_for(floorperson)
    huge = str(2 ** 64 + 1)
    for route in _api_routes():
        if "/1/" not in route:
            continue
        response = getattr(client, method)(route.replace("/1/", f"/{huge}/"), {},
                                           format="json")
        assert response.status_code in (400, 403, 404, 405, 409, 428), (
            route, response.status_code)


def test_the_api_has_the_routes_this_test_knows_of():
    routes = _api_routes()
    assert {SETTLE, HOUSE_WAY, SUBMISSIONS, PAYTABLES, f"{SUBMISSIONS}1/"} <= set(routes)


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_deep_json_is_never_a_500_on_any_api_route(admin_user, api_session_for, method,
                                                   keystone):
    client = api_session_for(admin_user)
    for route in _api_routes():
        response = post_raw(client, route, deep(1_000), method=method)
        assert response.status_code in (400, 403, 404, 405), (route, response.status_code)
        if response.status_code == 400:
            assert "errors" in response.json(), route


@pytest.mark.parametrize("url", [SUBMISSIONS, PAYTABLES, HOUSE_WAY])
def test_deep_json_on_each_body_reading_route_is_a_400(api_session_for, table_games_manager,
                                                       compliance_officer, url):
    # whoever may make the request (a table games manager may not propose a paytable: 403)
    user = compliance_officer if url == PAYTABLES else table_games_manager
    response = post_raw(api_session_for(user), url, deep(1_000))
    assert response.status_code == 400
    assert "nested more than" in json.dumps(response.json()["errors"])


def test_nesting_within_the_limit_is_read_as_before(integration):
    body = {**TCP_ROUND, "options": {"ante_bonus": "A", "variant": deep(MAX_JSON_DEPTH - 2)}}
    response = integration.post(SETTLE, body, format="json")
    assert response.status_code == 400  # a string, not a variant: the engine's own answer
    assert list(response.json()["errors"]) == ["options.variant"]


# A NUL character in a title, a name or a comment --------------------------------------------


def test_a_nul_in_a_submission_is_a_400_naming_the_field(manager):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    terms["options"]["dealing_procedure"] = "hand\x00"
    response = manager.post(SUBMISSIONS, terms, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        "options.dealing_procedure": ["a NUL character (\\u0000) is not allowed"]}


def test_a_nul_in_a_return_comment_is_a_400_naming_the_field(api_session_for, keystone,
                                                             table_games_manager,
                                                             compliance_officer):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms)
    services.submission_transition(actor=table_games_manager, submission=draft, to="submitted")
    response = api_session_for(compliance_officer).post(
        f"{SUBMISSIONS}{draft.pk}/return/", {"comment": "Fix the rate\x00"}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"comment": ["a NUL character (\\u0000) is not allowed"]}


@pytest.mark.parametrize("field", ["title", "name", "source_note"])
def test_a_nul_in_a_paytable_title_or_name_is_a_400_naming_the_field(api_session_for,
                                                                     compliance_officer, field):
    entry = {"id": "three_card_poker.pair_plus.F", "game": "three_card_poker",
             "wager": "pair_plus", "name": "F", "title": "Pair Plus F", "citation": "§649a.12(d)",
             "source": "primary", "rows": [{"hand": "pair", "odds": "1"}]}
    entry[field] = f"{entry.get(field, 'note')}\x00"
    response = api_session_for(compliance_officer).post(PAYTABLES, {"entry": entry},
                                                        format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {
        f"entry.{field}": ["a NUL character (\\u0000) is not allowed"]}


def test_a_nul_in_a_key_is_named_escaped(integration):
    response = integration.post(SETTLE, {**TCP_ROUND, "options": {"vari\x00ant": "none"}},
                                format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert errors["options.vari\\u0000ant"][0] == "a NUL character (\\u0000) is not allowed"


# A property id "²" ---------------------------------------------------------------------------


@pytest.mark.parametrize("wanted", ["²", "٣", "1" * 30, "-1", 0, 10**20, True, "1.0"])
def test_a_property_id_that_is_not_a_whole_number_is_a_400_naming_it(manager, wanted):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    response = manager.post(SUBMISSIONS, {**terms, "property": wanted}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["property"]


def test_a_property_id_in_a_paytable_proposal_is_checked_too(api_session_for,
                                                             compliance_officer):
    response = api_session_for(compliance_officer).post(
        PAYTABLES, {"property": "²", "entry": {}}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["property"]


def test_the_own_property_id_as_digits_is_still_accepted(manager, keystone):
    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    response = manager.post(SUBMISSIONS, {**terms, "property": str(keystone.pk)}, format="json")
    assert response.status_code == 201, response.json()


# Sizes and lengths ---------------------------------------------------------------------------


def test_a_text_longer_than_the_limit_is_a_400_naming_the_field(integration):
    body = {**TCP_ROUND, "dealer": ["2c", "7d", "9" * (MAX_STRING_LENGTH + 1)]}
    response = integration.post(SETTLE, body, format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"dealer[2]": [
        f"a text is at most {MAX_STRING_LENGTH:,} characters (got {MAX_STRING_LENGTH + 1:,})"]}


def test_a_body_larger_than_the_limit_is_a_json_413(integration):
    body = json.dumps(TCP_ROUND)[:-1] + " " * MAX_JSON_BYTES + "}"
    response = post_raw(integration, SETTLE, body)
    assert response.status_code == 413
    assert response.json()["errors"] == {
        "detail": [f"the request body is at most {MAX_JSON_BYTES:,} bytes"]}


def test_not_a_number_is_refused(integration):
    response = post_raw(integration, SETTLE, '{"game": "craps", "rolls": [[NaN, 1]]}')
    assert response.status_code == 400
    assert response.json()["errors"] == {"rolls[0][0]": [
        "not a finite number (NaN, Infinity, or beyond ±1.7976931348623157e308)"]}


def test_malformed_json_is_a_400_in_the_project_shape(integration):
    response = post_raw(integration, SETTLE, '{"game": ')
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["detail"]


# Unknown keys in a settle or house-way body --------------------------------------------------


@pytest.mark.parametrize("body, field", [
    ({**TCP_ROUND, "dealr": ["2c", "7d", "9s"]}, "dealr"),
    ({**TCP_ROUND, "options": {"ez": True}}, "options.ez"),
    ({**TCP_ROUND, "meters": {"five_card_progresive": "10000.00"}}, "meters.five_card_progresive"),
    ({**TCP_ROUND, "positions": [{**TCP_ROUND["positions"][0], "card": ["As"]}]},
     "positions[0].card"),
])
def test_an_unknown_key_in_a_settle_body_is_a_400_naming_it(integration, body, field):
    response = integration.post(SETTLE, body, format="json")
    assert response.status_code == 400
    assert "unknown" in response.json()["errors"][field][0]


def test_an_unknown_key_in_a_house_way_body_is_a_400_naming_it(integration):
    response = integration.post(HOUSE_WAY, {"cards": ["Ks", "Kh", "5d", "5c", "As", "Qh", "2d"],
                                            "houseway": "common"}, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["houseway"]


SUPERSCRIPT_IDS = {key: "²" for key in (
    "property", "table", "layout", "linked_group", "meter", "submission", "slip", "positions",
    "seat", "adjacent_boxes", "decks", "stub_count", "seats")}


@pytest.mark.parametrize("method", ["post", "put", "patch"])
def test_superscript_digits_in_any_id_field_are_never_a_500(admin_user, api_session_for,
                                                            keystone, method):
    """"²" passes ``str.isdigit`` but not ``int``: every route reading a number must refuse
    it as a 400, whichever field holds it."""
    client = api_session_for(admin_user)
    for route in _api_routes():
        response = getattr(client, method)(route, SUPERSCRIPT_IDS, format="json")
        assert response.status_code in (400, 403, 404, 405, 409, 412, 428), (
            route, response.status_code)


def test_superscript_digits_in_any_query_parameter_are_never_a_500(admin_user, api_session_for,
                                                                   keystone):
    client = api_session_for(admin_user)
    query = {**SUPERSCRIPT_IDS, "page": "²", "game": "²", "status": "²", "date_from": "²",
             "gaming_day": "²", "since": "²"}
    for route in _api_routes():
        response = client.get(route, query)
        assert response.status_code in (200, 400, 403, 404, 405), (route, response.status_code)


def _page_routes():
    pages = []
    for route in _all_routes():
        if route.startswith(("/api/", "/admin/")) or "<" in route.replace("<int:pk>", ""):
            continue
        if "^" in route or "(?P" in route or route == "/healthz":  # 503 is its answer
            continue
        pages.append(route.replace("<int:pk>", "1"))
    return pages


@pytest.mark.parametrize("persona", ["table_games_manager", "compliance_officer",
                                     "floor_manager"])
def test_superscript_digits_and_nuls_in_page_queries_are_never_a_500(persona, request,
                                                                     client_for):
    client = client_for(request.getfixturevalue(persona))
    query = {"property": "²", "table": "²", "page": "²", "game": "²", "status": "²",
             "seat": "²", "layout": "²", "date_from": "²"}
    pages = _page_routes()
    assert "/audit/" in pages
    for route in pages:
        response = client.get(route, query)
        assert response.status_code < 500, (route, response.status_code)
        assert client.get(route, {"q": "\x00"}).status_code == 400, route


@pytest.mark.parametrize("persona", ["table_games_manager", "compliance_officer",
                                     "floor_manager", "floorperson"])
def test_superscript_digits_in_any_page_form_post_are_never_a_500(persona, request,
                                                                  client_for):
    client = client_for(request.getfixturevalue(persona))
    form = {**SUPERSCRIPT_IDS, "game": "three_card_poker", "amount": "²", "seat_0": "²",
            "row_0_seat": "²", "effective_date": "²", "table_minimum": "²"}
    for route in _page_routes():
        if route in ("/logout/", "/login/"):
            continue
        response = client.post(route, form, HTTP_HX_REQUEST="true")
        assert response.status_code < 500, (route, response.status_code)
