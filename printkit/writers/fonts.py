"""The fonts of every printkit PDF: DejaVu Sans, shipped in printkit/fonts/.

DejaVu Sans is Bitstream Vera's shapes and metrics extended to Latin
Extended (Polish, Czech, Turkish...), Greek, Cyrillic and many symbols, so a
spec's names in those scripts print as they are. TrueType fonts are embedded
(and subset) in the PDF; the standard 14 PDF fonts are not, so printkit
never uses them. ``missing_glyphs`` says which characters it cannot draw.

    from printkit.writers.fonts import register_fonts
    fonts = register_fonts()       # idempotent
    canvas.setFont(fonts.bold, 10)  # "DejaVuSans-Bold"
"""

from __future__ import annotations

import unicodedata
from functools import cache
from pathlib import Path
from typing import NamedTuple

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"


class Fonts(NamedTuple):
    """The registered font names; also a tuple of all four."""

    regular: str = "DejaVuSans"
    bold: str = "DejaVuSans-Bold"
    italic: str = "DejaVuSans-Oblique"
    bold_italic: str = "DejaVuSans-BoldOblique"


FONTS = Fonts()
# The file of each face in printkit/fonts/, in the order of Fonts.
_FILES = tuple(f"{name}.ttf" for name in FONTS)


@cache
def register_fonts() -> Fonts:
    """Register the DejaVu Sans family with ReportLab (once) and return its names.

    The family is also mapped, so ``<b>``/``<i>`` in platypus Paragraphs
    with ``fontName=fonts.regular`` pick the right embedded face."""
    for name, filename in zip(FONTS, _FILES):
        pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
    pdfmetrics.registerFontFamily(FONTS.regular, normal=FONTS.regular, bold=FONTS.bold,
                                  italic=FONTS.italic, boldItalic=FONTS.bold_italic)
    for bold, italic, name in ((0, 0, FONTS.regular), (1, 0, FONTS.bold),
                               (0, 1, FONTS.italic), (1, 1, FONTS.bold_italic)):
        addMapping(FONTS.regular, bold, italic, name)
    return FONTS


def text_width_mm(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` set in DejaVu Sans at ``size`` points, in millimetres."""
    fonts = register_fonts()
    return pdfmetrics.stringWidth(text, fonts.bold if bold else fonts.regular, size) * 25.4 / 72


def fit_size(text: str, width_mm: float, size: float, bold: bool = False, smallest: float = 4.0) -> float:
    """The largest size up to ``size`` (points) at which ``text`` fits ``width_mm``."""
    natural = text_width_mm(text, size, bold)
    if natural <= width_mm:
        return size
    return max(smallest, size * width_mm / natural)


def wrap(text: str, width_mm: float, size: float, bold: bool = False) -> list[str]:
    """Words of ``text`` broken into lines no wider than ``width_mm`` at ``size``;
    a word wider than a line on its own (a web address) is broken where it must."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            while len(word) > 1 and text_width_mm(word, size, bold) > width_mm:
                if line:
                    lines.append(line)
                    line = ""
                cut = 1
                while text_width_mm(word[:cut + 1], size, bold) <= width_mm:
                    cut += 1
                lines.append(word[:cut])
                word = word[cut:]
            candidate = f"{line} {word}".strip()
            if line and text_width_mm(candidate, size, bold) > width_mm:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


# The smallest type a kit sets a spec's words in: below it print is hard to read.
LEGIBLE_PT = 6.0
SIZE_STEP = 0.25  # points tried between the largest size and the smallest
LEADING = 1.2  # line pitch per size


def fit_lines(text: str, width_mm: float, size: float, bold: bool = False, smallest: float = LEGIBLE_PT,
              most: int = 1, height_mm: float | None = None) -> tuple[float, list[str]] | None:
    """(size, lines) for ``text`` in a box ``width_mm`` wide: on one line
    shrunk as ``fit_size`` does while it stays at ``smallest`` or more, else
    wrapped (``wrap``) at the largest size down to ``smallest`` that needs at
    most ``most`` lines whose block, at ``LEADING``, is no taller than
    ``height_mm``; None when even ``smallest`` leaves it too long."""
    one = fit_size(text, width_mm, size, bold, smallest)
    if text_width_mm(text, one, bold) <= width_mm + 1e-6 and _block_mm(1, one) <= (height_mm or 1e9):
        return one, [text]
    pt = size
    while pt >= smallest - 1e-9:
        lines = wrap(text, width_mm, pt, bold)
        if len(lines) <= most and _block_mm(len(lines), pt) <= (height_mm or 1e9) \
                and all(text_width_mm(line, pt, bold) <= width_mm + 1e-6 for line in lines):
            return pt, lines
        pt -= SIZE_STEP
    return None


def _block_mm(lines: int, size: float) -> float:
    """The height of ``lines`` lines at ``size`` points, cap of the first to foot of the last."""
    return size * 25.4 / 72 * (1 + (lines - 1) * LEADING)


def fits_up_to(text: str, fits) -> int:
    """How many characters of ``text`` from its start ``fits`` accepts: the
    length a refusal states as the most (a bisection; ``fits`` takes a text)."""
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if fits(text[:mid]):
            low = mid
        else:
            high = mid - 1
    return low


def missing_glyphs(text: str) -> list[str]:
    """The characters of ``text`` that printkit's fonts cannot draw, in order,
    each once: control characters, and what DejaVu Sans (or its bold face) lacks."""
    from reportlab.pdfbase.pdfmetrics import getFont

    fonts = register_fonts()
    faces = [getFont(name).face.charToGlyph for name in (fonts.regular, fonts.bold)]
    missing: list[str] = []
    for ch in dict.fromkeys(text):
        if ch == "\n":
            continue
        if unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or any(ord(ch) not in face for face in faces):
            missing.append(ch)
    return missing


class SvgFontMap:
    """svglib's font lookup (its ``font_map``), answered with printkit's fonts.

    svglib would otherwise set an SVG's words in the standard 14 PDF fonts
    (never embedded) or in whatever the machine's fontconfig finds (a build
    that differs from one machine to the next). Every family, named or
    generic, is DejaVu Sans in the weight and slant the SVG asks for."""

    def find_font(self, font_name, weight="normal", style="normal") -> tuple[str, bool]:
        return svg_face(weight, style), True


def svg_face(weight="normal", style="normal") -> str:
    """The DejaVu face for a CSS ``font-weight`` and ``font-style``."""
    fonts = register_fonts()
    weight = str(weight or "normal").strip().lower()
    bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
    italic = str(style or "normal").strip().lower() in ("italic", "oblique")
    return (fonts.regular, fonts.bold, fonts.italic, fonts.bold_italic)[bold + 2 * italic]


def embedded_face(name: str) -> str:
    """``name`` if it is one of printkit's fonts, else the DejaVu face its
    name suggests: a drawing's words never fall back on an unembedded font."""
    if name in FONTS:
        return name
    lowered = str(name).lower()
    return svg_face("bold" if "bold" in lowered else "normal",
                    "italic" if ("italic" in lowered or "oblique" in lowered) else "normal")
