"""``manage.py archive_meter_ledger --before YYYY-MM-DD --to FILE``: move the meter ledger rows
older than the records-retention period out of the hot table, as the owner, every meter
reconciled in full first and its base checkpoint taking in what goes (tables/meters/
ledger_archive.py; docs/operator.md, "Archiving the ledger, slips and readings"). ``--dry-run``
says what would go and changes nothing; ``--verify FILE`` checks an archive file again."""

import datetime as dt
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from casino.db_roles import as_owner
from tables.meters import ledger_archive
from tables.meters.ledger_archive import Archive, ArchiveRefused


def _day(value):
    return f"{timezone.localtime(value):%Y-%m-%d}" if value else ""


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


class Command(BaseCommand):
    help = ("Archive the progressive meter ledger rows recorded before a day (outside the "
            "records-retention period) into a new JSON Lines file and remove them, their totals "
            "kept in each meter's base checkpoint; --dry-run to see what would go; --verify "
            "FILE to check an archive.")

    def add_arguments(self, parser):
        parser.add_argument("--before", type=dt.date.fromisoformat,
                            help="archive rows recorded before this day (YYYY-MM-DD)")
        parser.add_argument("--to", type=Path, help="the archive file (a new file)")
        parser.add_argument("--dry-run", action="store_true",
                            help="say what would be archived; write and delete nothing")
        parser.add_argument("--verify", type=Path, help="check an archive file instead")
        parser.add_argument("--board-permission", default="", metavar="REFERENCE",
                            help="the Board's written permission to archive inside the "
                                 "records-retention period (§465a.6(b)(5)): its reference, "
                                 "recorded in the audit log")

    def handle(self, *args, before=None, to=None, dry_run=False, verify=None,
               board_permission="", **options):
        if verify is not None:
            return self._verify(verify)
        if before is None or (to is None and not dry_run):
            raise CommandError("Give --before YYYY-MM-DD and --to FILE (or --dry-run, or "
                               "--verify FILE).")
        with as_owner():
            try:
                archive = (ledger_archive.plan(before, permission=board_permission) if dry_run
                           else ledger_archive.run(before, to, board_permission))
            except ArchiveRefused as exc:
                raise CommandError(str(exc)) from None
        self._report(archive, dry_run)

    def _report(self, archive: Archive, dry_run: bool):
        verb = "would be archived" if dry_run else "archived"
        if dry_run:
            self.stdout.write("Dry run: nothing was written, changed or deleted.")
        for p in archive.plans:
            if p.going or p.kept:
                kept = (f"; {_count(len(p.kept), 'row')} kept (a Must-Hit-By trigger, an "
                        f"adjustment or an unpaid slip points to them)" if p.kept else "")
                self.stdout.write(f"{p.meter.property}, {p.meter}: {_count(p.going, 'row')} "
                                  f"{verb} (recorded {_day(p.oldest)} to {_day(p.newest)}){kept}.")
        when = f"recorded before {archive.before:%Y-%m-%d}"
        if not archive.going:
            self.stdout.write(f"Nothing to archive: no ledger row {when} is left to go; no "
                              f"file was written.")
            return
        meters = _count(sum(1 for p in archive.plans if p.going), "meter")
        if dry_run:
            self.stdout.write(f"{_count(archive.going, 'row')} of {meters} {when} would be "
                              f"archived; {archive.kept:,} kept.")
            return
        self.stdout.write(f"{_count(archive.rows, 'row')} of {meters} {when} written to "
                          f"{archive.path} and {archive.deleted:,} deleted; {archive.kept:,} "
                          f"kept. Each meter's base checkpoint holds their totals.")
        self.stdout.write(f"SHA-256 {archive.sha256}  {archive.path.name}")

    def _verify(self, path: Path):
        if not path.is_file():
            raise CommandError(f"{path} is no file.")
        checked = ledger_archive.verify_file(path)
        self.stdout.write(f"{path}: {_count(checked.rows, 'row')}, SHA-256 {checked.sha256}.")
        for event in checked.recorded:
            self.stdout.write(f"  Archived on {_day(event.created_at)} ({event.property}: "
                              f"{_count(event.after.get('rows', 0), 'row')}).")
        for problem in checked.problems:
            self.stderr.write(f"  {problem}")
        if checked.problems:
            raise CommandError("Archive BROKEN.")
        self.stdout.write("Intact: every row adds up and the audit log records this file.")
