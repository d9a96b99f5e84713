"""The wager feed's storage (tables/meters/wager_store.py): every column goes to PostgreSQL as
one array literal built in Python, so an id with any character but NUL, an amount and a time
with its offset must come back exactly as posted; events are taken in id order, once."""

import datetime as dt

import pytest
from django.utils import timezone

from tables.meters import wager_store
from tables.models import WagerEvent
from tests.tables import meter_builders as mb

pytestmark = pytest.mark.django_db
tcp_submission, tcp_table, tcp_meter = mb.tcp_submission, mb.tcp_table, mb.tcp_meter

ODD_IDS = ['plain-1', 'quote"in', 'back\\slash', 'comma,and{braces}', '  spaces  ', 'NULL',
           "apostrophe's", 'é-ünïcode-☃', '\\"both"\\', '']


def test_odd_ids_amounts_and_times_are_stored_exactly(keystone, tcp_table):
    placed = dt.datetime(2026, 11, 30, 21, 15, 4, 123456,
                         tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    rows = [(event_id, tcp_table.pk, 1 + n % 6, "five_card_progressive",
             mb.D("5.00") + n, placed) for n, event_id in enumerate(ODD_IDS)]
    inserted = wager_store.insert_events(keystone.pk, rows, timezone.now())
    assert inserted == set(ODD_IDS)
    stored = {e.event_id: e for e in WagerEvent.objects.filter(property=keystone)}
    assert set(stored) == set(ODD_IDS)
    for n, event_id in enumerate(ODD_IDS):
        e = stored[event_id]
        assert (e.seat, e.wager, e.amount) == (1 + n % 6, "five_card_progressive",
                                               mb.D("5.00") + n)
        assert e.placed_at == placed  # 02:15:04.123456 UTC, the same instant
        assert e.applied_at is None


def test_a_second_post_of_the_same_ids_inserts_nothing(keystone, tcp_table):
    rows = [(f"e-{n}", tcp_table.pk, 1, "five_card_progressive", mb.D("1.00"),
             timezone.now()) for n in range(3)]
    assert wager_store.insert_events(keystone.pk, rows, timezone.now()) == {"e-0", "e-1", "e-2"}
    again = rows[1:] + [("e-3", *rows[0][1:])]
    assert wager_store.insert_events(keystone.pk, again, timezone.now()) == {"e-3"}
    assert WagerEvent.objects.filter(property=keystone).count() == 4


def test_events_are_taken_in_id_order_and_only_once(keystone, tcp_table):
    rows = [(f"t-{n}", tcp_table.pk, 1, "five_card_progressive", mb.D("5.00"),
             timezone.now()) for n in range(7)]
    wager_store.insert_events(keystone.pk, rows, timezone.now())
    ids = list(WagerEvent.objects.filter(property=keystone).order_by("pk")
               .values_list("pk", flat=True))
    now = timezone.now()
    first = wager_store.take_unapplied([tcp_table.pk], 5, now)
    assert [e[0] for e in first] == ids[:5]
    assert first[0][1:] == (tcp_table.pk, 1, "five_card_progressive", mb.D("5.00"))
    rest = wager_store.take_unapplied([tcp_table.pk], 5, now)
    assert [e[0] for e in rest] == ids[5:]
    assert wager_store.take_unapplied([tcp_table.pk], 5, now) == []
    assert not WagerEvent.objects.filter(property=keystone, applied_at=None).exists()
