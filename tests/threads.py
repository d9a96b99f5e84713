"""Concurrency tests on PostgreSQL: calls started together in real threads."""

import threading

from django.db import connections


def at_once(*calls) -> list:
    """Run each call in its own thread (its own database connection), released together by a
    barrier; return each call's result or the exception it raised, in order."""
    start = threading.Barrier(len(calls))
    results: list = [None] * len(calls)

    def run(i, call):
        try:
            start.wait()
            results[i] = call()
        except Exception as exc:  # noqa: BLE001 - reported by the test, in its own thread
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results
