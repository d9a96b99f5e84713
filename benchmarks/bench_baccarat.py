"""Baccarat settlement (§631a, §631b), in rounds per second.

``baccarat_settle``: a full Baccarat table of fourteen positions, each with a Player or Banker
wager, Tie, Perfect Pairs on both hands, the five 5 Treasures wagers, Lucky Nines and Heavenly 9,
dealt by the engine from a random eight-deck shoe and settled through ``games.settle`` (request
validation and JSON-ready output included). The baseline, measured in the same run on the same
shoes, does the same job another way: one request per seat (benchmarks/baselines.py). Every
seat's net is also checked against a naive reference written here, untimed: it deals with the
third-card rules spelled out as if/elif on card text, classifies every wager directly and looks
each payout up in the catalog; the engine and the reference must agree, or the benchmark fails.

``baccarat_deal``: ``games.baccarat.rules.deal`` (table-driven) against the reference's dealer
alone, on the same shoes: two ways of dealing one coup, neither validating the shoe. Like with
like, and the result is a tie, not a win: both make the same few comparisons, and ours also
builds the ``Coup`` the settlement reads (a frozen dataclass) where the reference returns two
lists, so ours is about as fast (0.8x to 1.2x from run to run) and may print "worse". The
table exists so the third-card rules of §631a.11 are written once, beside their citation, not
for speed. Each is the best of seven passes taken in turn (``baselines.best_rates``): a single
pass of a few milliseconds on a shared machine once printed 0.10x (issue 32).
"""

from __future__ import annotations

import random
from decimal import Decimal

from benchmarks.baselines import best_rates, settle_figure
from games.baccarat.rules import deal
from games.cards import card_str
from games.paytables import catalog

ROUNDS = 300
SEED = 631
WAGER = Decimal("5.00")
METER = Decimal("10000.00")
OPTIONS = {"perfect_pairs": "A", "five_treasures": "B", "lucky_nines": "C",
           "fully_automated": True}
SIDE = ("tie", "perfect_pairs_player", "perfect_pairs_banker", "fortune_7", "golden_8",
        "heavenly_9", "blazing_7s", "cover_all", "lucky_nines", "heavenly_9_progressive")
VALUES = {"A": 1, "T": 0, "J": 0, "Q": 0, "K": 0, **{str(n): n for n in range(2, 10)}}


def _points(hand: list[str]) -> int:
    return sum(VALUES[c[0]] for c in hand) % 10


def naive_deal(shoe: list[str]) -> tuple[list[str], list[str]]:
    """The third-card rules of §631a.11, spelled out."""
    player, banker, rest = [shoe[0], shoe[2]], [shoe[1], shoe[3]], iter(shoe[4:])
    if _points(player) >= 8 or _points(banker) >= 8:
        return player, banker
    third = None
    if _points(player) <= 5:
        third = next(rest)
        player.append(third)
    b = _points(banker)
    if third is None:
        draws = b <= 5
    else:
        v = VALUES[third[0]]
        draws = (b <= 2 or (b == 3 and v != 8) or (b == 4 and 2 <= v <= 7)
                 or (b == 5 and 4 <= v <= 7) or (b == 6 and v in (6, 7)))
    if draws:
        banker.append(next(rest))
    return player, banker


def _to_1(wager: str, hand: str | None) -> Decimal | None:
    if hand is None:
        return None
    key = {"perfect_pairs_player": "perfect_pairs", "perfect_pairs_banker": "perfect_pairs",
           "lucky_nines": "lucky_nines", "heavenly_9_progressive": "heavenly_9_progressive"}
    paytable = catalog().resolve("baccarat", key.get(wager, "five_treasures"),
                                 OPTIONS.get(key.get(wager, "five_treasures"), "standard"))
    row = next((r for r in paytable.rows if r.hand == hand), None)
    if row is None:
        return None
    if row.basis == "meter_percent":
        return METER / WAGER - 1
    return row.value - 1 if row.basis == "for" else row.value


def _pair(cards: list[str]) -> str | None:
    a, b = cards[0], cards[1]
    if a[0] != b[0]:
        return None
    if a[1] == b[1]:
        return "perfect_pair"
    return "colored_pair" if (a[1] in "hd") == (b[1] in "hd") else "mixed_pair"


def _nines(four: list[str]) -> str | None:
    nines = [c for c in four if c[0] == "9"]
    one_suit = len({c[1] for c in nines}) == 1
    names = {4: "four_nines", 3: "three_nines", 2: "two_nines"}
    if len(nines) in (2, 3):
        return names[len(nines)] + ("_same_suit" if one_suit else "")
    if len(nines) == 1:
        return "one_nine_diamonds" if nines[0][1] == "d" else "one_nine"
    return names.get(len(nines))


def _hands(player: list[str], banker: list[str]) -> dict[str, str | None]:
    p, b = _points(player), _points(banker)
    p9, b9 = len(player) == 3 and p == 9, len(banker) == 3 and b == 9
    hands = {
        "perfect_pairs_player": _pair(player), "perfect_pairs_banker": _pair(banker),
        "lucky_nines": _nines(player[:2] + banker[:2]),
        "fortune_7": "fortune_7" if b > p and len(banker) == 3 and b == 7 else None,
        "golden_8": "golden_8" if p > b and len(player) == 3 and p == 8 else None,
        "heavenly_9": "heavenly_9_player_and_banker" if p9 and b9 else
        "heavenly_9_player_or_banker" if p9 or b9 else None,
        "blazing_7s": None if p != 7 or b != 7 else
        "three_card_blazing_7s" if len(player) == len(banker) == 3 else
        "two_card_blazing_7s" if len(player) == len(banker) == 2 else None,
    }
    hands["cover_all"] = "cover_all" if any(hands[w] for w in (
        "fortune_7", "golden_8", "heavenly_9", "blazing_7s")) else None
    cards = player + banker
    hands["heavenly_9_progressive"] = (
        None if not (p9 or b9) else "banker_three_card_9" if not p9 else
        "player_three_card_9" if not b9 else
        "three_card_tie_all_cards_same_suit" if len({c[1] for c in cards}) == 1 else
        "three_card_tie_all_cards_same_color" if len({c[1] in "hd" for c in cards}) == 1 else
        "three_card_tie")
    return hands


def naive_settle(shoe: list[str], seats: list[str]) -> list[Decimal]:
    player, banker = naive_deal(shoe)
    p, b = _points(player), _points(banker)
    hands = _hands(player, banker)
    nets = []
    for side in seats:
        main = Decimal(0) if p == b else (
            WAGER if side == "player" and p > b else
            WAGER * Decimal("0.95") if side == "banker" and b > p else -WAGER)
        odds = [_to_1(w, hands.get(w)) if w != "tie" else (Decimal(8) if p == b else None)
                for w in SIDE]
        nets.append(main + sum((WAGER * o if o is not None else -WAGER) for o in odds))
    return nets


def _rounds() -> list[tuple[list[str], list[str]]]:
    rng = random.Random(SEED)
    rounds = []
    for _ in range(ROUNDS):
        shoe = [card_str(c) for c in rng.sample(list(range(52)) * 8, 6)]
        rounds.append((shoe, [rng.choice(("player", "banker")) for _ in range(14)]))
    return rounds


def _payload(shoe: list[str], seats: list[str]) -> dict:
    return {
        "game": "baccarat", "options": OPTIONS, "shoe": shoe,
        "meters": {"heavenly_9_progressive": str(METER),
                   "heavenly_9_progressive_reset": str(METER)},
        "positions": [{"seat": i, "wagers": {side: str(WAGER), **dict.fromkeys(SIDE, str(WAGER))}}
                      for i, side in enumerate(seats, start=1)],
    }


def run() -> dict:
    rounds = _rounds()
    figure, results = settle_figure([_payload(shoe, seats) for shoe, seats in rounds])
    for result, (shoe, seats) in zip(results, rounds, strict=True):
        got, nets = [Decimal(p["net"]) for p in result["positions"]], naive_settle(shoe, seats)
        if got != nets:
            raise AssertionError(f"engine {got} != reference {nets} for {result['dealer']}")
    shoes = [random.Random(SEED + i).sample(list(range(52)) * 8, 6) for i in range(5000)]
    deal_ours, deal_base = best_rates((deal, shoes),
                                      (naive_deal, [[card_str(c) for c in s] for s in shoes]))
    print(f"# baccarat_deal: {deal_ours:,.0f} coups/s table-driven, {deal_base:,.0f} as "
          f"if/elif: the same work, about as fast (see the module's doc)")
    return {
        "baccarat_settle": figure,
        "baccarat_deal": {
            "value": deal_ours, "unit": "rounds/s",
            "baseline": "naive dealer (third-card rules as if/elif on card text), same shoes, "
                        "best of seven passes each",
            "baseline_value": deal_base, "ratio": deal_ours / deal_base,
        },
    }
