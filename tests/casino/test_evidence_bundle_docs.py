"""The worked example of docs/auditor.md, "Verifying an evidence bundle offline", run as
written on the demo: its commands, then the tool's output line by line, the times, the key's
fingerprint, the anchored hash and the event counts aside (they differ from run to run)."""

import io
import re
import shlex
from contextlib import redirect_stdout
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.casino.evidence_tool import tool

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "auditor.md"
LEAD = "**Evidence bundle: the worked example.**"
VARYING = [(re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC"), "<time>"),
           (re.compile(r"SHA256:[0-9a-f:]+"), "<fingerprint>"),
           (re.compile(r"\([0-9a-f]{12}\)"), "(<hash>)"),
           (re.compile(r"Events: \d+ \(\d+ to \d+\)"), "Events: <n>"),
           (re.compile(r"signed event \d+"), "signed event <n>")]


def blocks() -> tuple[list[str], list[str]]:
    section = DOC.read_text().split(LEAD, 1)[1].split("\n**", 1)[0]
    commands = re.search(r"```sh\n(.*?)```", section, re.S).group(1).splitlines()
    output = re.search(r"```text\n(.*?)```", section, re.S).group(1).splitlines()
    return commands, output


def plain(lines: list[str]) -> list[str]:
    for pattern, words in VARYING:
        lines = [pattern.sub(words, line) for line in lines]
    return lines


def test_the_worked_example_of_docs_auditor_md_runs_as_written(tmp_path, monkeypatch):
    call_command("load_demo", stdout=io.StringIO())
    monkeypatch.chdir(tmp_path)
    commands, expected = blocks()
    assert [c.split()[:3] for c in commands] == [
        ["python", "manage.py", "audit_verify"], ["python", "manage.py", "export_evidence"],
        ["python", "tools/verify_evidence.py", "keystone.evidence.jsonl"]]
    out = io.StringIO()
    for command in commands:
        words = shlex.split(command)
        if words[1] == "manage.py":
            call_command(*words[2:], stdout=io.StringIO())
        else:
            with redirect_stdout(out):
                assert tool.main(words[2:]) == 0
    assert plain(out.getvalue().splitlines()) == plain(expected)
