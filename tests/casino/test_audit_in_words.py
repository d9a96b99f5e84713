"""The audit log in words (issue 30): amounts as "$15,750.00", wagers by their regulation
names, people by their names, a payment's amount, seat and where it was paid from; the CSV's
columns in words; the object list by kind, people apart from slips; API docs only for those who
integrate; a returned Rules Submission names its author by name."""

import csv
import io

import pytest
from django.urls import reverse

from casino.audit import target_key
from casino.audit_display import changes, shown, wager_name, who
from casino.models import AuditEvent
from tables.slips import services as slips
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round, validate

pytestmark = pytest.mark.django_db

record = sb.record
# Seat 4's K-K-4 and the dealer's K-4-4 make a full house, kings over fours: the Six Card Bonus
# pays 20 to 1 on $750 (paytable 1,000-200-100-20-15-10-7), $15,000 and the $750 wager back.
FULL_HOUSE = tcp_round(position(4, "Ks Kh 4d", pair_plus="5.00", six_card_bonus="750.00"),
                       dealer="Kc 4s 4h")
PAYOUT = "$15,750.00"


def named(user, first: str, last: str):
    user.first_name, user.last_name = first, last
    user.save()
    return user


@pytest.fixture
def six_card_table(keystone, table_games_manager, compliance_officer, floor_manager):
    """Three Card Poker offering the Six Card Bonus on its first posted paytable."""
    terms = sb.tcp_terms()
    terms["wagers"]["six_card_bonus"] = "three_card_poker.six_card_bonus.posted_1"
    return sb.open_table(keystone, sb.approve(keystone, terms, table_games_manager,
                                              compliance_officer), "TCP-6", floor_manager)


@pytest.fixture
def recorded(six_card_table, record, floor_manager, floorperson):
    """Fiona Marsh records seat 4's full house; Felix Porter validates it ($15,750.00)."""
    named(floor_manager, "Fiona", "Marsh")
    named(floorperson, "Felix", "Porter")
    slip = record(six_card_table, 4, "six_card_bonus", FULL_HOUSE)
    return validate(slip, floorperson, "15750.00")


@pytest.fixture
def paid_slip(recorded, floorperson):
    return slips.slip_pay(slip=recorded, actor=floorperson)


def events(response) -> str:
    return events_of(response.content.decode())


def events_of(html: str) -> str:
    html = html[html.find('id="audit-table"'):]  # the events, not the chains' status
    return html[html.index("<tbody>"):html.index("</tbody>")]


def row_of(html: str, action: str) -> str:
    start = html.index(f"<td>{action}</td>")
    return html[html.rindex("<tr>", 0, start):html.index("</tr>\n", start)]


def csv_table(response) -> list[list[str]]:
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


def test_the_slip_reads_in_words_and_dollars_on_the_audit_page(client_for, auditor, paid_slip):
    html = events(client_for(auditor).get(reverse("audit_log"),
                                          {"target": target_key(paid_slip)}))
    paid = row_of(html, "Jackpot slip paid")
    assert "<td>Felix Porter</td>" in paid
    assert (f"<th>Payout</th><td>{PAYOUT}</td></tr><tr class=\"change-set\"><th>Seat</th>"
            "<td>4</td></tr><tr class=\"change-set\"><th>Paid from</th><td>Table inventory</td>"
            in paid)
    assert "<del>Validated, to be paid</del> → <ins>Paid</ins>" in paid
    validated = row_of(html, "Jackpot slip validated")
    assert f"<th>Total of the payouts validated</th><td><ins>{PAYOUT}</ins>" in validated
    recorded = row_of(html, "Jackpot slip recorded")
    assert "<td>Fiona Marsh</td>" in recorded
    assert "<th>Wager</th><td>Six Card Bonus Wager</td>" in recorded
    assert "<th>Wager amount</th><td>$750.00</td>" in recorded
    for code in ("15750", "six_card_bonus", "Six card bonus", "table_inventory", "fiona",
                 "felix"):
        assert code not in html


def test_the_csv_has_its_columns_and_values_in_words(client_for, auditor, paid_slip):
    table = csv_table(client_for(auditor).get(reverse("audit_log"), {
        "target": target_key(paid_slip), "format": "csv"}))
    assert table[0] == ["When", "Person", "Action", "Object", "Changes"]
    assert [r[1:4] for r in table[1:]] == [
        ["Felix Porter", "Jackpot slip paid", "Jackpot slip 1"],
        ["Felix Porter", "Jackpot slip validated", "Jackpot slip 1"],
        ["Fiona Marsh", "Jackpot slip recorded", "Jackpot slip 1"]]
    assert table[1][4] == (f"Payout: {PAYOUT}; Seat: 4; Paid from: Table inventory; "
                           "Status: Validated, to be paid → Paid")
    assert f"Total of the payouts validated: — → {PAYOUT}" in table[2][4]
    assert "Wager: Six Card Bonus Wager" in table[3][4]
    text = "\n".join(",".join(r) for r in table)
    for code in ("tables.slip.pay", "tables.jackpotslip:", "15750.00", "fiona", "felix"):
        assert code not in text


def test_a_payment_from_elsewhere_shows_the_change_of_where_it_is_paid_from(
        client_for, auditor, recorded, floorperson):
    slips.slip_pay(slip=recorded, actor=floorperson, data={"paid_from": "not_table_inventory"})
    table = csv_table(client_for(auditor).get(reverse("audit_log"), {
        "action": "Jackpot slip paid", "format": "csv"}))
    assert table[1][4] == (f"Payout: {PAYOUT}; Seat: 4; Status: Validated, to be paid → Paid; "
                           "Paid from: Table inventory → Not the table inventory (cage)")


def test_the_object_list_puts_people_apart_from_slips(client_for, auditor, paid_slip,
                                                      floorperson):
    html = client_for(auditor).get(reverse("audit_log")).content.decode()
    objects = html[html.index('<select name="target"'):html.index("</select>")]
    groups = {g.split('"')[0]: g for g in objects.split('<optgroup label="')[1:]}
    assert ">Jackpot slip 1</option>" in groups["Jackpot slip"]
    assert f'<option value="auth.user:{floorperson.pk}">Felix Porter</option>' in groups["People"]
    assert "Felix Porter" not in groups["Jackpot slip"] and "felix" not in objects


def test_wagers_are_named_as_the_engine_names_them():
    assert wager_name("six_card_bonus") == "Six Card Bonus Wager"
    assert wager_name("pair_plus", "three_card_poker") == "Pair Plus Wager"
    # Two games name the Blazing 7's wager apart: without the game it is not guessed.
    assert wager_name("blazing_7s") is None
    assert shown("blazing_7s", "wager") == "Blazing 7's"


def test_a_table_says_what_its_progressive_system_is():
    [change] = changes(None, {"progressive_system": "PTS-1001"}, "tables.table.create")
    assert (change.label, change.after) == (
        "Progressive table game system (the identifier of the system that runs the table's "
        "progressive meters)", "PTS-1001")


def test_people_are_named_by_their_names_with_the_token_they_used(floor_manager, keystone):
    named(floor_manager, "Fiona", "Marsh")
    by_token = AuditEvent(actor=floor_manager, actor_repr="fiona (token “tablet 3”, no. 12)")
    assert who(by_token) == "Fiona Marsh, with token “tablet 3”, no. 12"
    assert who(AuditEvent(actor=floor_manager, actor_repr="fiona")) == "Fiona Marsh"
    assert who(AuditEvent(actor=None, actor_repr="system")) == "the system"
    [person, _] = changes(None, {"user": "fiona", "property": keystone.pk},
                          "casino.staffmembership.create")
    assert (person.label, person.after) == ("User", "Fiona Marsh")


def test_no_user_name_where_a_name_is_on_file(client_for, compliance_officer, auditor,
                                              floor_manager, keystone):
    named(floor_manager, "Fiona", "Marsh")
    named(compliance_officer, "Colin", "Park")
    html = client_for(compliance_officer).get(
        reverse("property_detail", args=[keystone.pk])).content.decode()
    assert "<td>Fiona Marsh</td>" in html and "<td>fiona</td>" not in html
    log = client_for(compliance_officer).get(reverse("audit_log")).content.decode()
    table = events_of(log)
    assert "<th>User</th><td>Fiona Marsh</td>" in table  # her staff membership's event
    assert ">Fiona Marsh</a>" in table  # the object of the events about her
    assert ">fiona<" not in log and "fiona @" not in log


def test_a_returned_version_names_its_author(client_for, compliance_officer,
                                             table_games_manager, keystone):
    from rulesubmissions import services
    from rulesubmissions.engine import game_spec
    from tests.rulesubmissions.builders import terms_for

    named(table_games_manager, "Tara", "Grant")
    draft = services.submission_create(actor=table_games_manager, property=keystone,
                                       terms=terms_for(game_spec("three_card_poker")))
    services.submission_transition(actor=table_games_manager, submission=draft, to="submitted")
    url = reverse("rulesubmissions:return", args=[draft.pk])
    officer = client_for(compliance_officer)
    assert "It goes back to Tara Grant to change" in officer.post(
        url, {"comment": "Rate too low"}).content.decode()
    done = officer.post(url, {"comment": "Rate too low", "confirm": "yes"}, follow=True)
    assert "Version 1 returned to Tara Grant." in done.content.decode()


def test_the_payment_event_records_the_amount_seat_and_where_it_was_paid_from(paid_slip):
    """What the page shows is what the event keeps (the API's ``after`` holds the keys)."""
    event = AuditEvent.objects.get(action="tables.slip.pay", target_id=str(paid_slip.pk))
    assert {k: event.after[k] for k in ("award", "seat", "paid_from", "status")} == {
        "award": "15750.00", "seat": 4, "paid_from": "table_inventory", "status": "paid"}
