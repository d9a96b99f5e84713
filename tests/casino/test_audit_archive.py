"""Archiving old audit events does not look like a broken chain (issue 24): each chain is
checked first, written to a file that can be checked on its own, and left with a verified
checkpoint where the archived head left off; the full check starts there."""

import io

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from casino import audit_archive, audit_chain, retention
from casino.audit import audit_record
from casino.db_roles import as_owner
from casino.models import AuditChainCheck, AuditEvent, CheckKind
from tests.casino.audit_owner import owner_sql

pytestmark = pytest.mark.django_db(transaction=True)


def _write(prop, n):
    return [audit_record(actor=None, action="casino.property.inspect", target=prop,
                         after={"i": i}) for i in range(n)]


def _seqs(prop):
    return list(AuditEvent.objects.filter(chain=prop.pk).order_by("seq")
                .values_list("seq", flat=True))


def test_archived_events_leave_a_checkpoint_the_chain_goes_on_from(keystone, tmp_path):
    _write(keystone, 4)  # with the property's creation: events 1 to 5
    boundary = timezone.now()
    _write(keystone, 2)  # 6 and 7 stay
    path = tmp_path / "audit-archive.jsonl"
    with as_owner():
        checks = {c.chain: c for c in audit_archive.archive(boundary, path)}
    archived = checks[keystone.pk]
    assert (archived.kind, archived.ok, archived.first_seq, archived.last_seq,
            archived.events_checked) == (CheckKind.ARCHIVE, True, 1, 5, 5)
    assert _seqs(keystone) == [6, 7, 8]  # 8: the archive's own event
    full = {c.chain: c for c in audit_chain.run_check(full=True)}
    assert full[keystone.pk].ok and (full[keystone.pk].first_seq,
                                     full[keystone.pk].events_checked) == (6, 3)
    assert all(c.ok for c in full.values())
    assert all(c.ok for c in audit_chain.run_check())
    _write(keystone, 1)
    assert _seqs(keystone) == [6, 7, 8, 9]
    # The file checks on its own and ends where the checkpoint says.
    assert audit_archive.verify_file(path)[keystone.pk] == (5, archived.last_hash, [])
    out = io.StringIO()
    call_command("audit_archive", check=path, stdout=out)
    assert f"{keystone}: 5 events, intact." in out.getvalue()


PERMISSION = "PGCB letter 2026-117 of 2026-11-30"


def test_the_newest_event_of_every_chain_stays(keystone, tmp_path):
    _write(keystone, 3)
    tomorrow = (timezone.localdate() + timezone.timedelta(days=1)).isoformat()
    out = io.StringIO()
    call_command("audit_archive", "--before", tomorrow, "--to", str(tmp_path / "a.jsonl"),
                 "--board-permission", PERMISSION, stdout=out)
    # Event 4 stays; event 5 records the archive in the chain it shortened.
    assert _seqs(keystone) == [4, 5]
    assert f"{keystone}: 3 events archived, events 1 to 3" in out.getvalue()
    assert all(c.ok for c in audit_chain.run_check(full=True))
    recorded = AuditEvent.objects.get(chain=keystone.pk, seq=5)
    assert (recorded.action, recorded.actor, recorded.property) == (
        "casino.audit_log.archive", None, keystone)
    assert recorded.after == {"events": 3, "first_seq": 1, "last_seq": 3, "before": tomorrow,
                              "retention_years": 5, "file": str(tmp_path / "a.jsonl"),
                              "board_permission": PERMISSION}


def test_a_cut_inside_the_retention_period_needs_the_boards_written_permission(
        keystone, tmp_path):
    """§465a.6(b)(5): destroyed only after the 5 years of §465a.6(c), unless the Board permits
    it earlier in writing. Today is 5 years after the latest day a cut may be."""
    _write(keystone, 3)
    today = timezone.localdate()
    latest = retention.latest_cut(today)
    assert (latest.year, latest.month) == (today.year - 5, today.month)
    day_after = (latest + timezone.timedelta(days=1)).isoformat()
    with pytest.raises(CommandError) as refused:
        call_command("audit_archive", "--before", day_after, "--to", str(tmp_path / "a.jsonl"))
    assert str(refused.value) == (
        f"{day_after} is inside the records-retention period (5 years, RECORDS_RETENTION_YEARS; "
        f"§465a.6(c)): audit events recorded on or after {latest:%Y-%m-%d} are kept. Give "
        f"--before {latest:%Y-%m-%d} or earlier, or the Board's written permission "
        f"(--board-permission, §465a.6(b)(5)); nothing was archived.")
    assert _seqs(keystone) == [1, 2, 3, 4] and not (tmp_path / "a.jsonl").exists()
    out = io.StringIO()  # outside the period: allowed, and nothing that old to archive
    call_command("audit_archive", "--before", latest.isoformat(), "--to",
                 str(tmp_path / "a.jsonl"), stdout=out)
    assert "Archived 0 events" in out.getvalue() and _seqs(keystone) == [1, 2, 3, 4]


def test_a_broken_chain_is_never_archived(keystone, tmp_path):
    events = _write(keystone, 4)
    owner_sql(("UPDATE casino_auditevent SET after = %s WHERE id = %s",
               ['{"i": 99}', events[1].pk]))
    tomorrow = (timezone.localdate() + timezone.timedelta(days=1)).isoformat()
    with pytest.raises(CommandError, match="event 3 does not verify"):
        call_command("audit_archive", "--before", tomorrow, "--to", str(tmp_path / "a.jsonl"),
                     "--board-permission", PERMISSION)
    assert _seqs(keystone) == [1, 2, 3, 4, 5]
    assert not AuditChainCheck.objects.filter(chain=keystone.pk,
                                              kind=CheckKind.ARCHIVE).exists()
    assert "Keystone" not in (tmp_path / "a.jsonl").read_text()


def test_a_changed_archive_file_is_found(keystone, tmp_path):
    _write(keystone, 3)
    path = tmp_path / "a.jsonl"
    with as_owner():
        audit_archive.archive(timezone.now(), path)
    path.write_text(path.read_text().replace('"i": 1', '"i": 7'))
    err = io.StringIO()
    with pytest.raises(CommandError, match="Archive BROKEN"):
        call_command("audit_archive", check=path, stdout=io.StringIO(), stderr=err)
    assert "Event 3 was changed after it was recorded." in err.getvalue()
