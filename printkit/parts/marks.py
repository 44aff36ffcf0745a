"""Vector marks any game can draw: player marks and Paper/Rock/Scissors symbols.

Fonts lack the glyphs and a colour alone fails in greyscale and for
colour-blind players, so pieces carry these shapes (black on their colour):

    from printkit.parts.marks import player_mark, unit_symbol
    part.extend(player_mark("ring", cx, cy, size=4))       # dot bar ring cross triangle diamond
    part.extend(unit_symbol("scissors", cx, cy, size=10))  # paper rock scissors

Both return a list of items centred on (cx, cy) that fit a ``size`` x
``size`` mm square. They are drawn in ``color`` (black by default) and are
not "large" fills, so ink-saver mode keeps them.
"""

from __future__ import annotations

import math
from dataclasses import replace

from .core import INK, Circle, Fill, Line, regular_polygon

MARKS = ("dot", "bar", "ring", "cross", "triangle", "diamond")
WHITE = "#FFFFFF"


def on_field(options) -> str:
    """The colour of marks and words set on a large colour field: white, or
    ink in ink-saver mode, which prints the field as a band along its outline
    and would leave white marks white on the paper."""
    return INK if getattr(options, "ink_saver", False) else WHITE


UNIT_TYPES = ("paper", "rock", "scissors")


def _scaled(points, cx: float, cy: float, size: float):
    """Points given in a unit square centred on 0 -> mm around (cx, cy)."""
    return tuple([(cx + x * size, cy + y * size) for x, y in points])


def _bar(x0, y0, x1, y1, width):
    """A bar of ``width`` from (x0, y0) to (x1, y1) as a quadrilateral."""
    length = math.hypot(x1 - x0, y1 - y0)
    nx, ny = -(y1 - y0) / length * width / 2, (x1 - x0) / length * width / 2
    return ((x0 + nx, y0 + ny), (x0 - nx, y0 - ny), (x1 - nx, y1 - ny), (x1 + nx, y1 + ny))


def player_mark(kind: str, cx: float, cy: float, size: float, color: str = INK) -> list:
    """A player's mark (one of MARKS) centred on (cx, cy), ``size`` mm across;
    its fills say they are one (``Fill.mark``)."""
    return [replace(item, mark=True) for item in _mark_shape(kind, cx, cy, size, color)]


def _mark_shape(kind: str, cx: float, cy: float, size: float, color: str) -> list:
    r = size / 2
    if kind == "dot":
        return [Fill(regular_polygon(cx, cy, r * 0.8, 40), color)]
    if kind == "bar":
        return [Fill(_scaled(((-0.5, -0.17), (0.5, -0.17), (0.5, 0.17), (-0.5, 0.17)), cx, cy, size), color)]
    if kind == "ring":
        return [Fill(regular_polygon(cx, cy, r, 48), color,
                     holes=(regular_polygon(cx, cy, r * 0.55, 48),))]
    if kind == "cross":
        # An X, so it never reads as a bar or a plus sign.
        w = 0.26
        a = 0.5 - w / (2 * math.sqrt(2))
        t = w / math.sqrt(2)
        outline = ((0, t), (a, 0.5), (0.5, a), (t, 0), (0.5, -a), (a, -0.5),
                   (0, -t), (-a, -0.5), (-0.5, -a), (-t, 0), (-0.5, a), (-a, 0.5))
        return [Fill(_scaled(outline, cx, cy, size * 0.95), color)]
    if kind == "triangle":
        return [Fill(regular_polygon(cx, cy - r * 0.18, r * 1.05, 3, 90), color)]
    if kind == "diamond":
        return [Fill(regular_polygon(cx, cy, r, 4, 90), color)]
    raise ValueError(f"unknown mark {kind!r}; marks are {', '.join(MARKS)}")


def unit_symbol(kind: str, cx: float, cy: float, size: float, color: str = INK,
                paper: str = "#FFFFFF") -> list:
    """The symbol of a Unit type (one of UNIT_TYPES): a sheet of paper, a
    rock, an open pair of scissors; ``paper`` is the colour of light parts."""
    line_pt = max(0.5, size * 0.12 / 0.3528 * 0.5)  # stroke in points, about 6% of the size
    if kind == "rock":
        boulder = ((-0.47, -0.28), (-0.42, 0.08), (-0.22, 0.33), (0.08, 0.42), (0.33, 0.3),
                   (0.48, 0.02), (0.4, -0.3), (0.12, -0.4), (-0.25, -0.4))
        crack = ((0.06, 0.42), (-0.02, 0.14), (0.16, -0.02), (0.1, -0.18))
        return [Fill(_scaled(boulder, cx, cy, size), color),
                Line(_scaled(crack, cx, cy, size), role="art", color=paper, width_pt=line_pt * 0.8)]
    if kind == "paper":
        w, h, ear = 0.62, 0.84, 0.2
        x0, y0, x1, y1 = -w / 2, -h / 2, w / 2, h / 2
        sheet = ((x0, y0), (x1, y0), (x1, y1 - ear), (x1 - ear, y1), (x0, y1))
        fold = ((x1 - ear, y1), (x1 - ear, y1 - ear), (x1, y1 - ear))
        items = [Fill(_scaled(sheet, cx, cy, size), paper, stroke=color, stroke_pt=line_pt),
                 Line(_scaled(fold, cx, cy, size), role="art", color=color, width_pt=line_pt * 0.8)]
        for k, right in enumerate((0.13, 0.2, 0.2, 0.06)):
            y = y1 - ear - 0.1 - k * 0.14
            items.append(Line(_scaled(((x0 + 0.1, y), (right, y)), cx, cy, size),
                              role="art", color=color, width_pt=line_pt * 0.6))
        return items
    if kind == "scissors":
        items = []
        for side in (-1, 1):
            ring_c = (cx + side * 0.22 * size, cy - 0.3 * size)
            items.append(Fill(regular_polygon(*ring_c, 0.17 * size, 36), color,
                              holes=(regular_polygon(*ring_c, 0.095 * size, 36),)))
            # The blade joins its ring and crosses to the tip on the other side.
            base = (side * 0.13, -0.16)
            tip = (-side * 0.3, 0.5)
            blade = _bar(*base, *tip, 0.13)
            items.append(Fill(_scaled((blade[0], blade[1], tip), cx, cy, size), color))
        items.append(Circle((cx, cy + 0.04 * size), 0.04 * size, fill=paper, stroke=None))
        return items
    raise ValueError(f"unknown unit type {kind!r}; types are {', '.join(UNIT_TYPES)}")
