"""The audit log's hash chains, one per property and one for events of no property: every
event linked to the one before in its chain; a change, a removal or a cut-off end is found by
``manage.py audit_verify`` and the beat job, chain by chain, and shown on the dashboards."""

import re
import threading
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, connections
from django.urls import reverse

from casino import audit_chain
from casino.audit import audit_record
from casino.models import AuditChainCheck, AuditEvent
from casino.tasks import audit_verify
from tests.casino.audit_owner import owner_sql
from tests.ci import in_ci
from tests.workers import running_worker, worker_env

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture
def events(keystone, compliance_officer):
    """Five events of Keystone's chain, as the database linked them (PostgreSQL links at
    COMMIT: inside the test's transaction ``link_pending`` does it now)."""
    made = [audit_record(actor=compliance_officer, action="casino.property.inspect",
                         target=keystone, before={"n": i}, after={"n": i + 1, "odds": 1e30})
            for i in range(5)]
    audit_chain.link_pending()
    for event in made:
        event.refresh_from_db()
    return made


def _chain(key):
    return list(AuditEvent.objects.filter(chain=key).order_by("seq")
                .values_list("seq", "prev_hash", "hash"))


def _check_of(prop):
    return AuditChainCheck.objects.filter(chain=prop.pk).order_by("-id").first()


@pytest.mark.django_db
def test_each_event_links_to_the_one_before_in_its_propertys_chain(events, keystone):
    assert {e.chain for e in events} == {keystone.pk}
    for key in set(AuditEvent.objects.values_list("chain", flat=True)):
        chain = _chain(key)
        assert [seq for seq, _, _ in chain] == list(range(1, len(chain) + 1))
        assert chain[0][1] == audit_chain.GENESIS
        for (_, _, previous), (_, prev_hash, _) in zip(chain, chain[1:], strict=False):
            assert prev_hash == previous
        assert len({h for _, _, h in chain}) == len(chain)
    # Keystone's chain is its own: it starts with the property's creation, and the five
    # follow one another.
    first = AuditEvent.objects.get(chain=keystone.pk, seq=1)
    assert first.action == "casino.property.create"
    assert [e.seq for e in events] == list(range(events[0].seq, events[0].seq + 5))


@pytest.mark.django_db
def test_an_intact_chain_verifies_and_the_check_is_kept(events, keystone, capsys):
    call_command("audit_verify")
    assert "intact" in capsys.readouterr().out
    checks = list(AuditChainCheck.objects.exclude(chain=None).order_by("-id")[:2])
    assert {c.chain for c in checks} == {keystone.pk, audit_chain.NO_PROPERTY}
    for check in checks:
        assert check.ok and check.problems == []
        assert check.last_seq == _chain(check.chain)[-1][0]
    call_command("audit_verify", "--full")
    full = AuditChainCheck.objects.exclude(chain=None).order_by("-id")[:2]
    assert sum(c.events_checked for c in full) == AuditEvent.objects.count()


@pytest.mark.django_db
def test_events_cannot_be_bulk_created_around_the_chain(keystone):
    with pytest.raises(Exception, match="one at a time"):
        AuditEvent.objects.bulk_create([AuditEvent(action="casino.x.y")])


@pytest.mark.django_db(transaction=True)
def test_a_changed_event_breaks_the_chain_and_alerts_the_dashboards(
        events, keystone, client_for, auditor, floorperson):
    changed = events[2]
    owner_sql(("UPDATE casino_auditevent SET after = %s WHERE id = %s",
                ['{"n": 99}', changed.pk]))
    with pytest.raises(CommandError, match="BROKEN"):
        call_command("audit_verify")
    check = _check_of(keystone)
    assert not check.ok
    assert f"Event {changed.seq} was changed after it was recorded." in check.problems
    assert AuditChainCheck.objects.filter(chain=audit_chain.NO_PROPERTY).order_by("-id")[0].ok
    page = client_for(auditor).get(reverse("dashboard")).text
    assert "Audit trail tampering detected" in page
    assert f"{keystone}" in page and f"Event {changed.seq} was changed" in page
    assert "tampering" not in client_for(floorperson).get(reverse("dashboard")).text


@pytest.mark.django_db(transaction=True)
def test_a_removed_event_is_a_missing_link(events, keystone):
    removed = events[1]
    owner_sql(("DELETE FROM casino_auditevent WHERE id = %s", [removed.pk]))
    result = audit_verify()
    assert result["ok"] is False
    assert result["problems"] == [f"{keystone}: Events {removed.seq} to {removed.seq} are "
                                  "missing."]


@pytest.mark.django_db(transaction=True)
def test_events_cut_off_the_end_are_noticed_against_the_last_check(events, keystone):
    assert audit_verify()["ok"] is True
    last = AuditEvent.objects.filter(chain=keystone.pk).order_by("-seq").first()
    owner_sql(("DELETE FROM casino_auditevent WHERE id = %s", [last.pk]))
    result = audit_verify()
    assert result["ok"] is False
    assert any(p.startswith(f"{keystone}: Events after {last.seq - 1} are missing")
               for p in result["problems"])
    # The next run still says so: it starts from the last good checkpoint, not the bad one.
    assert any(f"Events after {last.seq - 1} are missing" in p
               for p in audit_verify()["problems"])


@pytest.mark.django_db
def test_the_beat_schedule_runs_the_check(settings):
    tasks = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    assert "casino.tasks.audit_verify" in tasks


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_the_check_and_the_alert_follows(events, keystone, tmp_path,
                                                           client_for, auditor):
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("a worker process cannot reach the SQLite test database")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    if db["PASSWORD"]:
        url = url.replace("@", f":{db['PASSWORD']}@", 1)
    owner_sql(("UPDATE casino_auditevent SET action = %s WHERE id = %s",
                ["casino.property.renamed", events[0].pk]))
    with running_worker(worker_env(DATABASE_URL=url, DATABASE_MIGRATE_URL=None),
                        tmp_path / "worker.log"):
        result = audit_verify.delay().get(timeout=60)
    assert result["ok"] is False
    assert f"{keystone}: Event {events[0].seq} was changed after it was recorded." in \
        result["problems"]
    assert "Audit trail tampering detected" in client_for(auditor).get(reverse("dashboard")).text


@pytest.mark.django_db(transaction=True)
def test_events_written_at_the_same_time_from_many_threads_make_one_chain(keystone):
    if connection.vendor != "postgresql":
        if in_ci():
            pytest.fail("CI must run this on PostgreSQL (DATABASE_URL)")
        pytest.skip("SQLite serialises writers; the lock under test is PostgreSQL's")
    start = threading.Barrier(4)
    errors = []

    def write(n):
        try:
            start.wait()
            for i in range(5):
                audit_record(actor=None, action="casino.property.inspect", target=keystone,
                             after={"thread": n, "i": i})
        except Exception as exc:  # reported below, in the test's own thread
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    result = audit_verify()
    assert (result["ok"], result["problems"]) == (True, [])
    # The property's creation and the 20 events of the four threads, 1 to 21 with no gap.
    assert [seq for seq, _, _ in _chain(keystone.pk)] == list(range(1, 22))


def _documented_example() -> str:
    """The ``audit_verify`` example of the README or of a guide in docs/."""
    for path in [README, *sorted((README.parent / "docs").glob("**/*.md"))]:
        found = re.search(r"```text\n\$ python manage.py audit_verify\n(.*?)\n```",
                          path.read_text(), re.S)
        if found:
            return found.group(1)
    raise AssertionError("no audit_verify example in the README or docs/")


@pytest.mark.django_db
def test_the_documented_audit_verify_example_is_what_the_command_prints(events, capsys):
    call_command("audit_verify")
    printed = capsys.readouterr().out.strip()
    assert re.sub(r"\d[\d,]*", "N", printed) == re.sub(r"\d[\d,]*", "N", _documented_example())
