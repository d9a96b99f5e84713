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
    assert "Three Card Poker has no payout limitation" in html  # §649a.12: no limit clause


LIR_POST = {"game": "let_it_ride", "table_minimum": "25.00", "table_maximum": "500.00",
            "wagers.bet_1.offered": "on", "wagers.bet_2.offered": "on",
            "wagers.bet_3": "let_it_ride.bet_3.common_1000", "payout_limit": "74999.99"}


def test_live_validation_updates_the_payout_limit_floor(client_for, table_games_manager):
    """§643a.12(g): three $25 Let It Ride Wagers on a royal flush at 1,000 to 1 win
    3 x 25 x 1,000 = $75,000, above $50,000: the floor, and a limit a cent below is refused."""
    page = client_for(table_games_manager).post(reverse("rulesubmissions:editor-validate"),
                                                LIR_POST, HTTP_HX_REQUEST="true")
    html = page.content.decode()
    assert '<span class="floor-amount">$75,000.00</span>' in html
    assert '<div class="errors" id="err-payout-limit" hx-swap-oob="true">the payout limit must ' \
           "be at least $50,000 or the most one patron could win in a round betting the minimum " \
           "wager, whichever is greater: $75,000.00 (§643a.12(g))</div>" in html


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


def test_the_author_is_offered_no_review_of_their_own_version(client_for, submitted,
                                                              table_games_manager):
    table_games_manager.is_superuser = True  # holds the approve ability, and is the author
    table_games_manager.save()
    author, review = client_for(table_games_manager), reverse("rulesubmissions:review",
                                                              args=[submitted.pk])
    queue = author.get(reverse("rulesubmissions:queue")).content.decode()
    assert "your own" in queue and review not in queue
    page = author.get(review).content.decode()
    assert "another compliance officer must review it" in page and 'id="approve"' not in page
    dashboard = author.get(reverse("dashboard")).content.decode()
    assert "yours: another officer reviews it" in dashboard and review not in dashboard


def test_submit_review_and_approve_through_the_pages(client_for, draft, table_games_manager,
                                                     compliance_officer):
    tgm, officer = client_for(table_games_manager), client_for(compliance_officer)
    confirm = tgm.post(reverse("rulesubmissions:submit", args=[draft.pk])).content.decode()
    assert "Submit version 1 for approval?" in confirm
    draft.refresh_from_db()
    assert draft.status == Status.DRAFT  # nothing happens before the confirmation
    done = tgm.post(reverse("rulesubmissions:submit", args=[draft.pk]), {"confirm": "yes"},
                    follow=True).content.decode()
    assert "Version 1 submitted: it is in the compliance queue." in done
    draft.refresh_from_db()
    assert draft.status == Status.SUBMITTED
    queue = officer.get(reverse("rulesubmissions:queue")).content.decode()
    assert reverse("rulesubmissions:review", args=[draft.pk]) in queue
    review = officer.get(reverse("rulesubmissions:review", args=[draft.pk])).content.decode()
    assert 'class="change-added"' in review and "Pair Plus Wager" in review
    today = timezone.localdate().isoformat()
    confirm = officer.post(reverse("rulesubmissions:approve", args=[draft.pk]),
                           {"effective_date": today}).content.decode()
    assert f"Version 1 will be in force from {today} (today)." in confirm
    assert "It is the first version of this game in force." in confirm
    done = officer.post(reverse("rulesubmissions:approve", args=[draft.pk]),
                        {"effective_date": today, "confirm": "yes"}, follow=True)
    assert f"Version 1 approved: in force from {today}." in done.content.decode()
    draft.refresh_from_db()
    assert (draft.status, draft.effective_date.isoformat()) == (Status.APPROVED, today)


def test_a_table_games_manager_cannot_open_the_review(client_for, submitted,
                                                     table_games_manager):
    review = client_for(table_games_manager).get(
        reverse("rulesubmissions:review", args=[submitted.pk]))
    assert review.status_code == 403


def test_return_with_a_comment_through_the_page(client_for, submitted, compliance_officer):
    client_for(compliance_officer).post(reverse("rulesubmissions:return", args=[submitted.pk]),
                                        {"comment": "Five-card rate too low", "confirm": "yes"})
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
    detail_v1 = reverse("rulesubmissions:detail", args=[approved.pk])
    assert f'Changes against <a href="{detail_v1}">version 1</a>' in html
    assert '<tr class="change-changed"><td>Pair Plus Wager</td>' in html
    assert "<del>Pair Plus paytable D</del>" in html
    assert "<ins>Pair Plus paytable B</ins>" in html
    # §649a.12(d): D pays a straight 6 to 1, B 5 to 1; the other rows are the same.
    assert ('<tr class="row-changed"><td>Straight</td><td class="num nowrap"><del>6 to 1</del>'
            '</td><td class="num nowrap"><ins>5 to 1</ins></td></tr>') in html
    assert ('<tr class="row-same"><td>Flush</td><td class="num nowrap">4 to 1</td>'
            '<td class="num nowrap">4 to 1</td></tr>') in html
    assert '<tr class="change-removed"><td>Five-Card Progressive Payout Wager</td>' in html


def test_the_print_view_shows_the_approval_date_on_every_page(client_for, approved, auditor):
    """The page's margin boxes repeat on every printed page (facts.md, Rules Submissions:
    "each page shows its approval date")."""
    html = client_for(auditor).get(reverse("rulesubmissions:print",
                                           args=[approved.pk])).content.decode()
    date = approved.reviewed_at.astimezone(timezone.get_current_timezone()).date().isoformat()
    assert (f'@bottom-left {{ content: "Approved {date} by colin · in force from '
            f'{approved.effective_date.isoformat()}"; }}') in html
    assert '@top-right { content: "Rules Submission (§601a.2): Three Card Poker, version 1"; }' \
        in html
    assert "rulesubmissions/rulesubmissions.css" in html


def test_print_margin_text_cannot_end_the_css_string_or_the_style_element():
    from rulesubmissions.templatetags.rulesubmissions_tags import css_string

    assert css_string('A "b" </style>') == '"A \\22 b\\22  \\3c /style\\3e "'


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
    html = response.content.decode()
    assert '<div class="errors" id="err-citation">must be a section, like' in html
    assert 'action="/rules-submissions/paytables/propose/#propose"' in html  # stays in place


def test_the_detail_lists_the_wagers_and_meter_amounts(client_for, approved, auditor):
    html = client_for(auditor).get(reverse("rulesubmissions:detail",
                                           args=[approved.pk])).content.decode()
    assert "<td>Five-Card Progressive</td><td class=\"num\">$10,000.00</td>" in html
    assert "Pair Plus paytable D" in html and ">In force</span>" in html


def test_an_approval_without_a_valid_effective_date_stays_on_the_review_with_the_error(
        client_for, submitted, compliance_officer):
    """The effective date is today or later (in force from it); a past one is refused next to
    the date field and the version stays submitted."""
    yesterday = (timezone.localdate() - timezone.timedelta(days=1)).isoformat()
    response = client_for(compliance_officer).post(
        reverse("rulesubmissions:approve", args=[submitted.pk]), {"effective_date": yesterday})
    assert response.status_code == 400
    assert '<div class="errors" id="err-effective-date">an effective date, today or later' \
           "</div>" in response.content.decode()
    submitted.refresh_from_db()
    assert submitted.status == Status.SUBMITTED


def test_a_return_without_a_comment_stays_on_the_review_with_the_error(
        client_for, submitted, compliance_officer):
    response = client_for(compliance_officer).post(
        reverse("rulesubmissions:return", args=[submitted.pk]), {"comment": ""})
    assert response.status_code == 400
    assert '<div class="errors" id="err-comment">This field is required.</div>' in \
        response.content.decode()
    submitted.refresh_from_db()
    assert submitted.status == Status.SUBMITTED


def test_the_catalog_shows_each_paytables_rows_odds_citation_and_source(client_for, auditor):
    """Pair Plus D (§649a.12(d)) is secondary data: its rows, 40 to 1 down to 1 to 1, its
    citation and its source note are on the page for compliance to confirm; a progressive's
    royal flush is 100% of the meter and its four of a kind "for 1" (§647a.12(d)(1))."""
    html = client_for(auditor).get(reverse("rulesubmissions:paytables")).content.decode()
    pair_plus = html[html.index("<code>three_card_poker.pair_plus.D</code>"):]
    pair_plus = pair_plus[:pair_plus.index("</table>")]
    assert "<td>§649a.12(d)</td>" in pair_plus
    assert ('<span class="badge source-secondary">Secondary: confirm before approval</span>'
            in pair_plus)
    assert "Confirm against 58 Pa. Code §649a.12(d)." in pair_plus
    for hand, odds in (("Straight flush", "40 to 1"), ("Three of a kind", "30 to 1"),
                       ("Straight", "6 to 1"), ("Flush", "4 to 1"), ("Pair", "1 to 1")):
        assert f'<tr><td>{hand}</td><td class="num nowrap">{odds}</td></tr>' in pair_plus
    holdem = html[html.index("<code>texas_holdem_bonus.progressive.standard</code>"):]
    assert '<tr><td>Royal flush</td><td class="num nowrap">100% of meter</td></tr>' in holdem
    assert '<tr><td>Four of a kind</td><td class="num nowrap">300 for 1</td></tr>' in holdem
    assert '<details class="catalog-game card" id="catalog-three_card_poker">' in html


def test_a_proposed_paytable_shows_its_rows_before_the_second_officer_decides(
        client_for, compliance_officer, second_compliance_officer):
    client_for(compliance_officer).post(reverse("rulesubmissions:paytable-propose"), {
        "game": "three_card_poker", "wager": "pair_plus", "name": "F", "source": "secondary",
        "citation": "§649a.12(d)", "source_note": "posted at another property",
        "rows": "straight_flush: 40\npair: 1"})
    html = client_for(second_compliance_officer).get(
        reverse("rulesubmissions:paytables")).content.decode()
    proposal = html[html.index("Waiting for a second compliance officer"):]
    assert "<code>three_card_poker.pair_plus.F</code>" in proposal
    assert '<div class="helptext">posted at another property</div>' in proposal
    assert '<tr><td>Straight flush</td><td class="num nowrap">40 to 1</td></tr>' in proposal
    assert ">Approve</button>" in proposal


def test_pages_name_the_game_and_a_side_wager_says_which_variant_allows_it(
        client_for, table_games_manager, draft):
    """§645a.7(e)(5): the Queen's Dragon Wager is offered only if EZ Pai Gow Poker is played."""
    tgm = client_for(table_games_manager)
    listing = tgm.get(reverse("rulesubmissions:list")).content.decode()
    assert f'<a href="{reverse("rulesubmissions:detail", args=[draft.pk])}">Three Card Poker' \
           "</a>" in listing
    fields = tgm.get(reverse("rulesubmissions:editor-fields"),
                     {"game": "pai_gow_poker"}).content.decode()
    assert "§645a.13(f) · only where EZ Pai Gow Poker (no vigorish) is yes" in fields
    assert 'name="payout_limit"' in fields and "§645a.13(j)" in fields
    tcp = tgm.get(reverse("rulesubmissions:editor-fields"),
                  {"game": "three_card_poker"}).content.decode()
    assert 'name="payout_limit"' not in tcp
