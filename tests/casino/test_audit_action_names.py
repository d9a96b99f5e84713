"""Every action code the code base records has words for the audit pages: the codes are read
from the source (each ``audit_record(action=...)`` and each model-signal ``_record(...)``), so a
new code without a name fails here rather than showing as a spelt-out key."""

import ast
from pathlib import Path

import pytest

from casino.audit_display import action_name, known_action_name, shown
from rulesubmissions import services as rules
from tables.floor import layouts

ROOT = Path(__file__).resolve().parents[2]
APPS = ("casino", "rulesubmissions", "tables")

# f-string codes -> every code they make, from the maps the services use themselves.
EXPANSIONS = {
    "f'rulesubmissions.submission.{_VERBS[to]}'":
        [f"rulesubmissions.submission.{v}" for v in rules.SUBMISSION_ACTIONS],
    "f'rulesubmissions.paytable.{_PAYTABLE_VERBS[to]}'":
        [f"rulesubmissions.paytable.{v}" for v in rules.PAYTABLE_DECISIONS],
    "f'rulesubmissions.paytable.{verb}'":
        [f"rulesubmissions.paytable.{v}" for v in rules.RETIREMENT_DECISIONS],
    "f'tables.meter_adjustment.{verb}'":
        ["tables.meter_adjustment.approve", "tables.meter_adjustment.reject"],
    "f'tables.layout.{_VERBS[to]}'": [f"tables.layout.{v}" for v in layouts.ACTIONS],
    # casino/signals.py: a user's groups and permissions, a group's permissions.
    "f'{action_prefix}.{relation}_{verb}'":
        [f"{prefix}.{relation}_{verb}" for prefix, relation in
         (("auth.user", "groups"), ("auth.user", "user_permissions"),
          ("auth.group", "permissions")) for verb in ("add", "remove")],
}


def _action_expr(call: ast.Call) -> ast.expr | None:
    name = getattr(call.func, "id", None) or getattr(call.func, "attr", None)
    if name == "audit_record":
        return next((k.value for k in call.keywords if k.arg == "action"), None)
    if name == "_record" and call.args:
        return call.args[0]
    return None


def recorded_codes() -> tuple[set[str], set[str]]:
    """(the codes found, the f-string templates no expansion above covers)."""
    codes, unknown = set(), set()
    for app in APPS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text())):
                expr = _action_expr(node) if isinstance(node, ast.Call) else None
                if expr is None:
                    continue
                for part in ast.walk(expr):
                    if isinstance(part, ast.JoinedStr):
                        source = ast.unparse(part)
                        if source in EXPANSIONS:
                            codes.update(EXPANSIONS[source])
                        else:
                            unknown.add(f"{path.relative_to(ROOT)}: {source}")
                    elif isinstance(part, ast.Constant) and isinstance(part.value, str) \
                            and not any(isinstance(p, ast.JoinedStr) for p in ast.walk(expr)):
                        codes.add(part.value)
    return codes, unknown


def test_every_recorded_action_code_has_words():
    codes, unknown = recorded_codes()
    assert not unknown, f"say which codes these make (EXPANSIONS): {sorted(unknown)}"
    assert len(codes) > 60  # the scan found the services and the signals
    assert {"tables.linked_group.create", "casino.signin.lockout", "casino.token.issue",
            "auth.user.groups_add", "casino.staffmembership.create"} <= codes
    missing = sorted(c for c in codes if known_action_name(c) is None)
    assert missing == [], f"action codes without words in casino/audit_display.py: {missing}"


@pytest.mark.parametrize("code, name", [
    ("tables.linked_group.create", "Linked progressive group created"),
    ("casino.signin.success", "Sign-in succeeded"),
    ("casino.signin.failure", "Sign-in failed"),
    ("casino.signin.signout", "Signed out"),
    ("casino.signin.lockout", "Locked out after failed sign-ins"),
    ("casino.signin.unlock", "Sign-in lockout lifted"),
    ("casino.token.issue", "API token issued"),
    ("casino.token.revoke", "API token revoked"),
    ("casino.token.expire", "API token expired"),
    ("auth.user.create", "User created"),
    ("auth.user.groups_add", "User added to a role"),
    ("auth.group.permissions_remove", "Group permissions removed"),
    ("casino.staffmembership.delete", "Staff membership deleted"),
    ("rulesubmissions.par_sheet.request", "Par sheet requested"),
    ("tables.layout.recheck", "Table layout checked again"),
    ("tables.meter.mystery_win", "Must-Hit-By Mystery Bonus won"),
])
def test_the_new_codes_read_as_staff_say_them(code, name):
    assert action_name(code) == name


def test_a_code_without_words_is_spelt_out_not_shown_raw():
    assert known_action_name("tables.widget.polish") is None
    assert action_name("tables.widget.polish") == "Widget polish"


def test_a_game_reads_by_its_name():
    assert shown("three_card_poker", "game") == "Three Card Poker"
    assert shown("texas_holdem_bonus", "after.game") == "Texas Hold 'Em Bonus Poker"
