"""The editor (issue 30, point 7): a progressive meter's fields only for a wager or option that
is chosen (static/rulesubmissions/editor.js shows them when one is ticked, in the browser
test), the wagers always offered as words without a box to tick, and no empty box for a
wager with nothing to choose but whether it is offered."""

import re

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def _meter_tag(html: str, meter: str) -> str:
    return re.search(rf'<div class="meter" id="meters-{meter}-block"[^>]*>', html).group(0)


def _fields(client, game: str) -> str:
    answer = client.get(reverse("rulesubmissions:editor-fields"), {"game": game})
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_new_submission_hides_the_meters_of_wagers_not_offered(client_for,
                                                                table_games_manager):
    html = _fields(client_for(table_games_manager), "three_card_poker")
    tag = _meter_tag(html, "five-card-progressive")
    assert " hidden" in tag and 'data-needed-by="offer-five_card_progressive"' in tag
    assert 'id="offer-five_card_progressive"' in html
    # Ante, Play and Pair Plus are the game itself (§649a.2(b)(2)): words, no box.
    for wager in ("ante", "play", "pair_plus"):
        assert f'id="offer-{wager}"' not in html
    assert re.search(r'id="wager-ante">\s*<div><strong>Ante Wager</strong>: always offered', html)
    assert "<strong>Pair Plus Wager</strong>: always offered" in html  # it has a paytable
    assert html.count("always offered") == 3
    # A wager without a paytable to choose is a line, not a box left empty while its meter
    # is hidden; its meter follows it there.
    line = html.split('<div class="field wager-plain" id="wager-five_card_hand_bonus_player">')
    assert len(line) == 2 and 'id="offer-five_card_hand_bonus_player"' in line[1][:600]
    assert 'id="meters-five-card-hand-bonus-block"' in line[1].split("wager-plain")[0]
    assert '<fieldset class="wager" id="wager-five_card_hand_bonus' not in html


def test_a_version_offering_the_wager_shows_its_meter(client_for, table_games_manager, draft):
    page = client_for(table_games_manager).get(reverse("rulesubmissions:edit", args=[draft.pk]))
    html = page.content.decode()
    assert " hidden" not in _meter_tag(html, "five-card-progressive")
    assert 'value="10000.00"' in html
    assert "rulesubmissions/editor.js" in html


def test_an_options_meter_waits_for_its_option(client_for, table_games_manager):
    html = _fields(client_for(table_games_manager), "baccarat")
    tag = _meter_tag(html, "must-hit-by")
    assert " hidden" in tag and "options-must-hit-by" in tag.split("data-needed-by=")[1]
    assert re.search(r'<div class="option-meters" data-meter-group hidden>', html)
    # Player, Banker and Tie are the game itself: words, no box.
    assert 'id="offer-tie"' not in html and "<div><strong>Tie Hand</strong>: always offered" in html


def test_a_refused_post_keeps_the_chosen_meter_shown(client_for, table_games_manager):
    from tests.rulesubmissions.test_pages import EDITOR_POST

    post = {**EDITOR_POST, "meters.five_card_progressive.initial": "9999.99"}
    page = client_for(table_games_manager).post(reverse("rulesubmissions:create"), post)
    assert page.status_code == 400
    html = page.content.decode()
    assert " hidden" not in _meter_tag(html, "five-card-progressive")
    assert "at least $10,000.00" in html
