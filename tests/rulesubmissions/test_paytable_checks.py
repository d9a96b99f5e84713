"""A paytable compliance adds is checked as the engine will pay and print it: odds and amounts
within bounds, hands the game's rankings have, a real citation and title, every error at
once against its field; an approved one can be retired by two compliance officers, audited."""

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from django.utils import timezone

from rulesubmissions import selectors, services
from rulesubmissions.models import CatalogPaytable, PaytableStatus
from tests.audit_events import actions_about
from tests.rulesubmissions.test_services import PAYTABLE_F

pytestmark = pytest.mark.django_db


def refused(officer, keystone, **changes) -> dict:
    with pytest.raises(services.RulesError) as exc:
        services.paytable_propose(actor=officer, property=keystone,
                                  entry={**PAYTABLE_F, **changes})
    return exc.value.errors


def test_every_problem_is_reported_at_once_against_its_field(compliance_officer, keystone):
    """The issue's case: a Pair Plus table with a "royal flush" hand, odds of 1e30, title "x"
    and citation "§1". Pair Plus is a three-card wager (§649a.12(d)): no royal flush."""
    errors = refused(compliance_officer, keystone, title="x", citation="§1", rows=[
        {"hand": "royal_flush", "odds": "40"}, {"hand": "pair", "odds": "1e30"}])
    assert set(errors) == {"entry.title", "entry.citation", "entry.rows[0].hand",
                           "entry.rows[1].odds"}
    assert errors["entry.rows[0].hand"] == [
        "Royal flush ('royal_flush') is not a hand of this wager; its hands are: Flush, Mini "
        "royal (A-K-Q suited), Pair, Straight, Straight flush, Three of a kind"]
    assert errors["entry.rows[1].odds"] == [
        "'1e30' is not a figure written in digits, like \"40\" or \"1000.00\" (no exponent, "
        "spaces, separators or sign)"]
    assert errors["entry.citation"] == ["must be a section, like '§649a.12(d)'"]
    assert not CatalogPaytable.objects.exists()


@pytest.mark.parametrize(("row", "field", "message"), [
    ({"hand": "pair", "amount": "1000000000"}, "entry.rows[0].amount",
     "1000000000 is out of range: more than $0 and below $1,000,000,000"),
    ({"hand": "pair", "odds": "0.5", "basis": "for"}, "entry.rows[0].odds",
     "0.5 is out of range: at least 1 for 1 and at most 1,000,000 for 1"),
    ({"hand": "pair", "odds": "2.555"}, "entry.rows[0].odds", "2.555 has more than 2 decimals"),
    ({"hand": "pair", "odds": "1000000.01"}, "entry.rows[0].odds",
     "1000000.01 is out of range: more than 0 and at most 1,000,000 to 1"),
])
def test_odds_and_amounts_are_bounded_to_what_the_engine_pays_and_prints(
        compliance_officer, keystone, row, field, message):
    assert refused(compliance_officer, keystone, rows=[row]) == {field: [message]}


@pytest.mark.parametrize(("figure", "kind"), [
    ("NaN", "odds"), ("5_0", "odds"), ("٥", "amount"), ("1,000.00", "amount"), ("+5", "odds"),
    (" 5", "odds"), ("1e2", "amount"), ("-5", "odds"), ("0x10", "amount"), ("", "odds"),
])
def test_a_figure_not_written_in_plain_digits_is_refused_never_read_as_another(
        compliance_officer, keystone, figure, kind):
    # Decimal() reads "5_0" as 50 and "٥" as 5: a paytable pays what the regulation prints,
    # so a figure is ASCII digits and a point or it is refused.
    assert refused(compliance_officer, keystone, rows=[{"hand": "pair", kind: figure}]) == {
        f"entry.rows[0].{kind}": [
            f"{figure!r} is not a figure written in digits, like \"40\" or \"1000.00\" (no "
            "exponent, spaces, separators or sign)"]}


@pytest.mark.parametrize("figure", [40, 2.5, True, None])
def test_a_figure_sent_as_a_json_number_is_refused(api_session_for, compliance_officer, figure):
    response = api_session_for(compliance_officer).post(
        "/api/v1/paytables/", {"entry": {**PAYTABLE_F, "rows": [{"hand": "pair", "odds": figure}]}},
        format="json")
    assert response.status_code == 400
    assert response.json()["errors"] == {"entry.rows[0].odds": [
        "must be text, like \"40\" or \"1000.00\" (a string, not a number)"]}
    assert not CatalogPaytable.objects.exists()


def test_a_300_character_name_is_a_400_naming_the_field(api_session_for, compliance_officer):
    response = api_session_for(compliance_officer).post(
        "/api/v1/paytables/", {"entry": {**PAYTABLE_F, "name": "F" * 300,
                                         "id": f"three_card_poker.pair_plus.{'F' * 300}"}},
        format="json")
    assert response.status_code == 400
    assert response.json()["errors"]["entry.name"] == [
        "at most 40 characters (this one has 300)"]


def test_the_form_puts_each_error_beside_its_field_and_keeps_the_user_there(
        client_for, compliance_officer):
    response = client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "three_card_poker", "wager": "pair_plus", "name": "F", "title": "x",
        "citation": "§1", "source": "primary",
        "rows": "Royal flush: 40 to 1\nPair: 1e30 to 1"})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'action="/rules-submissions/paytables/propose/#propose"' in html
    assert '<div class="errors" id="err-citation">must be a section' in html
    assert '<div class="errors" id="err-title">at least 3 characters' in html
    rows = html[html.index('id="err-rows"'):]
    assert "row 1: Royal flush (&#x27;Royal flush&#x27;) is not a hand of this wager" in rows
    assert "row 2: &#x27;1e30&#x27; is not a figure written in digits" in rows


def test_the_form_reads_hands_in_words_and_the_wager_from_a_list(client_for, compliance_officer):
    client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "three_card_poker", "wager": "pair_plus", "name": "F",
        "citation": "§649a.12(d)", "source": "primary",
        "rows": "Straight flush: 40 to 1\nThree of a kind: 30 to 1\nPair: 1 to 1"})
    proposed = CatalogPaytable.objects.get()
    assert [r["hand"] for r in proposed.entry["rows"]] == ["straight_flush", "three_of_a_kind",
                                                          "pair"]
    assert proposed.entry["title"] == "Pair Plus paytable F"  # named as posted
    wrong = client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "craps", "wager": "pair_plus", "name": "G", "citation": "§623b.1(h)",
        "source": "primary", "rows": "All small: 30 to 1"})
    assert "Craps side wagers has no wager or paytable option like this" in \
        wrong.content.decode()


@pytest.fixture
def approved_f(compliance_officer, second_compliance_officer, keystone):
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=PAYTABLE_F)
    return services.paytable_transition(actor=second_compliance_officer, paytable=proposed,
                                        to="approved")


def test_two_officers_retire_a_paytable_no_version_uses(approved_f, compliance_officer,
                                                        second_compliance_officer, keystone):
    asked = services.paytable_request_retirement(actor=compliance_officer, paytable=approved_f,
                                                 reason="superseded by table G")
    assert asked.status == PaytableStatus.RETIRING
    assert selectors.catalog_for(keystone).get(PAYTABLE_F["id"]) is not None  # until confirmed
    with pytest.raises(PermissionDenied):
        services.paytable_decide_retirement(actor=compliance_officer, paytable=asked,
                                            to=PaytableStatus.RETIRED)
    retired = services.paytable_decide_retirement(actor=second_compliance_officer,
                                                  paytable=asked, to=PaytableStatus.RETIRED)
    assert (retired.status, retired.retired_by) == ("retired", second_compliance_officer)
    assert selectors.catalog_for(keystone).get(PAYTABLE_F["id"]) is None
    assert actions_about(retired)[-2:] == ["rulesubmissions.paytable.request_retirement",
                                           "rulesubmissions.paytable.retire"]


def test_a_paytable_an_approved_version_selects_cannot_be_retired(
        approved_f, compliance_officer, table_games_manager, keystone, tcp_terms):
    terms = {**tcp_terms, "wagers": {**tcp_terms["wagers"], "pair_plus": PAYTABLE_F["id"]}}
    s = services.submission_create(actor=table_games_manager, property=keystone, terms=terms)
    s = services.submission_transition(actor=table_games_manager, submission=s, to="submitted")
    services.submission_transition(actor=compliance_officer, submission=s, to="approved",
                                   effective_date=timezone.localdate())
    with pytest.raises(services.RulesError) as exc:
        services.paytable_request_retirement(actor=compliance_officer, paytable=approved_f,
                                             reason="no longer posted")
    assert exc.value.errors == {"status": ["version 1 of this game selects it: approve a "
                                           "version without it first"]}


def test_a_stored_paytable_beyond_the_bounds_breaks_nothing_and_can_be_retired(
        api_session_for, client_for, compliance_officer, second_compliance_officer, keystone,
        auditor):
    """One approved before the bounds (odds 1e30) is left out of the catalog, listed for
    retirement; the catalog API and pages still answer."""
    bad = CatalogPaytable.objects.create(
        property=keystone, paytable_id="three_card_poker.pair_plus.Z", game="three_card_poker",
        wager="pair_plus", status="approved", proposed_by=compliance_officer,
        entry={**PAYTABLE_F, "id": "three_card_poker.pair_plus.Z", "name": "Z",
               "rows": [{"hand": "pair", "odds": "1e30"}]})
    assert api_session_for(auditor).get("/api/v1/paytables/").status_code == 200
    page = client_for(compliance_officer).get(reverse("rulesubmissions:paytables"))
    assert 'id="unreadable"' in page.content.decode()
    services.paytable_request_retirement(actor=compliance_officer, paytable=bad,
                                         reason="odds out of range")
    client_for(second_compliance_officer).post(
        reverse("rulesubmissions:paytable-decide", args=[bad.pk, "retire"]))
    bad.refresh_from_db()
    assert bad.status == "retired"


def test_the_retirement_pages_ask_then_confirm(client_for, approved_f, compliance_officer,
                                              second_compliance_officer):
    asking = client_for(compliance_officer)
    done = asking.post(reverse("rulesubmissions:paytable-decide",
                               args=[approved_f.pk, "request-retirement"]),
                       {"reason": "not posted any more"}, follow=True).content.decode()
    assert "retirement requested; a second compliance officer must confirm it." in done
    assert "yours: another officer confirms" in done
    confirmed = client_for(second_compliance_officer).post(
        reverse("rulesubmissions:paytable-decide", args=[approved_f.pk, "retire"]),
        follow=True).content.decode()
    assert "retired; no Rules Submission can select it any more." in confirmed


def test_the_api_retires_a_paytable_with_two_officers(api_session_for, approved_f,
                                                      compliance_officer,
                                                      second_compliance_officer):
    url = f"/api/v1/paytables/{approved_f.pk}/"
    no_reason = api_session_for(compliance_officer).post(f"{url}request-retirement/", {},
                                                         format="json")
    assert no_reason.status_code == 400 and no_reason.json() == {
        "errors": {"reason": ["say why it is retired"]}}
    asked = api_session_for(compliance_officer).post(
        f"{url}request-retirement/", {"reason": "not posted any more"}, format="json")
    assert asked.json()["status"] == "retiring"
    assert api_session_for(compliance_officer).post(f"{url}retire/").status_code == 403
    done = api_session_for(second_compliance_officer).post(f"{url}retire/")
    assert done.json()["status"] == "retired" and done.json()["retired_at"]


def test_the_catalog_api_names_each_hand_beside_its_key(api_session_for, auditor):
    catalog = api_session_for(auditor).get("/api/v1/paytables/").json()["catalog"]
    d = next(p for p in catalog if p["id"] == "three_card_poker.pair_plus.D")
    assert [(r["hand"], r["hand_name"], r["odds"]) for r in d["rows"]][:2] == [
        ("straight_flush", "Straight flush", "40 to 1"),
        ("three_of_a_kind", "Three of a kind", "30 to 1")]


def test_choosing_the_game_narrows_the_wager_list(client_for, compliance_officer):
    page = client_for(compliance_officer).get(reverse("rulesubmissions:paytables"))
    assert 'hx-get="/rules-submissions/paytables/?wagers=1"' in page.content.decode()
    options = client_for(compliance_officer).get(
        reverse("rulesubmissions:paytables"), {"wagers": "1", "game": "craps"},
        HTTP_HX_REQUEST="true").content.decode()
    assert '<option value="hot_roller">Hot Roller wager</option>' in options
    assert "pair_plus" not in options
