"""The rulebook's pages: paper size, margins, footer with "page n of N",
PDF outline from the headings, reproducible bytes.

The text runs in a column of at most ``MEASURE``, centred on the page, so a
line holds some 60 to 75 characters, as a book's does; drawings and the title
banner may use the page's whole width between the ``MARGIN`` s. A drawing
that no longer fits on a page lets the text after it come first, so the page
fills rather than leaving a hole, and heads the next page
(``RulebookDoc.handle_flowable``)."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas
from reportlab.platypus import BaseDocTemplate, Frame, KeepTogether, PageBreak, PageTemplate
from reportlab.platypus.doctemplate import ActionFlowable

from ..errors import PrintkitError
from ..writers.fonts import register_fonts
from ..writers.pdf import actual_size, page_boxes

PAPER = {"letter": LETTER, "a4": A4}

# Home printers cannot print the outer 6.35 mm; we keep all ink 15 mm clear.
MARGIN = 18 * mm  # top; and left and right of drawings, the banner and the footer
MEASURE = 128 * mm  # the text column's width at most: 60 to 75 characters a line in the body size
BOTTOM = 27 * mm  # text frame bottom: the footer sits below it
FOOTER_Y = 17 * mm  # footer baseline: its descenders stay above 15 mm
FOOTER_SIZE = 8


def page_size(paper: str) -> tuple[float, float]:
    try:
        return PAPER[paper]
    except KeyError:
        raise PrintkitError(f"unknown paper '{paper}': use {', '.join(PAPER)}") from None


class NumberedCanvas(canvas.Canvas):
    """Holds every page until the end so each footer can say "page n of N"."""

    footer_text = ""

    def __init__(self, *args, **kwargs):
        # The canvas's own default is Helvetica, one of the standard 14 fonts
        # that are never embedded; start every page in our TrueType face.
        kwargs["initialFontName"] = kwargs.get("initialFontName") or register_fonts().regular
        super().__init__(*args, **kwargs)
        actual_size(self)  # figures and scale squares print at their size
        self._pages = []

    def showPage(self):
        self._pages.append(dict(self.__dict__))
        self._startPage()

    def save(self):
        total = len(self._pages)
        for number, page in enumerate(self._pages, 1):
            self.__dict__.update(page)
            self._footer(number, total)
            super().showPage()
        super().save()

    def _footer(self, number: int, total: int) -> None:
        width, _ = self._pagesize
        self.saveState()
        self.setStrokeColor(colors.HexColor("#999999"))
        self.setLineWidth(0.4)
        self.line(MARGIN, FOOTER_Y + 4 * mm, width - MARGIN, FOOTER_Y + 4 * mm)
        self.setFillColor(colors.HexColor("#444444"))
        self.setFont(register_fonts().regular, FOOTER_SIZE)
        self.drawString(MARGIN, FOOTER_Y, self.footer_text)
        self.drawRightString(width - MARGIN, FOOTER_Y, f"page {number} of {total}")
        self.restoreState()


class RulebookDoc(BaseDocTemplate):
    """One frame per page; headings become PDF bookmarks."""

    def __init__(self, filename, paper: str, title: str, author: str = "", subject: str = "",
                 colour_space=None):
        """``colour_space``: a ReportLab ``enforceColorSpace`` (a print
        shop's rulebook: ``writers.pdf.cmyk_only``), None for RGB."""
        size = page_size(paper)
        super().__init__(filename, pagesize=size, leftMargin=MARGIN, rightMargin=MARGIN,
                         topMargin=MARGIN, bottomMargin=BOTTOM, title=title, author=author,
                         subject=subject, creator="printkit", producer="printkit",
                         invariant=1, pageCompression=1, enforceColorSpace=colour_space,
                         initialFontName=register_fonts().regular, **page_boxes(*size))
        width = min(MEASURE, size[0] - 2 * MARGIN)
        frame = Frame((size[0] - width) / 2, BOTTOM, width, size[1] - MARGIN - BOTTOM,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="body")
        self.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        self._bookmarks = 0
        self.used = 0.0  # points of the text frame filled on the page being set
        self.part_ends: list[float] = []  # how full each page was that a page break ended

    @property
    def text_width(self) -> float:
        """The text column's width (points)."""
        return min(MEASURE, self.pagesize[0] - 2 * MARGIN)

    @property
    def figure_width(self) -> float:
        """The width a drawing may take (points): the page between its margins,
        centred on the text column."""
        return self.pagesize[0] - 2 * MARGIN

    @property
    def text_height(self) -> float:
        return self.pagesize[1] - MARGIN - BOTTOM

    def handle_pageBreak(self, slow=None):
        # A page a page break ends (before the turn summary) is a part's last
        # page: render_pdf reads how full it is, as it does the book's last.
        if self.frame is not None and not self.frame._atTop:
            self.part_ends.append(self.used)
        super().handle_pageBreak(slow)

    def afterFlowable(self, flowable):
        # How far down the page the text has come: the last page's share is
        # what render_pdf reads to tell a page of a few lines.
        if self.frame is not None:  # None before the first page begins
            self.used = self.frame._y2 - self.frame._y
        entry = getattr(flowable, "outline", None)
        if entry is None:
            return
        level, text = entry
        key = f"h{self._bookmarks}"
        self._bookmarks += 1
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)

    # Room (points) at a page's foot worth filling with the text after a
    # drawing that would leave it empty by moving on to the next page.
    HOLE = 20 * mm
    # Room past which a drawing rather heads the next page in the next
    # section than leave this much blank at the foot of its own.
    SECTION_HOLE = 40 * mm

    def handle_flowable(self, flowables):
        """Set the next flowable, first letting the text after a drawing come
        before it when the drawing, shrunk as far as it may, does not fit in
        the room left on the page: the page fills, and the drawing heads the
        next page (as a book's figures do; its caption says what it shows).
        Drawings keep their order and pass no page break; a drawing passes
        a section heading only where staying in its section would leave
        more than ``SECTION_HOLE`` blank."""
        first = flowables[0] if flowables else None
        frame = getattr(self, "frame", None)  # none before the first page begins
        if _is_drawing(first) and frame is not None and not frame._atTop:
            # The drawings in a row from here move on together, in order.
            start = 1
            while start < len(flowables) and _is_drawing(flowables[start]):
                start += 1
            # What comes after them, as one: a heading with what it keeps with.
            end = start
            while end < len(flowables) and _keeps_with_next(flowables[end]):
                end += 1
            ahead = flowables[start:end + 1]
            room = frame._y - frame._y1p - first.getSpaceBefore()
            # A drawing stays in its section, unless keeping it there would leave a hole.
            sections = room >= self.SECTION_HOLE
            if ahead and all(_movable(f, sections) for f in ahead) and room >= self.HOLE:
                _, height = first.wrapOn(self.canv, frame._getAvailableWidth(), room)
                if height > room + 1e-6:
                    flowables[0:end + 1] = ahead + flowables[0:start]
        super().handle_flowable(flowables)

    def build_story(self, story, footer: str) -> None:
        maker = type("Canvas", (NumberedCanvas,), {"footer_text": footer})
        self.build(story, canvasmaker=maker)


def _is_drawing(flowable) -> bool:
    from .figures import FigureBlock, PartDrawing

    return isinstance(flowable, (FigureBlock, PartDrawing))


def _keeps_with_next(flowable) -> bool:
    keep = getattr(flowable, "getKeepWithNext", None)  # a Paragraph's comes from its style
    return bool(keep() if keep else getattr(flowable, "keepWithNext", 0))


def _movable(flowable, sections: bool = False) -> bool:
    """What may come before a drawing that moves on: text, tables and
    subheadings, but no other drawing (they keep their order), no page break
    and, unless ``sections``, no section heading (the drawing stays in its
    section)."""
    if flowable is None or _is_drawing(flowable):
        return False
    if isinstance(flowable, (ActionFlowable, PageBreak)):
        return False
    if not sections and getattr(flowable, "outline", (2,))[0] <= 1:  # a "##" heading (or the title)
        return False
    if isinstance(flowable, KeepTogether):
        return all(_movable(f, sections) for f in flowable._content)
    return True
