"""The kit PDF: every sheet as one page of its real paper size.

Line roles are drawn as print.md asks: cut lines solid and thin, valley
folds dashed, mountain folds dash-dot; glue tabs light grey, waste grey
(hatched in ink-saver mode, which also turns large fills into outlines).
Fonts are the embedded Vera family; ``invariant`` output makes the same
kit byte-identical every time.
"""

from __future__ import annotations

import math
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from ..parts.core import CUT, GLUE, MOUNTAIN, VALLEY, WASTE, WASTE_GREY, Circle, Fill, Line, Text
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


def write(sheets, path: Path, title: str, subject: str = "", ink_saver: bool = False) -> None:
    """Write all sheets, in order, to one PDF at ``path``."""
    fonts = register_fonts()
    first = sheets[0].paper
    canvas = Canvas(str(path), pagesize=(first.width * MM, first.height * MM),
                    invariant=1, pageCompression=1,
                    # else every page names Helvetica, a standard font that is never embedded
                    initialFontName=fonts.regular)
    canvas.setTitle(title)
    canvas.setAuthor("printkit")
    canvas.setCreator("printkit")
    canvas.setSubject(subject)
    for sheet in sheets:
        canvas.setPageSize((sheet.paper.width * MM, sheet.paper.height * MM))
        draw_items(canvas, sheet.print_items(), fonts, ink_saver)
        canvas.showPage()
    canvas.save()


def draw_items(canvas: Canvas, items, fonts, ink_saver: bool) -> None:
    """Draw part items (millimetres) on a ReportLab canvas in points, as the
    kit prints them; the rulebook's figures draw with it too.

    ``fonts`` is ``writers.fonts.register_fonts()``."""
    # Shading first, then art, then the cut and fold lines on top, so no
    # picture ever hides a line the user must cut or fold along.
    def layer(item) -> int:
        if isinstance(item, Fill) and item.role in (WASTE, GLUE):
            return 0
        if isinstance(item, Line) and item.role in (CUT, VALLEY, MOUNTAIN):
            return 2
        return 1

    for item in sorted(items, key=layer):  # sorted() is stable: art keeps its order
        if isinstance(item, Fill):
            _fill(canvas, item, ink_saver)
        elif isinstance(item, Line):
            _line(canvas, item)
        elif isinstance(item, Circle):
            _circle(canvas, item)
        elif isinstance(item, Text):
            _text(canvas, item, fonts)
        else:
            raise TypeError(f"cannot draw {item!r}")


def _path(canvas: Canvas, polygons, close: bool = True):
    path = canvas.beginPath()
    for points in polygons:
        (x, y), rest = points[0], points[1:]
        path.moveTo(x * MM, y * MM)
        for x, y in rest:
            path.lineTo(x * MM, y * MM)
        if close:
            path.close()
    return path


def _fill(canvas: Canvas, item: Fill, ink_saver: bool) -> None:
    polygons = (item.points,) + tuple(item.holes)
    canvas.saveState()
    if ink_saver and item.role == WASTE:
        _hatch(canvas, polygons)
    elif ink_saver and item.large:
        # A band just inside the outline: clipped to the shape, so it never
        # spills past a cut line or sits on a fold line along the edge.
        canvas.clipPath(_path(canvas, polygons), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
        canvas.setStrokeColor(HexColor(item.stroke or item.color))
        canvas.setLineWidth(2 * max(item.stroke_pt, INK_SAVER_OUTLINE_PT))
        canvas.setLineJoin(1)
        canvas.drawPath(_path(canvas, polygons), stroke=1, fill=0)
    else:
        canvas.setFillColor(HexColor(item.color))
        stroke = item.stroke is not None
        if stroke:
            canvas.setStrokeColor(HexColor(item.stroke))
            canvas.setLineWidth(item.stroke_pt)
        canvas.drawPath(_path(canvas, polygons), stroke=int(stroke), fill=1, fillMode=FILL_EVEN_ODD)
    canvas.restoreState()


def _hatch(canvas: Canvas, polygons) -> None:
    """Waste in ink-saver mode: sparse diagonal lines instead of a grey fill."""
    canvas.clipPath(_path(canvas, polygons), stroke=0, fill=0, fillMode=FILL_EVEN_ODD)
    xs = [x for poly in polygons for x, _ in poly]
    ys = [y for poly in polygons for _, y in poly]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    canvas.setStrokeColor(HexColor(WASTE_GREY))
    canvas.setLineWidth(0.5)
    span = (x1 - x0) + (y1 - y0)
    steps = int(math.ceil(span / HATCH_STEP))
    path = canvas.beginPath()
    for k in range(steps + 1):
        # lines x - y = c, from the bottom-left corner across to the top-right
        c = x0 - y1 + k * HATCH_STEP
        path.moveTo((c + y0) * MM, y0 * MM)
        path.lineTo((c + y1) * MM, y1 * MM)
    canvas.drawPath(path, stroke=1, fill=0)


def _line(canvas: Canvas, item: Line) -> None:
    canvas.saveState()
    canvas.setLineJoin(1)
    canvas.setLineCap(0)
    if item.role == CUT:
        canvas.setStrokeColor(HexColor(LINE_INK))
        canvas.setLineWidth(CUT_PT)
    elif item.role == VALLEY:
        canvas.setStrokeColor(HexColor(LINE_INK))
        canvas.setLineWidth(FOLD_PT)
        canvas.setDash(list(VALLEY_DASH), 0)
    elif item.role == MOUNTAIN:
        canvas.setStrokeColor(HexColor(LINE_INK))
        canvas.setLineWidth(FOLD_PT)
        canvas.setDash(list(MOUNTAIN_DASH), 0)
    else:
        canvas.setStrokeColor(HexColor(item.color))
        canvas.setLineWidth(item.width_pt if item.width_pt is not None else 0.5)
        if item.dash:
            canvas.setDash(list(item.dash), 0)
    canvas.drawPath(_path(canvas, (item.points,), close=item.closed), stroke=1, fill=0)
    canvas.restoreState()


def _circle(canvas: Canvas, item: Circle) -> None:
    canvas.saveState()
    if item.fill:
        canvas.setFillColor(HexColor(item.fill))
    if item.stroke:
        canvas.setStrokeColor(HexColor(item.stroke))
        canvas.setLineWidth(item.stroke_pt)
    canvas.circle(item.center[0] * MM, item.center[1] * MM, item.radius * MM,
                  stroke=int(bool(item.stroke)), fill=int(bool(item.fill)))
    canvas.restoreState()


def _text(canvas: Canvas, item: Text, fonts) -> None:
    canvas.saveState()
    canvas.setFillColor(HexColor(item.color))
    canvas.setFont(fonts.bold if item.bold else fonts.regular, item.size)
    canvas.translate(item.x * MM, item.y * MM)
    if item.angle:
        canvas.rotate(item.angle)
    draw = {"start": canvas.drawString, "middle": canvas.drawCentredString,
            "end": canvas.drawRightString}[item.anchor]
    draw(0, 0, item.text)
    canvas.restoreState()

