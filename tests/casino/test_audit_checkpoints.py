"""``audit_verify`` each hour from the last verified event (issue 24): a checkpoint per chain,
itself verifiable; a full verification on demand that shows its progress."""

import io

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from casino import audit_chain
from casino.audit import audit_record
from casino.audit_hash import BODY_FIELDS, body_of, link_hash
from casino.models import AuditChainCheck, AuditEvent, CheckKind
from tests.casino.audit_owner import owner_sql


def _write(prop, n, start=0):
    for i in range(start, start + n):
        audit_record(actor=None, action="casino.property.inspect", target=prop, after={"i": i})
    audit_chain.link_pending()


def _latest(prop):
    return AuditChainCheck.objects.filter(chain=prop.pk).order_by("-id").first()


def _head(prop) -> int:
    return audit_chain.head(prop.pk)[0]


@pytest.mark.django_db
def test_each_hourly_run_checks_only_what_came_after_its_checkpoint(keystone):
    _write(keystone, 4)
    audit_chain.run_check()
    first = _latest(keystone)
    assert (first.kind, first.ok, first.last_seq) == (CheckKind.HOURLY, True, _head(keystone))
    _write(keystone, 3, start=4)
    audit_chain.run_check()
    second = _latest(keystone)
    # The three new events, first_seq just after the checkpoint: 3 checked, not 8.
    assert (second.events_checked, second.first_seq, second.last_seq) == (
        3, first.last_seq + 1, first.last_seq + 3)
    assert second.prev_hash == first.hash  # the checks are a chain too
    audit_chain.run_check()
    third = _latest(keystone)
    assert (third.events_checked, third.first_seq, third.last_seq, third.last_hash) == (
        0, None, second.last_seq, second.last_hash)


@pytest.mark.django_db
def test_an_hourly_run_reads_as_much_for_a_long_chain_as_for_a_short_one(keystone, lakeside):
    """The same queries whatever is behind the checkpoint: 5 events or 60."""
    counts = []
    for prop, n in ((keystone, 5), (lakeside, 60)):
        _write(prop, n)
        audit_chain.run_check()
        _write(prop, 2, start=n)
        with CaptureQueriesContext(connection) as done:
            audit_chain.keep(audit_chain.verify_chain(prop.pk))
        counts.append(len(done))
        assert _latest(prop).events_checked == 2
    assert counts[0] == counts[1]


@pytest.mark.django_db(transaction=True)
def test_a_changed_checkpoint_is_found_and_the_run_does_not_trust_it(keystone):
    _write(keystone, 3)
    audit_chain.run_check()
    checkpoint = _latest(keystone)
    owner_sql(("UPDATE casino_auditchaincheck SET last_seq = last_seq + 5 WHERE id = %s",
               [checkpoint.pk]))
    checks = {c.chain: c for c in audit_chain.run_check()}
    when = audit_chain._when(checkpoint)
    assert f"The chain check of {when} was changed after it was kept." in \
        checks[keystone.pk].problems
    assert not checks[keystone.pk].ok and checks[audit_chain.NO_PROPERTY].ok


@pytest.mark.django_db(transaction=True)
def test_a_change_behind_the_checkpoint_is_left_to_the_full_check(keystone):
    """What the hourly run cannot see (an old event rewritten, its hash recomputed so its own
    link holds) the full check finds: the next event no longer links to it."""
    _write(keystone, 4)
    audit_chain.run_check()
    old = AuditEvent.objects.filter(chain=keystone.pk, seq=2).values(*BODY_FIELDS, "prev_hash",
                                                                     "pk").get()
    forged = link_hash(keystone.pk, 2, old["prev_hash"], body_of({**old, "after": {"i": 99}}))
    owner_sql(("UPDATE casino_auditevent SET after = %s, hash = %s WHERE id = %s",
               ['{"i": 99}', forged, old["pk"]]))
    assert all(c.ok for c in audit_chain.run_check())
    full = {c.chain: c for c in audit_chain.run_check(full=True)}[keystone.pk]
    assert (full.kind, full.ok) == (CheckKind.FULL, False)
    assert full.problems == ["Event 3 does not link to the event before it."]


@pytest.mark.django_db
def test_the_full_check_shows_its_progress(keystone, monkeypatch, capsys):
    monkeypatch.setattr(audit_chain, "CHUNK", 3)
    _write(keystone, 5)  # with the property's creation, events 1 to 6 of Keystone's chain
    err = io.StringIO()
    call_command("audit_verify", "--full", stderr=err)
    lines = [line for line in err.getvalue().splitlines() if line.startswith(str(keystone))]
    assert lines == [f"{keystone}: event 3 of 6 (50%), 3 checked",
                     f"{keystone}: event 6 of 6 (100%), 6 checked"]
    out = capsys.readouterr().out
    assert f"{keystone}: intact, 6 events checked, last 6." in out
    assert "Audit trail chains intact: 2 chains" in out
