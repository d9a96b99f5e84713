"""Discover ``benchmarks/bench_*.py``, run each ``run()``, print and save the figures.

``python -m benchmarks bench_slips bench_slip_queries`` runs only the modules named, and merges
their figures into the saved ones (the others' kept as the last full run left them)."""

import importlib
import json
import pkgutil
import platform
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import benchmarks

FIELDS = ("value", "unit", "baseline", "baseline_value", "ratio")
OUT = Path(__file__).resolve().parent.parent / "var" / "bench.json"


def discover() -> list[str]:
    return sorted(f"benchmarks.{m.name}" for m in pkgutil.iter_modules(benchmarks.__path__)
                  if m.name.startswith("bench_"))


def check(module: str, results: dict) -> None:
    for name, figure in results.items():
        missing = [f for f in FIELDS if f not in figure]
        if missing:
            raise ValueError(f"{module}: {name!r} lacks {missing}")


def run_all(modules: list[str]) -> dict:
    merged: dict[str, dict] = {}
    for module in modules:
        started = time.perf_counter()
        results = importlib.import_module(module).run()
        check(module, results)
        clash = merged.keys() & results.keys()
        if clash:
            raise ValueError(f"{module}: names already used by another module: {sorted(clash)}")
        merged.update({name: {**fig, "module": module} for name, fig in results.items()})
        print(f"# {module}: {len(results)} figures in {time.perf_counter() - started:.1f}s")
    return merged


def show(results: dict) -> None:
    """One line a figure: against its baseline, with "better" or "worse" as the ratio says (a
    figure with no baseline, a count whose target is zero, says so instead of a ratio)."""
    for name, f in results.items():
        if f["ratio"] is None:
            print(f"{name}: {f['value']:.6g} {f['unit']}  ({f['baseline']})")
            continue
        verdict = (f"{f['ratio']:.2f}x better" if f["ratio"] >= 1
                   else f"{1 / f['ratio']:.2f}x worse")
        print(f"{name}: {f['value']:.6g} {f['unit']}  vs {f['baseline']}: "
              f"{f['baseline_value']:.6g} {f['unit']}  -> {verdict}")


def chosen(modules: list[str], names: list[str]) -> list[str]:
    """The modules named (``bench_slips`` or ``benchmarks.bench_slips``); all when none are."""
    if not names:
        return modules
    wanted = {n if n.startswith("benchmarks.") else f"benchmarks.{n}" for n in names}
    unknown = wanted - set(modules)
    if unknown:
        raise SystemExit(f"no such benchmark: {', '.join(sorted(unknown))}")
    return [m for m in modules if m in wanted]


def main(names: list[str] = ()) -> int:
    modules = chosen(discover(), names)
    results = run_all(modules) if modules else {}
    if not results:
        print("no benchmarks")
    show(results)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    kept = {}
    if names and OUT.exists():
        kept = {k: v for k, v in json.loads(OUT.read_text()).get("results", {}).items()
                if v.get("module") not in modules}
    OUT.write_text(json.dumps({
        "generated_at": datetime.now(UTC).isoformat(),
        "python": platform.python_version(),
        "results": {**kept, **results},
    }, indent=2, default=str))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
