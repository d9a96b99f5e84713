"""A seat's settlement lines: each wager the position placed, settled by the module that
implements its rule, with the section in every line."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal

from games.baccarat import side_wagers, wagers
from games.baccarat.progressives import HEAVENLY_9, ROYAL_9_METERS, heavenly_9_hand, royal_9_hand
from games.baccarat.request import MAIN
from games.baccarat.rules import Coup
from games.baccarat.table import PAYTABLE_KEY, Table
from games.baccarat.variants import Variant
from games.paytables import Paytable
from games.progressive import RoundMeter, pay_row
from games.settlement import Line, SeatResult, lose

HEAVENLY_9_RULE = {
    "three_card_tie_all_cards_same_suit": "§631b.2(g)(1)",
    "three_card_tie_all_cards_same_color": "§631b.2(g)(2)",
    "three_card_tie": "§631b.2(g)(3)", "banker_three_card_9": "§631b.2(g)(4)",
    "player_three_card_9": "§631b.2(g)(5)",
}
ROYAL_9_RULE = {
    "personal_king_9_v_personal_king_9": "(e)(6)", "personal_king_9_on_banker_hand": "(e)(7)",
    "personal_king_9_on_player_hand": "(e)(8)", "mega_envy": "(e)(9)",
    "suited_royal_9_tie_hand": "(e)(4)", "royal_9_tie_hand": "(e)(3)",
    "any_suited_royal_9": "(e)(2)", "any_royal_9": "(e)(1)",
}


def royal_9_section(variant_section: str, denomination: str, paragraph: int) -> str:
    """The Royal 9 subsection for the denomination: (f) for $5, (g) for $1 (§627b.3)."""
    return f"{variant_section}({'f' if denomination == '5' else 'g'})({paragraph})"


class Settler:
    """Lines for one seat's wagers, in ``order`` (the game's list of wagers)."""

    def __init__(self, table: Table, coup: Coup, *, order: Sequence[str],
                 paytables: Mapping[str, Paytable | None],
                 combinations: Mapping[int, frozenset[int]],
                 meters: Mapping[str, RoundMeter]) -> None:
        self.table, self.coup, self.variant, self.order = table, coup, table.variant, order
        self.paytables, self.combinations, self.meters = paytables, combinations, meters
        five = paytables.get("five_treasures")
        self.five_treasures = side_wagers.five_treasures_hands(coup, five) if five else {}
        self._same: dict[tuple[str, Decimal], Line] = {}

    def seat(self, seat: int, placed: Mapping[str, Decimal]) -> SeatResult:
        lines = [self.line(w, placed[w], seat) for w in self.order if w in placed]
        return SeatResult(seat, self.coup.describe(), tuple(lines))

    def line(self, wager: str, amount: Decimal, seat: int) -> Line:
        """Every seat sees the same round: a wager of the same amount settles the same, except
        Royal 9 (personal combinations) and meter awards (the meter moves)."""
        key = (wager, amount)
        if key in self._same:
            return self._same[key]
        line = self._line(wager, amount, seat)
        if wager != "royal_9_progressive" and line.meter is None:
            self._same[key] = line
        return line

    def _line(self, wager: str, amount: Decimal, seat: int) -> Line:
        coup, variant, cf = self.coup, self.variant, self.table.commission_free
        if wager in MAIN:
            settle_main: Callable[[Decimal, Coup, Variant, bool], Line] = getattr(
                wagers, f"settle_{wager}")
            return settle_main(amount, coup, variant, cf)
        if wager in ("player_pair", "banker_pair"):
            cards = coup.player if wager == "player_pair" else coup.banker
            return wagers.settle_pair(wager, amount, cards[:2], variant)
        if wager == "lucky_six":
            return wagers.settle_lucky_six(amount, coup, variant)
        if wager.startswith("perfect_pairs_"):
            cards = coup.player if wager.endswith("player") else coup.banker
            hand = side_wagers.perfect_pairs_hand(cards)
            pp = variant.perfect_pairs
            return self.paid(wager, amount, hand, f"{pp}(d)(1), (e)", f"{pp}(d)(2)")
        if wager == "lucky_nines":
            hand = side_wagers.lucky_nines_hand(coup.first_four)
            return self.paid(wager, amount, hand, "§631b.4(d)(2), (e)", "§631b.4(d)(1)")
        if wager in self.five_treasures:
            hand = self.five_treasures[wager]
            win = f"{side_wagers.FIVE_TREASURES_RULE[wager]}, §631b.3(h)"
            return self.paid(wager, amount, hand, win, "§631b.3(g)")
        if wager == HEAVENLY_9:
            hand = heavenly_9_hand(coup)
            win = f"{HEAVENLY_9_RULE[hand]}, (i)" if hand else ""
            return self.paid(wager, amount, hand, win, "§631b.2(h)", self.meters[HEAVENLY_9])
        return self.royal_9(amount, seat)

    def royal_9(self, amount: Decimal, seat: int) -> Line:
        hand = royal_9_hand(self.coup, seat, self.combinations)
        table, section = self.paytables["royal_9_progressive"], self.variant.royal_9
        assert table is not None and section is not None  # the request was refused otherwise
        denomination = table.name
        win = (f"{section}{ROYAL_9_RULE[hand]}, {royal_9_section(section, denomination, 1)}"
               if hand else "")
        meter = self.meters.get(ROYAL_9_METERS.get(hand or "", ""))
        return self.paid("royal_9_progressive", amount, hand, win, f"{self.variant.royal_9}(b)",
                         meter)

    def paid(self, wager: str, amount: Decimal, hand: str | None, win: str, loss: str,
             meter: RoundMeter | None = None) -> Line:
        """The wager at its paytable's row for ``hand`` (None: it loses); a meter row is paid
        from the meter, not the table inventory."""
        paytable = self.paytables[PAYTABLE_KEY.get(wager, wager)]
        row = None
        if hand:
            assert paytable is not None  # a hand is found only by the wager's paytable
            row = paytable.row(hand)
        if row is None:
            return lose(wager, amount, loss)
        return pay_row(wager, amount, row, win, meter, hand=hand)
