"""Who may open a table, now: one decision (``tables.floor.decisions.may_open``) that the
table's status panel, the API and ``services.table_open`` all ask (issue 31). The panel enables
"Open the table" exactly when the API opens it, and lists every reason the API answers."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from tables.floor import decisions
from tables.floor import services as floor
from tables.models import Table
from tests.tables import floor_builders as fb

media_root, tcp, tcp_layout, ready_table = fb.media_root, fb.tcp, fb.tcp_layout, fb.ready_table

pytestmark = pytest.mark.django_db

NO_LAYOUT = "No layout is assigned to the table."


@pytest.fixture
def people(floor_manager, floorperson, table_games_manager):
    return {"fiona": floor_manager, "felix": floorperson, "tara": table_games_manager}


@pytest.fixture
def table_in(keystone, ready_table, people):
    def make(state):
        if state == "no_layout":
            return Table.objects.create(property=keystone, label="TCP-2",
                                        game="three_card_poker", positions=7)
        if state == "open":
            return floor.table_open(actor=people["fiona"], table=ready_table)
        return ready_table

    return make


# (table state, who) -> (allowed, refused by, words the reason holds)
CASES = [
    ("ready", "fiona", True, "", ""),
    ("ready", "felix", False, "ability", "Your role does not open tables."),
    ("no_layout", "fiona", False, "state", NO_LAYOUT),
    ("open", "fiona", False, "state", "Table TCP-1 is already open."),
]


@pytest.mark.parametrize(("state", "who", "allowed", "by", "words"), CASES)
def test_each_case(table_in, people, state, who, allowed, by, words):
    decision = decisions.may_open(people[who], table_in(state))
    assert (decision.allowed, decision.by) == (allowed, by)
    assert words in decision.reason


@pytest.mark.parametrize(("state", "who", "allowed", "by", "words"), CASES)
def test_the_panel_and_the_api_agree(table_in, people, client_for, api_session_for, state, who,
                                     allowed, by, words):
    table, user = table_in(state), people[who]
    page = client_for(user).get(reverse("tables:table-detail", args=[table.pk])).content.decode()
    enabled = 'id="open-table" class="primary"' in page
    assert enabled == allowed
    if state == "no_layout":
        assert escape(words) in page and 'id="open-table" disabled' in page
    answer = api_session_for(user).post(f"/api/v1/tables/{table.pk}/open/")
    assert answer.status_code == {"": 200, "ability": 403, "state": 409}[by]
    if by == "state":
        assert any(words in m for m in answer.json()["errors"][decisions.may_open(
            user, table).field])
