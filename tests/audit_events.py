"""The audit events about one object, found by what the target is: its content type and its id
together. An id alone names nothing: the property, a group, a layout and a table can all be
id 1 (on SQLite every test's rows start at 1 again), so a filter on ``target_id`` alone also
catches the others' events."""

from django.contrib.contenttypes.models import ContentType
from django.db.models import Model, QuerySet

from casino.models import AuditEvent


def events_about(obj: Model) -> QuerySet[AuditEvent]:
    """Every audit event whose target is ``obj``, in the log's own order (newest first)."""
    return AuditEvent.objects.filter(target_type=ContentType.objects.get_for_model(obj),
                                     target_id=str(obj.pk))


def actions_about(obj: Model) -> list[str]:
    """The action codes of the events about ``obj``, oldest first (in the order written: a
    chain's seq is given at COMMIT on PostgreSQL, and counts within one property only)."""
    return list(events_about(obj).order_by("pk").values_list("action", flat=True))


def is_about(event: AuditEvent, obj: Model) -> bool:
    """Whether ``event``'s target is ``obj`` (its type and its id, not the id alone)."""
    return (event.target_type_id, event.target_id) == (
        ContentType.objects.get_for_model(obj).pk, str(obj.pk))
