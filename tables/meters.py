"""Progressive meters on the floor (§605a.7, linked: §605a.8)."""


def unseeded_meters(table) -> list[str]:
    """The display names of the progressive meters ``table``'s terms need that are not seeded
    yet: a table cannot open until this is empty."""
    return []


def live_meter_amounts(table) -> dict:
    """The engine's ``meters`` for a round at ``table``: each meter key its terms need -> the
    amount on the meter now, and ``<key>_reset`` -> its reset amount."""
    return {}
