"""Tables: the casino floor in three rooms of one Django app (label ``tables``): ``floor``
(tables, layouts, linked groups, the engine's HTTP API), ``meters`` (progressive meters, the
wager feed, reconciliation, daily readings) and ``slips`` (jackpot slips). Dependencies run one
way: slips -> meters -> floor."""
