"""The rulebook's Markdown subset, parsed by markdown-it-py and set with
ReportLab platypus.

Supported: ``#``/``##``/``###`` headings, paragraphs, ``- `` and ``1. ``
lists (nested), ``**bold**``, ``*italic*``, inline code, fenced code
blocks, pipe tables, block quotes and rules. Raw HTML is off: it prints as
text. A paragraph that is only a figure marker (``figures.Figures``)
becomes that figure: the drawing and its caption. The first ``#`` heading
is the title block; the paragraphs right after it (before any other block)
are its credit lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.sax.saxutils import escape, unescape

from markdown_it import MarkdownIt
from markdown_it.tree import SyntaxTreeNode
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus import (CondPageBreak, Flowable, HRFlowable, KeepTogether, ListFlowable,
                                ListItem, PageBreak, Paragraph, Spacer, Table, TableStyle, XPreformatted)

from ..errors import PrintkitError
from ..literal import protect, restore
from ..writers.fonts import register_fonts
from ..writers.pdf import MM
from .figures import CLOSE, MAX_HEIGHT, OPEN, FigureBlock, PartDrawing

# A paragraph that is only this starts a new page (the template's ``new_page()``).
NEW_PAGE = f"{OPEN}new page{CLOSE}"

BODY_SIZE = 10.5  # with the column's MEASURE (pdf.py): 60 to 75 characters a line
LEADING = 14.5
CODE_SIZE = 8.5
LIST_INDENT = 14
KEEP_TABLE_ROWS = 8  # a longer table may split over two pages, its header repeated

GRID = colors.HexColor("#777777")
SHADE = colors.HexColor("#E8E8E8")
CODE_SHADE = colors.HexColor("#F2F2F2")


# Code blocks (move notation, position JSON) line up only in a monospaced
# face; ReportLab ships none, so the rulebook carries DejaVu Sans Mono
# (Bitstream Vera licence, see printkit/fonts/LICENSE).
MONO = "DejaVuSansMono"
MONO_FILE = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSansMono.ttf"


def register_mono() -> str:
    """Register the monospaced face once; return its name."""
    if MONO not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(MONO, str(MONO_FILE)))
    return MONO


def parser() -> MarkdownIt:
    """CommonMark with tables, without raw HTML."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@dataclass
class Styles:
    """Paragraph styles of the rulebook; ink saver drops the large fills.
    ``tight`` scales the space between blocks (1: as designed), to pull a
    last page of a few lines back onto the page before (``rulebook.render_pdf``)."""

    ink_saver: bool = False
    tight: float = 1.0

    def space(self, points: float) -> float:
        """Space between blocks, tightened as this rendering asks."""
        return points * self.tight

    def __post_init__(self):
        self.fonts = fonts = register_fonts()  # names of the embedded TrueType faces
        regular, bold, italic = fonts.regular, fonts.bold, fonts.italic
        body = ParagraphStyle("Body", fontName=regular, fontSize=BODY_SIZE, leading=LEADING,
                              spaceAfter=5)
        self.body = body
        self.title = ParagraphStyle("Title", parent=body, fontName=bold, fontSize=24,
                                    leading=29, alignment=TA_CENTER, spaceBefore=8, spaceAfter=8)
        self.credit = ParagraphStyle("Credit", parent=body, fontName=italic, fontSize=11,
                                     leading=15, alignment=TA_CENTER, spaceAfter=4)
        self.h2 = ParagraphStyle("H2", parent=body, fontName=bold, fontSize=14, leading=18,
                                 spaceBefore=12, spaceAfter=5, keepWithNext=1)
        self.h3 = ParagraphStyle("H3", parent=body, fontName=bold, fontSize=11.5, leading=15,
                                 spaceBefore=8, spaceAfter=3, keepWithNext=1)
        self.cell = ParagraphStyle("Cell", parent=body, fontSize=9, leading=11.5, spaceAfter=0)
        self.head_cell = ParagraphStyle("HeadCell", parent=self.cell, fontName=bold)
        self.mono = register_mono()
        self.code = ParagraphStyle("Code", parent=body, fontName=self.mono, fontSize=CODE_SIZE,
                                   leading=11, leftIndent=6, rightIndent=6,
                                   spaceBefore=6, spaceAfter=11,
                                   borderPadding=(4, 6, 4, 6),
                                   backColor=None if self.ink_saver else CODE_SHADE,
                                   borderColor=colors.HexColor("#BBBBBB"),
                                   borderWidth=0.5 if self.ink_saver else 0)
        self.item = ParagraphStyle("Item", parent=body, spaceAfter=2.5)
        self.quote = ParagraphStyle("Quote", parent=body, fontName=italic, leftIndent=12)
        # A caption's smaller size fits more words in a line: it is indented
        # to keep its lines as short as the body's.
        self.caption = ParagraphStyle("Caption", parent=body, fontName=italic, fontSize=9.5,
                                      leading=12.5, alignment=TA_CENTER, spaceBefore=4,
                                      spaceAfter=10, leftIndent=7 * MM, rightIndent=7 * MM)
        for style in (body, self.title, self.credit, self.h2, self.h3, self.cell, self.head_cell,
                      self.code, self.item, self.quote, self.caption):
            style.spaceBefore, style.spaceAfter = self.space(style.spaceBefore), self.space(style.spaceAfter)


class Renderer:
    """Markdown text -> a list of platypus flowables for a frame of ``width`` points."""

    def __init__(self, width: float, styles: Styles, source: str = "rulebook",
                 figures: dict | None = None, height: float = 650.0, banner=None,
                 figure_width: float | None = None):
        self.width = width
        # A drawing may be wider than the text column (the page between its margins).
        self.figure_width = max(width, figure_width or width)
        self.height = height  # of the text frame: a figure takes at most a part of it
        self.styles = styles
        self.source = source  # named in error messages
        self.figures = figures or {}  # marker -> figures.Figure
        self.banner = banner  # title text -> a flowable set in its place (the kit's title banner)
        self.missing: dict[str, str] = {}  # characters the font lacks -> where first seen
        self._cmap = getFont(styles.fonts.regular).face.charToGlyph
        self._mono_cmap = getFont(styles.mono).face.charToGlyph

    def flowables(self, text: str) -> list:
        root = SyntaxTreeNode(parser().parse(text))
        story: list = []
        children = list(root.children)
        i = 0
        while i < len(children):
            node = children[i]
            if node.type == "heading" and node.tag == "h1":
                title = self.heading(node, self.styles.title, 0, keep_last_words=True)
                if self.banner is not None:
                    drawn = self.banner(title.outline[1])
                    drawn.outline = title.outline  # the PDF outline still starts at the title
                    title = drawn
                block = [title]
                while (i + 1 < len(children) and children[i + 1].type == "paragraph"
                       and self._figure_of(children[i + 1]) is None):
                    i += 1
                    block.append(Paragraph(self.inline(children[i].children[0]),
                                           self.styles.credit))
                block.append(HRFlowable(width="100%", thickness=0.8, color=GRID,
                                        spaceBefore=self.styles.space(6), spaceAfter=self.styles.space(10)))
                story.append(KeepTogether(block))
            else:
                story.extend(self.block(node, self.width))
            i += 1
        story = _keep_with_blocks(story)
        story = self._headings_over_text(story)
        if self.missing:
            shown = "; ".join(f"'{c}' (U+{ord(c):04X}) in \"{where}\""
                              for c, where in self.missing.items())
            raise PrintkitError(f"{self.source}: the rulebook font has no glyph for {shown}; "
                                "use other characters")
        return story

    def _headings_over_text(self, story: list) -> list:
        """A heading (or headings in a row) over a paragraph or a list needs
        room for itself and the text's first lines, not for the whole text:
        its page break asks for that much, and the text may run on to the
        next page. Kept with all of a long paragraph, a heading would leave
        a hole where it stood ("Fights" once moved on with its twelve lines,
        leaving 75 mm blank)."""
        story = list(story)
        for i, here in enumerate(story):
            if not isinstance(here, CondPageBreak):
                continue
            j = i + 1
            while j < len(story) and hasattr(story[j], "outline") and _keeps(story[j]):
                j += 1
            if j == i + 1 or j >= len(story) or not _splittable_text(story[j]):
                continue
            need = 0.0
            for head in story[i + 1:j]:
                need += head.wrap(self.width, 10 ** 6)[1] + head.getSpaceBefore() + head.getSpaceAfter()
                head.keepWithNext = 0
            text = story[j]
            lines = HEADING_KEEPS_LINES * LEADING
            if isinstance(text, Paragraph):  # a list needs a canvas to measure: it asks for the lines
                lines = min(text.wrap(self.width, 10 ** 6)[1], lines)
            need += lines + text.getSpaceBefore()
            story[i] = CondPageBreak(need)
        return story

    # --- blocks ----------------------------------------------------------

    def block(self, node: SyntaxTreeNode, width: float) -> list:
        kind = node.type
        if kind == "heading":
            level = 2 if node.tag == "h2" else 3  # h1 past the title, h4+: set as h3
            style = self.styles.h2 if level == 2 else self.styles.h3
            # a heading never sits alone at a page foot
            return [CondPageBreak(style.leading * 4), self.heading(node, style, level - 1)]
        if kind == "paragraph":
            return self.paragraph(node, self.styles.body, width)
        if kind in ("bullet_list", "ordered_list"):
            return [self.listing(node, width)]
        if kind in ("fence", "code_block"):
            return [self.code(node, width)]
        if kind == "table":
            return [self.table(node, width)]
        if kind == "blockquote":
            inner = []
            for child in node.children:
                if child.type == "paragraph":
                    inner.extend(self.paragraph(child, self.styles.quote, width - 12))
                else:
                    inner.extend(self.block(child, width - 12))
            return inner
        if kind == "hr":
            return [HRFlowable(width="100%", thickness=0.5, color=GRID, spaceBefore=self.styles.space(4),
                               spaceAfter=self.styles.space(8))]
        if kind == "html_block":  # html is off, kept for safety: print as text
            return [Paragraph(self.text(node.content), self.styles.body)]
        return []

    def paragraph(self, node: SyntaxTreeNode, style: ParagraphStyle, width: float) -> list:
        """A paragraph, or the figure whose marker is all it holds, or a page break."""
        if node.children[0].content.strip() == NEW_PAGE:
            return [PageBreak()]
        figure = self._figure_of(node)
        if figure is not None:
            return self.figure(figure, width)
        return [Paragraph(self.inline(node.children[0]), style)]

    def _figure_of(self, node: SyntaxTreeNode):
        """The figure a paragraph stands for (its only text is the marker), or None."""
        return self.figures.get(node.children[0].content.strip())

    def figure(self, figure, width: float) -> list:
        """The drawing, scaled to its share of the width, and its caption below.

        One flowable (FigureBlock), so a heading keeps with it and the
        drawing shrinks into the room left on a page rather than leaving it
        blank. A figure the spec's layout cannot show is its note alone, set
        as a caption."""
        if figure.part is None:
            return [Paragraph(self.inline(self._caption(figure)), self.styles.caption)]
        if width == self.width:  # not inside a list: the drawing may take the page's width
            width = self.figure_width
        if figure.actual and figure.part.width * MM > width + 1e-6:
            raise PrintkitError(f"{figure.where}: figure {figure.name!r} at actual size is "
                                f"{figure.part.width:.0f} mm wide; a figure is {width / MM:.0f} mm at most")
        drawing = PartDrawing(figure.part, width * figure.width, self.height * MAX_HEIGHT,
                              self.styles.fonts, self.styles.ink_saver, actual=figure.actual)
        drawing.spaceBefore = self.styles.space(4)
        if not figure.caption.strip():
            drawing.spaceAfter = self.styles.space(10)
            return [drawing]
        text = Paragraph(self.inline(self._caption(figure)), self.styles.caption)
        return [FigureBlock(drawing, text)]

    @staticmethod
    def _caption(figure) -> SyntaxTreeNode:
        """The inline text of a figure's caption (or note), which must be one paragraph."""
        source = protect(figure.caption) if figure.literal else figure.caption
        caption = SyntaxTreeNode(parser().parse(source)).children
        if len(caption) != 1 or caption[0].type != "paragraph":
            raise PrintkitError(f"{figure.where}: the caption of figure {figure.name!r} "
                                "must be one paragraph of text")
        return caption[0].children[0]

    def listing(self, node: SyntaxTreeNode, width: float) -> ListFlowable:
        ordered = node.type == "ordered_list"
        inner = width - LIST_INDENT
        items = []
        for item in node.children:
            content = []
            for child in item.children:
                if child.type == "paragraph":  # list items sit closer than body text
                    content.extend(self.paragraph(child, self.styles.item, inner))
                else:
                    content.extend(self.block(child, inner))
            items.append(ListItem(content or [Spacer(0, 0)]))
        options = dict(leftIndent=LIST_INDENT, bulletFontName=self.styles.fonts.regular,
                       bulletFontSize=BODY_SIZE, spaceBefore=0, spaceAfter=self.styles.space(5))
        if ordered:
            start = int(node.attrs.get("start", 1))
            return ListFlowable(items, bulletType="1", start=start, bulletFormat="%s.",
                                bulletDedent=LIST_INDENT, **options)
        return ListFlowable(items, bulletType="bullet", start="\u2022",
                            bulletDedent=LIST_INDENT - 4, **options)

    def code(self, node: SyntaxTreeNode, width: float) -> XPreformatted:
        """A fenced block in the monospaced face, hard-wrapped to the frame
        (preformatted text never wraps by itself); it may split across pages."""
        style = self.styles.code
        room = width - style.leftIndent - style.rightIndent - 12
        lines = []
        for line in restore(node.content).rstrip("\n").split("\n"):
            self._check(line, self._mono_cmap)
            line = line.expandtabs(4)
            while stringWidth(line, style.fontName, style.fontSize) > room and len(line) > 1:
                cut = len(line) - 1
                while cut > 1 and stringWidth(line[:cut], style.fontName, style.fontSize) > room:
                    cut -= 1
                lines.append(line[:cut])
                line = "  " + line[cut:]
            lines.append(line)
        return XPreformatted(escape("\n".join(lines)), style)

    def table(self, node: SyntaxTreeNode, width: float):
        rows, header_rows = [], 0
        for section in node.children:  # thead, tbody
            for tr in section.children:
                cells = []
                for cell in tr.children:
                    header = cell.type == "th"
                    cells.append((self.inline(cell.children[0]) if cell.children else "",
                                  header, _align(cell.attrs.get("style", ""))))
                rows.append(cells)
                if section.type == "thead":
                    header_rows += 1
        columns = max(len(r) for r in rows)
        aligns = [TA_LEFT] * columns
        for row in rows:
            for c, (_, _, align) in enumerate(row):
                aligns[c] = align
        widths = self._column_widths(rows, columns, width)
        data = []
        for row in rows:
            line = []
            for c in range(columns):
                markup, header, _ = row[c] if c < len(row) else ("", False, TA_LEFT)
                base = self.styles.head_cell if header else self.styles.cell
                style = ParagraphStyle(f"{base.name}{aligns[c]}", parent=base,
                                       alignment=aligns[c])
                line.append(Paragraph(markup, style))
            data.append(line)
        commands = [
            ("GRID", (0, 0), (-1, -1), 0.5, GRID),
            # the cell font (Helvetica unless told) is set even for Paragraph cells
            ("FONT", (0, 0), (-1, -1), self.styles.fonts.regular, self.styles.cell.fontSize),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ]
        if header_rows and not self.styles.ink_saver:
            commands.append(("BACKGROUND", (0, 0), (-1, header_rows - 1), SHADE))
        table = Table(data, colWidths=widths, repeatRows=header_rows, hAlign="LEFT",
                      style=TableStyle(commands), spaceBefore=self.styles.space(2),
                      spaceAfter=self.styles.space(8))
        # a short table reads badly split over two pages
        return KeepTogether([table]) if len(rows) <= KEEP_TABLE_ROWS else table

    def _column_widths(self, rows, columns, width) -> list[float]:
        """Natural widths from the longest cell text, scaled down to fit the frame."""
        pad = 16  # cell padding is 6 + 6; the rest keeps Paragraph from wrapping
        natural = [24.0] * columns
        for row in rows:
            for c, (markup, header, _) in enumerate(row):
                font = self.styles.fonts.bold if header else self.styles.fonts.regular
                plain = _plain(markup)
                natural[c] = max(natural[c], stringWidth(plain, font, self.styles.cell.fontSize) + pad)
        total = sum(natural)
        if total <= width:
            return natural
        # shrink the wide columns first: every column keeps at least its share
        floor = width / columns * 0.5
        flexible = sum(max(0.0, w - floor) for w in natural)
        excess = total - width
        return [w - (max(0.0, w - floor) / flexible) * excess if flexible else width / columns
                for w in natural]

    # --- inline ----------------------------------------------------------

    def inline(self, node: SyntaxTreeNode) -> str:
        """Inline children -> ReportLab paragraph markup (text escaped)."""
        out = []
        for child in node.children:
            kind = child.type
            if kind == "text":
                out.append(self.text(child.content))
            elif kind == "softbreak":
                out.append(" ")
            elif kind == "hardbreak":
                out.append("<br/>")
            elif kind == "strong":
                out.append(f"<b>{self.inline(child)}</b>")
            elif kind == "em":
                out.append(f"<i>{self.inline(child)}</i>")
            elif kind == "s":
                out.append(f"<strike>{self.inline(child)}</strike>")
            elif kind == "code_inline":
                back = "" if self.styles.ink_saver else f' backColor="{CODE_SHADE.hexval()}"'
                content = restore(child.content)
                self._check(content, self._mono_cmap)
                out.append(f'<font face="{self.styles.mono}"{back}>{escape(content)}</font>')
            elif kind == "link":
                out.append(f"<u>{self.inline(child)}</u>")
            elif kind == "image":
                out.append(f"<i>[{self.text(child.attrs.get('alt', '') or '')}]</i>")
            elif kind == "html_inline":
                out.append(self.text(child.content))
            elif child.children:
                out.append(self.inline(child))
        return "".join(out)

    def text(self, content: str) -> str:
        """Plain text as paragraph markup, its characters checked against the font."""
        content = restore(content)
        self._check(content)
        return escape(content)

    def _check(self, content: str, cmap=None) -> None:
        if OPEN in content:  # a figure's marker inside other text, a code block or a table
            found = [f for m, f in self.figures.items() if m in content]
            named = f"{found[0].where}: figure {found[0].name!r}" if found else f"{self.source}: a figure"
            raise PrintkitError(f"{named} must stand on a line of its own, between blank lines "
                                "(not in a code block, a table or a sentence)")
        cmap = self._cmap if cmap is None else cmap
        for i, ch in enumerate(content):
            if ord(ch) not in cmap and ch not in "\n\t" and ch not in self.missing:
                self.missing[ch] = content[max(0, i - 20):i + 20].strip()

    def heading(self, node: SyntaxTreeNode, style: ParagraphStyle, level: int,
                keep_last_words: bool = False) -> Paragraph:
        """A heading paragraph that also carries its PDF outline entry (0 = title).
        ``keep_last_words``: the last two words never part, so a title that
        wraps never ends on a line of one word ("Game" alone)."""
        markup = outline = self.inline(node)
        if keep_last_words and " " in markup and ">" not in markup.rsplit(" ", 1)[1]:
            head, last = markup.rsplit(" ", 1)
            markup = f"{head}\u00a0{last}"
        paragraph = Paragraph(markup, style)
        paragraph.outline = (level, _plain(outline))
        return paragraph


class Centred(Flowable):
    """A flowable centred on the frame and taking its width, though it may be
    wider than the frame: the title banner spans the page between its
    margins, wider than the text column."""

    def __init__(self, inner):
        super().__init__()
        self.inner = inner

    def wrap(self, available_width, available_height):
        self.width = available_width
        self.inner_size = self.inner.wrap(available_width, available_height)
        self.height = self.inner_size[1]
        return self.width, self.height

    def draw(self):
        self.inner.drawOn(self.canv, (self.width - self.inner_size[0]) / 2, 0)


HEADING_KEEPS_LINES = 4  # a heading never stands over fewer lines of its text on its page


def _splittable_text(flowable) -> bool:
    """A paragraph or a list, which may run on to the next page (not a heading)."""
    return (isinstance(flowable, (Paragraph, ListFlowable)) and not hasattr(flowable, "outline")
            and not isinstance(flowable, (FigureBlock, PartDrawing)))


def _keeps(flowable) -> bool:
    keep = getattr(flowable, "getKeepWithNext", None)  # a Paragraph's comes from its style
    return bool(keep() if keep else getattr(flowable, "keepWithNext", 0))


def _keep_with_blocks(story: list) -> list:
    """Join a heading (keepWithNext) to the KeepTogether after it (a short
    table): platypus keeps a heading only with a plain flowable, so without
    this a heading could end a page with its table on the next. A single
    short paragraph between a heading and its table goes with them ("The
    Sliders", a sentence, then the Sliders' tables)."""
    # A heading right under a heading keeps with it: no page break between
    # them ("Move notation and positions" once ended a page, "Moves" under it
    # on the next).
    story = [f for i, f in enumerate(story)
             if not (isinstance(f, CondPageBreak) and i and hasattr(story[i - 1], "outline")
                     and _keeps(story[i - 1]))]
    for i in range(len(story) - 2):
        heading, text, block = story[i], story[i + 1], story[i + 2]
        if (hasattr(heading, "outline") and _keeps(heading) and isinstance(text, Paragraph)
                and not hasattr(text, "outline") and isinstance(block, KeepTogether)
                and len(_plain(text.text)) < 300):
            text.keepWithNext = 1
    for i in range(len(story) - 2, -1, -1):
        here, after = story[i], story[i + 1]
        if _keeps(here) and isinstance(after, KeepTogether):
            story[i:i + 2] = [KeepTogether([here] + list(after._content))]
    return story


def _align(style: str) -> int:
    if "right" in style:
        return TA_RIGHT
    if "center" in style:
        return TA_CENTER
    return TA_LEFT


def _plain(markup: str) -> str:
    """Paragraph markup -> its text, for measuring and for the PDF outline."""
    return unescape(re.sub(r"<[^>]+>", "", markup))
