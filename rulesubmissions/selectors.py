"""Reads for Rules Submissions: what staff may see, what is in force, the property's catalog."""

from datetime import date

from django.db.models import QuerySet
from django.utils import timezone

from casino.models import Property
from casino.permissions import property_ids
from games.paytables import Catalog, Paytable, builtin_catalog, parse_paytable
from rulesubmissions.models import CatalogPaytable, PaytableStatus, RulesSubmission, Status


def submission_list(*, user, game: str = "", status: str = "") -> QuerySet[RulesSubmission]:
    """Submissions of the user's properties (staff see only their own), newest first."""
    qs = RulesSubmission.objects.select_related("property", "author", "submitted_by",
                                                    "reviewed_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    if game:
        qs = qs.filter(game=game)
    if status:
        qs = qs.filter(status=status)
    return qs.order_by("-updated_at", "-pk")


def compliance_queue(*, user) -> QuerySet[RulesSubmission]:
    """Submitted versions waiting for a compliance officer, oldest first."""
    return submission_list(user=user, status=Status.SUBMITTED).order_by("submitted_at", "pk")


def in_force(*, property: Property, game: str, on: date | None = None) -> RulesSubmission | None:
    """The approved version in force on ``on`` (today): the latest effective by then."""
    on = on or timezone.localdate()
    return (RulesSubmission.objects
            .filter(property=property, game=game, status=Status.APPROVED, effective_date__lte=on)
            .order_by("-effective_date", "-version").first())


def latest_approved(*, property: Property, game: str) -> RulesSubmission | None:
    return (RulesSubmission.objects.filter(property=property, game=game, status=Status.APPROVED)
            .order_by("-version").first())


def paytable_list(*, user) -> QuerySet[CatalogPaytable]:
    qs = CatalogPaytable.objects.select_related("property", "proposed_by", "decided_by")
    if not user.is_superuser:
        qs = qs.filter(property_id__in=property_ids(user))
    return qs


def approved_paytables(property: Property | None) -> list[Paytable]:
    rows = CatalogPaytable.objects.filter(property=property, status=PaytableStatus.APPROVED)
    return [parse_paytable(p.entry) for p in rows.order_by("pk")]


def catalog_for(property: Property | None) -> Catalog:
    """The engine's built-in catalog plus the property's approved paytables (none without a
    property): what the engine runs ``using`` for that property's staff."""
    return builtin_catalog().with_paytables(approved_paytables(property))


def proposed_paytables(*, user) -> list[tuple[CatalogPaytable, Paytable]]:
    """Proposals waiting for a second compliance officer, each with its paytable as parsed."""
    rows = paytable_list(user=user).filter(status=PaytableStatus.PROPOSED)
    return [(p, parse_paytable(p.entry)) for p in rows]
