"""Fonts for every PDF printkit writes.

Only TrueType fonts, embedded and subset by ReportLab: a shop asks for
every font embedded, and the standard 14 PDF fonts never are. The family is
Bitstream Vera, which ships inside ReportLab, so nothing is fetched.
"""

from __future__ import annotations

from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(reportlab.__file__).resolve().parent / "fonts"

# Face name -> file inside ReportLab's font folder.
FACES = {
    "Vera": "Vera.ttf",
    "Vera-Bold": "VeraBd.ttf",
    "Vera-Italic": "VeraIt.ttf",
    "Vera-BoldItalic": "VeraBI.ttf",
}

REGULAR, BOLD, ITALIC, BOLD_ITALIC = FACES


def register_fonts() -> str:
    """Register the Vera family with ReportLab once; return the family name.

    Safe to call many times. After it, ``<b>`` and ``<i>`` in a Paragraph
    set in "Vera" pick the bold and italic faces."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in FACES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD,
                                  italic=ITALIC, boldItalic=BOLD_ITALIC)
    return REGULAR
