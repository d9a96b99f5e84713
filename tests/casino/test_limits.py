"""casino/limits.py: the limits every request meets, read directly (the parser, the depth scan,
ids) and through pages and htmx form posts, where a NUL character reached PostgreSQL (a 500)."""

import json

import pytest
from django.urls import reverse

from casino.limits import (
    MAX_ID,
    MAX_JSON_DEPTH,
    MAX_KEY_LENGTH,
    MAX_STRING_LENGTH,
    InputRefused,
    check_data,
    parse_json,
    whole_id,
)
from rulesubmissions.engine import game_spec
from tests.rulesubmissions.builders import terms_for

NUL = "\x00"


def refused(raw: str) -> dict:
    with pytest.raises(InputRefused) as caught:
        parse_json(raw.encode())
    return caught.value.errors


# The parser ------------------------------------------------------------------------------


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


def test_json_at_the_depth_limit_is_read():
    assert parse_json(nested(MAX_JSON_DEPTH).encode()) is not None


def test_one_level_more_is_refused_with_the_path():
    message = [f"nested more than {MAX_JSON_DEPTH} levels deep"]
    assert refused(nested(MAX_JSON_DEPTH + 1)) == {"[0]" * MAX_JSON_DEPTH: message}
    errors = refused('{"a": {"b": [1, 2, ' + nested(MAX_JSON_DEPTH) + "]}}")
    assert errors == {"a.b[2]" + "[0]" * (MAX_JSON_DEPTH - 3): message}


def test_brackets_inside_strings_are_not_nesting():
    text = json.dumps({"note": "[" * 500, "keys": {"{[": "]}"}})
    assert parse_json(text.encode())["note"] == "[" * 500


def test_a_key_with_escapes_is_named_as_read():
    errors = refused('{"caf\\u00e9": ' + nested(MAX_JSON_DEPTH) + "}")
    assert list(errors) == ["café" + "[0]" * (MAX_JSON_DEPTH - 1)]


def test_a_plain_ascii_body_is_still_checked_for_lengths_and_escapes_for_nul():
    """The fast path (ASCII, no backslash: no NUL or surrogate can be in it) keeps the length
    limits; one escape anywhere and every string is searched again."""
    long_id = "e" * (MAX_STRING_LENGTH + 1)
    assert refused(json.dumps([{"id": "ok"}, {"id": long_id}])) == {
        "[1].id": [f"a text is at most {MAX_STRING_LENGTH:,} characters "
                   f"(got {MAX_STRING_LENGTH + 1:,})"]}
    assert refused('[{"id": "ok"}, {"id": "a\\u0000", "note": "caf\\u00e9"}]') == {
        "[1].id": ["a NUL character (\\u0000) is not allowed"]}
    assert refused(json.dumps([{"k" * (MAX_KEY_LENGTH + 1): 1}])) == {
        f"[0].{'k' * 60}…": [f"a field name is at most {MAX_KEY_LENGTH:,} characters "
                             f"(got {MAX_KEY_LENGTH + 1:,})"]}
    assert refused('[{"id": "\\ud800"}]') == {
        "[0].id": ["a lone surrogate (\\ud800 to \\udfff) is not text"]}


def test_check_data_walks_without_recursion_and_names_every_field():
    value: object = "x"
    for _ in range(50_000):
        value = [value]
    with pytest.raises(InputRefused) as caught:
        check_data({"deep": value, "a": [f"b{NUL}"], f"k{NUL}": 1,
                    "long": "y" * (MAX_STRING_LENGTH + 1), "z" * (MAX_KEY_LENGTH + 1): 2})
    errors = caught.value.errors
    assert errors["deep" + "[0]" * (MAX_JSON_DEPTH - 1)] == [
        f"nested more than {MAX_JSON_DEPTH} levels deep"]
    assert errors["a[0]"] == errors["k\\u0000"] == ["a NUL character (\\u0000) is not allowed"]
    assert errors["long"] == [f"a text is at most {MAX_STRING_LENGTH:,} characters "
                              f"(got {MAX_STRING_LENGTH + 1:,})"]
    assert [k for k in errors if k.startswith("zzz")] == ["z" * 60 + "…"]


@pytest.mark.parametrize("raw", ["NaN", "1e309", "-Infinity",
                                 "1" * 5000, '{"a": 1', "\ufeff{}", ""])
def test_what_json_cannot_hold_or_is_not_json_is_refused(raw):
    assert list(refused(raw)) == ["detail"]


def test_text_that_is_not_utf8_is_refused():
    with pytest.raises(InputRefused, match="not valid utf-8"):
        parse_json(b'{"a": "\xff"}')


@pytest.mark.parametrize("value, expected", [
    (1, 1), ("42", 42), (MAX_ID, MAX_ID), (str(MAX_ID), MAX_ID),
    ("²", None), ("٣", None), ("4²", None), ("", None), (" 4", None), ("-1", None), (0, None),
    (MAX_ID + 1, None), ("9" * 20, None), ("9" * 5000, None), (True, None), (1.0, None),
    (None, None), ([1], None),
])
def test_a_database_id_is_ascii_digits_or_a_json_whole_number_in_range(value, expected):
    assert whole_id(value) == expected


# Pages and htmx form posts ----------------------------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("query", [{"user": f"ad{NUL}a"}, {"action": f"casino{NUL}"},
                                   {"target": "x" * (MAX_STRING_LENGTH + 1)}])
def test_a_nul_or_an_over_long_value_in_a_query_is_a_400_naming_it(client_for, auditor, query):
    response = client_for(auditor).get(reverse("audit_log"), query)
    assert response.status_code == 400
    (field,) = query
    assert f"<strong>{field}</strong>" in response.text
    assert "Nothing was saved" in response.text


@pytest.mark.django_db
def test_the_api_answers_a_bad_query_in_its_own_shape(api_session_for, auditor):
    response = api_session_for(auditor).get("/api/v1/audit-events/", {"user": f"a{NUL}"})
    assert response.status_code == 400
    assert response.json() == {"errors": {"user": ["a NUL character (\\u0000) is not allowed"]}}


def _editor_post(spec_key="three_card_poker", **fields):
    terms = terms_for(game_spec(spec_key), offer=["ante", "play", "pair_plus"])
    data = {"game": spec_key, "table_minimum": terms["table_minimum"],
            "table_maximum": terms["table_maximum"],
            **{f"wagers.{k}": v for k, v in terms["wagers"].items()},
            **{f"options.{k}": v for k, v in terms["options"].items()
               if isinstance(v, str)}}
    data.update(fields)
    return data


@pytest.mark.django_db
@pytest.mark.parametrize("url_name", ["rulesubmissions:create",
                                      "rulesubmissions:editor-validate"])
def test_a_nul_in_an_editor_form_post_is_a_400_naming_the_field(client_for, url_name,
                                                                table_games_manager):
    data = _editor_post(**{"options.dealing_procedure": f"hand{NUL}"})
    response = client_for(table_games_manager).post(reverse(url_name), data,
                                                    HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "<strong>options.dealing_procedure</strong>" in response.text


@pytest.mark.django_db
def test_a_nul_in_a_return_comment_form_is_a_400(client_for, compliance_officer,
                                                 table_games_manager, keystone):
    from rulesubmissions import services

    terms = terms_for(game_spec("three_card_poker"), offer=["ante", "play", "pair_plus"])
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms)
    services.submission_transition(actor=table_games_manager, submission=draft, to="submitted")
    response = client_for(compliance_officer).post(
        reverse("rulesubmissions:return", args=[draft.pk]), {"comment": f"no{NUL}"})
    assert response.status_code == 400
    assert "<strong>comment</strong>" in response.text
    draft.refresh_from_db()
    assert draft.status == "submitted"


@pytest.mark.django_db
def test_an_ordinary_form_post_still_goes_through(client_for, table_games_manager):
    response = client_for(table_games_manager).post(
        reverse("rulesubmissions:editor-validate"), _editor_post(), HTTP_HX_REQUEST="true")
    assert response.status_code == 200


def test_each_limit_can_be_set_in_settings(settings):
    settings.MAX_JSON_DEPTH = 2
    settings.MAX_STRING_LENGTH = 3
    assert parse_json(b'[["ok"]]') == [["ok"]]
    assert refused("[[[]]]") == {"[0][0]": ["nested more than 2 levels deep"]}
    assert refused('["four"]') == {"[0]": ["a text is at most 3 characters (got 4)"]}


def test_nesting_beyond_what_the_parser_can_follow_is_named_without_parsing():
    errors = refused('{"a": {"b": ' + "[" * 200_000 + "]" * 200_000 + "}}")
    assert errors == {"a.b" + "[0]" * (MAX_JSON_DEPTH - 2): [
        f"nested more than {MAX_JSON_DEPTH} levels deep"]}
