"""Cards: a deck from a table, one card per row and count.

Sizes by name (``SIZES``) or ``size_mm: [w, h]``; the faces laid out by
``faces.face`` from the component's ``face:`` layout; the backs one for all
(``back:``: a colour, words, a picture) or one per row (``back_face:``, a
layout of its own). Cards with backs print gutter-fold (front and back
side by side, folded along a mountain fold) or, with ``--duplex``, fronts
on one page and backs on the next; each face is a face for ``--format png``.
"""

from __future__ import annotations

from ..parts.core import CUT, CUT_CLEAR, MOUNTAIN, Fill, Line, Part, fitted_image, rect, translate
from . import faces

TYPES = ("cards",)

# Standard card sizes, width x height in mm.
SIZES = {"poker": (63.0, 88.0), "bridge": (57.0, 89.0), "mini": (44.0, 63.0), "tarot": (70.0, 120.0),
         "square": (70.0, 70.0)}


def size_of(component: dict) -> tuple[float, float]:
    if "size_mm" in component:
        w, h = component["size_mm"]
        return float(w), float(h)
    return SIZES[component.get("size", "poker")]


def sized_by(ctx, component: dict) -> tuple:
    return (ctx.pointer("size_mm" if "size_mm" in component else "size"),)


def one_back(back: dict, ctx, w: float, h: float, title: str = "", ground_shape: tuple | None = None,
             box: tuple | None = None) -> list:
    """The back every piece shares: a ground (over ``ground_shape``, else
    the whole box), words and a picture inside ``box`` (x, y, w, h)."""
    items = []
    ground = back.get("color")
    if ground:
        items.append(Fill(ground_shape or rect(0, 0, w, h), ground, large=True))
    x, y, bw, bh = box or (0.0, 0.0, w, h)
    clear = CUT_CLEAR if box is None else 1.0
    words = back.get("text")
    low = y + clear
    if words:
        items += faces.block(_Literal(ctx, ("back", "text")), "text", words, x + clear, y + clear + 0.2 * bh,
                             bw - 2 * clear, 0.2 * bh, 14.0, True, faces.ink_on(ground), "the back", most=3)
        low = y + clear + 0.2 * bh + 1.0
    if back.get("image"):
        picture = ctx.image(("back", "image"), back["image"])
        items.append(fitted_image(picture, x + clear, low, bw - 2 * clear, y + bh - clear - low))
    return items


def check_keys(component: dict, ctx, word: str = "card") -> None:
    """What one key rules out another, said at the second."""
    if "table" in component and "rows" in component:
        ctx.fail(("rows",), "give the rows inline (rows:) or in a CSV file (table:), not both")
    if "table" not in component and "rows" not in component:
        ctx.fail((), f"give the rows inline (rows:) or in a CSV file beside the spec (table: {word}s.csv)")
    if "size" in component and "size_mm" in component:
        ctx.fail(("size_mm",), "give a size by name (size:) or in mm (size_mm:), not both")
    if "back" in component and "back_face" in component:
        ctx.fail(("back_face",), f"give one back for every {word} (back:) or a back per row (back_face:), not both")


class _Literal:
    """A spec value in place of a table's row, for ``faces.block``'s refusals."""

    def __init__(self, ctx, keys):
        self.ctx, self.keys = ctx, keys

    def fail(self, column, message):
        self.ctx.fail(self.keys, message)


def parts(component: dict, ctx) -> list:
    check_keys(component, ctx)
    w, h = size_of(component)
    name = ctx.name()
    read = faces.layouts(component, ctx)
    shared = one_back(read.back, ctx, w, h, ctx.spec.get("title", "")) if read.back else None
    out = []
    piece = f"Card ({name})"
    for row in read.rows:
        front = faces.face(read.layout, row, ctx, w, h)
        if read.per_row:
            rear = faces.face(read.per_row, row, ctx, w, h, what="the card's back")
        else:
            rear = shared
        for _ in range(row.count):
            out.append(_card(front, rear, w, h, name, piece, ctx, component, read.duplex))
    return out


def _card(front, rear, w, h, name, piece, ctx, component, duplex) -> Part:
    common = dict(kind="card", table="card", group=name, abut=f"cards-{ctx.index}", sized_by=sized_by(ctx, component),
                  piece=piece, plural=f"Cards ({name})", meta={"component": name, "size": (w, h)})
    outline = Line(rect(0, 0, w, h), role=CUT, closed=True)
    if rear is None:
        part = Part(piece, w, h, faces=(("card", "", (0.0, 0.0, w, h)),), **common)
        part.extend(front)
        part.add(outline)
        return part
    if duplex:
        part = Part(piece, w, h, rotatable=False, faces=(("card", "front", (0.0, 0.0, w, h)), ("card", "back", None)),
                    **common)
        part.extend(front)
        part.add(outline)
        part.back = list(rear)
        return part
    part = Part(piece, 2 * w, h, faces=(("card", "front", (0.0, 0.0, w, h)), ("card", "back", (w, 0.0, w, h))),
                **common)
    part.extend(front)
    part.extend(translate(rear, w, 0.0))
    part.add(Line(((w, 0.0), (w, h)), role=MOUNTAIN))
    part.add(Line(rect(0, 0, 2 * w, h), role=CUT, closed=True))
    return part
