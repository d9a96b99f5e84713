from django.core.management.base import BaseCommand, CommandError

from casino.audit_chain import run_check


class Command(BaseCommand):
    help = ("Check the audit log's hash chain from the first event to the last; the result is "
            "kept and shown on the dashboards. Exits with status 1 when a link is broken.")

    def handle(self, *args, **options):
        check = run_check()
        if not check.ok:
            for problem in check.problems:
                self.stderr.write(problem)
            raise CommandError(f"Audit trail chain BROKEN ({len(check.problems)} problem(s)).")
        self.stdout.write(f"Audit trail chain intact: {check.events_checked} events, "
                          f"last {check.last_seq or 0}.")
