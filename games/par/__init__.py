"""Par sheets: what each paytable means for the casino and the players (issue "Par sheets").

``par_sheet(game, wager=..., paytable=..., options=...)`` returns
``{"game": ..., "wagers": [{"wager", "paytable", "house_edge", "std_dev", "method", "ci95",
"rows": [{"hand", "probability", "return"}], ...}]}``. ``house_edge`` is the expected loss per
unit of the wager, as published analyses state it; for a game whose base wagers work together,
the line of its first base wager (``ante``, ``bet_1``, ``pai_gow``) carries the base game's
house edge per unit of that wager with the player's optimal (or stated) decisions.

Exact wherever every combination can be counted (every wager but the Pai Gow Poker Wager,
house way against house way, which is simulated with a 95% confidence interval); each sheet's
``method`` says which. Pure Python and numpy: the engine's rankings, paytable catalog and batch evaluation
are called, never copied. ``progress``, if given, is called with a fraction 0..1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import games
from games import game_refusal
from games.par.core import ParError, sheet

# The games with par sheets: each SPEC's ``par`` names its computation and the wagers it
# covers (games.spec.ParSpec), so a game is added in its own module, never here.
GAMES = tuple(g for g in games.GAMES if games.spec(g).par is not None)

# Bumped whenever a sheet's figures or shape change (a strategy, a method, a new wager), so the
# back office's cached sheets (keyed on it) are computed again rather than shown stale.
VERSION = 3

__all__ = ["GAMES", "VERSION", "ParError", "par_sheet"]


def par_sheet(game: str, *, wager: str | None = None, paytable: str | None = None,
              options: Mapping[str, str] | None = None,
              progress: Callable[[float], None] | None = None) -> dict[str, Any]:
    """The par sheet of ``game`` (every wager, or ``wager``; every paytable, or ``paytable``
    as the settle API names it: the regulation's letter or the catalog id)."""
    options = {k: str(v) for k, v in (options or {}).items()}
    if paytable is not None and wager is None:
        raise ParError({"paytable": "a paytable is chosen for one wager: give the wager too"})
    if game not in GAMES:
        raise ParError({"game": game_refusal(game)})
    par = games.spec(game).par
    assert par is not None  # GAMES holds the games with a ParSpec
    wagers = par.function()(wager, paytable, options, progress=progress)
    if progress is not None:
        progress(1.0)
    return sheet(game, wagers)

