"""Pai Gow Poker and EZ Pai Gow Poker settlement (§645a.7, §645a.9-11, §645a.13).

Seven cards to each position and the dealer from the 53-card deck. A player's hands come as
``"high"`` (five cards) and ``"low"`` (two); a player who asks for help gives ``"cards"`` (seven)
and is set by the house way (§645a.11(a)(1)). The dealer is set by the house way (option
``house_way``, §645a.11(c)) from ``"dealer"`` (seven cards) unless ``"dealer_high"`` and
``"dealer_low"`` are given. ``"surrender": true`` surrenders the Pai Gow Poker Wager
(§645a.11(d)); ``"stub_count"`` other than 4 is a misdeal that voids the round (§645a.9(e),
§645a.10(e)); ``"player"`` names the player of two adjacent boxes (§645a.7(f)).

Players are settled from the one farthest to the dealer's right (the highest seat, seat 1 being
at the dealer's left) counterclockwise (§645a.11(e)); that is also the order the progressive
meter pays in: each winner is paid the amount on the meter at his turn (§645a.13(e)(3)), so a
10% award lowers it for the next and a 100% award leaves it at ``meters.progressive_reset``.
The payout limit (``options.payout_limit``, §645a.13(j)) caps a hand's optional wagers together,
the meter award included: the meter pays only the capped award and keeps the rest, restarting
only after a 100% award paid out whole; Envy Bonuses are never capped.
Hand names: ``rankings``; the house ways: ``house_way``; the Pai Gow Poker Wager:
``pai_gow_wager``; the optional wagers: ``wagers``; settlement and SPEC: ``game``.
"""

from games.pai_gow_poker.game import GAME, SPEC, house_way_request, settle

__all__ = ["GAME", "SPEC", "house_way_request", "settle"]
