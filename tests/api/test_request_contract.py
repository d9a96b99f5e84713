"""What an integrator's generated client sends is what the server reads (issue 29): PUT
requires every term it replaces and the schema says so; PATCH merges a Rules Submission's maps
key by key (``null`` takes a wager or a meter out) and its errors name what was sent; ``null``
for a map is a 400 naming it; an empty list filter is a 400 naming the filter; the layout's
artwork is a file (``format: binary``); the filing packet's PDF is declared as one."""

import pytest

from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import upload

media_root, tcp = fb.media_root, fb.tcp

pytestmark = pytest.mark.django_db

SUBMISSIONS = "/api/v1/rules-submissions/"
REQUIRED = ["This field is required."]
FIVE_CARD = {"initial": "10000.00", "reset": "10000.00", "rate": "5", "reserve_rate": "1",
             "limit": ""}


@pytest.fixture
def schema(client):
    return client.get("/api/schema/", {"format": "json"}).json()


def component(schema, name: str) -> dict:
    return schema["components"]["schemas"][name]


@pytest.fixture
def progressive_terms():
    """Three Card Poker: Ante, Play, Pair Plus D, the Five-Card Progressive at its $10,000
    minimum (5% and a 1% reserve), Ante Bonus A, limits $5-$1,000."""
    terms = terms_for(game_spec("three_card_poker"),
                      offer=["ante", "play", "pair_plus", "five_card_progressive"])
    terms["wagers"]["pair_plus"] = "D"
    terms["options"]["ante_bonus"] = "A"
    terms["meters"]["five_card_progressive"] = {"initial": "10000.00", "reset": "10000.00",
                                                "rate": "5", "reserve_rate": "1"}
    return terms


@pytest.fixture
def draft(keystone, table_games_manager, progressive_terms):
    return services.submission_create(actor=table_games_manager, property=keystone,
                                      terms=progressive_terms)


@pytest.fixture
def tgm(api_session_for, table_games_manager):
    return api_session_for(table_games_manager)


# --- PUT: every term, declared required ----------------------------------------------------

def test_put_names_each_term_it_needs_and_replaces_them_all(tgm, draft, schema):
    partial = tgm.put(f"{SUBMISSIONS}{draft.pk}/", {"table_maximum": "600.00"}, format="json")
    assert partial.status_code == 400
    assert partial.json() == {"errors": {"options": REQUIRED, "wagers": REQUIRED,
                                         "meters": REQUIRED, "table_minimum": REQUIRED}}
    whole = tgm.put(f"{SUBMISSIONS}{draft.pk}/", {**draft.terms(), "table_maximum": "600.00"},
                    format="json")
    assert whole.status_code == 200, whole.json()
    assert (whole.json()["table_minimum"], whole.json()["table_maximum"]) == ("5.00", "600.00")
    body = schema["paths"]["/api/v1/rules-submissions/{id}/"]["put"]["requestBody"]
    assert body["required"] is True
    assert body["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/SubmissionReplace"}
    replace = component(schema, "SubmissionReplace")
    assert sorted(replace["required"]) == ["meters", "options", "table_maximum",
                                           "table_minimum", "wagers"]
    assert "property" not in replace["properties"]  # a version stays at its property


def test_a_put_naming_a_property_is_a_400_naming_it(tgm, draft):
    answer = tgm.put(f"{SUBMISSIONS}{draft.pk}/", {**draft.terms(), "property": 1},
                     format="json")
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["property"]


# --- PATCH: maps merged key by key -----------------------------------------------------------

def test_patching_one_wager_keeps_every_other_wager_and_the_meters(tgm, draft):
    before = tgm.get(f"{SUBMISSIONS}{draft.pk}/").json()
    answer = tgm.patch(f"{SUBMISSIONS}{draft.pk}/", {"wagers": {"pair_plus": "A"}},
                       format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["wagers"] == {**before["wagers"],
                                       "pair_plus": "three_card_poker.pair_plus.A"}
    assert answer.json()["meters"] == {"five_card_progressive": FIVE_CARD}
    assert answer.json()["options"] == before["options"]


def test_a_patch_error_names_the_entry_sent_and_nothing_else(tgm, draft):
    answer = tgm.patch(f"{SUBMISSIONS}{draft.pk}/", {"wagers": {"pair_plus": "Z"}},
                       format="json")
    assert answer.status_code == 400
    assert list(answer.json()["errors"]) == ["wagers.pair_plus"]
    assert answer.json()["errors"]["wagers.pair_plus"][0].startswith(
        "'Z' is not an approved paytable for Pair Plus Wager")


def test_a_stored_term_the_patch_made_wrong_says_what_to_send(tgm, draft):
    """Stopping the progressive wager alone leaves its meter's stored terms: the refusal names
    the meter and says the PATCH did not send it."""
    answer = tgm.patch(f"{SUBMISSIONS}{draft.pk}/", {
        "wagers": {"five_card_progressive": None}}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"meters.five_card_progressive": [
        "Five-Card Progressive: not offered (the version's `meters` as stored, which this "
        "PATCH does not send: send `meters.five_card_progressive` too)"]}}


def test_a_meter_sent_replaces_its_terms_and_null_takes_an_entry_out(tgm, draft):
    raised = tgm.patch(f"{SUBMISSIONS}{draft.pk}/", {"meters": {"five_card_progressive": {
        "initial": "12000.00", "reset": "10000.00", "rate": "5"}}}, format="json")
    assert raised.status_code == 200, raised.json()
    assert raised.json()["meters"] == {"five_card_progressive": {
        "initial": "12000.00", "reset": "10000.00", "rate": "5", "reserve_rate": "",
        "limit": ""}}  # the reserve rate not sent: the terms sent replace the meter's whole
    dropped = tgm.patch(f"{SUBMISSIONS}{draft.pk}/", {
        "wagers": {"five_card_progressive": None},
        "meters": {"five_card_progressive": None}}, format="json")
    assert dropped.status_code == 200, dropped.json()
    assert "five_card_progressive" not in dropped.json()["wagers"]
    assert dropped.json()["meters"] == {}
    assert dropped.json()["wagers"]["pair_plus"] == "three_card_poker.pair_plus.D"


def test_the_schema_says_patch_merges_and_takes_null_entries(schema):
    patch = schema["paths"]["/api/v1/rules-submissions/{id}/"]["patch"]["requestBody"]
    assert patch["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PatchedSubmissionChange"}
    change = component(schema, "PatchedSubmissionChange")
    assert "required" not in change
    assert change["properties"]["wagers"]["additionalProperties"]["nullable"] is True
    assert {"type": "object", "nullable": True, "enum": [None]} in \
        change["properties"]["meters"]["additionalProperties"]["oneOf"]
    assert "merged" in change["properties"]["wagers"]["description"]


# --- null for a map or list ------------------------------------------------------------------

@pytest.mark.parametrize("term", ["options", "wagers", "meters"])
def test_null_for_a_map_is_a_400_naming_it(tgm, draft, progressive_terms, term):
    for method, url, body in (("post", SUBMISSIONS, {**progressive_terms, term: None}),
                              ("put", f"{SUBMISSIONS}{draft.pk}/", {**draft.terms(), term: None}),
                              ("patch", f"{SUBMISSIONS}{draft.pk}/", {term: None})):
        answer = getattr(tgm, method)(url, body, format="json")
        assert answer.status_code == 400, (method, answer.content)
        assert answer.json() == {"errors": {term: ["This field may not be null."]}}, method


def test_a_null_meter_where_its_terms_go_is_named_by_the_meter(tgm, draft, schema):
    terms = draft.terms()
    answer = tgm.put(f"{SUBMISSIONS}{draft.pk}/", {**terms, "meters": {
        "five_card_progressive": None}}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"errors": {"meters.five_card_progressive": [
        "must be a JSON object, not null"]}}
    for name in ("SubmissionTerms", "SubmissionReplace"):
        meters = component(schema, name)["properties"]["meters"]
        assert "nullable" not in meters
        assert meters["additionalProperties"] == {"$ref": "#/components/schemas/MeterTerms"}


# --- list filters: an empty value ------------------------------------------------------------

EMPTY = ["an empty value: give one, or leave the filter out for every row"]


@pytest.mark.parametrize("url,name", [
    (SUBMISSIONS, "status"), (SUBMISSIONS, "game"), ("/api/v1/tables/", "status"),
    ("/api/v1/layouts/", "game"), ("/api/v1/linked-groups/", "game"),
    ("/api/v1/meters/", "table"), ("/api/v1/jackpot-slips/", "date_from"),
    ("/api/v1/audit-events/", "action")])
def test_an_empty_filter_value_is_a_400_naming_the_filter(api_session_for, auditor, url, name):
    client = api_session_for(auditor)
    assert client.get(url).status_code == 200
    answer = client.get(f"{url}?{name}=")
    assert answer.status_code == 400
    assert answer.json() == {"errors": {name: EMPTY}}


def test_every_list_filter_declares_it_takes_no_empty_value(schema):
    found = 0
    for path, operations in schema["paths"].items():
        for parameter in operations.get("get", {}).get("parameters", []):
            if parameter["in"] != "query" or parameter["name"] in ("page", "cursor"):
                continue
            declared = parameter["schema"]
            if declared.get("type") != "string":
                continue
            found += 1
            assert declared.get("minLength") == 1 or "" not in declared.get("enum", [""]), (
                path, parameter)
    assert found >= 20  # the filters of eight lists


# --- files: the layout's artwork up, the filing packet down ---------------------------------

def test_the_layout_artwork_is_a_binary_file_in_the_multipart_body(
        api_session_for, table_games_manager, tcp, schema):
    for name in ("LayoutCreate", "PatchedLayoutUpdate"):
        artwork = component(schema, name)["properties"]["artwork"]
        assert (artwork["type"], artwork["format"]) == ("string", "binary")
    post = schema["paths"]["/api/v1/layouts/"]["post"]["requestBody"]["content"]
    assert list(post) == ["multipart/form-data"]
    patch = schema["paths"]["/api/v1/layouts/{id}/"]["patch"]["requestBody"]["content"]
    assert patch["application/json"]["schema"] == {
        "$ref": "#/components/schemas/PatchedLayoutTicks"}  # JSON ticks; a file is multipart
    assert list(component(schema, "PatchedLayoutTicks")["properties"]) == ["checked"]
    made = api_session_for(table_games_manager).post(
        "/api/v1/layouts/", {"name": "Felt 2027", "game": "three_card_poker",
                             "artwork": upload("felt.png")}, format="multipart")
    assert made.status_code == 201, made.json()
    assert made.json()["artwork_url"] == f"/floor/layouts/{made.json()['id']}/artwork/"
    assert component(schema, "Layout")["properties"]["artwork_url"]["type"] == "string"


def test_the_filing_packet_is_declared_as_the_pdf_it_answers(api_session_for, auditor, draft,
                                                              schema):
    answer = api_session_for(auditor).get(f"{SUBMISSIONS}{draft.pk}/filing-packet/")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/pdf"
    assert answer.content.startswith(b"%PDF")
    assert len(answer["X-Content-SHA256"]) == 64
    ok = schema["paths"]["/api/v1/rules-submissions/{id}/filing-packet/"]["get"]["responses"][
        "200"]
    assert ok["content"] == {"application/pdf": {"schema": {"type": "string",
                                                            "format": "binary"}}}
    assert ok["headers"]["X-Content-SHA256"]["schema"] == {"type": "string"}
    # the API's one file answer: every other answer of every operation is JSON (or none)
    files = [(path, method, status) for path, operations in schema["paths"].items()
             for method, operation in operations.items()
             for status, response in operation.get("responses", {}).items()
             if set(response.get("content", {})) - {"application/json"}]
    assert files == [("/api/v1/rules-submissions/{id}/filing-packet/", "get", "200")]
