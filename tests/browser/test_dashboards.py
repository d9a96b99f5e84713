"""A person logs in as each demo role and lands on that role's dashboard."""

import pytest
from django.core.management import call_command

from casino.demo import DEMO_PASSWORD, USERS
from casino.roles import ROLES

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The list each demo user works from first (casino.dashboard.panels_for).
FIRST_PANEL = {"tgm": "panel-open", "compliance": "panel-queue", "floormgr": "panel-in-force",
               "floorperson": "panel-in-force", "auditor": "panel-events",
               "outsider": "panel-queue", "compliance2": "panel-queue"}


# The API client account uses a token and never signs in to the pages (casino/auth.py).
@pytest.mark.parametrize("username", sorted(set(USERS) - {"api"}))
def test_each_demo_role_logs_in_and_sees_its_dashboard(username, live_server, page):
    call_command("load_demo")
    role = ROLES[USERS[username][0]]

    page.goto(f"{live_server.url}/")
    assert "/login/" in page.url
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")

    assert page.inner_text("h1") == f"{role.label} dashboard"
    assert page.is_visible(f"#{FIRST_PANEL[username]}")
    assert page.evaluate("typeof window.htmx") == "object"  # served from our static files
    assert page.evaluate(
        "getComputedStyle(document.querySelector('.topbar')).display") == "flex"


def test_the_api_client_account_cannot_sign_in_to_the_pages(live_server, page):
    call_command("load_demo")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "api")
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_selector(".errors")
    assert "/login/" in page.url
    assert "API client account" in page.inner_text(".errors")


def test_a_wrong_password_stays_on_the_login_page(live_server, page):
    call_command("load_demo")
    page.goto(f"{live_server.url}/login/")
    page.fill("#id_username", "auditor")
    page.fill("#id_password", "not-the-password")
    page.click("button[type=submit]")
    page.wait_for_selector(".errors")
    assert "/login/" in page.url
