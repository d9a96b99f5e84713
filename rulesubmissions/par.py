"""Par sheets of a Rules Submission: which wager and paytable pairs it selects, the cache of
computed sheets (one per paytable and options), the computation of one line (run by the Celery
task) and the state the tab shows (issue "Par sheets"). The figures come from the engine
(``games.par``); queueing the job is ``rulesubmissions.par_jobs``, above the task, so this
module never imports the task that imports it."""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from datetime import timedelta

from django.utils import timezone

from games.baccarat.table import PAYTABLE_KEY
from games.craps import BONUS_CRAPS
from games.par import VERSION, ParError, par_sheet
from games.paytables import Catalog, using
from rulesubmissions.models import ParSheet, ParSheetStatus, RulesSubmission
from rulesubmissions.selectors import catalog_for

log = logging.getLogger(__name__)
PENDING = (ParSheetStatus.QUEUED, ParSheetStatus.RUNNING)
STALE_AFTER = timedelta(minutes=30)  # a job no worker finished: asked for again
# Wagers each game's par sheet covers, and the base wager whose line carries the base game.
COVERED = {
    "three_card_poker": {"ante", "pair_plus", "six_card_bonus", "three_card_progressive",
                         "five_card_progressive", "five_of_six_progressive",
                         "five_card_hand_bonus_player", "five_card_hand_bonus_dealer"},
    "let_it_ride": {"bet_3", "five_card_bonus", "three_card_bonus", "three_card_progressive",
                    "five_card_progressive", "five_card_hand_bonus"},
    "texas_holdem_bonus": {"ante", "bonus", "progressive", "five_card_hand_bonus_player",
                           "five_card_hand_bonus_dealer"},
    "pai_gow_poker": {"pai_gow", "fortune_bonus", "emperors_treasure", "insurance",
                      "progressive", "queens_dragon", "dynasty_bonus", "protection", "red_black"},
    "baccarat": {"player", "banker", "tie", "player_pair", "banker_pair", "lucky_six",
                 "perfect_pairs_player", "perfect_pairs_banker", "fortune_7", "golden_8",
                 "heavenly_9", "blazing_7s", "cover_all", "lucky_nines",
                 "heavenly_9_progressive", "royal_9_progressive"},
    "craps": {"all_small", "all_tall", "make_em_all", "hot_roller", "lucky_shooter"},
    "roulette": {"b2b", "blazing_7s"},
}
# Wagers a par line of another wager already covers (the base game's decisions).
INCLUDED = {"three_card_poker": {"play"}, "let_it_ride": {"bet_1", "bet_2"},
            "texas_holdem_bonus": {"flop", "turn", "river"}}
# Wagers whose meter is kept under another key (one Five Card Hand Bonus meter a table).
METER_OF = {"five_card_hand_bonus_player": "five_card_hand_bonus",
            "five_card_hand_bonus_dealer": "five_card_hand_bonus"}
# Options of the submission that change a game's figures, by par sheet option.
GAME_OPTIONS = {"baccarat": ("decks", "commission_free", "variant"),
                "pai_gow_poker": ("house_way", "ez_pai_gow", "red_black_joker"),
                "texas_holdem_bonus": ("ante_pays_on",), "roulette": ("wheel",)}


@dataclass(frozen=True)
class ParRequest:
    """One line of a submission's par sheet: a wager at a paytable, with options."""

    wager: str
    paytable: str | None
    options: dict


def _chosen(submission: RulesSubmission, key: str) -> str | None:
    return (submission.wagers or {}).get(key) or (submission.options or {}).get(key) or None


def par_requests(submission: RulesSubmission) -> tuple[list[ParRequest], list[str]]:
    """The par lines a submission's terms call for, and the offered wagers no par sheet
    covers yet."""
    game, options = submission.game, submission.options or {}
    base = {k: str(options[k]).lower() if isinstance(options[k], bool) else str(options[k])
            for k in GAME_OPTIONS.get(game, ()) if options.get(k) not in (None, "")}
    requests, uncovered = [], []
    for key in submission.wagers or {}:
        if key in INCLUDED.get(game, ()):
            continue
        if key not in COVERED.get(game, set()):
            uncovered.append(key)
            continue
        opts = dict(base)
        meters = submission.meters or {}
        meter = (meters.get(key) or meters.get(METER_OF.get(key, key)) or {}).get("initial")
        if meter:
            opts["meter"] = str(meter)
        if game == "baccarat" and key != "heavenly_9_progressive":
            opts.pop("meter", None)
        if key == "royal_9_progressive":
            opts.update(_royal_9_options(options, meters))
        if game == "three_card_poker" and key == "ante":
            requests.append(ParRequest("ante", options.get("ante_bonus") or "none", opts))
        elif game == "let_it_ride" and key == "bet_3":
            requests.append(ParRequest("bet_1", _chosen(submission, "bet_3"), opts))
        elif key in PAYTABLE_KEY:  # one paytable option for several wagers
            requests.append(ParRequest(key, options.get(PAYTABLE_KEY[key]) or _chosen(
                submission, key), opts))
        elif game == "craps" and key in BONUS_CRAPS:  # one paytable for the three wagers
            requests.append(ParRequest(key, options.get("bonus_craps"), opts))
        else:
            requests.append(ParRequest(key, _chosen(submission, key), opts))
    if game == "roulette":
        requests += [ParRequest(k, None, base) for k in ("straight_up", "even_money")]
    return requests, uncovered


def _royal_9_options(options: dict, meters: dict) -> dict:
    """The Royal 9 par line's options from the terms: the three meters' initial amounts and
    each position's King-9 combination, position 1's first (the position the line values)."""
    out = {}
    for option, meter in (("meter", "royal_9_mega_jackpot"), ("major", "royal_9_major_jackpot"),
                          ("minor", "royal_9_minor_jackpot")):
        if (meters.get(meter) or {}).get("initial"):
            out[option] = str(meters[meter]["initial"])
    combos = options.get("royal_9_combinations")
    if isinstance(combos, list):
        combos = {str(i): c for i, c in enumerate(combos, start=1)}
    if isinstance(combos, dict) and combos:
        ordered = sorted(combos.items(), key=lambda kv: int(kv[0]) if str(kv[0]).isdecimal()
                         else 0)
        out["combinations"] = ",".join(" ".join(c) if isinstance(c, list) else str(c)
                                       for _, c in ordered)
    return out


def _key(game: str, request: ParRequest, cat: Catalog) -> str:
    """Same engine version, game, wager, options and paytable rows: the same figures, whatever
    the ids."""
    rows = [p.as_dict()["rows"] for p in cat
            if p.game == game and request.paytable in (p.id, p.name)]
    text = json.dumps([VERSION, game, request.wager, request.paytable, rows, request.options],
                      sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def keyed_lines(submission: RulesSubmission) -> list[tuple[ParRequest, str]]:
    """Each par line of the submission with its cache key."""
    cat = catalog_for(submission.property)
    requests, _ = par_requests(submission)
    return [(r, _key(submission.game, r, cat)) for r in requests]


def par_sheet_compute(*, sheet_id: int, property_id: int | None) -> None:
    """Compute one queued par line in the worker, saving its progress as it goes."""
    from casino.models import Property

    sheet = ParSheet.objects.get(pk=sheet_id)
    if sheet.status == ParSheetStatus.DONE:
        return
    ParSheet.objects.filter(pk=sheet_id).update(status=ParSheetStatus.RUNNING, progress=0)
    saved = [0.0]

    def progress(fraction: float) -> None:
        if fraction - saved[0] >= 0.05:
            saved[0] = fraction
            ParSheet.objects.filter(pk=sheet_id).update(progress=min(fraction, 0.99))

    prop = Property.objects.filter(pk=property_id).first() if property_id else None
    try:
        with using(catalog_for(prop)):
            result = par_sheet(sheet.game, wager=sheet.wager, paytable=sheet.paytable or None,
                               options=sheet.options, progress=progress)
    except ParError as e:
        _failed(sheet_id, "; ".join(" ".join(m) for m in e.errors.values()))
        return
    except Exception:
        # The page must not show a bar that never ends: the line fails and can be asked again.
        log.exception("par sheet %s failed", sheet_id)
        _failed(sheet_id, "an internal error stopped the computation; ask again or tell IT")
        raise
    ParSheet.objects.filter(pk=sheet_id).update(
        status=ParSheetStatus.DONE, progress=1, result=result, finished_at=timezone.now())


def _failed(sheet_id: int, error: str) -> None:
    ParSheet.objects.filter(pk=sheet_id).update(status=ParSheetStatus.FAILED, error=error,
                                                finished_at=timezone.now())


def par_sheet_state(submission: RulesSubmission) -> dict:
    """What the Par sheet tab shows: each line's cached sheet (or None), the uncovered wagers,
    and the job's progress while any line is pending."""
    _, uncovered = par_requests(submission)
    pairs = keyed_lines(submission)
    found = {s.key: s for s in ParSheet.objects.filter(key__in=[k for _, k in pairs])}
    lines = [(r, found.get(k)) for r, k in pairs]
    sheets = [s for _, s in lines if s is not None]
    pending = [s for s in sheets if s.status in PENDING]
    missing = [r for r, s in lines if s is None or s.status == ParSheetStatus.FAILED]
    progress = sum(1.0 if s.status == ParSheetStatus.DONE else s.progress for s in sheets)
    return {
        "lines": lines, "uncovered": uncovered, "pending": bool(pending),
        "missing": bool(missing),
        "progress": round(100 * progress / len(lines)) if lines else 100,
    }
