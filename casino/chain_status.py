"""Each audit chain's last verification where people look (issue 28, item 5): the audit log
page and the auditors' dashboard show, for every chain the reader may see, when it was last
checked, how many events that check read, whether it was intact, and the latest anchor signed
outside the database (4 Pa.C.S. §1323: a system able to detect alterations, and seen to)."""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q, Subquery

from casino import evidence_anchors
from casino.audit_chain import NO_PROPERTY_NAME, chain_names
from casino.audit_hash import NO_PROPERTY
from casino.models import AuditChainCheck
from casino.permissions import staff_properties


@dataclass(frozen=True)
class ChainStatus:
    name: str
    check: AuditChainCheck | None  # the latest, None: never checked
    anchor_seq: int | None = None
    anchor_at: dt.datetime | None = None
    anchor_hash: str = ""
    anchor_problem: str = ""

    @property
    def events(self) -> str:
        """"1,234 events checked, up to event 56,789", as the page says it."""
        if self.check is None:
            return ""
        upto = f", up to event {self.check.last_seq:,}" if self.check.last_seq else ""
        return f"{self.check.events_checked:,}{upto}"

    @property
    def anchor(self) -> str:
        return f"Event {self.anchor_seq:,}" if self.anchor_seq else ""


def _anchor(key: int) -> dict:
    try:
        anchor = evidence_anchors.latest_anchor(key)
    except evidence_anchors.AnchorError as exc:
        return {"anchor_problem": str(exc)}
    if anchor is None:
        return {}
    try:
        at = dt.datetime.fromisoformat(str(anchor["at"]).replace("Z", "+00:00"))
    except ValueError:
        at = None
    return {"anchor_seq": anchor.get("seq"), "anchor_at": at,
            "anchor_hash": str(anchor.get("hash", ""))[:12]}


def visible_checks(user) -> dict[int, str]:
    """The chains ``user`` reads, key -> name (their properties' and that of no property; a
    superuser's: every one), from the properties already read for the request."""
    if user.is_superuser:
        return chain_names()
    names = {p.pk: str(p) for p in staff_properties(user)}
    return {**names, NO_PROPERTY: NO_PROPERTY_NAME}


def latest_of(keys) -> dict[int, AuditChainCheck]:
    """The latest check of each chain of ``keys``: one query, each found through the chain's
    index (cached on nothing: a page asks once)."""
    wanted = Q(pk__in=[])
    for key in keys:
        wanted |= Q(pk=Subquery(AuditChainCheck.objects.filter(chain=key).order_by("-id")
                                .values("id")[:1]))
    return {c.chain: c for c in AuditChainCheck.objects.filter(wanted)}


def chain_statuses(user) -> list[ChainStatus]:
    """Each chain ``user`` reads with its latest check and anchor (one query, and one read of
    the end of each chain's anchor file), cached on the user object for the request: the
    dashboard's alarm and its status panel share it."""
    cached = getattr(user, "_casino_chain_statuses", None)
    if cached is None:
        names = visible_checks(user)
        checks = latest_of(names)
        order = sorted(names, key=lambda k: (k == NO_PROPERTY, names[k]))
        for key, check in checks.items():
            check.chain_name = names[key]  # as audit_chain.latest_checks names it
        cached = [ChainStatus(name=names[key], check=checks.get(key), **_anchor(key))
                  for key in order]
        user._casino_chain_statuses = cached
    return cached
