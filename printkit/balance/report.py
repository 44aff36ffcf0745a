"""The balance report as a PDF: win rate by seat, game lengths, the skill ladder.

Drawn straight on a ReportLab canvas in millimetres, with the fonts every
printkit PDF embeds; written to a temporary file beside the target and
renamed, so a failed run leaves an earlier report intact.
"""

from __future__ import annotations

import os

from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.lib.pagesizes import letter
from reportlab.lib.units import mm
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
    pen = _Pen(canvas, fonts)
    y = HEIGHT - MARGIN
    pen.text(MARGIN, y, f"Balance of {s['game']} ({s['spec']})", 16, bold=True)
    y -= 7
    pen.text(MARGIN, y, f"{s['num_players']} players, {s['games_per_agent']} games per agent and per ladder step, "
                        f"seed {s['seed']}" + "".join(f", {k} {v}" for k, v in sorted(s["options"].items())), 9)
    y -= 12
    y = _ladder(pen, s, y)
    for agent, m in s["agents"].items():
        if y < 95:
            canvas.showPage()
            y = HEIGHT - MARGIN
        y = _agent(pen, agent, m, y)
    if board and s.get("heat"):
        for agent, maps in s["heat"].items():
            _heat_page(pen, s, agent, maps, board)
    canvas.showPage()
    canvas.save()


class _Pen:
    """Millimetre drawing on the canvas."""

    def __init__(self, canvas: Canvas, fonts):
        self.canvas, self.fonts = canvas, fonts

    def text(self, x, y, text, size, bold=False, colour=INK, anchor="start"):
        c = self.canvas
        c.setFillColor(colour)
        c.setFont(self.fonts.bold if bold else self.fonts.regular, size)
        draw = {"start": c.drawString, "middle": c.drawCentredString, "end": c.drawRightString}[anchor]
        draw(x * mm, y * mm, text)

    def width(self, text, size, bold=False) -> float:
        """The width of ``text`` in millimetres."""
        return self.canvas.stringWidth(text, self.fonts.bold if bold else self.fonts.regular, size) / mm

    def rect(self, x, y, w, h, colour):
        self.canvas.setFillColor(colour)
        self.canvas.rect(x * mm, y * mm, w * mm, h * mm, stroke=0, fill=1)

    def line(self, x1, y1, x2, y2, colour=INK, width=0.3):
        self.canvas.setStrokeColor(colour)
        self.canvas.setLineWidth(width * mm)
        self.canvas.line(x1 * mm, y1 * mm, x2 * mm, y2 * mm)


def _rate_chart(pen: _Pen, x: float, y: float, w: float, h: float, bars: list, fair: float | None) -> None:
    """Bars of rates in [0, 1] with 95% whiskers; ``bars`` = (label, rate, low, high)."""
    for tick in (0, 0.25, 0.5, 0.75, 1):
        pen.line(x, y + tick * h, x + w, y + tick * h, GRID, 0.15)
        pen.text(x - 1.5, y + tick * h - 1, f"{tick:.0%}", 6.5, anchor="end")
    step = w / max(1, len(bars))
    labels, size = _bar_labels(pen, [bar[0] for bar in bars], step * 0.95) if bars else ([], 7.0)
    for i, (label, rate, low, high) in enumerate(bars):
        cx = x + step * (i + 0.5)
        if rate is not None:
            pen.rect(cx - step * 0.3, y, step * 0.6, rate * h, BAR)
            pen.line(cx, y + low * h, cx, y + high * h, INK, 0.35)
            for end in (low, high):
                pen.line(cx - 2, y + end * h, cx + 2, y + end * h, INK, 0.35)
        for n, line in enumerate(labels[i]):
            pen.text(cx, y - 3.5 - n * size * 0.4, line, size, anchor="middle")
    if fair is not None:
        pen.line(x, y + fair * h, x + w, y + fair * h, FAIR, 0.35)
        pen.text(x + w + 1, y + fair * h - 1, "fair share", 6.5, colour=FAIR)


def _bar_labels(pen: _Pen, labels: list, room: float) -> tuple[list, float]:
    """The bars' labels as lines within ``room`` mm each, and their size:
    one line each if all fit, else every parenthesis on a second line
    ("Vermilion" over "(seat 0)"), smaller only if a line is still too wide
    (four seats' names side by side would run into each other)."""
    size = 7.0
    lines = [[label] for label in labels]
    if any(pen.width(label, size) > room for label in labels):
        lines = [label.split(" (", 1) for label in labels]
        lines = [[first, "(" + rest[0]] if rest else [first] for first, *rest in lines]
    widest = max(pen.width(line, size) for group in lines for line in group)
    if widest > room:
        size = max(4.5, size * room / widest)
    return lines, size


def _ladder(pen: _Pen, s: dict, y: float) -> float:
    if not s["ladder"]:
        return y
    pen.text(MARGIN, y, "Skill ladder: the stronger agent's share of decided games", 11, bold=True)
    bars = [(f"{step['stronger']} v {step['weaker']}", step["rate"], step["low"], step["high"])
            for step in s["ladder"]]
    _rate_chart(pen, MARGIN + 12, y - 52, 90, 42, bars, s["ladder"][0]["fair_share"])
    ty = y - 8
    for step in s["ladder"]:
        verdict = "clear margin" if step["clear"] else "no clear margin: luck dominates at this size"
        pen.text(MARGIN + 120, ty, f"{step['stronger']} v {step['weaker']}: {step['count']} of {step['decided']}", 8)
        pen.text(MARGIN + 120, ty - 4, verdict, 7.5)
        ty -= 11
    return y - 66


def _agent(pen: _Pen, agent: str, m: dict, y: float) -> float:
    pen.text(MARGIN, y, f"{agent} in every seat", 11, bold=True)
    facts = [("completion", m["Completion"]), ("timeouts", m["Timeouts"]), ("draws", m["Drawishness"]),
             ("balance", m["Balance"]), ("first seat, of decided", m["AdvantageP1"])]
    pen.text(MARGIN, y - 5, "   ".join(f"{k} {'-' if v is None else f'{v:.0%}'}" for k, v in facts), 8)
    bars = [(seat["name"], seat["rate"], seat["low"], seat["high"]) for seat in m["seats"]]
    _rate_chart(pen, MARGIN + 12, y - 58, 70, 42, bars, None)
    pen.text(MARGIN + 12, y - 68.5, "win rate by seat, over all games (95% Wilson interval)", 7)
    _histogram(pen, MARGIN + 105, y - 58, 70, 42, m["histogram"], m["histogram_of"])
    return y - 76


def _histogram(pen: _Pen, x: float, y: float, w: float, h: float, bins: list, unit: str) -> None:
    if not bins:
        return
    most = max(count for _, _, count in bins) or 1
    step = w / len(bins)
    pen.line(x, y, x + w, y, INK, 0.2)
    for i, (low, high, count) in enumerate(bins):
        pen.rect(x + i * step + 0.3, y, step - 0.6, h * count / most, BAR)
    pen.text(x, y - 4, str(bins[0][0]), 6.5)
    pen.text(x + w, y - 4, str(bins[-1][1]), 6.5, anchor="end")
    pen.text(x + w / 2, y - 8, f"game length ({unit}), most {most} games in a bin", 7, anchor="middle")


HEAT = HexColor("#B2182B")
TITLES = {"stand": "where pieces stand", "fall": "where pieces fall", "builder": "where Builders stand",
          "unit": "where Units stand", "bird": "where Birds stand"}


def _heat_page(pen: _Pen, s: dict, agent: str, maps: dict, board: dict) -> None:
    """One page per agent: each traced map over the board, two to a row."""
    pen.canvas.showPage()
    y = HEIGHT - MARGIN
    pen.text(MARGIN, y, f"{agent} in every seat: the board, {s['games_per_agent']} games", 11, bold=True)
    pen.text(MARGIN, y - 5, "Darker: more often, counted over every position of every game; "
                            "outlined squares are marked on the printed board.", 8)
    kinds = sorted(n for n in maps if n not in ("stand", "fall"))
    names = ["stand"] + (kinds if len(kinds) > 1 else []) + ["fall"]
    size = (WIDTH - 2 * MARGIN - 30) / 2
    for i, name in enumerate(n for n in names if n in maps):
        col, row = i % 2, i // 2
        x = MARGIN + 8 + col * (size + 14)
        top = y - 16 - row * (size + 22)
        _heatmap(pen, x, top - size, size, board, maps[name])
        pen.text(x, top + 2, TITLES.get(name, name), 9, bold=True)


def _heatmap(pen: _Pen, x: float, y: float, size: float, board: dict, cells: list) -> None:
    if "cells" in board:
        _shaped_heatmap(pen, x, y, size, board, cells)
        return
    columns, rows = board["columns"], board["rows"]
    cell = size / max(columns, rows)
    most = max((count for _, _, count in cells), default=0) or 1
    counts = {(cx, cy): count for cx, cy, count in cells}
    canvas = pen.canvas
    for cx in range(columns):
        for cy in range(rows):
            share = counts.get((cx, cy), 0) / most
            colour = HexColor(_mix("#FFFFFF", "#B2182B", share ** 0.6))
            pen.rect(x + cx * cell, y + cy * cell, cell, cell, colour)
    canvas.setStrokeColor(GRID)
    canvas.setLineWidth(0.1 * mm)
    for cx in range(columns + 1):
        pen.line(x + cx * cell, y, x + cx * cell, y + rows * cell, GRID, 0.1)
    for cy in range(rows + 1):
        pen.line(x, y + cy * cell, x + columns * cell, y + cy * cell, GRID, 0.1)
    label = min(6.5, cell * 2.2)
    for (cx, cy), mark in board["marked"].items():
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.35 * mm)
        canvas.rect((x + cx * cell) * mm, (y + cy * cell) * mm, cell * mm, cell * mm, stroke=1, fill=0)
        pen.text(x + (cx + 0.5) * cell, y + cy * cell + 0.8, mark, label * 0.7, anchor="middle")
    for cx, text in enumerate(board["column_labels"]):
        pen.text(x + (cx + 0.5) * cell, y - 3, text, label, anchor="middle")
    for cy, text in enumerate(board["row_labels"]):
        pen.text(x - 1, y + (cy + 0.5) * cell - 1, text, label, anchor="end")


def _shaped_heatmap(pen: _Pen, x: float, y: float, size: float, board: dict, cells: list) -> None:
    """The heatmap of a board whose cells are not squares (hexes): each cell's
    outline as the game gives it (``board["cells"]``, board units inside
    ``board["extent"]``), scaled to ``size``."""
    width, height = board["extent"]
    scale = size / max(width, height)
    most = max((count for _, _, count in cells), default=0) or 1
    counts = {(cx, cy): count for cx, cy, count in cells}
    canvas = pen.canvas

    def outline(points, fill: str | None, stroke, line_mm: float) -> None:
        path = canvas.beginPath()
        px, py = points[0]
        path.moveTo((x + px * scale) * mm, (y + py * scale) * mm)
        for px, py in points[1:]:
            path.lineTo((x + px * scale) * mm, (y + py * scale) * mm)
        path.close()
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(line_mm * mm)
        if fill is not None:
            canvas.setFillColor(HexColor(fill))
        canvas.drawPath(path, stroke=1, fill=1 if fill is not None else 0)

    for place, points in board["cells"].items():
        share = counts.get(place, 0) / most
        outline(points, _mix("#FFFFFF", "#B2182B", share ** 0.6), GRID, 0.1)
    label = min(6.5, scale * 2.0)
    for place, mark in board["marked"].items():
        points = board["cells"][place]
        outline(points, None, INK, 0.35)
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        pen.text(x + cx * scale, y + cy * scale - 1, mark, label * 0.8, anchor="middle")
    bottom = {c: pts for (c, r), pts in board["cells"].items() if r == 0}
    for column, text in enumerate(board["column_labels"]):
        if column in bottom:
            cx = sum(p[0] for p in bottom[column]) / len(bottom[column])
            pen.text(x + cx * scale, y - 3, text, label, anchor="middle")
    left = {r: pts for (c, r), pts in board["cells"].items() if c == 0}
    for row, text in enumerate(board["row_labels"]):
        if row in left:
            cy = sum(p[1] for p in left[row]) / len(left[row])
            pen.text(x - 1, y + cy * scale - 1, text, label, anchor="end")


def _mix(a: str, b: str, t: float) -> str:
    """The colour a fraction ``t`` of the way from ``a`` to ``b``."""
    pa = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    pb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(u + (v - u) * t):02X}" for u, v in zip(pa, pb))
