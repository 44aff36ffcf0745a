"""Dice: cube nets to fold and glue (``printkit.parts.nets.die_net``), with
faces of the designer's own: pips, a number, words or a picture.

    components:
      - type: dice
        name: Action die
        size_mm: 16             # a face's side
        count: 2
        color: "#FFFFFF"        # the faces' colour
        ink: "#000000"          # pips, numbers and words
        faces:                  # six, in the order of a standard die's 1 to 6 (opposite faces add to 7)
          - {pips: 1}
          - {number: 2}
          - {text: Move}
          - {icon: sword.svg}
          - {pips: 5}
          - {pips: 6}

Without ``faces`` a die shows pips 1 to 6. Each face's art sits CUT_CLEAR
inside its folds, as a die's pips do.
"""

from __future__ import annotations

from ..palette import lightness
from ..parts.core import CUT_CLEAR, Circle, Part, fitted_image
from ..parts.nets import PIPS, die_net
from ..writers.fonts import missing_glyphs
from . import faces

TYPES = ("dice",)
DEFAULT_TAB = 5.0
INSET = 1.5  # mm between a face's fold and its art: a fold a little off never cuts into it


def parts(component: dict, ctx) -> list:
    size = float(component.get("size_mm", 16))
    colour = component.get("color", "#FFFFFF")
    ink = component.get("ink") or ("#FFFFFF" if lightness(colour) < 50 else "#000000")
    wanted = component.get("faces") or [{"pips": n} for n in range(1, 7)]
    tab = min(DEFAULT_TAB, size * 0.4)
    items, width, height, squares = die_net(size, tab, face_hex=colour, pips_hex=ink, with_faces=True,
                                            ink_saver=bool(getattr(ctx.options, "ink_saver", False)))
    pips = [i for i in items if isinstance(i, Circle) and i.stroke is None and i.fill == ink]
    items = [i for i in items if not any(i is p for p in pips)]
    for k, (spec_face, square) in enumerate(zip(wanted, squares)):
        items += _face(spec_face, square, ink, ctx, k)
    name = ctx.name()
    piece = f"Die ({name})"
    out = []
    for _ in range(int(component.get("count", 1))):
        part = Part(piece, width, height, list(items), kind="die", table="die", table_faces=tuple(squares),
                    group=name, piece=piece,
                    plural=f"Dice ({name})", sized_by=(ctx.pointer("size_mm"),), meta={"component": name})
        out.append(part)
    return out


class _At:
    """A face's entry in the spec, for ``faces.block``'s refusals."""

    def __init__(self, ctx, keys):
        self.ctx, self.keys = ctx, keys

    def fail(self, column, message):
        self.ctx.fail(self.keys, message)


def _face(entry: dict, square: tuple, ink: str, ctx, k: int) -> list:
    x, y, w, h = square
    cx, cy = x + w / 2, y + h / 2
    if "pips" in entry:
        value = entry["pips"]
        radius = w * (0.12 if value == 1 else 0.085)
        step = w * 0.27
        return [Circle((cx + i * step, cy + j * step), radius, fill=ink, stroke=None) for i, j in PIPS[value]]
    room = w - 2 * max(INSET, min(CUT_CLEAR, w * 0.12))
    low = x + (w - room) / 2
    if "icon" in entry:
        picture = ctx.image(("faces", k, "icon"), entry["icon"])
        return [fitted_image(picture, low, y + (h - room) / 2, room, room)]
    text = str(entry.get("number", entry.get("text", "")))
    missing = missing_glyphs(text)
    if missing:
        ctx.fail(("faces", k), f"the kit's font (DejaVu Sans) cannot print {missing[0]!r}; use other characters")
    bold = "number" in entry
    return faces.block(_At(ctx, ("faces", k)), "", text, low, y + (h + room) / 2, room, room,
                       min(24.0, room * 2.2), bold, ink, f"a {w:g} mm die's face", most=3)
