"""Tiles: square or hex (point up), a face per row of a table, as cards are.

    components:
      - type: tiles
        name: Terrain
        shape: hex              # or square
        size_mm: 40             # a square's side, a hex across its flats
        table: tiles.csv        # or rows: [...], one row per kind of tile with a count
        face: {background: colour, title: name, image: picture}
        back: {color: "#333333"}   # optional: one back for all, or back_face: a layout per row

Square tiles sit edge to edge on the sheet, sharing their cut lines.
"""

from __future__ import annotations

from ..parts.core import CUT_CLEAR
from . import faces, pieces
from .cards import check_keys, one_back

TYPES = ("tiles",)
HEX_CLEAR = 1.0  # mm: a hex's words sit in the box between its flats, clear of its slanted edges already


def parts(component: dict, ctx) -> list:
    check_keys(component, ctx, "tile")
    shape = component.get("shape", "square")
    w, h = pieces.box_of(shape, float(component["size_mm"]))
    return flat(component, ctx, "tile", "Tile", shape, w, h)


def flat(component: dict, ctx, kind: str, word: str, shape: str, w: float, h: float) -> list:
    """The parts of a component of flat pieces of ``shape`` from its table."""
    name = ctx.name()
    read = faces.layouts(component, ctx)
    ground_shape = None if shape == "square" else pieces.outline(shape, w, h)
    x, y, iw, ih = pieces.inner(shape, w, h)
    clear = CUT_CLEAR if shape == "square" else HEX_CLEAR
    shared = one_back(read.back, ctx, w, h, "", ground_shape, None if shape == "square" else (x, y, iw, ih)) \
        if read.back else None
    piece, plural = f"{word} ({name})", f"{word}s ({name})"
    out = []
    for row in read.rows:
        front = faces.face(read.layout, row, ctx, iw, ih, x0=x, y0=y, clear=clear, what=f"the {kind}",
                           ground_shape=ground_shape or None)
        rear = shared
        if read.per_row:
            rear = faces.face(read.per_row, row, ctx, iw, ih, x0=x, y0=y, clear=clear, what=f"the {kind}'s back",
                              ground_shape=ground_shape or None)
        for _ in range(row.count):
            out += pieces.make(kind, piece, plural, shape, w, h, front, rear, read.duplex, name,
                               f"{kind}s-{ctx.index}", (ctx.pointer("size_mm"),), {"component": name, "size": (w, h)})
    return out
