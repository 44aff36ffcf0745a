"""One image per card and tile: what card-printing services take.

Each face a part declares (``Part.faces``) becomes a 300 dpi PNG of the
face and its bleed around it: the face's art clipped to its trim, and the
colour at its edges carried outward (``printkit.parts.bleed``), as if the
face were a piece on its own. Cut and fold lines are left out: the service
cuts at the trim. Files are numbered per kind of piece in the kit's order,
a card's back right after its front:

    <id>-card-01-1-front.png, <id>-card-01-2-back.png, <id>-tile-01.png, ...

The face is drawn by the kit's own PDF code on a page of its size and
rendered with PDFium, so an image shows exactly what the kit prints.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..parts.bleed import bleed_fills
from ..parts.core import ART, Fill, Line, transform
from ..shapes import Polygon, box
from .fonts import register_fonts
from .pdf import MM, draw_items
from .raster import rgb_page

DPI = 300


@dataclass(frozen=True)
class Face:
    """One image to write: a face of a part, at (x, y, w, h) in the part's frame."""

    name: str  # file name
    items: tuple  # the face's art in its own frame (origin at its trim's bottom-left)
    width: float
    height: float


def faces(spec_id: str, parts) -> list[Face]:
    """Every face of every part, in order, named as the module doc says."""
    counts: dict[str, int] = {}
    totals: dict[str, int] = {}
    for part in parts:
        for kind, side, _ in part.faces:
            if side != "back":
                totals[kind] = totals.get(kind, 0) + 1
    out = []
    for part in parts:
        for kind, side, where in part.faces:
            if side != "back":
                counts[kind] = counts.get(kind, 0) + 1
            digits = max(2, len(str(totals.get(kind, 1))))
            # "-1-front", "-2-back": a folder listing sorts each back after its front.
            sided = {"front": "-1-front", "back": "-2-back"}.get(side, "")
            name = f"{spec_id}-{kind}-{counts.get(kind, 1):0{digits}d}{sided}.png"
            if where is None:  # the part's back art, over the whole part
                art, (x, y, w, h) = part.back, (0.0, 0.0, part.width, part.height)
            else:
                art, (x, y, w, h) = part.items, where
            items = tuple(transform(i, dx=-x, dy=-y) for i in art)
            out.append(Face(name, items, w, h))
    return out


def write(face: Face, path: Path, bleed: float) -> None:
    """The face as a PNG of (w + 2 bleed) x (h + 2 bleed) mm at DPI."""
    document = io.BytesIO()
    page_w, page_h = face.width + 2 * bleed, face.height + 2 * bleed
    canvas = Canvas(document, pagesize=(page_w * MM, page_h * MM), invariant=1)
    fonts = register_fonts()
    canvas.translate(bleed * MM, bleed * MM)
    trim = box(0, 0, face.width, face.height)
    # The art of this face alone: fills cut to the trim, so a neighbour's colour never bleeds in.
    art = []
    for item in face.items:
        if isinstance(item, Fill):
            art += _clip(item, trim)
        elif not isinstance(item, Line) or item.role == ART:  # no cut, fold or guide lines
            art.append(item)
    # The bleed reaches 0.05 mm under the art, so no hairline of background
    # shows between them where the renderer smooths both edges.
    edge = bleed_fills(art, trim, trim.buffer(-0.05, join_style="mitre"), bleed,
                       box(-bleed, -bleed, face.width + bleed, face.height + bleed))
    draw_items(canvas, edge, fonts, ink_saver=False)
    canvas.saveState()
    outline = canvas.beginPath()
    outline.rect(0, 0, face.width * MM, face.height * MM)
    canvas.clipPath(outline, stroke=0, fill=0)  # text and lines stop at the trim too
    draw_items(canvas, art, fonts, ink_saver=False)
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    image = rgb_page(document.getvalue(), DPI / 72)
    image.save(path, format="PNG", dpi=(DPI, DPI))


def _clip(item: Fill, trim) -> list[Fill]:
    """The fill cut to the trim: a fill for each polygon left."""
    shape = Polygon(item.points, [h for h in item.holes if len(h) > 2]).buffer(0).intersection(trim)
    polygons = [shape] if isinstance(shape, Polygon) else [g for g in getattr(shape, "geoms", ())
                                                           if isinstance(g, Polygon)]
    return [Fill(tuple(p.exterior.coords)[:-1], item.color, role=item.role, stroke=item.stroke,
                 stroke_pt=item.stroke_pt, holes=tuple(tuple(r.coords)[:-1] for r in p.interiors))
            for p in polygons if not p.is_empty and p.area > 1e-6]
