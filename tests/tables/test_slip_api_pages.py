"""The jackpot slip API and pages: the same rules as the services, strict input, other
properties' slips invisible (404), print view with signature lines, PDF, daily report CSV."""

import re

import pytest
from django.urls import reverse

from tables.slips import reports
from tables.slips import selectors as slip_selectors
from tables.slips.api import RECORD_EXAMPLE
from tests.frozen import unfrozen
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import D, position, tcp_round, validate, void
from tests.tables.test_floor_pages import seen

tcp_table, second_floorperson, record = sb.tcp_table, sb.second_floorperson, sb.record

pytestmark = pytest.mark.django_db

LIST = "/api/v1/jackpot-slips/"


def test_the_documented_example_records_validates_and_pays_over_the_api(
        tcp_table, api_session_for, floor_manager, floorperson, second_floorperson):
    fm = api_session_for(floor_manager)
    created = fm.post(LIST, RECORD_EXAMPLE, format="json")
    assert created.status_code == 201, created.json()
    body = created.json()
    # Royal flush A-K-Q-J-T of hearts: 100% of the $20,000 Five-Card meter (§649a.12(h)(1)).
    # The amount is fixed and the meter hit and reseeded at recording (the jackpot lock).
    assert (body["number"], body["status"], body["award"]) == (1, "recorded", "20000.00")
    assert (body["meter_before"], body["meter_after"]) == ("20000.0000000000",
                                                           "10000.0000000000")
    assert body["verification"] == "§649a.11(c)(7)(iii)" and body["witness_required"]
    assert (body["payouts_total"], [p["number"] for p in body["payouts"]]) == ("20000.00", [1])
    again = fm.post(LIST, RECORD_EXAMPLE, format="json")  # the same idempotency key and body
    assert (again.status_code, again.json()["id"]) == (201, body["id"])
    other = fm.post(LIST, {**RECORD_EXAMPLE, "seat": 2}, format="json")  # same key, new body
    assert other.status_code == 409 and list(other.json()["errors"]) == ["idempotency_key"]
    assert fm.post(LIST, {**RECORD_EXAMPLE, "idempotency_key": 12},
                   format="json").status_code == 400
    url = f"{LIST}{body['id']}/"
    own = fm.post(f"{url}validate/", format="json")  # the recorder never validates
    assert own.status_code == 400 and "§649a.11(c)(5)(iii)" in own.json()["errors"]["validated_by"][0]
    fp = api_session_for(floorperson)
    assert fp.post(f"{url}validate/", {}, format="json").status_code == 400  # no total
    wrong = fp.post(f"{url}validate/", {"total": "20021.00"}, format="json")
    assert wrong.status_code == 409 and list(wrong.json()["errors"]) == ["total"]
    validated = fp.post(f"{url}validate/", {"total": "20000.00"}, format="json")
    assert validated.status_code == 200, validated.json()
    assert (validated.json()["status"], validated.json()["award"]) == ("validated", "20000.00")
    refused = api_session_for(second_floorperson).post(
        f"{url}pay/", {"paid_from": "table_inventory"}, format="json")
    assert refused.status_code == 400 and "paid_from" in refused.json()["errors"]
    paid = api_session_for(second_floorperson).post(f"{url}pay/", {}, format="json")
    assert (paid.json()["status"], paid.json()["paid_by"]) == ("paid", "paula")


def test_a_losing_hand_and_an_unknown_field_are_400s_naming_the_field(tcp_table,
                                                                      api_session_for,
                                                                      floor_manager):
    fm = api_session_for(floor_manager)
    losing = {"table": "TCP-1", "seat": 1, "wager": "three_card_progressive",
              "round": tcp_round(position(1, "As Kd 7s", pair_plus="5.00",
                                          three_card_progressive="1.00"))}
    answer = fm.post(LIST, losing, format="json")
    assert answer.status_code == 400 and "does not win" in answer.json()["errors"]["wager"][0]
    answer = fm.post(LIST, {**losing, "amount": "5.00"}, format="json")
    assert answer.status_code == 400 and "amount" in answer.json()["errors"]
    answer = fm.post(LIST, {**losing, "round": {**losing["round"], "game": "baccarat"}},
                     format="json")
    assert answer.status_code == 400 and "round.game" in answer.json()["errors"]


def test_an_auditor_reads_but_cannot_record(tcp_table, api_session_for, auditor, record):
    record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"])
    client = api_session_for(auditor)
    assert client.post(LIST, RECORD_EXAMPLE, format="json").status_code == 403
    listed = client.get(LIST, {"status": "recorded", "amount_min": "1000"})
    assert [s["number"] for s in listed.json()["results"]] == [1]
    assert client.get(LIST, {"amount_min": "lots"}).status_code == 400


def test_other_properties_slips_are_404(tcp_table, record, api_session_for, client_for,
                                       make_staff, lakeside):
    slip = record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"])
    stranger = make_staff("lena", "floorperson", property=lakeside)
    api = api_session_for(stranger)
    assert api.get(f"{LIST}{slip.pk}/").status_code == 404
    assert api.post(f"{LIST}{slip.pk}/validate/", format="json").status_code == 404
    assert api.get(LIST).json()["results"] == []
    page = client_for(stranger).get(reverse("tables:slip-detail", args=[slip.pk]))
    assert page.status_code == 404
    for name in ("tables:slip-print", "tables:slip-pdf"):
        assert client_for(stranger).get(reverse(name, args=[slip.pk])).status_code == 404
    manager = make_staff("lars", "floor_manager", property=lakeside)
    table_page = reverse("tables:slip-record", args=[tcp_table.pk])
    assert client_for(manager).get(table_page).status_code == 404
    recorded = api_session_for(manager).post(LIST, RECORD_EXAMPLE, format="json")
    assert recorded.status_code == 400 and "table" in recorded.json()["errors"]


def test_the_print_view_has_the_hand_the_meter_and_a_witness_line_above_the_threshold(
        tcp_table, record, floorperson, client_for, auditor):
    big = validate(record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"]),
                   floorperson, "20000.00")
    small = record(tcp_table, 2, "three_card_progressive", tcp_round(
        position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="1.00")))
    client = client_for(auditor)
    page = client.get(reverse("tables:slip-print", args=[big.pk])).content.decode()
    for text in ('aria-label="Ace of hearts, King of hearts, Queen of hearts"',
                 '<span class="playing-card red">A♥</span>', "Jack of hearts, 10 of hearts",
                 "$20,000.00", "Meter before", "$10,000.00",
                 "Witness (security or cage)", "§649a.11(c)(7)(iii)"):
        assert text in page
    assert "Ah Kh Qh" not in page
    assert "Witness" not in client.get(reverse("tables:slip-print", args=[small.pk])).content \
        .decode()  # $60 is below the $1,200 threshold
    pdf = client.get(reverse("tables:slip-pdf", args=[big.pk]))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    text = pdf_text(pdf.content)
    # Helvetica (ReportLab's default, WinAnsi) has no suits: each is set in the standard
    # Symbol font, where the heart is code 0xA9 (octal 251).
    assert b"/BaseFont /Symbol" in pdf.content
    assert re.search(rb"\(A\) Tj /F\d+ \d+ Tf \(\\251\) Tj", text)
    for part in (b"$20,000.00", b"Meter before", b"Meter after", b"$10,000.00",
                 b"royal flush", b"Witness \\(security or cage\\)", b"Prepared by",
                 b"Validated by \\(floorperson or above"):
        assert part in text, part
    # The amount is what the player is handed, the wager returned with it (issue 30): a
    # royal flush on the $1.00 Five-Card Progressive pays 100% of the $20,000.00 meter.
    assert b"Amount to the player: $20,000.00 is $19,999.00 won and the $1.00" in text


def pdf_text(data: bytes) -> bytes:
    """The page content streams of a ReportLab PDF (ASCII85 over Flate), decoded."""
    import base64
    import re
    import zlib

    streams = re.findall(rb"stream\r?\n(.*?)endstream", data, re.S)
    return b"".join(zlib.decompress(base64.a85decode(raw.strip()[:-2])) for raw in streams
                    if raw.strip().endswith(b"~>"))


def test_the_daily_report_totals_live_slips_and_exports_csv(tcp_table, record, client_for,
                                                            auditor, floorperson,
                                                            floor_manager):
    live = record(tcp_table, 2, "three_card_progressive", tcp_round(
        position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00")))
    twice = record(tcp_table, 3, "three_card_progressive", tcp_round(
        position(3, "7s 7h 7d", pair_plus="5.00", three_card_progressive="1.00")))
    void(twice, floorperson, floor_manager, "Recorded twice")
    day = slip_selectors.gaming_day(tcp_table.property, live.recorded_at)
    report = reports.daily_report(property=tcp_table.property, day=day)
    assert (report.count, report.total) == (1, D("300.00"))  # 60 for 1 on $5; the void is out
    csv = client_for(auditor).get(reverse("tables:slip-report"),
                                  {"day": day.isoformat(), "format": "csv"}).content.decode()
    rows = csv.strip().splitlines()
    assert rows[0].startswith("Slip,Kind,Status") and len(rows) == 3
    assert ",Void," in rows[2] and "300.00" in rows[1]


def test_pages_record_from_the_table_and_validate(tcp_table, client_for, floor_manager,
                                                  floorperson):
    fm = client_for(floor_manager)
    url = reverse("tables:slip-record", args=[tcp_table.pk])
    form = {"seat_0": "1", "wager": "five_card_progressive", "dealer": "Qd 3c 2d",
            "community": "Jh Th", "cards_0": "Ah Kh Qh", "amount_0_pair_plus": "5.00",
            "amount_0_five_card_progressive": "1.00", "seat_1": "3", "cards_1": "2s 5c 9d",
            "amount_1_pair_plus": "5.00", "amount_1_five_card_progressive": "5.00",
            "idempotency_key": "page-1"}
    preview = fm.post(reverse("tables:slip-preview", args=[tcp_table.pk]), form).content.decode()
    assert "Wins the Five-Card Progressive" in preview and "$20,000.00" in preview
    assert "Seat 3: $5,000.00" in preview  # the Envy Bonus for a $5 wager
    assert "floorperson or above verifies" in preview
    losing = fm.post(reverse("tables:slip-preview", args=[tcp_table.pk]),
                     {**form, "cards_0": "2h 7c 9s"}).content.decode()
    assert "Not a jackpot" in losing and "does not win" in losing
    # Recording asks first, naming the amounts, the stake in them and the meter's reset; it
    # records nothing until confirmed (issue 30).
    asked = seen(fm.post(url, form).content.decode())
    assert ("Seat 1: royal flush (A), the Five-Card Progressive Payout Wager at 100% of meter "
            "on $1.00: $20,000.00. $20,000.00 is $19,999.00 won and the $1.00 Five-Card "
            "Progressive Payout Wager returned with it.") in asked
    assert "Seat 3: Envy Bonus for the royal flush at seat 1: $5,000.00 (it stakes nothing)." \
        in asked
    assert "2 slips, $25,000.00 in all." in asked
    assert ("The Five-Card Progressive meter pays $20,000.00 and is reset: from $20,000.00 to "
            "$10,000.00, its reset amount (§605a.7).") in asked
    assert "Record the slip: $25,000.00" in asked
    from tables.models import JackpotSlip
    assert not JackpotSlip.objects.exists()
    done = fm.post(url, {**form, "confirm": "yes"})
    assert done.status_code == 302
    fp = client_for(floorperson)
    detail = fp.get(done["Location"]).content.decode()
    assert "validate-button" in detail
    assert "validate-button" not in fm.get(done["Location"]).content.decode()
    # Every payout the validation makes, with the seats' cards and the sections, and a
    # confirmation naming the amounts: $20,000 to seat 1, the $5,000 Envy Bonus to seat 3.
    payouts = detail[detail.index('id="payouts"'):detail.index("</table>",
                                                              detail.index('id="payouts"'))]
    for text in ('Seat&#x27;s cards: <span class="hand-cards" role="img" '
                 'aria-label="Ace of hearts, King of hearts, Queen of hearts">',
                 'aria-label="2 of spades, 5 of clubs, 9 of diamonds"', "$20,000.00",
                 "$5,000.00", "§649a.12(h)", "§649a.11(c)(7)(iii)", "$25,000.00"):
        assert text in payouts, text
    assert ("I confirm slip 1: $20,000.00 to seat 1 (Five-Card Progressive Payout Wager); "
            "slip 2: $5,000.00 to seat 3 (Envy Bonus on the Five-Card Progressive Payout "
            "Wager): $25,000.00 in all.") in detail
    validate_url = done["Location"] + "validate/"
    fp.post(validate_url, {"total": "25000.00"})  # the confirmation not ticked: nothing
    fp.post(validate_url, {"total": "20000.00", "confirm": "yes"})  # not what it shows
    assert set(JackpotSlip.objects.values_list("status", flat=True)) == {"recorded"}
    fp.post(validate_url, {"total": "25000.00", "confirm": "yes"})
    assert set(JackpotSlip.objects.values_list("status", flat=True)) == {"validated"}
    # Marking it paid asks first, saying what will happen; only the confirmation pays.
    slip = JackpotSlip.objects.get(table=tcp_table, number=1)
    pay_url = done["Location"] + "pay/"
    asked = fp.post(pay_url, {"paid_from": "not_table_inventory"}).content.decode()
    assert "Mark slip 1 paid?" in asked
    assert ("$20,000.00 to the player at seat 1 of table TCP-1, for a royal flush (A) on the "
            "Five-Card Progressive Payout Wager.") in asked
    assert "The jackpot is no longer pending on the Five-Card Progressive meter." in asked
    assert "Paid from: Not from the table inventory: documented and paid by the cage." in asked
    assert "You, felix, are recorded as paying it." in asked
    assert JackpotSlip.objects.get(pk=slip.pk).status == "validated"  # asked, not done
    fp.post(pay_url, {"paid_from": "not_table_inventory", "confirm": "yes"})
    paid = JackpotSlip.objects.get(pk=slip.pk)
    assert (paid.status, paid.paid_by) == ("paid", floorperson)


def guide_blocks() -> list:
    """The JSON blocks of docs/integrator.md's jackpot slip section, in order."""
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs/integrator.md").read_text()
    section = text[text.index("### `POST /api/v1/jackpot-slips/`"):]
    section = section.split("\n## ", 1)[0].split("\n### ", 1)[0]
    return [json.loads(b) for b in re.findall(r"```json\n(.*?)```", section, re.S)]


def test_the_guides_worked_example_is_what_the_api_answers(tcp_table, api_session_for,
                                                           floor_manager, floorperson):
    """docs/integrator.md's worked jackpot, block by block: the recording's request and the
    fields of its answer, a validation with a total the validator did not see and its 409,
    the validation confirming the total and the fields of its answer. Every answer shown is the
    API's (here the guide's TCP-1: $20,000 on the Five-Card meter, reset $10,000)."""
    blocks = guide_blocks()
    assert len(blocks) == 6 and blocks[0] == RECORD_EXAMPLE
    fp = api_session_for(floorperson)
    recorded = api_session_for(floor_manager).post(LIST, blocks[0], format="json")
    assert recorded.status_code == 201
    url = f"{LIST}{recorded.json()['id']}/validate/"

    def subset(shown, answer):
        assert {key: answer[key] for key in shown} == shown

    subset(blocks[1], recorded.json())
    wrong = fp.post(url, blocks[2], format="json")
    assert (wrong.status_code, wrong.json()) == (409, blocks[3])
    done = fp.post(url, blocks[4], format="json")
    assert done.status_code == 200
    subset(blocks[5], done.json())


def test_a_void_over_the_api_takes_a_reason_then_a_second_person(tcp_table, record,
                                                                 api_session_for, floorperson,
                                                                 floor_manager):
    slip = record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"])
    url = f"{LIST}{slip.pk}/void/"
    first, second = api_session_for(floorperson), api_session_for(floor_manager)
    meters = second.get("/api/v1/meters/").json()["results"]
    (five_card,) = [m for m in meters if m["key"] == "five_card_progressive"]
    assert five_card["amount"] == "10000.00" and five_card["pending_jackpots"] == [
        {"number": 1, "kind": "jackpot", "status": "recorded", "amount": "20000.00",
         "table": "TCP-1", "seat": 1, "recorded_at": five_card["pending_jackpots"][0][
             "recorded_at"]}]
    assert first.post(url, {}, format="json").json()["errors"] == {
        "reason": ["A reason is required to ask for a void."]}
    asked = first.post(url, {"reason": "Seat 2's hand, not seat 1's"}, format="json").json()
    assert (asked["status"], asked["void_requested_by"]) == ("recorded", "felix")
    again = second.post(url, {"reason": "duplicate"}, format="json")  # never a confirmation
    assert again.status_code == 409 and "open void request" in again.json()["errors"]["void"][0]
    own = first.post(f"{url}confirm/", {}, format="json")
    assert own.status_code == 400 and "voided_by" in own.json()["errors"]
    done = second.post(f"{url}confirm/", {}, format="json").json()
    assert (done["status"], done["voided_by"]) == ("voided", "fiona")
    meters = second.get("/api/v1/meters/").json()["results"]
    (five_card,) = [m for m in meters if m["key"] == "five_card_progressive"]
    assert (five_card["amount"], five_card["pending_jackpots"]) == ("20000.00", [])
    assert first.post(f"{LIST}{slip.pk}/validate/", {"total": "20000.00"},
                      format="json").status_code == 409
    assert second.post(f"{url}confirm/", {}, format="json").status_code == 409


def test_the_list_names_a_bad_filter_and_reads_a_page_in_a_fixed_number_of_queries(
        tcp_table, record, api_session_for, auditor, floorperson, django_assert_num_queries):
    for seat in (1, 2, 3):
        validate(record(tcp_table, seat, "five_card_progressive", tcp_round(
            position(seat, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
            community="Jh Th")), floorperson)
    client = api_session_for(auditor)
    for params, field in (({"amount_min": "lots"}, "amount_min"),
                          ({"date_from": "30/11/2026"}, "date_from"),
                          ({"status": "lost"}, "status"), ({"seat": "1"}, "seat")):
        answer = client.get(LIST, params)
        assert answer.status_code == 400 and field in answer.json()["errors"], params
    assert client.get(LIST, {"status": "lost"}).json()["errors"]["status"] == [
        "Choose one of recorded (Waiting for validation), validated (Validated, to be paid), "
        "paid (Paid), voided (Void)."]
    client.get(LIST)  # the session and permissions, read once
    # the session, user, abilities and property; then the page, 51 rows at most (it holds
    # every slip found: nothing more to count)
    with django_assert_num_queries(5):
        found = client.get(LIST, {"status": "validated"}).json()
    assert [s["award"] for s in found["results"]] == ["10000.00", "10000.00", "20000.00"]


def test_pages_follow_the_roles(tcp_table, record, client_for, auditor, floorperson,
                                floor_manager):
    slip = record(tcp_table, 1, "five_card_progressive", RECORD_EXAMPLE["round"])
    record_page = reverse("tables:slip-record", args=[tcp_table.pk])
    assert client_for(auditor).get(record_page).status_code == 403
    assert client_for(floorperson).get(record_page).status_code == 403
    assert client_for(floor_manager).get(record_page).status_code == 200
    refused = client_for(floor_manager).post(
        reverse("tables:slip-validate", args=[slip.pk]),
        {"total": "20000.00", "confirm": "yes"}, follow=True)  # he recorded it (§649a.11(c)(5)(iii))
    assert "cannot validate" in refused.content.decode()
    slip.refresh_from_db()
    assert slip.status == "recorded"
    assert client_for(auditor).post(reverse("tables:slip-validate", args=[slip.pk])).status_code == 403
    auditor_client = client_for(auditor)
    listing = auditor_client.get(reverse("tables:slip-list"), {"status": "recorded"})
    assert listing.status_code == 200 and "$20,000.00" in listing.content.decode()
    assert "Record a jackpot slip" not in listing.content.decode()
    partial = auditor_client.get(reverse("tables:slip-list"), {"table": "TCP-9"},
                                 HTTP_HX_REQUEST="true").content.decode()
    assert "No jackpot slips match." in partial and "<html" not in partial


def test_the_gaming_day_runs_from_the_propertys_cut_off(tcp_table, record, client_for,
                                                        auditor):
    # The gaming day ends at 06:00 local time (Property.gaming_day_ends): a slip recorded at
    # 03:00 on 1 December belongs to the gaming day of 30 November.
    import datetime

    from django.utils import timezone

    from tables.models import JackpotSlip

    slip = record(tcp_table, 2, "three_card_progressive", tcp_round(
        position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00")))
    night = timezone.make_aware(datetime.datetime(2026, 12, 1, 3, 0))
    with unfrozen("tables_jackpotslip"):
        JackpotSlip.objects.filter(pk=slip.pk).update(recorded_at=night)
    assert slip_selectors.gaming_day(tcp_table.property, night) == datetime.date(2026, 11, 30)
    nov_30 = reports.daily_report(property=tcp_table.property, day=datetime.date(2026, 11, 30))
    dec_1 = reports.daily_report(property=tcp_table.property, day=datetime.date(2026, 12, 1))
    assert ([s.number for s in nov_30.slips], dec_1.slips) == ([1], [])
    page = client_for(auditor).get(reverse("tables:slip-report"), {"day": "2026-11-30"})
    assert "1 slip in force, $300.00 in all" in page.content.decode()


def test_each_list_filter_narrows_to_the_slips_it_names(tcp_table, record, api_session_for,
                                                        client_for, auditor, floorperson,
                                                        floor_manager):
    # Slip 1: trips 8-8-8 at TCP-1, 60 for 1 on $5 = $300, validated. Slip 2: a royal at
    # TCP-2, 100% of the $20,000 Five-Card meter, waiting for validation. Slip 3: trips at
    # TCP-1 again, recorded on the gaming day of 28 November (the cut-off is 06:00).
    import datetime

    from django.utils import timezone

    from tables.models import JackpotSlip

    other = sb.open_table(tcp_table.property, tcp_table.submission, "TCP-2", floor_manager)
    trips = tcp_round(position(2, "8s 8h 8d", pair_plus="5.00", three_card_progressive="5.00"))
    validate(record(tcp_table, 2, "three_card_progressive", trips), floorperson, "300.00")
    record(other, 1, "five_card_progressive", tcp_round(
        position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
        community="Jh Th"))
    old = record(tcp_table, 2, "three_card_progressive", trips)
    with unfrozen("tables_jackpotslip"):
        JackpotSlip.objects.filter(pk=old.pk).update(
            recorded_at=timezone.make_aware(datetime.datetime(2026, 11, 28, 12, 0)))
    client = api_session_for(auditor)

    def numbers(**params):
        answer = client.get(LIST, params)
        assert answer.status_code == 200, answer.content
        return [s["number"] for s in answer.json()["results"]]

    assert numbers() == [3, 2, 1]
    assert numbers(table="TCP-1") == [3, 1]
    assert numbers(table="TCP-2") == [2]
    assert numbers(status="recorded") == [3, 2]
    assert numbers(status="validated") == [1]
    assert numbers(amount_min="1000") == [2]
    assert numbers(amount_max="300.00") == [3, 1]
    assert numbers(amount_min="300.01", amount_max="19999.99") == []
    assert numbers(date_from="2026-11-28", date_to="2026-11-28") == [3]
    assert numbers(date_to="2026-11-27") == []
    page = client_for(auditor).get(reverse("tables:slip-list"),
                                   {"table": "TCP-2", "status": "recorded"})
    listed = page.content.decode()
    assert page.status_code == 200 and "$20,000.00" in listed and "$300.00" not in listed


def test_an_envy_bonus_slip_reads_plainly_to_an_auditor(tcp_table, record, floorperson,
                                                        client_for, auditor):
    # Seat 1's royal flush; seat 3's $1 Five-Card Progressive is due a $1,000 Envy Bonus
    # (§649a.12(h)(5)): its slip names the jackpot's wager, shows the amount once, and an
    # auditor, who may do nothing to it, sees no empty Actions box.
    body = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                     position(3, "2s 5c 9d", pair_plus="5.00", five_card_progressive="1.00"),
                     community="Jh Th")
    jackpot = validate(record(tcp_table, 1, "five_card_progressive", body), floorperson,
                       "21000.00")
    envy = jackpot.companions.get()
    page = client_for(auditor).get(reverse("tables:slip-detail", args=[envy.pk]))
    text = page.content.decode()
    assert "Envy Bonus on the Five-Card Progressive Payout Wager $1.00" in text
    assert "$1,000.00: " not in text and "Actions" not in text
    assert "envy_bonus" not in text and "None" not in text


def test_the_next_page_of_a_filtered_list_keeps_its_filters(tcp_table, floor_manager,
                                                            client_for, auditor):
    from tables.models import JackpotSlip

    JackpotSlip.objects.bulk_create(
        JackpotSlip(property=tcp_table.property, number=n, table=tcp_table, game=tcp_table.game,
                    seat=1, wager="pair_plus", wager_name="Pair Plus", wager_amount=D("5.00"),
                    paid_from="table_inventory", award=D("300.00"), recorded_by=floor_manager)
        for n in range(1, 53))
    page = client_for(auditor).get(reverse("tables:slip-list"),
                                   {"table": "TCP-1", "amount_min": "100"})
    # slips 52 to 3 shown; the older page starts below 3
    assert 'href="?table=TCP-1&amp;amount_min=100&amp;older=3" id="older-page"' in \
        page.content.decode()
