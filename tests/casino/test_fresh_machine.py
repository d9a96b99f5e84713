"""``make run`` on a fresh machine: no DATABASE_URL, no CELERY_BROKER_URL, no
DATABASE_MIGRATE_URL, so SQLite and the filesystem broker under the var directory. The steps
``make demo`` runs (migrate, load_demo) work there, print the API token the way Swagger takes
it, and the demo compliance officer signs in with the README's password and gets the
dashboard."""

import os
import subprocess
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parents[2]

SIGN_IN = """
from django.test import Client
client = Client(REMOTE_ADDR="127.0.0.1", HTTP_HOST="127.0.0.1")
assert client.get("/login/").status_code == 200
signed = client.post("/login/", {"username": "compliance", "password": "keystone-demo"})
assert signed.status_code == 302, signed.status_code
page = client.get("/")
assert page.status_code == 200 and "Compliance officer dashboard" in page.text, page.status_code
print("dashboard ok")
"""


def _manage(env, *args):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=600)


def test_a_fresh_machine_migrates_loads_the_demo_and_signs_in(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "DATABASE_MIGRATE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
        "DJANGO_ENV", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env["CASINO_VAR_DIR"] = str(tmp_path / "var")
    for step in (("migrate", "--noinput"), ("load_demo", "--url", "http://127.0.0.1:8000/")):
        done = _manage(env, *step)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Token " in done.stdout  # the whole Authorization value, as Swagger's Authorize takes
    assert (tmp_path / "var" / "db.sqlite3").exists()
    signed_in = _manage(env, "shell", "-c", SIGN_IN)
    assert signed_in.returncode == 0, signed_in.stdout[-2000:] + signed_in.stderr[-2000:]
    assert "dashboard ok" in signed_in.stdout
