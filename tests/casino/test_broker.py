"""The embedded broker never hands a worker a message that is still being written."""

from queue import Empty

import pytest
from kombu import Connection
from kombu.transport import filesystem
from kombu.utils.json import dumps as kombu_dumps

from casino import broker


@pytest.fixture
def channel(tmp_path):
    folders = {key: tmp_path / key for key in ("queue", "processed", "control")}
    for folder in folders.values():
        folder.mkdir()
    connection = Connection("filesystem://", transport="casino.broker:Transport",
                            transport_options={
                                "data_folder_in": str(folders["queue"]),
                                "data_folder_out": str(folders["queue"]),
                                "processed_folder": str(folders["processed"]),
                                "control_folder": str(folders["control"]),
                            })
    with connection:
        yield connection.default_channel


def _worker_polls_while_writing(channel, module, monkeypatch) -> list:
    """Patch ``module.dumps`` so a worker's ``_get`` runs while the message is being written."""
    seen = []

    def dumps_while_a_worker_polls(payload):
        try:
            seen.append(channel._get("celery"))
        except Exception as exc:  # what a worker would get: Empty, or a parse error
            seen.append(exc)
        return kombu_dumps(payload)

    monkeypatch.setattr(module, "dumps", dumps_while_a_worker_polls)
    return seen


def test_a_message_being_written_is_invisible_to_a_worker(channel, monkeypatch):
    seen = _worker_polls_while_writing(channel, broker, monkeypatch)
    channel._put("celery", {"task": "casino.tasks.ping"})
    assert len(seen) == 1 and isinstance(seen[0], Empty)
    assert channel._get("celery") == {"task": "casino.tasks.ping"}


def test_kombus_own_filesystem_transport_would_hand_over_an_empty_file(channel, monkeypatch):
    # Why casino.broker exists: the same poll against kombu's _put reads an empty message.
    seen = _worker_polls_while_writing(channel, filesystem, monkeypatch)
    filesystem.Channel._put(channel, "celery", {"task": "casino.tasks.ping"})
    assert len(seen) == 1 and isinstance(seen[0], ValueError)  # JSONDecodeError
