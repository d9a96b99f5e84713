"""The layout checklist each chapter's §.2 requires, filtered by what a Rules Submission offers:
every game with and without each optional wager (no Django here)."""

import re

import pytest

import games
from games.layout import (
    ELECTRONIC_WAGERING_SYSTEM,
    LAYOUTS,
    PROGRESSIVE_SYSTEM,
    changed_items,
    checklist,
    full_checklist,
)

SECTION = re.compile(r"§\d{3}[ab]\.\d+")


def base_terms(game: str, **options) -> dict:
    spec = games.spec(game)
    return {"game": game, "options": options, "payout_limit": "",
            "wagers": {w.key: "" for w in spec.wagers if w.base}}


def keys(items) -> list[str]:
    return [i["key"] for i in items]


def optional_wagers():
    for game in games.GAMES:
        for w in games.spec(game).wagers:
            if not w.base:
                yield game, w


def terms_offering(game: str, wager) -> dict:
    terms = base_terms(game)
    for option, needed in wager.requires.items():
        terms["options"][option] = needed[0] if isinstance(needed, tuple) else needed
    terms["wagers"][wager.key] = "paytable-id"
    return terms


def test_every_game_of_the_engine_has_a_checklist():
    assert set(LAYOUTS) == set(games.GAMES)


@pytest.mark.parametrize("game", games.GAMES)
def test_every_item_cites_its_section(game):
    for item in full_checklist(game)["items"]:
        assert SECTION.search(item["rule"]), item
        assert "_" not in item["text"], item  # plain words, never keys


def test_three_card_poker_without_optional_wagers():
    items = checklist("three_card_poker", base_terms("three_card_poker"))
    assert keys(items) == [
        "inscription.name_or_logo", "area.ante_play_pair_plus", "inscription.dealer_qualifies",
        "equipment.drop_and_tip_box", "equipment.discard_rack",
        "odds.ante", "odds.play", "odds.pair_plus"]
    by_key = {i["key"]: i for i in items}
    assert by_key["area.ante_play_pair_plus"]["rule"] == "§649a.2(b)(2)"
    assert "Dealer Plays with Queen High or Better" in by_key["inscription.dealer_qualifies"][
        "text"]
    assert by_key["inscription.dealer_qualifies"]["rule"] == "§649a.2(b)(6)"
    assert by_key["equipment.drop_and_tip_box"]["rule"] == "§649a.2(e)"
    assert by_key["equipment.discard_rack"]["rule"] == "§649a.2(f)"


@pytest.mark.parametrize("wager, area, rule", [
    ("three_card_progressive", "area.progressive", "§649a.2(b)(3)"),
    ("five_card_progressive", "area.progressive", "§649a.2(b)(3)"),
    ("six_card_bonus", "area.six_card_bonus", "§649a.2(b)(4)"),
    ("five_card_hand_bonus_player", "equipment.electronic_wagering_system",
     "§649a.2(b)(5), §649a.2(d)"),
])
def test_three_card_poker_optional_wager_adds_its_area(wager, area, rule):
    terms = base_terms("three_card_poker")
    without = keys(checklist("three_card_poker", terms))
    terms["wagers"][wager] = "X"
    items = {i["key"]: i for i in checklist("three_card_poker", terms)}
    assert area not in without
    assert items[area]["rule"] == rule
    assert items[f"odds.{wager}"]["inscribed"] == {wager: "X"}


def test_progressive_wagers_need_a_progressive_system_with_a_lockout():
    terms = base_terms("three_card_poker")
    terms["wagers"]["five_card_progressive"] = "M"
    item = next(i for i in checklist("three_card_poker", terms)
                if i["key"] == "equipment.progressive_system")
    assert item["needs"] == PROGRESSIVE_SYSTEM
    assert "lock-out" in item["text"]
    assert item["rule"].startswith("§649a.2(c)(1)-(2)")


def test_five_card_hand_bonus_needs_an_electronic_wagering_system_at_each_position():
    terms = base_terms("texas_holdem_bonus")
    terms["wagers"]["five_card_hand_bonus_player"] = "X"
    needs = {i["key"]: i["needs"] for i in checklist("texas_holdem_bonus", terms)}
    assert needs["equipment.electronic_wagering_system"] == ELECTRONIC_WAGERING_SYSTEM
    assert needs["equipment.progressive_system"] == PROGRESSIVE_SYSTEM  # §647a.2(d): §605a.7


@pytest.mark.parametrize("game, wager", [(g, w) for g, w in optional_wagers()],
                         ids=lambda v: getattr(v, "key", v))
def test_each_optional_wager_adds_items_only_when_offered(game, wager):
    without = keys(checklist(game, base_terms(game)))
    with_it = keys(checklist(game, terms_offering(game, wager)))
    added = set(with_it) - set(without)
    assert f"odds.{wager.key}" in added
    assert added - {f"odds.{wager.key}"}, f"{wager.name} has no area or equipment of its own"


def test_the_ante_bonus_paytable_is_inscribed_with_the_odds():
    terms = base_terms("three_card_poker", ante_bonus="A")
    item = next(i for i in checklist("three_card_poker", terms) if i["key"] == "odds.ante_bonus")
    assert item["inscribed"] == {"ante_bonus": "A"}
    assert item["rule"] == "§649a.2(b)(6)"


def test_holdem_ante_rule_is_inscribed_as_selected():
    terms = base_terms("texas_holdem_bonus", ante_pays_on="flush_or_better")
    item = next(i for i in checklist("texas_holdem_bonus", terms)
                if i["key"] == "inscription.ante_rule")
    assert item["inscribed"] == {"ante_pays_on": "flush_or_better"}
    assert item["rule"] == "§647a.2(b)(9)(i)"
    community = next(i for i in checklist("texas_holdem_bonus", terms)
                     if i["key"] == "cards.community")
    assert community["rule"] == "§647a.2(b)(3)"


@pytest.mark.parametrize("game, rule", [("texas_holdem_bonus", "§647a.2(b)(9)(ii)"),
                                        ("pai_gow_poker", "§645a.2(b)(11)"),
                                        ("let_it_ride", "§643a.2 (text not held; confirm "
                                                        "with the Board); §643a.12(g)")])
def test_payout_limit_inscription_only_where_a_limit_is_set(game, rule):
    terms = base_terms(game)
    assert "inscription.payout_limit" not in keys(checklist(game, terms))
    terms["payout_limit"] = "75000.00"
    item = next(i for i in checklist(game, terms) if i["key"] == "inscription.payout_limit")
    assert item["inscribed"] == {"payout_limit": "75000.00"}
    assert item["rule"] == rule


def test_ez_pai_gow_inscribes_the_queens_dragon_push():
    plain = keys(checklist("pai_gow_poker", base_terms("pai_gow_poker", ez_pai_gow=False)))
    ez = {i["key"]: i for i in checklist("pai_gow_poker",
                                         base_terms("pai_gow_poker", ez_pai_gow=True))}
    assert "inscription.queens_dragon_push" not in plain
    assert ez["inscription.queens_dragon_push"]["rule"] == "§645a.2(b)(9)(ii)"
    assert "push" in ez["inscription.queens_dragon_push"]["text"]


def test_pai_gow_needs_a_shaker_rng_or_flat_button_and_its_card_areas():
    items = {i["key"]: i for i in checklist("pai_gow_poker", base_terms("pai_gow_poker"))}
    assert items["equipment.starting_position"]["rule"] == "§645a.2(c)(1)-(3)"
    assert items["cards.player_hands"]["rule"] == "§645a.2(b)(3)"
    assert items["cards.dealer_hands"]["rule"] == "§645a.2(b)(4)"


def test_royal_9_prints_each_positions_king_9_combination():
    terms = base_terms("baccarat", variant="minibaccarat",
                       royal_9_combinations=["Kh9h", "Ks9s"])
    terms["wagers"]["royal_9_progressive"] = "X"
    item = next(i for i in checklist("baccarat", terms)
                if i["key"] == "inscription.royal_9_combinations")
    assert item["inscribed"] == {"royal_9_combinations": ["Kh9h", "Ks9s"]}
    assert item["rule"] == "§627b.3(e)(5), §629b.3(e)(5)"


@pytest.mark.parametrize("game, elided", [("let_it_ride", "§643a.2"),
                                          ("baccarat", "§631a.2"),
                                          ("craps", "§623a.2"),
                                          ("roulette", "§617a.1")])
def test_a_chapter_whose_section_we_do_not_hold_says_so_in_plain_words(game, elided):
    note = full_checklist(game)["note"]
    assert elided in note.split(" (", 1)[0]
    assert "is not part of the published text we hold" in note \
        or "are not part of the published text we hold" in note
    assert note.endswith("confirm the layout requirements with the Board.")


# What a Board analyst or a floor manager should never read: our sources' jargon, file names,
# module paths, keys or Python's None.
DEVELOPER_WORDS = re.compile(r"facts\.md|excerpt|NOT KNOWN|elided|games\.[a-z_]+|\bNone\b|"
                             r"\b[a-z0-9]+_[a-z0-9_]+\b")


@pytest.mark.parametrize("game", games.GAMES)
def test_the_published_checklist_is_in_plain_words(game):
    published = full_checklist(game)
    shown = [published["note"], published["rule"], published["name"]]
    shown += [text for i in published["items"] for text in (i["kind"], i["text"], i["rule"])]
    assert [t for t in shown if DEVELOPER_WORDS.search(t)] == []


@pytest.mark.parametrize("game", ["three_card_poker", "texas_holdem_bonus", "pai_gow_poker"])
def test_chapters_we_hold_have_no_note(game):
    assert full_checklist(game)["note"] == ""


def test_a_changed_paytable_or_an_added_wager_are_the_changes():
    before = base_terms("three_card_poker", ante_bonus="A")
    before["wagers"]["pair_plus"] = "D"
    after = {**before, "wagers": {**before["wagers"], "pair_plus": "C",
                                  "six_card_bonus": "posted_1"}}
    changed = keys(changed_items(checklist("three_card_poker", before),
                                 checklist("three_card_poker", after)))
    assert sorted(changed) == ["area.six_card_bonus", "odds.pair_plus", "odds.six_card_bonus"]


def test_same_inscriptions_mean_no_change():
    terms = base_terms("three_card_poker", ante_bonus="A", dealing_procedure="hand")
    other = {**terms, "options": {**terms["options"], "dealing_procedure": "manual_shoe"}}
    assert changed_items(checklist("three_card_poker", terms),
                         checklist("three_card_poker", other)) == []


def test_a_withdrawn_wager_is_a_change_too():
    before = base_terms("three_card_poker")
    before["wagers"]["six_card_bonus"] = "posted_1"
    changed = keys(changed_items(checklist("three_card_poker", before),
                                 checklist("three_card_poker", base_terms("three_card_poker"))))
    assert sorted(changed) == ["area.six_card_bonus", "odds.six_card_bonus"]


def test_an_unknown_game_is_refused_by_name():
    with pytest.raises(games.InvalidRound) as exc:
        checklist("blackjack", {})
    assert "game" in exc.value.errors


@pytest.mark.parametrize("game", games.GAMES)
def test_the_published_checklist_holds_every_item_a_submission_can_call_for(game):
    published = {i["key"] for i in full_checklist(game)["items"]}
    everything = base_terms(game)
    spec = games.spec(game)
    everything["wagers"] = {w.key: "X" for w in spec.wagers}
    everything["options"] = {o.key: (o.choices[0] if o.choices else True) for o in spec.options}
    everything["payout_limit"] = "50000.00"
    assert set(keys(checklist(game, everything))) <= published
