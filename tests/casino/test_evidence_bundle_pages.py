"""Issue 28, item 5: the audit log page and the auditor's dashboard show each chain's last
verification (when, how many events, intact or broken) and its latest anchor (event, time,
short hash); floor staff, who do not read the audit log, see none of it."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from casino import audit_chain, evidence_anchors
from casino.audit_chain import ChainResult
from casino.audit_hash import NO_PROPERTY
from casino.models import AuditEvent, CheckKind

pytestmark = pytest.mark.django_db


def _row(html: str, name: str) -> str:
    """The status table's row of the chain called ``name``."""
    table = html.split('id="chain-status"', 1)[1].split("</table>", 1)[0]
    return next(row for row in table.split("<tr>") if f"<td>{name}</td>" in row)


def test_the_audit_page_and_dashboard_show_each_chains_last_check_and_anchor(
        keystone, auditor, floorperson, client_for):
    call_command("audit_verify", stdout=io.StringIO())
    check = audit_chain.checks_of(keystone.pk).first()
    anchor = evidence_anchors.latest_anchor(keystone.pk)
    events = AuditEvent.objects.filter(chain=keystone.pk).count()
    assert check.ok and check.events_checked == events == anchor["seq"]
    at = timezone.localtime(check.checked_at)
    signed = timezone.localtime(timezone.datetime.fromisoformat(
        anchor["at"].replace("Z", "+00:00")))
    for url in (reverse("audit_log"), reverse("dashboard")):
        html = client_for(auditor).get(url).text
        row = _row(html, "Keystone Downs Casino (PA-TG-1001)")
        assert f"{at:%Y-%m-%d %H:%M}" in row
        assert f"<td>{events}, up to event {events}</td>" in row
        assert "Intact" in row and "Broken" not in row
        assert (f"Event {anchor['seq']}, signed {signed:%Y-%m-%d %H:%M} <code title=\"the "
                f"anchored event's hash, first 12 characters\">{anchor['hash'][:12]}</code>"
                ) in row
        assert "<td>Users, tokens and sign-ins (no property)</td>" in html
    assert 'id="chain-status"' not in client_for(floorperson).get(reverse("dashboard")).text


def test_a_broken_chain_and_a_chain_never_checked_say_so(keystone, lakeside, auditor,
                                                         client_for):
    audit_chain.keep(ChainResult(chain=keystone.pk, name="", kind=CheckKind.FULL,
                                 events_checked=7, last_seq=7, last_hash="a" * 64,
                                 problems=["Event 5 was changed after it was recorded."]))
    html = client_for(auditor).get(reverse("audit_log")).text
    row = _row(html, "Keystone Downs Casino (PA-TG-1001)")
    assert "Broken</span> Event 5 was changed after it was recorded." in row
    assert "None yet" in row  # no anchor: audit_verify has not run
    assert "Not verified yet" in _row(html, "Users, tokens and sign-ins (no property)")
    assert "Lakeside" not in html.split('id="chain-status"', 1)[1].split("</table>")[0]
    assert audit_chain.checks_of(NO_PROPERTY).first() is None
