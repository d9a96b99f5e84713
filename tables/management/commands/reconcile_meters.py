"""``manage.py reconcile_meters``: check the progressive meters against their ledgers as the
five-minute beat job does (from each meter's last checkpoint); ``--full`` checks each from its
first ledger row (or the base of removed history), checks the ledger before the checkpoint
still adds up, and takes a checkpoint that no longer verifies again (§605a.7)."""

import time

from django.core.management.base import BaseCommand, CommandError

from tables.meters.models import Meter
from tables.meters.reconciliation import meters_reconcile


class Command(BaseCommand):
    help = ("Reconcile every progressive meter with its ledger (--full: from its first row); "
            "a mismatch opens an alert on the dashboards. Exits with status 1 when a meter "
            "does not add up.")

    def add_arguments(self, parser):
        parser.add_argument("--full", action="store_true",
                            help="check every ledger row and wager event, not only those since "
                                 "the last checkpoint")
        parser.add_argument("--meter", type=int, action="append", default=[],
                            help="only this meter (its number on the meter page); repeatable")

    def handle(self, *args, full=False, meter=(), **options):
        meters = Meter.objects.filter(pk__in=meter) if meter else Meter.objects.all()
        count = meters.count()
        if meter and count != len(set(meter)):
            raise CommandError("No such meter: " + ", ".join(
                str(m) for m in sorted(set(meter) - set(meters.values_list("pk", flat=True)))))
        started = time.perf_counter()
        alerts = meters_reconcile(full=full, meters=meters)
        took = time.perf_counter() - started
        for alert in alerts:
            self.stderr.write(f"{alert.meter}:")
            for problem in alert.problems:
                self.stderr.write(f"  {problem}")
        how = "in full" if full else "from their checkpoints"
        if alerts:
            raise CommandError(f"{len(alerts)} of {count:,} meters do not add up (checked {how} "
                               f"in {took:.1f}s).")
        self.stdout.write(f"{count:,} meters reconciled {how} in {took:.1f}s: every meter "
                          f"matches its ledger.")
