"""Minibaccarat (Chapter 627a/627b), Midibaccarat (629a/629b) and Baccarat (631a/631b): one game
dealt three ways, each chapter with its own sections and its own side wagers.

The numbers of positions are not in the excerpts: Midibaccarat's nine is §629a.2(a) as
reproduced by regulations.justia.com; Minibaccarat's seven and Baccarat's fourteen are the
common layouts (secondary: confirm against 58 Pa. Code §627a.2(a) and §631a.2(a)).
"""

from __future__ import annotations

from dataclasses import dataclass

BACCARAT, MIDIBACCARAT, MINIBACCARAT = "baccarat", "midibaccarat", "minibaccarat"


@dataclass(frozen=True)
class Variant:
    """A chapter's sections for the rules the engine applies."""

    key: str
    name: str
    positions: int
    positions_rule: str
    player: str  # the wagers on the Player's Hand, Banker's Hand and Tie Hand
    banker: str
    tie: str
    third_card: str  # rules for determining whether a third card shall be dealt
    perfect_pairs: str
    commission_free: str
    royal_9: str | None = None

    def cf(self, subsection: str) -> str:
        """A subsection of the chapter's Commission free section, e.g. ``cf("(g)")``."""
        return f"{self.commission_free}{subsection}"


VARIANTS = {
    MINIBACCARAT: Variant(
        key=MINIBACCARAT, name="Minibaccarat", positions=7,
        positions_rule="§627a.2(a) (secondary: 7 positions, confirm)",
        player="§627a.7(a)", banker="§627a.7(a)", tie="§627a.7(a)", third_card="§627a.10",
        perfect_pairs="§627b.1", commission_free="§627b.2", royal_9="§627b.3",
    ),
    MIDIBACCARAT: Variant(
        key=MIDIBACCARAT, name="Midibaccarat", positions=9,
        positions_rule="§629a.2(a)",
        player="§629a.7(a)(1)", banker="§629a.7(a)(2)", tie="§629a.7(a)(3)",
        third_card="§629a.10",
        perfect_pairs="§629b.1", commission_free="§629b.2", royal_9="§629b.3",
    ),
    BACCARAT: Variant(
        key=BACCARAT, name="Baccarat", positions=14,
        positions_rule="§631a.2(a) (secondary: 14 positions, confirm)",
        player="§631a.8(a)(1)", banker="§631a.8(a)(2)", tie="§631a.8(a)(3)",
        third_card="§631a.11",
        perfect_pairs="§631b.1", commission_free="§631b.5",
    ),
}
