"""The jackpot slip as a PDF (ReportLab: pure Python, no system libraries), the same lines as
the print view with signature lines for the preparer, the validator and, above the property's
threshold, a security or cage witness (cf. §465a.26(b)(2))."""

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from tables.slips import print_lines, signature_lines


def slip_pdf_bytes(slip) -> bytes:
    out = io.BytesIO()
    styles = getSampleStyleSheet()
    doc = SimpleDocTemplate(out, pagesize=LETTER, title=f"Jackpot slip {slip.number}",
                            leftMargin=0.75 * inch, rightMargin=0.75 * inch)
    rows = [[Paragraph(f"<b>{label}</b>", styles["Normal"]), Paragraph(_escape(value),
                                                                     styles["Normal"])]
            for label, value in print_lines(slip)]
    table = Table(rows, colWidths=[1.9 * inch, 5.0 * inch])
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story = [Paragraph(f"Jackpot slip {slip.number}", styles["Title"]), table,
             Spacer(1, 0.4 * inch)]
    for line in signature_lines(slip):
        story += [Spacer(1, 0.35 * inch),
                  Paragraph("_" * 60 + "&nbsp;&nbsp;Date ____________", styles["Normal"]),
                  Paragraph(_escape(line), styles["Italic"])]
    doc.build(story)
    return out.getvalue()


def _escape(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
