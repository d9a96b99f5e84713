"""The filing packet of a Rules Submission (§601a.2; issue 22): one PDF a compliance officer
sends to the Board, its content built here (``content``), drawn by ``pdf``, served by the API
(``api``) and the submission's page (``views``).

Apps above this one add their sections through ``register_packet_section`` (from their
``AppConfig.ready()``): the floor adds the layout, its checklist and its approval. A section
is plain data (``section``, ``text``, ``table``), so the packet's digest covers it too.
"""

from __future__ import annotations

from collections.abc import Callable

Section = dict
SectionMaker = Callable[[object], list[Section]]
_MAKERS: list[SectionMaker] = []


def register_packet_section(maker: SectionMaker) -> SectionMaker:
    """Add ``maker(submission) -> [sections]`` to every packet (once, however often called),
    after the terms, paytables and meters and before the changes and the audit events."""
    if maker not in _MAKERS:
        _MAKERS.append(maker)
    return maker


def registered_sections(submission) -> list[Section]:
    return [s for maker in _MAKERS for s in maker(submission)]


def section(title: str, *blocks: dict) -> Section:
    return {"title": title, "blocks": [b for b in blocks if b]}


def text(words: str) -> dict:
    return {"kind": "text", "text": words}


def heading(words: str) -> dict:
    return {"kind": "heading", "text": words}


def table(columns: list[str], rows: list[list[str]]) -> dict:
    return {"kind": "table", "columns": list(columns), "rows": [[str(c) for c in r] for r in rows]}
