"""/api/v1/rules-submissions/, /api/v1/paytables/, /api/v1/games/: same services, same rules."""

import pytest
from django.utils import timezone

from rulesubmissions import services
from rulesubmissions.engine import available_games, game_spec
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db

LIST = "/api/v1/rules-submissions/"


def test_create_read_update_submit_approve(api_session_for, table_games_manager, compliance_officer,
                                           tcp_terms):
    tgm, officer = api_session_for(table_games_manager), api_session_for(compliance_officer)
    created = tgm.post(LIST, tcp_terms, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    assert created.json()["wagers"]["pair_plus"] == "three_card_poker.pair_plus.D"
    patched = tgm.patch(f"{LIST}{pk}/", {"table_maximum": "600.00"}, format="json")
    assert patched.status_code == 200 and patched.json()["table_maximum"] == "600.00"
    assert patched.json()["wagers"]["pair_plus"] == "three_card_poker.pair_plus.D"
    assert tgm.post(f"{LIST}{pk}/submit/").json()["status"] == "submitted"
    assert tgm.patch(f"{LIST}{pk}/", {"table_maximum": "700.00"},
                     format="json").status_code == 409  # submitted: refused by its state
    today = timezone.localdate().isoformat()
    approved = officer.post(f"{LIST}{pk}/approve/", {"effective_date": today}, format="json")
    assert approved.status_code == 200
    assert (approved.json()["status"], approved.json()["effective_date"]) == ("approved", today)
    assert officer.get(f"{LIST}{pk}/").json()["reviewed_by"] == "colin"


def test_bad_terms_are_a_400_naming_each_field(api_session_for, table_games_manager, tcp_terms):
    tcp_terms["meters"]["five_card_progressive"]["reset"] = "9999.99"
    tcp_terms["wagers"]["pair_plus"] = "three_card_poker.pair_plus.Z"
    tcp_terms["table_maximum"] = "4.99"
    response = api_session_for(table_games_manager).post(LIST, tcp_terms, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) == {"meters.five_card_progressive.reset", "wagers.pair_plus",
                           "table_maximum"}
    assert "§649a.12(h)(3)" in errors["meters.five_card_progressive.reset"][0]


@pytest.mark.parametrize("body", [[], "x", {"game": 5}, {"game": "three_card_poker",
                                                         "wagers": "all"}])
def test_malformed_bodies_are_400s(api_session_for, table_games_manager, body):
    response = api_session_for(table_games_manager).post(LIST, body, format="json")
    assert response.status_code == 400


def test_payout_limit_below_the_floor_is_a_400(api_session_for, table_games_manager):
    """§643a.12(g): at least $50,000 (three $5 Let It Ride Wagers win at most $15,000)."""
    terms = terms_for(game_spec("let_it_ride"), payout_limit="49999.99")
    response = api_session_for(table_games_manager).post(LIST, terms, format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["payout_limit"][0].endswith("$50,000.00 (§643a.12(g))")


def test_a_three_card_poker_payout_limit_is_a_400(api_session_for, table_games_manager, tcp_terms):
    """§649a.12 has no payout limitation (the engine refuses options.payout_limit too)."""
    response = api_session_for(table_games_manager).post(LIST, {**tcp_terms, "payout_limit": "50000.00"},
                                                 format="json")
    assert response.status_code == 400
    assert "no payout limitation" in response.json()["errors"]["payout_limit"][0]


def test_the_author_cannot_approve_and_a_floor_manager_cannot_submit(
        api_session_for, submitted, draft, table_games_manager, floor_manager):
    today = timezone.localdate().isoformat()
    assert api_session_for(table_games_manager).post(f"{LIST}{submitted.pk}/approve/",
                                             {"effective_date": today}).status_code == 403
    assert api_session_for(floor_manager).post(f"{LIST}{draft.pk}/submit/").status_code == 403


def test_return_needs_a_comment(api_session_for, submitted, compliance_officer):
    officer = api_session_for(compliance_officer)
    assert officer.post(f"{LIST}{submitted.pk}/return/", {}).status_code == 400
    returned = officer.post(f"{LIST}{submitted.pk}/return/", {"comment": "Fix the rate"})
    assert returned.json()["status"] == "returned"


def test_new_version_copies_the_approved_one(api_session_for, approved, table_games_manager):
    response = api_session_for(table_games_manager).post(f"{LIST}{approved.pk}/new-version/")
    assert response.status_code == 201
    assert (response.json()["version"], response.json()["based_on"]) == (2, approved.pk)


def test_staff_see_only_their_propertys_submissions(api_session_for, draft, outsider):
    assert api_session_for(outsider).get(LIST).json()["count"] == 0
    assert api_session_for(outsider).get(f"{LIST}{draft.pk}/").status_code == 404


def test_list_query_count_does_not_grow_with_rows(api_session_for, auditor, table_games_manager,
                                                  compliance_officer, keystone, tcp_terms,
                                                  django_assert_num_queries):
    client = api_session_for(auditor)
    for game, terms in (("three_card_poker", tcp_terms), ("craps", {
            "game": "craps", "wagers": {"hot_roller": "A"}, "table_minimum": "5.00",
            "table_maximum": "100.00"})):
        s = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms)
        s = services.submission_transition(actor=table_games_manager, submission=s,
                                           to="submitted")
        services.submission_transition(actor=compliance_officer, submission=s, to="returned",
                                       comment=f"{game}: again")
    client.get(LIST)  # the session's idle clock is written at most once a minute
    # session, user, the properties (current one and ids), abilities, count, page
    with django_assert_num_queries(6):
        response = client.get(LIST, {"status": "returned"})
    assert response.json()["count"] == 2


def test_games_lists_what_the_engine_publishes(api_session_for, auditor):
    games = api_session_for(auditor).get("/api/v1/games/").json()
    assert [g["key"] for g in games] == [s.key for s in available_games()]
    tcp = next(g for g in games if g["key"] == "three_card_poker")
    meter = next(m for m in tcp["meters"] if m["key"] == "five_card_progressive")
    assert (meter["min_initial"], meter["min_reset"]) == ("10000.00", "10000.00")
    pair_plus = next(w for w in tcp["wagers"] if w["key"] == "pair_plus")
    assert "three_card_poker.pair_plus.D" in pair_plus["paytables"]


def test_paytables_propose_and_approve(api_session_for, compliance_officer, second_compliance_officer,
                                       django_assert_max_num_queries):
    from tests.rulesubmissions.test_services import PAYTABLE_F

    proposed = api_session_for(compliance_officer).post("/api/v1/paytables/", {"entry": PAYTABLE_F},
                                                format="json")
    assert proposed.status_code == 201
    pk = proposed.json()["id"]
    assert api_session_for(compliance_officer).post(f"/api/v1/paytables/{pk}/approve/").status_code \
        == 403
    assert api_session_for(second_compliance_officer).post(
        f"/api/v1/paytables/{pk}/approve/").json()["status"] == "approved"
    client = api_session_for(compliance_officer)
    client.get("/api/v1/paytables/")  # the session's idle clock is written once a minute
    with django_assert_max_num_queries(9):  # a session costs one query more than a token
        listing = client.get("/api/v1/paytables/").json()
    assert "three_card_poker.pair_plus.F" in [p["id"] for p in listing["catalog"]]
    bad = api_session_for(compliance_officer).post("/api/v1/paytables/", {"entry": {"id": "x"}},
                                           format="json")
    assert bad.status_code == 400
    [refusal] = bad.json()["errors"]["entry.game"]
    assert refusal.startswith("required: choose a game: Three Card Poker (three_card_poker), ")


def test_a_property_that_is_not_yours_is_a_400(api_session_for, table_games_manager, lakeside,
                                               tcp_terms):
    for wanted in (lakeside.pk, "x"):
        response = api_session_for(table_games_manager).post(LIST, {**tcp_terms, "property": wanted},
                                                      format="json")
        assert response.status_code == 400 and "property" in response.json()["errors"]


def test_an_action_url_does_not_update_terms(api_session_for, draft, table_games_manager):
    client = api_session_for(table_games_manager)
    assert client.put(f"{LIST}{draft.pk}/submit/", {}, format="json").status_code == 405
    assert client.post(f"{LIST}{draft.pk}/publish/").status_code == 404  # only the documented actions are routes
