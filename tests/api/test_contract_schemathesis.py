"""The served OpenAPI schema is the contract, as schemathesis reads it: every operation, called
with data generated from the schema (positive: what it declares; negative: what it does not),
by an API client's token and by a staff member's session, passes every check schemathesis has
(issues 20 and 29): no server error; only the statuses, content types, headers and shapes it
declares; data it does not declare refused; a call without the caller's credentials, or with
made-up ones, refused (401 or 403).

Two refusals are the API's by design, and each check is told so: data the schema declares may
still break a rule no schema can state (a table label that exists, a card not dealt twice, a
seat the table has), a 400 naming the field; and an ``If-Match`` that is not the version's
current ``ETag`` is refused (412) before the body is read, whatever the body. The wager feed reads each event on its own (one bad event does not lose the
batch): it answers 200 with each bad event ``rejected``, which its own check asserts.

Bounded to fit CI: a handful of examples per operation, mode and caller, each on a random id
and on the demo casino's own objects (so the paths reach real tables, slips and submissions).
On PostgreSQL the server is gunicorn in its own process; on SQLite, the threaded live server.
"""

from __future__ import annotations

import contextlib
import os
from collections import Counter

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

schemathesis.checks.load_all_checks()
CHECKS = tuple(schemathesis.checks.CHECKS.get_all())  # every check schemathesis has
WAGER_FEED = "POST /api/v1/wagers/"


@schemathesis.check
def wager_feed_rejects_each_bad_event(ctx, response, case):
    """Data the feed's schema does not declare: refused whole (400), or each bad event
    ``rejected`` in a 200 (``negative_data_rejection``, for the feed)."""
    negative = case.meta is not None and case.meta.generation.mode.is_negative
    if case.operation.label == WAGER_FEED and negative and response.status_code == 200:
        answer = response.json()
        assert answer["rejected"] >= 1, (
            f"a batch with an event its schema does not declare was answered {answer}")
    return None


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


def _run(operation, mode, base_url, headers, path_parameters, failures, sent):
    checks = [c for c in CHECKS if not (operation.label == WAGER_FEED
                                        and c.__name__ == "negative_data_rejection")]
    checks.append(wager_feed_rejects_each_bad_event)
    session = requests.Session()
    transport = {"base_url": base_url, "session": session, "headers": headers, "timeout": 30}

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              phases=[Phase.explicit, Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(case=operation.as_strategy(generation_mode=mode,
                                      path_parameters=path_parameters or None))
    def call(case):
        # the caller's own credentials only (its headers), never ones made up for the case
        for jar in (case.headers, case.cookies):
            for name in ("Authorization", "sessionid"):
                (jar or {}).pop(name, None)
        response = case.call(base_url, session, headers, timeout=30)
        sent[operation.label, mode.value] += 1
        try:
            case.validate_response(response, checks, headers=headers,
                                   transport_kwargs=transport)
        except (Exception, BaseExceptionGroup) as exc:  # each distinct failure, its first case
            for failure in getattr(exc, "exceptions", [exc]):
                title = getattr(failure, "title", "") or str(failure).splitlines()[0]
                key = (operation.label, type(failure).__name__, title[:200])
                failures.setdefault(key, (
                    f"{mode.value}: {str(failure)[:1000]}\n  {case.method} {case.formatted_path}"
                    f" query={case.query} body={str(case.body)[:400]}\n  -> "
                    f"{response.status_code} {response.content[:400]!r}"))

    # negative data for an operation with nothing to make invalid (no body, no query) is none
    with contextlib.suppress(Unsatisfiable):
        call()


def test_every_operation_keeps_the_contract_for_a_token_and_a_session(live_api):  # noqa: F811
    call_command("load_demo", verbosity=0)
    doc = requests.get(f"{live_api}/api/schema/?format=json", timeout=30).json()
    schema = schemathesis.openapi.from_dict(doc)
    checks = schema.config.checks  # the two refusals by design (see the module)
    checks.positive_data_acceptance.expected_statuses = [
        *checks.positive_data_acceptance.expected_statuses, "400", "412"]
    checks.negative_data_rejection.expected_statuses = [
        *checks.negative_data_rejection.expected_statuses, "412"]
    ids = _demo_ids()
    callers = {"token": token_headers("api"), "session": session_headers("tgm"),
               "floor session": session_headers("floormgr")}
    failures: dict = {}
    sent: Counter = Counter()
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 45, len(operations)
    for operation in operations:
        real = _path_parameters(operation.path, ids)
        for headers in callers.values():
            for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
                for path_parameters in ({}, real) if real else ({},):
                    if path_parameters is None:
                        continue
                    _run(operation, mode, live_api, headers, path_parameters, failures, sent)
    # every operation was called with data it declares (negative data may be none to make)
    assert {label for label, mode in sent if mode == "positive"} == {
        o.label for o in operations}, sent
    assert sum(sent.values()) >= len(operations) * EXAMPLES, sent
    assert not failures, "\n\n".join(f"{k[0]}\n{v}" for k, v in failures.items())
