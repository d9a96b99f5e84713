"""The demo floor: ``load_demo`` gives Keystone an approved Three Card Poker layout and two
tables, TCP-1 open under version 1; a second load changes nothing."""

import pytest
from django.core.management import call_command

from casino.models import AuditEvent
from tables.floor import selectors as floor_selectors
from tables.models import Layout, Table
from tests.tables import floor_builders as fb

media_root = fb.media_root

pytestmark = pytest.mark.django_db


def test_the_demo_has_an_open_table_and_loads_idempotently():
    call_command("load_demo")
    first = (Table.objects.count(), Layout.objects.count(), AuditEvent.objects.count())
    call_command("load_demo")
    assert (Table.objects.count(), Layout.objects.count(),
            AuditEvent.objects.count()) == first
    layout = Layout.objects.get()
    assert (layout.status, layout.reviewed_by.username) == ("approved", "compliance")
    one, two = Table.objects.order_by("label")
    assert (one.label, one.status, one.submission.version) == ("TCP-1", "open", 1)
    assert two.status == "closed"
    assert [p["reason"] for p in floor_selectors.opening_problems(two)] == [
        "The Five-Card Progressive meter is not seeded."]
