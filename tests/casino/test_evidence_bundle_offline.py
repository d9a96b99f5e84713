"""Issue 28, item 4, as the Board uses it: the demo property's bundle verifies on a laptop with
the standard library and ``cryptography`` only (Django, the database drivers and the network
refused to the tool), and the two reproducers of the issue, done as the database's owner, are
named by the bundle: a paid slip's award rewritten, and the newest events of a chain cut with
the checks that saw them."""

import io
import json
import subprocess
import sys
import textwrap

import pytest
from django.core.management import call_command

from casino import evidence_anchors
from tables.slips import services as slips
from tests.casino.evidence_owner import as_owner
from tests.casino.evidence_tool import TOOL
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round, validate

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")

# Runs the tool as a script in an isolated interpreter (-I: no environment, no user site, not
# even the project's folder on the path) where importing Django, a database driver, Redis or
# Celery fails and no socket may connect; then says which of them were imported.
OFFLINE = textwrap.dedent("""
    import runpy, socket, sys
    BANNED = {"django", "psycopg", "psycopg2", "redis", "celery", "kombu", "requests",
              "urllib3", "casino", "tables", "rulesubmissions", "games"}

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in BANNED:
                raise ImportError("refused offline: " + name)

    def no_network(*args, **kwargs):
        raise OSError("no network offline")

    sys.meta_path.insert(0, Refuse())
    socket.socket.connect = socket.create_connection = no_network
    sys.argv = [sys.argv[1], *sys.argv[2:]]
    try:
        runpy.run_path(sys.argv[0], run_name="__main__")
        code = 0
    except SystemExit as exit:
        code = exit.code
    print("IMPORTED", sorted(m for m in sys.modules if m.split(".")[0] in BANNED))
    sys.exit(code)
""")


def offline(path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-I", "-c", OFFLINE, str(TOOL), str(path), *args],
                          capture_output=True, text=True, timeout=120, cwd="/")


def export(path) -> None:
    call_command("export_evidence", "--property", "PA-TG-1001", "--out", str(path),
                 stdout=io.StringIO())


def test_a_bundle_of_the_demo_property_verifies_offline(db, tmp_path):
    call_command("load_demo", stdout=io.StringIO())
    call_command("audit_verify", stdout=io.StringIO())
    export(tmp_path / "keystone.jsonl")
    done = offline(tmp_path / "keystone.jsonl", "--key", evidence_anchors.fingerprint())
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Evidence bundle of Keystone Downs Casino (license PA-TG-1001)" in done.stdout
    assert f"Signed by the key {evidence_anchors.fingerprint()}" in done.stdout
    # The demo: Three Card Poker approved, its layout approved, TCP-1's meter seeded.
    assert "1 approved Rules Submission version, 1 layout approval." in done.stdout
    assert "Everything verifies." in done.stdout
    assert "IMPORTED []" in done.stdout


@pytest.fixture
def paid_slip(tcp_table, record, floorperson, second_floorperson):
    slip = validate(record(tcp_table, 1, "five_card_progressive", ROYAL), floorperson)
    return slips.slip_pay(slip=slip, actor=second_floorperson)


@pytest.mark.django_db(transaction=True)
def test_a_paid_slip_rewritten_in_the_database_is_named_by_its_bundle(paid_slip, tmp_path):
    call_command("audit_verify", stdout=io.StringIO())
    as_owner(("UPDATE tables_jackpotslip SET award = award + 90000 WHERE id = %s",
              [paid_slip.pk]), tables=("tables_jackpotslip",))
    export(tmp_path / "b.jsonl")
    done = offline(tmp_path / "b.jsonl")
    assert done.returncode == 1
    problem = done.stdout.split("DOES NOT VERIFY: ")[1].splitlines()[0]
    assert "Jackpot slip 1: award is $110,000.00, but its audit event " in problem
    assert problem.endswith("recorded $20,000.00.")


@pytest.mark.django_db(transaction=True)
def test_a_chain_cut_with_its_checks_in_the_database_is_named_by_its_bundle(paid_slip,
                                                                          tmp_path, keystone):
    call_command("audit_verify", stdout=io.StringIO())  # anchors the head, outside the DB
    head = evidence_anchors.latest_anchor(keystone.pk)["seq"]
    as_owner(("DELETE FROM casino_auditevent WHERE chain = %s AND seq > %s",
              [keystone.pk, head - 3]),
             ("DELETE FROM casino_auditchaincheck WHERE chain = %s", [keystone.pk]),
             tables=("casino_auditevent", "casino_auditchaincheck"))
    export(tmp_path / "b.jsonl")
    done = offline(tmp_path / "b.jsonl")
    assert done.returncode == 1
    assert (f"signed the chain up to event {head}, but the chain ends at event {head - 3}: "
            "events after it were removed.") in done.stdout
    lines = [json.loads(x) for x in (tmp_path / "b.jsonl").read_text().splitlines()]
    assert max(o["seq"] for o in lines if o["type"] == "event") == head - 3


@pytest.mark.django_db(transaction=True)
def test_a_slip_deleted_from_the_database_is_named_by_its_bundle(paid_slip, tmp_path):
    as_owner(("DELETE FROM tables_jackpotslip WHERE id = %s", [paid_slip.pk]),
             tables=("tables_jackpotslip",))
    export(tmp_path / "b.jsonl")
    done = offline(tmp_path / "b.jsonl")
    assert done.returncode == 1
    assert ("made Jackpot slip 1, which the bundle does not hold: the record was removed."
            in done.stdout.split("DOES NOT VERIFY: ")[1].splitlines()[0])
