"""The jackpot slip on paper: the lines the print view and the PDF show (the hand, the amounts,
the meter before and after, who did what) and the signature lines for the preparer, the
validator and, above the property's threshold, a security or cage witness (cf.
§465a.26(b)(2)). The PDF is ReportLab's: pure Python, no system libraries."""

import io
from decimal import Decimal

from django.utils import timezone
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

import games
from casino.formats import person
from tables.meters.selectors import dollars
from tables.slips.models import JackpotSlip, SlipKind, SlipStatus
from tables.slips.selectors import recorder


def slip_pdf_bytes(slip) -> bytes:
    out = io.BytesIO()
    styles = getSampleStyleSheet()
    doc = SimpleDocTemplate(out, pagesize=LETTER, title=f"Jackpot slip {slip.number}",
                            leftMargin=0.75 * inch, rightMargin=0.75 * inch)
    rows = [[Paragraph(f"<b>{label}</b>", styles["Normal"]),
             Paragraph(_pdf_cards(value) if label in CARD_LABELS else _escape(value),
                       styles["Normal"])]
            for label, value in print_lines(slip)]
    table = Table(rows, colWidths=[1.9 * inch, 5.0 * inch])
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                               ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    story = [Paragraph(f"Jackpot slip {slip.number}", styles["Title"]), table,
             Paragraph(_escape(f"Amount to the player: {slip_stake_words(slip)}"),
                       styles["Normal"]),
             Spacer(1, 0.4 * inch)]
    for line in signature_lines(slip):
        story += [Spacer(1, 0.35 * inch),
                  Paragraph("_" * 60 + "&nbsp;&nbsp;Date ____________", styles["Normal"]),
                  Paragraph(_escape(line), styles["Italic"])]
    doc.build(story)
    return out.getvalue()


def stake_words(award: Decimal, wager: Decimal, wager_name: str, *, staked: bool = True) -> str:
    """"$2,525.00 is $2,500.00 won and the $25.00 Pair Plus Wager returned with it" (an amount
    is the engine's net plus the stake); an Envy Bonus has no stake of its own."""
    if not staked or not wager:
        return "An Envy Bonus stakes nothing: all of the amount is won."
    return (f"{dollars(award)} is {dollars(award - wager)} won and the {dollars(wager)} {wager_name} "
            f"returned with it.")


def slip_stake_words(slip: JackpotSlip) -> str:
    """The stake note of a recorded slip (its page and its print)."""
    return stake_words(slip.award, slip.wager_amount, slip.wager_name,
                       staked=slip.kind != SlipKind.ENVY)


def _pdf_cards(cards: str) -> str:
    """"A♥ K♥ Q♥" on the PDF: ReportLab's default font (Helvetica, WinAnsi) has no suit
    symbols, so each suit is set in the standard Symbol font, which has them (no font file)."""
    out = []
    for code in cards.split():
        text, _words, red = card_words(code)
        if text[-1:] in "♠♥♦♣" and text != code:
            text = f'{_escape(text[:-1])}<font name="Symbol">{text[-1]}</font>'
        else:
            text = _escape(text)
        out.append(f'<font color="#b00020">{text}</font>' if red else text)
    return " ".join(out)


def _escape(text: str) -> str:
    return str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _money(value) -> str:
    return "" if value is None else dollars(value)


def _when(user, moment) -> str:
    if user is None:
        return ""
    return f"{person(user)}, {timezone.localtime(moment):%Y-%m-%d %H:%M}"


RANK_NAMES = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
SUIT_SYMBOLS = {"s": ("♠", "spades"), "h": ("♥", "hearts"), "d": ("♦", "diamonds"),
                "c": ("♣", "clubs")}


def card_words(code: str) -> tuple[str, str, bool]:
    """("A♥", "Ace of hearts", red) for "Ah"; the joker and anything else as written."""
    if code == "Jk":
        return "Joker", "Joker", False
    rank, suit = code[:-1].upper(), code[-1:].lower()
    if suit not in SUIT_SYMBOLS or not rank:
        return code, code, False
    symbol, name = SUIT_SYMBOLS[suit]
    shown = "10" if rank == "T" else rank
    return f"{shown}{symbol}", f"{RANK_NAMES.get(rank, shown)} of {name}", suit in "hd"


CARD_LABELS = {"Seat's cards", "Dealer's cards", "Community cards", "Player hand", "Banker hand"}


def slip_cards(slip: JackpotSlip) -> list[tuple[str, str]]:
    """(label, cards) of the slip's seat and the table, as recorded."""
    body = slip.round or {}
    mine = next((p for p in body.get("positions", []) if p.get("seat") == slip.seat), {})
    found = [("Seat's cards", " ".join(mine.get("cards", [])))]
    found += [(label, " ".join(body[key])) for key, label in (
        ("dealer", "Dealer's cards"), ("community", "Community cards"),
        ("player_cards", "Player hand"), ("banker_cards", "Banker hand")) if body.get(key)]
    return [(k, v) for k, v in found if v]


def print_lines(slip: JackpotSlip) -> list[tuple[str, str]]:
    """The slip as printed (print view and PDF): the hand, the amounts, the meter before and
    after, who did what."""
    spec = games.spec(slip.game)
    lines = [
        ("Slip", f"{slip.number} ({slip.get_kind_display()})"),
        ("Status", slip.get_status_display()),
        ("Property", f"{slip.property.name}, license {slip.property.license_number}"),
        ("Table", f"{slip.table.label} · {spec.name}"
                  + (f" · Rules Submission version {slip.submission_version}"
                     if slip.submission_version else "")),
        ("Seat", str(slip.seat)),
        ("Wager", f"{slip.wager_name} {_money(slip.wager_amount)}"),
        *slip_cards(slip),
        *([("Hand", slip.hand + (f" (held at seat {slip.from_seat})"
                                 if slip.kind == SlipKind.ENVY else ""))] if slip.hand else []),
        ("Payout", slip.odds),
        ("Amount to the player", _money(slip.award)),
        ("Paid from", slip.get_paid_from_display()),
    ]
    if slip.meter_name:
        lines += [("Meter", slip.meter_name), ("Meter before", _money(slip.meter_before)),
                  ("Meter after", _money(slip.meter_after))]
    if slip.verification:
        lines.append(("Floorperson verification", slip.verification))
    if slip.parent_id:
        lines.append(("From jackpot slip", str(slip.parent.number)))
    recorded = f"{recorder(slip)}, {timezone.localtime(slip.recorded_at):%Y-%m-%d %H:%M}"
    lines += [("Sections", slip.rule), ("Recorded by", recorded),
              ("Validated by", _when(slip.validated_by, slip.validated_at)),
              ("Paid by", _when(slip.paid_by, slip.paid_at))]
    if slip.status == SlipStatus.VOIDED:
        lines += [("Void", f"{slip.void_reason} (asked by "
                           f"{person(slip.void_requested_by)}, confirmed by "
                           f"{_when(slip.voided_by, slip.voided_at)})")]
    return lines


def signature_lines(slip: JackpotSlip) -> list[str]:
    """Preparer and validator (a Must-Hit-By Mystery Bonus slip: the validator only, the
    system prepared it); a security or cage witness above the property's threshold (default
    $1,200, cf. §465a.26(b)(2))."""
    if slip.kind == SlipKind.MYSTERY:
        found = ["Validated by (floorperson or above, §631b.6(c)(5)(ii))"]
    else:
        found = ["Prepared by (floor manager)", "Validated by (floorperson or above, not the "
                 "preparer, §649a.11(c)(5)(iii))"]
    if slip.witness_required:
        found.append(f"Witness (security or cage): amount above "
                     f"{_money(slip.property.jackpot_witness_threshold)}")
    return found
