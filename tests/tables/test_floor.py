"""Tables: configuration, the terms a table plays by, every reason a table may not open, and
opening and closing (audited)."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from casino.models import AuditEvent
from tables.floor import layouts
from tables.floor import selectors as floor_selectors
from tables.floor import services as floor
from tables.meters import services as meters
from tables.models import Table
from tests.audit_events import actions_about, events_about
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import approve, new_version, tcp_terms

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db


def reasons(table) -> list[str]:
    return [f"{p['reason']} ({p['section']})" for p in floor_selectors.opening_problems(table)]


def systems(table) -> list[str]:
    return [r for r in reasons(table) if " system" in r]


def make_table(prop, manager, **data):
    return floor.table_create(actor=manager, property=prop, data={
        "label": "TCP-9", "game": "three_card_poker", "positions": 7, **data})


# --- configuration --------------------------------------------------------------------------

@pytest.mark.parametrize("game, most, rule", [("three_card_poker", 7, "§649a.2(a)"),
                                              ("pai_gow_poker", 6, "§645a.2(a)"),
                                              ("texas_holdem_bonus", 6, "§647a.2(a)")])
def test_positions_never_exceed_the_regulations_number(keystone, table_games_manager, game,
                                                       most, rule):
    make_table(keystone, table_games_manager, game=game, positions=most)
    with pytest.raises(floor.FloorError) as exc:
        make_table(keystone, table_games_manager, label="X", game=game, positions=most + 1)
    assert exc.value.errors["positions"] == [
        f"{floor.game_spec(game).name} has at most {most} betting positions ({rule})."]


def test_a_label_is_unique_per_property(keystone, lakeside, table_games_manager, make_staff):
    make_table(keystone, table_games_manager)
    with pytest.raises(floor.FloorError) as exc:
        make_table(keystone, table_games_manager)
    assert "already exists" in exc.value.errors["label"][0]
    other = make_staff("lena", "table_games_manager", lakeside)
    assert make_table(lakeside, other).label == "TCP-9"


def test_unknown_fields_and_bad_values_are_named(keystone, table_games_manager):
    with pytest.raises(floor.FloorError) as exc:
        make_table(keystone, table_games_manager, colour="green", game="blackjack",
                   progressive_lockout="yes")
    assert set(exc.value.errors) == {"colour", "game", "progressive_lockout"}


def test_only_a_table_games_manager_configures_tables(keystone, floor_manager):
    with pytest.raises(PermissionDenied):
        make_table(keystone, floor_manager)


def test_creating_and_changing_a_table_is_audited(keystone, table_games_manager):
    table = make_table(keystone, table_games_manager)
    floor.table_update(actor=table_games_manager, table=table, data={"pit": "Pit 2"})
    events = events_about(table).order_by("pk")
    assert [e.action for e in events] == ["tables.table.create", "tables.table.update"]
    assert events[1].before["pit"] == "" and events[1].after["pit"] == "Pit 2"


def test_a_layout_of_another_game_cannot_be_assigned(keystone, table_games_manager,
                                                     tcp_layout):
    with pytest.raises(floor.FloorError) as exc:
        make_table(keystone, table_games_manager, game="pai_gow_poker", positions=6,
                   layout=tcp_layout.pk)
    assert "another game" in exc.value.errors["layout"][0]


# --- opening --------------------------------------------------------------------------------

def test_a_ready_table_opens_under_the_version_in_force_and_it_is_audited(ready_table, tcp,
                                                                         floor_manager):
    assert floor_selectors.opening_problems(ready_table) == []
    table = floor.table_open(actor=floor_manager, table=ready_table)
    assert (table.status, table.submission, table.opened_by) == ("open", tcp, floor_manager)
    event = AuditEvent.objects.get(action="tables.table.open")
    assert event.after == {"status": "open", "version": 1, "layout": table.layout.name}


def test_no_submission_in_force_is_a_reason_and_the_layouts_own_problems_still_show(
        keystone, table_games_manager):
    table = make_table(keystone, table_games_manager)
    assert reasons(table) == ["The game has no approved Rules Submission in force at the "
                              "property. (§601a.2)",
                              "No layout is assigned to the table. (§601a.10(a), §649a.2)"]


def test_a_submission_effective_tomorrow_is_not_in_force(keystone, table_games_manager,
                                                         compliance_officer):
    tomorrow = timezone.localdate() + timedelta(days=1)
    approve(keystone, tcp_terms(), table_games_manager, compliance_officer, tomorrow)
    table = make_table(keystone, table_games_manager)
    assert reasons(table)[0].startswith("The game has no approved Rules Submission in force")


def test_no_layout_is_a_reason(keystone, tcp, table_games_manager):
    table = make_table(keystone, table_games_manager)
    assert reasons(table) == ["No layout is assigned to the table. (§601a.10(a), §649a.2)"]


def test_a_layout_not_yet_approved_is_a_reason(keystone, tcp, table_games_manager):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    table = make_table(keystone, table_games_manager, layout=layout.pk)
    assert reasons(table) == [f"The layout \"{layout.name}\" is not approved (being prepared). "
                              f"(§601a.10(a), §649a.2)"]


def test_a_progressive_wager_needs_a_progressive_system_with_a_lockout(
        keystone, table_games_manager, compliance_officer):
    approve(keystone, tcp_terms("five_card_progressive"), table_games_manager,
            compliance_officer)
    layout = fb.approved_layout(keystone, "three_card_poker", table_games_manager,
                                compliance_officer)
    table = make_table(keystone, table_games_manager, layout=layout.pk)
    rule = "§649a.2(c)(1)-(2), §649a.2(d), §605a.7"
    assert systems(table) == [f"The table has no progressive table game system for its "
                              f"progressive wagers. ({rule})"]
    table = floor.table_update(actor=table_games_manager, table=table,
                               data={"progressive_system": "PTS-0042"})
    assert systems(table) == [f"The table's progressive table game system has no lock-out. "
                              f"({rule})"]
    table = floor.table_update(actor=table_games_manager, table=table,
                               data={"progressive_lockout": True})
    assert systems(table) == []


def test_the_five_card_hand_bonus_needs_an_electronic_wagering_system(
        keystone, table_games_manager, compliance_officer):
    approve(keystone, tcp_terms("five_card_hand_bonus_player"), table_games_manager,
            compliance_officer)
    layout = fb.approved_layout(keystone, "three_card_poker", table_games_manager,
                                compliance_officer)
    table = make_table(keystone, table_games_manager, layout=layout.pk,
                       progressive_system="PTS-7", progressive_lockout=True)
    assert "The table has no electronic wagering system for the wagers that need one. " \
           "(§649a.2(b)(5), §649a.2(d))" in reasons(table)
    table = floor.table_update(actor=table_games_manager, table=table,
                               data={"electronic_wagering_system": "EWS-3"})
    assert not [r for r in reasons(table) if "electronic" in r]


def test_refused_opening_lists_every_reason_with_its_section(keystone, table_games_manager,
                                                             compliance_officer,
                                                             floor_manager):
    approve(keystone, tcp_terms("five_card_progressive", "five_card_hand_bonus_player"),
            table_games_manager, compliance_officer)
    table = make_table(keystone, table_games_manager)
    with pytest.raises(floor.FloorError) as exc:
        floor.table_open(actor=floor_manager, table=table)
    opening = exc.value.errors["opening"]
    assert opening[0] == "No layout is assigned to the table. (§601a.10(a), §649a.2)"
    assert any("no progressive table game system" in r for r in opening)
    assert any("no electronic wagering system" in r for r in opening)
    assert all("§" in r for r in opening)
    assert Table.objects.get(pk=table.pk).status == "closed"
    assert not AuditEvent.objects.filter(action="tables.table.open").exists()


def test_each_unseeded_meter_is_a_reason_until_seeded(keystone, table_games_manager,
                                                      compliance_officer, floor_manager):
    approve(keystone, tcp_terms("five_card_progressive"), table_games_manager,
            compliance_officer)
    layout = fb.approved_layout(keystone, "three_card_poker", table_games_manager,
                                compliance_officer)
    table = make_table(keystone, table_games_manager, layout=layout.pk,
                       progressive_system="PTS-0042", progressive_lockout=True)
    assert reasons(table) == ["The Five-Card Progressive meter is not seeded. (§605a.7(a))"]
    meters.meter_seed(table=table, key="five_card_progressive", actor=floor_manager)
    assert reasons(table) == []


def test_only_a_floor_manager_opens_and_closes(ready_table, table_games_manager):
    with pytest.raises(PermissionDenied):
        floor.table_open(actor=table_games_manager, table=ready_table)


def test_an_open_table_cannot_open_again_nor_a_closed_one_close(open_table, floor_manager):
    with pytest.raises(floor.FloorError):
        floor.table_open(actor=floor_manager, table=open_table)
    table = floor.table_close(actor=floor_manager, table=open_table)
    with pytest.raises(floor.FloorError):
        floor.table_close(actor=floor_manager, table=table)
    assert actions_about(table) == [
        "tables.table.create", "tables.table.open", "tables.table.close"]


def test_an_open_table_cannot_be_reconfigured(open_table, table_games_manager):
    with pytest.raises(floor.FloorError) as exc:
        floor.table_update(actor=table_games_manager, table=open_table, data={"positions": 5})
    assert "Close the table" in exc.value.errors["status"][0]


# --- terms ----------------------------------------------------------------------------------

def test_an_open_table_keeps_its_terms_until_closed(keystone, open_table, tcp,
                                                    table_games_manager, compliance_officer,
                                                    floor_manager):
    v2 = new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                     table_maximum="2000.00")
    assert floor_selectors.terms_for(open_table) == tcp
    assert floor_selectors.newer_version_waiting(open_table) == v2
    closed = floor.table_close(actor=floor_manager, table=open_table)
    assert floor_selectors.terms_for(closed) == v2
    assert floor_selectors.newer_version_waiting(closed) is None
    # v2 inscribes nothing new (only the table maximum changed): the layout still matches.
    assert floor_selectors.opening_problems(closed) == []
    assert floor.table_open(actor=floor_manager, table=closed).submission == v2


def test_a_version_that_changes_an_inscribed_paytable_needs_layout_reapproval(
        keystone, open_table, tcp_layout, table_games_manager, compliance_officer,
        floor_manager):
    wagers = {**open_table.submission.wagers, "pair_plus": "C"}
    v2 = new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                     wagers=wagers)
    assert [i["key"] for i in layouts.needs_reapproval(tcp_layout)] == ["odds.pair_plus"]
    closed = floor.table_close(actor=floor_manager, table=open_table)
    assert reasons(closed) == [
        f"The layout \"{tcp_layout.name}\" needs re-approval for version {v2.version}: Payout "
        f"odds or amounts of the Pair Plus Wager, inscribed or on a posted sign. "
        f"(§601a.10(a), §649a.2)"]


def test_a_linked_group_is_named_once_per_property_and_tables_of_its_game_join_it(
        keystone, table_games_manager):
    group = floor.linked_group_create(actor=table_games_manager, property=keystone,
                                      name="Pit 1 link", game="three_card_poker")
    assert AuditEvent.objects.filter(action="tables.linked_group.create").count() == 1
    with pytest.raises(floor.FloorError):
        floor.linked_group_create(actor=table_games_manager, property=keystone,
                                  name="Pit 1 link", game="three_card_poker")
    assert make_table(keystone, table_games_manager, linked_group=group.pk).linked_group == \
        group
    with pytest.raises(floor.FloorError) as exc:
        make_table(keystone, table_games_manager, label="PG-1", game="pai_gow_poker",
                   positions=6, linked_group=group.pk)
    assert "another game" in exc.value.errors["linked_group"][0]


def test_a_layout_rechecked_for_a_version_not_yet_in_force_says_so(
        keystone, ready_table, tcp_layout, table_games_manager, compliance_officer):
    wagers = {**floor_selectors.terms_for(ready_table).wagers, "six_card_bonus": "posted_1"}
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                effective_date=timezone.localdate() + timedelta(days=7), wagers=wagers)
    assert reasons(ready_table) == []  # version 1 is still in force: the layout matches it
    layout = layouts.layout_recheck(actor=table_games_manager, layout=tcp_layout)
    layout = layouts.layout_update(actor=table_games_manager, layout=layout, checked=[
        i["key"] for i in layouts.checklist_for(layout.submission)])
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert reasons(Table.objects.get(pk=ready_table.pk)) == [
        f"The layout \"{layout.name}\" is approved for version 2, which is not in force yet; "
        f"it differs from version 1. (§601a.10(a), §649a.2)"]
