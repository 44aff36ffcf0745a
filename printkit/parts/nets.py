"""Folding nets any game can reuse: a cube die and a stand-up piece.

    from printkit.parts.nets import die_net, standup_net
    items, width, height = die_net(18, 7, face_hex="#1A1A1A", pips_hex="#FFFFFF")
    items, width, height = standup_net(22, 28, 16, 8, front_art, back_art)

Both return items in their own frame (mm, y up, origin bottom-left) and the
frame's size, ready to become a Part. Fold lines are mountain folds: every
fold goes away from the printed side, which ends up outside.

**The die.** A net is six square faces on a grid (``CubeNet``); folding it is
computed, not tabulated: ``fold(cells)`` rolls the faces up into a cube and
gives each face its outward direction, ``seams(cells)`` pairs the outer
edges that meet when it is folded (each seam gets one glue tab), and
``die_faces(cells)`` numbers the faces as on a real Western die: opposite
faces add up to 7 and 1, 2, 3 run counter-clockwise around their corner
(a "right-handed" die).

**The stand-up piece** is a triangular tent: a base, a front face and a back
face in one strip, with a glue tab on the base that is glued inside the
back face. The faces lean together at the top, so it stands by itself; the
art of the back face is printed upside down in the net so that both read
upright when it stands.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from ..writers.fonts import fit_size
from .core import (ART, CUT, INK, MIN_TEXT_PT, MOUNTAIN, Circle, Fill, Line, Text, bounds, glue_tab_art, rect,
                   tabbed_outline, transform)

SIDES = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
FOLD_GUIDE_GREY = "#9A9A9A"  # under the fold lines of a dark die, which would hide them
# An ink-saver die's colour: a frame this far inside each face, this wide, in
# faces (0.8 and 1.2 mm on an 18 mm face; its pips keep 0.145 faces clear).
FRAME_IN, FRAME_W = 0.045, 0.065

Vector = tuple[int, int, int]


def _neg(v: Vector) -> Vector:
    return (-v[0], -v[1], -v[2])


def _add(a: Vector, b: Vector) -> Vector:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def _cross(a: Vector, b: Vector) -> Vector:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _dot(a: Vector, b: Vector) -> int:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


@dataclass(frozen=True)
class Frame:
    """Where a face of the net ends up on the folded cube: the directions
    (unit vectors) of its own x and y axes and its outward normal."""

    ex: Vector
    ey: Vector
    normal: Vector

    def direction(self, side: str) -> Vector:
        """The 3D direction of one side of the face (N, E, S or W)."""
        dx, dy = SIDES[side]
        if dx:
            return self.ex if dx > 0 else _neg(self.ex)
        return self.ey if dy > 0 else _neg(self.ey)


def fold(cells) -> dict:
    """Fold a net of six cells (col, row) into a cube, printed side out.

    The first cell faces the viewer (normal +z) and the rest fold away
    behind it: a neighbour across a side turns to face that side's
    direction. Returns {cell: Frame}; raises ValueError if the cells are
    not connected or two of them land on the same face."""
    cells = list(cells)
    root = cells[0]
    frames = {root: Frame((1, 0, 0), (0, 1, 0), (0, 0, 1))}
    queue = deque([root])
    while queue:
        cell = queue.popleft()
        f = frames[cell]
        for side, (dx, dy) in SIDES.items():
            other = (cell[0] + dx, cell[1] + dy)
            if other not in cells or other in frames:
                continue
            out = f.direction(side)  # the neighbour turns to face this way
            back = _neg(f.normal)  # and its side away from the fold points into the cube
            if dx:
                frames[other] = Frame(back if dx > 0 else f.normal, f.ey, out)
            else:
                frames[other] = Frame(f.ex, back if dy > 0 else f.normal, out)
            queue.append(other)
    if len(frames) != len(cells):
        raise ValueError("the net's cells are not connected")
    if len({fr.normal for fr in frames.values()}) != len(cells):
        raise ValueError("two cells of the net fold onto the same face")
    return frames


def _edge_key(frame: Frame, side: str) -> tuple:
    """A cube edge, named by the midpoint of its ends (doubled, so integers)."""
    return _add(frame.normal, frame.direction(side))


def seams(cells) -> list[tuple[tuple, tuple]]:
    """The outer edges of the net that meet on the folded cube, in pairs:
    [((cell, side), (cell, side)), ...]. Each needs one glue tab."""
    frames = fold(cells)
    outer: dict[tuple, list] = {}
    for cell, frame in frames.items():
        for side, (dx, dy) in SIDES.items():
            if (cell[0] + dx, cell[1] + dy) not in frames:
                outer.setdefault(_edge_key(frame, side), []).append((cell, side))
    pairs = []
    for key in sorted(outer):
        edge = sorted(outer[key])
        if len(edge) != 2:
            raise ValueError("the net does not close into a cube")
        pairs.append(tuple(edge))
    return pairs


def die_faces(cells, right_handed: bool = True) -> dict:
    """Pip counts for the cells of a cube net: the first cell shows 1,
    opposite faces add up to 7, and 1, 2, 3 run counter-clockwise round
    their common corner seen from outside (clockwise if not right_handed)."""
    frames = fold(cells)
    by_normal = {fr.normal: cell for cell, fr in frames.items()}
    cells = list(cells)
    values = {cells[0]: 1, by_normal[_neg(frames[cells[0]].normal)]: 6}
    two = next(c for c in cells if c not in values)
    values[two] = 2
    values[by_normal[_neg(frames[two].normal)]] = 5
    n1, n2 = frames[cells[0]].normal, frames[two].normal
    three = next(c for c in cells if c not in values)
    turn = _dot(_cross(n1, n2), frames[three].normal)
    if (turn > 0) != right_handed:
        three = by_normal[_neg(frames[three].normal)]
    values[three] = 3
    values[by_normal[_neg(frames[three].normal)]] = 4
    return values


@dataclass(frozen=True)
class CubeNet:
    """Six cells of a net on a grid (col, row), the first one showing 1;
    the outer edges (cell, side) that carry the glue tabs, one per seam; and
    where a caption fits (the top centre of a free area, in face units) and
    how wide that area is, in faces."""

    cells: tuple
    tabs: tuple
    caption_at: tuple = (0.0, 0.0)
    caption_w: float = 2.0


def caption_room(net: CubeNet, face: float) -> float:
    """The width in mm a caption line has on a die's net, a millimetre clear each side."""
    return net.caption_w * face - 2.0


# The cross: a band of four faces with a face above and below its second.
# The tabs sit on the band (above, below and at its end), so the band is
# glued into a ring first and the two lids close it.
CROSS = CubeNet(
    cells=((1, 1), (1, 2), (0, 1), (2, 1), (3, 1), (1, 0)),
    tabs=(((0, 1), "N"), ((2, 1), "N"), ((3, 1), "N"), ((0, 1), "S"), ((2, 1), "S"),
          ((3, 1), "S"), ((3, 1), "E")),
    caption_at=(3.0, 3.0),
)

# Pip positions on a face, in thirds of the face from its centre.
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (-1, 1), (1, -1), (1, 1)),
    5: ((-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}


def _side_edge(cell, side: str, size: float):
    """The side of a cell as the edge a->b of its counter-clockwise outline."""
    x0, y0 = cell[0] * size, cell[1] * size
    x1, y1 = x0 + size, y0 + size
    return {"S": ((x0, y0), (x1, y0)), "E": ((x1, y0), (x1, y1)),
            "N": ((x1, y1), (x0, y1)), "W": ((x0, y1), (x0, y0))}[side]


def cells_outline(cells, size: float) -> tuple:
    """The counter-clockwise outline of the union of grid cells, corners only."""
    edges = {}
    for cell in cells:
        for side in SIDES:
            a, b = _side_edge(cell, side, size)
            edges[(a, b)] = True
    outer = {a: b for (a, b) in edges if (b, a) not in edges}
    start = min(outer)
    points = [start]
    while True:
        nxt = outer[points[-1]]
        if nxt == start:
            break
        points.append(nxt)
    # Keep the corners only.
    corners = []
    for i, p in enumerate(points):
        prev, nxt = points[i - 1], points[(i + 1) % len(points)]
        if (p[0] - prev[0]) * (nxt[1] - p[1]) - (p[1] - prev[1]) * (nxt[0] - p[0]) != 0:
            corners.append(p)
    return tuple(corners)


def die_net(face: float, tab: float, face_hex: str = "#FFFFFF", pips_hex: str = INK,
            net: CubeNet = CROSS, caption: tuple = (), fold_role: str = MOUNTAIN,
            tab_label: str = "glue", ink_saver: bool = False, with_faces: bool = False) -> tuple:
    """A die of ``face`` mm to fold and glue: (items, width, height), and
    with ``with_faces`` the squares of its faces 1 to 6 as a fourth
    (``Part.table_faces`` of a die).

    Faces are numbered by ``die_faces`` (a right-handed Western die). The
    face colour runs up to the folds, with a light line under each fold so
    it stays visible on a dark die. In ink-saver mode a coloured face is a
    frame in its colour inside each face (FRAME_IN to FRAME_IN + FRAME_W
    faces from its edges: clear of the folds and the pips, and kept by a cut
    that misses by less) and its pips take the face colour, so a black die is a white die
    framed and dotted in black on every face: told apart from a plain white
    one once cut out, without solid faces.
    ``caption`` holds (text, size in points, bold) lines, printed in the
    net's free corner (``CubeNet.caption_at``)."""
    items: list = []
    values = die_faces(net.cells)
    pair_of = {}
    for a, b in seams(net.cells):
        pair_of[a], pair_of[b] = b, a
    tabbed = set(net.tabs)
    for edge in net.tabs:
        if pair_of.get(edge) in tabbed or edge not in pair_of:
            raise ValueError(f"tab {edge} is not on a seam of its own")
    paint = face_hex.upper() != "#FFFFFF"
    if paint and ink_saver:
        pips_hex = face_hex
    tab_edges = [_side_edge(cell, side, face) for cell, side in net.tabs]
    for cell in net.cells:
        x0, y0 = cell[0] * face, cell[1] * face
        if paint and ink_saver:
            gap, band = FRAME_IN * face, FRAME_W * face
            items.append(Fill(rect(x0 + gap, y0 + gap, face - 2 * gap, face - 2 * gap), face_hex,
                              holes=(rect(x0 + gap + band, y0 + gap + band, face - 2 * (gap + band),
                                          face - 2 * (gap + band)),)))
        elif paint:
            # The colour runs right up to every fold (a folded edge shows no white rim).
            items.append(Fill(rect(x0, y0, face, face), face_hex))
        value = values[cell]
        radius = face * (0.12 if value == 1 else 0.085)
        step = face * 0.27
        for i, j in PIPS[value]:
            items.append(Circle((x0 + face / 2 + i * step, y0 + face / 2 + j * step), radius,
                                fill=pips_hex, stroke=None))
    # Folds between neighbouring faces.
    folds = []
    for cell in net.cells:
        for side in ("E", "N"):
            dx, dy = SIDES[side]
            if (cell[0] + dx, cell[1] + dy) in net.cells:
                folds.append(_side_edge(cell, side, face))
    outline = cells_outline(net.cells, face)
    for a, b in tab_edges:
        items.extend(glue_tab_art(a, b, tab, tab_label, fold=fold_role))
    for a, b in folds + tab_edges:
        if paint and not ink_saver:
            # A dark face would hide its black fold line: a light line under it shows where to fold.
            items.append(Line((a, b), role=ART, color=FOLD_GUIDE_GREY, width_pt=0.9))
    items += [Line(f, role=fold_role) for f in folds]
    items.append(Line(tabbed_outline(outline, [(a, b, tab) for a, b in tab_edges]), role=CUT, closed=True))
    if caption:
        cx, cy = net.caption_at[0] * face, net.caption_at[1] * face
        for k, (text, size, bold) in enumerate(caption):
            items.append(Text(cx, cy - 4.5 - k * 3.6, text, bold=bold,
                              size=fit_size(text, caption_room(net, face), size, bold, smallest=MIN_TEXT_PT)))
    low_x, low_y, high_x, high_y = bounds(items)
    items = [transform(i, dx=-low_x, dy=-low_y) for i in items]
    if with_faces:
        # Each face's square in the net's frame, in the order of its value (1 to 6).
        where = {values[cell]: (cell[0] * face - low_x, cell[1] * face - low_y, face, face) for cell in net.cells}
        return items, high_x - low_x, high_y - low_y, tuple(where[v] for v in range(1, 7))
    return items, high_x - low_x, high_y - low_y


def standup_net(width: float, face: float, base: float, tab: float, front_art, back_art,
                base_art=None, tab_label: str = "glue inside back",
                fold_role: str = MOUNTAIN) -> tuple[list, float, float]:
    """A stand-up tent: (items, width, height) of its net.

    From the bottom of the net up: a glue tab, the base (``base`` deep),
    the front face and the back face (each ``face`` tall). ``front_art`` and
    ``back_art`` are called with (width, face) and return items in the
    face's own frame: origin at its bottom-left corner where it stands on
    the base, y up towards the top fold. ``base_art(width, base)`` likewise
    for the base, which faces the table."""
    y_base = tab
    y_front = tab + base
    y_back = y_front + face
    top = y_back + face
    items: list = []
    if base_art is not None:
        items += [transform(i, dy=y_base) for i in base_art(width, base)]
    items += [transform(i, dy=y_front) for i in front_art(width, face)]
    # The back face stands the other way up in the net: turn its art over.
    items += [transform(i, rotate=180, dx=width, dy=top) for i in back_art(width, face)]
    a, b = (0.0, y_base), (width, y_base)
    items += glue_tab_art(a, b, tab, tab_label, fold=fold_role)
    items.append(Line(((0.0, y_front), (width, y_front)), role=fold_role))
    items.append(Line(((0.0, y_back), (width, y_back)), role=fold_role))
    items.append(Line(tabbed_outline(rect(0.0, y_base, width, top - y_base), [(a, b, tab)]),
                      role=CUT, closed=True))
    return items, width, top


def slit_ridge(items: list, width: float, ridge: float, slit: float) -> tuple[list, float, float]:
    """A stand-up's net with its ridge slit for a card: (items, a, b).

    The card stands in a cut from x = a to b along the ridge (the fold at
    height ``ridge``), centred; the fold keeps its two ends, so the tent
    still holds its shape."""
    a, b = (width - slit) / 2, (width + slit) / 2
    kept = []
    for item in items:
        if isinstance(item, Line) and item.role != CUT and len(item.points) == 2 and \
                all(abs(y - ridge) < 1e-9 for _, y in item.points):
            kept += [Line(((0.0, ridge), (a, ridge)), role=item.role),
                     Line(((b, ridge), (width, ridge)), role=item.role)]
        else:
            kept.append(item)
    kept.append(Line(((a, ridge), (b, ridge)), role=CUT))
    return kept, a, b
