"""Geometry primitives every part generator draws with.

Coordinates are millimetres in the part's own frame: origin at the
bottom-left corner of its bounding box, x to the right, y up (as in PDF).
Every item carries a role, which decides how each writer draws it:

- ``cut``       solid thin dark line; SVG layer ``cut`` (red)
- ``valley``    dashed fold line; SVG layer ``score`` (blue)
- ``mountain``  dash-dot fold line; SVG layer ``score`` (blue)
- ``glue``      light grey fill of a glue tab (print only)
- ``waste``     grey fill of an area to cut away (print only)
- ``art``       anything else printed (print only)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

CUT, VALLEY, MOUNTAIN = "cut", "valley", "mountain"
GLUE, WASTE, ART = "glue", "waste", "art"
LINE_ROLES = (CUT, VALLEY, MOUNTAIN, ART)
FOLDS = (VALLEY, MOUNTAIN)

GLUE_GREY = "#DDDDDD"
WASTE_GREY = "#9A9A9A"
INK = "#000000"

PT = 25.4 / 72  # millimetres per point

Point = tuple[float, float]


@dataclass(frozen=True)
class Line:
    """A polyline (or closed polygon outline) drawn with a role's stroke."""

    points: tuple[Point, ...]
    role: str = CUT
    closed: bool = False
    color: str = INK  # art lines only; cut and fold lines use the role's style
    width_pt: float | None = None  # art lines only


@dataclass(frozen=True)
class Fill:
    """A filled polygon (glue tab shading, waste, colour fields, symbols)."""

    points: tuple[Point, ...]
    color: str
    role: str = ART  # ART, GLUE or WASTE
    stroke: str | None = None  # outline colour for art, drawn in the print layer
    stroke_pt: float = 0.5
    large: bool = False  # a large fill: ink-saver mode draws only its outline


@dataclass(frozen=True)
class Circle:
    center: Point
    radius: float
    fill: str | None = None
    stroke: str | None = INK
    stroke_pt: float = 0.5
    role: str = ART


@dataclass(frozen=True)
class Text:
    """Text anchored at (x, y) on its baseline; size in points."""

    x: float
    y: float
    text: str
    size: float = 8.0
    anchor: str = "middle"  # "start", "middle" or "end"
    bold: bool = False
    color: str = INK
    angle: float = 0.0  # degrees, counter-clockwise, about (x, y)


Item = Line | Fill | Circle | Text


@dataclass
class Part:
    """One piece to print and cut out, in its own frame (see module doc)."""

    name: str  # shown in the checklist, e.g. "Quadrant A", "Builder (Blue)"
    width: float
    height: float
    items: list = field(default_factory=list)
    kind: str = ""  # groups parts in the checklist, e.g. "quadrant", "unit"
    # Parts of one group share sheets; a new group starts a new sheet
    # (e.g. "pieces-Blue", so each colour's pieces print on their own sheets).
    group: str = ""
    # Whether sheets may turn it by 90 degrees to fit more on a page.
    rotatable: bool = True

    def add(self, *items: Item) -> "Part":
        self.items.extend(items)
        return self

    def extend(self, items) -> "Part":
        self.items.extend(items)
        return self


# --- transforms ----------------------------------------------------------

def transform_point(p: Point, dx: float = 0.0, dy: float = 0.0, rotate: int = 0,
                    mirror_x: float | None = None) -> Point:
    """Mirror about x = mirror_x (if given), rotate by a multiple of 90 degrees
    about the origin, then translate."""
    x, y = p
    if mirror_x is not None:
        x = 2 * mirror_x - x
    for _ in range((rotate // 90) % 4):
        x, y = -y, x
    return (x + dx, y + dy)


def transform(item: Item, **kw) -> Item:
    """The item moved by ``transform_point``'s arguments."""
    if isinstance(item, (Line, Fill)):
        return replace(item, points=tuple(transform_point(p, **kw) for p in item.points))
    if isinstance(item, Circle):
        return replace(item, center=transform_point(item.center, **kw))
    if isinstance(item, Text):
        x, y = transform_point((item.x, item.y), **kw)
        return replace(item, x=x, y=y, angle=(item.angle + kw.get("rotate", 0)) % 360)
    raise TypeError(item)


def translate(items, dx: float, dy: float) -> list:
    return [transform(i, dx=dx, dy=dy) for i in items]


# --- shapes --------------------------------------------------------------

def rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """The corners of a rectangle, counter-clockwise from (x, y)."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def regular_polygon(cx: float, cy: float, r: float, n: int, start_deg: float = 90) -> tuple[Point, ...]:
    return tuple((cx + r * math.cos(math.radians(start_deg + 360 * k / n)),
                  cy + r * math.sin(math.radians(start_deg + 360 * k / n))) for k in range(n))


def glue_tab(a: Point, b: Point, depth: float, label: str = "glue",
             taper_deg: float = 45.0) -> list[Item]:
    """A tapered glue tab on the edge a->b, on the edge's right-hand side
    (outside, for a counter-clockwise outline).

    The edge itself becomes a valley fold; the three other sides are cut.
    The ends slope at ``taper_deg`` so the tab is shorter than its edge."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length  # along the edge
    nx, ny = uy, -ux  # outward normal (right of a->b)
    inset = min(depth / math.tan(math.radians(taper_deg)), length / 2 - 0.5)
    c = (bx - ux * inset + nx * depth, by - uy * inset + ny * depth)
    d = (ax + ux * inset + nx * depth, ay + uy * inset + ny * depth)
    outline = (a, b, c, d)
    angle = math.degrees(math.atan2(uy, ux))
    mid = ((ax + bx) / 2 + nx * depth / 2, (ay + by) / 2 + ny * depth / 2)
    size = min(7.0, depth * 1.6)  # points
    # Lower the baseline by about a third of the text height (along the
    # text's own "up", which is (-uy, ux)) so the words sit centred in the tab.
    drop = 0.35 * size * PT
    return [
        Fill(outline, GLUE_GREY, role=GLUE),
        Line((b, c, d, a), role=CUT),
        Line((a, b), role=VALLEY),
        Text(mid[0] + uy * drop, mid[1] - ux * drop, label, size=size, angle=angle),
    ]
