"""``manage.py history_status``: each table that grows with history, its rows and size, its
oldest row, how long the plan keeps it and whether something is due (an archive, or a removal
job that has not run). ``--json`` for a monitoring system; exits with status 1 when something
is due, so a scheduler can alert on it (casino/history_status.py)."""

import json

from django.core.management.base import BaseCommand

from casino.formats import moment, number
from casino.history_status import history_status

HEADINGS = ("What", "Rows", "On disk", "Oldest", "Kept", "State")


def _size(size: int | None) -> str:
    if size is None:
        return "—"
    for unit, scale in (("GB", 1024 ** 3), ("MB", 1024 ** 2), ("kB", 1024)):
        if size >= scale:
            return f"{size / scale:,.1f} {unit}"
    return f"{size:,} B"


class Command(BaseCommand):
    help = ("How big each history table is, its oldest row, how long it is kept and whether an "
            "archive or a removal is due. Exits with status 1 when something is due.")

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true", dest="as_json",
                            help="a JSON list, one object per table")

    def handle(self, *args, as_json: bool = False, **options):
        found = history_status()
        if as_json:
            self._json(found)
        else:
            self._table(found)
        if any(s.due for s in found):
            raise SystemExit(1)

    def _json(self, found) -> None:
        self.stdout.write(json.dumps([{
            "name": s.name, "table": s.table, "rows": s.rows, "rows_estimated": s.rows_estimated,
            "size_bytes": s.size_bytes,
            "oldest": s.oldest.isoformat() if s.oldest else None, "kept": s.kept,
            "state": s.state, "due": s.due} for s in found], indent=2))

    def _table(self, found) -> None:
        rows = [HEADINGS] + [(s.name, ("about " if s.rows_estimated else "") + number(s.rows),
                              _size(s.size_bytes), moment(s.oldest) or "—", s.kept, s.state)
                             for s in found]
        widths = [max(len(r[i]) for r in rows) for i in range(len(HEADINGS) - 1)]
        for *cells, state in rows:
            self.stdout.write("  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True))
                              + "  " + state)
