"""Approved terms never change (issue 28; ``casino.frozen`` installs these as the database's
own triggers, migration ``0004_frozen_versions``).

- A Rules Submission version, approved (§601a.2): its options, wagers and the paytables they
  select, meters (seeds, resets, rates, limits), table limits, payout limit, effective date,
  author and reviewers; nothing but its status (and the time of that step) may change, and
  never back to an open status. A change of terms is a new version.
- A catalog paytable, approved (its rows, who proposed and who approved it): only its
  retirement moves on (asked, kept or confirmed by a second compliance officer); retired or
  rejected, nothing in it changes.
"""

from casino.frozen import EVERY, Freeze, Rule

OPEN = "('draft', 'submitted', 'returned')"

VERSION = Freeze(
    table="rulesubmissions_rulessubmission", model="rulesubmissions.RulesSubmission",
    name="An approved Rules Submission version", label="Rules Submission %s version %s",
    label_columns=("game", "version"), rules=(
        Rule("is approved: its terms (options, wagers and paytables, meters, limits) and its "
             "approval never change; a change of terms is a new version",
             when="OLD.status = 'approved'", columns=EVERY, but=("status", "updated_at")),
        Rule("is approved: it never goes back to being edited or reviewed",
             when=f"OLD.status = 'approved' AND NEW.status IN {OPEN}"),
    ))

PAYTABLE_RETIREMENT = ("status", "retire_requested_by_id", "retire_requested_at",
                       "retire_reason", "retired_by_id", "retired_at")
PAYTABLE = Freeze(
    table="rulesubmissions_catalogpaytable", model="rulesubmissions.CatalogPaytable",
    name="A decided catalog paytable", label="Catalog paytable %s",
    label_columns=("paytable_id",), rules=(
        Rule("is retired or rejected: a final record, nothing in it changes",
             when="OLD.status IN ('retired', 'rejected')", columns=EVERY),
        Rule("is approved: its rows and its approval never change (only its retirement moves "
             "on)", when="OLD.status IN ('approved', 'retiring')", columns=EVERY,
             but=PAYTABLE_RETIREMENT),
        Rule("is approved: it never goes back to a proposal",
             when="OLD.status IN ('approved', 'retiring') AND "
                  "NEW.status IN ('proposed', 'rejected')"),
    ))

FREEZES = (VERSION, PAYTABLE)
