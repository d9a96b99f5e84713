"""Staff roles and their abilities, as data.

A role is a Django group; each ability is a permission ``casino.<ability>`` (codename = the
ability code) on the unmanaged ``casino.Ability`` model. ``sync_roles`` runs after every
migrate, so adding an ability or a role here is all a later issue needs to do.
Check abilities with ``casino.permissions.can(user, ability, property)`` only.
"""

from dataclasses import dataclass

ABILITIES: dict[str, str] = {
    "property.read": "See the property's pages",
    "rulesubmissions.read": "Read Rules Submissions",
    "rulesubmissions.draft": "Draft and submit Rules Submissions",
    "rulesubmissions.approve": "Approve or return Rules Submissions",
    "tables.read": "See the floor: tables, layouts and their terms",
    "tables.configure": "Create and change tables",
    "tables.operate": "Open and close tables; seed progressive meters",
    "layouts.prepare": "Prepare table layouts",
    "layouts.approve": "Approve table layouts",
    "paytables.approve": "Approve paytables",
    "slips.read": "Read jackpot slips",
    "slips.record": "Record jackpot slips",
    "slips.validate": "Validate jackpot slips",
    "slips.void": "Void jackpot slips (with a reason and a second person)",
    "meters.read": "Read progressive meters",
    "meters.adjust": "Propose or approve a progressive meter adjustment (two people)",
    "wagers.post": "Post wager events from a table game system",
    "engine.settle": "Settle rounds through the game engine",
    "audit.read": "Read the audit log",
    "api.access": "Use the API with a token",
}


@dataclass(frozen=True)
class Role:
    code: str
    label: str  # also the Django group name
    abilities: frozenset[str]
    summary: str


def _role(code: str, label: str, summary: str, *abilities: str) -> Role:
    return Role(code, label, frozenset(abilities), summary)


ROLES: dict[str, Role] = {
    r.code: r
    for r in (
        _role(
            "table_games_manager",
            "Table games manager",
            "Drafts Rules Submissions for the property's table games.",
            "property.read", "rulesubmissions.read", "rulesubmissions.draft",
            "tables.read", "tables.configure", "layouts.prepare",
            "meters.read", "slips.read", "engine.settle",
        ),
        _role(
            "compliance_officer",
            "Compliance officer",
            "Approves Rules Submissions, layouts and paytables.",
            "property.read", "rulesubmissions.read", "rulesubmissions.approve",
            "tables.read", "layouts.approve", "paytables.approve", "meters.read",
            "meters.adjust", "slips.read", "audit.read", "engine.settle",
        ),
        _role(
            "floor_manager",
            "Floor manager",
            "Records jackpot slips on the floor.",
            "property.read", "tables.read", "tables.operate", "slips.read", "slips.record",
            "slips.validate", "slips.void", "meters.read", "meters.adjust", "engine.settle",
        ),
        _role(
            "floorperson",
            "Floorperson",
            "Validates jackpot slips recorded by a floor manager.",
            "property.read", "tables.read", "slips.read", "slips.validate", "slips.void",
            "meters.read", "engine.settle",
        ),
        _role(
            "auditor",
            "Auditor",
            "Reads everything at the property, including the audit log.",
            "property.read", "rulesubmissions.read", "tables.read", "slips.read",
            "meters.read", "audit.read", "engine.settle",
        ),
        _role(
            "api_client",
            "API client",
            "An integration that calls the API with a token: table game systems settle rounds,"
            " post wagers and record the jackpot slips they detect; reporting tools read"
            " meters, slips, Rules Submissions and the audit log.",
            # Records slips (it is the preparer, §465a.26), never validates, pays or voids
            # them: a person with slips.validate, never the recorder, does (§649a.11(c)(5)).
            "api.access", "property.read", "rulesubmissions.read", "tables.read",
            "meters.read", "slips.read", "slips.record", "wagers.post", "engine.settle",
            "audit.read",
        ),
    )
}

_unknown = {a for r in ROLES.values() for a in r.abilities} - ABILITIES.keys()
assert not _unknown, f"roles use undefined abilities: {_unknown}"


def sync_roles(**kwargs) -> None:
    """Create/refresh one permission per ability and one group per role (post_migrate)."""
    from django.contrib.auth.models import Group, Permission
    from django.contrib.contenttypes.models import ContentType

    from casino.models import Ability

    content_type = ContentType.objects.get_for_model(Ability, for_concrete_model=False)
    perms = {}
    for code, name in ABILITIES.items():
        perm, _ = Permission.objects.update_or_create(
            content_type=content_type, codename=code, defaults={"name": name[:255]}
        )
        perms[code] = perm
    for role in ROLES.values():
        group, _ = Group.objects.get_or_create(name=role.label)
        group.permissions.set([perms[a] for a in sorted(role.abilities)])
