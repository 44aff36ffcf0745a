"""The balance report as a PDF: win rate by seat, game lengths, the skill ladder.

The charts are ReportLab's own (``reportlab.graphics.charts``): bar charts
with value axes, grid lines, legends and axis titles; the heatmaps over the
board are drawn cell by cell, each beside a colour scale on a value axis.
Text uses the fonts every printkit PDF embeds. The file is written to a
temporary file beside the target and renamed, so a failed run leaves an
earlier report intact.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.axes import YValueAxis
from reportlab.graphics.charts.barcharts import VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.textlabels import Label
from reportlab.graphics.shapes import Drawing, Group, Line, Polygon, Rect, String, UserNode
from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..errors import PrintkitError
from ..kitfolder import make_folder, remove_made
from ..writers.atomic import replacing
from ..writers.fonts import register_fonts
from ..writers.pdf import actual_size

INK = HexColor("#222222")
BAR = HexColor("#4C78A8")
FAIR = HexColor("#D62728")
GRID = HexColor("#CCCCCC")
WIDTH, HEIGHT = letter[0] / mm, letter[1] / mm
MARGIN = 18


def prepare(path: str) -> Path:
    """The report's path; a clear error, before any game is played, when it
    cannot be written there. Its missing folders are made only when the
    report is written (``write_report``): a run stopped before then leaves
    no empty folder behind."""
    target = Path(path)
    try:
        folder = target.is_dir()
        existing = target.parent
        while not os.path.lexists(existing) and existing.parent != existing:
            existing = existing.parent
        usable = existing.is_dir()
    except OSError as exc:  # a name too long for the file system, a folder that cannot be searched
        raise PrintkitError(f"{path}: cannot write the report there: {exc.strerror}") from None
    if folder:
        raise PrintkitError(f"{path}: is a folder; give the report a file name, such as {target / 'balance.pdf'}")
    if not usable:
        raise PrintkitError(f"{path}: a part of its folder is a file, not a folder")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise PrintkitError(f"{path}: its folder cannot be written to")
    return target


def write_report(path: str, summary: dict, game) -> None:
    """Write the report of ``summary`` (what ``balance.run`` returns) to ``path``;
    heatmaps over the board when the game describes its board (its
    evaluation module's ``board(game)``). The folders it makes for the
    report are taken back if the report cannot be written."""
    target = prepare(path)
    made: list[Path] = []
    try:
        try:
            make_folder(target.parent, made)
        except (FileExistsError, NotADirectoryError):
            raise PrintkitError(f"{path}: a part of its folder is a file, not a folder") from None
        except OSError as exc:
            raise PrintkitError(f"{path}: cannot make its folder: {exc.strerror}") from None
        try:
            with replacing(target) as temporary:
                _draw(str(temporary), summary, _board(game))
        except OSError as exc:
            raise PrintkitError(f"{path}: cannot write the report: {exc.strerror}") from None
    except BaseException:
        remove_made(made)
        raise


def _board(game) -> dict | None:
    from .. import games

    module = games.optional_stage(game.spec.game, "evaluation")
    return module.board(game) if module is not None and hasattr(module, "board") else None


def _draw(path: str, s: dict, board: dict | None) -> None:
    fonts = register_fonts()
    canvas = Canvas(path, pagesize=letter, invariant=1, pageCompression=1, initialFontName=fonts.regular)
    canvas.setTitle(f"{s['game']}: balance report")
    canvas.setAuthor("printkit")
    actual_size(canvas)
    canvas.setCreator("printkit")
    page = _Page(canvas, fonts)
    y = HEIGHT - MARGIN
    page.text(MARGIN, y, f"Balance of {s['game']}", 16, bold=True)
    y -= 6
    page.text(MARGIN, y, s["spec"], 8)
    y -= 5
    games = s["games_per_agent"]
    page.text(MARGIN, y, f"{s['num_players']} players, {games} game{'s' * (games != 1)} per agent"
                         f"{' and per ladder step' if s['ladder'] else ''}, seed {s['seed']}"
                         + "".join(f", {k} {v}" for k, v in sorted(s["options"].items()) if k != "players"), 9)
    y -= 10
    y = _ladder(page, s, y)
    for agent, m in s["agents"].items():
        if y < AGENT_HEIGHT + MARGIN:
            canvas.showPage()
            y = HEIGHT - MARGIN
        y = _agent(page, agent, m, y)
    if board and s.get("heat"):
        for agent, maps in s["heat"].items():
            _heat_page(page, s, agent, maps, board)
    canvas.showPage()
    canvas.save()


class _Page:
    """Text in millimetres on the canvas, and ReportLab drawings placed on it."""

    def __init__(self, canvas: Canvas, fonts):
        self.canvas, self.fonts = canvas, fonts

    def text(self, x, y, text, size, bold=False, colour=INK):
        self.canvas.setFillColor(colour)
        self.canvas.setFont(self.fonts.bold if bold else self.fonts.regular, size)
        self.canvas.drawString(x * mm, y * mm, text)

    def place(self, drawing: Drawing, x: float, y: float) -> None:
        """``drawing`` with its lower left corner at (x, y) mm."""
        renderPDF.draw(drawing, self.canvas, x * mm, y * mm)


def _style_axis_labels(labels, font: str, size: float) -> None:
    labels.fontName, labels.fontSize, labels.fillColor = font, size, INK


def _axis_title(text: str, x: float, y: float, font: str, size: float = 7, angle: float = 0) -> Label:
    """An axis title at (x, y) points, centred there (turned for a vertical axis)."""
    label = Label()
    label.setOrigin(x, y)
    label.setText(text)
    label.angle = angle
    label.boxAnchor = "c"
    label.fontName, label.fontSize, label.fillColor = font, size, INK
    return label


def bar_labels(labels: list, room: float, font: str) -> tuple[list, float]:
    """The bars' labels as lines within ``room`` points each, and their size:
    one line each if all fit, else every parenthesis on a second line
    ("Vermilion" over "(seat 0)"), smaller only if a line is still too wide
    (four seats' names side by side would run into each other)."""
    size = 7.0
    lines = [[label] for label in labels]
    if any(stringWidth(label, font, size) > room for label in labels):
        lines = [label.split(" (", 1) for label in labels]
        lines = [[first, "(" + rest[0]] if rest else [first] for first, *rest in lines]
    widest = max((stringWidth(line, font, size) for group in lines for line in group), default=0)
    if widest > room:
        size = max(4.5, size * room / widest)
    return lines, size


def rate_chart(bars: list, fair: float | None, width: float, height: float, font: str,
               value_title: str) -> Drawing:
    """A bar chart of rates in [0, 1] (``bars``: (label, rate, low, high)),
    each bar with its 95% interval as a whisker, a percentage axis with grid
    lines, the fair share as a line, and a legend; ``width`` and ``height``
    in millimetres."""
    drawing = Drawing(width * mm, height * mm)
    chart = VerticalBarChart()
    chart.x, chart.y = 14 * mm, 20 * mm
    chart.width, chart.height = width * mm - chart.x - 2 * mm, height * mm - chart.y - 3 * mm
    chart.data = [[rate or 0.0 for _, rate, _, _ in bars]]
    chart.bars[0].fillColor, chart.bars[0].strokeColor = BAR, None
    chart.barSpacing, chart.groupSpacing = 0, 0.8 * chart.width / max(1, len(bars)) / 2
    axis = chart.valueAxis
    axis.valueMin, axis.valueMax, axis.valueStep = 0, 1, 0.25
    axis.labelTextFormat = lambda v: f"{v:.0%}"
    axis.visibleGrid, axis.gridStrokeColor, axis.gridStrokeWidth = 1, GRID, 0.4
    axis.strokeColor = INK
    _style_axis_labels(axis.labels, font, 6.5)
    room = chart.width / max(1, len(bars)) * 0.95
    lines, size = bar_labels([label for label, *_ in bars], room, font)
    chart.categoryAxis.categoryNames = ["\n".join(group) for group in lines]
    _style_axis_labels(chart.categoryAxis.labels, font, size)
    chart.categoryAxis.labels.boxAnchor, chart.categoryAxis.labels.dy = "n", -2
    chart.categoryAxis.labels.textAnchor = "middle"
    chart.categoryAxis.labels.leading = size * 1.15
    chart.categoryAxis.strokeColor = INK
    chart.draw()  # laid out now, so its axes can place the whiskers and the fair share
    drawing.add(chart)
    for i, (_, rate, low, high) in enumerate(bars):
        if rate is None:
            continue
        mid = chart.categoryAxis.midScale(i)
        bottom, top = axis.scale(low), axis.scale(high)
        drawing.add(Line(mid, bottom, mid, top, strokeColor=INK, strokeWidth=1))
        for end in (bottom, top):
            drawing.add(Line(mid - 5, end, mid + 5, end, strokeColor=INK, strokeWidth=1))
    legend = [(BAR, "share"), (INK, "95% interval (whisker)")]
    if fair is not None:
        at = axis.scale(fair)
        drawing.add(Line(chart.x, at, chart.x + chart.width, at, strokeColor=FAIR, strokeWidth=1,
                         strokeDashArray=[3, 2]))
        legend.append((FAIR, "fair share"))
    drawing.add(_axis_title(value_title, 3 * mm, chart.y + chart.height / 2, font, angle=90))
    drawing.add(_legend(legend, chart.x, 3 * mm, font))
    return drawing


def _legend(pairs: list, x: float, y: float, font: str) -> Legend:
    legend = Legend()
    legend.x, legend.y = x, y
    legend.alignment = "right"
    legend.boxAnchor = "sw"
    legend.columnMaximum = 1
    legend.colorNamePairs = pairs
    legend.fontName, legend.fontSize, legend.fillColor = font, 6.5, INK
    legend.dx, legend.dy, legend.dxTextSpace = 7, 5, 3
    legend.deltax = max(stringWidth(name, font, 6.5) for _, name in pairs) + 18
    legend.strokeColor = None
    return legend


def length_chart(bins: list, unit: str, width: float, height: float, font: str) -> Drawing:
    """The game lengths as a histogram: one bar per bin (``bins``: (low,
    high, count)), the bins' ranges on the category axis, games on the value
    axis; ``width`` and ``height`` in millimetres."""
    drawing = Drawing(width * mm, height * mm)
    chart = VerticalBarChart()
    chart.x, chart.y = 13 * mm, 17 * mm
    chart.width, chart.height = width * mm - chart.x - 2 * mm, height * mm - chart.y - 3 * mm
    chart.data = [[count for _, _, count in bins]]
    chart.bars[0].fillColor, chart.bars[0].strokeColor = BAR, None
    chart.barSpacing, chart.groupSpacing = 0, 1.5
    most = max(count for _, _, count in bins) or 1
    axis = chart.valueAxis
    axis.valueMin, axis.valueMax = 0, most
    axis.valueStep = max(1, math.ceil(most / 4))
    axis.valueMax = axis.valueStep * math.ceil(most / axis.valueStep)
    axis.labelTextFormat = "%d"
    axis.visibleGrid, axis.gridStrokeColor, axis.gridStrokeWidth = 1, GRID, 0.4
    axis.strokeColor = INK
    _style_axis_labels(axis.labels, font, 6.5)
    chart.categoryAxis.categoryNames = [str(low) if low == high else f"{low}-{high}" for low, high, _ in bins]
    _style_axis_labels(chart.categoryAxis.labels, font, 5.5)
    chart.categoryAxis.labels.angle, chart.categoryAxis.labels.boxAnchor = 35, "ne"
    chart.categoryAxis.labels.dy = -1
    chart.categoryAxis.strokeColor = INK
    drawing.add(chart)
    drawing.add(_axis_title("games", 3 * mm, chart.y + chart.height / 2, font, angle=90))
    drawing.add(_axis_title(f"game length ({unit})", chart.x + chart.width / 2, 3 * mm, font))
    return drawing


def _ladder(page: _Page, s: dict, y: float) -> float:
    if not s["ladder"]:
        return y
    page.text(MARGIN, y, "Skill ladder: the stronger agent's share of decided games", 11, bold=True)
    bars = [(f"{step['stronger']} v {step['weaker']}", step["rate"], step["low"], step["high"])
            for step in s["ladder"]]
    page.place(rate_chart(bars, s["ladder"][0]["fair_share"], 110, 60, page.fonts.regular,
                          "share of decided games"), MARGIN, y - 64)
    ty = y - 10
    for step in s["ladder"]:
        verdict = "clear margin" if step["clear"] else "no clear margin: luck dominates at this size"
        page.text(MARGIN + 118, ty, f"{step['stronger']} v {step['weaker']}: {step['count']} of "
                                    f"{step['decided']} decided", 8)
        page.text(MARGIN + 118, ty - 4, verdict, 7.5)
        ty -= 11
    return y - 72


AGENT_HEIGHT = 74  # mm: an agent's title, its facts and its two charts


def _agent(page: _Page, agent: str, m: dict, y: float) -> float:
    page.text(MARGIN, y, f"{agent} in every seat", 11, bold=True)
    facts = [("completion", m["Completion"]), ("timeouts", m["Timeouts"]), ("draws", m["Drawishness"]),
             ("balance", m["Balance"]), ("first seat, of decided", m["AdvantageP1"])]
    page.text(MARGIN, y - 5, "   ".join(f"{k} {'-' if v is None else f'{v:.0%}'}" for k, v in facts), 8)
    bars = [(seat["name"], seat["rate"], seat["low"], seat["high"]) for seat in m["seats"]]
    page.place(rate_chart(bars, None, 90, 60, page.fonts.regular, "wins, over all games"), MARGIN, y - 68)
    if m["histogram"]:
        page.place(length_chart(m["histogram"], m["histogram_of"], 85, 60, page.fonts.regular),
                   MARGIN + 95, y - 68)
    return y - AGENT_HEIGHT


HEAT_LOW, HEAT_HIGH = "#FFFFFF", "#B2182B"
TITLES = {"stand": "where pieces stand", "fall": "where pieces fall", "builder": "where Builders stand",
          "unit": "where Units stand", "bird": "where Birds stand"}


def _heat_colour(count: int, most: int):
    """A count's colour on the scale: white for none to dark red for the most
    (on a 0.6 power, so the rarer counts stay apart)."""
    return HexColor(_mix(HEAT_LOW, HEAT_HIGH, (count / (most or 1)) ** 0.6))


def _heat_page(page: _Page, s: dict, agent: str, maps: dict, board: dict) -> None:
    """One page per agent: each traced map over the board, two to a row,
    each with its colour scale."""
    page.canvas.showPage()
    y = HEIGHT - MARGIN
    page.text(MARGIN, y, f"{agent} in every seat: the board, {s['games_per_agent']} games", 11, bold=True)
    page.text(MARGIN, y - 5, "Each cell's colour: how often a piece was on it, counted over every position "
                             "of every game (the scale beside each map);", 8)
    page.text(MARGIN, y - 9, "outlined squares are marked on the printed board.", 8)
    kinds = sorted(n for n in maps if n not in ("stand", "fall"))
    names = ["stand"] + (kinds if len(kinds) > 1 else []) + ["fall"]
    size = 66.0
    for i, name in enumerate(n for n in names if n in maps):
        col, row = i % 2, i // 2
        x = MARGIN + 6 + col * (size + 28)
        top = y - 20 - row * (size + 22)
        page.text(x, top + 2, TITLES.get(name, name), 9, bold=True)
        page.place(heat_map(board, maps[name], size, page.fonts.regular), x - 6, top - size - 6)


def heat_map(board: dict, cells: list, size: float, font: str) -> Drawing:
    """The board's cells coloured by count (``cells``: [x, y, count]) in a
    ``size`` mm square, with the board's labels and marked cells, and beside
    it the colour scale: a bar of the colours on a value axis of counts."""
    pad = 6 * mm  # room for the row and column labels
    side = size * mm
    drawing = Drawing(pad + side + 24 * mm, pad + side + 2 * mm)
    counts = {(cx, cy): count for cx, cy, count in cells}
    most = max(counts.values(), default=0)
    if "cells" in board:
        width, height = board["extent"]
        used = side * height / max(width, height)
        _shaped_cells(drawing, board, counts, most, pad, side, font)
    else:
        used = side * board["rows"] / max(board["columns"], board["rows"])
        _square_cells(drawing, board, counts, most, pad, side, font)
    # The scale as tall as the map, less room for its title above it.
    drawing.add(ColourScale(pad + side + 5 * mm, pad + side - used, used - 5 * mm, most, font))
    return drawing


def _square_cells(drawing: Drawing, board: dict, counts: dict, most: int, pad: float, side: float,
                  font: str) -> None:
    columns, rows = board["columns"], board["rows"]
    cell = side / max(columns, rows)
    bottom = pad + side - rows * cell  # a board wider than tall starts under its title too
    for cx in range(columns):
        for cy in range(rows):
            drawing.add(Rect(pad + cx * cell, bottom + cy * cell, cell, cell,
                             fillColor=_heat_colour(counts.get((cx, cy), 0), most),
                             strokeColor=GRID, strokeWidth=0.3))
    label = min(6.5, cell / mm * 2.2)
    for (cx, cy), mark in board["marked"].items():
        drawing.add(Rect(pad + cx * cell, bottom + cy * cell, cell, cell, fillColor=None, strokeColor=INK,
                         strokeWidth=1))
        drawing.add(String(pad + (cx + 0.5) * cell, bottom + cy * cell + 0.8 * mm, mark, fontName=font,
                           fontSize=label * 0.7, fillColor=INK, textAnchor="middle"))
    for cx, text in enumerate(board["column_labels"]):
        drawing.add(String(pad + (cx + 0.5) * cell, bottom - 3 * mm, text, fontName=font, fontSize=label,
                           fillColor=INK, textAnchor="middle"))
    for cy, text in enumerate(board["row_labels"]):
        drawing.add(String(pad - 1 * mm, bottom + (cy + 0.5) * cell - 1 * mm, text, fontName=font, fontSize=label,
                           fillColor=INK, textAnchor="end"))


def _shaped_cells(drawing: Drawing, board: dict, counts: dict, most: int, pad: float, side: float,
                  font: str) -> None:
    """The cells of a board whose cells are not squares (hexes): each cell's
    outline as the game gives it (``board["cells"]``, board units inside
    ``board["extent"]``), scaled to ``side``."""
    width, height = board["extent"]
    scale = side / max(width, height)
    base = pad + side - height * scale  # a board wider than tall starts under its title too

    def points(place) -> list:
        return [v for px, py in board["cells"][place] for v in (pad + px * scale, base + py * scale)]

    for place in board["cells"]:
        drawing.add(Polygon(points(place), fillColor=_heat_colour(counts.get(place, 0), most),
                            strokeColor=GRID, strokeWidth=0.3))
    label = min(6.5, scale / mm * 2.0)
    for place, mark in board["marked"].items():
        drawing.add(Polygon(points(place), fillColor=None, strokeColor=INK, strokeWidth=1))
        outline = board["cells"][place]
        cx = sum(p[0] for p in outline) / len(outline)
        cy = sum(p[1] for p in outline) / len(outline)
        drawing.add(String(pad + cx * scale, base + cy * scale - 1 * mm, mark, fontName=font, fontSize=label * 0.8,
                           fillColor=INK, textAnchor="middle"))
    bottom = {c: pts for (c, r), pts in board["cells"].items() if r == 0}
    for column, text in enumerate(board["column_labels"]):
        if column in bottom:
            cx = sum(p[0] for p in bottom[column]) / len(bottom[column])
            drawing.add(String(pad + cx * scale, base - 3 * mm, text, fontName=font, fontSize=label,
                               fillColor=INK, textAnchor="middle"))
    left = {r: pts for (c, r), pts in board["cells"].items() if c == 0}
    for row, text in enumerate(board["row_labels"]):
        if row in left:
            cy = sum(p[1] for p in left[row]) / len(left[row])
            drawing.add(String(pad - 1 * mm, base + cy * scale - 1 * mm, text, fontName=font, fontSize=label,
                               fillColor=INK, textAnchor="end"))


SCALE_STEPS = 48  # bands in a colour scale: more than the eye tells apart


class ColourScale(UserNode):
    """A heatmap's colour scale at (x, y) points: a bar of its colours from
    none to ``most`` against a value axis of counts, with its title. A node
    drawn when the page is: the axis it keeps lives as long as the drawing
    that holds it (its labels look their style up on it then)."""

    def __init__(self, x: float, y: float, height: float, most: int, font: str):
        self.x, self.y, self.height, self.most, self.font = x, y, height, max(1, most), font
        self.axis = YValueAxis()

    def provideNode(self) -> Group:
        x, y, height, top, font = self.x, self.y, self.height, self.most, self.font
        group = Group()
        width = 3.5 * mm
        for k in range(SCALE_STEPS):
            group.add(Rect(x, y + height * k / SCALE_STEPS, width, height / SCALE_STEPS + 0.2,
                           fillColor=_heat_colour(top * (k + 0.5) / SCALE_STEPS, top), strokeColor=None))
        group.add(Rect(x, y, width, height, fillColor=None, strokeColor=INK, strokeWidth=0.4))
        axis = self.axis
        axis.setPosition(x + width, y, height)
        axis.valueMin, axis.valueMax, axis.valueStep = 0, top, _nice_step(top)
        axis.labelTextFormat = lambda v: f"{v:,.0f}"
        axis.tickLeft, axis.tickRight = 0, 2
        axis.labels.boxAnchor, axis.labels.dx = "w", 3
        axis.strokeColor = INK
        _style_axis_labels(axis.labels, font, 6)
        axis.configure([(0, top)])
        group.add(axis.draw())
        group.add(_axis_title("times", x + width / 2, y + height + 3 * mm, font, 6.5))
        return group


def _nice_step(top: float) -> float:
    """A round step (1, 2 or 5 times a power of ten, a whole number) giving
    some three to seven ticks from 0 up to ``top``."""
    rough = top / 6
    power = 10 ** math.floor(math.log10(rough)) if rough > 0 else 1
    for factor in (1, 2, 5, 10):
        if power * factor >= rough:
            return max(1, power * factor)
    return max(1, power * 10)


def _mix(a: str, b: str, t: float) -> str:
    """The colour a fraction ``t`` of the way from ``a`` to ``b``."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(u + (v - u) * t):02X}" for u, v in zip(pa, pb))
