"""How a web host runs gunicorn: ``gunicorn -c python:casino.gunicorn_conf casino.wsgi``
(docs/operator.md; the benchmarks start it the same way). Any setting can still be given on the
command line, which wins (``--workers 8``).

Measured with 20 floor clients on 2 cores (issue 32, ``benchmarks/bench_slips.py``): a
validation's p99 was 349 ms with a sync worker per client and 356 ms with 4 workers of 4
threads, 177-190 ms with the settings below. A request costs milliseconds of CPU and little
waiting, so more processes than cores only take turns on them (each slower, caches
colder), and a worker that takes connections it cannot serve yet keeps them waiting behind
its own while another worker is free. So: one process per core and one more, two threads each
(one request's database round trips overlap the other's work), and a worker takes a
connection only when a thread is free for it (``worker_connections``), so every request waits
in one queue for the first free thread. The threaded worker heartbeats from its main thread,
so a long export streams to the end (a sync worker would be killed after ``timeout``).
"""

import os

workers = (os.cpu_count() or 1) + 1
worker_class = "gthread"
threads = 1
worker_connections = threads  # no connection taken that no thread is free to serve
keepalive = 0  # a kept-alive connection would hold a thread's place between requests
