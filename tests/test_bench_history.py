"""The history benchmark's loader makes a history that adds up: every meter reconciles with
its loaded ledger and wager events, hits come with their paid slips, and the loaded audit log
is one intact chain (PostgreSQL: the loader clones rows server-side and COPYs the log)."""

import pytest
from django.db import connection

from benchmarks import history_load as history

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.skipif(connection.vendor != "postgresql",
                                 reason="the loader uses PostgreSQL's COPY and generate_series")]


def test_the_loaded_history_reconciles_and_its_audit_chain_is_intact(settings):
    from casino.tasks import audit_verify
    from tables.meters.models import Meter, MeterEntry, WagerEvent
    from tables.meters.reconciliation import meters_reconcile
    from tables.slips.models import JackpotSlip

    # 40 tables: 40,000 events are 500 contributions of 2 wagers a meter, one $500.00 hit each.
    world = history.build_world(events=40_000, audit=2_000)
    counts = history.load_events(world, 40_000)
    assert counts == {"events": 40_000, "contributions": 20_000, "hits": 40, "resets": 40,
                      "slips": 40}
    history.load_readings(world)
    history.load_audit(world, 2_000)
    assert meters_reconcile(full=True) == []
    meter = Meter.objects.get(pk=world.meters[5])
    # 1 live wager and 1,000 loaded ($5.00 each), 0.5% to the meter; the hit was reset.
    assert meter.wagers_counted == 1 + 1_000 and meter.amount == world.amounts[5] + 25
    assert meter.hits == world.before[5][1] + 1
    assert WagerEvent.objects.filter(applied_at__isnull=True).count() == 0
    assert JackpotSlip.objects.filter(meter=meter, award=history.PRIZE).count() == 1
    assert MeterEntry.objects.filter(meter=meter, kind="hit", paid=history.PRIZE).count() == 1
    assert audit_verify()["ok"]
    history.audit_hour(world, 50)
    assert audit_verify()["ok"]
    history.play(world, 80, "test")
    assert meters_reconcile() == []
