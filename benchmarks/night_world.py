"""The busy night's property and what it left behind, run in the install's own environment
(``python -m benchmarks.night_world build|check <in> <out>``): the benchmark's process talks to
the install only over HTTP and through these two commands, so the same code serves PostgreSQL
and the default install's SQLite file. (Not a ``bench_*`` module: the runner does not run it.)

``build``: a property with ``tables`` open Three Card Poker tables (every progressive meter
seeded), an API token per table game system, signed-in sessions for the floor managers,
floorpersons, tablets, compliance officers and the auditor, and one submitted Rules Submission
per other game for the compliance officers to review and approve.

``check``: once the worker has applied every wager event it holds (or ``drain_s`` passed),
what is lost: wager events accepted but not on a meter, slips answered as recorded, validated
or paid but not so in the database; and whether every meter reconciles with its ledger.
"""

from __future__ import annotations

import json
import sys
import time

WORK = {"floor_managers": 4, "tablets": 10, "compliance": 2}


def build(options: dict) -> dict:
    from django.utils import timezone
    from knox.models import AuthToken

    from benchmarks.bench_slips import signed_in
    from benchmarks.support import property_with_staff
    from tests.tables.slip_builders import approve, open_table, tcp_terms

    prop, person = property_with_staff("NIGHT-1", "night")
    tgm = person("tgm", "table_games_manager")
    officers = [person(f"co{i}", "compliance_officer") for i in range(WORK["compliance"])]
    fms = [person(f"fm{i}", "floor_manager") for i in range(WORK["floor_managers"])]
    terms = approve(prop, tcp_terms(), tgm, officers[0])
    tables = [open_table(prop, terms, f"T-{n:02d}", fms[0]) for n in range(options["tables"])]
    tokens = [AuthToken.objects.create(user=person(f"system{n}", "api_client"))[1]
              for n in range(len(tables))]

    def sessions(role: str, label: str, count: int) -> list[list[str]]:
        return [list(signed_in(person(f"{label}{i}", role))) for i in range(count)]

    return {
        "tables": [t.label for t in tables], "tokens": tokens,
        "floor_managers": [list(signed_in(u)) for u in fms],
        "floorpersons": sessions("floorperson", "fp", WORK["floor_managers"]),
        "tablets": sessions("floorperson", "tablet", WORK["tablets"]),
        "compliance": [list(signed_in(u)) for u in officers],
        "auditor": list(signed_in(person("auditor", "auditor"))),
        "drafts": _drafts(prop, tgm), "par_submission": terms.pk,
        "today": timezone.localdate().isoformat(),
    }


def _drafts(prop, author) -> list[int]:
    """One submitted Rules Submission per game but Three Card Poker (the tables' game: a new
    version of it would change what the floor plays mid-night), for compliance to approve."""
    import games
    from rulesubmissions import services as submissions
    from rulesubmissions.engine import game_spec
    from tests.rulesubmissions.builders import terms_for

    found = []
    for key in sorted(games.GAMES):
        if key == "three_card_poker":
            continue
        draft = submissions.submission_create(actor=author, property=prop,
                                              terms=terms_for(game_spec(key)))
        submissions.submission_transition(actor=author, submission=draft, to="submitted")
        found.append(draft.pk)
    return found


def check(seen: dict) -> dict:
    """What the night lost (see the module's doc)."""
    from tables.meters.models import WagerEvent
    from tables.meters.reconciliation import meters_reconcile
    from tables.slips.models import JackpotSlip, SlipStatus

    deadline = time.monotonic() + seen.get("drain_s", 120)
    while (WagerEvent.objects.filter(applied_at__isnull=True).exists()
           and time.monotonic() < deadline):
        time.sleep(0.5)
    accepted = seen["wagers"]
    applied = set()
    for start in range(0, len(accepted), 5000):
        applied.update(WagerEvent.objects.filter(event_id__in=accepted[start:start + 5000],
                                                 applied_at__isnull=False)
                       .values_list("event_id", flat=True))
    status = dict(JackpotSlip.objects.filter(pk__in=seen["recorded"])
                  .values_list("pk", "status"))
    done = {SlipStatus.VALIDATED, SlipStatus.PAID}
    lost = {
        "wagers": len(set(accepted) - applied),
        "recorded": sum(1 for pk in seen["recorded"] if pk not in status),
        "validated": sum(1 for pk in seen["validated"] if status.get(pk) not in done),
        "paid": sum(1 for pk in seen["paid"] if status.get(pk) != SlipStatus.PAID),
    }
    return {"lost": lost, "unapplied": WagerEvent.objects.filter(applied_at__isnull=True)
            .count(), "applied": len(applied), "meters_off": len(meters_reconcile(full=True))}


def main(argv: list[str]) -> int:
    import django
    django.setup()
    command, source, target = argv[1:4]
    with open(source) as given_file:
        given = json.load(given_file)
    answer = build(given) if command == "build" else check(given)
    with open(target, "w") as out:
        json.dump(answer, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
