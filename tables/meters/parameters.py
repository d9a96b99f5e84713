"""A meter's parameters as the approved Rules Submission sets them (§605a.7; a Must-Hit-By
meter's trigger range from its configuration, §631b.6(c)(4)). They are copied at seeding and
change only at a reset or with every table closed (``services``)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from games.baccarat.progressives import MUST_HIT_BY_PAYMENTS, must_hit_by
from tables.meters.models import Meter
from tables.meters.selectors import dollars

ZERO = Decimal(0)
MYSTERY_OPTION = "must_hit_by"  # the option and meter key of §631b.6
MYSTERY_PAYMENT_OPTION = "must_hit_by_payment"  # how its payout is paid, §631b.6(c)(6)


@dataclass(frozen=True)
class Parameters:
    initial: Decimal
    reset: Decimal
    rate: Decimal
    reserve_rate: Decimal
    limit: Decimal | None
    mystery_minimum: Decimal | None
    mystery_maximum: Decimal | None


def _dec(text) -> Decimal | None:
    return Decimal(str(text)) if text not in (None, "") else None


def parameters_from(submission, key: str) -> Parameters:
    """A meter's parameters as the approved terms set them; a Must-Hit-By meter takes its
    trigger range from the chosen configuration (§631b.6(c)(4))."""
    terms = submission.meters[key]
    low = high = None
    if key == MYSTERY_OPTION:
        config = must_hit_by(str(submission.options.get(MYSTERY_OPTION)))
        low, high = config.minimum, config.maximum
    return Parameters(initial=_dec(terms["initial"]), reset=_dec(terms["reset"]),
                      rate=_dec(terms["rate"]),
                      reserve_rate=_dec(terms.get("reserve_rate")) or ZERO,
                      limit=_dec(terms.get("limit")), mystery_minimum=low, mystery_maximum=high)


def mystery_problem(p: Parameters, submission) -> str | None:
    """Why the terms cannot run a Must-Hit-By meter, or None: they name how the payout is paid
    (§631b.6(c)(6)), the contribution rate is the configuration's (§631b.6(c)(4)), the meter
    resets to its minimum dollar value (§631b.6(c)(5)(iv)) and starts below its maximum (a
    trigger must still be drawable)."""
    if p.mystery_maximum is None:
        return None
    config = must_hit_by(str(submission.options.get(MYSTERY_OPTION)))
    where = f"configuration {config.name}"
    if submission.options.get(MYSTERY_PAYMENT_OPTION) not in MUST_HIT_BY_PAYMENTS:
        return ("the Rules Submission does not say how a Must-Hit-By payout is paid: from the "
                "table inventory or through a progressive jackpot slip (§631b.6(c)(6))")
    if p.rate != config.contribution_percent:
        return (f"the Must-Hit-By rate is {config.contribution_percent.normalize():f}% of each "
                f"qualifying wager under {where} (§631b.6(c)(4)); the Rules Submission sets "
                f"{p.rate.normalize():f}%")
    if p.reset != config.minimum:
        return (f"the Must-Hit-By meter resets to the minimum dollar value, "
                f"{dollars(config.minimum)} under {where} (§631b.6(c)(5)(iv)); the Rules "
                f"Submission sets {dollars(p.reset)}")
    if not config.minimum <= p.initial < config.maximum:
        return (f"the Must-Hit-By meter starts from {dollars(config.minimum)} up to below "
                f"{dollars(config.maximum)} under {where} (§631b.6(c)(3)-(4)); the Rules "
                f"Submission sets {dollars(p.initial)}")
    return None


def set_parameters(meter: Meter, submission, p: Parameters) -> None:
    meter.submission = submission
    meter.initial_amount, meter.reset_amount = p.initial, p.reset
    meter.rate, meter.reserve_rate, meter.limit = p.rate, p.reserve_rate, p.limit
    meter.mystery_minimum, meter.mystery_maximum = p.mystery_minimum, p.mystery_maximum


def parameters_dict(meter: Meter) -> dict:
    return {"submission": meter.submission_id, "initial": meter.initial_amount,
            "reset": meter.reset_amount, "rate": meter.rate, "reserve_rate": meter.reserve_rate,
            "limit": meter.limit}


def newer_parameters(meter: Meter, submission) -> Parameters | None:
    """The parameters of ``submission`` if it is another version that keeps this meter."""
    if submission is None or submission.pk == meter.submission_id:
        return None
    if meter.key not in submission.meters:
        return None
    newer = parameters_from(submission, meter.key)
    return None if mystery_problem(newer, submission) else newer
