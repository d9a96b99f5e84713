"""The filing packet drawn as a PDF (ReportLab): the sections of ``content.packet`` in order,
each table repeating its header across pages, and on every page the property, the game and
version, "Page n of N" and the content's SHA-256 digest, so a page apart from the rest still
says which filing it belongs to. Drawn invariant: the same packet gives the same bytes."""

from __future__ import annotations

import io
import os
from functools import cache
from xml.sax.saxutils import escape

import reportlab
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as pdf_canvas
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

PAGE = landscape(LETTER)  # wide tables (meters, audit events) read across
MARGIN = 0.6 * inch
FONT, BOLD = "PacketSans", "PacketSans-Bold"


@cache
def _fonts() -> None:
    """Bitstream Vera, shipped with ReportLab: §, · and — print, and the text extracts."""
    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    pdfmetrics.registerFont(TTFont(FONT, os.path.join(folder, "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, os.path.join(folder, "VeraBd.ttf")))


def _styles() -> dict[str, ParagraphStyle]:
    base = ParagraphStyle("body", fontName=FONT, fontSize=8.5, leading=11)
    return {"body": base,
            "cell": ParagraphStyle("cell", parent=base, fontSize=7.5, leading=9.5),
            "head": ParagraphStyle("head", parent=base, fontName=BOLD, fontSize=7.5,
                                   leading=9.5),
            "title": ParagraphStyle("title", parent=base, fontName=BOLD, fontSize=18,
                                    leading=22, spaceAfter=6),
            "h1": ParagraphStyle("h1", parent=base, fontName=BOLD, fontSize=13, leading=16,
                                 spaceBefore=8, spaceAfter=4),
            "h2": ParagraphStyle("h2", parent=base, fontName=BOLD, fontSize=10, leading=13,
                                 spaceBefore=6, spaceAfter=2)}


def _para(words: str, style) -> Paragraph:
    return Paragraph(escape(str(words)), style)


def _table(block: dict, styles, width: float) -> Table:
    columns = block["columns"]
    header = [_para(c, styles["head"]) for c in columns]
    rows = [[_para(c, styles["cell"]) for c in row] for row in block["rows"]]
    weights = [max(len(c), *(len(r[i]) for r in block["rows"]), 4) ** 0.5
               for i, c in enumerate(columns)] if block["rows"] else [1] * len(columns)
    widths = [width * w / sum(weights) for w in weights]
    has_header = any(columns)
    found = Table([header, *rows] if has_header else rows, colWidths=widths,
                  repeatRows=1 if has_header else 0)
    style = [("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
             ("VALIGN", (0, 0), (-1, -1), "TOP")]
    if has_header:
        style.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e8e8e8")))
    found.setStyle(TableStyle(style))
    return found


def _story(packet: dict) -> list:
    styles = _styles()
    width = PAGE[0] - 2 * MARGIN
    story = [_para(packet["title"], styles["title"]),
             _para(f"{packet['property']} (Licence {packet['license']}) · {packet['game']}, "
                   f"version {packet['version']}", styles["h2"])]
    for i, sec in enumerate(packet["sections"]):
        if i in (1, 2):  # the cover alone on its page; the terms begin the next
            story.append(PageBreak())
        story.append(_para(sec["title"], styles["h1"]))
        for block in sec["blocks"]:
            if block["kind"] == "table":
                story += [_table(block, styles, width), Spacer(1, 4)]
            elif block["kind"] == "heading":
                story.append(KeepTogether([_para(block["text"], styles["h2"])]))
            else:
                story.append(_para(block["text"], styles["body"]))
        if i == 0:
            story += [Spacer(1, 10), _para(
                f"Content SHA-256 digest: {packet['digest']}. The digest is of what this "
                "packet says (every section, as data): the same version asked for on the same "
                "day gives the same digest; any change to its content changes it.",
                styles["body"])]
            if packet.get("anchor"):
                story += [Spacer(1, 4), _para(packet["anchor"], styles["body"])]
    return story


def _numbered(packet: dict):
    """A canvas that, once every page is laid out, writes "Page n of N" and the digest on
    each."""
    digest, top = packet["digest"], (f"{packet['title']} · {packet['property']} (Licence "
                                     f"{packet['license']}) · {packet['game']}, version "
                                     f"{packet['version']}")

    class Numbered(pdf_canvas.Canvas):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._pages = []

        def showPage(self):  # noqa: N802 (ReportLab's name)
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                self.setFont(FONT, 7)
                self.drawString(MARGIN, PAGE[1] - 0.4 * inch, top)
                self.drawRightString(PAGE[0] - MARGIN, 0.4 * inch, f"Page {number} of {total}")
                self.drawString(MARGIN, 0.4 * inch, f"Content SHA-256: {digest}")
                super().showPage()
            super().save()

    return Numbered


def packet_pdf(packet: dict) -> bytes:
    _fonts()
    out = io.BytesIO()
    doc = SimpleDocTemplate(out, pagesize=PAGE, leftMargin=MARGIN, rightMargin=MARGIN,
                            topMargin=0.7 * inch, bottomMargin=0.7 * inch,
                            title=f"{packet['title']}: {packet['game']} v{packet['version']}",
                            author=packet["property"], subject=f"SHA-256 {packet['digest']}",
                            creator="Table Games Back Office", invariant=1)
    doc.build(_story(packet), canvasmaker=_numbered(packet))
    return out.getvalue()
