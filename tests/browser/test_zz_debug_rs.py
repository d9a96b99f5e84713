import pytest
from django.core.management import call_command
from tests.browser.test_rulesubmissions_browser import log_in, fill
pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

def test_debug(live_server, page):
    call_command("load_demo")
    base = live_server.url
    log_in(page, base, "tgm")
    posts = []
    page.on("request", lambda r: posts.append(r.post_data) if r.method == "POST" else None)
    page.goto(f"{base}/rules-submissions/new/")
    page.select_option("#game-choice", "three_card_poker")
    page.wait_for_selector("#wagers-pair-plus")
    page.select_option("#options-ante-bonus", "A")
    page.check("#offer-ante")
    fill(page, "#table-minimum", "5.00")
    page.wait_for_timeout(1000)
    print(posts[-1])
    print(page.inner_html("#floor"))
    print(page.inner_text("#err-other"))
    assert 0
