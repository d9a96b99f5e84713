"""The default install as ``make run`` makes it, for tests that need SQLite in a FILE (WAL, locks
between processes): pytest-django's SQLite test database is in memory, visible to its own process
only. ``install`` migrates and loads the demo into a var directory of its own (``CASINO_VAR_DIR``)
with two draft layouts; ``gunicorn`` serves it; ``Browser`` talks HTTP to it as a person's browser
or a table system does; ``state`` reads back what was written."""

import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlencode

from tests.workers import stop

BASE_DIR = Path(__file__).resolve().parents[2]
BUSY = "Not saved — the system was busy. Try again."
PASSWORD = "keystone-demo"

# ``make demo`` (migrate, load_demo) in one process, then two draft layouts of the demo's Three
# Card Poker for the table games managers to tick; the API token and what exists.
SETUP = """
import io, json, re
from django.core.management import call_command
call_command("migrate", "--noinput", verbosity=0)
demo = io.StringIO()
call_command("load_demo", "--url", "http://127.0.0.1:8000/", stdout=demo)
from django.core.files.uploadedfile import SimpleUploadedFile
from django.contrib.auth import get_user_model
from tables.demo import felt_png
from tables.floor import layouts
from tables.floor.models import Table
from tables.slips.models import JackpotSlip
tgm = get_user_model().objects.get(username="tgm")
prop = Table.objects.get(label="TCP-1").property
drafts = [layouts.layout_create(actor=tgm, property=prop, name=f"Burst felt {n}",
                                game="three_card_poker",
                                artwork=SimpleUploadedFile("felt.png", felt_png()))
          for n in (1, 2)]
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
with CaptureQueriesContext(connection) as begun, transaction.atomic():
    pass
with connection.cursor() as cursor:
    pragmas = {name: cursor.execute(f"PRAGMA {name}").fetchone()[0]
               for name in ("journal_mode", "synchronous", "busy_timeout")}
print(json.dumps({"table": Table.objects.get(label="TCP-1").pk,
                  "pragmas": pragmas, "begin": begun.captured_queries[0]["sql"],
                  "token": re.search(r"Token ([0-9a-f]+)", demo.getvalue()).group(1),
                  "slips": list(JackpotSlip.objects.values_list("pk", flat=True)),
                  "layouts": {d.pk: [i["key"] for i in layouts.checklist_for(d.submission)]
                              for d in drafts}}))
"""

STATE = """
import json
from casino.models import AuditEvent
from tables.floor.models import Layout
from tables.meters.models import WagerEvent
from tables.slips.models import JackpotSlip
signs = AuditEvent.objects.filter(action__in=["casino.signin.success", "casino.signin.signout"])
chains, broken = {}, []
for chain, seq, prev, hash_ in AuditEvent.objects.order_by("chain", "seq").values_list(
        "chain", "seq", "prev_hash", "hash"):
    last = chains.get(chain)
    if (seq != (last[0] + 1 if last else 1)) or (last and prev != last[1]):
        broken.append([chain, seq])
    chains[chain] = (seq, hash_)
print(json.dumps({
    "checked": {str(pk): list(c) for pk, c in Layout.objects.values_list("pk", "checked")},
    "slips": {str(pk): s for pk, s in JackpotSlip.objects.values_list("pk", "status")},
    "wagers": sorted(WagerEvent.objects.filter(event_id__startswith="BURST-")
                     .values_list("event_id", flat=True)),
    "signs": [[u, a] for u, a in signs.values_list("actor__username", "action")],
    "chains_broken": broken}))
"""


def env_of(var: Path, **extra: str) -> dict[str, str]:
    """The default install's environment: no database, broker or mode given."""
    env = {k: v for k, v in os.environ.items() if k not in {
        "DATABASE_URL", "DATABASE_MIGRATE_URL", "CELERY_BROKER_URL", "CELERY_RESULT_BACKEND",
        "DJANGO_ENV", "DJANGO_DEBUG", "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE",
        "CASINO_SQLITE_BUSY_TIMEOUT", "DJANGO_TEST_DATABASE_NAME"}}
    return {**env, "CASINO_VAR_DIR": str(var), "PYTHONPATH": str(BASE_DIR),
            "DJANGO_SETTINGS_MODULE": "casino.settings",
            "PYTHONWARNINGS": "ignore::UserWarning", **extra}


def manage(env, *args) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def gunicorn(env: dict[str, str], log_path: Path):
    """gunicorn as deployed (threads, so requests write at once), its port once it answers."""
    port = free_port()
    cmd = [sys.executable, "-m", "gunicorn", "casino.wsgi:application", "--bind",
           f"127.0.0.1:{port}", "--workers", "2", "--threads", "5", "--timeout", "120"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(cmd, cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        while True:
            try:
                Browser(port).request("GET", "/login/")
                break
            except OSError:
                if proc.poll() is not None:
                    raise RuntimeError(f"gunicorn stopped:\n{log_path.read_text()[-3000:]}") from None
                time.sleep(0.3)
        yield port
    finally:
        stop(proc)


class Browser:
    """One person's browser: its cookies and CSRF token, a new connection per request."""

    def __init__(self, port: int, token: str = ""):
        self.port, self.token, self.cookies = port, token, {}

    def request(self, method: str, path: str, *, form=None, body=None, htmx=False):
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if form is not None:
            data = urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        if method == "POST" and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        if htmx:
            headers["HX-Request"] = "true"
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        try:
            conn.request(method, path, body=data, headers=headers)
            answer = conn.getresponse()
            text = answer.read().decode()
            for name, value in answer.getheaders():
                if name.lower() == "set-cookie":
                    key, _, val = value.split(";", 1)[0].partition("=")
                    if val.strip('"'):
                        self.cookies[key.strip()] = val
                    else:
                        self.cookies.pop(key.strip(), None)
            return answer.status, {k.lower(): v for k, v in answer.getheaders()}, text
        finally:
            conn.close()

    def sign_in(self, username: str) -> int:
        self.request("GET", "/login/")
        return self.request("POST", "/login/", form={
            "username": username, "password": PASSWORD,
            "csrfmiddlewaretoken": self.cookies["csrftoken"]})[0]


def make_install(tmp_path_factory) -> dict:
    """``make demo`` into a var directory of its own: the demo, its API token, two drafts (a
    module-scoped fixture of each test module that uses it)."""
    var = tmp_path_factory.mktemp("var")
    env = env_of(var, HEALTHZ_PROBE_INTERVAL="1")
    setup = json.loads(manage(env, "shell", "-c", SETUP).strip().splitlines()[-1])
    with sqlite3.connect(var / "db.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    return {"var": var, "env": env, **setup}


def state(install) -> dict:
    return json.loads(manage(install["env"], "shell", "-c", STATE).strip().splitlines()[-1])
