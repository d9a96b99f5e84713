"""Thin Celery tasks for the meters: apply wager events, sweep, reconcile, daily readings.

Ledger work is ``acks_late`` with ``reject_on_worker_lost``: a message is acknowledged only
after its transaction committed, so a worker killed halfway leaves the message to be delivered
again, and the application is idempotent (events are marked applied in the same transaction).
"""

import logging

from celery import shared_task

log = logging.getLogger(__name__)

LEDGER = {"acks_late": True, "reject_on_worker_lost": True, "ignore_result": True}
SWEEP_AFTER_SECONDS = 5.0  # events older than this and still unapplied are swept


@shared_task(name="tables.apply_wagers", **LEDGER)
def apply_wagers(table_id: int) -> int:
    """Apply the table's (or its linked group's) accepted events to its meters."""
    from tables.meters.wagers import wagers_apply
    return wagers_apply(table_id=table_id)


@shared_task(name="tables.apply_wagers_of", **LEDGER)
def apply_wagers_of(table_ids: list[int]) -> int:
    """Apply the accepted events of several tables: one message for a wager post that named
    many (issue 23: a message costs the poster and the worker more than a table's batch)."""
    from tables.meters.wagers import wagers_apply
    return sum(wagers_apply(table_id=t) for t in table_ids)


@shared_task(name="tables.sweep_wagers", **LEDGER)
def sweep_wagers() -> int:
    """Beat: apply events left unapplied (a message lost while the broker was down)."""
    from tables.meters.wagers import unapplied_tables, wagers_apply
    return sum(wagers_apply(table_id=t) for t in unapplied_tables(SWEEP_AFTER_SECONDS))


@shared_task(name="tables.reconcile_meters", **LEDGER)
def reconcile_meters() -> int:
    """Beat: meters whose tables are all closed take the version in force; then every meter
    against its ledger, a mismatch being an alert (dashboard and audit)."""
    from tables.meters.reconciliation import meters_reconcile
    from tables.meters.services import meters_adopt_parameters
    meters_adopt_parameters()
    return len(meters_reconcile())


@shared_task(name="tables.take_meter_readings", **LEDGER)
def take_meter_readings() -> int:
    """Beat: each meter's reading for gaming days that have ended (idempotent)."""
    from tables.meters.reconciliation import readings_take
    return len(readings_take())


@shared_task(name="tables.remove_old_wager_events", **LEDGER)
def remove_old_wager_events() -> int:
    """Beat: wager events applied, reconciled and past the dispute window are removed, their
    count kept in the meters' base checkpoints (tables/meters/retention.py)."""
    from tables.meters.retention import wager_events_remove
    return sum(wager_events_remove().values())


def enqueue_apply(table_ids) -> None:
    """Ask the workers to apply the new events, in one message for all the tables a post
    named. The events are already stored: if the broker is down the sweep applies them once
    it is back, so a failure here is only logged."""
    ids = sorted(table_ids)
    if not ids:
        return
    try:
        if len(ids) == 1:
            apply_wagers.apply_async(args=ids, retry=False)
        else:
            apply_wagers_of.apply_async(args=[ids], retry=False)
    except Exception:  # noqa: BLE001 - any broker failure; the sweep covers it
        log.warning("broker unavailable: the wagers of tables %s wait for the sweep", ids)
