"""``manage.py audit_archive --before YYYY-MM-DD --to FILE``: move audit events older than the
records-retention period (``RECORDS_RETENTION_YEARS``, §465a.6(c); a later cut is refused)
out of the hot table, as the owner, each chain checked first and left
with a verified checkpoint where the archive ends (casino/audit_archive.py). ``--check FILE``
checks an archive file on its own."""

import datetime as dt
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from casino import audit_archive, audit_chain, retention
from casino.db_roles import as_owner
from casino.models import AuditChainCheck, CheckKind


class Command(BaseCommand):
    help = ("Archive audit events recorded before a day into a JSON Lines file and remove them "
            "from the log, keeping a verified checkpoint per chain; or --check an archive.")

    def add_arguments(self, parser):
        parser.add_argument("--before", type=dt.date.fromisoformat,
                            help="archive events recorded before this day (YYYY-MM-DD)")
        parser.add_argument("--to", type=Path, help="the archive file (appended to)")
        parser.add_argument("--check", type=Path, help="check an archive file instead")
        parser.add_argument("--board-permission", default="", metavar="REFERENCE",
                            help="the Board's written permission to archive inside the "
                                 "records-retention period (§465a.6(b)(5)): its reference, "
                                 "recorded in the audit log")

    def handle(self, *args, before=None, to=None, check=None, board_permission="", **options):
        names = audit_chain.chain_names()
        if check is not None:
            return self._check(check, names)
        if before is None or to is None:
            raise CommandError("Give --before YYYY-MM-DD and --to FILE (or --check FILE).")
        refused = retention.inside_period(before, "audit events", permission=board_permission)
        if refused:
            raise CommandError(refused)
        start = timezone.make_aware(dt.datetime.combine(before, dt.time.min))
        with as_owner():
            try:
                checks = audit_archive.archive(start, to, board_permission)
            except audit_archive.ArchiveRefused as exc:
                raise CommandError(str(exc)) from None
        for kept in checks:
            self.stdout.write(f"{names.get(kept.chain, kept.chain)}: {kept.events_checked:,} "
                              f"events archived, events {kept.first_seq:,} to "
                              f"{kept.last_seq:,}; the chain goes on from {kept.last_hash}.")
        self.stdout.write(f"Archived {sum(c.events_checked for c in checks):,} events into {to}.")

    def _check(self, path: Path, names: dict):
        broken = False
        for key, (count, last, problems) in audit_archive.verify_file(path).items():
            anchored = AuditChainCheck.objects.filter(chain=key, kind=CheckKind.ARCHIVE,
                                                      last_hash=last).exists()
            if not anchored:
                problems = [*problems, "Its last event is no archive checkpoint of the log."]
            broken = broken or bool(problems)
            self.stdout.write(f"{names.get(key, key)}: {count:,} events, "
                              f"{'intact' if not problems else 'BROKEN'}.")
            for problem in problems:
                self.stderr.write(f"  {problem}")
        if broken:
            raise CommandError("Archive BROKEN.")
