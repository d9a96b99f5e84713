"""What of a jackpot slip never changes (issue 28; listed with the floor's other final records
in ``tables.frozen``): what it records (the round, the wager, the award, the meter before and
after, who recorded it and when) from the moment it is recorded; its status moves only
recorded -> validated -> paid, or to void before it is paid, each step writing only its own
columns (who and when); paid or void, nothing in it changes (§649a.11(c)(5), §465a.26: a wrong
slip is voided and recorded again, money paid in error is a meter adjustment). Its number is
written once, from none, at the end of the recording's transaction (issue 32: the slip is
inserted unnumbered so the property's counter is taken last); never changed after."""

from casino.frozen import EVERY, Freeze, Rule

SLIP_FINAL = "OLD.status IN ('paid', 'voided')"
SLIP_STEPS = ("(OLD.status = 'recorded' AND NEW.status IN ('validated', 'voided')) OR "
              "(OLD.status = 'validated' AND NEW.status IN ('paid', 'voided'))")
# What each step writes; everything else was fixed when the slip was recorded.
SLIP_VALIDATION = ("validated_by_id", "validated_at")
SLIP_PAYMENT = ("paid_by_id", "paid_at", "paid_from")
SLIP_VOID_REQUEST = ("void_reason", "void_requested_by_id", "void_requested_at")
SLIP_VOID = ("voided_by_id", "voided_at")
SLIP_LIFECYCLE = ("status", *SLIP_VALIDATION, *SLIP_PAYMENT, *SLIP_VOID_REQUEST, *SLIP_VOID)

SLIP = Freeze(
    table="tables_jackpotslip", model="tables.JackpotSlip", name="A jackpot slip",
    label="Jackpot slip %s", label_columns=("number",), rules=(
        Rule("is paid or void: a final record, nothing in it changes (a wrong slip is voided "
             "and recorded again; money paid in error is a meter adjustment)",
             when=SLIP_FINAL, columns=EVERY),
        Rule("was recorded: the round, the wager, the award and the meter before the win never "
             "change (a wrong slip is voided and recorded again)",
             columns=EVERY, but=(*SLIP_LIFECYCLE, "meter_after", "number")),
        Rule("has its number: it is written once, when the recording takes it",
             when="OLD.number IS NOT NULL", columns=("number",)),
        Rule("has its meter after the win: it is written once, when the meter is hit",
             when="NOT (OLD.meter_after IS NULL AND OLD.meter_before IS NOT NULL)",
             columns=("meter_after",)),
        Rule("moves only from recorded to validated to paid, or to void before it is paid",
             when=f"NEW.status <> OLD.status AND NOT ({SLIP_STEPS})"),
        Rule("is validated only in the step from recorded to validated",
             when="NOT (OLD.status = 'recorded' AND NEW.status = 'validated')",
             columns=SLIP_VALIDATION),
        Rule("is paid, and says from where, only in the step from validated to paid",
             when="NOT (OLD.status = 'validated' AND NEW.status = 'paid')",
             columns=SLIP_PAYMENT),
        Rule("has its void request (who asked, when, why) written once",
             when="OLD.void_requested_by_id IS NOT NULL", columns=SLIP_VOID_REQUEST),
        Rule("is voided (by whom, when) only in the step to void",
             when="NEW.status <> 'voided'", columns=SLIP_VOID),
    ))
