import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.contrib.contenttypes.models import ContentType

from tests.tables.slip_builders import *  # noqa
from tests.tables.slip_builders import tcp_round, position, record, tcp_table, second_floorperson  # noqa

ROYAL = tcp_round(position(1, "Ah Kh Qh", pair_plus="5.00", five_card_progressive="1.00"), community="Jh Th")

@pytest.mark.django_db
def test_explore(tcp_table, record, floorperson, api_session_for, floor_manager):
    api = api_session_for(floor_manager)
    api.get("/api/v1/jackpot-slips/")
    with CaptureQueriesContext(connection) as rec:
        r = api.post(f"/api/v1/jackpot-slips/", {"table": "TCP-1", "seat": 1, "wager": "five_card_progressive", "round": ROYAL}, format="json")
    print("RECORD", r.status_code, r.content[:300])
    for q in rec.captured_queries: print("  R:", q["sql"][:220])
    slip_id = r.json().get("id")
    api2 = api_session_for(floorperson)
    api2.get("/api/v1/jackpot-slips/")
    total = r.json().get("award")
    with CaptureQueriesContext(connection) as ctx:
        r = api2.post(f"/api/v1/jackpot-slips/{slip_id}/validate/", {"total": total.replace(",", "").lstrip("$") if total else total}, format="json")
    print("VALIDATE", r.status_code, r.content[:200])
    for q in ctx.captured_queries: print("  V:", q["sql"][:220])
    print(len(rec.captured_queries), len(ctx.captured_queries))
