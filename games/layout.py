"""What a table's layout, signage and equipment must show, per game (§601a.10(a) and each
chapter's §.2), as data with a citation per item. Pure Python: the back office asks.

``checklist(game, terms)`` is the game's list filtered by what a Rules Submission offers
(``terms``: ``options``, ``wagers`` as wager -> paytable id, ``payout_limit``, as
``RulesSubmission.terms()`` gives them). Each item says what it inscribes: the terms whose
values appear on the layout (a paytable, the payout limit, the Hold 'Em Ante rule), so that a
newer version changing one of them asks for the layout to be approved again. ``needs`` names
the table equipment that must be recorded before the table may open.

Where a chapter's §.2 is not part of the published text we hold, its ``note`` says so and the
items follow the chapter's other sections and the sister chapters; compliance confirms the
layout requirements with the Board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import games

BETTING_AREA = "Betting area"
CARD_AREA = "Card area"
INSCRIPTION = "Inscription or sign"
EQUIPMENT = "Equipment"
KINDS = (BETTING_AREA, CARD_AREA, INSCRIPTION, EQUIPMENT)

# Table equipment an item needs recorded on the table before it opens.
PROGRESSIVE_SYSTEM = "progressive_system"
ELECTRONIC_WAGERING_SYSTEM = "electronic_wagering_system"


@dataclass(frozen=True)
class Item:
    """One thing the layout, its signs or the table must have.

    Shown when one of ``wagers`` is offered (none: always) and every ``options`` entry holds
    (a value, or a tuple of values one of which holds; ``...``: set to anything). ``inscribes``
    are term keys (a wager's paytable, an option, ``payout_limit``) whose values it shows.
    """

    key: str
    kind: str
    text: str
    rule: str
    wagers: tuple[str, ...] = ()
    options: Mapping[str, object] = field(default_factory=dict)
    inscribes: tuple[str, ...] = ()
    needs: str = ""

    def shown(self, offered: Mapping[str, str], options: Mapping[str, object]) -> bool:
        if self.wagers and not any(w in offered for w in self.wagers):
            return False
        return all(_holds(options.get(k), v) for k, v in self.options.items())


def _holds(value: object, wanted: object) -> bool:
    if wanted is ...:
        return value not in (None, "", False)
    if isinstance(wanted, tuple):
        return value in wanted
    return value == wanted


@dataclass(frozen=True)
class GameLayout:
    """A game's checklist. ``odds_rule`` is cited by the payout-odds item of each offered
    wager; ``odds_options`` are options whose value is a paytable shown with the odds."""

    game: str
    rule: str
    items: tuple[Item, ...]
    odds_rule: str
    odds_options: tuple[str, ...] = ()
    note: str = ""


def _area(key: str, text: str, rule: str, *wagers: str, **options: object) -> Item:
    return Item(f"area.{key}", BETTING_AREA, text, rule, wagers=wagers, options=options)


def _logo(rule: str) -> Item:
    return Item("inscription.name_or_logo", INSCRIPTION,
                "The name or logo of the certificate holder", rule)


def _boxes(rule: str) -> tuple[Item, ...]:
    return (
        Item("equipment.drop_and_tip_box", EQUIPMENT,
             "A drop box and a tip box on the dealer's side, on opposite sides of the dealer",
             rule + "(e)"),
        Item("equipment.discard_rack", EQUIPMENT,
             "A discard rack securely attached to the top of the dealer's side", rule + "(f)"),
    )


def _progressive_system(rule: str, *wagers: str) -> Item:
    return Item("equipment.progressive_system", EQUIPMENT,
                "A progressive table game system: a wagering device at each betting position "
                "and a lock-out that refuses progressive wagers after \"no more bets\"", rule,
                wagers=wagers, needs=PROGRESSIVE_SYSTEM)


def _electronic_wagering(rule: str, *wagers: str, text: str = "") -> Item:
    return Item("equipment.electronic_wagering_system", EQUIPMENT,
                text or "An electronic wagering system at each betting position for the Five "
                        "Card Hand Bonus Wager, with a lock-out once dealing begins",
                rule, wagers=wagers, needs=ELECTRONIC_WAGERING_SYSTEM)


def _payout_limit(rule: str) -> Item:
    return Item("inscription.payout_limit", INSCRIPTION,
                "The payout limit per hand, or a generic inscription that the game is subject "
                "to the posted payout limit (or a posted sign)", rule,
                options={"payout_limit": ...}, inscribes=("payout_limit",))


THREE_CARD_POKER = GameLayout("three_card_poker", "§649a.2", odds_rule="§649a.2(b)(6)",
                              odds_options=("ante_bonus",), items=(
    _logo("§649a.2(b)(1)"),
    _area("ante_play_pair_plus", "Three separate betting areas for the Ante, Play and Pair "
          "Plus Wagers at each position", "§649a.2(b)(2)"),
    _area("progressive", "A separate area at each position for the Progressive Payout Wager",
          "§649a.2(b)(3)", "three_card_progressive", "five_card_progressive",
          "five_of_six_progressive"),
    _area("six_card_bonus", "A separate area at each position for the Six Card Bonus Wager",
          "§649a.2(b)(4)", "six_card_bonus"),
    _electronic_wagering("§649a.2(b)(5), §649a.2(d)", "five_card_hand_bonus_player",
                         "five_card_hand_bonus_dealer"),
    Item("inscription.dealer_qualifies", INSCRIPTION,
         "The phrase \"Dealer Plays with Queen High or Better\"", "§649a.2(b)(6)"),
    _progressive_system("§649a.2(c)(1)-(2), §649a.2(d), §605a.7", "three_card_progressive",
                        "five_card_progressive", "five_of_six_progressive",
                        "five_card_hand_bonus_player", "five_card_hand_bonus_dealer"),
    *_boxes("§649a.2"),
))

PAI_GOW_POKER = GameLayout("pai_gow_poker", "§645a.2", odds_rule="§645a.2(b)(10)", items=(
    _logo("§645a.2(b)(1)"),
    _area("pai_gow", "A separate betting area for the Pai Gow Poker Wager at each position",
          "§645a.2(b)(2)"),
    Item("cards.player_hands", CARD_AREA, "Two separate areas for each player's high and low "
         "hands", "§645a.2(b)(3)"),
    Item("cards.dealer_hands", CARD_AREA, "Two separate areas for the dealer's high and low "
         "hands", "§645a.2(b)(4)"),
    _area("fortune_bonus", "A separate area at each position for the Fortune Bonus Wager",
          "§645a.2(b)(5)", "fortune_bonus"),
    _area("emperors_treasure", "A separate area at each position for the Emperor's Treasure "
          "Wager", "§645a.2(b)(6)", "emperors_treasure"),
    _area("insurance", "A separate area at each position for the Pai Gow Insurance Wager",
          "§645a.2(b)(7)", "insurance"),
    _area("progressive", "A separate area at each position for the Progressive Payout Wager",
          "§645a.2(b)(8)", "progressive"),
    _area("queens_dragon", "A separate area for the Queen's Dragon Wager",
          "§645a.2(b)(9)(i)(A)", "queens_dragon"),
    _area("dynasty_bonus", "A separate area for the Dynasty Bonus Wager",
          "§645a.2(b)(9)(i)(B)", "dynasty_bonus"),
    _area("protection", "A separate area for the Protection Wager", "§645a.2(b)(9)(i)(C)",
          "protection"),
    _area("red_black", "A separate area for the Red/Black Wager", "§645a.2(b)(9)(i)(D)",
          "red_black"),
    Item("inscription.queens_dragon_push", INSCRIPTION,
         "If the dealer's hand is a Queen's Dragon, the player's wager pushes and is returned",
         "§645a.2(b)(9)(ii)", options={"ez_pai_gow": True}, inscribes=("ez_pai_gow",)),
    _payout_limit("§645a.2(b)(11)"),
    Item("equipment.starting_position", EQUIPMENT,
         "A Pai Gow Poker shaker (three dice, the certificate holder's name or logo), a "
         "computerized random number generator or a flat button to find the starting position",
         "§645a.2(c)(1)-(3)"),
    _progressive_system("§645a.2(d)(1)-(2), §605a.7", "progressive"),
    *_boxes("§645a.2"),
))

TEXAS_HOLDEM_BONUS = GameLayout("texas_holdem_bonus", "§647a.2", odds_rule="§647a.2(b)(8), (10)",
                                items=(
    _logo("§647a.2(b)(1)"),
    _area("ante_flop_turn_river", "Four separate betting areas for the Ante, Flop, Turn and "
          "River Wagers at each position", "§647a.2(b)(2)"),
    Item("cards.community", CARD_AREA, "An area for the five community cards directly in front "
         "of the table inventory container", "§647a.2(b)(3)"),
    Item("cards.dealer", CARD_AREA, "An area for the dealer's two cards", "§647a.2(b)(4)"),
    _area("bonus", "A separate area at each position for the Texas Hold 'Em Bonus Wager",
          "§647a.2(b)(5)", "bonus"),
    _area("progressive", "A separate area at each position for the Progressive Payout Wager",
          "§647a.2(b)(6)", "progressive"),
    _electronic_wagering("§647a.2(b)(7), §647a.2(d)", "five_card_hand_bonus_player",
                         "five_card_hand_bonus_dealer"),
    Item("inscription.ante_rule", INSCRIPTION,
         "The Ante Wager is returned unless the player's winning hand is a straight or better "
         "(or a flush or better, as the Rules Submission selects)", "§647a.2(b)(9)(i)",
         inscribes=("ante_pays_on",)),
    _payout_limit("§647a.2(b)(9)(ii)"),
    _progressive_system("§647a.2(c)(1)-(2), §647a.2(d), §605a.7", "progressive",
                        "five_card_hand_bonus_player", "five_card_hand_bonus_dealer"),
    *_boxes("§647a.2"),
))

_LIR = "§643a.2 (text not held; confirm with the Board)"
LET_IT_RIDE = GameLayout(
    "let_it_ride", "§643a.2", odds_rule=f"{_LIR}; §601a.10(a)",
    note="§643a.2 (Let It Ride table physical characteristics) is not part of the published "
         "text we hold: these items follow §643a.11-12 and the other poker chapters' §.2; "
         "confirm the layout requirements with the Board.",
    items=(
        _logo(f"{_LIR}; as §649a.2(b)(1)"),
        _area("bets", "Three separate betting areas for Bet Number 1, 2 and 3 at each position",
              f"{_LIR}; §643a.11(b)-(f)"),
        Item("cards.community", CARD_AREA, "An area for the two community cards",
             f"{_LIR}; §643a.11(f)(1)"),
        _area("five_card_bonus", "A separate area at each position for the Five Card Bonus "
              "Wager", f"{_LIR}; §643a.11(f)(3)(i)", "five_card_bonus"),
        _area("three_card_bonus", "A separate area at each position for the Three Card Bonus "
              "Wager", f"{_LIR}; §643a.11(f)(3)(ii)", "three_card_bonus"),
        _area("progressive", "A separate area at each position for the Progressive Payout "
              "Wager", f"{_LIR}; §643a.11(f)(3)(iii)-(iv)", "three_card_progressive",
              "five_card_progressive"),
        _electronic_wagering(f"{_LIR}; §643a.11(f)(3)(v)", "five_card_hand_bonus"),
        _payout_limit(f"{_LIR}; §643a.12(g)"),
        _progressive_system(f"{_LIR}; §605a.7", "three_card_progressive",
                            "five_card_progressive", "five_card_hand_bonus"),
        *_boxes(f"{_LIR}; as §649a.2"),
    ))

_BACCARAT = "§627a.2, §629a.2, §631a.2 (text not held; confirm with the Board)"
BACCARAT = GameLayout(
    "baccarat", "§627a.2, §629a.2, §631a.2", odds_rule=f"{_BACCARAT}; §601a.10(a)",
    odds_options=("perfect_pairs", "five_treasures", "must_hit_by"),
    note="§627a.2, §629a.2 and §631a.2 (Minibaccarat, Midibaccarat and Baccarat table physical "
         "characteristics) are not part of the published text we hold: only the side wagers' "
         "layout paragraphs of §627b, §629b and §631b are listed; confirm the layout "
         "requirements with the Board.",
    items=(
        _area("player_banker_tie", "Betting areas for the Player's Hand, Banker's Hand and Tie "
              "at each position", _BACCARAT),
        _area("perfect_pairs", "Separate areas at each position for Perfect Pairs on the Player "
              "Hand and on the Banker Hand", "§627b.1(b), §629b.1(b), §631b.1(b)",
              "perfect_pairs_player", "perfect_pairs_banker"),
        _area("player_pair", "Separate areas for the Player Pair wager",
              "§627b.2(b)(1), §629b.2(b)(1), §631b.5(b)(1)", "player_pair"),
        _area("banker_pair", "Separate areas for the Banker Pair wager",
              "§627b.2(b)(2), §629b.2(b)(2), §631b.5(b)(2)", "banker_pair"),
        _area("lucky_six", "A separate area at each position for the Lucky Six wager",
              "§627b.2(b)(3), §629b.2(b)(3), §631b.5(b)(3)", "lucky_six"),
        _area("royal_9_progressive", "A separate area at each position for the Royal 9 "
              "Progressive wager", "§627b.3(a), §629b.3(a)", "royal_9_progressive"),
        Item("inscription.royal_9_combinations", INSCRIPTION,
             "Each position's personal King-9 combination printed in front of its wagering "
             "area", "§627b.3(e)(5), §629b.3(e)(5)", wagers=("royal_9_progressive",),
             inscribes=("royal_9_combinations",)),
        _area("heavenly_9_progressive", "A separate area at each position for the Heavenly 9 "
              "Progressive Baccarat wager", "§631b.2(b)", "heavenly_9_progressive"),
        _area("fortune_7", "A separate area for the Fortune 7 Bonus wager", "§631b.3(b)(1)",
              "fortune_7"),
        _area("golden_8", "A separate area for the Golden 8 Bonus wager", "§631b.3(b)(2)",
              "golden_8"),
        _area("heavenly_9", "A separate area for the Heavenly 9 Bonus wager", "§631b.3(b)(3)",
              "heavenly_9"),
        _area("blazing_7s", "A separate area for the Blazing 7's Bonus wager", "§631b.3(b)(4)",
              "blazing_7s"),
        _area("cover_all", "A separate area for the Cover All Bonus wager", "§631b.3(b)(5)",
              "cover_all"),
        _electronic_wagering("§631b.4(a)-(b)", "lucky_nines",
                             text="A fully automated electronic gaming table with a separate "
                                  "area at each position for the electronic placement of the "
                                  "Lucky Nines wager"),
        Item("inscription.must_hit_by", INSCRIPTION,
             "The progressive table game system display shows that the Must-Hit-By Mystery "
             "Bonus is offered", "§631b.6(b)", options={"must_hit_by": ...},
             inscribes=("must_hit_by",)),
        _progressive_system("§627b.3(a)(1)-(2), §629b.3(a)(1)-(2), §631b.2(d), §605a.7",
                            "royal_9_progressive", "heavenly_9_progressive"),
    ))

_CRAPS = "§623a.2 (text not held; confirm with the Board)"
CRAPS = GameLayout(
    "craps", "§623b", odds_rule=f"{_CRAPS}; §601a.10(a)", odds_options=("bonus_craps",),
    note="§623a.2 (Craps and Mini-Craps tables; physical characteristics) is not part of the "
         "published text we hold: only the side wagers' layout paragraphs of §623b are listed; "
         "confirm the layout requirements with the Board.",
    items=(
        _area("hot_roller", "No more than 16 Hot Roller areas around the perimeter, numbered "
              "clockwise from the boxperson's left, and a numbered relocation area in front of "
              "the boxperson", "§623b.1(a)(2)(i)-(ii)", "hot_roller"),
        Item("area.hot_roller_markers", BETTING_AREA,
             "An area for marker buttons showing each dice combination of 4, 5, 6, 8, 9 and 10",
             "§623b.1(a)(2)(iii)", wagers=("hot_roller",)),
        _electronic_wagering("§623b.2(a)-(b)", "lucky_shooter",
                             text="A fully automated electronic gaming table with a separate "
                                  "area at each position for the electronic placement of the "
                                  "Lucky Shooter wager"),
        _area("bonus_craps", "Areas for the All Small, All Tall and Make 'em All wagers (named "
              "\"Make 'em All\", no longer \"All or Nothing at All\")", "§623b.3(b)",
              "all_small", "all_tall", "make_em_all"),
    ))

ROULETTE = GameLayout(
    "roulette", "§617b",
    odds_rule="§617a.1 (text not held; confirm with the Board); §601a.10(a)",
    note="§617a.1 (Roulette table physical characteristics) is not part of the published text "
         "we hold: only the side wagers' layout paragraphs of §617b are listed; confirm the "
         "layout requirements with the Board.",
    items=(
        _area("b2b", "A separate area for the B2B Roulette wager", "§617b.1(b)", "b2b"),
        Item("equipment.reader_board", EQUIPMENT, "A Board-approved Roulette reader board with "
             "a random number generator for the B2B payout", "§617b.1(b), (e)", wagers=("b2b",)),
        _area("blazing_7s", "A separate area for the Blazing 7's wager", "§617b.2(b)",
              "blazing_7s"),
        Item("equipment.release_device", EQUIPMENT, "An electro-mechanical release device "
             "approved by the Bureau of Gaming Operations and the Office of Gaming Laboratory",
             "§617b.2(b)", wagers=("blazing_7s",)),
    ))

LAYOUTS: dict[str, GameLayout] = {
    g.game: g for g in (THREE_CARD_POKER, LET_IT_RIDE, TEXAS_HOLDEM_BONUS, PAI_GOW_POKER,
                        BACCARAT, CRAPS, ROULETTE)
}


def game_layout(game: str) -> GameLayout:
    """The game's checklist data; an unknown game is an ``InvalidRound`` naming ``game``."""
    games.spec(game)
    return LAYOUTS[game]


def _odds_items(layout: GameLayout, offered: Mapping[str, str],
                options: Mapping[str, object]) -> list[Item]:
    """One payout-odds item per offered wager and per paytable option set: inscribed on the
    layout or on a sign posted at the table."""
    spec = games.spec(layout.game)
    items = [Item(f"odds.{w.key}", INSCRIPTION,
                  f"Payout odds or amounts of the {w.name}, inscribed or on a posted sign",
                  layout.odds_rule, wagers=(w.key,), inscribes=(w.key,))
             for w in spec.wagers if w.key in offered]
    for key in layout.odds_options:
        option = spec.option(key)
        if option is not None and options.get(key) not in (None, "", False):
            items.append(Item(f"odds.{key}", INSCRIPTION,
                              f"{option.name}, inscribed or on a posted sign",
                              layout.odds_rule, inscribes=(key,)))
    return items


def _value(terms: Mapping[str, Any], key: str) -> object:
    """The value a term key inscribes: a wager's paytable, an option or the payout limit."""
    if key == "payout_limit":
        return terms.get("payout_limit") or ""
    wagers = terms.get("wagers") or {}
    if key in wagers:
        return wagers[key]
    return (terms.get("options") or {}).get(key)


def checklist(game: str, terms: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The game's layout checklist for ``terms``: each item's key, kind, text, rule, the values
    it inscribes and the table equipment it needs, in the chapter's order."""
    layout = game_layout(game)
    offered = terms.get("wagers") or {}
    options = dict(terms.get("options") or {})
    options["payout_limit"] = terms.get("payout_limit") or None
    items = [i for i in layout.items if i.shown(offered, options)]
    items += _odds_items(layout, offered, options)
    return [{"key": i.key, "kind": i.kind, "text": i.text, "rule": i.rule,
             "inscribed": {k: _value(terms, k) for k in i.inscribes}, "needs": i.needs}
            for i in items]


def full_checklist(game: str) -> dict[str, Any]:
    """Every item the game's layout may need, with the wagers or options that call for it
    (the published checklist, before any Rules Submission filters it)."""
    layout = game_layout(game)
    spec = games.spec(game)
    items = [{"key": i.key, "kind": i.kind, "text": i.text, "rule": i.rule,
              "when_offered": list(i.wagers),
              "when_options": {k: ("set" if v is ... else v) for k, v in i.options.items()},
              "needs": i.needs}
             for i in layout.items]
    items += [{"key": f"odds.{w.key}", "kind": INSCRIPTION,
               "text": f"Payout odds or amounts of the {w.name}, inscribed or on a posted sign",
               "rule": layout.odds_rule, "when_offered": [w.key], "when_options": {},
               "needs": ""} for w in spec.wagers]
    items += [{"key": f"odds.{key}", "kind": INSCRIPTION,
               "text": f"{spec.require_option(key).name}, inscribed or on a posted sign",
               "rule": layout.odds_rule, "when_offered": [], "when_options": {key: "set"},
               "needs": ""} for key in layout.odds_options]
    return {"game": game, "name": spec.name, "rule": layout.rule, "note": layout.note,
            "items": items}


def changed_items(
    approved: list[dict[str, Any]], current: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Items of ``current`` that ``approved`` lacks or inscribes differently, plus approved
    items no longer needed: what a newer version changes on the layout."""
    before = {i["key"]: i for i in approved}
    now = {i["key"]: i for i in current}
    changed = [i for k, i in now.items()
               if k not in before or before[k].get("inscribed") != i.get("inscribed")]
    return changed + [i for k, i in before.items() if k not in now]
