"""A meter ledger row and a daily meter reading never change once written (issue 28; §605a.7:
the ledger is the meter's record, a correction is a new row). The archive removes old ledger
rows as the owner; it never edits one."""

from casino.frozen import EVERY, Freeze, Rule

LEDGER = Freeze(
    table="tables_meterentry", model="tables.MeterEntry", name="A meter ledger row",
    label="Meter ledger row %s", label_columns=("id",), rules=(
        Rule("is the meter's record: rows are only ever added (a correction is a new row, a "
             "reversal or an approved adjustment)", columns=EVERY),
    ))

READING = Freeze(
    table="tables_meterreading", model="tables.MeterReading", name="A daily meter reading",
    label="Meter reading %s (meter %s, gaming day %s)",
    label_columns=("id", "meter_id", "gaming_day"), rules=(
        Rule("is the meter at the end of a gaming day: taken once, never changed",
             columns=EVERY),
    ))
