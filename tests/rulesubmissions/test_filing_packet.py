"""The filing packet (issue 22): the PDF read back as text (pypdf) holds the cover, every term
in words with its section, each paytable with its par sheet, the meters with the break-even
meter, the layout with its checklist and approval, the changes from the version before, the
version's audit events, and on every page its number and the content's digest."""

import io
import re

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from rulesubmissions import par, par_jobs, services
from rulesubmissions.filing import register_packet_section, registered_sections, section, text
from rulesubmissions.filing.content import digest, packet
from tests.tables.floor_builders import approved_layout, media_root  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


def pages_of(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def flat(words: str) -> str:
    return re.sub(r"\s+", " ", words)


@pytest.fixture
def amended(approved, table_games_manager, compliance_officer):
    """Version 2 of the approved Three Card Poker: Pair Plus moves from D to A, approved, its
    par sheets computed."""
    v2 = services.submission_new_version(actor=table_games_manager, property=approved.property,
                                         game=approved.game)
    terms = v2.terms()
    terms["wagers"]["pair_plus"] = "A"
    v2 = services.submission_update(actor=table_games_manager, submission=v2, terms=terms)
    v2 = services.submission_transition(actor=table_games_manager, submission=v2,
                                        to="submitted")
    v2 = services.submission_transition(actor=compliance_officer, submission=v2, to="approved",
                                        effective_date=timezone.localdate())
    for sheet in par_jobs.par_sheet_request(submission=v2, user=compliance_officer):
        par.par_sheet_compute(sheet_id=sheet.pk, property_id=v2.property_id)
    return v2


def test_the_api_packet_holds_every_part_and_every_page_its_number_and_digest(
        amended, compliance_officer, api_session_for, table_games_manager):
    approved_layout(amended.property, amended.game, table_games_manager, compliance_officer,
                    name="Felt 2027")
    url = reverse("rulesubmissions:api-filing-packet", args=[amended.pk])
    response = api_session_for(compliance_officer).get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    found = response["X-Content-SHA256"]
    assert re.fullmatch(r"[0-9a-f]{64}", found)
    assert found == packet(amended)["digest"]
    pages = pages_of(response.content)
    whole = flat(" ".join(pages))
    # Every page: its number of the whole, and the digest.
    for number, page in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in page
        assert f"Content SHA-256: {found}" in flat(page)
    # The cover, by name.
    prop = amended.property
    for fact in (prop.name, prop.license_number, "Three Card Poker", "Version 2",
                 "In force since", f"Prepared by {table_games_manager.get_full_name()}",
                 f"by {compliance_officer.get_full_name()}", "In force from"):
        assert fact in whole, fact
    # Every term in words with its section: Pair Plus's paytable and §649a.
    assert "Pair Plus Wager" in whole and "Pair Plus paytable A" in whole
    assert re.search(r"§649a\.\d", whole)
    assert "Table minimum wager" in whole
    # Each paytable with its par sheet: Pair Plus A (35-25-6-4-1), exact by rows: straight
    # flush 48 x 35, trips 52 x 25, straight 720 x 6, flush 1,096 x 4, pair 3,744 x 1, the
    # 16,440 others lose, of 22,100: 4.579%.
    net = 48 * 35 + 52 * 25 + 720 * 6 + 1096 * 4 + 3744 - 16440
    edge = f"{-net / 22100 * 100:.3f}%"
    assert edge == "4.579%" and f"House edge {edge}" in whole
    for words in ("Hit frequency", "Standard deviation", "Probability", "Return", "Exact"):
        assert words in whole, words
    # The meters: seed, reset, rates, and the break-even meter of the Five-Card Progressive.
    assert "Progressive meters" in whole and "Seed (initial)" in whole
    assert "$10,000.00" in whole and "Rate of progression" in whole and "5%" in whole
    assert "Break-even meter" in whole
    # The layout, its checklist item by item, and its approval by name.
    assert "Table layout: Felt 2027" in whole and "Checked against version 2" in whole
    assert "Checklist" in whole and "Inscribes" in whole
    assert f"Approved {timezone.localdate():%Y-%m-%d} by {compliance_officer.get_full_name()}" \
        in whole
    # What changed: Pair Plus D -> A, row by row.
    assert "Changes from the version before" in whole and "Against version 1" in whole
    assert "Pair Plus paytable D" in whole
    # The audit events of this version, in words, by name.
    assert "Audit events of this version" in whole
    assert "Drafted" in whole and "Submitted" in whole and "Approved" in whole


def test_the_digest_is_of_the_content_and_changes_with_it(amended):
    first = packet(amended)
    again = packet(amended)
    assert first["digest"] == again["digest"]
    body = {k: v for k, v in first.items() if k != "digest"}
    assert digest(body) == first["digest"]
    body["sections"][0]["blocks"].append(text("one more line"))
    assert digest(body) != first["digest"]


def test_a_registered_section_is_in_the_packet_once(amended, monkeypatch):
    from rulesubmissions import filing

    monkeypatch.setattr(filing, "_MAKERS", list(filing._MAKERS))

    def extra(submission):
        return [section("Extra", text(f"version {submission.version}"))]

    register_packet_section(extra)
    register_packet_section(extra)
    assert [s for s in registered_sections(amended) if s["title"] == "Extra"] == [
        section("Extra", text("version 2"))]
    assert "Extra" in [s["title"] for s in packet(amended)["sections"]]


def test_uncomputed_par_sheets_are_said_and_errors_are_json(
        draft, compliance_officer, api_session_for, outsider, client_for):
    url = reverse("rulesubmissions:api-filing-packet", args=[draft.pk])
    pdf = api_session_for(compliance_officer).get(url).content
    whole = flat(" ".join(pages_of(pdf)))
    assert "Par sheet not computed yet" in whole
    assert "No table layout is on file for this version" in whole
    assert "Not approved" in whole and "Version 1 is the first" in whole
    # Another property's version: 404 in the Errors shape, even to Accept: application/pdf.
    refused = api_session_for(outsider).get(url, HTTP_ACCEPT="application/pdf")
    assert refused.status_code == 404 and refused["Content-Type"].startswith("application/json")
    assert set(refused.json()) == {"errors"}
    wrong = api_session_for(compliance_officer).get(url, HTTP_ACCEPT="text/html")
    assert wrong.status_code == 406 and "errors" in wrong.json()
    # The page's button serves the same PDF.
    page = client_for(compliance_officer).get(reverse("rulesubmissions:detail", args=[draft.pk]))
    button = reverse("rulesubmissions:filing-packet", args=[draft.pk])
    assert button in page.content.decode()
    served = client_for(compliance_officer).get(button)
    assert served.status_code == 200 and served["Content-Type"] == "application/pdf"
    assert client_for(outsider).get(button).status_code == 404


def test_the_schema_documents_a_pdf_and_errors_in_the_one_shape(api_session_for,
                                                                compliance_officer):
    schema = api_session_for(compliance_officer).get("/api/schema/?format=json")
    if schema.status_code != 200:
        pytest.skip("the schema is served elsewhere")
    operation = schema.json()["paths"]["/api/v1/rules-submissions/{id}/filing-packet/"]["get"]
    ok = operation["responses"]["200"]["content"]
    assert list(ok) == ["application/pdf"]
    assert ok["application/pdf"]["schema"] == {"type": "string", "format": "binary"}
    for status in ("403", "404", "406"):
        assert operation["responses"][status]["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/Errors"}
