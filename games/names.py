"""Names for people: the engine's keys (``straight_or_better``, ``manual_shoe``,
``envy_royal_flush``) in the words staff read on a rack card or in the regulation.

Keys stay what integrations send; pages and messages show these names beside them.

>>> hand_name("straight_flush")
'Straight flush'
>>> hand_name("envy_royal_flush")
'Envy Bonus: Royal flush'
>>> choice_name("dealing_procedure", "manual_shoe")
'Manual dealing shoe'
>>> choice_name("ante_pays_on", "straight_or_better")
'Straight or better'
"""

from __future__ import annotations

from collections.abc import Mapping

# Words the plain rule ("first letter capital, underscores as spaces") gets wrong.
_WORDS = {
    "7s": "7's", "em": "'em", "royal_9": "Royal 9", "king_9": "King-9", "heavenly_9": "Heavenly 9",
    "blazing_7s": "Blazing 7's", "queens_dragon": "Queen's Dragon", "ace_five": "A-2-3-4-5",
    "25c": "25¢", "b2b": "B2B", "rng": "RNG",
}

HANDS = {
    "mini_royal": "Mini royal (A-K-Q suited)",
    "super_royal": "Super royal (9-T-J-Q-K-A suited)",
    "other": "Any other winning hand",
    "ace_queen_or_ace_jack_offsuit": "Ace-queen or ace-jack offsuit",
    "ace_queen_or_ace_jack_suited": "Ace-queen or ace-jack suited",
    "ace_king_offsuit": "Ace-king offsuit",
    "ace_king_suited": "Ace-king suited",
    "pair_of_twos_through_tens": "Pair of twos through tens",
    "first_roll_seven_or_eleven": "First roll a 7 or 11",
    "mega_envy": "Mega Envy",
}

# (option key, choice) -> name; choices shared by every option are keyed by choice alone.
CHOICES = {
    "manual_shoe": "Manual dealing shoe",
    "hand": "Dealt from the hand",
    "automated_shoe": "Automated dealing shoe",
    ("variant", "none"): "Standard (no Envy version)",
    ("vigorish_rounding", "none"): "No rounding (never a fraction of a cent)",
    "up_to_25c": "Any vigorish under 25¢ is 25¢",
    "next_25c": "Up to the next multiple of 25¢",
    "common": "Common house way",
    "second_highest": "Second-highest straight",
    "lowest": "Lowest straight",
    "neither": "Neither colour",
    "chosen_color": "The colour the player chose",
    "double_zero": "Double zero (0 and 00)",
    "single_zero": "Single zero",
    "minibaccarat": "Minibaccarat",
    "midibaccarat": "Midibaccarat",
    "baccarat": "Baccarat",
    ("must_hit_by_payment", "table_inventory"): "Paid from the table inventory",
    ("must_hit_by_payment", "progressive_jackpot_slip"): "Paid through a progressive jackpot "
                                                         "slip",
}

NOT_SET = "not set"


def words(key: str) -> str:
    """``"three_card_blazing_7s"`` -> ``"Three card Blazing 7's"``: underscores as spaces,
    the first letter a capital, the few words in ``_WORDS`` spelt as posted."""
    text = f"_{key}_"
    for raw, shown in sorted(_WORDS.items(), key=lambda kv: -len(kv[0])):
        text = text.replace(f"_{raw}_", f"_{shown}_")
    text = text.strip("_").replace("_", " ")
    return text[:1].upper() + text[1:]


def hand_name(hand: str) -> str:
    """A paytable row's hand as people read it; Envy rows name their qualifying hand."""
    if hand.startswith("envy_"):
        return f"Envy Bonus: {hand_name(hand[len('envy_'):])}"
    return HANDS.get(hand) or words(hand)


def _listed(value: object) -> str:
    """A part of an option's mapping or list: cards as written ("Ks 9s"), a list of them too."""
    return " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)


def choice_name(option: str, value: object) -> str:
    """An option's chosen value as people read it ("not set" when there is none)."""
    if value is None or value == "":
        return NOT_SET
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, Mapping):  # Royal 9's combination of each position: "1: Ks 9s; 2: ..."
        return "; ".join(f"{key}: {_listed(item)}" for key, item in value.items())
    if isinstance(value, list | tuple):
        return "; ".join(map(_listed, value))
    text = str(value)
    return CHOICES.get((option, text)) or CHOICES.get(text) or (
        words(text) if "_" in text else text)
