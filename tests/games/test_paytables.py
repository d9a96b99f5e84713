"""The active catalog: ``using`` sets it for a block only, and the engine reads it everywhere."""

import threading
from decimal import Decimal

import pytest

from games.baccarat import SPEC as BACCARAT
from games.paytables import builtin_catalog, catalog, parse_paytable, using
from games.three_card_poker import SPEC as THREE_CARD_POKER

ANTE_BONUS_Z = parse_paytable({
    "id": "three_card_poker.ante_bonus.Z", "game": "three_card_poker", "wager": "ante_bonus",
    "name": "Z", "citation": "§649a.12(b)", "source": "secondary", "source_note": "test only",
    "rows": [{"hand": "straight_flush", "odds": "10"}, {"hand": "straight", "odds": "1"}],
})
EXTENDED = builtin_catalog().with_paytables([ANTE_BONUS_Z])


def test_without_using_the_catalog_is_the_built_in_one():
    assert catalog() is builtin_catalog()
    assert catalog().get(ANTE_BONUS_Z.id) is None


def test_using_sets_the_catalog_for_the_block_and_restores_it_after():
    with using(EXTENDED) as active:
        assert active is EXTENDED and catalog() is EXTENDED
        with using(builtin_catalog()):
            assert catalog().get(ANTE_BONUS_Z.id) is None
        assert catalog() is EXTENDED
    assert catalog() is builtin_catalog()


def test_using_restores_the_catalog_when_the_block_raises():
    with pytest.raises(ZeroDivisionError), using(EXTENDED):
        1 / 0  # noqa: B018
    assert catalog() is builtin_catalog()


def test_another_thread_does_not_see_the_block_s_catalog():
    seen = []
    with using(EXTENDED):
        thread = threading.Thread(target=lambda: seen.append(catalog()))
        thread.start()
        thread.join()
    assert seen == [builtin_catalog()]


def test_option_choices_and_max_round_win_read_the_active_catalog():
    assert "Z" not in THREE_CARD_POKER.option("ante_bonus").choices
    with using(EXTENDED):
        assert "Z" in THREE_CARD_POKER.option("ante_bonus").choices
        # $5: Ante and Play 1 to 1 ($10) + Ante Bonus Z straight flush 10 to 1 ($50) = $60.
        assert THREE_CARD_POKER.max_round_win({"ante": ""}, {"ante_bonus": "Z"},
                                              Decimal("5")) == Decimal("60")
    assert BACCARAT.option("perfect_pairs").choices == ("A", "B", "C")
