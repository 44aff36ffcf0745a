"""Marks of the rulebook's worked examples: the path a piece takes and the
piece that moves, drawn the same way in every game's examples.

- ``path_arrow(points)``: the path as a line through the centres of the
  squares or hexes it crosses, its head at the last one; each step that
  takes a piece may get a dot (``stops``);
- ``ring(centre, radius)``: a thick ring around the piece that moves, with a
  white halo inside so it reads on any colour, in greyscale too;
- ``square_frame(left, bottom, size)``: a dashed frame around a square the
  dice name (a roll), as distinct from a piece's path;
- ``panels(name, shown)``: drawings side by side, each named underneath
  ("before", "after"), as one figure.

A game's ``book.py`` draws its positions with its own pieces and boards and
adds these on top.
"""

from __future__ import annotations

import math

from ..writers.fonts import text_width_mm
from .core import INK, Circle, Fill, Line, Part, Text, translate

PATH_PT = 1.6  # the path's line
# What a rulebook prints where a spec's board cannot hold a worked example.
NOT_PLAYED = "(This example does not arise on this kit's board, so it is left out.)"
HEAD_MM = 2.4  # the arrowhead's length
RING_PT = 1.8
PANEL_LABEL_PT = 9.0


def path_arrow(points, clear: float = 0.0, color: str = INK, width_pt: float = PATH_PT,
               head: float = HEAD_MM, dash: tuple | None = None, end_clear: float | None = None) -> list:
    """A line through ``points`` (mm), ending in an arrowhead at the last one,
    starting ``clear`` mm after the first point (off the piece that moves)
    and stopping ``end_clear`` mm short of the last (``clear`` unless given:
    off a piece standing there; less where the square is empty)."""
    points = [tuple(p) for p in points]
    if len(points) < 2:
        return []
    (ax, ay), (bx, by) = points[0], points[1]
    first = math.hypot(bx - ax, by - ay) or 1.0
    start = (ax + (bx - ax) / first * clear, ay + (by - ay) / first * clear)
    (cx, cy), (dx, dy) = points[-2], points[-1]
    last = math.hypot(dx - cx, dy - cy) or 1.0
    ux, uy = (dx - cx) / last, (dy - cy) / last
    stop = clear if end_clear is None else end_clear
    tip = (dx - ux * stop, dy - uy * stop)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    line = [start] + points[1:-1] + [base]
    items = [Line(tuple(line), role="art", color=color, width_pt=width_pt, dash=dash)]
    items.append(Fill((tip, (base[0] - uy * head * 0.55, base[1] + ux * head * 0.55),
                       (base[0] + uy * head * 0.55, base[1] - ux * head * 0.55)), color))
    return items


def ring(centre, radius: float, color: str = INK) -> list:
    """A thick ring around a piece, a white halo inside it."""
    return [Circle(centre, radius + 0.35, fill=None, stroke="#FFFFFF", stroke_pt=RING_PT + 1.2),
            Circle(centre, radius + 0.35, fill=None, stroke=color, stroke_pt=RING_PT)]


def square_frame(left: float, bottom: float, size: float, color: str = INK) -> list:
    """A dashed frame just inside a square: the square the dice name."""
    inset = 0.7
    points = ((left + inset, bottom + inset), (left + size - inset, bottom + inset),
              (left + size - inset, bottom + size - inset), (left + inset, bottom + size - inset))
    return [Line(points, role="art", closed=True, color=color, width_pt=1.5, dash=(3, 1.5))]


def panels(name: str, shown, gap: float = 8.0, size: float = PANEL_LABEL_PT, vertical: bool = False,
           label_h: float | None = None) -> Part:
    """Parts side by side on one bottom line, each named underneath; a slot
    is as wide as its part or its name, whichever is wider (``label_h``: the
    room under them for the names; 0 where the caption names them). ``vertical``:
    one above the other instead (the first on top), each named at its left,
    for drawings much wider than tall (a row of a board)."""
    if vertical:
        names_w = max(text_width_mm(label, size) for _, label in shown) + 3.0
        width = names_w + max(p.width for p, _ in shown)
        out = Part(name, width, sum(p.height for p, _ in shown) + gap * (len(shown) - 1))
        y = out.height
        for part, label in shown:
            y -= part.height
            out.extend(translate(part.items, names_w, y))
            out.add(Text(names_w - 3.0, y + part.height / 2 - size * 0.35 * 25.4 / 72, label, size=size,
                         anchor="end"))
            y -= gap
        return out
    label_h = size * 0.55 + 2.0 if label_h is None else label_h
    slots = [max(p.width, text_width_mm(label, size) + 1.0) for p, label in shown]
    height = max(p.height for p, _ in shown) + label_h
    out = Part(name, sum(slots) + gap * (len(shown) - 1), height)
    x = 0.0
    for (part, label), slot in zip(shown, slots):
        out.extend(translate(part.items, x + (slot - part.width) / 2, label_h))
        if label:
            out.add(Text(x + slot / 2, 1.0, label, size=size))
        x += slot + gap
    return out
