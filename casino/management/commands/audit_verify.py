"""``manage.py audit_verify``: check every audit chain (one per property, one for events that
belong to no property) from its last checkpoint, as the hourly beat job does; ``--full`` checks
each from its start (or from where archived events left off), showing its progress. Each run
also compares the records with their events and each chain with its last anchor outside the
database, and signs every intact chain's head (issue 28); the first difference is named in the
error (exit status 1)."""

from django.core.management.base import BaseCommand, CommandError

from casino import audit_chain


class Command(BaseCommand):
    help = ("Check the audit log's hash chains, one per property and one for events of no "
            "property, from the last checkpoint (--full: from the start); each result is kept "
            "and shown on the dashboards; also compares the records (slips, ledger rows, meters, "
            "readings, approved versions and layouts) with their audit events and each chain "
            "with its last signed anchor, then anchors every intact chain's head. Exits with "
            "status 1 naming the first difference.")

    def add_arguments(self, parser):
        parser.add_argument("--full", action="store_true",
                            help="check every event of every chain, not only those since the "
                                 "last checkpoint (progress on stderr)")

    def handle(self, *args, full=False, **options):
        progress = self._progress if full else None
        checks = audit_chain.run_check(full=full, progress=progress)
        names = audit_chain.chain_names([c.chain for c in checks])
        since = "checked" if full else "checked since the last checkpoint"
        for check in checks:
            state = "intact" if check.ok else "BROKEN"
            last = f"last {check.last_seq:,}" if check.last_seq else "no events yet"
            self.stdout.write(f"{names[check.chain]}: {state}, {check.events_checked:,} "
                              f"events {since}, {last}.")
            for problem in check.problems:
                self.stderr.write(f"  {problem}")
        broken = [c for c in checks if not c.ok]
        total = sum(c.events_checked for c in checks)
        if broken:
            first = broken[0]
            raise CommandError(f"Audit trail BROKEN: {names[first.chain]}: {first.problems[0]} "
                               f"({len(broken)} of {len(checks)} chains, "
                               f"{sum(len(c.problems) for c in broken)} problem(s)).")
        self.stdout.write(f"Audit trail chains intact: {len(checks)} chains, {total:,} events "
                          f"{since}.")

    def _progress(self, result, seq):
        """One line per chunk: where the check is in the chain, out of its head."""
        head = audit_chain.head(result.chain)
        last = head[0] if head else seq
        share = 100 * seq // last if last else 100
        self.stderr.write(f"{result.name}: event {seq:,} of {last:,} ({share}%), "
                          f"{result.events_checked:,} checked")
