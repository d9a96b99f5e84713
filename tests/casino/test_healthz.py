import pytest

from tests.workers import running_worker, worker_env


@pytest.mark.worker
@pytest.mark.django_db
def test_healthz_is_200_when_database_and_worker_answer(client, tmp_path):
    # Same broker settings as this test process, so the ping reaches this worker.
    with running_worker(worker_env(), tmp_path / "worker.log"):
        response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 200, body
    assert body["database"]["ok"] and body["broker"]["ok"]


@pytest.mark.django_db
def test_healthz_is_503_when_no_worker_answers(client, settings):
    settings.HEALTHZ_BROKER_TIMEOUT = 0.5
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["database"]["ok"] is True
    assert body["broker"]["ok"] is False


@pytest.mark.django_db
def test_healthz_is_503_when_the_database_is_down(client, settings, monkeypatch):
    from casino import views

    settings.HEALTHZ_BROKER_TIMEOUT = 0.2
    monkeypatch.setattr(views, "_check_broker", lambda: {"ok": True})

    class DownDatabase:
        def cursor(self):
            raise RuntimeError("connection refused")

    monkeypatch.setattr(views, "connection", DownDatabase())
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["database"]["ok"] is False
