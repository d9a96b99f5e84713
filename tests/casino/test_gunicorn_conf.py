"""The web server's settings (``casino/gunicorn_conf.py``, issue 32), as gunicorn itself loads
them from the command line the operator's guide gives: one ``gthread`` worker per core and one
more, one request each, a connection taken only when a thread is free for it; ``--threads``
on the command line wins and brings its connections with it."""

import os
import sys
from types import SimpleNamespace

import pytest
from gunicorn.app.wsgiapp import WSGIApplication

GUIDE = ["gunicorn", "-c", "python:casino.gunicorn_conf", "casino.wsgi", "--bind",
         "0.0.0.0:8000"]


def _started(monkeypatch, *extra: str):
    """gunicorn's settings once its master has started (the file, the command line, then the
    ``on_starting`` hook, as the arbiter runs them)."""
    monkeypatch.setattr(sys, "argv", [*GUIDE, *extra])
    monkeypatch.delenv("GUNICORN_CMD_ARGS", raising=False)
    cfg = WSGIApplication().cfg
    cfg.on_starting(SimpleNamespace(cfg=cfg))
    return cfg


def test_the_guides_command_runs_one_queue(monkeypatch):
    cfg = _started(monkeypatch)
    assert cfg.worker_class_str == "gthread"
    assert cfg.workers == (os.cpu_count() or 1) + 1
    assert (cfg.threads, cfg.worker_connections, cfg.keepalive) == (1, 1, 0)


@pytest.mark.parametrize("threads", [2, 4])
def test_threads_on_the_command_line_bring_their_connections(monkeypatch, threads):
    cfg = _started(monkeypatch, "--threads", str(threads), "--workers", "8")
    assert (cfg.workers, cfg.threads, cfg.worker_connections) == (8, threads, threads)
