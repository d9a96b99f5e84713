import json
import sys
import types

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
