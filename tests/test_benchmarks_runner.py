import json
import sys
import types

import pytest

from benchmarks import __main__ as runner


def test_runner_with_no_modules_says_so_and_writes_an_empty_file(monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(runner, "discover", lambda: [])
    monkeypatch.setattr(runner, "OUT", tmp_path / "bench.json")
    assert runner.main() == 0
    assert "no benchmarks" in capsys.readouterr().out
    assert json.loads((tmp_path / "bench.json").read_text())["results"] == {}


def test_runner_merges_and_prints_figures_with_baseline_and_ratio(monkeypatch, tmp_path, capsys):
    fake = types.ModuleType("benchmarks.bench_fake")
    fake.run = lambda: {"fake.settle": {"value": 0.5, "unit": "s", "baseline": "naive",
                                        "baseline_value": 2.0, "ratio": 4.0}}
    monkeypatch.setitem(sys.modules, "benchmarks.bench_fake", fake)
    monkeypatch.setattr(runner, "discover", lambda: ["benchmarks.bench_fake"])
    monkeypatch.setattr(runner, "OUT", tmp_path / "bench.json")
    runner.main()
    out = capsys.readouterr().out
    assert "fake.settle: 0.5 s  vs naive: 2 s  -> 4.00x better" in out
    saved = json.loads((tmp_path / "bench.json").read_text())["results"]
    assert saved["fake.settle"]["ratio"] == 4.0


def test_runner_runs_only_the_modules_named_and_keeps_the_others_figures(
        monkeypatch, tmp_path, capsys):
    """``python -m benchmarks bench_fast``: only that module runs; the saved figures of the
    module not named stay as the last run left them, the named one's are replaced."""
    ran = []

    def module(name: str, value: float) -> types.ModuleType:
        fake = types.ModuleType(f"benchmarks.{name}")
        fake.run = lambda: ran.append(name) or {f"{name}.x": {
            "value": value, "unit": "s", "baseline": "b", "baseline_value": 1.0,
            "ratio": 1.0 / value}}
        monkeypatch.setitem(sys.modules, f"benchmarks.{name}", fake)
        return fake

    module("bench_fast", 0.25)
    module("bench_slow", 2.0)
    monkeypatch.setattr(runner, "discover", lambda: ["benchmarks.bench_fast",
                                                     "benchmarks.bench_slow"])
    monkeypatch.setattr(runner, "OUT", tmp_path / "bench.json")
    out = tmp_path / "bench.json"
    out.write_text(json.dumps({"results": {
        "bench_fast.x": {"value": 9.0, "module": "benchmarks.bench_fast"},
        "bench_slow.x": {"value": 7.0, "module": "benchmarks.bench_slow"}}}))
    assert runner.main(["bench_fast"]) == 0
    assert ran == ["bench_fast"]
    saved = json.loads(out.read_text())["results"]
    assert (saved["bench_fast.x"]["value"], saved["bench_slow.x"]["value"]) == (0.25, 7.0)
    assert "bench_fast.x: 0.25 s  vs b: 1 s  -> 4.00x better" in capsys.readouterr().out


def test_runner_refuses_a_module_it_does_not_have(monkeypatch, tmp_path):
    monkeypatch.setattr(runner, "discover", lambda: ["benchmarks.bench_fast"])
    monkeypatch.setattr(runner, "OUT", tmp_path / "bench.json")
    with pytest.raises(SystemExit, match="no such benchmark: benchmarks.bench_nope"):
        runner.main(["bench_nope"])
    assert not (tmp_path / "bench.json").exists()
