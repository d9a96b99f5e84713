"""A meter's parameters as the approved Rules Submission sets them (§605a.7; a Must-Hit-By
meter's trigger range from its configuration, §631b.6(c)(4), as the game's SPEC declares it).
They are copied at seeding and change only at a reset or with every table closed
(``services``)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

import games
from games.spec import MeterSpec
from tables.meters.models import Meter

ZERO = Decimal(0)


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


def _meter_spec(submission, key: str) -> MeterSpec | None:
    return games.spec(submission.game).meter(key)


def parameters_from(submission, key: str) -> Parameters:
    """A meter's parameters as the approved terms set them; a Must-Hit-By meter takes its
    trigger range from the chosen configuration (§631b.6(c)(4))."""
    terms = submission.meters[key]
    spec = _meter_spec(submission, key)
    drawn = spec.trigger_range(submission.options or {}) if spec and spec.trigger_range else None
    low, high = drawn if drawn else (None, None)
    return Parameters(initial=_dec(terms["initial"]), reset=_dec(terms["reset"]),
                      rate=_dec(terms["rate"]),
                      reserve_rate=_dec(terms.get("reserve_rate")) or ZERO,
                      limit=_dec(terms.get("limit")), mystery_minimum=low, mystery_maximum=high)


def mystery_problem(p: Parameters, submission, key: str) -> str | None:
    """Why the terms cannot run this meter, as its game says (a Must-Hit-By meter's payment
    term, rate, reset and range, §631b.6(c)(4)-(6)), or None."""
    spec = _meter_spec(submission, key)
    if spec is None or spec.seeding_problem is None:
        return None
    return spec.seeding_problem(submission.options or {}, p.initial, p.reset, p.rate)


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
    return None if mystery_problem(newer, submission, meter.key) else newer
