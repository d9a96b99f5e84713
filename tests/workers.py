"""Start a real Celery worker process for a test or a benchmark, and talk to it from another
process."""

import json
import os
import subprocess
import sys
import time
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.ci import in_ci

BASE_DIR = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter so the client side uses exactly the given environment.
_CLIENT = """
import json, os, django
django.setup()
from casino.tasks import ping
answer = ping.delay().get(timeout=30)
print(json.dumps({"answer": answer, "client_pid": os.getpid()}))
"""


def worker_env(**overrides: str | None) -> dict[str, str]:
    """This process's environment with ``overrides`` (None removes a variable)."""
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="casino.settings", PYTHONPATH=str(BASE_DIR))
    for key, value in overrides.items():
        if value is None:
            env.pop(key, None)
        else:
            env[key] = value
    return env


@contextmanager
def running_worker(env: dict[str, str], log_path: Path, *, args: tuple[str, ...] = (),
                   name: str = "test", ready_timeout: float = 120):
    """A ``celery -A casino worker --pool=solo`` subprocess (``args`` added, e.g. ``-B``),
    ready when yielded, stopped afterwards. The one way tests and benchmarks start a worker;
    it raises RuntimeError (not a pytest outcome) so a benchmark can use it too."""
    cmd = [sys.executable, "-m", "celery", "-A", "casino", "worker", "--pool=solo",
           "--loglevel=info", "--without-gossip", "--without-mingle", "--without-heartbeat",
           "-n", f"{name}-{uuid.uuid4().hex[:8]}@%h", *args]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + ready_timeout
        while b" ready." not in log_path.read_bytes():
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"worker did not start:\n{log_path.read_text()[-3000:]}")
            time.sleep(0.2)
        yield proc
    finally:
        stop(proc)


def stop(proc: subprocess.Popen) -> None:
    """Stop a server or worker subprocess: asked first, killed after 30 s (a test may have
    killed it already)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def ping_from_subprocess(env: dict[str, str]) -> dict:
    """Submit ``casino.tasks.ping`` from a separate process; returns its answer and pid."""
    out = subprocess.run([sys.executable, "-c", _CLIENT], cwd=BASE_DIR, env=env,
                         capture_output=True, text=True, timeout=90)
    assert out.returncode == 0, out.stderr[-3000:]
    return json.loads(out.stdout.strip().splitlines()[-1])


def require_redis_settings() -> str:
    """The Redis broker URL; skipped locally without one, a failure in CI (never silent)."""
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url:
        if in_ci():
            pytest.fail("CI is set but CELERY_BROKER_URL is not: the Redis tests must run")
        pytest.skip("CELERY_BROKER_URL not set (Redis tests run in CI)")
    assert url.startswith("redis"), f"expected a Redis broker, got {url!r}"
    return url
