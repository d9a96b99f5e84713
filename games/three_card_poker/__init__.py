"""Three Card Poker (58 Pa. Code ch. 649a): settle one round.

Each player's three cards play against the dealer's three (Ante and Play, with the Ante Bonus)
and against posted paytables (Pair Plus, Three-Card Progressive); the Six Card Bonus and the
5 of 6 Progressive use the best five of the player's and the dealer's six cards; the Five-Card
Progressive and the Five Card Hand Bonus use the player's (or the dealer's) three cards and the
two community cards (§649a.7(d), §649a.11(c)).

Hand names in the paytables: three cards ``mini_royal`` (A-K-Q of one suit, §649a.1),
``straight_flush``, ``three_of_a_kind``, ``straight``, ``flush``, ``pair``; five cards
``royal_flush`` ... ``three_of_a_kind`` (``Category`` names); six cards ``super_royal``
(9-T-J-Q-K-A of one suit, paytable E). A hand is paid on its highest row only.

A player who placed an Ante Wager and no Play Wager folded (§649a.11(b)); his hand is forfeited
(§649a.11(c) "forfeited his Ante Wager and hand"), so it earns no Envy Bonus for the others,
while his own Envy eligibility stays (§649a.11(b)(2)).
"""

from games.three_card_poker.completion import settle
from games.three_card_poker.spec import SPEC

__all__ = ["SPEC", "settle"]
