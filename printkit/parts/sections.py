"""A square-grid board too large for the paper, cut into sections that join.

``sections(columns, rows, square, draw_cell, tab, name)`` cuts a board of
``columns`` x ``rows`` squares of ``square`` mm along square edges into the
fewest sections (a grid of them) that each fit the printable area of every
paper, turned or on its side. Each seam gets one glue tab, on the section to
its left or below it, creased along a mountain fold to lie under the
neighbour; every section is labelled with where it goes ("row 2, column 1
of 2 x 2"), and ``assembly(...)`` draws the plan for the cover sheet. ``draw_cell(column, row, x, y, size)`` returns
the art of one square in board millimetres (origin at the board's lower
left). No game is named here: any rectangular board can use it.

``cell_sections(cells, draw_cell, tab, name)`` does the same for a board
of any cells, hexes among them: the sections are cut along the cells' own
edges (a zigzag between rows of hexes), each seam's tab following it.
"""

from __future__ import annotations

import math

from ..sheets import PAPERS, page_for
from ..writers.fonts import fit_size
from .core import (ASCENT, CUT, CUT_CLEAR, DESCENT, GLUE, GLUE_GREY, INK, MIN_TEXT_PT, MOUNTAIN, PT, Fill, Line,
                   Part, Text, glue_tab_art, rect, tab_label, tabbed_outline, translate)

FRAME = 6.0  # mm of board margin around the outer edges of the squares, where each section is labelled
LABEL_SIZE = MIN_TEXT_PT  # points; the label sits CUT_CLEAR or more from the cut


def _spans(count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` squares cut into ``parts`` runs as even as can be: (first, end)."""
    base, extra = divmod(count, parts)
    out, start = [], 0
    for k in range(parts):
        size = base + (1 if k < extra else 0)
        out.append((start, start + size))
        start += size
    return out


def plan(columns: int, rows: int, square: float, tab: float) -> tuple[int, int]:
    """The fewest sections across and up that fit every paper."""
    best = None
    for across in range(1, columns + 1):
        for up in range(1, rows + 1):
            width = max(e - s for s, e in _spans(columns, across)) * square + 2 * FRAME + (tab if across > 1 else 0)
            height = max(e - s for s, e in _spans(rows, up)) * square + 2 * FRAME + (tab if up > 1 else 0)
            probe = Part("probe", width, height)
            if all(page_for(probe, paper) is not None for paper in PAPERS.values()):
                key = (across * up, max(across, up))
                if best is None or key < best[0]:
                    best = (key, (across, up))
    if best is None:
        raise ValueError("a single square does not fit the paper")
    return best[1]


def sections(columns: int, rows: int, square: float, draw_cell, tab: float, name: str = "Board",
             group: str = "board", sized_by: tuple = ()) -> list[Part]:
    across, up = plan(columns, rows, square, tab)
    xs, ys = _spans(columns, across), _spans(rows, up)
    out = []
    for j, (r0, r1) in enumerate(ys):
        for i, (c0, c1) in enumerate(xs):
            x0, y0 = c0 * square, r0 * square
            w, h = (c1 - c0) * square, (r1 - r0) * square
            items: list = []
            for row in range(r0, r1):
                for column in range(c0, c1):
                    items += draw_cell(column, row, column * square, row * square, square)
            left = x0 - (FRAME if i == 0 else 0)
            bottom = y0 - (FRAME if j == 0 else 0)
            right = x0 + w + (FRAME if i == across - 1 else 0)
            top = y0 + h + (FRAME if j == up - 1 else 0)
            tabs = []
            if i < across - 1:  # a tab on the right edge, under the next section
                tabs.append(((right, bottom), (right, top), tab))
            if j < up - 1:  # a tab on the top edge
                tabs.append(((right, top), (left, top), tab))
            for a, b, depth in tabs:  # creased away from the print, to slip under the neighbour
                items += glue_tab_art(a, b, depth, "glue under the next section", fold=MOUNTAIN)
            outline = tabbed_outline(rect(left, bottom, right - left, top - bottom), tabs)
            items.append(Line(outline, role=CUT, closed=True))
            label = f"{name} section {j * across + i + 1} of {across * up}: row {j + 1}, column {i + 1}"
            # In the frame along the board's outer edge, never on a square or a seam.
            label_y = bottom + CUT_CLEAR + DESCENT * LABEL_SIZE * PT if j == 0 else \
                top - CUT_CLEAR - ASCENT * LABEL_SIZE * PT - 0.2
            items.append(Text(left + 3.0, label_y, label, size=LABEL_SIZE, anchor="start"))
            xs_all = [p[0] for p in outline]
            ys_all = [p[1] for p in outline]
            ox, oy = min(xs_all), min(ys_all)
            part = Part(f"{name} section {j * across + i + 1}", max(xs_all) - ox, max(ys_all) - oy,
                        kind="board", group=f"{group}-{j * across + i + 1}", rotatable=True, sized_by=sized_by,
                        table="board", board_at=(ox, oy))
            part.extend(translate(items, -ox, -oy))
            part.meta = {"section": (i, j), "grid": (across, up), "origin": (ox, oy),
                         "squares": ((c0, c1), (r0, r1))}
            out.append(part)
    return out


def assembly(parts: list[Part], scale: float = 0.25) -> list:
    """The plan of the sections for the cover: each outline where it goes, numbered."""
    items: list = []
    for part in parts:
        ox, oy = part.meta["origin"]
        (c0, c1), (r0, r1) = part.meta["squares"]
        x, y = ox * scale, oy * scale
        items.append(Fill(rect(x, y, part.width * scale, part.height * scale), "#FFFFFF", stroke=INK,
                          stroke_pt=0.5))
        items.append(Text(x + part.width * scale / 2, y + part.height * scale / 2,
                          part.name.rsplit(" ", 1)[-1], size=9, bold=True))
    return items


# --- boards of any cells (hexes) -------------------------------------------------

def _territories(cells: dict, box_: tuple) -> dict:
    """Each cell's share of the board: the points nearer its centre than any
    other's (its Voronoi cell), clipped to the board ``box_``. On a regular
    grid inside the board that is the cell itself; at the edge it takes the
    frame beyond it, so sections cut along the cells' own edges out to the
    board's edge. Snapped to a micrometre so neighbours share exact edges."""
    import shapely
    from shapely.geometry import MultiPoint, Point, box

    frame = box(*box_)
    keys = sorted(cells)
    diagram = shapely.voronoi_polygons(MultiPoint([cells[k][0] for k in keys]), extend_to=frame)
    pieces = [shapely.set_precision(g.intersection(frame), 1e-6) for g in diagram.geoms]
    out = {}
    for key in keys:
        at = Point(cells[key][0])
        out[key] = next(p for p in pieces if p.contains(at))
    return out


def _seam(a, b):
    """The line two territories share, as one polyline (None where they only touch at a point)."""
    from shapely.geometry import LineString, MultiLineString
    from shapely.ops import linemerge

    shared = a.boundary.intersection(b.boundary)
    lines = [g for g in getattr(shared, "geoms", [shared]) if isinstance(g, (LineString, MultiLineString))]
    if not lines:
        return None
    merged = linemerge(lines)
    if isinstance(merged, MultiLineString):  # pieces that do not join: the longest is the seam
        merged = max(merged.geoms, key=lambda g: g.length)
    return merged if merged.length > 1e-6 else None


def _seam_tab(seam, into, depth: float):
    """The fold (a polyline) and the tab polygon of a glue tab along ``seam``,
    on the side of it that lies in ``into`` (the neighbour it slips under),
    its ends cut in at 45 degrees."""
    from .core import tapered_free_edge

    points = [tuple(p) for p in seam.coords]
    free = seam.offset_curve(-depth, join_style="mitre")
    probe = free.interpolate(0.5, normalized=True)
    if not into.buffer(1e-6).contains(probe):  # the right-hand side is the other way: run the seam back
        points.reverse()
        from shapely.geometry import LineString
        free = LineString(points).offset_curve(-depth, join_style="mitre")
    # The offset may come in pieces that meet end to end: one polyline again.
    free_points = []
    for piece in getattr(free, "geoms", [free]):
        free_points += [tuple(p) for p in piece.coords if not free_points or math.dist(free_points[-1], p) > 1e-9]
    edge = tapered_free_edge(points, free_points)
    return tuple(points), tuple(points) + tuple(reversed(edge))


def _section_label(label: str, area, board: tuple, at: tuple, grid: tuple, keys: list, cells: dict) -> list:
    """Where a section says where it goes: in the frame along the board's
    outer edge (bottom, top, left or right, whichever the section has),
    CUT_CLEAR from the cut and clear of the cells; a section with no outer
    edge (the middle of a board cut three ways or more) on its lowest cell."""
    from shapely.geometry import box

    (i, j), (across, up) = at, grid
    x0, y0, x1, y1 = board
    bands = []
    if j == 0:
        bands.append(("bottom", box(x0, y0, x1, y0 + FRAME)))
    if j == up - 1:
        bands.append(("top", box(x0, y1 - FRAME, x1, y1)))
    if i == 0:
        bands.append(("left", box(x0, y0, x0 + FRAME, y1)))
    if i == across - 1:
        bands.append(("right", box(x1 - FRAME, y0, x1, y1)))
    for side, band in bands:
        strip = area.intersection(band)
        if strip.is_empty:
            continue
        sx0, sy0, sx1, sy1 = strip.bounds
        along = (sx1 - sx0) if side in ("bottom", "top") else (sy1 - sy0)
        size = fit_size(label, along - 3.0 - CUT_CLEAR, LABEL_SIZE, smallest=MIN_TEXT_PT)
        rise = CUT_CLEAR + DESCENT * size * PT
        if side == "bottom":
            return [Text(sx0 + 3.0, y0 + rise, label, size=size, anchor="start")]
        if side == "top":
            return [Text(sx0 + 3.0, y1 - CUT_CLEAR - ASCENT * size * PT - 0.2, label, size=size, anchor="start")]
        if side == "left":  # reading up the board's left edge
            return [Text(x0 + CUT_CLEAR + ASCENT * size * PT, sy0 + 3.0, label, size=size, anchor="start",
                         angle=90.0)]
        return [Text(x1 - CUT_CLEAR - ASCENT * size * PT, sy1 - 3.0, label, size=size, anchor="start", angle=270.0)]
    # On the lowest cell, in two lines: "Board section 5 of 12" over "row 2, column 2".
    low = min(keys, key=lambda k: (cells[k][0][1], cells[k][0][0]))
    (cx, cy), outline = cells[low]
    width = max(p[0] for p in outline) - min(p[0] for p in outline)
    bottom = min(p[1] for p in outline)
    lines = [part.strip() for part in label.split(":", 1)]
    size = min(fit_size(line, width * 0.8, LABEL_SIZE, smallest=MIN_TEXT_PT) for line in lines)
    y = bottom + (cy - bottom) * 0.5
    return [Text(cx, y - k * size * PT * 1.2, line, size=size) for k, line in enumerate(lines)]


def cell_sections(cells: dict, draw_cell, tab: float, name: str = "Board", group: str = "board",
                  sized_by: tuple = ()) -> list[Part]:
    """A board of any cells (hexes, or squares) cut into sections along the cells' edges.

    ``cells`` maps (column, row) to (centre, outline) in board millimetres;
    ``draw_cell(key)`` returns a cell's art. The board is the cells' extent
    and FRAME round it. Sections are bands of columns and of rows, the fewest
    that fit every paper; each seam (a zigzag between hexes) gets one glue
    tab along its whole length, on the section left of it or below it,
    creased to slip under the neighbour. Meta as ``sections``, with
    ``cells``: the keys each section holds."""
    from shapely.geometry import Polygon
    from shapely.geometry.polygon import orient
    from shapely.ops import unary_union

    xs = [p[0] for _, outline in cells.values() for p in outline]
    ys = [p[1] for _, outline in cells.values() for p in outline]
    board = (min(xs) - FRAME, min(ys) - FRAME, max(xs) + FRAME, max(ys) + FRAME)
    share = _territories(cells, board)
    columns = sorted({c for c, _ in cells})
    rows = sorted({r for _, r in cells})

    def cut(across: int, up: int):
        xs_, ys_ = _spans(len(columns), across), _spans(len(rows), up)
        grid = {}
        for key in cells:
            i = next(k for k, (s, e) in enumerate(xs_) if s <= columns.index(key[0]) < e)
            j = next(k for k, (s, e) in enumerate(ys_) if s <= rows.index(key[1]) < e)
            grid.setdefault((i, j), []).append(key)
        areas = {ij: unary_union([share[k] for k in keys]) for ij, keys in grid.items()}
        shapes = {}
        for (i, j), area in areas.items():
            tabs = []
            for other in ((i + 1, j), (i, j + 1)):
                if other in areas:
                    seam = _seam(area, areas[other])
                    if seam is not None:
                        tabs.append(_seam_tab(seam, areas[other], tab))
            outline = unary_union([area] + [Polygon(t) for _, t in tabs])
            shapes[(i, j)] = (grid[(i, j)], area, tabs, outline)
        return shapes

    def fits(width: float, height: float) -> bool:
        probe = Part("probe", width, height)
        return all(page_for(probe, paper) is not None for paper in PAPERS.values())

    # The cells a section spans at the least, and their extent: a cut that
    # cannot fit even so is not worth working out.
    pitch_x = (max(xs) - min(xs)) / len(columns)
    pitch_y = (max(ys) - min(ys)) / len(rows)
    best = None
    for count, _, across, up in sorted((a * u, max(a, u), a, u) for a in range(1, len(columns) + 1)
                                       for u in range(1, len(rows) + 1)):
        if not fits(max(e - s for s, e in _spans(len(columns), across)) * pitch_x,
                    max(e - s for s, e in _spans(len(rows), up)) * pitch_y):
            continue
        shapes = cut(across, up)
        if len(shapes) != across * up or any(not isinstance(s[3], Polygon) for s in shapes.values()):
            continue
        if all(fits(o.bounds[2] - o.bounds[0], o.bounds[3] - o.bounds[1]) for *_, o in shapes.values()):
            best = (count, (across, up), shapes)
            break
    if best is None:
        raise ValueError("a single cell does not fit the paper")
    (_, (across, up), shapes) = best
    out = []
    for (i, j) in sorted(shapes, key=lambda ij: (ij[1], ij[0])):
        keys, area, tabs, outline = shapes[(i, j)]
        number = j * across + i + 1
        items: list = []
        for key in sorted(keys, key=lambda k: (k[1], k[0])):
            items += draw_cell(key)
        for fold, polygon in tabs:
            items.append(Fill(polygon, GLUE_GREY, role=GLUE))
            items.append(Line(fold, role=MOUNTAIN))
            # Words on every other long stretch of the fold, each read along it.
            long = [(a, b) for a, b in zip(fold, fold[1:]) if math.dist(a, b) >= 3 * tab]
            for a, b in long[::2] or [max(zip(fold, fold[1:]), key=lambda ab: math.dist(*ab))]:
                # The words that fit 6 pt or larger: the whole note, else "glue", else none.
                for words in ("glue under the next section", "glue"):
                    found = tab_label(a, b, tab, words, size=min(7.0, tab * 1.6))
                    if all(t.size >= MIN_TEXT_PT for t in found):
                        items += found
                        break
        ring = orient(outline, 1.0)
        items.append(Line(tuple(ring.exterior.coords)[:-1], role=CUT, closed=True))
        label = f"{name} section {number} of {across * up}: row {j + 1}, column {i + 1}"
        items += _section_label(label, area, board, (i, j), (across, up), keys, cells)
        ox, oy, x1, y1 = ring.bounds
        part = Part(f"{name} section {number}", x1 - ox, y1 - oy, kind="board", group=f"{group}-{number}",
                    rotatable=True, sized_by=sized_by, table="board", board_at=(ox - board[0], oy - board[1]))
        part.extend(translate(items, -ox, -oy))
        part.meta = {"section": (i, j), "grid": (across, up), "origin": (ox, oy), "cells": tuple(sorted(keys)),
                     "board": board}
        out.append(part)
    return out
