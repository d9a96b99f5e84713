"""The peak-night benchmark's smoke size on the default install (SQLite and the filesystem
broker in a temporary directory, gunicorn, a Celery worker with beat): every client works,
every answer is one the client expected, nothing accepted is lost and the worker drains; and the
runner prints a ratio a reader can trust (issue 32)."""

import pytest

from benchmarks import __main__ as runner
from benchmarks import bench_busy_night

# The night's clients, quicker: a jackpot every 8 s (so each floor manager records at least
# one and their floorperson validates and pays it), the officers and the auditor every 5 s.
QUICK = {"jackpot_every": 8.0, "walk": 1.0, "approve_every": 5.0, "export_every": 5.0}


@pytest.mark.slow
@pytest.mark.worker
def test_a_short_night_on_the_default_install_loses_nothing_and_errs_nowhere():
    night = bench_busy_night.night("sqlite", seconds=15, tables=4, pace=QUICK, drain_s=90)
    assert night["errors"] == 0, night["refused"]
    assert night["lost"] == 0 and night["unapplied"] == 0, night["lost_by_kind"]
    assert night["meters_off"] == 0
    # Every kind of client was answered: 4 table systems, 10 tablets, the floor, compliance,
    # the auditor and the par sheet.
    assert {"wagers", "meter board", "record", "slip page", "validate", "pay",
            "compliance queue", "review", "approve", "export", "par run",
            "par progress"} <= night["by_who"].keys()
    recorded, validated, paid = night["slips"]
    assert recorded >= 4 and night["wagers"] > 0
    assert paid <= validated <= recorded


def test_the_runner_says_worse_when_the_baseline_wins_and_prints_no_ratio_for_a_count(
        capsys):
    runner.show({
        "x.deal": {"value": 80.0, "unit": "rounds/s", "baseline": "naive",
                   "baseline_value": 100.0, "ratio": 0.8},
        "load.errors": {"value": 0, "unit": "requests", "baseline": "none: the target is 0",
                        "baseline_value": None, "ratio": None}})
    out = capsys.readouterr().out
    assert "x.deal: 80 rounds/s  vs naive: 100 rounds/s  -> 1.25x worse" in out
    assert "load.errors: 0 requests  (none: the target is 0)" in out
