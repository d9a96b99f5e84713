"""The property's approved paytables, read for every settle (issue 32): each stored entry is
parsed once per process, by its text, so a settle pays only for the read; a different text is
always parsed afresh (never a stale paytable), one that does not read is left out every time."""

import logging
from decimal import Decimal

import pytest
from django.db import transaction

from rulesubmissions import selectors, services
from rulesubmissions.models import CatalogPaytable
from tests.rulesubmissions.test_services import PAYTABLE_F

pytestmark = pytest.mark.django_db

PAYTABLE_G = {**PAYTABLE_F, "id": "three_card_poker.pair_plus.G", "name": "G",
              "rows": [{"hand": "straight_flush", "odds": "35"}, {"hand": "pair", "odds": "1"}]}


def stored(keystone, officer, entry: dict, status: str = "approved") -> CatalogPaytable:
    return CatalogPaytable.objects.create(
        property=keystone, paytable_id=entry["id"], game=entry["game"], wager=entry["wager"],
        entry=entry, status=status, proposed_by=officer)


@pytest.fixture
def parses(monkeypatch) -> list[str]:
    """The ids of the entries the engine parsed, from an empty cache."""
    selectors._parsed.cache_clear()
    seen = []
    real = selectors.parse_paytable

    def counting(entry):
        seen.append(entry["id"])
        return real(entry)

    monkeypatch.setattr(selectors, "parse_paytable", counting)
    return seen


def test_each_approved_entry_is_parsed_once_and_read_in_order(keystone, compliance_officer,
                                                              parses):
    stored(keystone, compliance_officer, PAYTABLE_F)
    stored(keystone, compliance_officer, {**PAYTABLE_G, "id": "three_card_poker.pair_plus.H",
                                          "name": "H"}, status="proposed")
    stored(keystone, compliance_officer, PAYTABLE_G, status="retiring")
    first = selectors.approved_paytables(keystone)
    again = selectors.approved_paytables(keystone)
    assert [p.id for p in first] == ["three_card_poker.pair_plus.F", "three_card_poker.pair_plus.G"]
    assert first[0].row("straight_flush").value == Decimal("40")
    assert first[1].row("straight_flush").value == Decimal("35")
    assert all(a is b for a, b in zip(first, again, strict=True))
    assert parses == ["three_card_poker.pair_plus.F", "three_card_poker.pair_plus.G"]
    assert selectors.approved_paytables(None) == []


def test_a_new_entry_under_an_id_read_before_is_parsed_afresh(keystone, compliance_officer,
                                                             parses):
    """A row rolled back may leave its key to the next one (SQLite reuses it): what is kept is
    the entry's text, so the next row's own odds are read."""
    with transaction.atomic():
        stored(keystone, compliance_officer, PAYTABLE_F)
        assert selectors.approved_paytables(keystone)[0].row("pair").value == Decimal("1")
        transaction.set_rollback(True)
    stored(keystone, compliance_officer, {**PAYTABLE_F, "rows": [{"hand": "pair", "odds": "2"}]})
    assert selectors.approved_paytables(keystone)[0].row("pair").value == Decimal("2")
    assert parses == ["three_card_poker.pair_plus.F", "three_card_poker.pair_plus.F"]


def test_an_entry_beyond_the_bounds_is_left_out_every_time(keystone, compliance_officer,
                                                          parses, caplog):
    stored(keystone, compliance_officer, {**PAYTABLE_F, "rows": [{"hand": "pair", "odds": "1000001"}]})
    with caplog.at_level(logging.WARNING, logger="rulesubmissions.selectors"):
        assert selectors.approved_paytables(keystone) == []
        assert selectors.approved_paytables(keystone) == []
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        "catalog paytable three_card_poker.pair_plus.F left out"] * 2
    assert len(parses) == 2


def test_a_proposal_that_no_longer_reads_can_be_rejected_never_approved(
        keystone, compliance_officer, make_staff, client_for):
    # Proposed before figures had to be text ("odds": 40, a JSON number, was read as 40 to 1):
    # the page shows it with the reason, a second officer may reject it but not approve it.
    officer = make_staff("cora", "compliance_officer")
    proposal = stored(keystone, compliance_officer, {**PAYTABLE_G, "rows": [
        {"hand": "straight_flush", "odds": 35}, {"hand": "pair", "odds": "1"}]},
        status="proposed")
    page = client_for(officer).get("/rules-submissions/paytables/")
    assert page.status_code == 200
    row = page.content.decode().split('id="proposals"')[1]
    assert "three_card_poker.pair_plus.G" in row
    assert ("It cannot be paid under today's checks: row 1: must be text, like "
            "&quot;40&quot; or &quot;1000.00&quot; (a string, not a number). Reject it") in row
    assert f"/{proposal.pk}/reject/" in row and f"/{proposal.pk}/approve/" not in row
    with pytest.raises(services.StateRefused) as refused:
        services.paytable_decide(actor=officer, paytable=proposal, decision="approve")
    assert refused.value.errors == {"entry": [
        "three_card_poker.pair_plus.G cannot be paid under today's checks: row 1: must be "
        "text, like \"40\" or \"1000.00\" (a string, not a number); reject it and propose it "
        "again"]}
    decided = services.paytable_decide(actor=officer, paytable=proposal, decision="reject")
    assert decided.status == "rejected"
