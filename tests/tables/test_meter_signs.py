"""Meter signs (issue 30): the progressive meter the players see from the front of the table
(§605a.7(a)(1); a linked group's one common meter, §605a.8), opened by a secret address without
signing in. Amounts by hand: the Three Card Poker table of tests/tables/slip_builders.py has
four meters (Three Card Progressive $5,000, Five-Card Progressive $20,000, 5 of 6 $20,000,
Five Card Hand Bonus $10,000), each taking 5% of each qualifying wager; the Five-Card meter
resets to $10,000."""

import hashlib
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from casino.models import AuditEvent
from tables.meters import wagers
from tables.models import Meter, MeterSign, Table
from tables.signs import selectors, services
from tests.tables import slip_builders as sb
from tests.tables.slip_builders import position, tcp_round

tcp_table, record = sb.tcp_table, sb.record

pytestmark = pytest.mark.django_db

SIGNS = "/api/v1/signs/"
ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"),
                  community="Jh Th")
STATE_KEYS = {"title", "in_play", "meters"}
METER_KEYS = {"name", "amount", "jackpot_pending", "won_at"}


@pytest.fixture
def linked(keystone, table_games_manager, compliance_officer, floor_manager):
    return sb.linked_tcp_tables(keystone, table_games_manager, compliance_officer, floor_manager)


def make(client, **body):
    response = client.post(SIGNS, body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def starting(**owner) -> list[str]:
    """The seeded amounts of the owner's meters in the sign's order (meters in the order
    seeded), from slip_builders.TCP_METERS."""
    return [f"${sb.D(sb.TCP_METERS[key]):,.2f}" for key in
            Meter.objects.filter(**owner).order_by("pk").values_list("key", flat=True)]


def path_of(answer: dict) -> str:
    return answer["url"].removeprefix("http://testserver")


def state(path: str, **headers):
    return Client().get(f"{path}state", headers=headers)


def wager(prop, table, n=1, amount="5.00", key="five_card_progressive"):
    """``n`` wagers at ``table``, stored and applied as a worker would."""
    events = [{"id": f"{table.label}-{key}-{timezone.now().timestamp()}-{i}", "table": table.label,
               "seat": 1, "wager": key, "amount": amount,
               "placed_at": "2026-11-30T21:15:04-05:00"} for i in range(n)]
    results, _ = wagers.wagers_ingest(property=prop, events=events)
    assert {r["status"] for r in results} == {"accepted"}
    wagers.wagers_apply(table_id=table.pk)


def test_a_floor_manager_makes_a_table_sign_the_pit_opens_without_signing_in(
        tcp_table, floor_manager, api_session_for):
    answer = make(api_session_for(floor_manager), table="TCP-1")
    assert set(answer) == {"id", "table", "linked_group", "created_at", "url"}
    assert (answer["table"], answer["linked_group"]) == ("TCP-1", None)
    path = path_of(answer)
    secret = path.removeprefix("/signs/").removesuffix("/")
    assert path == f"/signs/{secret}/" and len(secret) == 43  # token_urlsafe(32)
    # Only the secret's SHA-256 is stored: a reader of the database cannot open the sign.
    sign = MeterSign.objects.get(pk=answer["id"])
    assert sign.secret_sha256 == hashlib.sha256(secret.encode()).hexdigest()
    assert secret not in str(MeterSign.objects.filter(pk=sign.pk).values().get())
    page = Client().get(path)  # no one signed in
    assert page.status_code == 200
    html = page.content.decode()
    for amount in starting(table=tcp_table):
        assert amount in html
    assert "Not in play" in html and 'id="sign-notice" class="notice" hidden' in html
    assert "no-store" in page["Cache-Control"] and page["X-Frame-Options"] == "DENY"
    assert page["Referrer-Policy"] == "no-referrer"
    assert "fiona" not in html.lower()
    assert AuditEvent.objects.filter(action="tables.sign.create", target_id=str(sign.pk),
                                     actor=floor_manager).count() == 1


def test_a_linked_group_sign_shows_its_one_common_meter_per_level(linked, floor_manager,
                                                                  api_session_for):
    answer = make(api_session_for(floor_manager), linked_group="Pit 1 link")
    assert (answer["table"], answer["linked_group"]) == (None, "Pit 1 link")
    body = state(path_of(answer)).json()
    assert body["title"] == "Pit 1 link" and body["in_play"] is True
    common = starting(linked_group=linked[0].linked_group)
    assert sorted(common) == ["$10,000.00", "$20,000.00", "$20,000.00", "$5,000.00"]
    assert [m["amount"] for m in body["meters"]] == common
    # A sign of one table of the group shows the same common meters (§605a.8).
    table_sign = make(api_session_for(floor_manager), table="L-2")
    assert [m["amount"] for m in state(path_of(table_sign)).json()["meters"]] == common


@pytest.mark.parametrize(("body", "field"), [
    ({"table": "TCP-9"}, "table"), ({"linked_group": "No such link"}, "linked_group"),
    ({}, "table"), ({"table": "TCP-1", "linked_group": "Pit 1 link"}, "linked_group"),
    ({"tabel": "TCP-1"}, "tabel"), ({"table": 7}, "table")])
def test_a_sign_for_no_table_or_group_of_ones_property_is_a_400_naming_the_field(
        tcp_table, floor_manager, api_session_for, body, field):
    response = api_session_for(floor_manager).post(SIGNS, body, format="json")
    assert response.status_code == 400
    assert field in response.json()["errors"]
    assert not MeterSign.objects.exists()


def test_only_who_opens_tables_makes_or_revokes_signs_and_staff_list_their_propertys(
        tcp_table, floor_manager, floorperson, auditor, outsider, lakeside, api_session_for):
    ours = make(api_session_for(floor_manager), table="TCP-1")
    theirs_table = Table.objects.create(property=lakeside, label="TCP-1", game="three_card_poker",
                                        positions=7)
    theirs, _ = services.sign_create(actor=outsider, table=theirs_table)
    assert api_session_for(floorperson).post(SIGNS, {"table": "TCP-1"},
                                             format="json").status_code == 403
    assert api_session_for(floorperson).delete(f"{SIGNS}{ours['id']}/").status_code == 403
    listed = api_session_for(auditor).get(SIGNS).json()
    assert [s["id"] for s in listed["results"]] == [ours["id"]]
    assert set(listed["results"][0]) == {"id", "table", "linked_group", "created_at"}
    # Another property's sign is no sign of ours: 404, and it still stands.
    assert api_session_for(floor_manager).delete(f"{SIGNS}{theirs.pk}/").status_code == 404
    assert MeterSign.objects.get(pk=theirs.pk).revoked_at is None


def test_revoking_a_sign_makes_its_address_a_404_at_once(tcp_table, floor_manager,
                                                         api_session_for):
    client = api_session_for(floor_manager)
    answer = make(client, table="TCP-1")
    path = path_of(answer)
    assert state(path).status_code == 200
    assert client.delete(f"{SIGNS}{answer['id']}/").status_code == 204
    assert Client().get(path).status_code == 404
    assert state(path).status_code == 404
    assert client.get(SIGNS).json()["results"] == []
    assert client.delete(f"{SIGNS}{answer['id']}/").status_code == 404  # once
    assert AuditEvent.objects.filter(action="tables.sign.revoke",
                                     target_id=str(answer["id"])).count() == 1
    assert Client().get("/signs/not-a-sign/state").status_code == 404


def test_the_state_gives_amounts_in_dollars_and_is_not_modified_until_the_meter_moves(
        keystone, tcp_table, floor_manager, api_session_for):
    path = path_of(make(api_session_for(floor_manager), table="TCP-1"))
    first = state(path)
    assert first.status_code == 200 and "no-store" in first["Cache-Control"]
    body = first.json()
    assert set(body) == STATE_KEYS and all(set(m) == METER_KEYS for m in body["meters"])
    assert body["title"] == "TCP-1" and body["in_play"] is True
    meters = list(Meter.objects.filter(table=tcp_table).order_by("pk"))
    assert body["meters"] == [{"name": m.name, "amount": a, "jackpot_pending": False,
                               "won_at": None}
                              for m, a in zip(meters, starting(table=tcp_table), strict=True)]
    etag = first["ETag"]
    again = state(path, **{"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == etag
    # Three $5.00 Five-Card wagers at 5%: 3 x $0.25 = $0.75 on the $20,000.00 meter.
    wager(keystone, tcp_table, n=3)
    moved = state(path, **{"If-None-Match": etag})
    assert moved.status_code == 200 and moved["ETag"] != etag
    five = [m.key for m in meters].index("five_card_progressive")
    expected = starting(table=tcp_table)
    expected[five] = "$20,000.75"
    assert [m["amount"] for m in moved.json()["meters"]] == expected
    assert state(path, **{"If-None-Match": moved["ETag"]}).status_code == 304


def test_a_recorded_jackpot_is_pending_and_its_table_named_for_a_minute(
        tcp_table, floor_manager, api_session_for, record):
    path = path_of(make(api_session_for(floor_manager), table="TCP-1"))
    record(tcp_table, 1, "five_card_progressive", ROYAL)
    body = state(path).json()
    keys = list(Meter.objects.filter(table=tcp_table).order_by("pk").values_list("key",
                                                                                  flat=True))
    at = keys.index("five_card_progressive")
    five = body["meters"][at]
    # Hit for $20,000.00 and reseeded at $10,000.00 at recording; the player is still unpaid.
    assert five == {"name": five["name"], "amount": "$10,000.00", "jackpot_pending": True,
                    "won_at": "TCP-1"}
    assert [m["jackpot_pending"] for m in body["meters"]] == [k == keys[at] for k in keys]
    text = state(path).content.decode()
    assert "slip" not in text.lower() and "fiona" not in text.lower()  # no slips, no names
    # A minute on, the winning table is no longer named; the jackpot is still pending.
    sign = MeterSign.objects.get()
    later = selectors.sign_version(sign, now=timezone.now() + timedelta(seconds=61))
    meters = selectors.sign_state(sign, later)["meters"]
    assert (meters[at]["won_at"], meters[at]["jackpot_pending"]) == (None, True)


def test_a_closed_table_or_a_quiet_feed_is_not_in_play(keystone, tcp_table, floor_manager,
                                                       api_session_for):
    path = path_of(make(api_session_for(floor_manager), table="TCP-1"))
    etag = state(path)["ETag"]
    Table.objects.filter(pk=tcp_table.pk).update(status="closed")
    closed = state(path, **{"If-None-Match": etag})
    assert closed.status_code == 200 and closed.json()["in_play"] is False
    page = Client().get(path).content.decode()
    assert 'id="sign-notice" class="notice">Not in play' in page
    # Open since eleven minutes with no wager event: the feed is quiet (selectors.QUIET).
    Table.objects.filter(pk=tcp_table.pk).update(
        status="open", opened_at=timezone.now() - timedelta(minutes=11))
    assert state(path).json()["in_play"] is False
    wager(keystone, tcp_table)
    assert state(path).json()["in_play"] is True


def test_the_meter_page_makes_a_sign_and_the_floors_page_lists_and_revokes_it(
        tcp_table, floor_manager, floorperson, client_for):
    client = client_for(floor_manager)
    meter = Meter.objects.filter(table=tcp_table).first()
    detail = client.get(f"/floor/meters/{meter.pk}/").content.decode()
    assert 'id="sign-make"' in detail and 'name="table" value="TCP-1"' in detail
    assert 'id="sign-make"' not in client_for(floorperson).get(
        f"/floor/meters/{meter.pk}/").content.decode()  # who does not open tables
    made = client.post("/floor/signs/new/", {"table": "TCP-1"})
    assert made.status_code == 200 and "no-store" in made["Cache-Control"]
    path = made.content.decode().split('id="sign-url" href="http://testserver', 1)[1]
    path = path.split('"', 1)[0]
    assert Client().get(path).status_code == 200
    sign = MeterSign.objects.get()
    listed = client.get("/floor/signs/").content.decode()
    assert "Table TCP-1" in listed and f"Revoke sign {sign.pk}" in listed
    assert path not in listed  # the address is said once
    refused = client.post("/floor/signs/new/", {"table": "TCP-9"})
    assert refused.status_code == 400 and "There is no table TCP-9" in refused.content.decode()
    assert client_for(floorperson).post("/floor/signs/new/",
                                        {"table": "TCP-1"}).status_code == 403
    assert client.post(f"/floor/signs/{sign.pk}/revoke/").status_code == 200
    assert Client().get(path).status_code == 404
    assert client.post(f"/floor/signs/{sign.pk}/revoke/").status_code == 404
