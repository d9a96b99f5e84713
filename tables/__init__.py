"""Tables: the game engine's HTTP face; later meters and jackpot slips."""
