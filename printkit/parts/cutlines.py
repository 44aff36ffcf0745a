"""Cut lines that stay visible on whatever they cross.

A cut line is printed thin and black (``cut``), which disappears on a dark
field or on the dark bleed past it: the user then cuts along the edge of
the bleed instead, millimetres off. ``cut_guides`` looks at what a sheet
prints on each side of every cut line and adds print-only ``guide`` lines,
drawn over the cut lines, where black would not show:

- dark on both sides: a light line centred on the cut, KNOCKOUT_PT wide
  (a knock-out finer than 0.2 mm fills in on an inkjet);
- dark on one side only: a double line, the light line on the dark side and
  a black one on the light side, meeting on the cut, so the edge between
  them is where to cut whichever side one looks from;
- light on both sides: nothing, the black cut line shows.

"Dark" is a colour whose luma (Rec. 601, as a greyscale print or render
weighs red, green and blue) is nearer the black ink than the light line's:
each side gets the line that differs from it most. What lies on a side is
found as the writer paints it: the topmost fill there, in drawing order,
bleed and waste included; in ink-saver mode a large fill is only the band
along its outline and waste is hatched on paper.
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy

from ..shapes import STRtree, covers, linestrings, points, prepare
from .bleed import BLEED, painted_shapes
from .core import CUT, GLUE, GUIDE, INK, MOUNTAIN, PT, VALLEY, WASTE, Circle, Fill, Line

LIGHT = "#C8C8C8"  # the light cut line: far from black and from dark fields, not glaring on the cut edge
KNOCKOUT_PT = 0.6  # 0.21 mm: a light line on a dark field no finer than 0.2 mm
CUT_INK_PT = 0.4  # the black half of a double line, as wide as a cut line (writers.pdf.CUT_PT)
BAND_PT = 1.6  # ink-saver's band inside a large fill's outline (writers.pdf.INK_SAVER_OUTLINE_PT)
SIDE = 0.3  # mm from the cut at which each side's background is read: past the light line
STEP = 0.4  # mm between readings along a cut
EXACT = 0.02  # mm: where a side turns from light to dark is found this closely
PAPER = 255.0


@lru_cache(maxsize=1024)  # a kit has a few colours, asked of every painted area
def luma(hex_code: str) -> float:
    """0 (black) .. 255 (white): how light an sRGB colour prints in grey."""
    text = hex_code.lstrip("#")
    if len(text) == 3:
        text = "".join(c * 2 for c in text)
    r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


DARK_BELOW = luma(LIGHT) / 2  # a field darker than this shows the light line better than black


def is_dark(hex_code: str) -> bool:
    return luma(hex_code) < DARK_BELOW


def layer(item) -> int:
    """The order the writer paints items in (stable within a layer): glue
    tabs and waste, then bleed (a field's colour past its cut shows on the
    waste around it, which is cut away), art, cut and fold lines, guides last."""
    if isinstance(item, Fill) and item.role in (WASTE, GLUE):
        return 0
    if isinstance(item, Fill) and item.role == BLEED:
        return 1
    if isinstance(item, Line) and item.role in (CUT, VALLEY, MOUNTAIN):
        return 3
    if isinstance(item, Line) and item.role == GUIDE:
        return 4
    return 2


def _surfaces(items, ink_saver: bool):
    """(shape, dark) of every painted area, in the order it is painted."""
    painted = [item for item in sorted(items, key=layer)
               if (isinstance(item, Fill) and len(item.points) > 2 and not (ink_saver and item.role == WASTE))
               or (isinstance(item, Circle) and item.fill)]  # ink-saver's waste: sparse hatching on paper
    out = []
    for item, shape in zip(painted, painted_shapes(painted)):
        if isinstance(item, Fill) and ink_saver and item.large:
            shape = shape.difference(shape.buffer(-max(item.stroke_pt, BAND_PT) * PT))
        if not shape.is_empty:
            out.append((shape, is_dark(item.color if isinstance(item, Fill) else item.fill)))
    return out


class _Background:
    """Whether the sheet is dark at a point: its topmost painted area there."""

    def __init__(self, surfaces):
        self.dark = [d for _, d in surfaces]
        self.tree = STRtree([s for s, _ in surfaces])
        self.dark_tree = STRtree([s for s, d in surfaces if d])
        # Prepared, an area tells at once whether it covers each of thousands of points.
        self.shapes = self.tree.geometries
        prepare(self.shapes)

    def at_each(self, xs, ys):
        """Whether the sheet is dark at each point (xs[i], ys[i]), as a bool
        array: the topmost painted area covering it, paper where none does."""
        spots = points(xs, ys)
        asked, found = self.tree.query(spots)  # the areas whose box holds each point
        inside = covers(self.shapes[found], spots[asked])
        top = numpy.full(len(xs), -1)
        numpy.maximum.at(top, asked[inside], found[inside])  # the topmost area covering each point
        return numpy.append(self.dark, False)[top]  # -1, no area: paper


def cut_guides(items, ink_saver: bool = False) -> list[Line]:
    """The guide lines that keep a sheet's cut lines visible (see the module doc);
    ``items`` are everything the sheet prints, in sheet coordinates.

    Every straight segment of every cut is read at once: a sheet has
    thousands, each read every STEP along its length on both sides."""
    items = list(items)
    surfaces = _surfaces(items, ink_saver)
    if not any(dark for _, dark in surfaces):
        return []
    ground = _Background(surfaces)
    segments = []  # (p, q, length)
    for item in items:
        if isinstance(item, Line) and item.role == CUT and len(item.points) > 1:
            ends = list(item.points) + ([item.points[0]] if item.closed else [])
            segments += [(p, q, d) for p, q in zip(ends, ends[1:]) if (d := math.dist(p, q)) >= 1e-9]
    if not segments:
        return []
    # Only segments that pass near a dark area can need a guide.
    lines = linestrings(numpy.array([(p, q) for p, q, _ in segments], dtype=float))
    near = numpy.unique(ground.dark_tree.query(lines, predicate="dwithin", distance=SIDE + 1e-6)[0])
    segments = [segments[i] for i in near.tolist()]
    if not segments:
        return []
    cut = _Cuts(segments)
    # Read the sides every STEP; where they change, find the change to EXACT.
    count = numpy.maximum(1, numpy.ceil(cut.length / STEP)).astype(int)
    which = numpy.repeat(numpy.arange(len(segments)), count + 1)
    first = numpy.cumsum(count + 1) - (count + 1)  # each segment's first reading
    ts = cut.length[which] * (numpy.arange(len(which)) - first[which]) / count[which]
    left, right = cut.sides(ground, which, ts)
    changed = numpy.flatnonzero(((left[1:] != left[:-1]) | (right[1:] != right[:-1]))
                                & (which[1:] == which[:-1]))  # between readings i and i + 1
    low, high = ts[changed], ts[changed + 1]
    left_before, right_before = left[changed], right[changed]
    at = which[changed]
    # Halve every interval at once, each until it is EXACT, as one at a time would.
    while (busy := numpy.flatnonzero(high - low > EXACT)).size:
        mid = (low[busy] + high[busy]) / 2
        l, r = cut.sides(ground, at[busy], mid)
        same = (l == left_before[busy]) & (r == right_before[busy])
        low[busy] = numpy.where(same, mid, low[busy])
        high[busy] = numpy.where(same, high[busy], mid)
    switches = {}  # segment -> [(where, (left, right) after)]
    for k, t, i in zip(at.tolist(), ((low + high) / 2).tolist(), (changed + 1).tolist()):
        switches.setdefault(k, []).append((t, (bool(left[i]), bool(right[i]))))
    out: list[Line] = []
    for k, (p, q, length) in enumerate(segments):
        i = first[k]
        runs, start, before = [], 0.0, (bool(left[i]), bool(right[i]))
        for t, now in switches.get(k, ()):
            runs.append((start, t, before))
            start, before = t, now
        runs.append((start, length, before))
        out += _run_guides(p, q, length, runs)
    return out


class _Cuts:
    """Straight cut segments as arrays: where each reads the sheet beside it."""

    def __init__(self, segments):
        self.length = numpy.array([d for _, _, d in segments])
        self.p = numpy.array([p for p, _, _ in segments], dtype=float)
        q = numpy.array([q for _, q, _ in segments], dtype=float)
        self.u = (q - self.p) / self.length[:, None]  # unit vector p -> q
        self.n = numpy.stack([-self.u[:, 1], self.u[:, 0]], axis=1)  # its left

    def sides(self, ground: _Background, which, ts):
        """(left dark, right dark) SIDE from segment ``which[i]`` at ``ts[i]`` along it."""
        x = self.p[which, 0] + self.u[which, 0] * ts
        y = self.p[which, 1] + self.u[which, 1] * ts
        nx, ny = self.n[which, 0] * SIDE, self.n[which, 1] * SIDE
        read = ground.at_each(numpy.concatenate([x + nx, x - nx]), numpy.concatenate([y + ny, y - ny]))
        return read[:len(ts)], read[len(ts):]


def _run_guides(p, q, length: float, runs) -> list[Line]:
    """The guides along segment p -> q for its runs (start, end, (left dark, right dark))."""
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = -uy, ux  # the left of p -> q
    out = []
    light_w, ink_w = KNOCKOUT_PT * PT, CUT_INK_PT * PT
    for t0, t1, (left, right) in runs:
        if t1 - t0 < EXACT or not (left or right):
            continue

        def along(offset: float):
            return ((p[0] + ux * t0 + nx * offset, p[1] + uy * t0 + ny * offset),
                    (p[0] + ux * t1 + nx * offset, p[1] + uy * t1 + ny * offset))

        if left and right:
            out.append(Line(_rounded(along(0.0)), role=GUIDE, color=LIGHT, width_pt=KNOCKOUT_PT))
        else:
            toward = 1.0 if left else -1.0  # the dark side
            out.append(Line(_rounded(along(toward * light_w / 2)), role=GUIDE, color=LIGHT, width_pt=KNOCKOUT_PT))
            out.append(Line(_rounded(along(-toward * ink_w / 2)), role=GUIDE, color=INK, width_pt=CUT_INK_PT))
    return out


def _rounded(points) -> tuple:
    # The same kit is the same file every time.
    return tuple((round(x, 4), round(y, 4)) for x, y in points)
