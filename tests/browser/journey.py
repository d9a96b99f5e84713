"""What every browser journey checks on each page a person reaches: the page is accessible
(axe-core, tests/browser/a11y.py), nothing it asked for failed (no 404 for /favicon.ico), and at
tablet width nothing runs off the side of the screen."""

from __future__ import annotations

from tests.browser.a11y import assert_accessible

# A desk's 1,366 px window and a pit tablet held upright (768 px).
WIDTHS = {"desk": 1366, "tablet": 768}


def set_width(page, width: int) -> None:
    page.set_viewport_size({"width": width, "height": 900 if width > 1024 else 1024})


def watch_failures(page) -> list[str]:
    """Every answer of 400 or more the page receives from now on, as "404 /favicon.ico"."""
    failures: list[str] = []
    page.on("response", lambda r: failures.append(f"{r.status} {r.url}")
            if r.status >= 400 else None)
    return failures


def overflow(page) -> int:
    """How many pixels the page is wider than the window (0: nothing runs off the side)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def check_page(page, *, exclude: tuple[str, ...] = ()) -> None:
    """The page a person has in front of them: accessible and no wider than the window."""
    page.wait_for_load_state("load")
    assert_accessible(page, exclude=exclude)
    assert overflow(page) <= 0, f"{page.url} is {overflow(page)} px wider than the window"


def visit(page, url: str, **kwargs) -> None:
    page.goto(url)
    check_page(page, **kwargs)
