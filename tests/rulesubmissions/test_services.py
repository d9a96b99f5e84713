"""Workflow, segregation of duties, versions and the audit trail, on the real database."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from rulesubmissions import selectors, services
from rulesubmissions.engine import game_spec
from rulesubmissions.models import RulesSubmission, Status
from tests.audit_events import actions_about
from tests.rulesubmissions.builders import terms_for

pytestmark = pytest.mark.django_db


def test_a_table_games_manager_drafts_version_1_with_cleaned_terms(draft, table_games_manager):
    assert (draft.version, draft.status, draft.author) == (1, Status.DRAFT, table_games_manager)
    assert draft.wagers["pair_plus"] == "three_card_poker.pair_plus.D"
    assert draft.meters["five_card_progressive"]["initial"] == "10000.00"
    assert actions_about(draft) == ["rulesubmissions.submission.create"]


def test_terms_below_a_minimum_are_refused_against_their_field(table_games_manager, keystone,
                                                               tcp_terms):
    tcp_terms["meters"]["five_card_progressive"]["initial"] = "9999.99"
    with pytest.raises(services.RulesError) as exc:
        services.submission_create(actor=table_games_manager, property=keystone, terms=tcp_terms)
    assert list(exc.value.errors) == ["meters.five_card_progressive.initial"]
    assert not RulesSubmission.objects.exists()


def test_a_floor_manager_cannot_draft_or_submit(floor_manager, keystone, tcp_terms, draft):
    with pytest.raises(PermissionDenied):
        services.submission_create(actor=floor_manager, property=keystone, terms=tcp_terms)
    with pytest.raises(PermissionDenied):
        services.submission_transition(actor=floor_manager, submission=draft, to="submitted")


def test_staff_of_another_property_cannot_draft_here(outsider, keystone, tcp_terms):
    with pytest.raises(PermissionDenied):
        services.submission_create(actor=outsider, property=keystone, terms=tcp_terms)


def test_only_one_open_version_per_game(draft, table_games_manager, keystone, tcp_terms):
    with pytest.raises(services.RulesError) as exc:
        services.submission_create(actor=table_games_manager, property=keystone, terms=tcp_terms)
    assert "version 1" in exc.value.errors["game"][0]


def test_submitting_locks_the_terms(submitted, table_games_manager, tcp_terms):
    assert submitted.status == Status.SUBMITTED and submitted.submitted_by == table_games_manager
    with pytest.raises(services.RulesError):
        services.submission_update(actor=table_games_manager, submission=submitted,
                                   terms=tcp_terms)


def test_author_cannot_approve_own_submission(submitted, table_games_manager, keystone):
    # Even holding the approve ability (a superuser), the author may not review.
    table_games_manager.is_superuser = True
    table_games_manager.save()
    with pytest.raises(PermissionDenied):
        services.submission_transition(actor=table_games_manager, submission=submitted,
                                       to="approved", effective_date=timezone.localdate())


def test_a_table_games_manager_cannot_approve(submitted, make_staff):
    other_manager = make_staff("tom", "table_games_manager")
    with pytest.raises(PermissionDenied):
        services.submission_transition(actor=other_manager, submission=submitted,
                                       to="approved", effective_date=timezone.localdate())


def test_compliance_approves_with_an_effective_date_and_it_is_in_force(approved, keystone,
                                                                       compliance_officer):
    assert approved.status == Status.APPROVED and approved.reviewed_by == compliance_officer
    assert selectors.in_force(property=keystone, game="three_card_poker") == approved
    assert actions_about(approved) == ["rulesubmissions.submission.create",
                                       "rulesubmissions.submission.submit",
                                       "rulesubmissions.submission.approve"]


def test_an_effective_date_in_the_past_is_refused(submitted, compliance_officer):
    yesterday = timezone.localdate() - timezone.timedelta(days=1)
    for date in (None, yesterday):
        with pytest.raises(services.RulesError) as exc:
            services.submission_transition(actor=compliance_officer, submission=submitted,
                                           to="approved", effective_date=date)
        assert "effective_date" in exc.value.errors


def test_returning_needs_a_comment_and_the_author_can_fix_and_resubmit(
        submitted, compliance_officer, table_games_manager, tcp_terms):
    with pytest.raises(services.RulesError):
        services.submission_transition(actor=compliance_officer, submission=submitted,
                                       to="returned", comment="  ")
    returned = services.submission_transition(actor=compliance_officer, submission=submitted,
                                              to="returned", comment="Use Pair Plus B")
    assert returned.review_comment == "Use Pair Plus B"
    tcp_terms["wagers"]["pair_plus"] = "B"
    fixed = services.submission_update(actor=table_games_manager, submission=returned,
                                       terms=tcp_terms)
    assert fixed.wagers["pair_plus"] == "three_card_poker.pair_plus.B"
    again = services.submission_transition(actor=table_games_manager, submission=fixed,
                                           to="submitted")
    assert again.status == Status.SUBMITTED
    assert actions_about(again)[-3:] == ["rulesubmissions.submission.return",
                                         "rulesubmissions.submission.update",
                                         "rulesubmissions.submission.submit"]


def test_transitions_outside_the_table_are_refused(draft, approved, compliance_officer,
                                                   table_games_manager):
    assert services.TRANSITIONS["approved"] == set()
    with pytest.raises(services.RulesError):
        services.submission_transition(actor=table_games_manager, submission=approved,
                                       to="submitted")


def test_approved_versions_are_immutable_and_a_change_is_a_new_version(
        approved, table_games_manager, keystone, tcp_terms, compliance_officer, tomorrow):
    with pytest.raises(services.RulesError):
        services.submission_update(actor=table_games_manager, submission=approved,
                                   terms=tcp_terms)
    v2 = services.submission_new_version(actor=table_games_manager, property=keystone,
                                         game="three_card_poker")
    assert (v2.version, v2.status, v2.based_on) == (2, Status.DRAFT, approved)
    assert v2.wagers == approved.wagers and v2.meters == approved.meters
    tcp_terms["meters"]["five_card_progressive"]["reset"] = "12000.00"
    services.submission_update(actor=table_games_manager, submission=v2, terms=tcp_terms)
    services.submission_transition(actor=table_games_manager, submission=v2, to="submitted")
    v2 = services.submission_transition(actor=compliance_officer, submission=v2,
                                        to="approved", effective_date=tomorrow)
    assert v2.supersedes == approved
    # In force from its effective date: tomorrow, not today; version 1 is kept.
    assert selectors.in_force(property=keystone, game="three_card_poker") == approved
    assert selectors.in_force(property=keystone, game="three_card_poker", on=tomorrow) == v2
    # Every game at once (the dashboard and the floor page) picks the same versions.
    assert selectors.in_force_by_game(property=keystone) == {"three_card_poker": approved}
    assert selectors.in_force_by_game(property=keystone, on=tomorrow) == {"three_card_poker": v2}
    approved.refresh_from_db()
    assert approved.status == Status.APPROVED
    assert approved.meters["five_card_progressive"]["reset"] == "10000.00"


def test_nothing_to_amend_without_an_approved_version(table_games_manager, keystone):
    with pytest.raises(services.RulesError):
        services.submission_new_version(actor=table_games_manager, property=keystone,
                                        game="three_card_poker")


def test_staff_see_only_their_propertys_submissions(draft, outsider, auditor):
    assert list(selectors.submission_list(user=auditor)) == [draft]
    assert list(selectors.submission_list(user=outsider)) == []


PAYTABLE_F = {
    "id": "three_card_poker.pair_plus.F", "game": "three_card_poker", "wager": "pair_plus",
    "name": "F", "citation": "§649a.12(d)", "source": "primary",
    "rows": [{"hand": "straight_flush", "odds": "40"}, {"hand": "three_of_a_kind", "odds": "30"},
             {"hand": "straight", "odds": "5"}, {"hand": "flush", "odds": "3"},
             {"hand": "pair", "odds": "1"}],
}


def test_a_new_paytable_is_selectable_only_after_a_second_officer_approves(
        compliance_officer, second_compliance_officer, keystone, table_games_manager,
        tcp_terms):
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=PAYTABLE_F)
    tcp_terms["wagers"]["pair_plus"] = "F"
    with pytest.raises(services.RulesError) as exc:
        services.submission_create(actor=table_games_manager, property=keystone,
                                   terms=tcp_terms)
    assert "not an approved paytable" in exc.value.errors["wagers.pair_plus"][0]
    with pytest.raises(PermissionDenied):
        services.paytable_transition(actor=compliance_officer, paytable=proposed,
                                     to="approved")
    services.paytable_transition(actor=second_compliance_officer, paytable=proposed,
                                 to="approved")
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=tcp_terms)
    assert draft.wagers["pair_plus"] == "three_card_poker.pair_plus.F"
    assert actions_about(proposed) == ["rulesubmissions.paytable.propose",
                                       "rulesubmissions.paytable.approve"]


def test_a_malformed_or_duplicate_paytable_is_refused(compliance_officer, keystone):
    with pytest.raises(services.RulesError):
        services.paytable_propose(actor=compliance_officer, property=keystone,
                                  entry={**PAYTABLE_F, "citation": "649a.12(d)"})
    with pytest.raises(services.RulesError):
        services.paytable_propose(actor=compliance_officer, property=keystone,
                                  entry={**PAYTABLE_F, "id": "three_card_poker.pair_plus.D",
                                         "name": "D"})
    with pytest.raises(services.RulesError):
        services.paytable_propose(actor=compliance_officer, property=keystone,
                                  entry={**PAYTABLE_F, "id": "three_card_poker.nope.F",
                                         "wager": "nope"})


def test_a_table_games_manager_cannot_propose_a_paytable(table_games_manager, keystone):
    with pytest.raises(PermissionDenied):
        services.paytable_propose(actor=table_games_manager, property=keystone,
                                  entry=PAYTABLE_F)


PAYTABLE_G = {"id": "let_it_ride.bet_3.G", "game": "let_it_ride", "wager": "bet_3", "name": "G",
              "citation": "§643a.12(a)", "source": "primary",
              "rows": [{"hand": "royal_flush", "odds": "2000"},
                       {"hand": "pair_of_tens_or_better", "odds": "1"}]}


def test_the_payout_limit_floor_counts_an_approved_database_paytable(
        compliance_officer, second_compliance_officer, keystone, table_games_manager):
    """Let It Ride paytable G pays a royal flush 2,000 to 1: at a $10 table minimum the three
    Let It Ride Wagers win at most 3 x $10 x 2,000 = $60,000, above $50,000, so that is the
    floor (§643a.12(g))."""
    proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                         entry=PAYTABLE_G)
    services.paytable_transition(actor=second_compliance_officer, paytable=proposed,
                                 to="approved")
    terms = terms_for(game_spec("let_it_ride"), offer=["bet_1", "bet_2"],
                      table_minimum="10.00", table_maximum="500.00", payout_limit="60000.00")
    terms["wagers"]["bet_3"] = "G"
    checked = services.submission_check(property=keystone, terms=terms)
    assert checked.ok and checked.floor == Decimal("60000.00")
    low = services.submission_check(property=keystone, terms={**terms,
                                                              "payout_limit": "59999.99"})
    assert "$60,000.00 (§643a.12(g))" in low.errors["payout_limit"][0]


@pytest.mark.parametrize(("entry", "field", "message"), [
    ({**PAYTABLE_F, "id": "blackjack.pair_plus.F", "game": "blackjack"}, "entry.game",
     "'blackjack' is not a game we offer: Three Card Poker (three_card_poker), Let It Ride "
     "Poker (let_it_ride), Texas Hold 'Em Bonus Poker (texas_holdem_bonus), Pai Gow Poker "
     "(pai_gow_poker), Baccarat (baccarat), Craps side wagers (craps), Roulette side wagers "
     "(roulette)"),
    ({**PAYTABLE_F, "id": "three_card_poker.nope.F", "wager": "nope"}, "entry.wager",
     "Three Card Poker has no wager or paytable option 'nope' (§649a.2(a))"),
    ({**PAYTABLE_F, "rows": [{"hand": "straight_flush", "meter_percent": "100"}]},
     "entry.rows[0].meter_percent",
     "Pair Plus Wager has no progressive meter, so no row may pay a percentage of one "
     "(§649a.7(d)(2); §605a.7(a))"),
    ({**PAYTABLE_F, "id": "three_card_poker.ante_bonus.F", "wager": "ante_bonus",
      "citation": "§649a.12(b)", "rows": [{"hand": "straight_flush", "meter_percent": "10"}]},
     "entry.rows[0].meter_percent",
     "Ante Bonus paytable has no progressive meter, so no row may pay a percentage of one "
     "(§649a.12(b); §605a.7(a))"),
])
def test_a_paytable_the_engine_cannot_read_is_refused(compliance_officer, keystone, entry,
                                                       field, message):
    with pytest.raises(services.RulesError) as refused:
        services.paytable_propose(actor=compliance_officer, property=keystone, entry=entry)
    assert refused.value.errors == {field: [message]}


def test_a_paytable_option_and_a_meter_wager_may_be_proposed(compliance_officer, keystone):
    """The Ante Bonus is chosen as an option (§649a.12(b)); the Three-Card Progressive pays a
    share of its meter (§649a.12(e))."""
    ante_bonus = {**PAYTABLE_F, "id": "three_card_poker.ante_bonus.F", "wager": "ante_bonus",
                  "citation": "§649a.12(b)", "rows": [{"hand": "straight_flush", "odds": "5"}]}
    progressive = {**PAYTABLE_F, "id": "three_card_poker.three_card_progressive.F",
                   "wager": "three_card_progressive", "citation": "§649a.12(e)",
                   "rows": [{"hand": "mini_royal", "meter_percent": "100"}]}
    for entry in (ante_bonus, progressive):
        proposed = services.paytable_propose(actor=compliance_officer, property=keystone,
                                             entry=entry)
        assert (proposed.paytable_id, proposed.status) == (entry["id"], "proposed")
