"""Check an evidence bundle offline: ``python tools/verify_evidence.py FILE [--key FINGERPRINT]``.

For the Board's auditor, on a laptop: this file needs the Python standard library and the
``cryptography`` package only (no Django, no database, no network), and re-does every hash
itself, so the bundle is checked without trusting the software that wrote it (4 Pa.C.S. §1323:
a system able to detect alterations). docs/auditor.md, "Verifying an evidence bundle offline".

The bundle (``manage.py export_evidence``) is one UTF-8 text file, one JSON object a line: the
manifest (the public key, each part's and each line's SHA-256); the property's audit events;
the anchors (the chain's heads signed outside the database); the records of the period, each
with its events' seqs; the Ed25519 signature of every byte before it.

Exit 0 with a summary when everything verifies; 1 naming the first line that does not (then
every problem, by line); 2 when the file is not a bundle.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import hashlib
import json
import sys
from decimal import Decimal, InvalidOperation

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

FORMAT = "casino-evidence-bundle/1"
GENESIS = "0" * 64
PARTS = ("event", "anchor", "record")
ANCHOR_SIGNED = ("chain", "seq", "hash", "events", "at", "key")
# Records an audit event must document (a contribution row or a daily reading has none).
DOCUMENTED = {"slip", "meter", "version", "layout"}
LEDGER_DOCUMENTED = {"hit", "reset", "reversal"}  # rows a meter's audited payment wrote
KIND_WORDS = {"slip": "jackpot slip", "ledger": "meter ledger row", "meter": "meter",
              "reading": "daily reading", "version": "approved Rules Submission version",
              "layout": "layout approval"}  # one; "s" for more
MONEY = {"award", "paid", "meter_before", "meter_after", "amount", "amount_after", "amount_delta",
         "reserve_delta", "overflow_delta", "contributed", "funded", "total_paid", "reserve",
         "overflow", "wager_amount", "table_minimum", "table_maximum", "payout_limit", "limit"}


# --- The audit chain's arithmetic (the same as casino/audit_hash.py; a test keeps them so) ----

def canonical(value):
    """Numbers as normalised decimals, strings tagged: what the event's body hash covers."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int | float | Decimal):
        return "n:" + format(Decimal(str(value)).normalize(), "f")
    if isinstance(value, str):
        return "s:" + value
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    return "s:" + str(value)


def same(value, recorded) -> bool:
    """A record's value is what its event recorded: equal numbers however written (5 and
    "5.0000"), the same text, lists and objects alike item by item."""
    if isinstance(value, dict) and isinstance(recorded, dict):
        return value.keys() == recorded.keys() and all(same(value[k], recorded[k])
                                                       for k in value)
    if isinstance(value, list) and isinstance(recorded, list):
        return len(value) == len(recorded) and all(map(same, value, recorded))
    if canonical(value) == canonical(recorded):
        return True
    numbers = []
    for x in (value, recorded):
        if isinstance(x, bool) or not isinstance(x, int | float | str):
            return False
        try:
            numbers.append(Decimal(str(x)))
        except (InvalidOperation, ValueError):
            return False
    return numbers[0].is_finite() and numbers[0] == numbers[1]


BODY = ("created_at", "actor_id", "actor_repr", "property_id", "action", "target_type",
        "target_id", "target_repr", "before", "after")


def body_hash(event: dict) -> str:
    """SHA-256 of the event's fields in canonical JSON (``created_at`` in UTC, microseconds)."""
    fields = {k: event[k] for k in BODY}
    created = dt.datetime.fromisoformat(fields["created_at"]).astimezone(dt.UTC)
    fields["created_at"] = created.isoformat(timespec="microseconds")
    body = json.dumps(canonical(fields), sort_keys=True, separators=(",", ":"),
                      ensure_ascii=True)
    return hashlib.sha256(body.encode("ascii")).hexdigest()


def link_hash(chain: int, seq: int, prev_hash: str, body: str) -> str:
    return hashlib.sha256(f"{chain}:{seq}:{prev_hash}:{body}".encode("ascii")).hexdigest()


def fingerprint(key: Ed25519PublicKey) -> str:
    """``SHA256:`` and the hex SHA-256 of the raw public key, four characters a group."""
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    digest = hashlib.sha256(raw).hexdigest()
    return "SHA256:" + ":".join(digest[i:i + 4] for i in range(0, len(digest), 4))


def anchor_message(anchor: dict) -> bytes:
    return json.dumps({k: anchor[k] for k in ANCHOR_SIGNED}, sort_keys=True,
                      separators=(",", ":")).encode("utf-8")


# --- Words ------------------------------------------------------------------------------------

def money(value) -> str:
    try:
        amount = Decimal(str(value))
    except (InvalidOperation, ValueError):
        return str(value)
    places = max(2, -amount.normalize().as_tuple().exponent)
    sign = "-" if amount < 0 else ""
    return f"{sign}${abs(amount):,.{places}f}"


def shown(key: str, value) -> str:
    if value is None:
        return "empty"
    if key in MONEY and not isinstance(value, bool | dict | list):
        return money(value)
    return json.dumps(value, ensure_ascii=False) if isinstance(value, dict | list) else str(value)


MARGIN = dt.timedelta(minutes=1)


def _utc(text) -> dt.datetime | None:
    try:
        return dt.datetime.fromisoformat(str(text).replace("Z", "+00:00")).astimezone(dt.UTC)
    except ValueError:
        return None


def when(text: str) -> str:
    at = _utc(text)
    return f"{at:%Y-%m-%d %H:%M:%S} UTC" if at else str(text)


class NotABundle(Exception):
    """Not an evidence bundle at all (exit 2)."""


# --- The checks -------------------------------------------------------------------------------

class Bundle:
    def __init__(self, data: bytes):
        self.problems: list[tuple[int, str]] = []
        self.notes: list[str] = []
        raw = data.split(b"\n")
        if raw and raw[-1] == b"":
            raw.pop()
        if len(raw) < 2:
            raise NotABundle("The file has fewer than two lines: it is not an evidence bundle.")
        self.raw = raw
        self.lines = []
        for number, line in enumerate(raw, 1):
            try:
                obj = json.loads(line.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                obj = None
            if not isinstance(obj, dict):
                if number in (1, len(raw)):
                    raise NotABundle(f"Line {number} is not a JSON object: the file is not an "
                                     "evidence bundle.")
                self.problem(number, "is not a JSON object (the file was changed).")
                obj = {}
            self.lines.append(obj)
        self.manifest, self.signature = self.lines[0], self.lines[-1]
        if self.manifest.get("type") != "manifest" or self.manifest.get("format") != FORMAT:
            raise NotABundle(f"Line 1 is not the manifest of a {FORMAT} file.")
        if self.signature.get("type") != "signature":
            raise NotABundle(f"Line {len(raw)}, the last, is not the bundle's signature.")
        try:
            self.key = serialization.load_pem_public_key(self.manifest["public_key"].encode())
        except (KeyError, ValueError, TypeError, AttributeError):
            raise NotABundle("Line 1: the manifest's public key is not a PEM public key.") \
                from None
        if not isinstance(self.key, Ed25519PublicKey):
            raise NotABundle("Line 1: the manifest's public key is not an Ed25519 key.")
        self.fingerprint = fingerprint(self.key)

    def guarded(self, number: int, check, *args) -> None:
        """A line of the wrong shape (only a changed file has one) is a problem, not a crash."""
        try:
            check(number, *args)
        except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError):
            self.problem(number, f"{self.describe(number)} is not whole (a field is missing or "
                                 "of the wrong kind).")

    def problem(self, line: int, text: str, rank: int = 0) -> None:
        """A problem at ``line``; of one line's, what its content shows (rank 0) comes before
        that it differs from what was signed (rank 1)."""
        self.problems.append((line, rank, f"Line {line}: {text}"))

    def body(self) -> list[tuple[int, dict]]:
        return list(enumerate(self.lines[1:-1], 2))

    # The file as signed.
    def check_signature(self) -> None:
        last = len(self.raw)
        digests = self.manifest.get("line_sha256") or []
        if len(digests) != last - 2:
            self.problem(1, f"the manifest lists {len(digests)} lines but the bundle has "
                            f"{last - 2} between the manifest and the signature (lines were "
                            "added or removed).")
        changed = set()
        for (number, obj), digest in zip(self.body(), digests, strict=False):
            if hashlib.sha256(self.raw[number - 1]).hexdigest() != digest:
                self.problem(number, f"{self.describe(number)} differs from what was signed.",
                             rank=1)
                changed.add(obj.get("type"))
        signed = b"".join(line + b"\n" for line in self.raw[:-1])
        try:
            self.key.verify(base64.b64decode(self.signature.get("signature", ""),
                                             validate=True), signed)
        except (InvalidSignature, ValueError, TypeError):
            self.problem(last, "the signature does not verify with the bundle's public key: "
                               "the file was changed after it was signed.")
        for part in set(PARTS) - changed:  # a changed line of a part is named above
            lines = [self.raw[n - 1] + b"\n" for n, obj in self.body() if obj.get("type") == part]
            said = (self.manifest.get("parts") or {}).get(part) or {}
            if said.get("lines") != len(lines) or said.get("sha256") != hashlib.sha256(
                    b"".join(lines)).hexdigest():
                self.problem(1, f"the {part}s differ from the manifest's count and SHA-256 "
                                f"of them.")

    def describe(self, number: int) -> str:
        obj = self.lines[number - 1]
        return {"event": f"audit event {obj.get('seq')}",
                "anchor": f"the anchor of {when(obj.get('at', ''))}",
                "record": str(obj.get("name", "a record"))}.get(obj.get("type"), "this line")

    # The chain.
    def check_events(self) -> None:
        self.events: dict[int, tuple[int, dict]] = {}
        chain = (self.manifest.get("chain") or {}).get("key")
        seq = prev = None
        for number, event in self.body():
            if event.get("type") != "event":
                continue
            try:
                at, key = int(event["seq"]), int(event["chain"])
                recomputed = link_hash(key, at, event["prev_hash"], body_hash(event))
            except (KeyError, TypeError, ValueError):
                self.problem(number, "is not a whole audit event (fields missing).")
                continue
            if key != chain:
                self.problem(number, f"audit event {at} is of chain {key}, not the property's "
                                     f"({chain}).")
            if seq is not None and at != seq + 1:
                self.problem(number, f"audit event {at} follows event {seq}: "
                                     + (f"events {seq + 1} to {at - 1} are missing."
                                        if at > seq + 1 else "the events are out of order."))
            elif prev is not None and event["prev_hash"] != prev:
                self.problem(number, f"audit event {at} does not link to the event before it.")
            if recomputed != event["hash"]:
                self.problem(number, f"audit event {at} was changed after it was recorded: "
                                     "its hash does not match its fields.")
            self.events[at] = (number, event)
            seq, prev = at, event["hash"]
        self.first = min(self.events, default=None)
        self.last = max(self.events, default=None)

    def check_anchors(self) -> None:
        chain = (self.manifest.get("chain") or {}).get("key")
        self.anchors = []
        for number, anchor in self.body():
            if anchor.get("type") == "anchor":
                self.guarded(number, self.check_anchor, anchor, chain)
        if self.first is not None:
            event = self.events[self.first][1]
            starts = self.first == 1 and event["prev_hash"] == GENESIS
            if self.first == 1 and not starts:
                self.problem(self.events[self.first][0], "audit event 1 does not start the "
                                                         "chain.")
            elif not starts and not any(a["seq"] == self.first - 1 for a in self.anchors):
                self.notes.append(f"The chain starts at event {self.first}; its link to the "
                                  "events before it is taken as recorded (no anchor there).")

    def check_anchor(self, number: int, anchor: dict, chain) -> None:
        try:
            signature = base64.b64decode(anchor["signature"], validate=True)
            self.key.verify(signature, anchor_message(anchor))
            good = anchor["key"] == self.fingerprint
        except (KeyError, TypeError, ValueError, InvalidSignature):
            good = False
        name = f"the anchor of {when(anchor.get('at', ''))}"
        if not good:
            self.problem(number, f"{name} is not signed by the bundle's key.")
            return
        if anchor["chain"] != chain:
            self.problem(number, f"{name} anchors chain {anchor['chain']}, not {chain}.")
            return
        self.anchors.append(anchor)
        seq = anchor["seq"]
        if self.last is None or seq > self.last:
            self.problem(number, f"{name} signed the chain up to event {seq}, but the "
                                 f"chain ends at event {self.last or 0}: events after it "
                                 "were removed.")
        elif seq in self.events and self.events[seq][1]["hash"] != anchor["hash"]:
            self.problem(number, f"{name} signed event {seq} with another hash than the "
                                 "bundle's event: the chain was rewritten.")
        elif seq == self.first - 1 and self.events[self.first][1]["prev_hash"] != \
                anchor["hash"]:
            self.problem(number, f"{name} signed event {seq}, and event {self.first} does "
                                 "not link to it.")
        elif seq < self.first - 1:
            self.notes.append(f"The anchor of {when(anchor['at'])} (event {seq}) is before "
                              "the bundle's events: not compared.")

    # The records.
    def check_records(self) -> None:
        self.counts: dict[str, int] = {}
        self.slips = {"paid": 0, "voided": 0, "other": 0}
        self.total_paid = Decimal(0)
        ledger_after: dict[object, Decimal] = {}
        for number, record in self.body():
            if record.get("type") == "record":
                self.guarded(number, self.check_record, record, ledger_after)

    def check_record(self, number: int, record: dict, ledger_after: dict) -> None:
        kind, name = record.get("kind", ""), record.get("name", "a record")
        values = record.get("values") or {}
        self.counts[kind] = self.counts.get(kind, 0) + 1
        found = []
        for seq in record.get("events") or []:
            if seq not in self.events:
                self.problem(number, f"{name}: its audit event {seq} is not in the bundle.")
            else:
                found.append(self.events[seq][1])
        found.sort(key=lambda e: e["seq"], reverse=True)
        carried = 0
        for field, key in (record.get("checked") or {}).items():
            event = next((e for e in found if isinstance(e.get("after"), dict)
                          and key in e["after"]), None)
            if event is None:
                continue
            carried += 1
            if not same(values.get(field), event["after"][key]):
                self.problem(number, f"{name}: {field.replace('_', ' ')} is "
                                     f"{shown(field, values.get(field))}, but its audit "
                                     f"event {event['seq']} of {when(event['created_at'])} "
                                     f"recorded {shown(field, event['after'][key])}.")
        required = kind in DOCUMENTED or (kind == "ledger"
                                          and values.get("kind") in LEDGER_DOCUMENTED)
        if required and not carried:
            self.problem(number, f"{name} has no audit event recording its values.")
        if kind == "slip":
            status = values.get("status")
            self.slips[status if status in ("paid", "voided") else "other"] += 1
            if status == "paid":
                self.total_paid += Decimal(str(values.get("award") or 0))
        if kind == "ledger":
            self.check_ledger_row(number, name, values, ledger_after)

    def check_removed(self) -> None:
        """Every event of the period that made a record (a slip recorded, a meter seeded, a
        version approved: the manifest's ``creates``) has its record in the bundle; and the
        slips' numbers run without a gap (numbers are never skipped, §465a.26). Events within
        ``MARGIN`` of the period's bounds are left out: a record's own time and its event's may
        fall either side of a bound."""
        bounds = self.manifest.get("bounds") or {}
        start, end = (_utc(bounds.get("from")), _utc(bounds.get("to")))
        held: dict[str, set[str]] = {}
        numbers = []
        for _, record in self.body():
            if record.get("type") == "record":
                held.setdefault(record.get("kind"), set()).add(record.get("target"))
                values = record.get("values")
                if record.get("kind") == "slip" and isinstance(values, dict) and isinstance(
                        values.get("number"), int):
                    numbers.append((values["number"], record))
        for kind, actions in (self.manifest.get("creates") or {}).items():
            for seq, (number, event) in sorted(self.events.items()):
                at = _utc(event.get("created_at"))
                target = f"{event.get('target_type')}:{event.get('target_id')}"
                if event.get("action") not in actions or target in held.get(kind, set()) or (
                        start and at < start + MARGIN) or (end and at >= end - MARGIN):
                    continue
                self.problem(number, f"audit event {seq} of {when(event['created_at'])} made "
                                     f"{event.get('target_repr') or 'a record'}, which the "
                                     f"bundle does not hold: the record was removed.")
        numbers.sort(key=lambda n: n[0])
        for (low, _), (high, record) in zip(numbers, numbers[1:], strict=False):
            if high > low + 1:
                where = next(n for n, o in self.body() if o is record)
                self.problem(where, f"jackpot slips {low + 1} to {high - 1} are missing "
                                    f"between slips {low} and {high}.")

    def check_ledger_row(self, number: int, name: str, values: dict, after: dict) -> None:
        """A row's deltas balance (shown + reserve + overflow = contributed + funded - paid)
        and follow the meter's previous row in the bundle (§605a.7: the ledger is the meter)."""
        try:
            d = {k: Decimal(str(values[k])) for k in (
                "amount_delta", "reserve_delta", "overflow_delta", "contributed", "funded",
                "paid", "amount_after")}
        except (KeyError, InvalidOperation, ValueError):
            self.problem(number, f"{name}: its amounts are missing.")
            return
        if d["amount_delta"] + d["reserve_delta"] + d["overflow_delta"] != \
                d["contributed"] + d["funded"] - d["paid"]:
            self.problem(number, f"{name}: its changes do not balance (meter, reserve, "
                                 "overflow: " + ", ".join(money(d[k]) for k in (
                                     "amount_delta", "reserve_delta", "overflow_delta"))
                         + "; contributed, funded, paid: " + ", ".join(
                             money(d[k]) for k in ("contributed", "funded", "paid")) + ").")
        meter = values.get("meter")
        if meter in after and after[meter] + d["amount_delta"] != d["amount_after"]:
            self.problem(number, f"{name}: {money(after[meter])} (the meter after the row "
                                 f"before it) + {money(d['amount_delta'])} is not the "
                                 f"{money(d['amount_after'])} it records.")
        after[meter] = d["amount_after"]

    def summary(self) -> list[str]:
        m, chain = self.manifest, self.manifest.get("chain") or {}
        prop = m.get("property") or {}
        period = m.get("period") or {}
        lines = [f"Evidence bundle of {prop.get('name')} (license {prop.get('license_number')}), "
                 f"{period.get('from') or 'the start'} to {period.get('to') or 'the export'}, "
                 f"exported {when(m.get('created_at', ''))}.",
                 f"Signed by the key {self.fingerprint}: compare it with the fingerprint the "
                 "Board holds.",
                 f"Chains: 1 ({chain.get('name')}). Events: {len(self.events)}"
                 + (f" ({self.first} to {self.last}), every hash and link recomputed."
                    if self.events else ".")]
        latest = max(self.anchors, key=lambda a: a["seq"], default=None)
        if latest is None:
            lines.append("Anchors: none: the chain is not anchored outside the database.")
        else:
            lines.append(f"Anchors: {len(self.anchors)}, each signature verified; the latest, "
                         f"of {when(latest['at'])}, signed event {latest['seq']} "
                         f"({latest['hash'][:12]}).")
            if self.last and self.last > latest["seq"]:
                lines.append(f"Events {latest['seq'] + 1} to {self.last} came after the latest "
                             "anchor: they are linked, not yet anchored.")
        slips = self.counts.get("slip", 0)
        lines.append(f"Jackpot slips: {slips} ({self.slips['paid']} paid, "
                     f"{self.slips['voided']} void, {self.slips['other']} not yet paid); "
                     f"total paid {money(self.total_paid.quantize(Decimal('0.01')))}.")
        others = [f"{self.counts[k]} {KIND_WORDS[k]}{'s' * (self.counts[k] != 1)}" for k in KIND_WORDS
                  if k != "slip" and self.counts.get(k)]
        lines.append("Other records: " + (", ".join(others) if others else "none") + ".")
        lines += self.notes
        return lines


def verify(data: bytes) -> tuple[Bundle, list[str]]:
    bundle = Bundle(data)
    bundle.check_signature()
    bundle.check_events()
    bundle.check_anchors()
    bundle.check_records()
    bundle.check_removed()
    ordered = [text for _, _, text in sorted(bundle.problems, key=lambda p: p[:2])]
    return bundle, ordered


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Check an evidence bundle offline.")
    parser.add_argument("file")
    parser.add_argument("--key", default="", help="the fingerprint the Board holds "
                        "(SHA256:...): a bundle signed by another key is refused")
    args = parser.parse_args(argv)
    try:
        with open(args.file, "rb") as f:
            bundle, problems = verify(f.read())
    except OSError as exc:
        print(f"Cannot read {args.file}: {exc.strerror}.", file=sys.stderr)
        return 2
    except NotABundle as exc:
        print(str(exc), file=sys.stderr)
        return 2
    if args.key and args.key.strip().lower() != bundle.fingerprint.lower():
        problems.insert(0, f"Line 1: the bundle is signed by the key {bundle.fingerprint}, not "
                           f"by {args.key.strip()}.")
    for line in bundle.summary():
        print(line)
    if problems:
        print(f"DOES NOT VERIFY: {problems[0]}")
        for text in problems[1:50] + ([f"and {len(problems) - 50} more."]
                                      if len(problems) > 50 else []):
            print(f"  {text}")
        return 1
    print("Everything verifies.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
