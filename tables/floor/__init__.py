"""The floor room: tables, layouts, linked groups, settling a round by a table's approved terms,
and the engine's HTTP API (/api/v1/engine/). It imports neither meters nor slips: what it asks of
them (meters a table needs before it opens, the live amounts a round settles with) they register
in ``tables.floor.hooks`` from ``TablesConfig.ready()``."""
