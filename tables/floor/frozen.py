"""What of an approved layout never changes (issue 28; §601a.10(a)): its artwork, its checklist
as approved, who prepared and reviewed it. It leaves approval only when checked again against a
newer Rules Submission version (back to being prepared: its ticks and version change, in that
one step). The checklist as approved changes only at an approval."""

from casino.frozen import EVERY, Freeze, Rule

LAYOUT_RECHECK = ("checked", "submission_id")
LAYOUT = Freeze(
    table="tables_layout", model="tables.Layout", name="A layout",
    label="Layout %s", label_columns=("name",), rules=(
        Rule("is approved: its artwork, its checklist and its review never change (a newer "
             "Rules Submission version is checked again, the layout back to being prepared)",
             when="OLD.status = 'approved'", columns=EVERY,
             but=("status", "updated_at", *LAYOUT_RECHECK)),
        Rule("is approved: it leaves approval only when checked again against a newer version "
             "(back to being prepared), and only then do its ticks and version change",
             when="OLD.status = 'approved' AND NEW.status <> 'draft'",
             columns=("status", *LAYOUT_RECHECK)),
        Rule("keeps its checklist as approved until the next approval",
             when="NOT (OLD.status = 'submitted' AND NEW.status = 'approved')",
             columns=("approved_checklist",)),
    ))
