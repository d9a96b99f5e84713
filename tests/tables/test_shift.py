"""The floor manager's shift page (issue 30): open tables, the gaming day's slips, each meter's
movement over the day worked out by hand from its ledger, what waits on whom, in a pinned number
of statements and never another property's; and the jackpot notice's poll: 304 while nothing
changed, the waiting jackpot shown to a validator and never to its recorder."""

import datetime as dt

import pytest
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils import timezone

from tables.meters import services as meters
from tables.models import MeterEntry
from tables.shift import selectors as shift
from tables.slips import services as slips
from tests.frozen import unfrozen
from tests.queries import counting
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate

tcp_table, record, second_floorperson = sb.tcp_table, sb.record, sb.second_floorperson

pytestmark = pytest.mark.django_db


def royal(seat: int) -> dict:
    """A royal flush of hearts at ``seat`` with the $1 Five-Card Progressive wager: 100% of the
    meter (§649a.12(h)(1)), which is reset at once."""
    return tcp_round(position(seat, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")


ROYAL = royal(1)
SHIFT, NOTICE = "/floor/shift/", "/floor/shift/notice/"


def before_the_day(table):
    """The meters were seeded on an earlier gaming day: their seeds dated before this one."""
    _day, start, _end = shift.day_bounds(table.property)
    with unfrozen("tables_meterentry"):
        MeterEntry.objects.filter(meter__table=table, kind="seed").update(
            created_at=start - dt.timedelta(hours=1))


def contribute(table, *amounts):
    """Qualifying Five-Card Progressive wagers of ``amounts`` at seat 1, applied."""
    events = [(i + 1, table.pk, 1, "five_card_progressive", D(a)) for i, a in enumerate(amounts)]
    with transaction.atomic():
        meter = meters.lock_meters(table)["five_card_progressive"]
        meters.meter_apply_contributions(meter, events)
        meter.save()


def five_card(page_shift):
    return next(m for m in page_shift.meters if m.meter.key == "five_card_progressive")


def test_the_meter_movement_of_the_day_worked_by_hand(tcp_table, record, floor_manager,
                                                      floorperson, client_for):
    # The Five-Card Progressive starts the day at its $20,000.00 seed (5% rate, reset
    # $10,000). Two wagers, $5.00 and $3.00: 5% of $8.00 = $0.40 in, the meter $20,000.40. A
    # royal flush takes 100% of it: one hit paid $20,000.40, the meter reset to $10,000.00
    # (the house funds all of it: no reserve). Change: +0.40 - 20,000.40 + 10,000 = -$10,000.
    before_the_day(tcp_table)
    contribute(tcp_table, "5.00", "3.00")
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    assert slip.award == D("20000.40")
    slips.slip_pay(slip=validate(slip, floorperson), actor=floorperson, data={})

    day = shift.shift_for(floor_manager, tcp_table.property)
    row = five_card(day)
    assert (row.wagers, row.contributed, row.hits, row.paid) == (2, D("0.40"), 1, D("20000.40"))
    assert (row.reset, row.seeded_adjusted, row.change) == (D("10000"), 0, D("-10000"))
    assert (row.started_at, row.meter.amount) == (D("20000"), D("10000"))
    quiet = next(m for m in day.meters if m.meter.key == "three_card_progressive")
    assert (quiet.wagers, quiet.contributed, quiet.paid, quiet.change) == (0, 0, 0, 0)
    assert [s.number for s in day.slips] == [1] and day.waiting == []
    assert [t.label for t in day.tables] == ["TCP-1"]

    page = client_for(floor_manager).get(SHIFT)
    assert page.status_code == 200
    html = page.content.decode()
    # At the start, contributions, paid, reset, now: as the meter board writes money.
    for figure in ("$20,000.00", "$0.40", "2 wagers", "$20,000.40", "1 hit", "$10,000.00"):
        assert figure in html
    assert "Slip 1</a>" in html and "Paid" in html


def test_a_void_of_the_day_gives_back_the_payment_and_the_reset(tcp_table, record,
                                                                floor_manager, floorperson,
                                                                second_floorperson):
    # Recorded ($20,000.00: hit and reset to $10,000) then voided: the reversal puts the
    # $20,000 back and takes the $10,000 reset away: paid $0, reset $0, change $0.
    before_the_day(tcp_table)
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    sb.void(slip, floorperson, second_floorperson)
    row = five_card(shift.shift_for(floor_manager, tcp_table.property))
    assert (row.hits, row.paid, row.reset, row.change) == (1, 0, 0, 0)


def test_what_waits_on_whom_follows_the_two_person_rules(tcp_table, record, floor_manager,
                                                         floorperson, second_floorperson):
    before_the_day(tcp_table)
    first = record(tcp_table, 1, "five_card_progressive", ROYAL)  # $20,000.00
    second = record(tcp_table, 2, "three_card_progressive",
                    tcp_round(position(2, "As Ks Qs", pair_plus="5.00",
                                              three_card_progressive="1.00")))
    validate(second, floorperson)
    slips.slip_void(slip=first, actor=floorperson, data={"reason": "Wrong seat recorded"})

    seen_by = {u.username: {(w.slip.number, w.step): w.yours for w in
                            shift.shift_for(u, tcp_table.property).waiting}
               for u in (floor_manager, floorperson, second_floorperson)}
    # Slip 1 waits for a second person to confirm its void: anyone but Felix who asked.
    # Slip 2 waits for payment: any floorperson or above, its recorder too.
    assert seen_by == {"fiona": {(1, "void"): True, (2, "payment"): True},
                       "felix": {(1, "void"): False, (2, "payment"): True},
                       "paula": {(1, "void"): True, (2, "payment"): True}}


def test_another_propertys_tables_slips_and_meters_never_show(
        tcp_table, record, floor_manager, make_staff, lakeside, client_for):
    tgm = make_staff("lena", "table_games_manager", lakeside)
    officer = make_staff("luis", "compliance_officer", lakeside)
    boss = make_staff("lara", "floor_manager", lakeside)
    terms = sb.approve(lakeside, sb.tcp_terms(), tgm, officer)
    lake = sb.open_table(lakeside, terms, "LAKE-1", boss)
    record(lake, 1, "five_card_progressive", ROYAL, actor=boss)
    record(tcp_table, 1, "five_card_progressive", ROYAL)

    day = shift.shift_for(floor_manager, tcp_table.property)
    assert [t.label for t in day.tables] == ["TCP-1"]
    assert [(s.table.label, s.number) for s in day.slips] == [("TCP-1", 1)]
    assert {m.meter.table.label for m in day.meters} == {"TCP-1"}
    assert [w.slip.table.label for w in day.waiting] == ["TCP-1"]
    html = client_for(floor_manager).get(SHIFT).content.decode()
    assert "TCP-1" in html and "LAKE-1" not in html


def test_the_shift_page_costs_the_same_statements_however_many_slips(tcp_table, record,
                                                                     floor_manager,
                                                                     floorperson, client_for):
    client = client_for(floor_manager)
    record(tcp_table, 1, "five_card_progressive", ROYAL)
    client.get(SHIFT)  # the session's idle clock is written once a minute: not counted here
    with counting() as one:
        assert client.get(SHIFT).status_code == 200
    for seat in (2, 3):
        validate(record(tcp_table, seat, "five_card_progressive", royal(seat)), floorperson)
    with counting() as three:
        assert client.get(SHIFT).status_code == 200
    assert len(three) == len(one) == SHIFT_STATEMENTS, three.by_table()
    assert three.of("tables_jackpotslip") == 3 and three.of("tables_meterentry") == 1


# Session, user, abilities, property; open tables; the day's slips; ledger sums; meters; the
# pending slips and their companions; layouts waiting.
SHIFT_STATEMENTS = 11


def test_who_sees_the_page_and_the_link(client_for, floor_manager, floorperson, auditor,
                                        newcomer):
    for user in (floor_manager, floorperson, auditor):
        assert client_for(user).get(SHIFT).status_code == 200
    assert client_for(newcomer).get(SHIFT).status_code == 403
    # The navigation bar links it for whoever validates and pays: the floor's people.
    assert f'href="{SHIFT}"' in client_for(floorperson).get("/floor/").content.decode()
    assert f'href="{SHIFT}"' not in client_for(auditor).get("/floor/").content.decode()
    assert 'id="jackpot-notice"' in client_for(floorperson).get("/floor/").content.decode()


# --- The notice --------------------------------------------------------------------------------

def test_the_notice_shows_a_waiting_jackpot_to_a_validator_never_to_its_recorder(
        tcp_table, record, floor_manager, floorperson, client_for):
    slip = record(tcp_table, 1, "five_card_progressive", ROYAL)
    validator, recorder = client_for(floorperson), client_for(floor_manager)
    shown = validator.get(NOTICE)
    assert shown.status_code == 200 and shown["ETag"]
    assert "Jackpot waiting for your validation: Table TCP-1, $20,000.00" in \
        " ".join(shown.content.decode().split())
    mine = recorder.get(NOTICE)
    assert mine.status_code == 200 and "Jackpot" not in mine.content.decode()

    validate(slip, floorperson)
    # Validated: the recorder may pay it now, and is told; the validator's version changed.
    again = validator.get(NOTICE, headers={"If-None-Match": shown["ETag"]})
    assert again.status_code == 200 and again["ETag"] != shown["ETag"]
    assert "Jackpot waiting to be paid: Table TCP-1, $20,000.00" in \
        " ".join(recorder.get(NOTICE).content.decode().split())


def test_an_unchanged_poll_answers_304_in_one_slip_query(tcp_table, record, floorperson,
                                                          client_for):
    record(tcp_table, 1, "five_card_progressive", ROYAL)
    client = client_for(floorperson)
    etag = client.get(NOTICE)["ETag"]
    with counting() as counted:
        unchanged = client.get(NOTICE, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.content == b""
    assert unchanged["ETag"] == etag
    # The request's own reads (session, user, abilities, property) and one of the slips.
    assert counted.of("tables_jackpotslip") == 1 and len(counted) == 5, counted.by_table()


def test_the_notice_is_empty_for_whoever_neither_validates_nor_pays(client, auditor,
                                                                    client_for):
    assert client.get(NOTICE).status_code == 204  # signed out: the script stops
    assert client_for(auditor).get(NOTICE).status_code == 204
    assert 'id="jackpot-notice"' not in client_for(auditor).get("/floor/").content.decode()


def test_a_poll_never_restarts_the_idle_clock_a_page_does(floorperson, client_for):
    client = client_for(floorperson)
    key = client.session.session_key
    expires = Session.objects.get(session_key=key).expire_date
    assert client.get(NOTICE).status_code == 200
    assert Session.objects.get(session_key=key).expire_date == expires
    assert client.get(SHIFT).status_code == 200  # use: the clock starts again
    assert Session.objects.get(session_key=key).expire_date > expires


def test_a_gaming_day_runs_from_the_propertys_hour_to_the_next_morning(keystone):
    # Keystone's day ends at 06:00 local time: 05:59 on 6 December still belongs to the 5th.
    keystone.gaming_day_ends = dt.time(6, 0)
    at = timezone.make_aware(dt.datetime(2026, 12, 6, 5, 59))
    day, start, end = shift.day_bounds(keystone, at)
    assert day == dt.date(2026, 12, 5)
    assert (timezone.localtime(start), timezone.localtime(end)) == (
        timezone.make_aware(dt.datetime(2026, 12, 5, 6, 0)),
        timezone.make_aware(dt.datetime(2026, 12, 6, 6, 0)))
    # New York's clocks go back at 02:00 on 1 November 2026: that gaming day is 25 hours long.
    _day, start, end = shift.day_bounds(keystone, timezone.make_aware(dt.datetime(2026, 11, 1)))
    utc = dt.UTC
    assert end.astimezone(utc) - start.astimezone(utc) == dt.timedelta(hours=25)
