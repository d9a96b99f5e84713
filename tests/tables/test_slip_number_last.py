"""Issue 32: a recording numbers its slips last. They are inserted without a number, the meter
is hit, then the property's counter is advanced once for them all and the numbers written, so
the counter every recording at the property waits for is held only for that, the audit events
and the commit. The database lets a number be written once, from none, never changed after.

Amounts by hand: the Five-Card Progressive meter starts at $20,000.00 and resets to $10,000.00;
a royal with $1 on it is 100% of the meter. Seat 3's $1 Five-Card wager earns a $1,000.00 Envy
Bonus on seat 1's royal (§649a.12(h))."""

import re

import pytest

from tables.models import JackpotSlip, SlipCounter
from tables.slips import recording
from tests.frozen import refused
from tests.queries import counting
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round

tcp_table, record = sb.tcp_table, sb.record
pytestmark = pytest.mark.django_db

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")
WITH_ENVY = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                      position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
                      community="Jh Th")
ONCE = "has its number: it is written once"


def verbs(statements: list[str]) -> list[str]:
    """``"UPDATE tables_slipcounter"`` and the like, in the order they were sent."""
    found = []
    for sql in statements:
        verb = sql.split(None, 1)[0]
        table = re.search(r'(?:INTO|UPDATE|FROM)\s+"?(\w+)', sql)
        found.append(f"{verb} {table.group(1) if table else ''}")
    return found


def test_the_counter_is_taken_after_the_hit_and_only_the_numbers_and_audit_follow(
        tcp_table, record):
    record(tcp_table, 1, "five_card_progressive", ROYAL)  # slip 1: the counter made, $20,000
    with counting() as counted:
        slip = record(tcp_table, 1, "five_card_progressive", WITH_ENVY)
    sent = verbs(counted.statements)
    taken = sent.index("UPDATE tables_slipcounter")
    assert sent.count("UPDATE tables_slipcounter") == 1  # both numbers in one statement
    before, after = sent[:taken], sent[taken + 1:]
    assert before.count("INSERT tables_jackpotslip") == 2  # the royal and the Envy Bonus
    assert "INSERT tables_meterentry" in before  # the meter's hit
    assert "SELECT tables_slipcounter" not in sent
    assert set(after) <= {"UPDATE tables_jackpotslip", "INSERT casino_auditevent",
                          "SELECT casino_auditevent"}  # SQLite reads its chain's head
    assert after.count("UPDATE tables_jackpotslip") == 1  # both numbers, one statement
    stored = {(s.kind, s.number, s.award, s.meter_after)
              for s in JackpotSlip.objects.filter(table=tcp_table)}
    assert stored == {("jackpot", 1, D("20000.00"), D("10000")),
                      ("jackpot", 2, D("10000.00"), D("10000")), ("envy", 3, D("1000.00"), None)}
    assert (slip.number, SlipCounter.objects.get().last_number) == (2, 3)


def test_numbers_follow_on_without_gaps(tcp_table, record):
    first = record(tcp_table, 1, "five_card_progressive", WITH_ENVY)  # 1, its Envy 2
    second = record(tcp_table, 1, "five_card_progressive", ROYAL)  # the reseeded $10,000
    assert (first.number, second.number, second.award) == (1, 3, D("10000.00"))
    assert sorted(JackpotSlip.objects.values_list("number", flat=True)) == [1, 2, 3]


@pytest.mark.parametrize("assignment", ["number = 7", "number = NULL"])
def test_a_slips_number_is_never_changed(tcp_table, record, assignment):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    refused(f"UPDATE tables_jackpotslip SET {assignment} WHERE id = %s", [slip.pk],
            re.escape(ONCE))
    assert JackpotSlip.objects.get(pk=slip.pk).number == 1


def test_a_key_recorded_meanwhile_gives_that_slip(tcp_table, record, monkeypatch):
    """The second of a double-clicked submit looks its key up before the first commits, finds
    nothing, then waits on the key's unique index: once the first commits, its insert is
    refused and it answers the first's slip, numbering nothing."""
    first = record(tcp_table, 1, "three_card_progressive",
                   tcp_round(position(1, "8s 8h 8d", pair_plus="5.00",
                                      three_card_progressive="1.00")), key="double-click")
    looked_up = recording._same_key
    calls = []

    def not_yet(*args):
        calls.append(args)
        return None if len(calls) == 1 else looked_up(*args)

    monkeypatch.setattr(recording, "_same_key", not_yet)
    again = record(tcp_table, 1, "three_card_progressive", first.round, key="double-click")
    assert (again.pk, again.number, len(calls)) == (first.pk, 1, 2)
    assert JackpotSlip.objects.count() == 1
    assert SlipCounter.objects.get().last_number == 1
