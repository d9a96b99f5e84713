"""Table layouts (§601a.10(a), each game's §6xxa.2(b)): a design for one game at a property,
checked item by item against one Rules Submission version and approved by compliance."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from casino.models import Property


class LayoutStatus(models.TextChoices):
    DRAFT = "draft", "Being prepared"
    SUBMITTED = "submitted", "Waiting for compliance"
    RETURNED = "returned", "Returned with comments"
    APPROVED = "approved", "Approved"


def artwork_path(layout: "Layout", filename: str) -> str:
    """Where the storage keeps the artwork: by property, never by the uploader's file name
    (the extension is the one its content proved)."""
    return f"layouts/{layout.property_id}/{timezone.now():%Y%m%d%H%M%S}.{layout.artwork_type}"


class Layout(models.Model):
    """One layout design. ``checklist`` is the game's layout checklist for ``submission`` (the
    version it was checked against); ``checked`` the item keys the table games manager ticked;
    ``approved_checklist`` the checklist as compliance approved it, compared with each newer
    version to know whether it needs re-approval."""

    property = models.ForeignKey(Property, on_delete=models.PROTECT, related_name="layouts")
    game = models.CharField(max_length=40)
    name = models.CharField(max_length=100)
    artwork = models.FileField(upload_to=artwork_path, max_length=200)
    artwork_type = models.CharField(max_length=10)  # png, jpg or pdf, from the content
    artwork_name = models.CharField(max_length=200, blank=True)  # as uploaded, for people
    submission = models.ForeignKey("rulesubmissions.RulesSubmission", on_delete=models.PROTECT,
                                   related_name="+")
    checked = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=20, choices=LayoutStatus.choices,
                              default=LayoutStatus.DRAFT)
    approved_checklist = models.JSONField(default=list, blank=True)
    prepared_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                    related_name="+")
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    updated_at = models.DateTimeField(default=timezone.now)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                     on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField(null=True, blank=True)
    reviewed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True,
                                    on_delete=models.PROTECT, related_name="+")
    reviewed_at = models.DateTimeField(null=True, blank=True)
    review_comment = models.TextField(blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["property", "name"],
                                               name="unique_layout_name")]
        ordering = ["game", "name"]

    def __str__(self) -> str:
        return self.name
