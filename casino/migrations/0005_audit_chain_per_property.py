"""An audit chain per property, linked by the database at COMMIT (issue 23).

1. Each event gets ``chain`` (its property's id, 0 for none); ``seq`` is unique per chain.
2. The existing events move to their chains: first the old global chain is checked as it was
   (so nothing wrong in it is laundered by the move), then each chain is linked again from 1,
   in the old chain's order, and a ``relink`` check per chain keeps the result: the first
   checkpoint of the new chains, carrying any problem the old chain had.
3. On PostgreSQL, ``casino_auditevent_prepare`` (BEFORE INSERT) leaves a new event unlinked
   and notes its chain in the transaction (``casino.audit_chains``); the deferred constraint
   trigger ``casino_auditevent_link`` links each event at COMMIT, in the order written, the
   first of them locking every chain noted, in ascending order, with one advisory lock each:
   the chain lock is the last lock a transaction takes (casino/audit_chain.py). It runs as the owner (SECURITY
   DEFINER): the application role still may not UPDATE the log, and the append-only trigger
   lets through only that change (an unlinked event getting its place) and the deletion of
   events an archive checkpoint covers (casino/audit_archive.py).

Runs as the table owner (``manage.py migrate``), which may lift the append-only trigger for the
move: one UPDATE an event, in batches of 2,000, inside the migration's transaction.
"""

from array import array

import django.db.models.functions.comparison
import django.utils.timezone
from django.db import migrations, models

from casino.audit_hash import (BODY_FIELDS, GENESIS, body_of, check_fields, check_hash,
                               link_hash)
from casino.migrations._chain_v1 import digest as v1_digest, event_fields as v1_fields

LOCK_NAMESPACE = 73_016_490  # casino.audit_chain.LOCK_NAMESPACE
BATCH = 2000

GUARD = r"""
CREATE OR REPLACE FUNCTION casino_auditevent_guard() RETURNS trigger AS $$
BEGIN
    -- The one change the log allows: its link trigger (casino_auditevent_link, at COMMIT)
    -- giving an unlinked event its place in its chain. Anything else is refused, the owner's too.
    IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1 THEN
        IF OLD.seq IS NULL AND NEW.seq IS NOT NULL
           AND to_jsonb(OLD) - 'seq' - 'prev_hash' - 'hash'
               = to_jsonb(NEW) - 'seq' - 'prev_hash' - 'hash' THEN
            RETURN NEW;
        END IF;
    END IF;
    -- And archiving (casino/audit_archive.py, as the owner: the application may not DELETE):
    -- only events a verified archive checkpoint of their chain already covers.
    IF TG_OP = 'DELETE' AND OLD.seq IS NOT NULL AND OLD.seq <= (
            SELECT max(c.last_seq) FROM casino_auditchaincheck c
             WHERE c.chain = OLD.chain AND c.kind = 'archive' AND c.ok) THEN
        RETURN OLD;
    END IF;
    RAISE EXCEPTION 'casino_auditevent is append-only: % refused', TG_OP
        USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql
"""

PREPARE = r"""
CREATE OR REPLACE FUNCTION casino_auditevent_prepare() RETURNS trigger AS $$
DECLARE
    chains text := coalesce(current_setting('casino.audit_chains', true), '');
BEGIN
    -- Nobody picks an event's place: casino_auditevent_link gives it at COMMIT. Until then
    -- ``hash`` holds the digest of the event's fields (casino/audit_hash.py).
    NEW.seq := NULL;
    NEW.prev_hash := '';
    IF NEW.hash IS NULL OR NEW.hash !~ '^[0-9a-f]{64}$' THEN
        RAISE EXCEPTION 'casino_auditevent: hash must be the digest of the event''s fields'
            USING ERRCODE = 'check_violation';
    END IF;
    -- The chains this transaction writes to (for the link trigger's lock order).
    IF position(',' || NEW.chain || ',' IN ',' || chains) = 0 THEN
        PERFORM set_config('casino.audit_chains', chains || NEW.chain || ',', true);
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql
"""

LINK = r"""
CREATE OR REPLACE FUNCTION casino_auditevent_link() RETURNS trigger AS $$
DECLARE
    key bigint;
    head_seq bigint;
    head_hash text;
BEGIN
    -- First event at COMMIT: lock every chain the transaction wrote to, once, in ascending
    -- order, after every other lock the transaction took (it is committing): never half of
    -- a deadlock.
    IF coalesce(current_setting('casino.audit_locked', true), '') = '' THEN
        FOR key IN SELECT DISTINCT c::bigint FROM unnest(string_to_array(
                rtrim(coalesce(current_setting('casino.audit_chains', true), ''), ','), ',')) c
                ORDER BY 1 LOOP
            PERFORM pg_advisory_xact_lock(%(namespace)s, key::integer);
        END LOOP;
        PERFORM set_config('casino.audit_locked', 'yes', true);
    END IF;
    PERFORM pg_advisory_xact_lock(%(namespace)s, NEW.chain::integer);  -- held: no wait
    SELECT e.seq, e.hash INTO head_seq, head_hash FROM casino_auditevent e
     WHERE e.chain = NEW.chain AND e.seq IS NOT NULL ORDER BY e.seq DESC LIMIT 1;
    IF NOT FOUND THEN
        head_seq := 0;
        head_hash := '%(genesis)s';
    END IF;
    -- casino.audit_hash.link_hash: sha256("<chain>:<seq>:<prev_hash>:<body>")
    UPDATE casino_auditevent
       SET seq = head_seq + 1, prev_hash = head_hash,
           hash = encode(sha256(convert_to(NEW.chain || ':' || (head_seq + 1) || ':'
                                           || head_hash || ':' || NEW.hash, 'UTF8')), 'hex')
     WHERE id = NEW.id AND seq IS NULL;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, %(schema)s, pg_temp
"""

TRIGGERS = [
    "DROP TRIGGER casino_auditevent_append_only ON casino_auditevent",
    """CREATE TRIGGER casino_auditevent_append_only BEFORE UPDATE OR DELETE ON casino_auditevent
       FOR EACH ROW EXECUTE FUNCTION casino_auditevent_guard()""",
    """CREATE TRIGGER casino_auditevent_prepare BEFORE INSERT ON casino_auditevent
       FOR EACH ROW EXECUTE FUNCTION casino_auditevent_prepare()""",
    """CREATE CONSTRAINT TRIGGER casino_auditevent_link AFTER INSERT ON casino_auditevent
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION casino_auditevent_link()""",
    "REVOKE ALL ON FUNCTION casino_auditevent_link() FROM PUBLIC",
    "REVOKE ALL ON FUNCTION casino_auditevent_prepare() FROM PUBLIC",
    "REVOKE ALL ON FUNCTION casino_auditevent_guard() FROM PUBLIC",
]

UNDO = [
    "DROP TRIGGER IF EXISTS casino_auditevent_link ON casino_auditevent",
    "DROP TRIGGER IF EXISTS casino_auditevent_prepare ON casino_auditevent",
    "DROP TRIGGER IF EXISTS casino_auditevent_append_only ON casino_auditevent",
    """CREATE TRIGGER casino_auditevent_append_only BEFORE UPDATE OR DELETE ON casino_auditevent
       FOR EACH ROW EXECUTE FUNCTION casino_auditevent_refuse_change()""",
    "DROP FUNCTION IF EXISTS casino_auditevent_link()",
    "DROP FUNCTION IF EXISTS casino_auditevent_prepare()",
    "DROP FUNCTION IF EXISTS casino_auditevent_guard()",
]


def _label(types, type_id):
    ct = types.get(type_id)
    return f"{ct.app_label}.{ct.model}" if ct else ""


def relink(apps, schema_editor):
    """Check the old global chain as it was, then link each property's events from 1."""
    AuditEvent = apps.get_model("casino", "AuditEvent")
    AuditChainCheck = apps.get_model("casino", "AuditChainCheck")
    ContentType = apps.get_model("contenttypes", "ContentType")
    connection = schema_editor.connection
    postgres = connection.vendor == "postgresql"
    types = ContentType.objects.in_bulk()
    if postgres:
        schema_editor.execute("ALTER TABLE casino_auditevent DISABLE TRIGGER "
                              "casino_auditevent_append_only")
    heads: dict[int, tuple[int, str]] = {}  # chain -> (seq, hash) as linked so far
    counts: dict[int, int] = {}
    old_problems: list[str] = []
    old_seq, old_prev = 0, GENESIS
    fields = ("id", "seq", "prev_hash", "hash", *BODY_FIELDS)
    # The old chain's order, kept aside (8 bytes an event): the move rewrites ``seq``.
    order = array("q", AuditEvent.objects.order_by(models.F("seq").asc(nulls_last=True), "id")
                  .values_list("id", flat=True).iterator(chunk_size=BATCH))
    for start in range(0, len(order), BATCH):
        ids = order[start:start + BATCH]
        found = {row[0]: row for row in AuditEvent.objects.filter(id__in=list(ids))
                 .values_list(*fields)}
        updates = []
        for event_id in ids:
            event = dict(zip(fields, found[event_id], strict=True))
            seq = event["seq"]
            v1 = v1_fields(seq=seq, target_type=_label(types, event["target_type_id"]),
                           **{k: event[k] for k in BODY_FIELDS if k != "target_type_id"})
            if seq is None:
                old_problems.append(f"Event {event_id} had no place in the old chain.")
            else:
                if seq != old_seq + 1:
                    old_problems.append(f"Events {old_seq + 1} to {seq - 1} of the old chain "
                                        "were missing.")
                elif event["prev_hash"] != old_prev:
                    old_problems.append(f"Event {seq} of the old chain did not link to the "
                                        "one before it.")
                if v1_digest(v1, event["prev_hash"]) != event["hash"]:
                    old_problems.append(f"Event {seq} of the old chain was changed after it "
                                        "was recorded.")
                old_seq, old_prev = seq, event["hash"]
            chain = event["property_id"] or 0
            at, prev = heads.get(chain, (0, GENESIS))
            new_hash = link_hash(chain, at + 1, prev, body_of(event))
            heads[chain] = (at + 1, new_hash)
            counts[chain] = counts.get(chain, 0) + 1
            updates.append((chain, at + 1, prev, new_hash, event_id))
        with connection.cursor() as cursor:
            cursor.executemany("UPDATE casino_auditevent SET chain = %s, seq = %s, "
                               "prev_hash = %s, hash = %s WHERE id = %s", updates)
    if postgres:
        schema_editor.execute("ALTER TABLE casino_auditevent ENABLE TRIGGER "
                              "casino_auditevent_append_only")
    problems = [f"Before the chains were split by property (migration casino.0005): {p}"
                for p in old_problems][:100]
    for chain, (seq, last_hash) in sorted(heads.items()):
        check = AuditChainCheck(chain=chain, kind="relink", ok=not problems,
                                events_checked=counts[chain], first_seq=1, last_seq=seq,
                                last_hash=last_hash, problems=problems, prev_hash=GENESIS)
        check.hash = check_hash(check_fields(check), GENESIS)
        check.save()


def install_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    with schema_editor.connection.cursor() as cursor:
        cursor.execute("SELECT current_schema()")
        schema = schema_editor.connection.ops.quote_name(cursor.fetchone()[0])
    schema_editor.execute(GUARD, None)
    schema_editor.execute(PREPARE, None)
    schema_editor.execute(LINK % {"namespace": LOCK_NAMESPACE, "genesis": GENESIS,
                                  "schema": schema}, None)
    for statement in TRIGGERS:
        schema_editor.execute(statement, None)


def remove_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for statement in UNDO:
        schema_editor.execute(statement, None)


class Migration(migrations.Migration):

    dependencies = [
        ("casino", "0004_audit_chain_health"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.AlterField(
            model_name="auditevent",
            name="seq",
            field=models.BigIntegerField(editable=False, null=True),
        ),
        migrations.AlterField(
            model_name="auditevent",
            name="created_at",
            field=models.DateTimeField(default=django.utils.timezone.now, editable=False),
        ),
        migrations.AddField(
            model_name="auditevent",
            name="chain",
            field=models.BigIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="auditchaincheck",
            name="chain",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="auditchaincheck",
            name="kind",
            field=models.CharField(default="global", max_length=10, choices=[
                ("hourly", "From the last checkpoint"), ("full", "Whole chain"),
                ("archive", "Archived up to here"), ("relink", "Chains split by property"),
                ("global", "Whole log (one chain, before casino.0005)")]),
        ),
        migrations.AlterField(
            model_name="auditchaincheck",
            name="kind",
            field=models.CharField(default="hourly", max_length=10, choices=[
                ("hourly", "From the last checkpoint"), ("full", "Whole chain"),
                ("archive", "Archived up to here"), ("relink", "Chains split by property"),
                ("global", "Whole log (one chain, before casino.0005)")]),
        ),
        migrations.AddField(
            model_name="auditchaincheck",
            name="first_seq",
            field=models.BigIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="auditchaincheck",
            name="prev_hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.AddField(
            model_name="auditchaincheck",
            name="hash",
            field=models.CharField(blank=True, editable=False, max_length=64),
        ),
        migrations.RunPython(relink, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="auditevent",
            constraint=models.UniqueConstraint(fields=("chain", "seq"),
                                               name="audit_chain_seq_unique"),
        ),
        migrations.AddConstraint(
            model_name="auditevent",
            constraint=models.CheckConstraint(
                condition=models.Q(chain=django.db.models.functions.comparison.Coalesce(
                    models.F("property"), 0)),
                name="audit_chain_is_property"),
        ),
        migrations.AddIndex(
            model_name="auditevent",
            index=models.Index(fields=["created_at", "id"], name="audit_time_idx"),
        ),
        migrations.AddIndex(
            model_name="auditevent",
            index=models.Index(fields=["property", "created_at", "id"],
                               name="audit_property_time_idx"),
        ),
        migrations.AddIndex(
            model_name="auditchaincheck",
            index=models.Index(fields=["chain", "id"], name="audit_check_chain_idx"),
        ),
        migrations.AddIndex(
            model_name="auditchaincheck",
            index=models.Index(condition=models.Q(kind="archive"), fields=["chain", "last_seq"],
                               name="audit_check_archive_idx"),
        ),
        migrations.RunPython(install_triggers, remove_triggers),
    ]
