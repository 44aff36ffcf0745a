"""The kit PDF: every sheet as one page of its real paper size.

Line roles are drawn as print.md asks: cut lines solid and thin, valley
folds dashed, mountain folds dash-dot; glue tabs light grey, waste grey
(hatched in ink-saver mode, which also turns large fills into outlines).
Fonts are the embedded Vera family; ``invariant`` output makes the same
kit byte-identical every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from reportlab.lib.colors import CMYKColor, HexColor, toColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from ..parts.core import (CUT, FIELD_MM2, MOUNTAIN, VALLEY, WASTE, WASTE_GREY, Circle, Fill, Image, Line, Text,
                          polygon_area)
from ..parts.cutlines import layer
from .fonts import register_fonts

MM = 72 / 25.4  # points per millimetre

# Stroke styles of the line roles, in points.
CUT_PT = 0.4
FOLD_PT = 0.5
VALLEY_DASH = (4.0, 2.5)
MOUNTAIN_DASH = (5.0, 1.6, 0.9, 1.6)
LINE_INK = "#000000"
INK_SAVER_OUTLINE_PT = 1.6  # width of the band that replaces a large fill
HATCH_STEP = 3.0  # mm between the lines that mark waste in ink-saver mode


@dataclass(frozen=True)
class Press:
    """How a print shop's PDF differs from a home one: each page is the
    paper plus a slug around it for the crop marks, with a TrimBox (the
    paper) and a BleedBox ``bleed`` mm outside it; colours are CMYK
    (``cmyk``: upper-case hex -> (c, m, y, k), 0-1, from the spec, the rest
    by ``to_cmyk``); large black fills print rich black."""

    bleed: float
    cmyk: dict = field(default_factory=dict)

    @property
    def slug(self) -> float:
        """mm of page outside the trim on each side: bleed, gap, crop mark, a little room."""
        return self.bleed + CROP_GAP + CROP_LENGTH + 2.0


CROP_GAP = 1.0  # mm between the bleed line and a crop mark, so a mark never touches art
CROP_LENGTH = 5.0  # mm
CROP_PT = 0.25
REGISTRATION = (1.0, 1.0, 1.0, 1.0)  # crop marks print on every plate
RICH_BLACK = (0.4, 0.3, 0.3, 1.0)  # for large black fills only: deeper than black ink alone
RICH_BLACK_MM2 = FIELD_MM2  # a black fill at least this large is printed rich; text and lines never are
NEAR_BLACK_K = 0.8  # a colour converted to this much black ink or more is a black (a die's #1A1A1A)


def to_cmyk(hex_code: str) -> tuple:
    """The CMYK of an sRGB colour by the simple conversion with full black
    replacement: K = 1 - max(R, G, B), the rest from what K leaves. Greys
    and black print with black ink alone. A shop's profile will differ a
    little; a spec gives exact values with a colour's ``cmyk``."""
    r, g, b = (int(hex_code.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    k = 1 - max(r, g, b)
    if k >= 1 - 1e-9:
        return (0.0, 0.0, 0.0, 1.0)
    return tuple(round(v, 4) for v in ((1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k))


def ink_load(rgb) -> float:
    """The ink a rendered page prints, as ``to_cmyk`` turns each pixel's
    colour into ink: C+M+Y+K summed over the page, in % of its area (100%:
    one full ink's worth over the whole page). ``rgb``: an RGB image (PIL
    or an array of 0-255)."""
    import numpy as np

    pixels = np.asarray(rgb, dtype=float)[..., :3] / 255
    k = 1 - pixels.max(axis=2)
    rest = np.where(k < 1, 1 - k, 1.0)[..., None]
    cmy = np.where(k[..., None] < 1, (1 - pixels - k[..., None]) / rest, 0.0)
    return float(100 * (cmy.sum(axis=2) + k).mean())


def cmyk_only(cmyk: dict | None = None):
    """A ReportLab ``enforceColorSpace``: every colour a document sets,
    written as CMYK (``cmyk`` values where given, else ``to_cmyk``), for a
    print shop's rulebook as for its kit."""
    table = {k.upper(): v for k, v in (cmyk or {}).items()}

    def enforce(colour):
        value = toColor(colour)
        if isinstance(value, CMYKColor):
            return value
        hex_code = "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in value.rgb()))
        return CMYKColor(*table.get(hex_code, to_cmyk(hex_code)))
    return enforce


def page_boxes(width: float, height: float) -> dict:
    """The page boxes of a home-printed page ``width`` x ``height`` points,
    as keyword arguments of a ReportLab Canvas or DocTemplate.

    Print shops read the TrimBox (the finished page) and the BleedBox (what
    may be printed beyond it), nested in the MediaBox. At home the paper is
    the finished page and nothing bleeds, so both are the whole sheet. No
    ArtBox: PDF/X allows a TrimBox or an ArtBox on a page, not both."""
    paper = (0, 0, width, height)
    return {"trimBox": paper, "bleedBox": paper}


def actual_size(canvas: Canvas) -> None:
    """Ask viewers to print at 100%: "fit to page" would shrink every
    measured piece (PrintScaling None in the document's viewer preferences)."""
    canvas.setViewerPreference("PrintScaling", "None")


def write(sheets, path: Path, title: str, subject: str = "", ink_saver: bool = False,
          author: str = "", press: Press | None = None) -> None:
    """Write all sheets, in order, to one PDF at ``path``; ``title`` and
    ``author`` are the game's (its metadata), ``subject`` says what the file is.
    ``press``: for a print shop (see Press)."""
    fonts = register_fonts()
    first = sheets[0].paper
    slug = press.slug if press else 0.0
    canvas = Canvas(str(path), pagesize=((first.width + 2 * slug) * MM, (first.height + 2 * slug) * MM),
                    invariant=1, pageCompression=1,
                    # else every page names Helvetica, a standard font that is never embedded
                    initialFontName=fonts.regular,
                    # a print shop's file: any RGB colour is an error, not a surprise on press
                    enforceColorSpace="cmyk" if press else None)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    actual_size(canvas)
    canvas.setCreator("printkit")
    canvas.setSubject(subject)
    colour = _press_colour(press) if press else _colour
    for sheet in sheets:
        width, height = sheet.paper.width * MM, sheet.paper.height * MM
        if press:
            s, b = slug * MM, press.bleed * MM
            canvas.setPageSize((width + 2 * s, height + 2 * s))
            canvas.setTrimBox((s, s, s + width, s + height))
            canvas.setBleedBox((s - b, s - b, s + width + b, s + height + b))
            canvas.saveState()
            canvas.translate(s, s)
            draw_items(canvas, sheet.print_items(), fonts, ink_saver, colour)
            canvas.restoreState()
            _crop_marks(canvas, sheet.paper, press)
        else:
            canvas.setPageSize((width, height))
            boxes = page_boxes(width, height)
            canvas.setTrimBox(boxes["trimBox"])
            canvas.setBleedBox(boxes["bleedBox"])
            draw_items(canvas, sheet.print_items(), fonts, ink_saver)
        canvas.showPage()
    canvas.save()


def crop_mark_lines(paper, press: Press) -> list:
    """The crop marks of a press page in page millimetres: two at each corner
    of the trim, continuing its edges, starting CROP_GAP outside the bleed."""
    s = press.slug
    x0, y0, x1, y1 = s, s, s + paper.width, s + paper.height
    near, far = press.bleed + CROP_GAP, press.bleed + CROP_GAP + CROP_LENGTH
    lines = []
    for x, dx in ((x0, -1), (x1, 1)):
        for y, dy in ((y0, -1), (y1, 1)):
            lines.append(((x + dx * near, y), (x + dx * far, y)))  # along the horizontal edge
            lines.append(((x, y + dy * near), (x, y + dy * far)))  # along the vertical edge
    return lines


def _crop_marks(canvas: Canvas, paper, press: Press) -> None:
    canvas.saveState()
    canvas.setStrokeColor(CMYKColor(*REGISTRATION))
    canvas.setLineWidth(CROP_PT)
    path = canvas.beginPath()
    for (ax, ay), (bx, by) in crop_mark_lines(paper, press):
        path.moveTo(ax * MM, ay * MM)
        path.lineTo(bx * MM, by * MM)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _press_colour(press: Press):
    """The pen's colours for a print shop: CMYK (``cmyk_only``), and a colour
    keyed RICH + hex as that black made rich (``rich_cmyk``), unless the
    spec gives its CMYK, which is printed as given."""
    convert = cmyk_only(press.cmyk)
    given = {k.upper() for k in press.cmyk}

    @lru_cache(maxsize=None)
    def colour(key: str) -> CMYKColor:
        if key.startswith(RICH) and key[len(RICH):].upper() not in given:
            return CMYKColor(*rich_cmyk(key[len(RICH):]))
        return convert(key.removeprefix(RICH))
    return colour


RICH = "rich:"  # the key of a black printed rich, before its hex code


def near_black(hex_code: str) -> bool:
    """Whether a colour prints as a black (NEAR_BLACK_K of black ink or more by
    ``to_cmyk``): a large field of it is printed rich, as pure black is."""
    return len(hex_code.lstrip("#")) == 6 and to_cmyk(hex_code)[3] >= NEAR_BLACK_K - 1e-9


def rich_cmyk(hex_code: str) -> tuple:
    """A black field's ink: its own black, over RICH_BLACK's cyan, magenta and
    yellow (a near black stays as light as it is, and as deep as pure black's field)."""
    c, m, y, k = to_cmyk(hex_code)
    return (max(c, RICH_BLACK[0]), max(m, RICH_BLACK[1]), max(y, RICH_BLACK[2]), k)


def draw_items(canvas: Canvas, items, fonts, ink_saver: bool, colour=None) -> None:
    """Draw part items (millimetres) on a ReportLab canvas in points, as the
    kit prints them; the rulebook's figures draw with it too.

    ``fonts`` is ``writers.fonts.register_fonts()``. The canvas's graphics
    state is the same afterwards as before."""
    # Shading first, then art, then the cut and fold lines on top, so no
    # picture ever hides a line the user must cut or fold along (``layer``).
    pen = _Pen(canvas, colour or _colour)
    pen.push()
    # In ink-saver mode a large fill becomes a band along its outline, but not
    # along a fold: beside a dashed fold a solid band would read as a cut.
    folds = [i.points for i in items if ink_saver and isinstance(i, Line) and i.role in (VALLEY, MOUNTAIN)]
    for item in sorted(items, key=layer):  # sorted() is stable: art keeps its order
        if isinstance(item, Fill):
            _fill(pen, item, ink_saver, folds)
        elif isinstance(item, Line):
            _line(pen, item)
        elif isinstance(item, Circle):
            _circle(pen, item)
        elif isinstance(item, Text):
            _text(pen, item, fonts)
        elif isinstance(item, Image):
            _image(pen, item)
        else:
            raise TypeError(f"cannot draw {item!r}")
    pen.pop()


@lru_cache(maxsize=None)
def _colour(hex_code: str) -> HexColor:
    return HexColor(hex_code)


class _Pen:
    """The graphics state this writer has set on a canvas.

    Each item asks for the state it is drawn in and only what differs from
    the item before is written, so a sheet's hundreds of cut lines share one
    colour, width and join instead of each saving, setting and restoring
    them. ``push``/``pop`` wrap a clip or a text's shift in a saved state.

    A canvas starts with PDF's defaults: mitre joins, butt caps, no dash.
    Colours, widths and fonts are always set before use."""

    START = {"join": 0, "cap": 0, "dash": ()}
    SETTERS = {
        "fill": lambda pen, v: pen.canvas.setFillColor(pen.colour(v)),
        "stroke": lambda pen, v: pen.canvas.setStrokeColor(pen.colour(v)),
        "width": lambda pen, v: pen.canvas.setLineWidth(v),
        "join": lambda pen, v: pen.canvas.setLineJoin(v),
        "cap": lambda pen, v: pen.canvas.setLineCap(v),
        "dash": lambda pen, v: pen.canvas.setDash(list(v), 0),
        "font": lambda pen, v: pen.canvas.setFont(*v),
    }

    def __init__(self, canvas: Canvas, colour=None):
        self.canvas = canvas
        self.colour = colour or _colour  # hex -> a ReportLab colour (RGB, or CMYK for a press)
        self.press = self.colour is not _colour  # a print shop's file: large black fields print rich
        self.now = dict(self.START)
        self._saved: list[dict] = []

    def set(self, **want) -> None:
        now = self.now
        for key, value in want.items():
            if key not in now or now[key] != value:
                self.SETTERS[key](self, value)
                now[key] = value

    def push(self) -> None:
        self.canvas.saveState()
        self._saved.append(dict(self.now))

    def pop(self) -> None:
        self.canvas.restoreState()
        self.now = self._saved.pop()


def _path(canvas: Canvas, polygons, close: bool = True):
    path = canvas.beginPath()
    move, line = path.moveTo, path.lineTo
    for points in polygons:
        (x, y), rest = points[0], points[1:]
        move(x * MM, y * MM)
        for x, y in rest:
            line(x * MM, y * MM)
        if close:
            path.close()
    return path


def _fill(pen: _Pen, item: Fill, ink_saver: bool, folds=()) -> None:
    canvas = pen.canvas
    polygons = (item.points,) + tuple(item.holes)
    if ink_saver and item.role == WASTE:
        pen.push()
        _hatch(pen, polygons)
        pen.pop()
    elif ink_saver and item.large:
        # A band just inside the outline: clipped to the shape, so it never
        # spills past a cut line or sits on a fold line along the edge.
        pen.push()
        canvas.clipPath(_path(canvas, polygons), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        pen.set(stroke=item.stroke or item.color, width=2 * max(item.stroke_pt, INK_SAVER_OUTLINE_PT),
                join=1, cap=0, dash=())
        canvas.drawPath(_band_path(canvas, polygons, folds), stroke=1, fill=0)
        pen.pop()
    else:
        stroke = item.stroke is not None
        fill = item.color
        if pen.press and near_black(fill) and \
                (item.rich or polygon_area(item.points) >= RICH_BLACK_MM2):
            fill = RICH + fill  # a press's large black field; text and lines stay black ink alone
        if stroke:
            pen.set(fill=fill, stroke=item.stroke, width=item.stroke_pt, join=0, cap=0, dash=())
        else:
            pen.set(fill=fill)
        canvas.drawPath(_path(canvas, polygons), stroke=int(stroke), fill=1, fillMode=FILL_EVEN_ODD)


def _band_path(canvas: Canvas, polygons, folds):
    """The edges of ``polygons`` as one path, leaving out those on a fold."""
    path = canvas.beginPath()
    for points in polygons:
        ring = list(points) + [points[0]]
        pen_down = False
        for p, q in zip(ring, ring[1:]):
            if any(_on_fold(p, q, fold) for fold in folds):
                pen_down = False
                continue
            if not pen_down:
                path.moveTo(p[0] * MM, p[1] * MM)
            path.lineTo(q[0] * MM, q[1] * MM)
            pen_down = True
    return path


def _on_fold(p, q, fold, eps: float = 0.01) -> bool:
    """Whether the edge p-q lies along a segment of the fold polyline."""
    mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
    for a, b in zip(fold, fold[1:]):
        ax, ay = a
        dx, dy = b[0] - ax, b[1] - ay
        length2 = dx * dx + dy * dy
        if length2 == 0:
            continue
        cross = lambda x, y: abs((x - ax) * dy - (y - ay) * dx) / math.sqrt(length2)  # noqa: E731
        t = ((mid[0] - ax) * dx + (mid[1] - ay) * dy) / length2
        if -1e-6 <= t <= 1 + 1e-6 and cross(*p) < eps and cross(*q) < eps:
            return True
    return False


def _hatch(pen: _Pen, polygons) -> None:
    """Waste in ink-saver mode: sparse diagonal lines instead of a grey fill."""
    canvas = pen.canvas
    canvas.clipPath(_path(canvas, polygons), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    pen.set(stroke=WASTE_GREY, width=0.5, join=0, cap=0, dash=())
    span = (x1 - x0) + (y1 - y0)
    steps = int(math.ceil(span / HATCH_STEP))
    path = canvas.beginPath()
    for k in range(steps + 1):
        # lines x - y = c, from the bottom-left corner across to the top-right
        c = x0 - y1 + k * HATCH_STEP
        path.moveTo((c + y0) * MM, y0 * MM)
        path.lineTo((c + y1) * MM, y1 * MM)
    canvas.drawPath(path, stroke=1, fill=0)


def _line(pen: _Pen, item: Line) -> None:
    if item.role == CUT:
        pen.set(stroke=LINE_INK, width=CUT_PT, join=1, cap=0, dash=())
    elif item.role == VALLEY:
        pen.set(stroke=LINE_INK, width=FOLD_PT, join=1, cap=0, dash=VALLEY_DASH)
    elif item.role == MOUNTAIN:
        pen.set(stroke=LINE_INK, width=FOLD_PT, join=1, cap=0, dash=MOUNTAIN_DASH)
    else:
        pen.set(stroke=item.color, width=item.width_pt if item.width_pt is not None else 0.5,
                join=1, cap=0, dash=tuple(item.dash or ()))
    pen.canvas.drawPath(_path(pen.canvas, (item.points,), close=item.closed), stroke=1, fill=0)


def _circle(pen: _Pen, item: Circle) -> None:
    if item.fill:
        pen.set(fill=item.fill)
    if item.stroke:
        pen.set(stroke=item.stroke, width=item.stroke_pt, join=0, cap=0, dash=())
    pen.canvas.circle(item.center[0] * MM, item.center[1] * MM, item.radius * MM,
                      stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))


def _text(pen: _Pen, item: Text, fonts) -> None:
    canvas = pen.canvas
    pen.set(fill=item.color, font=(fonts.bold if item.bold else fonts.regular, item.size))
    # The canvas is shifted to the anchor and the text set at (0, 0), turned
    # or not, so every text is written the same way.
    pen.push()
    canvas.translate(item.x * MM, item.y * MM)
    if item.angle:
        canvas.rotate(item.angle)
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString,
            "end": canvas.drawRightString}[item.anchor]
    draw(0, 0, item.text)
    pen.pop()


def _image(pen: _Pen, item: Image) -> None:
    """A picture in its box: a raster one as an image (with its transparency),
    a vector one as the drawing it is. Its colours are its own: a print
    shop's file takes a raster picture in CMYK, converted as Pillow does."""
    canvas = pen.canvas
    picture = item.picture
    # The picture's own width and height on the page, before it is turned.
    w, h = (item.w, item.h) if item.angle % 180 == 0 else (item.h, item.w)
    pen.push()
    canvas.translate((item.x + item.w / 2) * MM, (item.y + item.h / 2) * MM)
    if item.angle:
        canvas.rotate(item.angle)
    if picture.kind == "vector":
        from reportlab.graphics import renderPDF

        drawing = _cmyk_drawing(picture, pen.colour) if pen.press else picture.data
        canvas.translate(-w / 2 * MM, -h / 2 * MM)
        canvas.scale(w * MM / drawing.width, h * MM / drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
        # renderPDF sets its own colours and widths: what the pen knew is gone.
        pen.now = dict(_Pen.START)
    else:
        canvas.drawImage(_reader(picture, pen.press), -w / 2 * MM, -h / 2 * MM, w * MM, h * MM,
                         mask="auto" if picture.data.mode == "RGBA" and not pen.press else None)
    pen.pop()


_READERS: dict = {}


def _reader(picture, press: bool):
    """ReportLab's reader of a raster picture, made once per picture (a deck
    repeats its art on many cards; the PDF then holds it once)."""
    from reportlab.lib.utils import ImageReader

    key = (id(picture), press)
    found = _READERS.get(key)
    if found is None or found[0] is not picture:
        image = picture.data
        if press:  # a print shop's file holds no RGB: on white paper, in CMYK
            if image.mode == "RGBA":
                from PIL import Image as PILImage

                image = PILImage.alpha_composite(PILImage.new("RGBA", image.size, "white"), image)
            image = image.convert("CMYK")
        if len(_READERS) > 256:  # a long-lived process builds many kits
            _READERS.clear()
        found = _READERS[key] = (picture, ImageReader(image))
    return found[1]


_CMYK_DRAWINGS: dict = {}


def _cmyk_drawing(picture, colour):
    """A copy of a vector picture's drawing with every colour as the press
    prints it (``colour``: hex -> the press's CMYK), made once per picture:
    a print shop's file holds no RGB, pictures' included."""
    import copy

    from reportlab.lib.colors import Color

    key = (id(picture), id(colour))
    found = _CMYK_DRAWINGS.get(key)
    if found is not None and found[0] is picture:
        return found[1]
    drawing = copy.deepcopy(picture.data)

    def convert(value):
        if isinstance(value, Color) and not isinstance(value, CMYKColor):
            hex_code = "#{:02X}{:02X}{:02X}".format(*(round(v * 255) for v in value.rgb()))
            return colour(hex_code)
        return value

    def walk(node):
        for name in ("fillColor", "strokeColor"):
            if hasattr(node, name):
                setattr(node, name, convert(getattr(node, name)))
        for child in getattr(node, "contents", ()) or ():
            walk(child)

    walk(drawing)
    if len(_CMYK_DRAWINGS) > 256:
        _CMYK_DRAWINGS.clear()
    _CMYK_DRAWINGS[key] = (picture, drawing)
    return drawing
