"""Headless Chromium (Debian's) driven by Playwright's sync API."""

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from tests.ci import in_ci

CHROMIUM = Path(os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"))
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def playwright_instance(django_db_setup):
    # After the test database exists: creating it must not happen inside Playwright's loop.
    if not CHROMIUM.exists():
        if in_ci():
            pytest.fail(f"{CHROMIUM} is missing (.ci/run installs Debian's chromium)")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread; Django's ORM refuses
    # to run beside one unless told (the live server itself serves from its own thread).
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            yield playwright
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)


@pytest.fixture
def browser_context(playwright_instance):
    """A fresh Chromium with its own user-data-dir, closed after the test."""
    user_data_dir = tempfile.mkdtemp(prefix="chromium-profile-")
    context = playwright_instance.chromium.launch_persistent_context(
        user_data_dir, executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS,
    )
    try:
        yield context
    finally:
        context.close()
        shutil.rmtree(user_data_dir, ignore_errors=True)


@pytest.fixture
def page(browser_context):
    page = browser_context.pages[0] if browser_context.pages else browser_context.new_page()
    page.set_default_timeout(15_000)
    return page
