"""Cut files for cutting machines: one SVG per sheet.

The SVG is sized in millimetres with a viewBox in millimetres, so 1 unit is
1 mm. It holds two Inkscape layers and nothing else: ``cut`` (every cut
line, pure red #FF0000) and ``score`` (every fold line, pure blue #0000FF),
hairline strokes, no fills, no dashes (a cutter would cut a dashed path
whole). A segment shared by two parts (abutting tiles) is written once,
since a cutter would otherwise cut it twice; outlines that stay whole are
closed paths. Print art is left out: the PDF carries it.
"""

from __future__ import annotations

from pathlib import Path

import svgwrite

from ..parts.core import CUT, MOUNTAIN, VALLEY, Line
from ..shapes import Polygon

CUT_RED = "#FF0000"
SCORE_BLUE = "#0000FF"
HAIRLINE_MM = 0.0254  # 0.001 in, what laser and blade cutters call a hairline
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
DIGITS = 3  # coordinates are rounded to 1/1000 mm, also when matching segments


_ROLES = {"cut": (CUT,), "score": (VALLEY, MOUNTAIN)}


def has_lines(sheet) -> bool:
    """Whether a sheet has anything to cut or score (a cover sheet or a score
    sheet has not, and gets no cut file)."""
    roles = _ROLES["cut"] + _ROLES["score"]
    return any(isinstance(i, Line) and i.role in roles for i in sheet.part_items())


def write(sheet, path: Path, kerf: float = 0.0) -> None:
    """Write the cut and score lines of one sheet to ``path``; with a ``kerf``
    (mm a laser burns away) every closed cut outline of a piece standing on
    its own moves out by half of it, so pieces keep their printed size."""
    width, height = sheet.paper.width, sheet.paper.height
    drawing = svgwrite.Drawing(str(path), size=(f"{width:g}mm", f"{height:g}mm"),
                               viewBox=f"0 0 {width:g} {height:g}", profile="full", debug=False)
    drawing.attribs["xmlns:inkscape"] = INKSCAPE_NS
    items = sheet.part_items()
    for layer, colour in (("cut", CUT_RED), ("score", SCORE_BLUE)):
        roles = _ROLES[layer]
        group = drawing.g(id=layer, fill="none", stroke=colour, stroke_width=HAIRLINE_MM)
        group.attribs["inkscape:groupmode"] = "layer"
        group.attribs["inkscape:label"] = layer
        lines = [i for i in items if isinstance(i, Line) and i.role in roles]
        if layer == "cut" and kerf > 0:
            shared = _shared_segments(lines)
            lines = [line if _segments(line) & shared else outset(line, kerf / 2) for line in lines]
        for points, closed in unique_paths(lines, height):
            group.add(drawing.path(d=_d(points, closed)))
        drawing.add(group)
    drawing.save(pretty=True)


def _segments(line: Line) -> set:
    pts = [(round(x, DIGITS), round(y, DIGITS)) for x, y in line.points]
    pairs = list(zip(pts, pts[1:])) + ([(pts[-1], pts[0])] if line.closed else [])
    return {_key(p, q) for p, q in pairs if p != q}


def _shared_segments(lines) -> set:
    """Segments that more than one line cuts: pieces set edge to edge. An
    outline with one of these keeps its place under a kerf (moving it would
    cut the shared edge twice, a hair apart)."""
    seen: set = set()
    shared: set = set()
    for line in lines:
        mine = _segments(line)
        shared |= mine & seen
        seen |= mine
    return shared


def outset(line: Line, distance: float) -> Line:
    """A closed outline moved out by ``distance`` mm, mitred corners; an
    open line (a cut shared by two pieces) as it is."""
    if not line.closed or len(line.points) < 3:
        return line
    grown = Polygon(line.points).buffer(distance, join_style="mitre", mitre_limit=4.0)
    if not isinstance(grown, Polygon) or grown.is_empty:
        return line
    return Line(tuple(grown.exterior.coords)[:-1], role=line.role, closed=True)


def _d(points, closed: bool) -> str:
    head, rest = points[0], points[1:]
    d = f"M{head[0]:g},{head[1]:g}" + "".join(f" L{x:g},{y:g}" for x, y in rest)
    return d + (" Z" if closed else "")


def _key(p, q):
    return (p, q) if p <= q else (q, p)


def unique_paths(lines, height: float):
    """The lines as SVG paths (y flipped to point down), each segment once.

    Lines are taken in order; a segment already written by an earlier line
    is dropped, and what remains of a line is joined into runs. A closed line
    none of whose segments was dropped stays one closed path."""
    seen: set = set()
    paths = []
    for line in lines:
        pts = [(round(x, DIGITS), round(height - y, DIGITS)) for x, y in line.points]
        pts = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]  # no zero-length steps
        if line.closed and len(pts) > 2 and pts[0] == pts[-1]:
            pts.pop()
        if len(pts) < 2:
            continue
        segments = list(zip(pts, pts[1:]))
        if line.closed:
            segments.append((pts[-1], pts[0]))
        keep = []
        for p, q in segments:
            k = _key(p, q)
            keep.append(k not in seen)
            seen.add(k)
        if line.closed and all(keep):
            paths.append((pts, True))
            continue
        runs: list[list] = []
        for (p, q), kept in zip(segments, keep):
            if not kept:
                continue
            if runs and runs[-1][-1] == p:
                runs[-1].append(q)
            else:
                runs.append([p, q])
        # A closed line's last run may continue into its first.
        if line.closed and len(runs) > 1 and runs[-1][-1] == runs[0][0]:
            runs[0] = runs.pop() + runs[0][1:]
        paths.extend((run, False) for run in runs)
    return paths
