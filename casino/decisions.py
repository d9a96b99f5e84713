"""``Decision``: the answer to "may this person do this, to this, now?", with the reason in
words for staff.

``casino.permissions.can`` answers the role part (an ability at a property). Each room's
decision functions (``tables.slips.decisions``, ``rulesubmissions.decisions``,
``tables.floor.decisions``) add the state and the two-person parts, and are the one place the
rule is written: the page shows the button or the reason, the view and the API refuse with the
reason, and the service enforces the same function inside its transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from casino.permissions import can

ABILITY, PERSON, STATE = "ability", "person", "state"


@dataclass(frozen=True)
class Decision:
    """``allowed``, or why not: ``reason`` (words for staff), ``field`` (the field an API
    refusal names), ``by`` (what refuses: the role, a 403; the person, a 400; the record's
    state, a 409) and ``shown`` (whether a page shows the reason where the button would be:
    a refusal by the role, or a step the record is not at, is not worth a line); ``each``:
    the reasons one by one when there are several (a table's reasons it may not open)."""

    allowed: bool
    reason: str = ""
    field: str = ""
    by: str = ""
    shown: bool = True
    each: tuple[str, ...] = ()  # several reasons, one by one (the reason joins them)

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def says(self) -> str:
        """The reason a page shows in place of the button ("" for none)."""
        return "" if self.allowed or not self.shown or self.by == ABILITY else self.reason


ALLOWED = Decision(True)


def person_refused(field: str, reason: str, *, shown: bool = True) -> Decision:
    return Decision(False, reason, field, PERSON, shown)


def state_refused(field: str, reason: str, *, shown: bool = True,
                  each: tuple[str, ...] = ()) -> Decision:
    return Decision(False, reason, field, STATE, shown, each)


def ability(user, code: str, property, reason: str) -> Decision:
    """``can(user, code, property)`` as a decision (``reason``: what the role may not do)."""
    if can(user, code, property):
        return ALLOWED
    return Decision(False, reason, "non_field_errors", ABILITY, False)
