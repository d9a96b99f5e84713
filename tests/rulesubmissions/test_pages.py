"""The pages through the test client: list, editor with live validation, review, print,
paytable catalog."""

import pytest
from django.urls import reverse
from django.utils import timezone

from rulesubmissions import services
from rulesubmissions.models import CatalogPaytable, RulesSubmission, Status

pytestmark = pytest.mark.django_db

EDITOR_POST = {
    "game": "three_card_poker", "options.variant": "none", "options.adjacent_boxes": "1",
    "options.ante_bonus": "A", "table_minimum": "5.00", "table_maximum": "500.00",
    "payout_limit": "", "wagers.ante.offered": "on", "wagers.play.offered": "on",
    "wagers.pair_plus.offered": "on", "wagers.pair_plus": "three_card_poker.pair_plus.D",
    "wagers.five_card_progressive.offered": "on",
    "wagers.five_card_progressive": "three_card_poker.five_card_progressive.M",
    "meters.five_card_progressive.initial": "10000.00",
    "meters.five_card_progressive.reset": "10000.00",
    "meters.five_card_progressive.rate": "5",
}


def test_list_filters_by_game_and_status(client_for, auditor, draft, approved_other_game):
    page = client_for(auditor).get(reverse("rulesubmissions:list"), {"status": "draft"})
    assert page.status_code == 200
    rows = page.content.decode()
    assert f'href="{reverse("rulesubmissions:detail", args=[draft.pk])}"' in rows
    assert reverse("rulesubmissions:detail", args=[approved_other_game.pk]) not in rows
    partial = client_for(auditor).get(reverse("rulesubmissions:list"),
                                      {"game": "craps"}, HTTP_HX_REQUEST="true")
    assert "<html" not in partial.content.decode()
    assert reverse("rulesubmissions:detail", args=[approved_other_game.pk]) in \
        partial.content.decode()


@pytest.fixture
def approved_other_game(table_games_manager, compliance_officer, keystone):
    terms = {"game": "craps", "options": {}, "wagers": {"hot_roller": "A"},
             "meters": {}, "table_minimum": "10.00", "table_maximum": "1000.00"}
    s = services.submission_create(actor=table_games_manager, property=keystone, terms=terms)
    s = services.submission_transition(actor=table_games_manager, submission=s, to="submitted")
    return services.submission_transition(actor=compliance_officer, submission=s,
                                          to="approved", effective_date=timezone.localdate())


def test_a_floor_manager_cannot_open_rules_submissions(client_for, floor_manager):
    assert client_for(floor_manager).get(reverse("rulesubmissions:list")).status_code == 403
    assert client_for(floor_manager).post(reverse("rulesubmissions:create"),
                                          EDITOR_POST).status_code == 403


def test_the_editor_shows_the_chosen_games_wagers_and_meters(client_for, table_games_manager):
    page = client_for(table_games_manager).get(reverse("rulesubmissions:editor-fields"),
                                               {"game": "three_card_poker"})
    html = page.content.decode()
    assert 'name="wagers.pair_plus"' in html and "three_card_poker.pair_plus.D" in html
    assert 'name="meters.five_card_progressive.initial"' in html
    assert "$10,000.00" in html  # the minimum the engine publishes


def test_live_validation_names_the_field_and_updates_the_floor(client_for, table_games_manager):
    post = {**EDITOR_POST, "meters.five_card_progressive.initial": "9999.99"}
    page = client_for(table_games_manager).post(reverse("rulesubmissions:editor-validate"), post,
                                                HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert '<div class="errors" id="err-meters-five-card-progressive-initial" ' \
           'hx-swap-oob="true">Five-Card Progressive: the initial amount must be at least ' \
           "$10,000.00 (§649a.12(h)(3))</div>" in html
    assert "$50,000.00" in html  # the payout-limit floor


def test_creating_a_draft_from_the_editor(client_for, table_games_manager):
    response = client_for(table_games_manager).post(reverse("rulesubmissions:create"),
                                                    EDITOR_POST)
    submission = RulesSubmission.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("rulesubmissions:detail", args=[submission.pk])
    assert submission.wagers == {"ante": "", "play": "", "pair_plus":
                                 "three_card_poker.pair_plus.D", "five_card_progressive":
                                 "three_card_poker.five_card_progressive.M"}


def test_an_invalid_draft_is_shown_again_with_its_errors(client_for, table_games_manager):
    post = {**EDITOR_POST, "table_maximum": "4.99"}
    response = client_for(table_games_manager).post(reverse("rulesubmissions:create"), post)
    assert response.status_code == 400
    assert "the table maximum is below the table minimum" in response.content.decode()
    assert not RulesSubmission.objects.exists()


def test_submit_review_and_approve_through_the_pages(client_for, draft, table_games_manager,
                                                     compliance_officer):
    tgm, officer = client_for(table_games_manager), client_for(compliance_officer)
    tgm.post(reverse("rulesubmissions:submit", args=[draft.pk]))
    draft.refresh_from_db()
    assert draft.status == Status.SUBMITTED
    queue = officer.get(reverse("rulesubmissions:queue")).content.decode()
    assert reverse("rulesubmissions:review", args=[draft.pk]) in queue
    review = officer.get(reverse("rulesubmissions:review", args=[draft.pk])).content.decode()
    assert 'class="change-added"' in review and "Pair Plus Wager" in review
    today = timezone.localdate().isoformat()
    officer.post(reverse("rulesubmissions:approve", args=[draft.pk]),
                 {"effective_date": today})
    draft.refresh_from_db()
    assert (draft.status, draft.effective_date.isoformat()) == (Status.APPROVED, today)


def test_a_table_games_manager_cannot_open_the_review(client_for, submitted,
                                                     table_games_manager):
    review = client_for(table_games_manager).get(
        reverse("rulesubmissions:review", args=[submitted.pk]))
    assert review.status_code == 403


def test_return_with_a_comment_through_the_page(client_for, submitted, compliance_officer):
    client_for(compliance_officer).post(reverse("rulesubmissions:return", args=[submitted.pk]),
                                        {"comment": "Five-card rate too low"})
    submitted.refresh_from_db()
    assert (submitted.status, submitted.review_comment) == (Status.RETURNED,
                                                            "Five-card rate too low")


def test_the_review_highlights_changes_against_the_version_in_force(
        client_for, approved, table_games_manager, compliance_officer, keystone, tcp_terms):
    v2 = services.submission_new_version(actor=table_games_manager, property=keystone,
                                         game="three_card_poker")
    tcp_terms["wagers"]["pair_plus"] = "B"
    del tcp_terms["wagers"]["five_card_progressive"]
    del tcp_terms["meters"]["five_card_progressive"]
    services.submission_update(actor=table_games_manager, submission=v2, terms=tcp_terms)
    services.submission_transition(actor=table_games_manager, submission=v2, to="submitted")
    html = client_for(compliance_officer).get(
        reverse("rulesubmissions:review", args=[v2.pk])).content.decode()
    assert "Changes against version 1" in html
    assert '<tr class="change-changed"><td>Pair Plus Wager</td>' in html
    assert "<del>three_card_poker.pair_plus.D</del>" in html
    assert "<ins>three_card_poker.pair_plus.B</ins>" in html
    assert '<tr class="change-removed"><td>Five-Card Progressive Payout Wager</td>' in html


def test_the_print_view_shows_the_approval_date_on_every_page(client_for, approved, auditor):
    html = client_for(auditor).get(reverse("rulesubmissions:print",
                                           args=[approved.pk])).content.decode()
    date = approved.reviewed_at.astimezone(timezone.get_current_timezone()).date().isoformat()
    assert f'<footer class="print-footer">\n    Approved {date}' in html
    assert "rulesubmissions/rulesubmissions.css" in html


def test_only_an_approved_version_prints(client_for, draft, auditor):
    assert client_for(auditor).get(
        reverse("rulesubmissions:print", args=[draft.pk])).status_code == 404


def test_a_paytable_is_proposed_then_approved_by_a_second_officer(
        client_for, compliance_officer, second_compliance_officer):
    client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "three_card_poker", "wager": "pair_plus", "name": "F",
        "citation": "§649a.12(d)", "source": "primary",
        "rows": "straight_flush: 40\nthree_of_a_kind: 30 to 1\nstraight: 5\nflush: 3\npair: 1",
    })
    proposed = CatalogPaytable.objects.get()
    assert proposed.entry["rows"][1] == {"hand": "three_of_a_kind", "odds": "30",
                                         "basis": "to"}
    page = client_for(compliance_officer).get(reverse("rulesubmissions:paytables"))
    assert "another officer decides" in page.content.decode()
    client_for(second_compliance_officer).post(
        reverse("rulesubmissions:paytable-decide", args=[proposed.pk, "approve"]))
    proposed.refresh_from_db()
    assert proposed.status == "approved"
    catalog = client_for(compliance_officer).get(reverse("rulesubmissions:paytables"))
    assert "three_card_poker.pair_plus.F" in catalog.content.decode()


def test_a_malformed_paytable_form_is_refused(client_for, compliance_officer):
    response = client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "three_card_poker", "wager": "pair_plus", "name": "F",
        "citation": "649a.12(d)", "source": "primary", "rows": "pair: 1"})
    assert response.status_code == 400
    assert "citation must be a section" in response.content.decode()


def test_the_detail_lists_the_wagers_and_meter_amounts(client_for, approved, auditor):
    html = client_for(auditor).get(reverse("rulesubmissions:detail",
                                           args=[approved.pk])).content.decode()
    assert "<td>Five-Card Progressive</td><td class=\"num\">10000.00</td>" in html
    assert "three_card_poker.pair_plus.D" in html and "in force" in html
