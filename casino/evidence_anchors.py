"""Anchors outside the database (issue 28): each verification signs every chain's head with
the site's Ed25519 key and appends it to a file the database's owner cannot reach, so a chain
cut short or rewritten inside the database (4 Pa.C.S. §1323: a system able to detect
alterations) still differs from what was signed before.

Ground floor: no app import, no model. The format (docs/auditor.md, "Anchors outside the
database") is what an offline verifier needs:

- one file per chain, ``<EVIDENCE_ANCHOR_DIR>/chain-<chain key>.jsonl`` (the property's id, 0
  for events of no property), one JSON object per line, only ever appended (and fsynced);
- an anchor ``{"chain", "chain_name", "seq", "hash", "events", "at", "key", "signature"}``:
  the head's ``seq`` and ``hash``, the events the verification checked, the UTC time with
  ``Z``, the key's fingerprint and the Ed25519 signature (base64) of ``anchor_message``:
  the canonical JSON of chain, seq, hash, events, at and key (``chain_name`` is for people
  and not signed);
- the fingerprint: ``SHA256:`` and the hex SHA-256 of the raw 32-byte public key, in groups of
  four characters joined by ``:`` (``SHA256:1a2b:3c4d:...``).
"""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings

SIGNED = ("chain", "seq", "hash", "events", "at", "key")
FIELDS = ("chain", "chain_name", "seq", "hash", "events", "at", "key", "signature")
TAIL_BYTES = 64 * 1024  # the last line of a file is read from its end, never the whole file


class AnchorError(Exception):
    """An anchor file or line that cannot be trusted; the message names the file and line."""


# --- The key ------------------------------------------------------------------------------------

def key_path() -> Path:
    return Path(settings.EVIDENCE_SIGNING_KEY)


def anchor_dir() -> Path:
    return Path(settings.EVIDENCE_ANCHOR_DIR)


def ensure_signing_key() -> Path:
    """The signing key's file, created (mode 0600, never overwritten) when missing: for
    ``make run``, the demo and the tests. Production mounts its own (docs/operator.md)."""
    path = key_path()
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption())
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # made a moment ago by another process: theirs stands
        return path
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
        out.flush()
        os.fsync(out.fileno())
    return path


def load_private_key() -> Ed25519PrivateKey:
    path = key_path()
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except FileNotFoundError:
        raise AnchorError(f"The evidence signing key {path} does not exist (setting "
                          f"EVIDENCE_SIGNING_KEY; docs/operator.md).") from None
    except (ValueError, TypeError) as exc:
        raise AnchorError(f"The evidence signing key {path} is not an unencrypted PKCS8 PEM "
                          f"Ed25519 key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise AnchorError(f"The evidence signing key {path} is not an Ed25519 key.")
    return key


def public_key(private: Ed25519PrivateKey | None = None) -> Ed25519PublicKey:
    return (private or load_private_key()).public_key()


def public_key_pem(private: Ed25519PrivateKey | None = None) -> str:
    return public_key(private).public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo).decode()


def raw_fingerprint(raw: bytes) -> str:
    digest = hashlib.sha256(raw).hexdigest()
    return "SHA256:" + ":".join(digest[i:i + 4] for i in range(0, len(digest), 4))


def fingerprint(key: Ed25519PublicKey | Ed25519PrivateKey | None = None) -> str:
    """``SHA256:`` + hex SHA-256 of the raw 32-byte public key, four characters a group."""
    if key is None or isinstance(key, Ed25519PrivateKey):
        key = public_key(key)
    return raw_fingerprint(key.public_bytes(serialization.Encoding.Raw,
                                            serialization.PublicFormat.Raw))


def load_public_key(pem: str | bytes) -> Ed25519PublicKey:
    key = serialization.load_pem_public_key(pem.encode() if isinstance(pem, str) else pem)
    if not isinstance(key, Ed25519PublicKey):
        raise AnchorError("The public key is not an Ed25519 key.")
    return key


# --- Anchors ------------------------------------------------------------------------------------

def utc_text(at: dt.datetime) -> str:
    return at.astimezone(dt.UTC).isoformat(timespec="microseconds").replace("+00:00", "Z")


def anchor_message(anchor: dict) -> bytes:
    """What the signature covers: the signed fields as canonical JSON, UTF-8."""
    return json.dumps({k: anchor[k] for k in SIGNED}, sort_keys=True,
                      separators=(",", ":")).encode("utf-8")


def sign_anchor(*, chain: int, chain_name: str, seq: int, hash: str, events: int,
                at: dt.datetime | None = None,
                private: Ed25519PrivateKey | None = None) -> dict:
    """The signed anchor of one chain's head (``at``: now, in UTC)."""
    private = private or load_private_key()
    anchor = {"chain": int(chain), "chain_name": chain_name, "seq": int(seq), "hash": hash,
              "events": int(events), "at": utc_text(at or dt.datetime.now(dt.UTC)),
              "key": fingerprint(private)}
    anchor["signature"] = base64.b64encode(private.sign(anchor_message(anchor))).decode()
    return anchor


def chain_file(chain_key: int) -> Path:
    return anchor_dir() / f"chain-{int(chain_key)}.jsonl"


def append_anchor(anchor: dict) -> Path:
    """Append one line to the chain's file and fsync it (and the folder when the file is
    new): once this returns, the anchor survives a crash."""
    path = chain_file(anchor["chain"])
    path.parent.mkdir(parents=True, exist_ok=True)
    new = not path.exists()
    line = json.dumps({k: anchor[k] for k in FIELDS}, separators=(",", ":")) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
    if new:
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
    return path


def verify_anchor(anchor: dict, public_key: Ed25519PublicKey) -> bool:
    """True when ``anchor`` has every field and its signature is the key's over its message."""
    try:
        signature = base64.b64decode(anchor["signature"], validate=True)
        public_key.verify(signature, anchor_message(anchor))
    except (KeyError, TypeError, ValueError, InvalidSignature):
        return False
    return anchor["key"] == fingerprint(public_key)


def parse_line(text: str, where: str) -> dict:
    """One line as an anchor, or an ``AnchorError`` naming ``where`` (file and line)."""
    try:
        anchor = json.loads(text)
    except ValueError:
        raise AnchorError(f"{where} is not an anchor (not JSON).") from None
    if not isinstance(anchor, dict) or any(k not in anchor for k in FIELDS):
        raise AnchorError(f"{where} is not an anchor (fields missing).")
    return anchor


@dataclass(frozen=True)
class Checked:
    """An anchor file read line by line: its anchors and what was wrong, by line."""

    anchors: list[dict]
    problems: list[str]


def read_anchors(chain_key: int, public_key: Ed25519PublicKey | None = None) -> Checked:
    """Every line of the chain's file: each parsed and (given ``public_key``) verified; a line
    that does not parse or verify is a problem named by its line number, never skipped."""
    path = chain_file(chain_key)
    anchors, problems = [], []
    if not path.exists():
        return Checked(anchors, problems)
    with path.open("rb") as lines:
        for number, raw in enumerate(lines, 1):
            where = f"Anchor file {path.name}, line {number}"
            try:
                anchor = parse_line(raw.decode("utf-8"), where)
            except (AnchorError, UnicodeDecodeError) as exc:
                problems.append(str(exc) if isinstance(exc, AnchorError)
                                else f"{where} is not UTF-8 text.")
                continue
            if public_key is not None and not verify_anchor(anchor, public_key):
                problems.append(f"{where}: the signature does not verify (the line was "
                                f"changed, or signed by another key).")
            elif anchor["chain"] != chain_key:
                problems.append(f"{where} anchors chain {anchor['chain']}, not {chain_key}.")
            anchors.append(anchor)
    return Checked(anchors, problems)


def anchors(chain_key: int) -> list[dict]:
    """Every anchor of the chain, oldest first; an ``AnchorError`` at the first bad line."""
    checked = read_anchors(chain_key)
    if checked.problems:
        raise AnchorError(checked.problems[0])
    return checked.anchors


def latest_anchor(chain_key: int) -> dict | None:
    """The chain's last anchor, read from the end of its file (as fast in year five); None when
    there is none. A last line that does not parse is an ``AnchorError``."""
    path = chain_file(chain_key)
    if not path.exists():
        return None
    with path.open("rb") as f:
        size = f.seek(0, os.SEEK_END)
        f.seek(max(0, size - TAIL_BYTES))
        tail = f.read()
    lines = tail.rstrip(b"\n").split(b"\n")
    if not lines or not lines[-1].strip():
        if size == 0:
            return None
        raise AnchorError(f"Anchor file {path.name} ends with an empty line.")
    try:
        text = lines[-1].decode("utf-8")
    except UnicodeDecodeError:
        raise AnchorError(f"Anchor file {path.name}, last line, is not UTF-8 text.") from None
    return parse_line(text, f"Anchor file {path.name}, last line")


def anchor_words(chain_key: int) -> str:
    """One line for the reports the Board reads (the daily jackpot report, the filing packet):
    the chain's latest anchor (its event, when, the hash's first 16 characters) and the
    signing key's fingerprint, with which a regulator checks the exported evidence."""
    try:
        latest = latest_anchor(chain_key)
        key = fingerprint()
    except AnchorError as exc:
        return f"Anchor outside the database: none can be read ({exc})"
    if latest is None:
        return (f"Anchor outside the database: none yet (the audit chain has not been verified "
                f"since it began). Signing key {key}.")
    return (f"Latest anchor outside the database: {latest.get('chain_name') or latest['chain']}"
            f", event {latest['seq']:,}, signed {str(latest['at'])[:16].replace('T', ' ')} UTC, "
            f"hash {str(latest['hash'])[:16]}…. Signing key {key}.")
