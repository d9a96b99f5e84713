"""``SlipError`` and the input checks every slip entry point shares (pages and API answer the
same field messages, a 400)."""


class SlipError(Exception):
    """Refused by the rules; ``errors`` maps a field to its messages (a 400 / inline errors)."""

    def __init__(self, errors: dict[str, list[str]]):
        self.errors = errors
        super().__init__("; ".join(f"{k}: {' '.join(v)}" for k, v in errors.items()))


class SlipConflict(SlipError):
    """Refused by the slip's state, not by the request's shape (a 409): a second void request,
    a paid slip, a later jackpot paid before an earlier one, a total the validator did not see,
    an idempotency key reused for another round."""


def fail(field_name: str, message: str) -> SlipError:
    return SlipError({field_name: [message]})


def conflict(field_name: str, message: str) -> SlipConflict:
    return SlipConflict({field_name: [message]})


def check_input(data: object, allowed: set[str]) -> dict:
    if not isinstance(data, dict):
        raise fail("non_field_errors", "The request must be a JSON object.")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise SlipError({k: [f"Unknown field (allowed: {', '.join(sorted(allowed))})."]
                         for k in unknown})
    return data


def choices(found) -> str:
    """Each key the API takes beside the name staff read: ``paid (Paid), ...``."""
    return ", ".join(f"{value} ({label})" for value, label in found.choices)
