"""The embedded broker: kombu's filesystem transport, with messages that appear whole.

kombu's own ``_put`` creates the message file under its final name and then writes it; a worker
polling the folder can move the still-empty file away, fail to parse it and stop with
``JSONDecodeError`` (it happened on a second ``make run``: a /healthz ping raced the worker).
Writing under a name the worker ignores and renaming it (atomic on one filesystem) means a
worker sees a complete message or none.
"""

import os
import uuid
from time import monotonic

from kombu.exceptions import ChannelError
from kombu.transport import filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def _put(self, queue, payload, **kwargs):
        # Same name as kombu's (the worker reads files in name order, "<ms>_<uuid>.<queue>.msg").
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        partial = f"{final}.part"  # not "<queue>.msg": the worker's _get skips it
        try:
            with open(partial, "wb") as f:
                f.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel
