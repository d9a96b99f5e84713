"""How a web host runs gunicorn: ``gunicorn -c python:casino.gunicorn_conf casino.wsgi``
(docs/operator.md; the benchmarks start it the same way). Any setting can still be given on the
command line, which wins (``--workers 8``, ``--threads 2``).

Measured with 20 floor clients on 2 cores (issue 32, ``benchmarks/bench_slips.py``, docs/
benchmarks.md): a validation's p99 was 349 ms with a sync worker per client, 356 ms with 4
workers of 4 threads, 190 ms with 3 workers of 2 threads and 155 ms with the settings below. A
request costs milliseconds of CPU and little waiting, so more requests at once than cores only
take turns on them (each slower, its caches colder), and a worker that takes connections it
cannot serve yet keeps them waiting behind its own while another worker is free. So: one
process per core and one more, each serving one request at a time and taking a connection
only when it is free for it (``worker_connections``), so every request waits in one queue for
the first free worker. The threaded worker heartbeats from its main thread, so a long export
streams to the end (a sync worker would be killed after ``timeout``).
"""

import os

workers = (os.cpu_count() or 1) + 1
worker_class = "gthread"
threads = 1
worker_connections = threads  # no connection taken that no thread is free to serve
keepalive = 0  # a kept-alive connection would hold a thread's place between requests


def on_starting(server) -> None:
    """``--threads`` given on the command line (which wins over this file) carries the
    connections a worker takes with it: one per thread."""
    server.cfg.set("worker_connections", server.cfg.threads)
