"""Flat pieces of a shape (square, hex, round), one side or two: what
tiles and tokens share with cards.

A two-sided piece prints, with ``--duplex``, its front on one page and its
back on the next (``Part.back``); else front and back side by side, folded
along the edge they share (a mountain fold, as the bundled cards are). A
round piece has no straight edge to fold on: its two sides print as two
discs, to glue back to back.
"""

from __future__ import annotations

import math

from ..parts.core import CUT, MOUNTAIN, Line, Part, rect, regular_polygon, translate
from ..shapes import Polygon

ROUND_STEPS = 96  # corners of a round piece's cut: within 0.01 mm of the circle at 30 mm


def outline(shape: str, w: float, h: float) -> tuple:
    """The cut outline of a piece in its box w x h (a hex: point up, w across its flats)."""
    if shape == "square":
        return rect(0, 0, w, h)
    if shape == "hex":
        r = h / 2
        return tuple((w / 2 + r * math.cos(math.radians(90 + 60 * k)), h / 2 + r * math.sin(math.radians(90 + 60 * k)))
                     for k in range(6))
    return regular_polygon(w / 2, h / 2, w / 2, ROUND_STEPS)


def box_of(shape: str, size: float) -> tuple[float, float]:
    """The box of a piece ``size`` mm across (a hex across its flats)."""
    if shape == "hex":
        return size, size * 2 / math.sqrt(3)
    return size, size


def inner(shape: str, w: float, h: float) -> tuple:
    """(x, y, w, h): the box inside the shape where its words and pictures go."""
    if shape == "round":
        side = w / math.sqrt(2)
        return ((w - side) / 2, (h - side) / 2, side, side)
    if shape == "hex":
        return (0.0, h / 4, w, h / 2)
    return (0.0, 0.0, w, h)


def make(kind: str, piece: str, plural: str, shape: str, w: float, h: float, front: list, back: list | None,
         duplex: bool, group: str, abut: str, sized_by: tuple, meta: dict) -> list:
    """The part(s) of one piece, as the module doc says."""
    # On a virtual table: a tile as a tile, a token as a counter (printkit.writers.tts).
    common = dict(kind=kind, group=group, sized_by=sized_by, piece=piece, plural=plural, meta=meta,
                  table="tile" if kind == "tile" else "counter")
    cut = Line(outline(shape, w, h), role=CUT, closed=True)
    box = (0.0, 0.0, w, h)
    if back is None:
        part = Part(piece, w, h, faces=((kind, "", box),), abut=abut if shape == "square" else "", **common)
        return [part.extend(front).add(cut)]
    if duplex:
        part = Part(piece, w, h, rotatable=False, faces=((kind, "front", box), (kind, "back", None)),
                    abut=abut if shape == "square" else "", **common)
        part.extend(front).add(cut)
        part.back = list(back)
        return [part]
    if shape == "round":
        one = Part(piece, w, h, faces=((kind, "front", box),), **common).extend(front).add(cut)
        two = Part(f"Back of {piece[0].lower()}{piece[1:]}", w, h, faces=((kind, "back", box),),
                   **{**common, "piece": "", "plural": f"Backs of {plural[0].lower()}{plural[1:]}",
                      "table": ""})  # on a table the front stands for the piece
        two.extend(back).add(cut)
        return [one, two]
    # Side by side, sharing their right and left edges: folded there, printed sides out.
    joined = Polygon(outline(shape, w, h)).union(Polygon([(x + w, y) for x, y in outline(shape, w, h)]))
    points = tuple((round(x, 6), round(y, 6)) for x, y in joined.exterior.coords)[:-1]
    fold = ((w, 0.0), (w, h)) if shape == "square" else ((w, h / 4), (w, 3 * h / 4))
    part = Part(piece, 2 * w, h, faces=((kind, "front", box), (kind, "back", (w, 0.0, w, h))),
                abut=abut if shape == "square" else "", **common)
    part.extend(front).extend(translate(back, w, 0.0))
    part.add(Line(fold, role=MOUNTAIN), Line(_ccw(points), role=CUT, closed=True))
    return [part]


def _ccw(points: tuple) -> tuple:
    area = sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]))
    return points if area > 0 else tuple(reversed(points))
