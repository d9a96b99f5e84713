"""Every table's ids start at a number of their own, millions apart, in the test database.

In a fresh database the first table, meter, slip and user are all number 1, and slip 1 is also
jackpot slip number 1: a test or a view that takes one id for another, or a row's id for an
amount or a slip number, passes by luck. Started apart, such a mix-up finds nothing, or the
wrong thing, every time.
"""

STEP = 1_000_000  # apart by more than any test run writes to one table


def spread(connection) -> None:
    """Start the ``n``-th id sequence (by name) at ``n`` million and ``n``, or leave it where it
    already is if further. Run once, after the migrations, as the database's owner."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT relname FROM pg_class WHERE relkind = 'S' ORDER BY relname")
            for n, (name,) in enumerate(cursor.fetchall(), start=1):
                cursor.execute(f'SELECT setval(%s, greatest(last_value, %s)) FROM "{name}"',
                               [name, n * STEP + n])
        elif connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                           "AND sql LIKE '%AUTOINCREMENT%' ORDER BY name")
            for n, (name,) in enumerate(cursor.fetchall(), start=1):
                cursor.execute("SELECT max(seq) FROM sqlite_sequence WHERE name = %s", [name])
                now = cursor.fetchone()[0] or 0
                cursor.execute("DELETE FROM sqlite_sequence WHERE name = %s", [name])
                cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)",
                               [name, max(now, n * STEP + n)])
