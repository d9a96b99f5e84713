"""The meters room: progressive meters (§605a.7, linked §605a.8) and their ledger, the wager
feed, reconciliation, daily readings and the Celery tasks. It uses the floor; it never imports
slips (a Must-Hit-By win asks ``tables.meters.hooks`` for its slip, which the slips room
registers)."""
