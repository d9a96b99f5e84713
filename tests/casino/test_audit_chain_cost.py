"""What an audited write costs (issue 23): at most two queries an event however many a
transaction writes (one on PostgreSQL, whose database links them at COMMIT; two on SQLite),
a chain lock per property taken last, at COMMIT, so two properties never wait for each other
and the chain lock is never half of a deadlock."""

import threading

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import DatabaseError, connection, connections, transaction
from django.test.utils import CaptureQueriesContext

from casino import audit_chain
from casino.audit import audit_record
from casino.models import AuditEvent, Property
from tests.ci import in_ci


def _per_event() -> int:
    return 1 if connection.vendor == "postgresql" else 2


def _postgresql_only():
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("SQLite has one writer at a time; the chain locks are PostgreSQL's")


@pytest.mark.django_db
@pytest.mark.parametrize("events", [1, 3, 10])
def test_an_event_costs_one_query_on_postgresql_and_two_on_sqlite(
        events, keystone, django_assert_num_queries):
    ContentType.objects.get_for_model(Property)  # cached for the process, as in a server
    with django_assert_num_queries(events * _per_event()):
        for i in range(events):
            audit_record(actor=None, action="casino.property.inspect", target=keystone,
                         after={"i": i})
    audit_chain.link_pending()
    seqs = list(AuditEvent.objects.filter(chain=keystone.pk, action="casino.property.inspect")
                .order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(2, 2 + events))  # after the property's creation, seq 1


@pytest.mark.django_db(transaction=True)
def test_a_transaction_links_all_its_events_at_commit(keystone, lakeside):
    """Five events at two properties in one transaction: five INSERTs and nothing else but
    the transaction's BEGIN and COMMIT; the COMMIT links each into its own chain."""
    _postgresql_only()
    ContentType.objects.get_for_model(Property)
    with CaptureQueriesContext(connection) as done, transaction.atomic():
        for prop in (keystone, lakeside, keystone, lakeside, keystone):
            audit_record(actor=None, action="casino.property.inspect", target=prop)
    statements = [q["sql"].split()[0] for q in done.captured_queries]
    assert statements == ["BEGIN", *["INSERT"] * 5, "COMMIT"]
    linked = {prop.pk: list(AuditEvent.objects.filter(chain=prop.pk).order_by("seq")
                            .values_list("seq", "action")) for prop in (keystone, lakeside)}
    inspect = "casino.property.inspect"
    assert linked[keystone.pk] == [(1, "casino.property.create"), (2, inspect), (3, inspect),
                                   (4, inspect)]
    assert linked[lakeside.pk] == [(1, "casino.property.create"), (2, inspect), (3, inspect)]
    assert audit_chain.verify_chain(keystone.pk, full=True).ok
    assert audit_chain.verify_chain(lakeside.pk, full=True).ok


class Writer(threading.Thread):
    """A transaction in its own connection that stops where the test says (``step``)."""

    def __init__(self, body):
        super().__init__(daemon=True)
        self.body, self.error = body, None
        self.ready, self.go = threading.Event(), threading.Event()

    def run(self):
        try:
            with transaction.atomic():
                self.body(self)
                self.ready.set()
                assert self.go.wait(30)
        except Exception as exc:  # reported by the test, in its own thread
            self.error = exc
            self.ready.set()
        finally:
            connections.close_all()

    def finish(self):
        self.go.set()
        self.join(30)
        assert self.error is None, self.error


def _lock_timeout(cursor, ms: int = 1500):
    cursor.execute(f"SET lock_timeout = '{ms}ms'")


@pytest.mark.django_db(transaction=True)
def test_an_open_transaction_holds_no_chain_lock_until_it_commits(keystone):
    """The chain lock is the last a transaction takes: another writer of the same property
    goes ahead of a transaction that has written its event but not committed."""
    _postgresql_only()
    first = Writer(lambda w: audit_record(actor=None, action="casino.property.inspect",
                                          target=keystone, after={"who": "first"}))
    first.start()
    assert first.ready.wait(30) and first.error is None
    try:
        with connection.cursor() as cursor:
            _lock_timeout(cursor)
        with transaction.atomic():
            audit_record(actor=None, action="casino.property.inspect", target=keystone,
                         after={"who": "second"})
    finally:
        first.finish()
    order = list(AuditEvent.objects.filter(chain=keystone.pk, action="casino.property.inspect")
                 .order_by("seq").values_list("seq", "after"))
    assert order == [(2, {"who": "second"}), (3, {"who": "first"})]  # in commit order
    assert audit_chain.verify_chain(keystone.pk, full=True).ok


@pytest.mark.django_db(transaction=True)
def test_two_properties_never_wait_for_each_other(keystone, lakeside):
    """While one transaction of Keystone holds Keystone's chain (it is committing), Lakeside
    writes and commits at once; a second Keystone writer waits for that commit."""
    _postgresql_only()

    def committing(w):
        audit_record(actor=None, action="casino.property.inspect", target=keystone)
        audit_chain.link_pending()  # where a COMMIT takes the lock

    holder = Writer(committing)
    holder.start()
    assert holder.ready.wait(30) and holder.error is None
    try:
        with connection.cursor() as cursor:
            _lock_timeout(cursor)
        with transaction.atomic():
            audit_record(actor=None, action="casino.property.inspect", target=lakeside)
        with pytest.raises(DatabaseError, match="lock timeout"), transaction.atomic():
            audit_record(actor=None, action="casino.property.inspect", target=keystone)
    finally:
        holder.finish()
    assert AuditEvent.objects.filter(chain=lakeside.pk, seq=2).exists()
    assert AuditEvent.objects.filter(chain=keystone.pk).count() == 2  # creation, the holder's


@pytest.mark.django_db(transaction=True)
def test_a_transaction_of_several_chains_locks_them_in_ascending_order(keystone, lakeside):
    """Written Lakeside, no property, Keystone: locked no property (0), Keystone, Lakeside. With
    Keystone's chain held elsewhere it waits holding only the chain below it, never Lakeside's,
    so two such transactions cannot each hold what the other waits for."""
    _postgresql_only()
    assert keystone.pk < lakeside.pk
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s, %s)",
                       [audit_chain.LOCK_NAMESPACE, keystone.pk])

    def writes(w):
        for target in (lakeside, None, keystone):
            audit_record(actor=None, action="casino.property.inspect", target=target)
        w.pid = connection.connection.info.backend_pid
        w.ready.set()
        audit_chain.link_pending()

    writer = Writer(writes)
    writer.start()
    try:
        assert writer.ready.wait(30)
        with connection.cursor() as cursor:
            for _ in range(100):
                cursor.execute("SELECT objid::int, granted FROM pg_locks WHERE pid = %s AND "
                               "locktype = 'advisory' AND classid = %s ORDER BY 1",
                               [writer.pid, audit_chain.LOCK_NAMESPACE])
                locks = cursor.fetchall()
                if (keystone.pk, False) in locks:
                    break
                threading.Event().wait(0.05)
        assert locks == [(0, True), (keystone.pk, False)]
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s, %s)",
                           [audit_chain.LOCK_NAMESPACE, keystone.pk])
        writer.finish()
    for key in (0, keystone.pk, lakeside.pk):
        assert audit_chain.verify_chain(key, full=True).ok


@pytest.mark.django_db
def test_an_insert_cannot_choose_its_place_in_the_chain(keystone):
    """On PostgreSQL the database gives each event its place; a forged seq or link is reset."""
    _postgresql_only()
    event = audit_record(actor=None, action="casino.property.inspect", target=keystone)
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO casino_auditevent (created_at, actor_repr, property_id, "
                       "action, target_id, target_repr, chain, seq, prev_hash, hash) "
                       "SELECT created_at, actor_repr, property_id, action, target_id, "
                       "target_repr, chain, 999, %s, hash FROM casino_auditevent WHERE id = %s",
                       ["f" * 64, event.pk])
    audit_chain.link_pending()
    seqs = list(AuditEvent.objects.filter(chain=keystone.pk).order_by("seq")
                .values_list("seq", flat=True))
    assert seqs == [1, 2, 3]
    with pytest.raises(DatabaseError, match="digest"), transaction.atomic(), \
            connection.cursor() as cursor:
        cursor.execute("INSERT INTO casino_auditevent (created_at, actor_repr, action, "
                       "target_id, target_repr, chain, prev_hash, hash) VALUES "
                       "(now(), 'x', 'casino.x.y', '', '', 0, '', 'not a digest')")
