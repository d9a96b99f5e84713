"""Issue 28, item 4: the evidence bundle (``manage.py export_evidence``) verifies offline with
``tools/verify_evidence.py``, and a byte changed anywhere that matters is named. Amounts by hand:
Three Card Poker's Five-Card Progressive meter starts at $20,000 and resets to $10,000; a royal
with $1 on it takes 100% of the meter, $20,000.00 (tests/tables/slip_builders.py)."""

import base64
import hashlib
import io
import json
from contextlib import redirect_stdout

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.management import CommandError, call_command

from casino import evidence_anchors
from tables.slips import services as slips
from tests.casino.evidence_tool import tool
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round, validate, void

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")


def export(tmp_path, *args, name="bundle.jsonl") -> bytes:
    out = tmp_path / name
    call_command("export_evidence", "--property", "PA-TG-1001", "--out", str(out), *args,
                 stdout=io.StringIO())
    return out.read_bytes()


@pytest.fixture
def run(tmp_path):
    """``run(data, *args)`` -> (exit status, output) of the tool on ``data`` as a file."""
    def go(data: bytes, *args):
        path = tmp_path / "checked.jsonl"
        path.write_bytes(data)
        out = io.StringIO()
        with redirect_stdout(out):
            code = tool.main([str(path), *args])
        return code, out.getvalue()
    return go


@pytest.fixture
def slips_of_the_period(tcp_table, record, floor_manager, floorperson, second_floorperson):
    """Slip 1: a royal, validated and paid ($20,000.00). Slip 2: recorded then voided."""
    paid = slips.slip_pay(slip=validate(record(tcp_table, 1, "five_card_progressive", ROYAL),
                                        floorperson), actor=second_floorperson)
    royal2 = tcp_round(position(3, "As Ks Qs", pair_plus="5.00", five_card_progressive="1.00"),
                       community="Js Ts")
    voided = void(record(tcp_table, 3, "five_card_progressive", royal2), floorperson,
                  second_floorperson)
    call_command("audit_verify", stdout=io.StringIO())  # anchors every chain's head
    return paid, voided


def lines(data: bytes) -> list[dict]:
    return [json.loads(x) for x in data.decode().splitlines()]


def resign(data: bytes, change, key: Ed25519PrivateKey | None = None) -> bytes:
    """The bundle with ``change(objects)`` applied and signed again as the exporter signs
    (the manifest's digests too), so only the tool's own checks can find what changed."""
    objs = lines(data)
    change(objs)
    manifest, body = objs[0], objs[1:-1]
    raw = [json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
           for o in body]
    private = key or evidence_anchors.load_private_key()
    if key is not None:
        manifest["public_key"] = evidence_anchors.public_key_pem(key)
        manifest["key"] = evidence_anchors.fingerprint(key)
    manifest["line_sha256"] = [hashlib.sha256(x).hexdigest() for x in raw]
    for part in ("event", "anchor", "record"):
        mine = [x + b"\n" for x, o in zip(raw, body, strict=True) if o["type"] == part]
        manifest["parts"][part] = {"lines": len(mine),
                                   "sha256": hashlib.sha256(b"".join(mine)).hexdigest()}
    head = json.dumps(manifest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    signed = b"".join(x + b"\n" for x in [head.encode(), *raw])
    signature = {"type": "signature", "algorithm": "Ed25519", "key": manifest["key"],
                 "signature": base64.b64encode(private.sign(signed)).decode()}
    return signed + json.dumps(signature).encode() + b"\n"


def first_problem(output: str) -> str:
    return output.split("DOES NOT VERIFY: ", 1)[1].splitlines()[0]


def line_of(data: bytes, test) -> int:
    return next(n for n, o in enumerate(lines(data), 1) if test(o))


def test_a_bundle_of_slips_meters_and_a_version_verifies_with_its_totals(
        slips_of_the_period, tmp_path, run):
    paid, voided = slips_of_the_period
    data = export(tmp_path)
    code, out = run(data)
    assert code == 0, out
    # Slip 1 paid $20,000.00; slip 2 is void: total paid $20,000.00. Ledger: 4 seeds, then
    # slip 1's hit and reset, slip 2's hit and reset and their 2 reversals = 10 rows.
    assert "Jackpot slips: 2 (1 paid, 1 void, 0 not yet paid); total paid $20,000.00." in out
    assert ("Other records: 10 meter ledger rows, 4 meters, 1 approved Rules Submission "
            "version.") in out
    assert f"Signed by the key {evidence_anchors.fingerprint()}" in out
    assert "Chains: 1 (Keystone Downs Casino (PA-TG-1001)). Events: " in out
    assert out.rstrip().endswith("Everything verifies.")
    # The same with the Board's fingerprint given; another is refused.
    assert run(data, "--key", evidence_anchors.fingerprint())[0] == 0
    code, out = run(data, "--key", "SHA256:0000")
    assert code == 1 and "not by SHA256:0000" in first_problem(out)


def test_the_tools_hashes_are_the_applications_on_real_events(slips_of_the_period, tmp_path):
    """The tool re-implements the chain's arithmetic (the regulator gets only that file): on
    every event of the bundle (decimals, nulls, nested values, lists) it agrees with
    casino/audit_hash.py and with the hash the database keeps, so the two cannot drift."""
    from casino.audit_hash import body_of, link_hash
    from casino.models import AuditEvent

    events = [o for o in lines(export(tmp_path)) if o["type"] == "event"]
    assert len(events) > 20
    stored = {e.seq: e for e in AuditEvent.objects.filter(chain=events[0]["chain"])}
    for line in events:
        row = stored[line["seq"]]
        values = {f: getattr(row, f) for f in ("created_at", "actor_id", "actor_repr",
                                               "property_id", "action", "target_id",
                                               "target_repr", "before", "after")}
        body = body_of({**values, "target_type_id": row.target_type_id})
        assert tool.body_hash(line) == body
        assert tool.link_hash(line["chain"], line["seq"], line["prev_hash"], body) == \
            link_hash(row.chain, row.seq, row.prev_hash, body) == row.hash
    assert tool.fingerprint(evidence_anchors.public_key()) == evidence_anchors.fingerprint()
    anchor = evidence_anchors.anchors(events[0]["chain"])[-1]
    assert tool.anchor_message(anchor) == evidence_anchors.anchor_message(anchor)


def _award_changed(objs):
    slip = next(o for o in objs if o.get("kind") == "slip" and o["values"]["number"] == 1)
    slip["values"]["award"] = "200000.00"


@pytest.mark.parametrize("signed_again", [False, True])
def test_one_amount_changed_in_a_bundle_is_refused_naming_the_slip(
        slips_of_the_period, tmp_path, run, signed_again):
    data = export(tmp_path)
    if signed_again:
        changed = resign(data, _award_changed)
    else:
        raw = data.split(b"\n")
        at = line_of(data, lambda o: o.get("name") == "Jackpot slip 1") - 1
        raw[at] = raw[at].replace(b'"award":"20000.00"', b'"award":"200000.00"')
        changed = b"\n".join(raw)
    code, out = run(changed)
    number = line_of(changed, lambda o: o.get("name") == "Jackpot slip 1")
    assert code == 1
    assert first_problem(out).startswith(
        f"Line {number}: Jackpot slip 1: award is $200,000.00, but its audit event ")
    assert first_problem(out).endswith("recorded $20,000.00.")
    if not signed_again:
        assert f"Line {number}: Jackpot slip 1 differs from what was signed." in out
        assert "the signature does not verify" in out


def _flip(text: str) -> str:
    """One character of ``text`` changed (a hex or base64 digit)."""
    return ("1" if text[10] != "1" else "2").join((text[:10], text[11:]))


CHANGES = {
    "event": (lambda o: o["type"] == "event" and o["seq"] == 5,
              lambda o: o.update(actor_repr=o["actor_repr"] + "x"),
              "audit event 5 was changed after it was recorded"),
    "anchor": (lambda o: o["type"] == "anchor",
               lambda o: o.update(hash=_flip(o["hash"])), "is not signed by the bundle's key"),
    "record": (lambda o: o.get("kind") == "slip",
               lambda o: o["values"].update(hand="Ah Ah Ah"), "Jackpot slip 1 differs from "
                                                             "what was signed"),
}


@pytest.mark.parametrize("what", sorted(CHANGES))
def test_a_changed_byte_in_an_event_an_anchor_or_a_record_is_named(
        slips_of_the_period, tmp_path, run, what):
    find, change, words = CHANGES[what]
    data = export(tmp_path)
    objs = lines(data)
    number = line_of(data, find)
    change(objs[number - 1])
    raw = data.decode().splitlines()
    raw[number - 1] = json.dumps(objs[number - 1], sort_keys=True, separators=(",", ":"),
                                 ensure_ascii=False)
    code, out = run(("\n".join(raw) + "\n").encode())
    assert code == 1
    assert first_problem(out).startswith(f"Line {number}: ")
    assert words in out
    if what != "record":  # its own check names it even signed again
        code, out = run(resign(data, lambda objs: change(next(o for o in objs if find(o)))))
        assert code == 1 and words in first_problem(out)


def test_a_changed_signature_or_public_key_is_named(slips_of_the_period, tmp_path, run):
    data = export(tmp_path)
    objs = lines(data)
    last = len(objs)
    objs[-1]["signature"] = _flip(objs[-1]["signature"])
    code, out = run(b"".join(data.splitlines(keepends=True)[:-1])
                    + json.dumps(objs[-1]).encode() + b"\n")
    assert code == 1 and first_problem(out) == (
        f"Line {last}: the signature does not verify with the bundle's public key: the file "
        "was changed after it was signed.")
    # Another key put in and the whole file signed with it: the fingerprint printed is not the
    # Board's, and the anchors, signed outside the database by the site's key, do not verify.
    other = Ed25519PrivateKey.generate()
    code, out = run(resign(data, lambda objs: None, key=other))
    assert code == 1
    assert f"Signed by the key {evidence_anchors.fingerprint(other)}" in out
    assert "is not signed by the bundle's key" in first_problem(out)
    pem = other.public_key().public_bytes(serialization.Encoding.PEM,
                                          serialization.PublicFormat.SubjectPublicKeyInfo)
    assert pem.decode() in lines(resign(data, lambda objs: None, key=other))[0]["public_key"]


def test_a_removed_event_or_a_cut_chain_is_reported(slips_of_the_period, tmp_path, run):
    data = export(tmp_path)
    events = [o for o in lines(data) if o["type"] == "event"]
    middle, last = events[len(events) // 2]["seq"], events[-1]["seq"]

    def without(*seqs):
        return lambda objs: objs.__setitem__(slice(None), [
            o for o in objs if not (o["type"] == "event" and o["seq"] in seqs)])

    code, out = run(resign(data, without(middle)))
    assert code == 1 and (f"audit event {middle + 1} follows event {middle - 1}: events "
                          f"{middle} to {middle} are missing.") in first_problem(out)
    code, out = run(resign(data, without(last - 2, last - 1, last)))
    assert code == 1
    assert (f"signed the chain up to event {last}, but the chain ends at event {last - 3}: "
            "events after it were removed.") in first_problem(out)


def test_export_refuses_what_it_cannot_do(db, keystone, tmp_path):
    with pytest.raises(CommandError, match="No property has the license number 'PA-X'"):
        call_command("export_evidence", "--property", "PA-X", "--out", str(tmp_path / "b"))
    with pytest.raises(CommandError, match="'2026-13-01' is not a date"):
        call_command("export_evidence", "--property", "PA-TG-1001", "--from", "2026-13-01",
                     "--out", str(tmp_path / "b"))
    with pytest.raises(CommandError, match="--from is after --to"):
        call_command("export_evidence", "--property", "PA-TG-1001", "--from", "2026-12-02",
                     "--to", "2026-12-01", "--out", str(tmp_path / "b"))


def test_a_record_left_out_or_a_slip_number_skipped_is_reported(slips_of_the_period, tmp_path,
                                                                 run):
    data = export(tmp_path)
    recorded = next(o for o in lines(data) if o["type"] == "event"
                    and o["action"] == "tables.slip.record" and o["target_repr"].endswith(" 2"))

    def without_slip_2(objs):
        objs[:] = [o for o in objs if o.get("name") != "Jackpot slip 2"]

    code, out = run(resign(data, without_slip_2))
    assert code == 1 and first_problem(out).endswith(
        f"audit event {recorded['seq']} of {tool.when(recorded['created_at'])} made Jackpot "
        "slip 2, which the bundle does not hold: the record was removed.")

    def renumbered(objs):
        next(o for o in objs if o.get("name") == "Jackpot slip 2")["values"]["number"] = 4

    code, out = run(resign(data, renumbered))
    assert code == 1
    assert "jackpot slips 2 to 3 are missing between slips 1 and 4." in out


def test_a_periods_bundle_starts_just_after_the_anchor_before_it(
        slips_of_the_period, keystone, tcp_table, record, tmp_path, run):
    """Slips 1 and 2, then an anchor (the fixture's audit_verify), then the period: slip 3
    (a royal on the reset meter, $10,000.00, not yet validated), then another anchor. The
    bundle's chain starts at the event after the first anchor and links to it."""
    from django.utils import timezone

    from casino import evidence_bundle

    before = evidence_anchors.latest_anchor(keystone.pk)
    start = timezone.now()
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    assert slip.number == 3 and slip.award == sb.D("10000.00")
    call_command("audit_verify", stdout=io.StringIO())
    data = evidence_bundle.build(keystone, start, None).data
    objs = lines(data)
    assert objs[0]["chain"]["after_anchor"] == before["seq"]
    assert objs[0]["chain"]["first_seq"] == before["seq"] + 1
    code, out = run(data)
    assert code == 0, out
    assert "Anchors: 2, each signature verified" in out
    assert "Jackpot slips: 1 (0 paid, 0 void, 1 not yet paid); total paid $0.00." in out
    assert "Other records: 2 meter ledger rows." in out  # slip 3's hit and reset
    assert "taken as recorded" not in out


def test_the_commands_days_bound_the_period(slips_of_the_period, tmp_path, run):
    from django.utils import timezone

    paid, voided = slips_of_the_period
    first, last = (timezone.localtime(s.recorded_at).date() for s in (paid, voided))
    code, out = run(export(tmp_path, "--from", str(first), "--to", str(last)))
    assert code == 0, out
    assert f"(license PA-TG-1001), {first} to {last}, exported" in out
    assert "Jackpot slips: 2 (1 paid, 1 void, 0 not yet paid); total paid $20,000.00." in out
    code, out = run(export(tmp_path, "--from", str(last + timezone.timedelta(days=1))))
    assert code == 0, out
    assert "Jackpot slips: 0 (0 paid, 0 void, 0 not yet paid); total paid $0.00." in out
    assert "Other records: none." in out


def test_a_ledger_row_that_does_not_balance_or_follow_is_named(slips_of_the_period, tmp_path,
                                                                run):
    """Slip 1's hit row takes $20,000.00 off the Five-Card meter; made $19,000.00 (the paid
    amount kept), it no longer balances, nor follows the meter's seed row before it ($20,000.00
    - $19,000.00 is not the $0.00 it records)."""
    data = export(tmp_path)
    hit = next(o for o in lines(data) if o.get("kind") == "ledger"
               and o["values"]["kind"] == "hit")

    def smaller(objs):
        row = next(o for o in objs if o.get("name") == hit["name"])
        row["values"]["amount_delta"] = "-19000.0000000000"

    code, out = run(resign(data, smaller))
    assert code == 1
    assert first_problem(out).endswith(
        f"{hit['name']}: its changes do not balance (meter, reserve, overflow: -$19,000.00, "
        "$0.00, $0.00; contributed, funded, paid: $0.00, $0.00, $20,000.00).")
    assert (f"{hit['name']}: $20,000.00 (the meter after the row before it) + -$19,000.00 "
            "is not the $0.00 it records.") in out


def test_a_file_that_is_not_a_bundle_exits_2(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("hello\nworld\n")
    assert tool.main([str(path)]) == 2
    assert "Line 1 is not a JSON object" in capsys.readouterr().err


def test_a_line_of_the_wrong_shape_is_named_not_a_crash(slips_of_the_period, tmp_path, run):
    data = export(tmp_path)

    def broken(objs):
        next(o for o in objs if o.get("name") == "Jackpot slip 1")["values"] = "award 20000"
        next(o for o in objs if o["type"] == "anchor")["seq"] = "last"

    changed = resign(data, broken)
    code, out = run(changed)
    slip = line_of(changed, lambda o: o.get("name") == "Jackpot slip 1")
    anchor = line_of(changed, lambda o: o["type"] == "anchor")
    assert code == 1
    assert (f"Line {anchor}: the anchor of " in out
            and "is not signed by the bundle's key." in out)  # its signed seq changed
    assert (f"Line {slip}: Jackpot slip 1 is not whole (a field is missing or of the wrong "
            "kind).") in out
