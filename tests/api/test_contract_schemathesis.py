"""The served OpenAPI schema is the contract, as schemathesis reads it: every operation, called
with data generated from the schema (positive: what it declares; negative: what it does not),
by an API client's token and by a staff member's session, answers no server error, only the
statuses it declares, in the content type it declares and in the shape it declares (issue 20).

Bounded to fit CI: a handful of examples per operation, mode and caller, each on a random id
and on the demo casino's own objects (so the paths reach real tables, slips and submissions).
On PostgreSQL the server is gunicorn in its own process; on SQLite, the threaded live server.
"""

from __future__ import annotations

import contextlib
import os

import pytest
import requests
import schemathesis
from django.core.management import call_command
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode

from rulesubmissions.models import CatalogPaytable, RulesSubmission
from tables.models import JackpotSlip, Layout, Meter, Table
from tests.api.live import live_api, session_headers, token_headers  # noqa: F401 (fixture)

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CHECKS = ("not_a_server_error", "status_code_conformance", "content_type_conformance",
          "response_schema_conformance")
EXAMPLES = int(os.environ.get("CONTRACT_EXAMPLES", "4"))  # per operation, mode and caller


def _demo_ids() -> dict[str, object]:
    """A real object for each path's ``{id}``, by the path's first segment."""
    first = {model: model.objects.order_by("pk").first() for model in (
        Table, Layout, RulesSubmission, CatalogPaytable, JackpotSlip, Meter)}
    return {"tables": first[Table], "layouts": first[Layout],
            "rules-submissions": first[RulesSubmission], "paytables": first[CatalogPaytable],
            "jackpot-slips": first[JackpotSlip], "meters": first[Meter]}


def _path_parameters(path: str, ids: dict) -> dict | None:
    params = {}
    if "{game}" in path:
        params["game"] = "three_card_poker"
    if "{id}" in path:
        found = ids.get(path.removeprefix("/api/v1/").split("/")[0])
        if found is None:
            return None
        params["id"] = found.pk
    return params


def _run(operation, mode, base_url, headers, path_parameters, failures):
    checks = [getattr(schemathesis.checks, name) for name in CHECKS]
    session = requests.Session()

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode,
                                      path_parameters=path_parameters or None))
    def call(case):
        try:
            case.call_and_validate(base_url=base_url, session=session, headers=headers,
                                   checks=checks, timeout=30)
        except (Exception, BaseExceptionGroup) as exc:  # each distinct failure, its first case
            key = (operation.label, type(exc).__name__, str(exc).splitlines()[0][:200])
            failures.setdefault(key, f"{mode.value}: {str(exc)[:1500]}")

    # negative data for an operation with nothing to make invalid (no body, no query) is none
    with contextlib.suppress(Unsatisfiable):
        call()


def test_every_operation_keeps_the_contract_for_a_token_and_a_session(live_api):  # noqa: F811
    call_command("load_demo", verbosity=0)
    doc = requests.get(f"{live_api}/api/schema/?format=json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(doc)
    ids = _demo_ids()
    callers = {"token": token_headers("api"), "session": session_headers("tgm"),
               "floor session": session_headers("floormgr")}
    failures: dict = {}
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 45, len(operations)
    for operation in operations:
        real = _path_parameters(operation.path, ids)
        for headers in callers.values():
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                for path_parameters in ({}, real) if real else ({},):
                    if path_parameters is None:
                        continue
                    _run(operation, mode, live_api, headers, path_parameters, failures)
    assert not failures, "\n\n".join(f"{k[0]}\n{v}" for k, v in failures.items())
