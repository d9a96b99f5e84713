"""The one way to write the audit trail.

Call ``audit_record`` inside the caller's transaction, right after the change, from a service.
Action codes are namespaced ``<app>.<entity>.<verb>``, e.g. ``"casino.property.create"``.
An event costs one query on PostgreSQL (its INSERT; the database links it into its property's
chain at COMMIT, after every lock the transaction takes: casino/audit_chain.py) and two on
SQLite; the target's property is read from its ``property_id``, never loaded.
"""

from contextvars import ContextVar

from django.contrib.contenttypes.models import ContentType
from django.db import models

from casino.models import ApiToken, AuditEvent, Property

# The request being served (casino.middleware.AuditActorMiddleware): its user is the actor of
# events written by model signals, and its token (``request.auth``) named beside them.
current_request: ContextVar = ContextVar("casino_current_request", default=None)


def target_key(obj: models.Model) -> str:
    """``app_label.model:pk`` for an object (see the audit page's ``target`` filter)."""
    ct = ContentType.objects.get_for_model(obj)
    return f"{ct.app_label}.{ct.model}:{obj.pk}"


def _where(target: models.Model | None, property: Property | None) -> dict:
    """The event's property: the one given, the target itself, or the target's by its id."""
    if property is None and isinstance(target, Property):
        property = target
    if property is not None:
        return {"property": property}
    return {"property_id": getattr(target, "property_id", None)}


def token_words(token) -> str:
    """``token “tablet 3”, no. 12``; a token without a name by its first characters (knox's
    ``token_key``, as its issue event shows them). Read once per token and request."""
    words = getattr(token, "_casino_words", None)
    if words is None:
        named = ApiToken.objects.filter(token_id=token.pk).first()
        words = str(named) if named else f"unnamed token {token.token_key}"
        token._casino_words = words
    return words


def actor_words(actor) -> str:
    """The actor's username and, when the request came with a token of theirs, which token:
    ``fiona (token “tablet 3”, no. 12)``. Kept in ``actor_repr`` (hashed with the event, in
    the chain's unchanged format), so every event says which credential acted."""
    request = current_request.get()
    token = getattr(request, "auth", None)
    name = actor.get_username()
    if token is None or getattr(token, "user_id", None) != actor.pk or not hasattr(
            token, "token_key"):
        return name
    return f"{name} ({token_words(token)})"[:200]


def audit_record(*, actor, action: str, target: models.Model | None, before: dict | None = None,
                 after: dict | None = None, property: Property | None = None) -> AuditEvent:
    """Append one event. ``property`` defaults to the target's (or the target itself)."""
    if action.count(".") < 2:
        raise ValueError(f"action {action!r} must be namespaced '<app>.<entity>.<verb>'")
    actor = actor if actor is not None and actor.is_authenticated else None
    return AuditEvent.objects.create(
        actor=actor,
        actor_repr=actor_words(actor) if actor else "system",
        **_where(target, property),
        action=action,
        target_type=ContentType.objects.get_for_model(target) if target is not None else None,
        target_id=str(target.pk) if target is not None else "",
        target_repr=str(target)[:255] if target is not None else "",
        before=before,
        after=after,
    )
