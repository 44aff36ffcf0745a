"""A face bound to a row: the fields a designer lays on a card or tile.

A layout maps each field to a column of the component's table:

- ``color``: the face's ground, a #RRGGBB colour (or ``background``: a
  column holding one per row);
- ``band``: a column holding a #RRGGBB colour: a band across the top,
  the title on it;
- ``title``: a column of text, bold, at the top (on the band where there is one);
- ``corners``: a column of short values (a rank: "10", "Q"), at the top
  left and, turned half round, at the bottom right;
- ``icon``: a column naming an image, small, at the top right;
- ``image``: a column naming an image, the art in the middle;
- ``text``: a column of text, wrapped and shrunk to fit the lower part;
- ``ink``: a column holding a #RRGGBB colour for the face's words (else
  black on a light ground, white on a dark one).

Every text is set by ``fit_lines`` (wrapped, shrunk down to
``LEGIBLE_PT``); one that cannot fit even then is refused at its row. The
face is drawn in a box ``width`` x ``height`` (a tile's hexagon passes the
box inside it), everything a reader reads CUT_CLEAR inside its cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..palette import lightness
from ..parts.core import CUT_CLEAR, DESCENT, PT, Fill, Text, fitted_image, rect
from ..writers.fonts import LEGIBLE_PT, fit_lines, fit_size, missing_glyphs, text_width_mm

LEADING = 1.2
INK = "#000000"
WHITE = "#FFFFFF"
FIELDS = ("title", "text", "icon", "image", "band", "corners", "background")


def ink_on(ground: str | None) -> str:
    """Black type on a light ground, white on a dark one."""
    return WHITE if ground and lightness(ground) < 50 else INK


def _colour(row, column: str) -> str | None:
    value = row.get(column).strip()
    if not value:
        return None
    text = value.lstrip("#")
    if len(text) != 6 or any(c not in "0123456789abcdefABCDEF" for c in text):
        row.fail(column, f"{value[:20]!r} is not a colour written #RRGGBB")
    return "#" + text.upper()


def _words(row, column: str) -> str:
    text = row.get(column)
    missing = missing_glyphs(text)
    if missing:
        shown = ", ".join(f"{c!r} (U+{ord(c):04X})" for c in missing[:5])
        row.fail(column, f"the kit's font (DejaVu Sans) cannot print {shown}; use other characters")
    return text


def block(row, column: str, text: str, x: float, top: float, width: float, height: float, size: float,
          bold: bool, colour: str, what: str, most: int = 12, anchor: str = "middle") -> list:
    """``text`` set in the box from ``top`` down, as large as fits up to ``size``;
    refused at the row where even LEGIBLE_PT does not fit."""
    if not text.strip():
        return []
    fitted = fit_lines(text, width, size, bold, LEGIBLE_PT, most, height)
    if fitted is None:
        row.fail(column, f"{_short(text)} does not fit {what} ({width:.1f} x {height:.1f} mm, "
                         f"at least {LEGIBLE_PT:g} pt): shorten it")
    pt, lines = fitted
    pitch = pt * PT * LEADING
    block_h = (len(lines) - 1) * pitch + pt * PT * (1 + DESCENT)
    first = top - (height - block_h) / 2 - pt * PT
    at = {"middle": x + width / 2, "start": x, "end": x + width}[anchor]
    return [Text(at, first - k * pitch, line, size=round(pt, 2), bold=bold, color=colour, anchor=anchor)
            for k, line in enumerate(lines)]


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


@dataclass(frozen=True)
class Layouts:
    """What a component of faced pieces (cards, tiles, tokens) prints, read
    once: its table's rows, the front's layout, the back's (one for all:
    ``back``; one per row: ``per_row``), and whether backs print on the
    reverse (``duplex``) rather than beside the front."""

    rows: list
    layout: dict
    back: dict | None
    per_row: dict | None
    duplex: bool


def layouts(component: dict, ctx) -> Layouts:
    """The component's ``Layouts``, every column they name checked against its table."""
    found = Layouts(ctx.table(), component.get("face") or {}, component.get("back"),
                    component.get("back_face"), bool(getattr(ctx.options, "duplex", False)))
    check_columns(ctx, found.rows, found.layout, ("face",))
    if found.per_row:
        check_columns(ctx, found.rows, found.per_row, ("back_face",))
    return found


def check_columns(ctx, rows, layout: dict, keys: tuple) -> None:
    """Every column a layout names is one the table has: a misspelt column
    would print nothing where the designer meant something."""
    columns = {column for row in rows for column in row.values}
    for field, column in layout.items():
        if field != "color" and column not in columns:
            shown = ", ".join(sorted(columns)) or "none"
            ctx.fail(keys + (field,), f"the table has no column {column!r}; its columns are {shown}")


def face(layout: dict, row, ctx, width: float, height: float, ground_default: str | None = None,
         x0: float = 0.0, y0: float = 0.0, clear: float = CUT_CLEAR, what: str = "the card",
         ground_shape: tuple | None = None) -> list:
    """The items of a face ``width`` x ``height`` mm at (x0, y0) for ``row``;
    its ground fills ``ground_shape`` (a polygon) where given, else the box."""
    items: list = []
    ground = layout.get("color") or ground_default
    if layout.get("background"):
        ground = _colour(row, layout["background"]) or ground
    if ground:
        items.append(Fill(ground_shape or rect(x0, y0, width, height), ground, large=True))
    ink = ink_on(ground)
    if layout.get("ink"):
        ink = _colour(row, layout["ink"]) or ink
    inner_w = width - 2 * clear
    top = y0 + height - clear
    bottom = y0 + clear
    head = max(7.0, min(14.0, 0.13 * height))  # the title's zone
    if not any(layout.get(k) for k in ("title", "corners", "icon", "band")):
        head = 0.0  # nothing at the head: the picture and words take the whole face
    elif not any(layout.get(k) for k in ("text", "image")):
        head = height - 2 * clear  # a title alone (a token's value): the whole face, centred
    band = _colour(row, layout["band"]) if layout.get("band") else None
    if band:
        band_h = head + clear
        items.append(Fill(rect(x0, y0 + height - band_h, width, band_h), band, large=True))
    head_ink = ink_on(band) if band and not layout.get("ink") else ink
    left, right = x0 + clear, x0 + width - clear
    size = min(12.0, head / PT * 0.55)
    if layout.get("corners"):
        value = _words(row, layout["corners"]).strip()
        if value:
            corner_w = min(10.0, inner_w * 0.22)
            pt = fit_size(value, corner_w, size, True, LEGIBLE_PT)
            if text_width_mm(value, pt, True) > corner_w + 1e-6:
                row.fail(layout["corners"], f"{_short(value)} does not fit a corner ({corner_w:.1f} mm wide): "
                                            "a corner holds a short value")
            base = top - head / 2 - (0.76 - DESCENT) / 2 * pt * PT
            items.append(Text(left, base, value, size=round(pt, 2), bold=True, color=head_ink, anchor="start"))
            # The same, turned half round, at the bottom right: it reads from the other end.
            items.append(Text(right, y0 + height - base + y0, value, size=round(pt, 2), bold=True,
                              color=ink, anchor="start", angle=180.0))
            left, right = left + corner_w + 1.0, right - corner_w - 1.0
            bottom += head
    if layout.get("icon"):
        name = row.get(layout["icon"]).strip()
        if name:
            picture = ctx.picture(name, lambda m, c=layout["icon"]: row.problem(c, m))
            side = min(head - 1.0, max(6.0, 0.25 * inner_w), 14.0)
            items.append(fitted_image(picture, right - side, top - head / 2 - side / 2, side, side))
            right -= side + 1.0
    if layout.get("title"):
        text = _words(row, layout["title"])
        items += block(row, layout["title"], text, left, top, max(1.0, right - left), head, size, True,
                       head_ink, f"{what}'s title", most=2)
    art_top = top - head - (1.0 if head else 0.0)
    text_h = 0.0
    if layout.get("text"):
        text = _words(row, layout["text"])
        if text.strip():
            text_h = (art_top - bottom) * (0.42 if layout.get("image") else 1.0)
            items += block(row, layout["text"], text, x0 + clear, bottom + text_h, inner_w, text_h,
                           9.0, False, ink, f"{what}'s text box")
    if layout.get("image"):
        name = row.get(layout["image"]).strip()
        if name:
            picture = ctx.picture(name, lambda m, c=layout["image"]: row.problem(c, m))
            low = bottom + text_h + (1.0 if text_h else 0.0)
            if art_top - low < 3.0:
                row.fail(layout["image"], f"no room for the image on {what} under its title and over its text")
            items.append(fitted_image(picture, x0 + clear, low, inner_w, art_top - low))
    return items
