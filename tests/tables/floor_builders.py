"""Builders for the floor and layout tests: approved Three Card Poker terms, artwork files by
their bytes, approved layouts and configured tables, all made through the services."""

import struct
import zlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from rulesubmissions import services as submissions
from rulesubmissions.engine import game_spec
from tables.floor import layouts
from tables.floor import services as floor
from tests.rulesubmissions.builders import terms_for


def png_bytes() -> bytes:
    """A real 1x1 PNG (signature, IHDR, IDAT, IEND)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data)))
    header = struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\xff\xff")) + chunk(b"IEND", b""))


JPEG = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xff\xd9"
PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


def upload(name: str = "felt.png", content: bytes | None = None) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, png_bytes() if content is None else content)


def tcp_terms(*offer: str, pair_plus: str = "D") -> dict:
    """Three Card Poker: Ante, Play and Pair Plus (paytable ``pair_plus``), Ante Bonus A, and
    each wager in ``offer``; table limits $5-$1,000."""
    terms = terms_for(game_spec("three_card_poker"), offer=list(offer))
    terms["wagers"]["pair_plus"] = pair_plus
    terms["options"]["ante_bonus"] = "A"
    return terms


def approve(property, terms, author, reviewer, effective_date=None):
    """A Rules Submission drafted, submitted and approved through the services."""
    draft = submissions.submission_create(actor=author, property=property, terms=terms)
    submissions.submission_transition(actor=author, submission=draft, to="submitted")
    return submissions.submission_transition(
        actor=reviewer, submission=draft, to="approved",
        effective_date=effective_date or timezone.localdate())


def new_version(property, game, author, reviewer, effective_date=None, **changes):
    """The next approved version of ``game``: the latest terms with ``changes`` applied."""
    draft = submissions.submission_new_version(actor=author, property=property, game=game)
    terms = draft.terms()
    for key, value in changes.items():
        terms[key] = value
    submissions.submission_update(actor=author, submission=draft, terms=terms)
    submissions.submission_transition(actor=author, submission=draft, to="submitted")
    return submissions.submission_transition(
        actor=reviewer, submission=draft, to="approved",
        effective_date=effective_date or timezone.localdate())


def prepared_layout(property, game, manager, name="Felt 2026", content=None):
    """A layout with every checklist item ticked, not yet submitted."""
    layout = layouts.layout_create(actor=manager, property=property, name=name, game=game,
                                   artwork=upload(content=content))
    keys = [i["key"] for i in layouts.checklist_for(layout.submission)]
    return layouts.layout_update(actor=manager, layout=layout, checked=keys)


def approved_layout(property, game, manager, reviewer, name="Felt 2026"):
    layout = prepared_layout(property, game, manager, name)
    layouts.layout_transition(actor=manager, layout=layout, to="submitted")
    return layouts.layout_transition(actor=reviewer, layout=layout, to="approved")


@pytest.fixture(autouse=True)
def media_root(settings, tmp_path):
    """Artwork goes to a fresh directory per test (Django's default storage)."""
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def tcp(keystone, table_games_manager, compliance_officer):
    """Approved Three Card Poker terms in force at Keystone (no progressive)."""
    return approve(keystone, tcp_terms(), table_games_manager, compliance_officer)


@pytest.fixture
def tcp_layout(keystone, tcp, table_games_manager, compliance_officer):
    return approved_layout(keystone, "three_card_poker", table_games_manager,
                           compliance_officer)


@pytest.fixture
def ready_table(keystone, tcp_layout, table_games_manager):
    """A closed Three Card Poker table with an approved layout: ready to open."""
    return floor.table_create(actor=table_games_manager, property=keystone, data={
        "label": "TCP-1", "pit": "Pit 1", "game": "three_card_poker", "positions": 7,
        "layout": tcp_layout.pk})


@pytest.fixture
def open_table(ready_table, floor_manager):
    return floor.table_open(actor=floor_manager, table=ready_table)
