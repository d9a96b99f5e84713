"""Under the production Content-Security-Policy the pages still work in a real browser: htmx
loads from our static files, htmx swaps and live validation run, and the browser reports no
violation (an inline script or an eval'd htmx filter would be one)."""

import pytest
from django.core.management import call_command

from casino.demo import DEMO_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def enforced(settings):
    settings.CONTENT_SECURITY_POLICY = settings.CONTENT_SECURITY_POLICY_REPORT_ONLY
    del settings.CONTENT_SECURITY_POLICY_REPORT_ONLY


@pytest.fixture
def violations(page):
    seen = []
    page.on("console", lambda msg: seen.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    return seen


def test_the_editor_works_under_the_production_policy(enforced, violations, live_server, page):
    call_command("load_demo")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "tgm")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")
    assert page.evaluate("typeof window.htmx") == "object"
    page.goto(f"{live_server.url}/rules-submissions/new/")
    page.select_option("#game-choice", "three_card_poker")
    page.wait_for_selector("#wagers-pair-plus")  # an htmx swap
    page.check("#offer-five_card_progressive")
    page.select_option("#wagers-five-card-progressive",
                       "three_card_poker.five_card_progressive.M")
    page.fill("#meters-five-card-progressive-initial", "9999.99")
    page.press("#meters-five-card-progressive-initial", "Tab")
    page.locator("#err-meters-five-card-progressive-initial",
                 has_text="at least $10,000.00").wait_for()  # live validation by htmx
    assert violations == []


def test_the_api_docs_work_under_the_production_policy(enforced, violations, live_server, page):
    call_command("load_demo")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "auditor")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .opblock")
    assert [v for v in violations if "script" in v] == []
