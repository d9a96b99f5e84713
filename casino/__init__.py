"""The casino project: settings, Celery app, properties, staff roles and the audit log."""

from .celery import app as celery_app

__all__ = ["celery_app"]
