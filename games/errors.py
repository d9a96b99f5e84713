"""The engine's errors: one type for bad cards, one for a bad round, both readable by a person."""


class GameError(ValueError):
    """Anything the rules refuse. The message says what and why."""


class InvalidCards(GameError):
    """Cards that cannot be: unknown rank or suit, a repeated card, a joker where none is used,
    the wrong number of cards for the hand."""


class InvalidRound(GameError):
    """A settlement request the rules refuse, field by field.

    `errors` maps a field path (``"positions[0].wagers.play"``) to its messages, so the API can
    answer 400 naming each bad field and the rule it breaks.
    """

    def __init__(self, errors: dict[str, list[str]] | dict[str, str]):
        self.errors = {
            field: [msgs] if isinstance(msgs, str) else list(msgs) for field, msgs in errors.items()
        }
        super().__init__(
            "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in self.errors.items())
        )
