"""Stand-up pieces: a folding tent that carries a picture and a label, or holds a card.

    components:
      - type: standups
        name: Pawns
        width_mm: 14            # across each face
        face_mm: 24             # each sloping face, base to ridge
        base_mm: 12             # the base, front to back
        glue_tab_mm: 6
        stands_on: Board        # a board component: each piece must fit its cell
        pieces:
          - {label: Suns, fill: "#D55E00", image: sun.png, count: 1}
      - type: standups
        name: Stands
        holds: {width_mm: 16, height_mm: 40}   # a card stands in a slit along the ridge (or: holds: Cards,
                                               # the cards component whose cards it holds)
        pieces: [{fill: "#0072B2", count: 6}]

The net is ``printkit.parts.nets.standup_net``: a glue tab, the base, the
front and the back face; the back's art is printed upside down, so both
read upright once it stands. A stand that holds a card is as wide as the
card and a little more (the slit, and the ridge's fold beyond it), as the
bundled stands are. ``stands_on`` names the board whose cell each piece
stands on: a piece whose base does not fit the cell, a millimetre free on
every side, is refused at the board's cell size (``printkit.footprint``).
"""

from __future__ import annotations

from ..errors import SpecError
from ..parts.core import ASCENT, CUT_CLEAR, DESCENT, MIN_TEXT_PT, PT, Fill, Part, Text, rect, tab_label
from ..parts.nets import slit_ridge, standup_net
from ..writers.fonts import fit_size, text_width_mm

TYPES = ("standups",)

SLIT_PLAY = 0.5  # mm of slit beyond the card on each side, so it slides in
RIDGE_END = 3.0  # mm of the ridge's fold beyond the slit, which holds the tent together
BAND = 0.18  # of a face's height: the piece's colour along its foot
LABEL_PT = 8.0
DEFAULTS = {"width_mm": 16.0, "face_mm": 24.0, "base_mm": 12.0, "glue_tab_mm": 6.0}


def sizes(component: dict, ctx) -> dict:
    """The net's sizes in mm: a stand that holds a card is the card's width
    and the slit's play and the ridge's ends more. ``holds`` gives the
    card's size, or names the cards component whose cards it holds."""
    out = {key: float(component.get(key, value)) for key, value in DEFAULTS.items()}
    holds = component.get("holds")
    if isinstance(holds, str):
        from .storage import deck_of

        width = deck_of(ctx, holds, ("holds",))[0]
    elif holds:
        width = float(holds["width_mm"])
    else:
        return out
    out["width_mm"] = width + 2 * (SLIT_PLAY + RIDGE_END)
    out["slit"] = width + 2 * SLIT_PLAY
    return out


def _face_art(ctx, piece: dict, keys: tuple):
    """The art of one face: the colour along its foot, the picture above it
    and the label over the band, everything read CUT_CLEAR inside the cut."""
    colour = piece.get("fill")
    label = str(piece.get("label", ""))

    def draw(width: float, height: float) -> list:
        band = BAND * height
        items: list = []
        if colour:
            items.append(Fill(rect(0, 0, width, band), colour, large=True))
        room_w = width - 2 * CUT_CLEAR
        top = height - CUT_CLEAR - 1.0  # under the ridge fold
        low = band + 0.8
        if label:
            size = fit_size(label, room_w, LABEL_PT, bold=True, smallest=MIN_TEXT_PT)
            if text_width_mm(label, size, bold=True) > room_w + 1e-6:
                ctx.fail(keys + ("label",), f"{label!r} does not fit across the face: {room_w:.1f} mm "
                                            f"between its edges' clearances at {MIN_TEXT_PT:g} pt; a shorter label "
                                            f"or a wider stand-up (width_mm) would fit")
            items.append(Text(width / 2, low + DESCENT * size * PT, label, size=size, bold=True))
            low += (ASCENT + DESCENT) * size * PT + 0.8
        if piece.get("image") and top - low > 2:
            from ..parts.core import fitted_image

            items.append(fitted_image(ctx.image(keys + ("image",), piece["image"]), CUT_CLEAR, low, room_w,
                                      top - low))
        elif colour and not label and top - low > 2:
            # A plain piece still shows its colour large enough to tell it across the table.
            side = min(room_w, top - low)
            items.append(Fill(rect((width - side) / 2, low + (top - low - side) / 2, side, side), colour))
        return items

    return draw


def standup(component: dict, ctx, piece: dict, keys: tuple, name: str) -> Part:
    s = sizes(component, ctx)
    art = _face_art(ctx, piece, keys)
    # The tab's words as they fit 6 pt or larger: the whole note, else "glue", else none (the legend says it).
    edge = ((0.0, s["glue_tab_mm"]), (s["width_mm"], s["glue_tab_mm"]))
    words = next((w for w in ("glue inside back", "glue")
                  if all(t.size >= MIN_TEXT_PT for t in tab_label(*edge, s["glue_tab_mm"], w,
                                                                  size=min(7.0, s["glue_tab_mm"] * 1.6)))), "")
    items, width, height = standup_net(s["width_mm"], s["face_mm"], s["base_mm"], s["glue_tab_mm"], art, art,
                                       tab_label=words or "glue")
    if not words:
        items = [i for i in items if not (isinstance(i, Text) and i.text == "glue")]
    if "slit" in s:
        # The ridge is slit for the card; the fold keeps its ends.
        ridge = s["glue_tab_mm"] + s["base_mm"] + s["face_mm"]
        items, _, _ = slit_ridge(items, width, ridge, s["slit"])
    part = Part(name, width, height, kind="standup", group=f"standups-{ctx.name()}".lower().replace(" ", "-"),
                sized_by=(ctx.pointer("width_mm"), ctx.pointer("face_mm"), ctx.pointer("base_mm")),
                meta={"component": ctx.name(), "sizes": s})
    part.extend(items)
    # On a table: the front face, and the back printed upside down above it.
    front = s["glue_tab_mm"] + s["base_mm"]
    part.table = "standup"
    part.table_faces = ((0.0, front, width, s["face_mm"]), (0.0, front + s["face_mm"], width, s["face_mm"], 180))
    return part


def _named(ctx, name: str):
    """(index, component) of the board or tiles called ``name``."""
    for index, component in enumerate(ctx.spec.data.get("components") or []):
        if component.get("type") in ("board", "tiles") and component.get("name") == name:
            return index, component
    return None, None


def footprint_problems(component: dict, ctx, parts: list) -> list:
    """The pieces on the cells they stand on (``printkit.footprint``): a
    board's cell, or a tile's, or a part of it (``split``: a tile quartered,
    as a piecepack tile is, is split 2 each way)."""
    from ..footprint import Cell, Piece, check, tent_base
    from . import boards

    target = component.get("stands_on")
    if not target or not parts:
        return []
    index, other = _named(ctx, target)
    if other is None:
        return [ctx.problem(("stands_on",), f"no board or tiles are named {target!r} in this spec")]
    split = int(component.get("split", 1))
    if other["type"] == "board":
        cell = boards.footprint_cell(other, ctx.at(index))
        if split > 1:
            cell = Cell(cell.noun, cell.plural, tuple((x / split, y / split) for x, y in cell.outline),
                        cell.size / split, cell.key, scales=False, hint="larger cells would hold them")
    else:
        size = float(other["size_mm"]) / split
        share = {1: "", 2: "quarter", 3: "ninth", 4: "sixteenth"}[split]
        noun, plural = (f"{share} of a tile ({target})", f"{share}s of the tiles ({target})") if share else \
            (f"tile ({target})", f"tiles ({target})")
        cell = Cell(noun, plural, rect(0, 0, size, size), size, ("components", index, "size_mm"),
                    scales=split == 1, hint="larger tiles would hold them")
    across = ctx.pointer("holds" if component.get("holds") else "width_mm")  # a held card sets the width
    piece = Piece(f"{ctx.name()} (stand-ups)", tent_base(parts[0]), cell,
                  sized_by=(across, ctx.pointer("base_mm")), turns=(0, 90), apart=True)
    return check(ctx.spec, [piece])


def parts(component: dict, ctx) -> list[Part]:
    out = []
    for k, piece in enumerate(component.get("pieces") or [{}]):
        # Named as the other components' pieces are: "Stand-up (Pawns, Suns)", all "Stand-ups (Pawns)".
        whose = f"{ctx.name()}, {piece['label']}" if piece.get("label") else ctx.name()
        for _ in range(int(piece.get("count", 1))):
            part = standup(component, ctx, piece, ("pieces", k), f"Stand-up ({whose})")
            part.piece, part.plural = part.name, f"Stand-ups ({ctx.name()})"
            out.append(part)
    problems = footprint_problems(component, ctx, out)
    if problems:
        raise SpecError(problems)
    return out
