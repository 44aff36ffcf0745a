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
- ``guide``     a light hairline over a cut line that runs through dark art,
                so the cut stays visible there (print only; drawn last, and
                thin enough to leave no sliver on the cut edge)

How a game plugs in (the API other part generators rely on):

    # printkit/parts/<game>.py
    def parts(spec, options: BuildOptions) -> list[Part]:
        ...  # every part of the kit, in order of assembly

    # optional: the "what's on it" words of a sheet's title
    def sheet_title(group: str, parts: list[Part]) -> str: ...

    # optional: art for the cover sheet's free area (see printkit.sheets):
    # steps set with printkit.parts.steps.numbered_steps, clear of the lower
    # right corner printkit.sheets.label_room(options) keeps for the box label
    def cover(spec, options, width: float, height: float) -> list[Item]: ...

    # optional: drawings for the rulebook (see printkit.rulebook.figures)
    def figures(spec, options) -> dict[str, Part]: ...

``printkit.sheets`` places the parts on paper in that order: a Part whose
``group`` differs from the one before starts a new sheet; parts of one group
fill as many sheets as they need. Parts that share an ``abut`` key and
size, one after another, are set edge to edge in a grid (shared cut lines,
for a trimmer); a ``rotatable`` part may be turned to finish a row beside
them where that shortens the layout. ``Part.name`` (or ``Part.piece``, with
``pieces`` and ``plural``) feeds the checklist on sheet 1, where identical names are
grouped and counted. A part larger than the printable area is reported as
an error naming the part and the paper.

On a virtual table (``build --format tts`` and ``--format images``,
``printkit.writers.tts``) a part's ``table`` field says what it is there, for
any game, a designer's own included; a part that leaves it empty is not put
on the table (a score sheet, a box label):

- ``"board"``     a piece of the board: the board's parts are assembled into
                  one image, each at ``board_at`` (where the part's origin
                  sits in the assembled board's frame; a board of one part
                  leaves it None);
- ``"card"``      a card, dealt into a deck with the cards that share its back;
- ``"tile"``      a flat tile (a mat, a track, a scoring tile);
- ``"counter"``   a token that players move; ``stacks`` lets like ones stack;
- ``"die"``       a six-sided die: ``table_faces`` holds its faces 1 to 6;
- ``"standup"``   a piece that stands up: ``table_faces`` holds its front
                  and its back.

What the table shows of a part: ``table_faces`` if given, each
``(x, y, w, h)`` or ``(x, y, w, h, 180)`` (a face printed upside down on the
part, as the back of a folded stand-up is) in the part's frame; otherwise
its ``faces`` (each front, or one-sided face, a piece of its own, a
"back" going with the face before it); otherwise the whole part. Cut and
fold lines and glue tabs are never shown.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache

from ..writers.fonts import text_width_mm

CUT, VALLEY, MOUNTAIN = "cut", "valley", "mountain"
GLUE, WASTE, ART = "glue", "waste", "art"
GUIDE = "guide"
FOLDS = (VALLEY, MOUNTAIN)

# What a part may be on a virtual table (Part.table; "" is off the table).
TABLE_ROLES = ("board", "card", "tile", "counter", "die", "standup")

GLUE_GREY = "#DDDDDD"
WASTE_GREY = "#9A9A9A"
INK = "#000000"

PT = 25.4 / 72  # millimetres per point
FIELD_MM2 = 100.0  # a fill this large is a field (a press prints a black one rich), smaller ones marks

Point = tuple[float, float]


@dataclass(frozen=True)
class Line:
    """A polyline (or closed polygon outline) drawn with a role's stroke."""

    points: tuple[Point, ...]
    role: str = CUT
    closed: bool = False
    color: str = INK  # art lines only; cut and fold lines use the role's style
    width_pt: float | None = None  # art lines only
    dash: tuple | None = None  # art lines only: dash pattern in points


@dataclass(frozen=True)
class Fill:
    """A filled polygon (glue tab shading, waste, colour fields, symbols)."""

    points: tuple[Point, ...]
    color: str
    role: str = ART  # ART, GLUE or WASTE
    stroke: str | None = None  # outline colour for art, drawn in the print layer
    stroke_pt: float = 0.5
    large: bool = False  # a large fill: ink-saver mode draws only its outline
    # Polygons cut out of this one (even-odd), e.g. the piece inside a waste frame.
    holes: tuple = ()
    # A print shop prints a black fill rich when it is a field (FIELD_MM2 or
    # more); ``rich`` says so of a fill that is part of one (a field's bleed).
    rich: bool = False
    # Part of a player's mark (printkit.parts.marks): what tells a piece's
    # owner, kept CUT_CLEAR inside every cut line of the piece.
    mark: bool = False


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


@dataclass(frozen=True, eq=False)
class Picture:
    """A loaded picture a spec names (``printkit.components.images``):
    ``kind`` "raster" (``data`` a Pillow image, RGB or RGBA) or "vector"
    (``data`` a ReportLab Drawing, so a PDF keeps it as lines, not pixels);
    ``width`` and ``height`` its own size in any unit (only their ratio
    counts); ``name`` the file, for messages."""

    kind: str
    data: object
    width: float
    height: float
    name: str = ""
    # Some of the colours it prints, #RRGGBB: a sheet holding a coloured
    # picture says to print it in colour (printkit.sheets).
    colours: tuple = ()

    @property
    def aspect(self) -> float:
        return self.width / self.height


@dataclass(frozen=True)
class Image:
    """A picture filling the box (x, y) to (x + w, y + h), turned ``angle``
    degrees (a multiple of 90) counter-clockwise inside it: at 90 or 270 the
    picture's own width runs up the box. Print only (never in a cut file)."""

    x: float
    y: float
    w: float
    h: float
    picture: Picture
    angle: int = 0
    role: str = ART


def fitted_image(picture: Picture, x: float, y: float, w: float, h: float, angle: int = 0) -> Image:
    """The picture as large as fits the box (x, y, w, h), its shape kept,
    centred in it; ``angle`` as ``Image``'s."""
    aspect = picture.aspect if angle % 180 == 0 else 1 / picture.aspect
    fw, fh = (w, w / aspect) if w / aspect <= h else (h * aspect, h)
    return Image(x + (w - fw) / 2, y + (h - fh) / 2, fw, fh, picture, angle)


Item = Line | Fill | Circle | Text | Image


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
    # Parts with the same non-empty abut key and size that follow one another
    # are set edge to edge in a grid, sharing their cut lines.
    abut: str = ""
    # Anything a game wants to remember about the part (e.g. where a board
    # section sits on the assembled board); writers ignore it.
    meta: dict = field(default_factory=dict)
    # What the checklist counts: a part may hold several pieces (a sheet of
    # tiles holds its tiles), named ``piece`` ("" takes the part's name) and,
    # when there are more than one, ``plural`` ("" adds an "s" to the name's
    # head word: "Paper Unit (Blue)" -> "Paper Units (Blue)").
    pieces: int = 1
    piece: str = ""
    plural: str = ""
    # Art on the part's back, in the part's own frame as seen from the back: a
    # two-sided part (a card). Printed on the page after the fronts, mirrored
    # for a long-edge flip, when a kit is built --duplex.
    back: list = field(default_factory=list)
    # The spec keys whose values set the part's size, each a path of keys
    # (("board", "square_mm"), ...): a part too large for the paper is
    # reported at the first of them.
    sized_by: tuple = ()
    # What to print it on: "card" (stiff enough to stand, fold and handle,
    # 160-250 g/m2) or "paper" (score sheets, anything written on).
    stock: str = "card"
    # The single cards and tiles on it, for one image per piece (build
    # --format png): (kind, side, (x, y, w, h)) in the part's frame; kind
    # names the piece ("card", "tile"), side is "front", "back" or "" (one
    # side). A "back" follows its front; with no rectangle it is the part's
    # ``back`` art over the whole part.
    faces: tuple = ()
    # Its role on a virtual table ("board", "card", "tile", "counter", "die",
    # "standup"; "" not on the table) and what shows there: see the module doc.
    table: str = ""
    table_faces: tuple = ()
    board_at: Point | None = None
    stacks: bool = False

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


def _points_map(dx: float = 0.0, dy: float = 0.0, rotate: int = 0, mirror_x: float | None = None):
    """``transform_point`` with its arguments bound, of a sequence of points:
    a function returning the tuple of them moved.

    A kit moves hundreds of thousands of points onto its sheets, nearly all
    by a shift alone, so the shift and the quarter turn get a direct loop
    (the same arithmetic, so the same floats, as ``transform_point``)."""
    turns = (rotate // 90) % 4
    if mirror_x is None and turns == 0:
        return lambda points: tuple([(x + dx, y + dy) for x, y in points])
    if mirror_x is None and turns == 1:
        return lambda points: tuple([(-y + dx, x + dy) for x, y in points])
    return lambda points: tuple([transform_point(p, dx, dy, rotate, mirror_x) for p in points])


def _moved(item, **changes):
    """A copy of a frozen item dataclass with ``changes``: ``dataclasses.replace``
    without its per-call walk over the fields, for items that have nothing
    for ``__init__`` to check (no ``__post_init__``, no slots)."""
    if hasattr(item, "__post_init__") or not hasattr(item, "__dict__"):
        return replace(item, **changes)
    new = object.__new__(type(item))
    state = new.__dict__
    state.update(item.__dict__)
    state.update(changes)
    return new


def transform(item: Item, **kw) -> Item:
    """The item moved by ``transform_point``'s arguments."""
    return _transform(item, _points_map(**kw), kw.get("rotate", 0))


def _transform(item: Item, move, rotate: int) -> Item:
    if isinstance(item, Line):
        return _moved(item, points=move(item.points))
    if isinstance(item, Fill):
        return _moved(item, points=move(item.points), holes=tuple([move(h) for h in item.holes]))
    if isinstance(item, Circle):
        return _moved(item, center=move((item.center,))[0])
    if isinstance(item, Text):
        ((x, y),) = move(((item.x, item.y),))
        return _moved(item, x=x, y=y, angle=(item.angle + rotate) % 360)
    if isinstance(item, Image):
        # The box's corners moved; the picture turns with it (a mirror moves
        # the box alone: a picture is never printed back to front).
        corners = move(rect(item.x, item.y, item.w, item.h))
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return replace(item, x=min(xs), y=min(ys), w=max(xs) - min(xs), h=max(ys) - min(ys),
                       angle=(item.angle + rotate) % 360)
    raise TypeError(item)


def translate(items, dx: float, dy: float) -> list:
    move = _points_map(dx=dx, dy=dy)
    return [_transform(i, move, 0) for i in items]


# --- shapes --------------------------------------------------------------

def rect(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """The corners of a rectangle, counter-clockwise from (x, y)."""
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def regular_polygon(cx: float, cy: float, r: float, n: int, start_deg: float = 90) -> tuple[Point, ...]:
    """The ``n`` corners of a regular polygon about (cx, cy), the first at ``start_deg``."""
    return tuple([(cx + r * c, cy + r * s) for c, s in _unit_polygon(n, start_deg)])


@lru_cache(maxsize=256)
def _unit_polygon(n: int, start_deg: float) -> tuple[Point, ...]:
    # A kit draws the same few player marks hundreds of times: the sines
    # and cosines of each kind are worked out once.
    return tuple((math.cos(math.radians(start_deg + 360 * k / n)),
                  math.sin(math.radians(start_deg + 360 * k / n))) for k in range(n))


def _tab_frame(a: Point, b: Point, depth: float, taper_deg: float):
    """The edge a->b of a tab: its length, its direction, its outward normal
    (right of a->b) and how far the tab's sloping ends set its outer edge in."""
    ax, ay = a
    bx, by = b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    inset = min(depth / math.tan(math.radians(taper_deg)), length / 2 - 0.5)
    return length, (ux, uy), (uy, -ux), inset


def tab_corners(a: Point, b: Point, depth: float, taper_deg: float = 45.0) -> tuple[Point, Point]:
    """The outer corners (c near b, d near a) of a tapered tab on the edge a->b,
    on the edge's right-hand side (outside, for a counter-clockwise outline).

    The ends slope at ``taper_deg`` so the tab is shorter than its edge."""
    ax, ay = a
    bx, by = b
    _, (ux, uy), (nx, ny), inset = _tab_frame(a, b, depth, taper_deg)
    c = (bx - ux * inset + nx * depth, by - uy * inset + ny * depth)
    d = (ax + ux * inset + nx * depth, ay + uy * inset + ny * depth)
    return c, d


def tapered_free_edge(fold, free, taper_deg: float = 45.0) -> tuple[Point, ...]:
    """The free edge of a tab folded along the polyline ``fold``, with its two
    ends cut in at ``taper_deg`` to the fold, so the tab is shorter than its edge.

    ``free`` is the untapered free edge, a polyline beside ``fold`` running the
    same way (for a band of even depth, the fold moved by the depth). Each end
    line starts at an end point of the fold and leans inward over the tab;
    ``free`` is clipped to the side of both lines the fold lies on. The result
    runs from where the first end line meets the free edge to where the last
    one does: ``fold`` followed by it reversed is the tab, one closed polygon
    whose ends make ``taper_deg`` with the fold's end segments. The fold's
    slopes are taken to be shallower than the taper, so it stays inside."""
    fold = [tuple(p) for p in fold]
    free = [tuple(p) for p in free]

    def cross(u, v):
        return u[0] * v[1] - u[1] * v[0]

    def end_line(p, q, f):
        """The end line at ``p`` (the fold going on to ``q``, the free edge's
        end ``f`` across from it): a point on it, its direction and the sign
        of the side the fold lies on."""
        length = _dist(p, q)
        d = ((q[0] - p[0]) / length, (q[1] - p[1]) / length)
        outward = 1.0 if cross(d, (f[0] - p[0], f[1] - p[1])) > 0 else -1.0
        a = math.radians(taper_deg) * outward  # turned from the fold towards the tab
        e = (d[0] * math.cos(a) - d[1] * math.sin(a), d[0] * math.sin(a) + d[1] * math.cos(a))
        return p, e, math.copysign(1.0, cross(e, d))

    def clip(points, line):
        origin, e, keep = line

        def side(x):
            return cross(e, (x[0] - origin[0], x[1] - origin[1])) * keep

        out: list[Point] = []
        for i, x in enumerate(points):
            if i and (side(points[i - 1]) > 1e-12) != (side(x) > 1e-12):
                w = points[i - 1]
                t = side(w) / (side(w) - side(x))
                out.append((w[0] + t * (x[0] - w[0]), w[1] + t * (x[1] - w[1])))
            if side(x) > 1e-12:
                out.append(x)
        return out

    edge = clip(clip(free, end_line(fold[0], fold[1], free[0])), end_line(fold[-1], fold[-2], free[-1]))
    return tuple(p for i, p in enumerate(edge) if not i or _dist(edge[i - 1], p) > 1e-9)


MIN_TEXT_PT = 6.0  # smallest print a person reads without a lens
REVERSED_PT = 7.0  # smallest light type on a colour: finer strokes fill in on an inkjet
CUT_CLEAR = 2.5  # mm between anything a player reads and a cut line (a cut a millimetre off never clips it)
# Vera's ascender and descender, in ems: the height a line of lowercase
# words with "l", "d" and "g" takes.
ASCENT, DESCENT = 0.76, 0.24
TAB_CLEAR = 0.6  # mm between a tab's words and its fold or free edge


def glue_tab_art(a: Point, b: Point, depth: float, label: str = "glue",
                 taper_deg: float = 45.0, fold: str = VALLEY, size: float | None = None) -> list[Item]:
    """A glue tab's shading, its fold line along a->b and its label, but no cut
    line: for tabs that are part of a larger outline (see ``tabbed_outline``).

    The label is set as large as fits inside the tapered tab, up to ``size``
    points (default: in proportion to the depth, at most 7), never crossing
    its cut ends; when one line would be smaller than MIN_TEXT_PT it breaks
    into two lines."""
    c, d = tab_corners(a, b, depth, taper_deg)
    if size is None:
        size = min(7.0, depth * 1.6)  # points
    return [
        Fill((a, b, c, d), GLUE_GREY, role=GLUE),
        Line((a, b), role=fold),
        *tab_label(a, b, depth, label, taper_deg, size),
    ]


def tab_label(a: Point, b: Point, depth: float, label: str, taper_deg: float = 45.0,
              size: float = 7.0) -> list[Text]:
    """The words of the tab on a->b (see ``glue_tab_art``), centred in it,
    reading along the edge and never upside down."""
    ax, ay = a
    bx, by = b
    # (nx, ny) points from the fold out to the tab's free edge.
    length, (ux, uy), (nx, ny), inset = _tab_frame(a, b, depth, taper_deg)
    angle = math.degrees(math.atan2(uy, ux))
    if angle <= -90 or angle > 90:
        angle = (angle + 180) % 360
    rad = math.radians(angle)
    upx, upy = -math.sin(rad), math.cos(rad)  # the text's "up"
    facing = 1.0 if upx * nx + upy * ny > 0 else -1.0  # +1: up points out of the tab

    def layout(lines, pt):
        """Baselines (distance from the tab's centre line, along "up") if the
        lines fit the tab at ``pt`` points, else None."""
        line_h, asc, desc = 1.15 * pt * PT, ASCENT * pt * PT, DESCENT * pt * PT
        block = (len(lines) - 1) * line_h + asc + desc
        first = block / 2 - asc
        baselines = [first - k * line_h for k in range(len(lines))]
        for text, w in zip(lines, baselines):
            low, high = sorted((depth / 2 + facing * (w - desc), depth / 2 + facing * (w + asc)))
            if low < TAB_CLEAR or high > depth - TAB_CLEAR:
                return None
            room = length - 2 * inset * high / depth - 1.0  # the tab is narrowest at high
            if text_width_mm(text, pt) > room:
                return None
        return baselines

    def best(options, smallest):
        """The first of ``options`` (lists of lines) that fits, at the largest size."""
        for k in range(int((size - smallest) / 0.1 + 1e-9) + 1):
            pt = size - 0.1 * k
            for lines in options:
                baselines = layout(lines, pt)
                if baselines is not None:
                    return lines, pt, baselines
        return None

    words = label.split()
    # Two lines, the most even break first, only when one line would be too small.
    twos = sorted(([" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))),
                  key=lambda lines: max(text_width_mm(t, 1.0) for t in lines))
    choice = best([[label]], MIN_TEXT_PT) or best(twos, MIN_TEXT_PT) or best([[label]], 2.0)
    if choice is None:  # a tab too small for any words: centre them anyway
        choice = ([label], 2.0, [-(ASCENT - DESCENT) / 2 * 2.0 * PT])
    lines, pt, baselines = choice
    cx = (ax + bx) / 2 + nx * depth / 2
    cy = (ay + by) / 2 + ny * depth / 2
    return [Text(cx + upx * w, cy + upy * w, text, size=round(pt, 2), angle=angle % 360)
            for text, w in zip(lines, baselines)]


def tabbed_outline(points, tabs) -> tuple[Point, ...]:
    """A closed counter-clockwise outline with tapered tabs let into its edges.

    ``tabs`` holds ``(a, b, depth)`` triples (taper 45 degrees); each edge
    a->b must lie on one of the outline's edges, running the same way. The
    result is one closed polygon, so the cut is a single closed path."""
    points = tuple(points)
    out: list[Point] = []
    for i, p in enumerate(points):
        q = points[(i + 1) % len(points)]
        out.append(p)
        on_edge = []
        for a, b, depth in tabs:
            if _on_segment(a, p, q) and _on_segment(b, p, q) and _dist(p, a) < _dist(p, b):
                on_edge.append((_dist(p, a), a, b, depth))
        for _, a, b, depth in sorted(on_edge):
            c, d = tab_corners(a, b, depth)
            out.extend(x for x in (a, d, c, b) if not out or _dist(out[-1], x) > 1e-9)
    # Drop a point that repeats the next one (a tab starting at a corner).
    cleaned = [p for i, p in enumerate(out) if _dist(p, out[(i + 1) % len(out)]) > 1e-9]
    return tuple(cleaned)


def _dist(p: Point, q: Point) -> float:
    return math.hypot(q[0] - p[0], q[1] - p[1])


def _on_segment(x: Point, p: Point, q: Point, eps: float = 1e-6) -> bool:
    return abs(_dist(p, x) + _dist(x, q) - _dist(p, q)) < eps


def polygon_area(points) -> float:
    """The area of a simple polygon (shoelace formula), in mm^2."""
    points = tuple(points)
    return abs(sum([x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1])])) / 2


def item_box(item) -> tuple | None:
    """(x0, y0, x1, y1) an item covers, words included: their width at their
    size, from a little below the baseline to the cap height (turned words:
    a square round their anchor); None for an item with no extent."""
    if isinstance(item, Text):
        wide = text_width_mm(item.text, item.size, bold=item.bold)
        if item.angle % 180:
            return (item.x - wide, item.y - wide, item.x + wide, item.y + wide)
        left = {"start": item.x, "middle": item.x - wide / 2, "end": item.x - wide}[item.anchor]
        return (left, item.y - DESCENT * item.size * PT, left + wide, item.y + ASCENT * item.size * PT)
    if isinstance(item, (Line, Fill)) and item.points:
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (min(xs), min(ys), max(xs), max(ys))
    if isinstance(item, Circle):
        (cx, cy), r = item.center, item.radius
        return (cx - r, cy - r, cx + r, cy + r)
    if isinstance(item, Image):
        return (item.x, item.y, item.x + item.w, item.y + item.h)
    return None


def bounds(items) -> tuple[float, float, float, float]:
    """(xmin, ymin, xmax, ymax) of the points of lines, fills and circles."""
    xs: list[float] = []
    ys: list[float] = []
    for item in items:
        if isinstance(item, (Line, Fill)):
            xs.extend(p[0] for p in item.points)
            ys.extend(p[1] for p in item.points)
        elif isinstance(item, Circle):
            xs.extend((item.center[0] - item.radius, item.center[0] + item.radius))
            ys.extend((item.center[1] - item.radius, item.center[1] + item.radius))
    return (min(xs), min(ys), max(xs), max(ys))
