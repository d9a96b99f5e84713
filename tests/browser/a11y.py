"""An accessibility check of the page in front of the browser, with axe-core (vendored under
``tests/browser/vendor/axe-core/`` by the Makefile, so it runs offline): no serious or critical
violation, as WCAG 2.1 AA and axe's best practices judge them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")
# WCAG 2.0/2.1 A and AA, and axe's best practices (landmarks, one main, headings in order).
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


@cache
def _source() -> str:
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `make {AXE.relative_to(Path.cwd())}`")
    return AXE.read_text(encoding="utf-8")


def violations(page, *, exclude: tuple[str, ...] = ()) -> list[dict]:
    """axe-core's serious and critical violations on ``page`` as it stands. axe is evaluated
    through the DevTools protocol, so the page's Content-Security-Policy does not stop it."""
    if page.evaluate("typeof window.axe") != "object":
        page.evaluate(_source())
    found = page.evaluate(
        """async ([tags, exclude]) => {
            const context = exclude.length ? {include: [document], exclude: exclude.map(s => [s])}
                                           : document;
            const result = await axe.run(context, {runOnly: {type: 'tag', values: tags},
                                                   resultTypes: ['violations']});
            return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
        }""", [TAGS, list(exclude)])
    return [v for v in found if v["impact"] in BLOCKING]


def assert_accessible(page, *, exclude: tuple[str, ...] = ()) -> None:
    """Fail with each serious or critical violation, where it is and what to fix."""
    found = violations(page, exclude=exclude)
    assert not found, f"{page.url}:\n" + "\n".join(
        f"- {v['impact']} {v['id']}: {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
        for v in found)
