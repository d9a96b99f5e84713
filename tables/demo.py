"""The demo floor (``manage.py load_demo``): an approved Three Card Poker layout and two tables,
one open, made through the services so every step is audited. Idempotent."""

import struct
import zlib

from django.core.files.uploadedfile import SimpleUploadedFile

from casino.models import Property
from rulesubmissions import selectors as submissions
from tables.floor import layouts
from tables.floor import selectors as floor_selectors
from tables.floor import services as floor
from tables.floor.models import Layout, Table
from tables.meters import selectors as meter_selectors
from tables.meters import services as meters

LAYOUT_NAME = "Three Card Poker felt (demo)"
# label -> (pit, progressive table game system, opened on load)
TABLES = {"TCP-1": ("Pit 1", "PTS-1001", True), "TCP-2": ("Pit 1", "PTS-1002", False)}


def felt_png(width: int = 240, height: int = 120) -> bytes:
    """A plain green felt as a real PNG: stands in for the artwork a manager uploads."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    row = b"\x00" + b"\x0b\x5e\x3a" * width
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b""))


def _layout(prop: Property, manager, reviewer) -> Layout | None:
    existing = Layout.objects.filter(property=prop, name=LAYOUT_NAME).first()
    if existing is not None:
        return existing
    if submissions.latest_approved(property=prop, game="three_card_poker") is None:
        return None
    layout = layouts.layout_create(actor=manager, property=prop, name=LAYOUT_NAME,
                                   game="three_card_poker",
                                   artwork=SimpleUploadedFile("felt.png", felt_png()))
    keys = [i["key"] for i in layouts.checklist_for(layout.submission)]
    layout = layouts.layout_update(actor=manager, layout=layout, checked=keys)
    layouts.layout_transition(actor=manager, layout=layout, to="submitted")
    return layouts.layout_transition(actor=reviewer, layout=layout, to="approved")


def load_floor_demo(prop: Property, manager, reviewer, floor_manager) -> None:
    """The layout and tables that are missing; the first table opens with its meters seeded."""
    layout = _layout(prop, manager, reviewer)
    if layout is None:
        return
    for label, (pit, system, opened) in TABLES.items():
        if Table.objects.filter(property=prop, label=label).exists():
            continue
        table = floor.table_create(actor=manager, property=prop, data={
            "label": label, "pit": pit, "game": "three_card_poker", "positions": 7,
            "progressive_system": system, "progressive_lockout": True, "layout": layout.pk})
        if opened:
            for key in meter_selectors.needed_meter_keys(floor_selectors.terms_for(table)):
                meters.meter_seed(table=table, key=key, actor=floor_manager)
            floor.table_open(actor=floor_manager, table=table)
