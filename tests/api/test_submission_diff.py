"""GET /api/v1/rules-submissions/{id}/diff/ (issue 29): what the compliance review shows, as
data: each term added, removed or changed against ``?against=`` (by default the version in
force), in words, a paytable row by row. Another property's version is a 404; a bad
``against`` a 400 naming it."""

import pytest
from django.utils import timezone

from rulesubmissions import services
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db


def url(submission, **query):
    text = "&".join(f"{k}={v}" for k, v in query.items())
    return f"/api/v1/rules-submissions/{submission.pk}/diff/" + (f"?{text}" if text else "")


def ref(submission):
    return {"id": submission.pk, "version": submission.version, "status": submission.status,
            "effective_date": (submission.effective_date.isoformat()
                               if submission.effective_date else None)}


# Pair Plus paytables D and B differ only on a straight: 6 to 1 and 5 to 1 (§649a.12(c)).
PAIR_PLUS_D_TO_B = {
    "path": "wagers.pair_plus", "label": "Pair Plus Wager", "kind": "changed",
    "before": "Pair Plus paytable D", "after": "Pair Plus paytable B",
    "before_paytable": {"id": "three_card_poker.pair_plus.D", "title": "Pair Plus paytable D"},
    "after_paytable": {"id": "three_card_poker.pair_plus.B", "title": "Pair Plus paytable B"},
    "rows": [
        {"hand": "Straight flush", "before": "40 to 1", "after": "40 to 1", "changed": False},
        {"hand": "Three of a kind", "before": "30 to 1", "after": "30 to 1", "changed": False},
        {"hand": "Straight", "before": "6 to 1", "after": "5 to 1", "changed": True},
        {"hand": "Flush", "before": "4 to 1", "after": "4 to 1", "changed": False},
        {"hand": "Pair", "before": "1 to 1", "after": "1 to 1", "changed": False}]}
MINIMUM_5_TO_10 = {"path": "table_minimum", "label": "Table minimum wager", "kind": "changed",
                   "before": "$5.00", "after": "$10.00", "before_paytable": None,
                   "after_paytable": None, "rows": []}


@pytest.fixture
def approved(table_games_manager, compliance_officer, keystone):
    """Version 1, in force: Three Card Poker with Pair Plus paytable D, a $5 table minimum."""
    terms = terms_for(game_spec("three_card_poker"), offer=["pair_plus"])
    terms["wagers"]["pair_plus"], terms["options"]["ante_bonus"] = "D", "A"
    first = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms)
    services.submission_transition(actor=table_games_manager, submission=first,
                                   to="submitted")
    return services.submission_transition(actor=compliance_officer, submission=first,
                                          to="approved", effective_date=timezone.localdate())


@pytest.fixture
def newer(approved, table_games_manager, keystone):
    """Version 2: Pair Plus paytable B and a $10 table minimum."""
    draft = services.submission_new_version(actor=table_games_manager, property=keystone,
                                            game="three_card_poker")
    terms = draft.terms()
    terms["wagers"]["pair_plus"] = "B"
    terms["table_minimum"] = "10.00"
    return services.submission_update(actor=table_games_manager, submission=draft, terms=terms)


@pytest.fixture
def manager(api_session_for, table_games_manager):
    return api_session_for(table_games_manager)


def test_a_new_version_is_compared_with_the_version_in_force(manager, newer, approved):
    response = manager.get(url(newer))
    assert response.status_code == 200
    assert response.json() == {"submission": ref(newer), "against": ref(approved),
                               "changes": [PAIR_PLUS_D_TO_B, MINIMUM_5_TO_10]}


def test_against_names_the_version_to_compare_with(manager, newer, approved):
    body = manager.get(url(approved, against=newer.pk)).json()
    assert body["against"] == ref(newer)
    changed = {c["path"]: (c["before"], c["after"]) for c in body["changes"]}
    assert changed == {"wagers.pair_plus": ("Pair Plus paytable B", "Pair Plus paytable D"),
                       "table_minimum": ("$10.00", "$5.00")}


def test_the_first_version_in_force_is_all_added(manager, approved):
    # Nothing before it: every term added (as the review shows it).
    body = manager.get(url(approved)).json()
    assert body["against"] is None
    assert {c["kind"] for c in body["changes"]} == {"added"}
    assert {"wagers.pair_plus", "table_minimum"} <= {c["path"] for c in body["changes"]}


def test_another_propertys_version_is_a_404(api_session_for, outsider, newer):
    response = api_session_for(outsider).get(url(newer))
    assert response.status_code == 404
    assert response.json() == {"errors": {"detail": [
        "No rules submission with that id at your properties."]}}


@pytest.mark.parametrize("value", ["abc", "", "0", "-1", "²", "1.5", "99999999999999999999"])
def test_an_against_that_is_no_id_is_a_400_naming_it(manager, newer, value):
    response = manager.get(url(newer, against=value))
    assert response.status_code == 400
    assert response.json() == {"errors": {"against": [
        "an id: a whole number from 1, written in ASCII digits"]}}


def test_an_against_of_another_property_or_game_is_a_400_naming_it(
        manager, newer, make_staff, lakeside, keystone, table_games_manager):
    elsewhere = services.submission_create(
        actor=make_staff("lara", "table_games_manager", lakeside), property=lakeside,
        terms=terms_for(game_spec("three_card_poker"), offer=["pair_plus"]))
    craps = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms_for(game_spec("craps")))
    for other in (elsewhere.pk, craps.pk, 10**9):
        response = manager.get(url(newer, against=other))
        assert response.status_code == 400
        assert response.json() == {"errors": {"against": [
            f"no version of Three Card Poker at {keystone.name} has that id"]}}


def test_a_parameter_the_diff_does_not_take_is_a_400_naming_it(manager, newer):
    response = manager.get(url(newer, agianst=1))
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["agianst"]


def test_the_schema_declares_the_diff_and_its_answer(manager):
    schema = manager.get("/api/schema/", {"format": "json"}).json()
    operation = schema["paths"]["/api/v1/rules-submissions/{id}/diff/"]["get"]
    assert [p["name"] for p in operation["parameters"] if p["in"] == "query"] == ["against"]
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/DiffAnswer"}
    assert set(operation["responses"]) >= {"200", "400", "401", "403", "404"}


def test_the_guides_example_is_what_the_api_answers(manager, newer, approved):
    """docs/integrator.md's diff example, with the ids and the date of these versions."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/integrator.md").read_text()
    section = text[text.index("### `GET /api/v1/rules-submissions/<id>/diff/`"):]
    request = re.search(r"```http\n(.*?)```", section, re.S).group(1).split()
    answer = json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))
    assert request == ["GET", "/api/v1/rules-submissions/2/diff/"]
    answer["submission"]["id"], answer["against"]["id"] = newer.pk, approved.pk
    answer["against"]["effective_date"] = approved.effective_date.isoformat()
    assert manager.get(request[1].replace("/2/", f"/{newer.pk}/")).json() == answer


def test_royal_9_combinations_read_in_words_in_the_diff(manager, table_games_manager,
                                                        compliance_officer, keystone):
    from tests.api.test_submission_options import terms_with

    spec = game_spec("baccarat")
    terms = terms_with(spec, spec.option("royal_9_combinations"))
    terms["options"]["royal_9_combinations"] = ["Ks 9s", "Kh 9h", "Kd 9d", "Kc 9c", "Ks 9h",
                                                "Kh 9s", "Kd 9c"]
    first = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms)
    services.submission_transition(actor=table_games_manager, submission=first, to="submitted")
    services.submission_transition(actor=compliance_officer, submission=first, to="approved",
                                   effective_date=timezone.localdate())
    second = services.submission_new_version(actor=table_games_manager, property=keystone,
                                             game="baccarat")
    terms = second.terms()
    terms["options"]["royal_9_combinations"] = {"1": ["Kh", "9h"], "2": "Ks 9s", "3": "Kd 9d",
                                                "4": "Kc 9c", "5": "Ks 9h", "6": "Kh 9s",
                                                "7": "Kd 9c"}
    services.submission_update(actor=table_games_manager, submission=second, terms=terms)
    changes = manager.get(url(second)).json()["changes"]
    assert changes == [{
        "path": "options.royal_9_combinations",
        "label": "Royal 9 personal King-9 combination of each position", "kind": "changed",
        "before": "Ks 9s; Kh 9h; Kd 9d; Kc 9c; Ks 9h; Kh 9s; Kd 9c",
        "after": "1: Kh 9h; 2: Ks 9s; 3: Kd 9d; 4: Kc 9c; 5: Ks 9h; 6: Kh 9s; 7: Kd 9c",
        "before_paytable": None, "after_paytable": None, "rows": []}]
