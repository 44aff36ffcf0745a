"""Figures: drawings in the rulebook made from the kit's own parts.

A template asks for one by name, on a line of its own::

    {{ figure("board") }}
    {{ figure("shapes", "The three shapes, in Black and in White", width=0.8) }}
    {{ figure("piece", actual_size=True) }}

The figures a game offers come from its part generator module, so a new
game adds figures without touching the rulebook::

    # printkit/games/<game>/parts.py
    def figures(spec, options) -> dict[str, Part]: ...

Each is a :class:`printkit.parts.core.Part` (millimetres, y up), drawn by the
very code that draws the kit's sheets (``writers.pdf.draw_items``), scaled
to ``width`` (a fraction of the figure width, 1 by default: the page between
its margins, wider than the text column) but never taller
than ``MAX_HEIGHT`` of the text frame. Under it sits the caption: the one the
template gives, else the part's ``meta["caption"]`` (a generator that plays
an engine position can say what came of it there; Markdown of its own, the
spec texts in it put in with ``literal.as_written``). A figure's title belongs
there, not in the drawing: words drawn in a part shrink with it (a diagram
at 0.42 of the width prints a 6.5 pt title at 4.5 pt), the caption does not.
A word a figure does draw must print at ``LEAST_WORD_PT`` or more at the
width its template gives it: a game draws its rulebook parts' words large
enough, or leaves out those that would carry nothing at that size; a figure
never shrinks into the room left on a page past that size.

A figure plays a position on the spec's own board with the spec's own
values; where a layout cannot show it (a board too small for the move, a
game that ends at its cap before the phase it shows), the game offers a
short note in its place, a ``str`` instead of a Part (Markdown of the
game's own, as a part's caption): the rulebook prints the note where the
drawing would stand, so a rulebook never shows, nor stops on, a position
the spec cannot reach.

A figure asked for at ``actual_size`` prints at 1:1 (a millimetre of the
part is a millimetre on paper), never scaled nor shrunk, so a reader can
hold a piece of the kit against it: one wider than the text frame is a
PrintkitError naming the template line.

``figure()`` leaves a marker paragraph in the Markdown; the Markdown
renderer (``markdown.Renderer``) turns it into the drawing. An unknown name
or a marker that does not stand in a paragraph of its own is a
PrintkitError naming the template file and line.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from reportlab.platypus import Flowable

from ..errors import PrintkitError
from ..spec import display_path
from ..parts.core import Text
from ..parts.cutlines import cut_guides
from ..writers.pdf import MM, draw_items

# Marker characters from Unicode's private use area: they never occur in
# spec text, and the font check would catch one that leaked into print.
OPEN, CLOSE = "\ue000", "\ue001"
MAX_HEIGHT = 0.62  # of the text frame's height: a figure leaves room for its words
LEAST_WIDTH = 0.05  # of the figure width: a tall, narrow drawing (a standing piece) needs little
LEAST_WORD_PT = 6.0  # points: a word inside a drawing, as printed, is never smaller


@dataclass(frozen=True)
class Figure:
    """One figure a template asked for: which, drawn from what, and where it was asked."""

    number: int  # in the order the template asks for them
    name: str
    part: object  # a printkit.parts.core.Part; None for a figure left out (its note is the caption)
    caption: str
    width: float  # fraction of the figure width (the page between its margins)
    where: str  # "template:line", for error messages
    literal: bool = False  # the template's caption: its words print as written, never as Markdown
    actual: bool = False  # drawn at 1:1, whatever its width

    @property
    def marker(self) -> str:
        return f"{OPEN}figure {self.number}{CLOSE}"


class Figures:
    """The ``figure`` function of one rendering: looks names up in the game's
    ``figures(spec, options)`` (once, on first use) and remembers every
    figure asked for, in order."""

    def __init__(self, spec, options):
        self.spec = spec
        self.options = options
        self.asked: list[Figure] = []
        self._offered: dict | None = None

    def offered(self) -> dict:
        if self._offered is None:
            from .. import games

            try:
                module = games.stage(self.spec.game, "parts")
            except PrintkitError:  # a game without a part generator offers nothing
                module = None
            offer = getattr(module, "figures", None)
            self._offered = dict(offer(self.spec, self.options)) if offer else {}
            # The game's worked examples (its book stage) join the parts' figures.
            book = games.optional_stage(self.spec.game, "book")
            if book is not None:
                self._offered.update(book.figures(self.spec, self.options))
        return self._offered

    def __call__(self, name, caption: str | None = None, width: float = 1.0, actual_size: bool = False) -> str:
        where = calling_template()
        offered = self.offered()
        if name not in offered:
            names = ", ".join(sorted(offered)) or "none"
            raise PrintkitError(f"{where}: unknown figure {name!r}; {self.spec.game} offers: {names}")
        if not isinstance(width, (int, float)) or not LEAST_WIDTH <= width <= 1:
            raise PrintkitError(f"{where}: figure {name!r}: width {width!r} must be a fraction of the "
                                f"figure width from {LEAST_WIDTH} to 1")
        part = offered[name]
        if isinstance(part, str):  # left out on this layout: the game's note, whatever caption was asked
            figure = Figure(len(self.asked) + 1, str(name), None, part, float(width), where)
            self.asked.append(figure)
            return f"\n\n{figure.marker}\n\n"
        # The parts' own caption may set words in bold (the spec texts in it
        # are protected by the game: literal.as_written); the template's, with
        # colour names and other spec texts in it, prints as written (literal).
        literal = caption is not None
        if caption is None:
            caption = part.meta.get("caption", "")
        figure = Figure(len(self.asked) + 1, str(name), part, str(caption), float(width), where, literal,
                        bool(actual_size))
        self.asked.append(figure)
        # Blank lines around: the marker is a paragraph of its own.
        return f"\n\n{figure.marker}\n\n"

    def by_marker(self) -> dict:
        return {f.marker: f for f in self.asked}


def calling_template() -> str:
    """"file:line" of the template line that is calling, found from the stack:
    Jinja's compiled templates carry their template in their globals."""
    frame = sys._getframe(1)
    while frame is not None:
        template = frame.f_globals.get("__jinja_template__")
        if template is not None:
            line = template.get_corresponding_lineno(frame.f_lineno)
            name = template.filename or template.name or "template"
            return f"{display_path(Path(name)) if template.filename else name}:{line}"
        frame = frame.f_back
    return "template"


class PartDrawing(Flowable):
    """A Part drawn at ``scale`` (points per point of the part at full size),
    centred in the frame, with the kit writer's own drawing code."""

    def __init__(self, part, width: float, max_height: float, fonts, ink_saver: bool, actual: bool = False):
        super().__init__()
        natural_w, natural_h = part.width * MM, part.height * MM
        self.part = part
        self.scale = 1.0 if actual else min(width / natural_w, max_height / natural_h)
        self.width = natural_w * self.scale
        self.height = natural_h * self.scale
        self.fonts = fonts
        self.ink_saver = ink_saver
        self.hAlign = "CENTER"
        # The least share of its size the drawing may shrink to: never so far
        # that a word in it prints below LEAST_WORD_PT.
        smallest = min((item.size for item in part.items if isinstance(item, Text)), default=None)
        self.least = self.SHRINK if smallest is None else max(self.SHRINK, LEAST_WORD_PT / (smallest * self.scale))
        if actual:
            self.least = 1.0  # moves on whole rather than print at another size

    # A figure that would leave most of a page blank by moving on shrinks to
    # the room left instead, down to this share of its size (less when the
    # words in it would print too small: then it moves on whole).
    SHRINK = 0.7

    def wrap(self, available_width, available_height):
        self.factor = 1.0
        if self.height > available_height >= self.height * self.least:
            self.factor = available_height / self.height
        return self.width * self.factor, self.height * self.factor

    def draw(self):
        canvas = self.canv
        canvas.saveState()
        scale = self.scale * getattr(self, "factor", 1.0)  # as the last wrap sized it
        canvas.scale(scale, scale)
        # As the sheets print it: cut lines light where they cross dark fields.
        draw_items(canvas, self.part.items + cut_guides(self.part.items, self.ink_saver), self.fonts, self.ink_saver)
        canvas.restoreState()


class FigureBlock(Flowable):
    """A drawing and its caption as one flowable, so the frame offers it the
    room really left on the page (platypus measures a keep-together group
    against unlimited height) and the drawing can shrink into it."""

    GAP = 3  # points between drawing and caption

    def __init__(self, drawing: PartDrawing, caption):
        super().__init__()
        self.drawing, self.caption = drawing, caption
        self.spaceBefore = drawing.spaceBefore

    def wrap(self, available_width, available_height):
        self.width = available_width
        _, self.caption_height = self.caption.wrap(available_width, 10 ** 6)
        below = self.caption_height + self.GAP
        self.drawn = self.drawing.wrap(available_width, available_height - below)
        self.height = self.drawn[1] + below
        return self.width, self.height

    def getSpaceAfter(self):
        return self.caption.getSpaceAfter()

    def draw(self):
        self.caption.drawOn(self.canv, 0, 0)
        x = (self.width - self.drawn[0]) / 2
        self.drawing.drawOn(self.canv, x, self.caption_height + self.GAP)
