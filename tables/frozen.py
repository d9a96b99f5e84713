"""The floor's final records and what of each never changes (issue 28; ``casino.frozen``
installs them as the database's own triggers, migration ``0004_frozen_records``).

- A jackpot slip: what it records (the round, the wager, the award, the meter before and
  after, who recorded it and when) from the moment it is recorded; its status moves only
  recorded -> validated -> paid, or to void before it is paid, each step writing only its
  own columns (who and when); paid or void, nothing in it changes (§649a.11(c)(5), §465a.26;
  a wrong slip is voided and recorded again, money paid in error is a meter adjustment).
- A meter ledger row and a daily meter reading: nothing, ever, once written (§605a.7: the
  ledger is the meter's record; a correction is a new row). The archive removes old ledger
  rows as the owner; it never edits one.
- A layout, approved: its artwork, its checklist as approved, who prepared and reviewed it
  (§601a.10(a)); it leaves approval only when checked again against a newer Rules Submission
  version (back to being prepared: its ticks and version change, in that one step). The
  checklist as approved changes only at an approval.
"""

from tables.floor.frozen import LAYOUT
from tables.meters.frozen import LEDGER, READING
from tables.slips.frozen import SLIP

FREEZES = (SLIP, LEDGER, READING, LAYOUT)
