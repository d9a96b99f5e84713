"""Pai Gow Poker (§645a) internals: rankings with the joker, house ways, optional wagers.

The game module is ``games.pai_gow_poker`` (SPEC and settle); this package holds the parts it
is built from.
"""
