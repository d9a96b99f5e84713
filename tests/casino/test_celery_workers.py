"""Tasks really run in a worker process, through the embedded broker and through Redis."""

import pytest

from tests.workers import ping_from_subprocess, require_redis_settings, running_worker, worker_env

pytestmark = pytest.mark.worker


def test_task_runs_in_a_worker_through_the_embedded_filesystem_broker(tmp_path):
    env = worker_env(CASINO_VAR_DIR=str(tmp_path / "var"), CELERY_BROKER_URL=None,
                     CELERY_RESULT_BACKEND=None, DATABASE_URL=None)
    with running_worker(env, tmp_path / "worker.log") as worker:
        result = ping_from_subprocess(env)
    assert result["answer"]["pong"] is True
    assert result["answer"]["pid"] == worker.pid != result["client_pid"]
    assert (tmp_path / "var" / "broker" / "queue").is_dir()


def test_task_runs_in_a_worker_through_redis(tmp_path):
    url = require_redis_settings()
    env = worker_env(CELERY_BROKER_URL=url, CASINO_VAR_DIR=str(tmp_path / "var"))
    with running_worker(env, tmp_path / "worker.log") as worker:
        result = ping_from_subprocess(env)
    assert result["answer"]["pid"] == worker.pid != result["client_pid"]
