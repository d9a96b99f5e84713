"""Anchors outside the database (issue 28, item 3): every verification signs each intact
chain's head with the site's Ed25519 key and appends it to the chain's file; a chain cut short
or rewritten by the database's owner (reproducer 2), or an anchor line changed, is reported."""

import base64
import json
import stat

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command

from casino import audit_chain
from casino import evidence_anchors as anchoring
from casino.audit import audit_record
from casino.models import AuditEvent
from tests.casino.evidence_owner import as_owner


@pytest.fixture
def events(keystone, compliance_officer):
    made = [audit_record(actor=compliance_officer, action="casino.property.inspect",
                         target=keystone, after={"n": i}) for i in range(5)]
    audit_chain.link_pending()
    return made


def _broken(*args) -> str:
    with pytest.raises(CommandError) as error:
        call_command("audit_verify", *args)
    return str(error.value)


def test_the_key_is_made_once_readable_by_its_owner_only(settings, tmp_path):
    settings.EVIDENCE_SIGNING_KEY = tmp_path / "key.pem"
    path = anchoring.ensure_signing_key()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    pem = path.read_bytes()
    assert pem.startswith(b"-----BEGIN PRIVATE KEY-----")
    anchoring.ensure_signing_key()
    assert path.read_bytes() == pem  # never overwritten
    fingerprint = anchoring.fingerprint()
    # "SHA256:" and 64 hex digits in 16 groups of four.
    groups = fingerprint.removeprefix("SHA256:").split(":")
    assert len(groups) == 16 and all(len(g) == 4 for g in groups)
    assert anchoring.public_key_pem().startswith("-----BEGIN PUBLIC KEY-----")


def test_an_anchor_verifies_with_its_key_only():
    key, other = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    anchor = anchoring.sign_anchor(chain=7, chain_name="Keystone", seq=12, hash="ab" * 32,
                                   events=12, private=key)
    assert anchor["at"].endswith("Z") and anchor["key"] == anchoring.fingerprint(key)
    assert anchoring.verify_anchor(anchor, key.public_key())
    assert not anchoring.verify_anchor(anchor, other.public_key())
    assert not anchoring.verify_anchor({**anchor, "seq": 11}, key.public_key())
    assert not anchoring.verify_anchor({**anchor, "hash": "cd" * 32}, key.public_key())
    # The message is the documented canonical JSON; the chain's name is for people only.
    assert anchoring.anchor_message(anchor) == json.dumps(
        {k: anchor[k] for k in ("at", "chain", "events", "hash", "key", "seq")},
        separators=(",", ":")).encode()
    assert anchoring.verify_anchor({**anchor, "chain_name": "renamed"}, key.public_key())
    key.public_key().verify(base64.b64decode(anchor["signature"]),
                            anchoring.anchor_message(anchor))


@pytest.mark.django_db
def test_each_verification_anchors_every_intact_chains_head(events, keystone):
    call_command("audit_verify")
    head = AuditEvent.objects.filter(chain=keystone.pk).order_by("-seq").first()
    anchor = anchoring.latest_anchor(keystone.pk)
    assert (anchor["chain"], anchor["seq"], anchor["hash"]) == (keystone.pk, head.seq, head.hash)
    assert anchor["chain_name"] == str(keystone)
    assert anchoring.verify_anchor(anchor, anchoring.public_key())
    assert anchoring.latest_anchor(audit_chain.NO_PROPERTY)["chain"] == 0
    call_command("audit_verify", "--full")
    assert len(anchoring.anchors(keystone.pk)) == 2


@pytest.mark.django_db(transaction=True)
def test_a_tail_cut_with_its_checks_is_reported_against_the_anchor(events, keystone):
    # Reproducer 2: as the owner with the triggers off, the last 3 events of the chain and
    # the chain checks that saw them are deleted. Only the anchor outside remembers them.
    call_command("audit_verify")
    last = AuditEvent.objects.filter(chain=keystone.pk).order_by("-seq").first().seq
    as_owner(("DELETE FROM casino_auditevent WHERE chain = %s AND seq > %s",
              [keystone.pk, last - 3]),
             ("DELETE FROM casino_auditchaincheck WHERE chain = %s", [keystone.pk]),
             tables=("casino_auditevent", "casino_auditchaincheck"))
    message = _broken("--full")
    assert (f"The chain ends at event {last - 3}, but the anchor signed at "
            f"{anchoring.latest_anchor(keystone.pk)['at']} (event {last}) saw it reach event "
            f"{last}: events were removed.") in message
    assert "events were removed" in _broken()  # the hourly run too


@pytest.mark.django_db(transaction=True)
def test_a_rewritten_head_differs_from_its_anchor(events, keystone):
    call_command("audit_verify")
    head = AuditEvent.objects.filter(chain=keystone.pk).order_by("-seq").first()
    # The owner rewrites the head and its hash, and removes every check: the chain itself
    # links again, the anchor does not.
    as_owner(("UPDATE casino_auditevent SET hash = %s WHERE id = %s", ["f" * 64, head.pk]),
             ("DELETE FROM casino_auditchaincheck WHERE chain = %s", [keystone.pk]),
             tables=("casino_auditevent", "casino_auditchaincheck"))
    checks = audit_chain.run_check(full=True)
    problems = next(c for c in checks if c.chain == keystone.pk).problems
    assert any(p.startswith(f"Event {head.seq} differs from the anchor signed at")
               for p in problems)


@pytest.mark.django_db
def test_a_changed_anchor_line_is_reported(events, keystone):
    call_command("audit_verify")
    path = anchoring.chain_file(keystone.pk)
    anchor = json.loads(path.read_text())
    path.write_text(json.dumps({**anchor, "seq": anchor["seq"] + 1}) + "\n")
    assert "the signature does not verify" in _broken()
    # A line that is not an anchor at all, anywhere in the file, is named by --full.
    path.write_text("not json\n" + json.dumps(anchor) + "\n")
    assert f"Anchor file {path.name}, line 1 is not an anchor (not JSON)." in _broken("--full")


@pytest.mark.django_db
def test_a_missing_signing_key_fails_closed(events, settings, tmp_path):
    settings.EVIDENCE_SIGNING_KEY = tmp_path / "absent.pem"
    assert "The evidence signing key" in _broken()


@pytest.mark.django_db
def test_the_daily_report_and_the_filing_packet_print_the_latest_anchor(
        keystone, table_games_manager, compliance_officer, auditor, client_for):
    import io

    from django.http import HttpResponse
    from django.urls import reverse
    from django.utils import timezone
    from pypdf import PdfReader

    from rulesubmissions.filing.api import filing_response
    from tables.slips.reports import daily_report
    from tests.tables.slip_builders import approve, tcp_terms

    version = approve(keystone, tcp_terms(), table_games_manager, compliance_officer)
    assert "none yet" in daily_report(property=keystone, day=timezone.localdate()).anchor
    call_command("audit_verify")
    head = AuditEvent.objects.filter(chain=keystone.pk).order_by("-seq").first()
    fingerprint = anchoring.fingerprint()
    line = daily_report(property=keystone, day=timezone.localdate()).anchor
    assert line.startswith(f"Latest anchor outside the database: {keystone}, event {head.seq}, "
                           f"signed ")
    assert f"hash {head.hash[:16]}…. Signing key {fingerprint}." in line
    page = client_for(auditor).get(reverse("tables:slip-report")).text
    assert f"event {head.seq}" in page and fingerprint in page
    pdf = filing_response(version, HttpResponse).content
    words = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    words = " ".join(words.split())
    assert f"Latest anchor outside the database: {keystone}, event {head.seq}" in words
    assert head.hash[:16] in words and fingerprint[:24] in words
