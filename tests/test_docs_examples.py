"""Every example people copy works the first time: the settle request of the integrator's guide
and every request example of the OpenAPI schema answer 200; the responses are what the schema
says (types, lists, nullable fields), checked with jsonschema against the served schema; every
code block of the README and of the guides in docs/ is run by a test named here; the README's
commands and demo logins are the Makefile's and the demo's; and every link between the guides
leads somewhere."""

import io
import json
import re
from pathlib import Path

import jsonschema
import pytest
from django.core.management import call_command
from django.urls import reverse

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
INTEGRATOR = ROOT / "docs" / "integrator.md"
SETTLE = "### `POST /api/v1/engine/settle/`"


def documents() -> list[Path]:
    """The README and every guide in docs/."""
    return [README, *sorted((ROOT / "docs").glob("**/*.md"))]


def settle_examples() -> list[dict]:
    """The JSON blocks under the integrator's settle heading that are rounds (have a game)."""
    section = INTEGRATOR.read_text().split(SETTLE, 1)[1]
    section = section.split("\n### ", 1)[0].split("\n## ", 1)[0]
    blocks = re.findall(r"```json\n(.*?)```", section, re.S)
    return [body for body in map(json.loads, blocks) if "game" in body]


@pytest.fixture
def demo(db):
    call_command("load_demo", stdout=io.StringIO())


def test_the_guides_settle_example_answers_200_as_the_guide_says(demo, api_session_for):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username="compliance"))
    examples = settle_examples()
    assert examples
    for body in examples:
        response = client.post("/api/v1/engine/settle/", body, format="json")
        assert response.status_code == 200, response.json()
    # A♠K♠Q♠ on Pair Plus D is a straight flush, 40 to 1 (§649a.12(d)): $5 nets $200.00,
    # the line the guide shows.
    seat = response.json()["positions"][0]
    pair_plus = next(line for line in seat["lines"] if line["wager"] == "pair_plus")
    assert (pair_plus["odds"], pair_plus["net"]) == ("40 to 1", "200.00")


def schema(client) -> dict:
    return client.get(reverse("api-schema"), {"format": "json"}).json()


def request_examples(doc: dict):
    """(path, method, example body) of every request example in the schema."""
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            content = op.get("requestBody", {}).get("content", {}).get("application/json", {})
            for name, example in content.get("examples", {}).items():
                yield path, method, name, example["value"]


# Demo staff tried in turn: the first whose role may use an endpoint runs its example.
DEMO_STAFF = ("compliance", "floormgr", "tgm", "floorperson", "api")


def test_every_openapi_request_example_without_a_path_id_answers_200(demo, api_session_for):
    from django.contrib.auth import get_user_model

    users = get_user_model().objects.in_bulk(DEMO_STAFF, field_name="username")
    clients = [api_session_for(users[name]) for name in DEMO_STAFF]
    ran = 0
    for path, method, name, body in request_examples(schema(clients[0])):
        if "{" in path:
            continue  # needs an object of the database; its own tests cover it
        for client in clients:
            response = getattr(client, method)(path, body, format="json")
            if response.status_code != 403:
                break
        assert response.status_code in (200, 201), (path, name, response.content[:300])
        ran += 1
    assert ran >= 2  # the settle example at least, and the jackpot slip's


def _nullable(node):
    """OpenAPI 3.0's ``nullable`` as JSON Schema's null type."""
    if isinstance(node, list):
        return [_nullable(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _nullable(v) for k, v in node.items()}
    if node.pop("nullable", False):
        return {"anyOf": [node, {"type": "null"}]}
    return node


def response_schema(doc: dict, path: str, method: str = "get", status: str = "200") -> dict:
    content = doc["paths"][path][method]["responses"][status]["content"]["application/json"]
    return {**_nullable(content["schema"]), "components": _nullable(doc["components"])}


@pytest.mark.parametrize(("path", "username"), [
    ("/api/v1/games/", "auditor"),
    ("/api/v1/rules-submissions/", "auditor"),
    ("/api/v1/me/", "compliance"),
    ("/api/v1/audit-events/", "auditor"),
])
def test_responses_match_the_schema(demo, api_session_for, path, username):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username=username))
    body = client.get(path).json()
    jsonschema.validate(body, response_schema(schema(client), path))


def test_games_is_a_list_and_nullable_fields_are_typed_so(demo, api_session_for):
    from django.contrib.auth import get_user_model

    client = api_session_for(get_user_model().objects.get(username="auditor"))
    doc = schema(client)
    games = doc["paths"]["/api/v1/games/"]["get"]["responses"]["200"]["content"][
        "application/json"]["schema"]
    assert games["type"] == "array"
    submission = doc["components"]["schemas"]["Submission"]["properties"]
    assert submission["submitted_by"].get("nullable") is True
    # a nullable object: its component or null, each typed (no ``nullable`` without a type)
    assert submission["standing"]["oneOf"] == [
        {"$ref": "#/components/schemas/Standing"},
        {"type": "object", "nullable": True, "enum": [None]}]
    detail_path = "/api/v1/rules-submissions/{id}/"
    listing = client.get("/api/v1/rules-submissions/").json()["results"]
    draft = next(s for s in listing if s["status"] == "draft")
    assert draft["submitted_by"] is None and draft["standing"] is None
    one = client.get(f"/api/v1/rules-submissions/{draft['id']}/").json()
    jsonschema.validate(one, response_schema(doc, detail_path))


def _staff(username):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=username)


def _demo_ids() -> dict:
    """A demo object for each path with an id: the open table, a layout sent for review (made
    here: the demo's one layout is approved), TCP-1's meter, the Three Card Poker version in
    force."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from casino.models import Property
    from rulesubmissions.models import RulesSubmission
    from tables.demo import felt_png
    from tables.floor import layouts
    from tables.models import Layout, Meter, Table

    keystone = Property.objects.get(name="Keystone Downs Casino")
    name = f"Review copy {Layout.objects.count() + 1}"
    layout = layouts.layout_create(actor=_staff("tgm"), property=keystone,
                                   name=name, game="three_card_poker",
                                   artwork=SimpleUploadedFile("felt.png", felt_png()))
    layout = layouts.layout_update(actor=_staff("tgm"), layout=layout, checked=[
        i["key"] for i in layouts.checklist_for(layout.submission)])
    layout = layouts.layout_transition(actor=_staff("tgm"), layout=layout, to="submitted")
    return {
        "/api/v1/tables/": Table.objects.get(property=keystone, label="TCP-1").pk,
        "/api/v1/layouts/": layout.pk,
        "/api/v1/meters/": Meter.objects.get(table__property=keystone, table__label="TCP-1",
                                             key="five_card_progressive").pk,
        "/api/v1/rules-submissions/": RulesSubmission.objects.get(
            property=keystone, game="three_card_poker", status="approved").pk,
    }


def _with_id(path: str, ids: dict) -> str:
    if "{id}" in path:
        prefix = path.split("{", 1)[0]
        path = path.replace("{id}", str(ids[prefix]))
    return path.replace("{game}", "three_card_poker")


def test_every_openapi_request_example_with_a_path_id_answers_as_documented(demo,
                                                                           api_session_for):
    """The examples of endpoints acting on one object, run on a demo object: the table
    settle example on the open table TCP-1; a layout action's example on a layout waiting for
    review (only the action that takes it, "return", answers 200: the others say why not)."""
    clients = [api_session_for(_staff(name)) for name in DEMO_STAFF]
    ran = {}
    for path, method, name, body in request_examples(schema(clients[0])):
        if "{" not in path:
            continue
        ids = _demo_ids()  # each example meets a layout just sent for review
        for client in clients:
            response = getattr(client, method)(_with_id(path, ids), body, format="json")
            if response.status_code != 403:
                break
        ran[path] = response.status_code
        if path.endswith(("/settle/", "/return/", "/approve/")):
            assert response.status_code == 200, (path, name, response.content[:300])
        else:  # submit or recheck a layout already sent: refused with the reason
            assert response.status_code == 400 and "status" in response.json()["errors"], path
    assert ran["/api/v1/tables/{id}/settle/"] == 200
    assert ran["/api/v1/layouts/{id}/return/"] == 200


def response_examples(doc: dict):
    """(path, method, status, name, value) of every response example in the schema."""
    for path, operations in doc["paths"].items():
        for method, op in operations.items():
            for status, answer in op.get("responses", {}).items():
                content = answer.get("content", {}).get("application/json", {})
                for name, example in content.get("examples", {}).items():
                    yield path, method, status, name, example["value"]


def test_every_openapi_response_example_matches_its_schema_and_errors_have_the_one_shape(
        demo, api_session_for):
    doc = schema(api_session_for(_staff("auditor")))
    examples = list(response_examples(doc))
    assert len(examples) >= 5
    for path, method, status, name, value in examples:
        jsonschema.validate(value, response_schema(doc, path, method, status))
        if status.startswith("4"):
            assert list(value) == ["errors"], (path, name)
            assert all(isinstance(m, str) for ms in value["errors"].values() for m in ms)


@pytest.mark.parametrize(("path", "username"), [
    ("/api/v1/tables/", "auditor"),
    ("/api/v1/tables/{id}/", "auditor"),
    ("/api/v1/layouts/", "auditor"),
    ("/api/v1/layouts/{id}/", "auditor"),
    ("/api/v1/linked-groups/", "auditor"),
    ("/api/v1/meters/", "auditor"),
    ("/api/v1/meters/{id}/ledger/", "auditor"),
    ("/api/v1/jackpot-slips/", "auditor"),
    ("/api/v1/paytables/", "auditor"),
    ("/api/v1/rules-submissions/{id}/", "auditor"),
    ("/api/v1/games/{game}/layout-checklist/", "auditor"),
])
def test_the_floor_meter_slip_and_catalog_responses_match_the_schema(demo, api_session_for,
                                                                     path, username):
    client = api_session_for(_staff(username))
    response = client.get(_with_id(path, _demo_ids()))
    assert response.status_code == 200, response.content[:300]
    jsonschema.validate(response.json(), response_schema(schema(client), path))


def test_a_recorded_slip_matches_the_schema(demo, api_session_for):
    """The OpenAPI schema's slip example (the integrator's guide's), recorded by the demo floor
    manager: the 201 answer and the slip read back both match the schema."""
    floor = api_session_for(_staff("floormgr"))
    doc = schema(floor)
    body = next(value for path, method, _name, value in request_examples(doc)
                if path == "/api/v1/jackpot-slips/")
    recorded = floor.post("/api/v1/jackpot-slips/", body, format="json")
    assert recorded.status_code == 201, recorded.content[:300]
    jsonschema.validate(recorded.json(), response_schema(doc, "/api/v1/jackpot-slips/", "post",
                                                         "201"))
    one = floor.get(f"/api/v1/jackpot-slips/{recorded.json()['id']}/").json()
    jsonschema.validate(one, response_schema(doc, "/api/v1/jackpot-slips/{id}/"))


def test_the_guides_settle_answer_line_is_the_one_the_api_gives(demo, api_session_for):
    section = INTEGRATOR.read_text().split(SETTLE, 1)[1]
    line = json.loads(re.findall(r"```json\n(.*?)```", section, re.S)[1])
    client = api_session_for(_staff("compliance"))
    answer = client.post("/api/v1/engine/settle/", settle_examples()[0], format="json")
    lines = answer.json()["positions"][0]["lines"]
    given = next(x for x in lines if x["wager"] == line["wager"])
    assert {key: given[key] for key in line} == line


# --- The README: its commands and its demo logins -------------------------------------------

def _commands() -> list[str]:
    section = README.read_text().split("\n## The two commands\n", 1)[1].split("\n## ", 1)[0]
    return [ln.split("#", 1)[0].strip() for block in re.findall(r"```sh\n(.*?)```", section, re.S)
            for ln in block.splitlines() if ln.strip()]


def test_the_readme_commands_are_the_makefiles(db):
    """``make run``, ``make test`` and ``make bench`` are targets of the Makefile, and
    ``bash .ci/run`` is CI's script; the two commands come first."""
    commands = _commands()
    assert commands[:2] == ["make run", "make test"]
    targets = set(re.findall(r"^([a-z]+):", (ROOT / "Makefile").read_text(), re.M))
    for command in commands:
        if command.startswith("make "):
            assert command.split()[1] in targets, command
        else:
            assert command == "bash .ci/run" and (ROOT / ".ci" / "run").is_file(), command


def _demo_logins() -> list[list[str]]:
    section = README.read_text().split("\n## Demo logins\n", 1)[1].split("\n## ", 1)[0]
    rows = [ln for ln in section.splitlines() if ln.startswith("| ")][2:]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def test_the_readme_demo_logins_are_the_demos_people_and_roles(db):
    """Each demo user by name with the role's words (the role's label, never its key) and the
    property, as ``casino/demo.py`` makes them; the password is the demo's."""
    from casino import demo
    from casino.roles import ROLES

    rows = _demo_logins()
    assert [row[1].strip("`") for row in rows] == list(demo.USERS)
    for (person, username, role, prop), (code, prop_key, full_name) in zip(
            rows, demo.USERS.values(), strict=True):
        assert person == full_name, username
        assert role.split(" (")[0].lower() == ROLES[code].label.lower(), username
        assert prop == demo.PROPERTIES[prop_key][0], username
    assert f"password is `{demo.DEMO_PASSWORD}`" in README.read_text()


# --- Every code block of the README and the guides is run by a test -------------------------

# Each part of a document holding a code block -> the test that runs it: (document, the heading
# or bold lead above the block) -> (test module, a string the module holds). A new block
# elsewhere fails the test below until a test runs it and is named here.
EXAMPLES = {
    ("README.md", "## The two commands"): (
        "tests/test_docs_examples.py", "test_the_readme_commands_are_the_makefiles"),
    ("docs/integrator.md", SETTLE): (
        "tests/test_docs_examples.py", "test_the_guides_settle_example_answers_200"),
    ("docs/integrator.md", "## Personal tokens"): (
        "tests/api/test_integrator_tokens_docs.py", "## Personal tokens"),
    ("docs/integrator.md", "## Signing in from a program"): (
        "tests/api/test_integrator_tokens_docs.py", "## Signing in from a program"),
    ("docs/integrator.md", "### `POST /api/v1/tables/<id>/settle/`"): (
        "tests/tables/test_table_settle.py", "docs/integrator.md"),
    ("docs/integrator.md", "### `POST /api/v1/wagers/`"): (
        "tests/tables/test_wager_ingest.py", "docs/integrator.md"),
    ("docs/integrator.md", "### `POST /api/v1/jackpot-slips/`"): (
        "tests/tables/test_slip_api_pages.py",
        "test_the_guides_worked_example_is_what_the_api_answers"),
    ("docs/integrator.md", "### `GET /api/v1/rules-submissions/<id>/diff/`"): (
        "tests/api/test_submission_diff.py", "docs/integrator.md"),
    ("docs/auditor.md", "**Audit trail: tamper-evident.**"): (
        "tests/casino/test_audit_chain.py", "test_the_documented_audit_verify_example"),
    ("docs/auditor.md", "**Evidence bundle: the worked example.**"): (
        "tests/casino/test_evidence_bundle_docs.py", "docs/auditor.md"),
    ("docs/operator.md", "**Health.**"): ("tests/casino/test_healthz.py", "docs/operator.md"),
    ("docs/table-games-manager.md", "## Par sheets"): (
        "tests/rulesubmissions/test_par_command.py", "docs/table-games-manager.md"),
}


def _parts(path: Path) -> list[tuple[list[str], str]]:
    """(the headings and bold leads since its section's ``##`` heading, block) for every fenced
    block of ``path``: the nearest of them that names a test is the block's."""
    text, parts = path.read_text(), []
    for match in re.finditer(r"```(\w*)\n(.*?)```", text, re.S):
        before = text[:match.start()]
        marks = [m.group(1) for m in re.finditer(r"^(#{1,3} .*|\*\*[^*]+\.\*\*)", before, re.M)]
        section = max((i for i, mark in enumerate(marks) if mark.startswith(("# ", "## "))),
                      default=0)
        parts.append((marks[section:], match.group(2)))
    return parts


def test_every_example_of_the_readme_and_the_guides_is_run_by_a_named_test():
    seen = set()
    for path in documents():
        name = path.relative_to(ROOT).as_posix()
        for marks, block in _parts(path):
            named = [(name, h) for mark in marks for doc, h in EXAMPLES
                     if doc == name and mark.startswith(h)]
            assert named, f"{name}: the example under {marks[-1]!r} is run by no test: " \
                          f"{block[:80]}"
            test, marker = EXAMPLES[named[-1]]
            assert marker in (ROOT / test).read_text(), (name, marks[-1], test, marker)
            seen.add(named[-1])
    assert seen == set(EXAMPLES)  # every entry still names a block


# --- Every link between the guides leads somewhere ------------------------------------------

def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
    return {_anchor(m.group(1)) for m in re.finditer(r"^#{1,6} (.*)$", text, re.M)}


def test_every_link_of_the_readme_and_the_guides_leads_to_a_file_and_heading():
    for path in documents():
        text = re.sub(r"```.*?```", "", path.read_text(), flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if target.startswith(("http://", "https://", "mailto:")):
                continue
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            assert linked.exists(), (path.name, target)
            if anchor:
                assert anchor in _anchors(linked), (path.name, target)
