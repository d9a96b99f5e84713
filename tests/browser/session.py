"""Signing in and out of the pages the way a person does, for every browser test."""

from casino.demo import DEMO_PASSWORD


def log_in(page, base: str, username: str, password: str = DEMO_PASSWORD) -> None:
    """Sign in at ``base`` as ``username`` (a fresh session: cookies are cleared first)."""
    page.context.clear_cookies()
    page.goto(f"{base}/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("button[type=submit]")
    page.wait_for_selector("h1")


def log_out(page) -> None:
    page.click("#user-menu button:text-is('Sign out')")
    page.wait_for_selector("#id_username")
