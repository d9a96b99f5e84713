"""Migration casino.0005 moves the events of the one global chain to a chain per property, in
the old chain's order, and they still verify; a problem in the old chain is not laundered by
the move: the first check of each new chain carries it."""

import datetime as dt
import json

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from casino import audit_chain
from casino.migrations._chain_v1 import GENESIS, digest, event_fields
from casino.models import AuditChainCheck, AuditEvent, CheckKind, Property
from tests.casino.audit_owner import owner_sql

pytestmark = pytest.mark.django_db(transaction=True)


def _old_chain(rows, *, tamper: int | None = None):
    """Write ``rows`` as the old global chain, inserted in this (id) order: (property, text,
    old seq), each linked in seq order as casino.0004 linked; with ``tamper``, that seq's
    event is changed after it was linked."""
    start = timezone.now() - dt.timedelta(days=30)
    when = {seq: start + dt.timedelta(minutes=n) for n, (_, _, seq) in enumerate(rows)}
    links, prev = {}, GENESIS
    for prop, text, seq in sorted(rows, key=lambda r: r[2]):
        fields = event_fields(seq=seq, created_at=when[seq], actor_id=None, actor_repr="system",
                              property_id=prop.pk if prop else None, action="casino.legacy.note",
                              target_type="", target_id="", target_repr="",
                              before=None, after={"text": text})
        links[seq] = (prev, digest(fields, prev))
        prev = links[seq][1]
    jsonb = "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s"
    owner_sql(*[(
        "INSERT INTO casino_auditevent (created_at, actor_repr, property_id, action, target_id, "
        f"target_repr, after, seq, prev_hash, hash) VALUES (%s, 'system', %s, "
        f"'casino.legacy.note', '', '', {jsonb}, %s, %s, %s)",
        [when[seq], prop.pk if prop else None,
         json.dumps({"text": text + (" (changed)" if seq == tamper else "")}), seq, *links[seq]])
        for prop, text, seq in rows])


@pytest.fixture
def at_0004():
    """The database as casino.0004 left it (and the migrations of other apps that depend on a
    later one taken back), emptied of events; every app back to its latest after."""
    owner_sql(("DELETE FROM casino_auditevent", []), ("DELETE FROM casino_auditchaincheck", []))
    call_command("migrate", "casino", "0004", verbosity=0)
    try:
        yield
    finally:  # every app: going back to casino.0004 also took back what depends on it
        call_command("migrate", verbosity=0)


def _chain(prop):
    return list(AuditEvent.objects.filter(chain=prop.pk if prop else 0).order_by("seq")
                .values_list("seq", "after"))


def test_the_old_chain_moves_to_a_chain_per_property_in_its_order(at_0004):
    keystone = Property.objects.create(name="Keystone Downs Casino", license_number="PA-TG-1")
    lakeside = Property.objects.create(name="Lakeside Gaming Hall", license_number="PA-TG-2")
    # Ids in this order; the old chain's order (seq) is not the ids': "k2" was linked first.
    _old_chain([(keystone, "k1", 2), (keystone, "k2", 1), (lakeside, "l1", 3),
                (None, "u1", 4), (keystone, "k3", 5), (lakeside, "l2", 6)])
    call_command("migrate", "casino", verbosity=0)
    assert _chain(keystone) == [(1, {"text": "k2"}), (2, {"text": "k1"}), (3, {"text": "k3"})]
    assert _chain(lakeside) == [(1, {"text": "l1"}), (2, {"text": "l2"})]
    assert _chain(None) == [(1, {"text": "u1"})]
    relinked = {c.chain: c for c in AuditChainCheck.objects.filter(kind=CheckKind.RELINK)}
    assert {k: (c.ok, c.events_checked, c.last_seq) for k, c in relinked.items()} == {
        keystone.pk: (True, 3, 3), lakeside.pk: (True, 2, 2), 0: (True, 1, 1)}
    for key in (keystone.pk, lakeside.pk, 0):
        assert audit_chain.verify_chain(key, full=True).ok
    assert all(c.ok for c in audit_chain.run_check())  # the hourly run starts from them


def test_a_problem_of_the_old_chain_is_kept_by_the_move(at_0004):
    keystone = Property.objects.create(name="Keystone Downs Casino", license_number="PA-TG-1")
    _old_chain([(keystone, "k1", 1), (keystone, "k2", 2), (None, "u1", 3)], tamper=2)
    call_command("migrate", "casino", verbosity=0)
    relinked = AuditChainCheck.objects.get(kind=CheckKind.RELINK, chain=keystone.pk)
    assert not relinked.ok
    assert relinked.problems == ["Before the chains were split by property (migration "
                                 "casino.0005): Event 2 of the old chain was changed after "
                                 "it was recorded."]
    assert [c.chain_name for c in audit_chain.broken_chains()] == [str(keystone),
                                                                   audit_chain.NO_PROPERTY_NAME]
