"""The Rules Submission editor (issue 30) in Chromium at 768, 800 and 1,024 px: a wager's
paytable choice is shown only while the wager is ticked, as its meter is, and a draft saved
with the wager unticked keeps neither its paytable nor its meter, whatever was chosen before
(the server decides, tests/rulesubmissions/test_editor_paytables.py)."""

import pytest
from django.core.management import call_command

from rulesubmissions.models import RulesSubmission
from tests.browser.journey import check_page
from tests.browser.session import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
M = "three_card_poker.five_card_progressive.M"


@pytest.mark.parametrize("width", [768, 800, 1024])
def test_the_paytable_choice_follows_its_wager(live_server, page, width):
    call_command("load_demo")
    page.set_viewport_size({"width": width, "height": 1024})
    log_in(page, live_server.url, "tgm")
    page.goto(f"{live_server.url}/rules-submissions/new/")
    page.select_option("#game-choice", "three_card_poker")
    page.wait_for_selector("#wagers-pair-plus")  # the game's fields arrived by htmx
    paytable = page.locator("#wagers-five-card-progressive")
    meter = page.locator("#meters-five-card-progressive-block")
    assert paytable.is_hidden() and meter.is_hidden()
    assert page.locator("#wagers-pair-plus").is_visible()  # Pair Plus: always offered
    check_page(page)

    page.check("#offer-five_card_progressive")
    paytable.wait_for(state="visible")
    assert meter.is_visible()
    assert page.inner_text("label[for=wagers-five-card-progressive]") == \
        "Five-Card Progressive Payout Wager paytable"
    page.select_option("#wagers-five-card-progressive", M)
    check_page(page)
    page.uncheck("#offer-five_card_progressive")
    paytable.wait_for(state="hidden")
    assert meter.is_hidden()

    # Saved unticked, M still chosen in the hidden list: the draft has no such wager.
    page.select_option("#options-ante-bonus", "A")
    page.select_option("#wagers-pair-plus", "three_card_poker.pair_plus.D")
    page.fill("#table-minimum", "5.00")
    page.fill("#table-maximum", "500.00")
    page.click("button:text-is('Save draft')")
    page.wait_for_selector("text=Draft version 2 saved.")  # the demo's version 1 is approved
    saved = RulesSubmission.objects.get(game="three_card_poker", status="draft")
    assert saved.wagers == {"ante": "", "play": "", "pair_plus": "three_card_poker.pair_plus.D"}
    assert saved.meters == {}
    page.goto(f"{live_server.url}/rules-submissions/{saved.pk}/edit/")
    assert paytable.is_hidden() and not page.is_checked("#offer-five_card_progressive")
    page.check("#offer-five_card_progressive")
    paytable.wait_for(state="visible")
    assert paytable.input_value() == ""  # nothing was kept for it
