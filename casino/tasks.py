"""Thin Celery tasks for the project itself."""

import logging
import os
import socket

from celery import shared_task

log = logging.getLogger(__name__)


@shared_task(name="casino.tasks.ping")
def ping() -> dict:
    """Answer from the worker: proves a round trip through the broker (used by /healthz)."""
    return {"pong": True, "host": socket.gethostname(), "pid": os.getpid()}


@shared_task(name="casino.tasks.heartbeat", ignore_result=True)
def heartbeat() -> None:
    """Scheduled by beat; a log line per run shows beat and worker are alive."""
    log.info("heartbeat from worker pid %s", os.getpid())
