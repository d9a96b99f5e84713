"""The tables and layouts API, and every OpenAPI example of it run against the real endpoints
(read from the published schema, so the documentation cannot drift)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tables.floor import services as floor
from tables.models import Layout, Table
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import upload

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(client):
    return client.get(reverse("api-schema"), {"format": "json"}).json()


def examples(schema, path: str, method: str = "post", status: str | None = None) -> dict:
    """{name: value} of a path's request examples, or of one response status."""
    operation = schema["paths"][path][method]
    part = operation["responses"][status] if status else operation["requestBody"]
    content = next(iter(part["content"].values()))
    return {name: e["value"] for name, e in content.get("examples", {}).items()}


def only(found: dict):
    assert len(found) == 1, found
    return next(iter(found.values()))


# --- tables ---------------------------------------------------------------------------------

def test_the_create_example_makes_a_table_and_the_400_example_is_what_comes_back(
        schema, api_session_for, table_games_manager, tcp):
    api = api_session_for(table_games_manager)
    body = only(examples(schema, "/api/v1/tables/"))
    created = api.post("/api/v1/tables/", body, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["label"] == body["label"]
    assert created.json()["opening_problems"] == [
        {"reason": "No layout is assigned to the table.", "section": "§601a.10(a), §649a.2"}]
    refused = api.post("/api/v1/tables/", {**body, "label": "TCP-2", "positions": 8},
                       format="json")
    assert refused.status_code == 400
    assert refused.json() == only(examples(schema, "/api/v1/tables/", status="400"))
    detail = api.get(f"/api/v1/tables/{created.json()['id']}/").json()
    example = only(examples(schema, "/api/v1/tables/{id}/", "get", "200"))
    shown = ("label", "pit", "game", "game_name", "positions", "progressive_system",
             "progressive_lockout", "status", "status_display", "terms",
             "newer_version_waiting", "opening_problems")  # not the ids the example makes up
    assert set(detail) == set(example)
    assert {k: detail[k] for k in shown} == {**{k: example[k] for k in shown},
                                             "terms": {"id": tcp.pk, "version": 1}}


def test_unknown_fields_are_named(api_session_for, table_games_manager):
    response = api_session_for(table_games_manager).post("/api/v1/tables/", {
        "label": "T", "game": "three_card_poker", "positions": 7, "seats": 7}, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["seats"] == ["Unknown field."]


def test_the_integration_reads_tables_but_does_not_create_them(api_for, api_client,
                                                               ready_table):
    api = api_for(api_client)
    listed = api.get("/api/v1/tables/").json()
    assert [t["label"] for t in listed["results"]] == ["TCP-1"]
    row = listed["results"][0]
    assert (row["status"], row["status_display"]) == ("closed", "Closed")
    assert (row["game"], row["game_name"]) == ("three_card_poker", "Three Card Poker")
    response = api.post("/api/v1/tables/", {"label": "X", "game": "three_card_poker",
                                            "positions": 7}, format="json")
    assert response.status_code == 403


def test_the_table_list_costs_the_same_queries_for_two_tables_or_seven(
        api_session_for, auditor, keystone, tcp_layout, table_games_manager):
    api = api_session_for(auditor)

    def add(labels):
        for label in labels:
            floor.table_create(actor=table_games_manager, property=keystone, data={
                "label": label, "game": "three_card_poker", "positions": 7,
                "layout": tcp_layout.pk})

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert api.get("/api/v1/tables/").status_code == 200
        return len(captured)

    add(["TCP-1", "TCP-2"])
    queries()  # the first request of a session also touches the session
    few = queries()
    add([f"TCP-{n}" for n in range(3, 8)])
    assert queries() == few <= 11


def test_opening_is_refused_with_the_example_and_then_opens(schema, api_session_for,
                                                             floor_manager, keystone, tcp,
                                                             tcp_layout, table_games_manager):
    api = api_session_for(floor_manager)
    table = Table.objects.create(property=keystone, label="TCP-1", game="three_card_poker",
                                 positions=7)
    refused = api.post(f"/api/v1/tables/{table.pk}/open/")
    assert refused.status_code == 409  # refused by the table's state (issue 29)
    assert refused.json() == only(examples(schema, "/api/v1/tables/{id}/open/",
                                           status="409"))
    api_session_for(table_games_manager).patch(f"/api/v1/tables/{table.pk}/",
                                               {"layout": tcp_layout.pk}, format="json")
    opened = api.post(f"/api/v1/tables/{table.pk}/open/")
    assert opened.status_code == 200, opened.json()
    assert (opened.json()["status"], opened.json()["terms"]) == (
        "open", {"id": tcp.pk, "version": 1})
    closed = api.post(f"/api/v1/tables/{table.pk}/close/")
    assert closed.json()["status"] == "closed"


def test_the_settle_example_settles_at_an_open_table(schema, api_for, api_client, open_table):
    body = only(examples(schema, "/api/v1/tables/{id}/settle/"))
    response = api_for(api_client).post(f"/api/v1/tables/{open_table.pk}/settle/", body,
                                        format="json")
    assert response.status_code == 200, response.json()
    # A-K-Q of spades against the dealer's Q-7-2: Ante 10 + Play 10 + Ante Bonus 5 to 1 (50)
    # + Pair Plus D straight flush 40 to 1 on $5 (200) = 270.
    assert response.json()["positions"][0]["net"] == "270.00"
    override = {**body, "options": {"pair_plus": "A"}}
    refused = api_for(api_client).post(f"/api/v1/tables/{open_table.pk}/settle/", override,
                                       format="json")
    assert refused.json() == only(examples(schema, "/api/v1/tables/{id}/settle/",
                                           status="400"))


def _not_found_or_refused(user, ability: str) -> int:
    """Another property's object is a 404 to whoever may make the request; a role that may
    not is refused first (403), before anything about the object is looked at."""
    from casino.permissions import can

    return 404 if can(user, ability) else 403


def test_other_properties_tables_are_not_found(api_session_for, outsider, lakeside,
                                              make_staff, ready_table):
    for user in (outsider, make_staff("lars", "table_games_manager", lakeside),
                 make_staff("lou", "floor_manager", lakeside)):
        api = api_session_for(user)
        assert api.get(f"/api/v1/tables/{ready_table.pk}/").status_code == 404
        assert api.patch(f"/api/v1/tables/{ready_table.pk}/", {"pit": "X"}, format="json"
                         ).status_code == _not_found_or_refused(user, "tables.configure")
        for action, ability in (("open", "tables.operate"), ("close", "tables.operate"),
                                ("settle", "engine.settle")):
            assert api.post(f"/api/v1/tables/{ready_table.pk}/{action}/", {}, format="json"
                            ).status_code == _not_found_or_refused(user, ability)
        assert api.get("/api/v1/tables/").json()["results"] == []
    assert Table.objects.get(pk=ready_table.pk).pit == "Pit 1"


def test_an_open_tables_detail_says_which_newer_version_waits(
        api_session_for, floor_manager, keystone, open_table, tcp, table_games_manager,
        compliance_officer):
    v2 = fb.new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                        table_maximum="2000.00")
    body = api_session_for(floor_manager).get(f"/api/v1/tables/{open_table.pk}/").json()
    assert (body["terms"], body["newer_version_waiting"]) == (
        {"id": tcp.pk, "version": 1}, {"id": v2.pk, "version": 2})


# --- layouts --------------------------------------------------------------------------------

def test_a_layout_goes_through_the_api_multipart_to_approval(api_session_for, tcp,
                                                            table_games_manager,
                                                            compliance_officer):
    manager = api_session_for(table_games_manager)
    created = manager.post("/api/v1/layouts/", {
        "name": "Felt 2026", "game": "three_card_poker", "artwork": upload(),
        "checked": ["inscription.name_or_logo", "area.ante_play_pair_plus"]},
        format="multipart")
    assert created.status_code == 201, created.json()
    layout = created.json()
    assert layout["status"] == "draft" and layout["artwork_type"] == "png"
    assert (layout["status_display"], layout["game_name"]) == ("Being prepared",
                                                               "Three Card Poker")
    assert [i["key"] for i in layout["checklist"] if i["checked"]] == [
        "inscription.name_or_logo", "area.ante_play_pair_plus"]
    every = [i["key"] for i in layout["checklist"]]
    ticked = manager.patch(f"/api/v1/layouts/{layout['id']}/", {"checked": every},
                           format="json")
    assert all(i["checked"] for i in ticked.json()["checklist"])
    assert manager.post(f"/api/v1/layouts/{layout['id']}/submit/").json()["status"] == \
        "submitted"
    assert manager.post(f"/api/v1/layouts/{layout['id']}/approve/").status_code == 403
    approved = api_session_for(compliance_officer).post(
        f"/api/v1/layouts/{layout['id']}/approve/")
    assert approved.json()["status"] == "approved"
    artwork = manager.get(layout["artwork_url"])
    assert artwork["Content-Type"] == "image/png"
    assert b"".join(artwork.streaming_content) == fb.png_bytes()


def test_the_return_example_returns_a_layout(schema, api_session_for, keystone, tcp,
                                             table_games_manager, compliance_officer):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    api_session_for(table_games_manager).post(f"/api/v1/layouts/{layout.pk}/submit/")
    body = only(examples(schema, "/api/v1/layouts/{id}/return/"))
    returned = api_session_for(compliance_officer).post(
        f"/api/v1/layouts/{layout.pk}/return/", body, format="json")
    assert returned.json()["status"] == "returned"
    assert returned.json()["review_comment"] == body["comment"]


def test_lying_artwork_gives_the_400_example(schema, api_session_for, tcp,
                                            table_games_manager):
    response = api_session_for(table_games_manager).post("/api/v1/layouts/", {
        "name": "Felt", "game": "three_card_poker",
        "artwork": upload("felt.png", b"just some text, not a picture")}, format="multipart")
    assert response.status_code == 400
    assert response.json() == only(examples(schema, "/api/v1/layouts/", status="400"))
    assert not Layout.objects.exists()


def test_other_properties_layouts_are_not_found(api_session_for, outsider, tcp_layout):
    api = api_session_for(outsider)
    assert api.get(f"/api/v1/layouts/{tcp_layout.pk}/").status_code == 404
    assert api.get(reverse("tables:layout-artwork", args=[tcp_layout.pk])).status_code == 404
    assert api.patch(f"/api/v1/layouts/{tcp_layout.pk}/", {"checked": []}, format="json"
                     ).status_code == _not_found_or_refused(outsider, "layouts.prepare")
    for action, ability in (("submit", "layouts.prepare"), ("approve", "layouts.approve"),
                            ("return", "layouts.approve"), ("recheck", "layouts.prepare")):
        assert api.post(f"/api/v1/layouts/{tcp_layout.pk}/{action}/").status_code == \
            _not_found_or_refused(outsider, ability)
    assert api.get("/api/v1/layouts/").json() == []


def test_the_checklist_example_is_the_first_item(schema, api_session_for, auditor):
    body = api_session_for(auditor).get("/api/v1/games/three_card_poker/layout-checklist/")
    example = only(examples(schema, "/api/v1/games/{game}/layout-checklist/", "get", "200"))
    assert {**body.json(), "items": body.json()["items"][:1]} == example


def test_the_checklist_of_an_unknown_game_is_a_404(api_session_for, auditor):
    response = api_session_for(auditor).get("/api/v1/games/blackjack/layout-checklist/")
    assert response.status_code == 404
    assert "game" in response.json()["errors"]


def test_the_linked_group_example_adds_a_group(schema, api_session_for, table_games_manager,
                                               floor_manager):
    body = only(examples(schema, "/api/v1/linked-groups/"))
    response = api_session_for(table_games_manager).post("/api/v1/linked-groups/", body,
                                                         format="json")
    assert response.status_code == 201
    assert response.json()["name"] == body["name"]
    assert api_session_for(floor_manager).post("/api/v1/linked-groups/", {
        "name": "Other", "game": "three_card_poker"}, format="json").status_code == 403
    listed = api_session_for(floor_manager).get("/api/v1/linked-groups/").json()
    assert [g["name"] for g in listed] == [body["name"]]


def test_open_takes_no_body(api_session_for, floor_manager, ready_table):
    response = api_session_for(floor_manager).post(f"/api/v1/tables/{ready_table.pk}/open/",
                                                   {"force": True}, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"force": ["Unknown field: this action takes no body."]}}


def test_artwork_sent_as_text_is_refused_by_name(api_session_for, tcp, table_games_manager):
    response = api_session_for(table_games_manager).post("/api/v1/layouts/", {
        "name": "Felt", "game": "three_card_poker", "artwork": "felt.png"}, format="json")
    assert response.status_code == 400
    assert response.json() == {"errors": {"artwork": [
        "Attach the layout artwork as a file (PNG, JPEG or PDF)."]}}


def test_artwork_above_the_limit_is_refused_over_the_api_and_the_page_with_its_size(
        api_session_for, client_for, tcp, table_games_manager, settings):
    settings.LAYOUT_ARTWORK_MAX_BYTES = 1_048_576  # 1 MB
    big = fb.png_bytes() + b"\x00" * 1_572_864  # 1.5 MB (1,572,864 bytes and a 1x1 PNG)
    message = "The artwork is 1.5 MB; the limit is 1.0 MB."
    response = api_session_for(table_games_manager).post("/api/v1/layouts/", {
        "name": "Felt", "game": "three_card_poker", "artwork": upload("felt.png", big)},
        format="multipart")
    assert response.status_code == 400
    assert response.json() == {"errors": {"artwork": [message]}}
    page = client_for(table_games_manager).post(reverse("tables:layout-create"), {
        "name": "Felt", "game": "three_card_poker", "artwork": upload("felt.png", big)})
    assert page.status_code == 400 and message in page.text
    assert not Layout.objects.exists()


def test_the_layout_list_filters_and_names_a_bad_filter(api_session_for, auditor, tcp_layout):
    api = api_session_for(auditor)
    assert [row["name"] for row in api.get("/api/v1/layouts/?status=approved&game="
                                           "three_card_poker").json()] == [tcp_layout.name]
    assert api.get("/api/v1/layouts/?status=submitted").json() == []
    refused = api.get("/api/v1/layouts/?status=done&game=blackjack")
    assert refused.status_code == 400
    assert refused.json() == {"errors": {
        "status": ["One of: draft, submitted, returned, approved."],
        "game": ["No game is called \"blackjack\"."]}}


def test_the_schema_types_the_lists_and_the_nulls_as_answered(schema):
    for path in ("/api/v1/layouts/", "/api/v1/linked-groups/"):
        content = schema["paths"][path]["get"]["responses"]["200"]["content"]
        assert content["application/json"]["schema"]["type"] == "array", path
    table = schema["components"]["schemas"]["Table"]["properties"]
    assert table["opened_by"].get("nullable") and table["closed_by"].get("nullable")
