"""The role matrix of the auditor's guide (docs/auditor.md), typed out here by hand, and what
``can()`` answers for a real user of each role. It is written independently of
``casino/roles.py``: a test comparing the code with its own ``ROLES`` passes whatever ``ROLES``
says (giving the floorperson ``slips.record`` passed every test), this one does not."""

import re
from pathlib import Path

import pytest

from casino.permissions import can
from casino.roles import ABILITIES

pytestmark = pytest.mark.django_db

TGM, CO, FM, FP, AUD, API = ("table_games_manager", "compliance_officer", "floor_manager",
                             "floorperson", "auditor", "api_client")
EVERYONE = {TGM, CO, FM, FP, AUD, API}

# ability -> the roles that have it, as the guide's "Who may do what" table says.
MATRIX = {
    "property.read": EVERYONE,
    "rulesubmissions.read": {TGM, CO, AUD, API},
    "rulesubmissions.draft": {TGM},
    "rulesubmissions.approve": {CO},
    "tables.read": EVERYONE,
    "tables.configure": {TGM},
    "layouts.prepare": {TGM},
    "tables.operate": {FM},
    "layouts.approve": {CO},
    "paytables.approve": {CO},
    "slips.read": EVERYONE,
    "slips.record": {FM, API},
    "slips.validate": {FM, FP},
    "slips.void": {FM, FP},
    "meters.read": EVERYONE,
    "meters.adjust": {CO, FM},
    "wagers.post": {API},
    "engine.settle": EVERYONE,
    "audit.read": {CO, AUD, API},
    "api.access": {API},
}
# The guide's column headings, in order.
COLUMNS = {"table games manager": TGM, "compliance officer": CO, "floor manager": FM,
           "floorperson": FP, "auditor": AUD, "API client": API}


def test_the_matrix_covers_every_ability_the_code_defines():
    assert set(MATRIX) == set(ABILITIES)


@pytest.mark.parametrize("role", sorted(EVERYONE))
def test_a_user_of_each_role_can_exactly_what_the_guide_says(role, make_staff, keystone,
                                                              lakeside):
    user = make_staff(f"matrix-{role}", role)
    answers = {ability: can(user, ability, keystone) for ability in MATRIX}
    expected = {ability: role in roles for ability, roles in MATRIX.items()}
    assert answers == expected
    assert not any(can(user, ability, lakeside) for ability in MATRIX)


def test_the_guides_table_is_this_matrix():
    """The guide is the spec: its table and this test say the same."""
    text = (Path(__file__).resolve().parents[2] / "docs/auditor.md").read_text()
    header = next(line for line in text.splitlines() if line.startswith("| ability |"))
    columns = [COLUMNS[c.strip()] for c in header.strip("|").split("|")[1:]]
    table = text[text.index(header):].split("\n\n")[0].splitlines()[2:]
    read: dict[str, set[str]] = {}
    for line in table:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        for ability in re.findall(r"`([^`]+)`", cells[0]):
            read[ability] = {role for role, cell in zip(columns, cells[1:], strict=True)
                             if cell == "✓"}
    assert read == MATRIX
