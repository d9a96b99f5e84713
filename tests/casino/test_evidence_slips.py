"""Issue 28, reproducer 1: a paid slip's award rewritten in the database is named by
``audit_verify`` (as the owner with every trigger lifted: the application's role is refused,
item 1). Amounts by hand: Three Card Poker's Five-Card Progressive meter starts at $20,000
and resets to $10,000; a royal with $1 on it takes 100% of the meter, $20,000.00."""

import pytest
from django.core.management import CommandError, call_command

from tables.slips import services as slips
from tests.casino.evidence_owner import as_owner
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round, validate, void

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")
SLIP = "tables_jackpotslip"


@pytest.fixture
def paid_slip(tcp_table, record, floorperson, second_floorperson):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    slip = validate(slip, floorperson)
    return slips.slip_pay(slip=slip, actor=second_floorperson)


def _broken(*args) -> str:
    with pytest.raises(CommandError) as error:
        call_command("audit_verify", *args)
    return str(error.value)


@pytest.mark.django_db(transaction=True)
def test_a_paid_slips_award_rewritten_in_the_database_is_named(paid_slip, keystone):
    assert paid_slip.award == sb.D("20000.00")
    call_command("audit_verify")
    as_owner(("UPDATE tables_jackpotslip SET award = award + 90000 WHERE id = %s",
              [paid_slip.pk]), tables=(SLIP,))
    for args in ((), ("--full",)):
        message = _broken(*args)
        assert (f"Keystone Downs Casino (PA-TG-1001): Jackpot slip {paid_slip.number} at Keystone Downs "
                f"Casino: award $110,000.00 in the database, $20,000.00 in its audit event "
                f"(recorded ") in message


@pytest.mark.django_db(transaction=True)
def test_a_slips_meter_before_and_status_are_compared_too(paid_slip):
    as_owner(("UPDATE tables_jackpotslip SET meter_before = 25000 WHERE id = %s",
              [paid_slip.pk]), tables=(SLIP,))
    assert ("meter before $25,000.00 in the database, $20,000.00 in its audit event"
            in _broken("--full"))
    as_owner(("UPDATE tables_jackpotslip SET meter_before = 20000, status = 'validated' "
              "WHERE id = %s", [paid_slip.pk]), tables=(SLIP,))
    assert ("status Validated, to be paid in the database, Paid in its audit event"
            in _broken("--full"))


@pytest.mark.django_db(transaction=True)
def test_a_void_reason_rewritten_is_named(tcp_table, record, floor_manager, floorperson):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    void(slip, floor_manager, floorperson, reason="Wrong seat recorded")
    call_command("audit_verify", "--full")
    as_owner(("UPDATE tables_jackpotslip SET void_reason = 'Dealer error' WHERE id = %s",
              [slip.pk]), tables=(SLIP,))
    assert (f"Jackpot slip {slip.number} at Keystone Downs Casino: void reason Dealer error in "
            f"the database, Wrong seat recorded in its audit event") in _broken("--full")


@pytest.mark.django_db(transaction=True)
def test_a_slip_no_event_records_is_reported(paid_slip, keystone):
    as_owner(("INSERT INTO tables_jackpotslip (property_id, number, kind, table_id, game, seat, "
              "wager, wager_name, wager_amount, round, hand, from_seat, odds, rule, "
              "verification, paid_from, award, meter_name, witness_required, "
              "idempotency_key, status, recorded_at, void_reason) SELECT property_id, 999, "
              "kind, table_id, game, seat, wager, wager_name, wager_amount, round, hand, "
              "from_seat, odds, rule, verification, paid_from, award, meter_name, "
              "witness_required, '', 'validated', recorded_at, '' FROM tables_jackpotslip "
              "WHERE id = %s", [paid_slip.pk]), tables=(SLIP,))
    assert ("Jackpot slip 999 at Keystone Downs Casino: no audit event records it"
            in _broken())


@pytest.mark.django_db
def test_slips_as_recorded_paid_and_voided_verify(paid_slip, tcp_table, record, floor_manager,
                                                  floorperson, capsys):
    voided = record(tcp_table, 1, "five_card_progressive", ROYAL)
    void(voided, floor_manager, floorperson)
    call_command("audit_verify", "--full")
    assert "intact" in capsys.readouterr().out


@pytest.mark.django_db(transaction=True)
def test_the_hourly_run_compares_what_its_new_events_touched(tcp_table, record, floorperson,
                                                            second_floorperson, keystone):
    call_command("audit_verify")  # the checkpoint: everything before it is verified
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    slip = slips.slip_pay(slip=validate(slip, floorperson), actor=second_floorperson)
    as_owner(("UPDATE tables_jackpotslip SET paid_from = 'table_inventory' WHERE id = %s",
              [slip.pk]), tables=(SLIP,))
    assert (f"Jackpot slip {slip.number} at Keystone Downs Casino: paid from Table inventory in "
            f"the database, Not the table inventory (cage) in its audit event") in _broken()
