"""Bleed: colour carried past a piece's cut line, so a cut that misses by a
millimetre leaves colour at the edge, never a white sliver.

A colour field (an art ``Fill``) that runs along a piece's cut outline is
extended outwards by the bleed width, along the stretch of outline it
covers. The extension stays outside every piece of the sheet (it never
paints a neighbour), inside the printable area, and under all other ink:
it is drawn in the ``bleed`` role, first. Fold lines are not cut lines, so
nothing bleeds across a fold; glue tabs and waste do not bleed.

Geometry is done with shapely (offsets with mitred corners, unions,
intersections); coordinates are rounded to 1/10000 mm so the same kit is
the same file every time.
"""

from __future__ import annotations

from itertools import chain

import numpy

from ..shapes import (LineString, MultiLineString, Polygon, box, buffer, distance, get_coordinates, intersection,
                      is_valid, line_merge, linearrings, linestrings, make_valid, multilinestrings, points, polygonize,
                      polygons, unary_union)
from .core import ART, CUT, FIELD_MM2, Circle, Fill, Line, polygon_area

BLEED = "bleed"  # the role of bleed fills: print only, drawn before everything else
TOUCH = 0.05  # mm: a field this close to the cut line runs along it
MIN_RUN = 0.5  # mm of cut line a field must run along to bleed (a corner touching it does not)
WHITE = {"#FFFFFF", "#FFF", "WHITE"}


def piece_area(items):
    """The area the cut lines of a part enclose (a shapely geometry), or None."""
    segments = []
    for item in items:
        if isinstance(item, Line) and item.role == CUT and len(item.points) > 1:
            points = list(item.points)
            if item.closed:
                points.append(points[0])
            segments.append(points)
    if not segments:
        return None
    polygons = list(polygonize(unary_union(MultiLineString([LineString(points) for points in segments]))))
    return unary_union(polygons) if polygons else None


def painted_shapes(items) -> list:
    """The shape of each of ``items``, Fills (made valid) and Circles, in
    their order. A sheet has thousands: shapely builds them all at once."""
    out = numpy.empty(len(items), dtype=object)
    fills = [k for k, item in enumerate(items) if isinstance(item, Fill)]
    discs = [k for k, item in enumerate(items) if not isinstance(item, Fill)]
    if fills:
        rings = [[items[k].points] + [h for h in items[k].holes if len(h) > 2] for k in fills]
        flat = [ring for own in rings for ring in own]
        xys = chain.from_iterable(chain.from_iterable(flat))  # x0, y0, x1, ...: numpy reads it fastest
        closed = linearrings(numpy.fromiter(xys, dtype=float).reshape(-1, 2),
                             indices=numpy.repeat(numpy.arange(len(flat)), [len(ring) for ring in flat]))
        shapes = polygons(closed, indices=numpy.repeat(numpy.arange(len(rings)), [len(own) for own in rings]))
        broken = ~is_valid(shapes)
        shapes[broken] = make_valid(shapes[broken])
        out[fills] = shapes
    if discs:
        out[discs] = buffer(points([items[k].center for k in discs]), [items[k].radius for k in discs], quad_segs=16)
    return out.tolist()


def _visible_fields(items, wanted=None):
    """(fill, the part of it no later fill or disc covers) for each art fill,
    in drawing order: what shows at the cut line is what bleeds (a white
    label strip over a coloured field bleeds nothing). ``wanted(fill,
    shape)``: whether that part is needed; None in its place where not (it
    costs a difference of shapes, the most of a sheet's bleed)."""
    painted = [item for item in items if (isinstance(item, Fill) and item.role == ART and len(item.points) > 2)
               or (isinstance(item, Circle) and item.fill)]
    shapes = [(item if isinstance(item, Fill) else None, shape)
              for item, shape in zip(painted, painted_shapes(painted))]
    needed = [item is not None and (wanted is None or wanted(item, shape)) for item, shape in shapes]
    first = needed.index(True) if True in needed else len(shapes)
    visible = []
    covered = None  # all painted after shapes[k]
    for k in range(len(shapes) - 1, -1, -1):
        item, shape = shapes[k]
        if item is not None:
            visible.append((item, (shape if covered is None else shape.difference(covered)) if needed[k] else None))
        if k > first:  # what covers a fill is only worked out as far back as the first needed one
            covered = shape if covered is None else covered.union(shape)
    return visible[::-1]


def bleed_fills(items, area, keep_out, width: float, printable) -> list[Fill]:
    """Bleed fills of one part: ``items`` and ``area`` (its ``piece_area``) in
    sheet coordinates; ``keep_out`` the union of every piece on the sheet;
    ``printable`` the rectangle ink may reach; ``width`` in mm."""
    if area is None or width <= 0:
        return []
    outline = area.boundary
    room = area.buffer(width, join_style="mitre", mitre_limit=4.0).difference(keep_out).intersection(printable)
    if room.is_empty:
        return []
    edges = linestrings(numpy.concatenate([numpy.stack([c[:-1], c[1:]], axis=1) for c in
                                           (numpy.asarray(ring.coords) for ring in _lines(outline))]))
    out: list[Fill] = []

    def wanted(item, shape) -> bool:
        # What shows of a fill lies inside it: a fill farther from the cut
        # line than TOUCH shows nothing nearer, and bleeds nothing.
        return item.color.upper() not in WHITE and shape.distance(outline) <= TOUCH

    for item, field in _visible_fields(items, wanted):
        if field is None or item.color.upper() in WHITE or field.is_empty or field.distance(outline) > TOUCH:
            continue
        # The stretches of cut line it runs along, joined round the corners it
        # turns (so the bleed fills those corners), without the stubs where it
        # only touches the cut at a point.
        near = field.buffer(TOUCH)
        close = edges[distance(edges, field) <= TOUCH]
        along = [g for piece in intersection(close, near) for g in _lines(piece) if g.length >= MIN_RUN]
        if not along:
            continue
        reach = line_merge(multilinestrings(along)).buffer(width + TOUCH, cap_style="flat", join_style="mitre")
        grown = field.buffer(width, join_style="mitre", mitre_limit=4.0)
        out += _fills(grown.intersection(reach).intersection(room), item.color,
                      rich=item.rich or polygon_area(item.points) >= FIELD_MM2)
    return out


def _lines(geometry) -> list:
    """The line strings in a shapely geometry of any kind."""
    if isinstance(geometry, LineString):
        return [geometry]
    return [g for part in getattr(geometry, "geoms", ()) for g in _lines(part)]


def _fills(geometry, color: str, rich: bool = False) -> list[Fill]:
    """Fill items for the polygons of a shapely geometry (of any kind)."""
    polygons = []
    stack = [geometry]
    while stack:
        g = stack.pop()
        if isinstance(g, Polygon):
            if not g.is_empty and g.area > 1e-3:
                polygons.append(g)
        elif hasattr(g, "geoms"):
            stack.extend(g.geoms)
    polygons.sort(key=lambda p: (round(p.bounds[0], 4), round(p.bounds[1], 4)))
    return [Fill(_ring(p.exterior), color, role=BLEED, holes=tuple(_ring(h) for h in p.interiors), rich=rich)
            for p in polygons]


def _ring(ring) -> tuple:
    points = [(round(x, 4), round(y, 4)) for x, y in get_coordinates(ring).tolist()]
    return tuple(points[:-1])  # shapely repeats the first point last


def sheet_bleed(placements, width: float, printable_rect) -> list[Fill]:
    """The bleed fills of every placed part of a sheet (see the module doc).
    ``printable_rect`` is (x0, y0, x1, y1) in mm."""
    if width <= 0:
        return []
    moved = [p.items() for p in placements]
    areas = [piece_area(items) for items in moved]
    present = [a for a in areas if a is not None]
    if not present:
        return []
    keep_out = unary_union(present)
    printable = box(*printable_rect)
    fills: list[Fill] = []
    for items, area in zip(moved, areas):
        fills += bleed_fills(items, area, keep_out, width, printable)
    return fills

