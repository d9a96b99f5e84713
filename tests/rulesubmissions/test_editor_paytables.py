"""The editor (issue 30): a wager's paytable choice is shown only while the wager is offered,
as its meter is (static/rulesubmissions/editor.js toggles both on a tick, in
tests/browser/test_editor_paytable_browser.py), and the server, not the page, decides: the
paytable of a wager not ticked is neither saved nor checked."""

import re

import pytest
from django.urls import reverse

from rulesubmissions.models import RulesSubmission
from tests.rulesubmissions.test_pages import EDITOR_POST

pytestmark = pytest.mark.django_db


def _paytable_tag(html: str, wager: str) -> str:
    return re.search(rf'<div class="wager-paytable" id="wager-{wager}-paytable"[^>]*>',
                     html).group(0)


def test_a_new_submission_hides_the_paytable_of_a_wager_not_offered(client_for,
                                                                    table_games_manager):
    answer = client_for(table_games_manager).get(reverse("rulesubmissions:editor-fields"),
                                                 {"game": "three_card_poker"})
    html = answer.content.decode()
    tag = _paytable_tag(html, "five_card_progressive")
    assert " hidden" in tag and 'data-needed-by="offer-five_card_progressive"' in tag
    assert 'id="wagers-five-card-progressive"' in html.split(tag)[1][:600]  # the select in it
    # Pair Plus is always offered (§649a.2(b)(2)): its paytable is shown, nothing to wait for.
    pair_plus = _paytable_tag(html, "pair_plus")
    assert " hidden" not in pair_plus and "data-needed-by" not in pair_plus


def test_a_version_offering_the_wager_shows_its_paytable(client_for, table_games_manager,
                                                         draft):
    page = client_for(table_games_manager).get(reverse("rulesubmissions:edit", args=[draft.pk]))
    html = page.content.decode()
    assert " hidden" not in _paytable_tag(html, "five_card_progressive")


def test_the_paytable_of_a_wager_not_ticked_is_not_saved(client_for, table_games_manager):
    """Five-Card Progressive unticked, its leftover choice and meter amounts still posted (the
    boxes are hidden, not emptied): the draft is saved without the wager, its paytable or its
    meter, and the editor shows it again unticked, its paytable hidden."""
    post = {k: v for k, v in EDITOR_POST.items() if k != "wagers.five_card_progressive.offered"}
    client = client_for(table_games_manager)
    answer = client.post(reverse("rulesubmissions:create"), post)
    assert answer.status_code == 302
    saved = RulesSubmission.objects.get(game="three_card_poker")
    assert "five_card_progressive" not in saved.wagers
    assert "five_card_progressive" not in saved.meters
    html = client.get(reverse("rulesubmissions:edit", args=[saved.pk])).content.decode()
    assert " hidden" in _paytable_tag(html, "five_card_progressive")


def test_a_paytable_not_ticked_is_not_checked_but_a_ticked_one_is(client_for,
                                                                  table_games_manager):
    """A paytable the catalog does not hold is refused for an offered wager, naming the
    field; the same value for a wager not offered is ignored, not refused."""
    wrong = "three_card_poker.five_card_progressive.Z"
    client = client_for(table_games_manager)
    refused = client.post(reverse("rulesubmissions:create"),
                          {**EDITOR_POST, "wagers.five_card_progressive": wrong})
    assert refused.status_code == 400
    slot = re.search(r'<div class="errors" id="err-wagers-five-card-progressive">([^<]*)</div>',
                     refused.content.decode()).group(1)
    assert "is not an approved paytable for Five-Card Progressive Payout Wager" in slot
    assert not RulesSubmission.objects.exists()
    post = {k: v for k, v in EDITOR_POST.items() if k != "wagers.five_card_progressive.offered"}
    saved = client.post(reverse("rulesubmissions:create"),
                        {**post, "wagers.five_card_progressive": wrong})
    assert saved.status_code == 302
    assert RulesSubmission.objects.get().wagers.keys() == {"ante", "play", "pair_plus"}
