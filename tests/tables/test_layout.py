"""Layouts: artwork checked by its content and size, stored through Django's storage; ticked by
a table games manager, approved or returned by a compliance officer who did not prepare it;
re-approval when a newer version changes what it must show. Every step audited."""

import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage

from casino.models import AuditEvent
from tables.floor import layouts
from tables.floor import services as floor
from tables.models import LayoutStatus
from tests.audit_events import events_about
from tests.tables import floor_builders as fb
from tests.tables.floor_builders import JPEG, PDF, new_version, png_bytes, upload

media_root, tcp, tcp_layout = fb.media_root, fb.tcp, fb.tcp_layout
ready_table, open_table = fb.ready_table, fb.open_table

pytestmark = pytest.mark.django_db


def create(prop, manager, name="Felt", content=None, filename="felt.png", **kw):
    return layouts.layout_create(actor=manager, property=prop, name=name,
                                 game="three_card_poker",
                                 artwork=upload(filename, content), **kw)


@pytest.mark.parametrize("content, kind", [(png_bytes(), "png"), (JPEG, "jpg"), (PDF, "pdf")])
def test_png_jpeg_and_pdf_are_accepted_by_content_and_stored(keystone, tcp,
                                                            table_games_manager, content,
                                                            kind, media_root):
    layout = create(keystone, table_games_manager, content=content, filename="whatever.bin")
    assert layout.artwork_type == kind
    assert layout.artwork.name.endswith(f".{kind}")
    assert default_storage.exists(layout.artwork.name)
    assert (media_root / layout.artwork.name).read_bytes() == content
    assert layout.submission == tcp
    # The audit log reads the artwork by its name and type, and keeps where it is stored.
    event = AuditEvent.objects.get(action="tables.layout.create")
    assert event.after == {"name": "Felt", "game": "three_card_poker", "version": 1,
                           "artwork": f"whatever.bin ({layouts.ARTWORK_NAMES[kind]})",
                           "artwork_stored_as": layout.artwork.name, "checked": []}


def test_artwork_that_lies_about_its_type_is_refused(keystone, tcp, table_games_manager):
    with pytest.raises(layouts.LayoutError) as exc:
        create(keystone, table_games_manager, content=b"GIF89a" + b"\x00" * 40,
               filename="felt.png")
    assert exc.value.errors == {"artwork": [
        "The artwork must be a PNG image, a JPEG image or a PDF document (its content is "
        "image/gif, whatever its name says)."]}
    with pytest.raises(layouts.LayoutError) as exc:
        create(keystone, table_games_manager, content=b"<svg>not a layout</svg>",
               filename="felt.pdf")
    assert "its content is not a known type" in exc.value.errors["artwork"][0]


def test_artwork_above_the_size_limit_is_refused(keystone, tcp, table_games_manager,
                                                 settings):
    settings.LAYOUT_ARTWORK_MAX_BYTES = 1_048_576  # 1 MB
    big = png_bytes() + b"\x00" * 1_572_864  # 1.5 MB more
    with pytest.raises(layouts.LayoutError) as exc:
        create(keystone, table_games_manager, content=big)
    assert exc.value.errors == {"artwork": ["The artwork is 1.5 MB; the limit is 1.0 MB."]}


def test_a_game_without_an_approved_submission_has_nothing_to_check_against(
        keystone, table_games_manager):
    with pytest.raises(layouts.LayoutError) as exc:
        create(keystone, table_games_manager)
    assert "§601a.2" in exc.value.errors["game"][0]


def test_ticking_an_item_not_on_the_checklist_is_refused(keystone, tcp, table_games_manager):
    with pytest.raises(layouts.LayoutError) as exc:
        create(keystone, table_games_manager, checked=["area.six_card_bonus"])
    assert exc.value.errors == {"checked": ["Not on this game's checklist: area.six_card_bonus."]}


def test_every_item_must_be_ticked_before_it_goes_to_compliance(keystone, tcp,
                                                                table_games_manager):
    layout = create(keystone, table_games_manager, checked=["inscription.name_or_logo"])
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    missing = exc.value.errors["checked"]
    assert "Not ticked yet: Three separate betting areas for the Ante, Play and Pair Plus " \
           "Wagers at each position (§649a.2(b)(2))" in missing
    assert len(missing) == len(layouts.checklist_for(tcp)) - 1


def test_the_preparer_cannot_approve_their_own_layout(keystone, tcp, table_games_manager,
                                                      make_staff):
    both = make_staff("bea", "compliance_officer")
    both.groups.add(*table_games_manager.groups.all())
    layout = fb.prepared_layout(keystone, "three_card_poker", both)
    layouts.layout_transition(actor=both, layout=layout, to="submitted")
    with pytest.raises(PermissionDenied):
        layouts.layout_transition(actor=both, layout=layout, to="approved")


def test_only_compliance_approves(keystone, tcp, table_games_manager, floor_manager):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    with pytest.raises(PermissionDenied):
        layouts.layout_transition(actor=floor_manager, layout=layout, to="approved")


def test_returned_with_comments_then_fixed_and_approved_every_step_audited(
        keystone, tcp, table_games_manager, compliance_officer):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=compliance_officer, layout=layout, to="returned")
    assert "comment" in exc.value.errors
    layout = layouts.layout_transition(actor=compliance_officer, layout=layout, to="returned",
                                       comment="The Pair Plus odds are too small to read.")
    assert layout.status == LayoutStatus.RETURNED
    layout = layouts.layout_update(actor=table_games_manager, layout=layout,
                                   artwork=upload("felt-v2.pdf", PDF))
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    layout = layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert layout.status == LayoutStatus.APPROVED and layout.artwork_type == "pdf"
    assert layout.approved_checklist == layouts.checklist_for(tcp)
    actions = events_about(layout).filter(action__startswith="tables.layout").order_by("pk")
    assert [e.action.rsplit(".", 1)[1] for e in actions] == [
        "create", "update", "submit", "return", "update", "submit", "approve"]
    assert actions.get(action="tables.layout.return").after["comment"] == \
        "The Pair Plus odds are too small to read."


def test_an_approved_layout_cannot_be_changed(tcp_layout, table_games_manager):
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_update(actor=table_games_manager, layout=tcp_layout, checked=[])
    assert exc.value.errors == {"status": ["This layout is approved: it cannot be changed."]}


def test_a_step_out_of_order_is_refused_in_words(keystone, tcp, table_games_manager,
                                                 compliance_officer):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert exc.value.errors == {"status": [
        "This layout is being prepared: it cannot be approved."]}
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    assert exc.value.errors == {"status": [
        "This layout is waiting for compliance: it cannot be submitted."]}


def test_a_new_version_adding_a_wager_needs_reapproval_naming_the_items(
        keystone, tcp, tcp_layout, open_table, table_games_manager, compliance_officer,
        floor_manager):
    wagers = {**tcp.wagers, "six_card_bonus": "posted_1"}
    v2 = new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                     wagers=wagers)
    changed = [i["text"] for i in layouts.needs_reapproval(tcp_layout)]
    assert changed == ["A separate area at each position for the Six Card Bonus Wager",
                       "Payout odds or amounts of the Six Card Bonus Wager, inscribed or on a "
                       "posted sign"]
    table = floor.table_close(actor=floor_manager, table=open_table)
    with pytest.raises(floor.FloorError) as exc:
        floor.table_open(actor=floor_manager, table=table)
    assert "needs re-approval for version 2" in exc.value.errors["opening"][0]

    layout = layouts.layout_recheck(actor=table_games_manager, layout=tcp_layout)
    assert (layout.status, layout.submission) == (LayoutStatus.DRAFT, v2)
    assert "area.six_card_bonus" not in layout.checked  # the changed items are unticked
    layout = layouts.layout_update(actor=table_games_manager, layout=layout, checked=[
        i["key"] for i in layouts.checklist_for(v2)])
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert floor.table_open(actor=floor_manager, table=table).submission == v2
    recheck = AuditEvent.objects.get(action="tables.layout.recheck")
    assert recheck.after["changed"] == [
        "A separate area at each position for the Six Card Bonus Wager",
        "Payout odds or amounts of the Six Card Bonus Wager, inscribed or on a posted sign"]


def test_a_version_changing_nothing_inscribed_needs_no_reapproval(
        keystone, tcp, tcp_layout, table_games_manager, compliance_officer):
    new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                table_minimum="10.00")
    assert layouts.needs_reapproval(tcp_layout) == []
    with pytest.raises(layouts.LayoutError):
        layouts.layout_recheck(actor=table_games_manager, layout=tcp_layout)


def test_other_properties_layouts_are_invisible(tcp_layout, outsider, compliance_officer):
    assert list(layouts.layout_list(user=outsider)) == []
    assert list(layouts.layout_list(user=compliance_officer)) == [tcp_layout]


def test_a_layout_still_under_review_when_a_newer_version_changes_it_is_checked_again_first(
        keystone, tcp, table_games_manager, compliance_officer):
    layout = fb.prepared_layout(keystone, "three_card_poker", table_games_manager)
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    v2 = new_version(keystone, "three_card_poker", table_games_manager, compliance_officer,
                     wagers={**tcp.wagers, "pair_plus": "C"})
    assert [(i["key"], i["was"], i["now"], i["change"])
            for i in layouts.reapproval_shown(layout)] == [
        ("odds.pair_plus", "Pair Plus paytable D", "Pair Plus paytable C", "changed")]
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert exc.value.errors == {"status": [
        "Version 2 has since been approved and changes what this layout must show: return it "
        "so it is checked against that version. (§601a.10(a))"]}
    with pytest.raises(layouts.LayoutError):  # waiting for compliance: not pulled back
        layouts.layout_recheck(actor=table_games_manager, layout=layout)
    layout = layouts.layout_transition(actor=compliance_officer, layout=layout, to="returned",
                                       comment="Version 2 selects Pair Plus C.")
    with pytest.raises(layouts.LayoutError) as exc:
        layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    assert "check it against that version first" in exc.value.errors["status"][0]
    layout = layouts.layout_recheck(actor=table_games_manager, layout=layout)
    assert (layout.status, layout.submission) == (LayoutStatus.DRAFT, v2)
    assert "odds.pair_plus" not in layout.checked
    layout = layouts.layout_update(actor=table_games_manager, layout=layout,
                                   checked=[*layout.checked, "odds.pair_plus"])
    layouts.layout_transition(actor=table_games_manager, layout=layout, to="submitted")
    layout = layouts.layout_transition(actor=compliance_officer, layout=layout, to="approved")
    assert layouts.needs_reapproval(layout) == []
