"""On the default install (SQLite in a file), a checklist tick the database could not take in
time (another writer held the lock past the busy timeout) shows UNTICKED on screen with the
reason, as the product's 503 said; once the lock is gone the same tick saves (issue 32: ticks
lost to a 500 stayed ticked on screen)."""

import sqlite3

import pytest
from django.utils.text import slugify

from tests.browser.journey import check_page
from tests.browser.session import log_in
from tests.casino.sqlite_install import BUSY, gunicorn, make_install, state

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def install(tmp_path_factory):
    return make_install(tmp_path_factory)


def test_a_tick_not_saved_shows_unticked_with_the_reason(install, tmp_path, page):
    pk, keys = next(iter(install["layouts"].items()))
    item = f"#check-{slugify(keys[0])}"
    env = {**install["env"], "CASINO_SQLITE_BUSY_TIMEOUT": "0.3"}
    with gunicorn(env, tmp_path / "gunicorn.log") as port:
        base = f"http://127.0.0.1:{port}"
        log_in(page, base, "tgm")
        page.goto(f"{base}/floor/layouts/{pk}/")
        box = page.locator(f"{item} input[type=checkbox]")
        assert not box.is_checked()
        holder = sqlite3.connect(install["var"] / "db.sqlite3", isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another writer, holding the lock
        try:
            with page.expect_response(lambda r: "/tick/" in r.url) as answer:
                box.check()
            assert answer.value.status == 503
            page.wait_for_selector(f"{item} .errors")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert not page.locator(f"{item} input[type=checkbox]").is_checked()
        assert BUSY in page.inner_text(item)
        assert keys[0] not in state(install)["checked"][str(pk)]
        check_page(page)
        with page.expect_response(lambda r: "/tick/" in r.url) as answer:
            page.locator(f"{item} input[type=checkbox]").check()
        assert answer.value.status == 204
        assert keys[0] in state(install)["checked"][str(pk)]
        page.goto(f"{base}/no-such-page/")  # the product's 404, accessible too
        assert "This page does not exist" in page.inner_text("h1")
        check_page(page)
