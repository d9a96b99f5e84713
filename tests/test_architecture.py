"""The house's layers, read from the source (issue 18): no import circle anywhere in the apps
and the engine (at module level or inside a function: both run); ``casino/``, the ground floor,
imports no app above it except in its URL root; the rooms of ``tables/`` depend one way (slips
-> meters -> floor); and no module grows past 500 lines (migrations aside). The engine's own
rule, no Django in ``games/``, is tests/games/test_engine_is_pure.py; both read imports with
tests/imports.py."""

from pathlib import Path

import pytest

from tests.imports import imported_names

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("casino", "games", "rulesubmissions", "tables")
SIZED = (*PACKAGES, "benchmarks", "tests")
MAX_LINES = 500
ROOMS = ("floor", "meters", "slips", "signs", "shift")  # each may use those before it, never after
ABOVE_CASINO = ("rulesubmissions", "tables")
URL_ROOT = "casino.urls"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(packages=PACKAGES) -> dict[str, tuple[Path, str]]:
    """Every module of ``packages``: name -> (file, source)."""
    return {module_name(f): (f, f.read_text()) for package in packages
            for f in sorted((ROOT / package).rglob("*.py"))}


def import_graph(modules: dict[str, str]) -> dict[str, set[str]]:
    """name -> the modules of ``modules`` (name -> source) that it imports anywhere. ``from
    package import module`` is an edge to the module alone: a package's modules importing each
    other through it is no circle of its own."""
    graph = {}
    for name, source in modules.items():
        package = name if _is_package(name, modules) else name.rpartition(".")[0]
        found = imported_names(source, package)
        by_line: dict[int, set[str]] = {}
        for line, imported in found:
            by_line.setdefault(line, set()).add(imported)
        graph[name] = {imported for line, imported in found if imported in modules
                       and imported != name and not _only_modules_of(imported, by_line[line],
                                                                     modules)}
    return graph


def _only_modules_of(package: str, names: set[str], modules: dict) -> bool:
    """Whether the statement naming ``package`` imports only modules from it."""
    inner = [n for n in names if n.startswith(f"{package}.")]
    return bool(inner) and all(n in modules for n in inner)


def _is_package(name: str, modules: dict) -> bool:
    return any(other.startswith(f"{name}.") for other in modules)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def casino_reaches_up(modules: dict[str, str]) -> dict[str, list[str]]:
    """Modules of ``casino`` (its URL root aside) importing an app above it."""
    found = {}
    for name, source in modules.items():
        if name.split(".")[0] != "casino" or name == URL_ROOT:
            continue
        bad = sorted({n for _, n in imported_names(source, name.rpartition(".")[0])
                      if n.split(".")[0] in ABOVE_CASINO})
        if bad:
            found[name] = bad
    return found


def rooms_reach_up(modules: dict[str, str]) -> dict[str, list[str]]:
    """Modules of a room of ``tables`` importing anything of ``tables`` but their own room and
    the rooms below it (``tables.models``, the app's URLs or registrations reach every room)."""
    found = {}
    for name, source in modules.items():
        parts = name.split(".")
        if parts[0] != "tables" or len(parts) < 2 or parts[1] not in ROOMS:
            continue
        allowed = ROOMS[:ROOMS.index(parts[1]) + 1]
        bad = sorted({n for _, n in imported_names(source, name.rpartition(".")[0])
                      if n.startswith("tables.") and n.split(".")[1] not in allowed})
        if bad:
            found[name] = bad
    return found


def too_long(packages=SIZED) -> dict[str, int]:
    return {str(f.relative_to(ROOT)): lines for package in packages
            for f in sorted((ROOT / package).rglob("*.py"))
            if "migrations" not in f.parts and (lines := len(f.read_text().splitlines()))
            > MAX_LINES}


@pytest.fixture(scope="module")
def house() -> dict[str, str]:
    return {name: source for name, (_, source) in sources().items()}


def test_there_is_no_import_circle_in_the_apps_or_the_engine(house):
    assert {"tables.floor.services", "tables.meters.services", "casino.registry"} <= set(house)
    assert circles(import_graph(house)) == []


def test_casino_imports_no_app_above_it_except_in_its_url_root(house):
    assert casino_reaches_up(house) == {}


def test_the_rooms_of_tables_depend_one_way_slips_meters_floor(house):
    assert rooms_reach_up(house) == {}


def test_no_module_is_over_500_lines_outside_migrations():
    assert too_long() == {}


# --- The checks themselves can fail ----------------------------------------------------------

def test_a_circle_through_a_function_level_import_is_found():
    modules = {"tables.floor.services": "def f():\n    from tables.meters import services\n",
               "tables.meters.services": "from tables.floor import services\n",
               "tables.meters": "", "tables.floor": "", "tables": ""}
    assert circles(import_graph(modules)) == [["tables.floor.services",
                                               "tables.meters.services"]]


def test_a_longer_circle_and_a_relative_import_are_found():
    modules = {"casino": "from .celery import app\n", "casino.celery": "import casino.a\n",
               "casino.a": "from casino import b\n", "casino.b": "import casino\n"}
    assert circles(import_graph(modules)) == [["casino", "casino.a", "casino.b",
                                               "casino.celery"]]


def test_one_way_imports_are_no_circle():
    modules = {"tables.slips.services": "from tables.meters import services\n",
               "tables.meters.services": "from tables.floor.models import Table\n",
               "tables.floor.models": "from casino.models import Property\n",
               "casino.models": ""}
    assert circles(import_graph(modules)) == []


@pytest.mark.parametrize("source", [
    "from tables.meters.selectors import dollars\n",
    "def f():\n    from tables.slips import services\n",
    "from tables.models import Table\n",
    "from tables import models\n",
])
def test_the_floor_reaching_a_room_above_it_or_the_whole_app_is_found(source):
    assert rooms_reach_up({"tables.floor.services": source})


def test_a_room_may_use_itself_and_the_rooms_below_it():
    assert rooms_reach_up({
        "tables.slips.services": "from tables.meters import services\n"
                                 "from tables.floor.models import Table\n"
                                 "from tables.slips.errors import SlipError\n",
        "tables.meters.services": "from tables.floor.selectors import terms_for\n"}) == {}


def test_meters_reaching_slips_is_found():
    assert rooms_reach_up({"tables.meters.services": "from tables.slips import services\n"}) \
        == {"tables.meters.services": ["tables.slips", "tables.slips.services"]}


@pytest.mark.parametrize("name, source, reaches", [
    ("casino.dashboard", "def f():\n    from tables.meters import reconciliation\n", True),
    ("casino.audit_display", "from rulesubmissions.models import Status\n", True),
    ("casino.urls", "from tables import urls\n", False),
    ("casino.views", "from casino.registry import AUDIT\n", False),
])
def test_casino_reaching_up_is_found_outside_its_url_root(name, source, reaches):
    assert bool(casino_reaches_up({name: source})) is reaches
