"""``manage.py export_evidence --property LICENSE [--from DATE] [--to DATE] --out FILE``: one
signed file with a property's records of the period, their audit events, the anchors and the
public key, for the Board to check offline with ``tools/verify_evidence.py`` (issue 28;
casino/evidence_bundle.py, docs/auditor.md)."""

import datetime as dt
import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from casino import evidence_anchors, evidence_bundle
from casino.formats import how_many
from casino.models import Property


def _day(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"{text!r} is not a date (YYYY-MM-DD).") from None


class Command(BaseCommand):
    help = ("Write a property's evidence bundle: the records of the period (jackpot slips, "
            "meter ledger rows, meters, daily readings, approved Rules Submission versions, "
            "layout approvals), their audit events and the chain linking them to its anchors, "
            "the anchors and the public key, all signed (Ed25519). Check it with "
            "`python tools/verify_evidence.py FILE`.")

    def add_arguments(self, parser):
        parser.add_argument("--property", required=True, help="the property's license number")
        parser.add_argument("--from", dest="start", default="",
                            help="first day of the period, YYYY-MM-DD (default: the start)")
        parser.add_argument("--to", dest="end", default="",
                            help="last day of the period, YYYY-MM-DD (default: today)")
        parser.add_argument("--out", required=True, help="the file to write")

    def handle(self, *args, property, start, end, out, **options):
        prop = Property.objects.filter(license_number=property).first()
        if prop is None:
            raise CommandError(f"No property has the license number {property!r}.")
        first, last = (_day(start) if start else None), (_day(end) if end else None)
        if first and last and first > last:
            raise CommandError("--from is after --to.")
        try:
            bundle = evidence_bundle.build(prop, *evidence_bundle.period(first, last))
        except evidence_anchors.AnchorError as exc:
            raise CommandError(str(exc)) from None
        path = Path(out)
        part = path.with_name(path.name + ".part")
        try:
            part.write_bytes(bundle.data)
            os.replace(part, path)
        except OSError as exc:
            raise CommandError(f"Cannot write {out}: {exc.strerror}.") from None
        for problem in bundle.problems:
            self.stderr.write(f"Warning: {problem} (left out of the bundle)")
        span = (f"events {bundle.first_seq:,} to {bundle.last_seq:,}" if bundle.events
                else "no events")
        self.stdout.write(f"Wrote {out}: {prop.name}, {how_many(bundle.records, 'record')}, "
                          f"{span}, {how_many(bundle.anchors, 'anchor')}; signed by "
                          f"{bundle.fingerprint}.")
        self.stdout.write(f"Check it offline: python tools/verify_evidence.py {out}")
