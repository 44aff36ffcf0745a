"""The Playground Battles kit.

- The board: the playing squares plus a row behind each back row holding
  that side's base (behind the base columns), the Rock-Paper-Scissors
  quick reference printed in that row; too large for one sheet, so it is
  cut into sections by ``printkit.parts.sections`` (the fewest that fit
  both papers, one glue tab a seam), with their plan on the cover beside
  the steps for making the kit.
- Cards, per colour ``cards.per_type`` of each type, printed gutter-fold:
  the front (the type) and the back (the game's name) side by side, a
  fold line between them, so folding and gluing cannot misalign them.
- A folding stand per card in the card's colour, with its mark, and a die.
- Cards and stands are sized to the squares (``kit_sizes``, the spec's
  ``kit``): a card stands in its stand's slit on one square, at least 1 mm
  clear of its edges, and ``footprints`` says so to ``printkit.footprint``,
  which validate and build check; the rulebook draws it at actual size
  (``figures``: ``piece``).

Geometry in millimetres, origin at each part's lower left, y up.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

from ...literal import as_written
from ...footprint import CLEARANCE
from ...parts.core import (ASCENT, CUT, CUT_CLEAR, DESCENT, GLUE, INK, MIN_TEXT_PT, MOUNTAIN, PT, REVERSED_PT, Fill,
                           Line, Part, Text, bounds, rect, translate)
from ...parts.marks import WHITE, on_field, player_mark, unit_symbol
from ...parts.nets import die_net, slit_ridge, standup_net
from ...parts.sections import assembly, sections
from ...parts.steps import PRINT_STEP, numbered_steps, steps_fit
from ...options import pieces_group
from ...palette import tint
from ...sheets import label_room, share_a_sheet
from ...spec import data_of
from ...writers.fonts import LEADING, fit_lines, fit_size, text_width_mm, wrap

TYPES = ("rock", "paper", "scissors")
BASE_FILL = "#E8E0F0"
LIGHT = "#F4F4F4"
# A stand is its card's width and this much more at each end: half a
# millimetre of slit beyond the card, so it slides in, and 3 mm of the
# ridge's fold beyond the slit, which holds the tent together there.
SLIT_PLAY = 0.5
RIDGE_END = 3.0
CARD_THICK = 0.6  # mm: a folded card, its two halves glued (what it adds to a piece seen from above)
TYPE_PT = 7.0  # the type's name on a card's front, black on white
NAME_PT = 7.0  # the game's name on a card's back, in the colour on a light shade of it (``card_back``)


@dataclass(frozen=True)
class Sizes:
    """The printed sizes of a piece, in mm: a card and the stand it stands in."""

    card_w: float
    card_h: float
    base: float  # the stand's base, front to back
    face: float  # each sloping face of the stand, base to ridge
    tab: float  # the glue tab under the base

    @property
    def stand_w(self) -> float:
        return self.card_w + 2 * (SLIT_PLAY + RIDGE_END)

    @property
    def slit(self) -> float:
        return self.card_w + 2 * SLIT_PLAY

    @property
    def ridge(self) -> float:
        """How high the stand's ridge stands over the table: the faces lean
        together from the base's edges, so this is what hides a card's foot."""
        return math.sqrt(max(self.face ** 2 - (self.base / 2) ** 2, 0.0))

    @property
    def shown(self) -> float:
        """How much of a card rises above its stand (its foot rests on the base)."""
        return self.card_h - self.ridge - SHOW_PLAY


CARD_SIZED_BY = (("kit", "card", "height_mm"), ("kit", "card", "width_mm"))
SHOW_PLAY = 0.5  # mm of a card just over the ridge, kept free of what it shows
SYMBOL_LEAST = 8.0  # mm: the smallest type symbol a card's owner reads across the board
# What a card's front needs above the ridge: air, the type's name, air, the symbol, the clearance to the cut.
TYPE_NEED = 1.0 + TYPE_PT * PT + 1.5 + SYMBOL_LEAST + CUT_CLEAR


def kit_sizes(spec) -> Sizes:
    """The spec's ``kit`` sizes; a spec without them gets pieces sized to its
    squares: a stand as wide as a square less the clearance each side a
    piece keeps from its neighbours (``printkit.footprint.CLEARANCE``)."""
    data = data_of(spec)
    kit = data.get("kit") or {}
    card, stand = kit.get("card") or {}, kit.get("stand") or {}
    square = float(data["board"]["square_mm"])
    width = float(card.get("width_mm", square - 2 * CLEARANCE - 2 * (SLIT_PLAY + RIDGE_END)))
    return Sizes(card_w=width, card_h=float(card.get("height_mm", round(square * 1.6, 1))),
                 base=float(stand.get("base_mm", 10)), face=float(stand.get("face_mm", 12)),
                 tab=float(stand.get("glue_tab_mm", 6)))


DEFAULT = Sizes(16.0, 40.0, 10.0, 12.0, 6.0)  # the bundled spec's


def kit_colors(spec, options) -> list[dict]:
    return list(data_of(spec)["colors"][:2])


def _board_cells(spec, options=None):
    data = data_of(spec)
    on = on_field(options)
    b = data["board"]
    columns, rows = b["columns"], b["rows"] + 2  # a base row behind each back row
    colors = data["colors"]

    def draw(column, row, x, y, size):
        items = []
        if row in (0, rows - 1):
            owner = 0 if row == 0 else 1
            if column in b["base_columns"]:
                items.append(Fill(rect(x, y, size, size), colors[owner]["hex"], large=True))
                items.append(Text(x + size / 2, y + size / 2 - 1.5, "BASE", size=7, bold=True, color=on))
                items += player_mark(colors[owner]["mark"], x + size / 2, y + size * 0.75, size * 0.2, on)
            elif column == 0:
                lines = ["Scissors beat Paper", "Paper beats Rock", "Rock beats Scissors"]
                for k, line in enumerate(lines):
                    items.append(Text(x + 1.5, y + size - 6 - k * 6, line, size=6.5, anchor="start"))
            return items
        shade = "#FFFFFF" if (column + row) % 2 else LIGHT
        items.append(Fill(rect(x, y, size, size), shade, stroke=INK, stroke_pt=0.5))
        if row in (1, rows - 2):
            tint = colors[0 if row == 1 else 1]["hex"]
            items.append(Line(rect(x + 1, y + 1, size - 2, size - 2), role="art", closed=True, color=tint,
                              width_pt=1.2))
        return items

    return columns, rows, b["square_mm"], draw


def figures(spec, options) -> dict[str, Part]:
    """Drawings for the rulebook (``printkit.rulebook.figures``): ``board``, the
    whole board as its sections print it, joined, its bases behind the back
    rows; words too small at the rulebook's scale left to the caption."""
    columns, rows, square, draw = _board_cells(spec, options)
    board = Part("Board", columns * square, rows * square, kind="board")
    for row in range(rows):
        for column in range(columns):
            board.extend(i for i in draw(column, row, column * square, row * square, square)
                         if not isinstance(i, Text))
    data = data_of(spec)
    colors = data["colors"]
    behind = [str(c + 1) for c in data["board"]["base_columns"]]
    squares = (f"square {behind[0]}" if len(behind) == 1 else
               f"squares {', '.join(behind[:-1])} and {behind[-1]}")
    first, second = as_written(colors[0]["name"]), as_written(colors[1]["name"])
    board.meta["caption"] = (f"The board, its sections joined: {first} sets up on the back row framed "
                             f"in its colour at the bottom, in front of its base; {second} at the top. "
                             f"A base lies behind {squares} of its back row.")
    return {"board": board, "piece": piece_figure(spec, options)}


FIGURE_PT = 7.0  # the piece figure's words: it prints at actual size
FIGURE_GAP = 9.0  # mm between its views
DIMENSION_INK = "#555555"


def _dimension(x0: float, x1: float, y: float, words: str, below: bool = False) -> list:
    """A measure from x0 to x1 at height y, its words over it (or under it)."""
    tick = 1.2
    items = [Line(((x0, y), (x1, y)), role="art", color=DIMENSION_INK, width_pt=0.4)]
    items += [Line(((x, y - tick), (x, y + tick)), role="art", color=DIMENSION_INK, width_pt=0.4) for x in (x0, x1)]
    items.append(Text((x0 + x1) / 2, y - 3.2 if below else y + 1.2, words, size=FIGURE_PT, color=DIMENSION_INK))
    return items


def piece_figure(spec, options=None) -> Part:
    """Pieces on their squares at actual size, from the sizes the kit prints:
    three on neighbouring squares of a row seen from above and from their
    owner's side, and one from the side, its card's foot resting on the
    stand's base inside the tent."""
    data = data_of(spec)
    sizes = kit_sizes(spec)
    square = float(data["board"]["square_mm"])
    color = kit_colors(spec, options)[0]
    w, base, ridge, card_w, card_h = sizes.stand_w, sizes.base, sizes.ridge, sizes.card_w, sizes.card_h
    row = 3 * square
    names_w = 24.0  # mm at the left for the views' names
    items: list = []

    def squares(y0: float, depth: float) -> list:
        return [Fill(rect(names_w + k * square, y0, square, depth), "#FFFFFF" if k % 2 else LIGHT, stroke=INK,
                     stroke_pt=0.5) for k in range(3)]

    def name(y: float, *lines: str) -> list:
        return [Text(names_w - 3.0, y - k * 3.2, words, size=FIGURE_PT, bold=True, anchor="end")
                for k, words in enumerate(lines)]

    # From above, at the bottom: three squares, a stand's base and its upright card on each.
    y_above = 6.0
    items += squares(y_above, square)
    for k in range(3):
        cx, cy = names_w + (k + 0.5) * square, y_above + square / 2
        # The two faces lean in from the base's long edges: their bands show along them.
        lean = STAND_BAND * base / 2
        items.append(Fill(rect(cx - w / 2, cy - base / 2, w, base), "#FFFFFF", stroke=INK, stroke_pt=0.4))
        items += [Fill(rect(cx - w / 2, y, w, lean), color["hex"]) for y in (cy - base / 2, cy + base / 2 - lean)]
        items.append(Line(((cx - w / 2, cy), (cx + w / 2, cy)), role="art", color=INK, width_pt=0.3))  # the ridge
        items.append(Fill(rect(cx - card_w / 2, cy - CARD_THICK / 2, card_w, CARD_THICK), "#FFFFFF", stroke=INK,
                          stroke_pt=0.3))
    items += _dimension(names_w + square, names_w + 2 * square, y_above - 1.8, f"{square:g} mm square", below=True)
    items += _dimension(names_w + square + (square - w) / 2, names_w + square + (square + w) / 2,
                        y_above + square + 1.6, f"{w:g} mm stand")
    items += name(y_above + square / 2 + 0.5, "seen from", "above")
    # From the owner's side, above it: the same three, the cards' types towards the reader.
    y_side = y_above + square + 9.0
    items.append(Line(((names_w, y_side), (names_w + row, y_side)), role="art", color=INK, width_pt=0.8))  # the board
    for k, kind in enumerate(TYPES):
        cx = names_w + (k + 0.5) * square
        items += translate(card_front(kind, color, sizes), cx - card_w / 2, y_side)
        items.append(Line(rect(cx - card_w / 2, y_side, card_w, card_h), role="art", closed=True, color=INK,
                          width_pt=0.4))
        # The stand's front face hides the card's foot, up to the ridge: leaning
        # back, it shows its band and mark shortened in the ridge's height.
        band = STAND_BAND * ridge
        items.append(Fill(rect(cx - w / 2, y_side, w, ridge), "#FFFFFF", stroke=INK, stroke_pt=0.4))
        items.append(Fill(rect(cx - w / 2, y_side, w, band), color["hex"], stroke=INK, stroke_pt=0.4))
        items += player_mark(color["mark"], cx, y_side + band + (ridge - band) / 2, min(5.0, ridge - band - 1.0),
                             color["hex"])
    for k in range(4):  # where the squares meet
        x = names_w + k * square
        items.append(Line(((x, y_side - 1.5), (x, y_side)), role="art", color=INK, width_pt=0.4))
    items += name(y_side + card_h / 2 + 2.0, "seen by", "their owner")
    # From the side, at the right: the tent's open end, the card standing through its ridge.
    x_tent = names_w + row + FIGURE_GAP
    items.append(Line(((x_tent, y_side), (x_tent + square, y_side)), role="art", color=INK, width_pt=0.8))
    for x in (x_tent, x_tent + square):
        items.append(Line(((x, y_side - 1.5), (x, y_side)), role="art", color=INK, width_pt=0.4))
    mid = x_tent + square / 2
    items.append(Fill(rect(mid - CARD_THICK / 2, y_side, CARD_THICK, card_h), "#FFFFFF", stroke=INK, stroke_pt=0.4))
    items.append(Line(((mid - base / 2, y_side), (mid + base / 2, y_side), (mid, y_side + ridge)), role="art",
                      closed=True, color=color["hex"], width_pt=1.5))
    items += _dimension(x_tent, x_tent + square, y_side - 3.0, f"{square:g} mm", below=True)
    items.append(Text(mid, y_side - 10.5, "from the side", size=FIGURE_PT, bold=True))
    part = Part("A piece on its square", x_tent + square, y_side + card_h + 1.0, kind="figure")
    part.extend(items)
    part.meta["caption"] = (
        f"Pieces on their squares, actual size: each stand is {w:g} mm wide and {base:g} mm deep on a "
        f"{square:g} mm square, 1 mm clear of the square's edges, so {data['army']['size']} fill the back row "
        f"side by side. The card stands {card_h:g} mm tall in the slit along the stand's ridge, its foot on the "
        f"stand's base; the {card_h - ridge:.0f} mm above the ridge show its type to its owner and its back to "
        f"the opponent.")
    return part


def board_sections(spec, options=None) -> list[Part]:
    data = data_of(spec)
    columns, rows, square, draw = _board_cells(spec, options)
    return sections(columns, rows, square, draw, data["board"]["glue_tab_mm"], name="Board",
                    sized_by=(("board", "square_mm"), ("board", "columns"), ("board", "rows")))


def card_front(kind: str, color: dict, sizes: Sizes = DEFAULT) -> list:
    """A card's front, its type, for its owner: the symbol and the type's name
    above the stand's ridge, where they show; the owner's mark, in colour, on
    the foot the stand hides (it tells the colours apart out of the stands)."""
    w, h, low = sizes.card_w, sizes.card_h, sizes.card_h - sizes.shown
    name = kind.capitalize()
    size = fit_size(name, w - 2 * CUT_CLEAR, TYPE_PT, bold=True, smallest=MIN_TEXT_PT)
    baseline = low + 1.0 + DESCENT * size * PT
    above = baseline + ASCENT * size * PT + 1.5  # the symbol's room starts here
    symbol = min(w - 2 * CUT_CLEAR, h - CUT_CLEAR - above)
    items = [Fill(rect(0, 0, w, h), "#FFFFFF"),
             Line(rect(1.2, 1.2, w - 2.4, h - 2.4), role="art", closed=True, color=color["hex"], width_pt=1.5),
             *unit_symbol(kind, w / 2, (above + h - CUT_CLEAR) / 2, symbol),
             Text(w / 2, baseline, name, size=size, bold=True)]
    mark = min(6.0, low - 2 * CUT_CLEAR, w - 2 * CUT_CLEAR)
    if mark >= 3.0:
        items += player_mark(color["mark"], w / 2, low / 2, mark, color["hex"])
    return items


BACK_TINT = 0.3  # of the owner's colour in a card back's field: a light shade of it


def card_back(color: dict, title: str, on: str = WHITE, sizes: Sizes = DEFAULT) -> list:
    """A card's back, what the opponent sees: a light shade of the owner's
    colour over the whole back (so every back looks alike, and a duplex
    drift shows no paper), the owner's mark at the top and the game's name
    up the card in the colour itself, all above the stand's ridge. A solid
    field of the colour printed a sheet of backs at about its whole area's
    worth of ink twice over. ``on``: ink-saver's ink (``on_field``), which
    prints the field as a band of the colour itself, on card of its colour."""
    w, h = sizes.card_w, sizes.card_h
    mark = _back_mark(sizes)
    saver = on != WHITE
    words = on if saver else color["hex"]
    return [Fill(rect(0, 0, w, h), color["hex"] if saver else tint(color["hex"], BACK_TINT), large=True),
            *player_mark(color["mark"], w / 2, h - CUT_CLEAR - mark / 2, mark, words),
            *_name_on_back(title, sizes, words)]


def _back_mark(sizes: Sizes) -> float:
    return min(6.0, sizes.card_w - 2 * CUT_CLEAR)


def name_room(sizes: Sizes) -> tuple[float, float, float]:
    """Where the game's name prints on a card's back: (lowest y, length along
    the card, width across it) in mm, between the ridge and the mark; the
    width from the first line's cap to the last one's baseline, its
    descenders kept clear of the cut too."""
    low = sizes.card_h - sizes.shown + 1.0
    high = sizes.card_h - CUT_CLEAR - _back_mark(sizes) - 1.5
    return low, high - low, sizes.card_w - 2 * CUT_CLEAR - DESCENT * NAME_PT * PT


def name_lines(sizes: Sizes) -> int:
    """The most lines of the game's name, side by side, across a card's back."""
    _, _, across = name_room(sizes)
    return max(1, int((across / (REVERSED_PT * PT) - 1) / LEADING + 1e-9) + 1)


def _name_on_back(title: str, sizes: Sizes, on: str = WHITE) -> list:
    """The game's name on a card's back in ``on``, reading up the card, in
    lines side by side, as large as ``name_room`` takes it, never under
    REVERSED_PT, so it reads on any back, a field of the colour's included
    (the spec's title is refused at load where that does not fit: ``text_boxes``)."""
    low, length, across = name_room(sizes)
    fitted = fit_lines(title, length, NAME_PT, bold=True, smallest=REVERSED_PT, most=name_lines(sizes),
                       height_mm=across)
    size, lines = fitted or (REVERSED_PT, wrap(title, length, REVERSED_PT, bold=True))
    pitch = size * PT * LEADING
    # From the cap of the first line to the descenders of the last.
    block = size * PT + (len(lines) - 1) * pitch + DESCENT * size * PT
    # Turned a quarter counter-clockwise, the words' tops point left: the first line is the leftmost.
    first = sizes.card_w / 2 - block / 2 + size * PT
    return [Text(first + k * pitch, low + length / 2, line, size=size, bold=True, color=on, angle=90.0)
            for k, line in enumerate(lines)]


def duplex_card(kind: str, color: dict, title: str, group: str = "", on: str = WHITE,
                sizes: Sizes = DEFAULT) -> Part:
    """A card for two-sided printing: its front here, its back on the next page."""
    w, h = sizes.card_w, sizes.card_h
    part = Part(f"{kind.capitalize()} card ({color['name']})", w, h, kind="card",
                group=group or f"cards-{color['name']}", abut=f"cards-{color['name']}", rotatable=False,
                meta={"color": color["name"], "type": kind}, sized_by=CARD_SIZED_BY, table="card")
    part.extend(card_front(kind, color, sizes))
    part.add(Line(rect(0, 0, w, h), role=CUT, closed=True))
    part.back = card_back(color, title, on, sizes)
    part.faces = (("card", "front", (0.0, 0.0, w, h)), ("card", "back", None))
    return part


def card(kind: str, color: dict, title: str, group: str = "", on: str = WHITE, sizes: Sizes = DEFAULT) -> Part:
    """A gutter-fold card: the front (left) and the back (right), a mountain fold
    between: folded printed sides out, the fold points at whoever looks at the print."""
    w, h = sizes.card_w, sizes.card_h
    part = Part(f"{kind.capitalize()} card ({color['name']})", 2 * w, h, kind="card",
                group=group or f"cards-{color['name']}", abut=f"cards-{color['name']}",
                meta={"color": color["name"], "type": kind}, sized_by=CARD_SIZED_BY,
                piece=f"{kind.capitalize()} card ({color['name']})", table="card",
                faces=(("card", "front", (0.0, 0.0, w, h)), ("card", "back", (w, 0.0, w, h))))
    part.extend(card_front(kind, color, sizes))
    part.extend(translate(card_back(color, title, on, sizes), w, 0.0))
    part.add(Line(((w, 0), (w, h)), role=MOUNTAIN))
    part.add(Line(rect(0, 0, 2 * w, h), role=CUT, closed=True))
    return part


STAND_BAND = 0.4  # of a stand's face, from its foot: the colour band


def stand(color: dict, group: str = "", on: str = WHITE, sizes: Sizes = DEFAULT) -> Part:
    """A folding tent, its colour in a band along the foot of each face and its
    mark above the band (colour where it tells the pieces apart, not a
    solid field); the card stands in a slit along its ridge (``Sizes``)."""
    def face(width, height):
        band = STAND_BAND * height
        # Over the band, CUT_CLEAR under the ridge, where the card's slit is cut.
        room = height - band - 0.5 - CUT_CLEAR
        mark = min(6.0, room, width - 2 * CUT_CLEAR)
        return [Fill(rect(0, 0, width, band), color["hex"], large=True),
                *player_mark(color["mark"], width / 2, band + 0.5 + room / 2, mark, color["hex"])]

    items, width, height = standup_net(sizes.stand_w, sizes.face, sizes.base, sizes.tab, face, face)
    # The ridge (the fold between the two faces) is slit for the card: it stands
    # in the slit, upright, its back to the opponent. The fold keeps its ends.
    ridge = sizes.tab + sizes.base + sizes.face
    kept, a, b = slit_ridge(items, width, ridge, sizes.slit)
    # Set edge to edge, a stand's top edge meets the free edge of the tab of the
    # stand above it: the top edge gets the tab's corners too, so the cut file
    # holds the stretch they share once.
    tab = next(i for i in kept if isinstance(i, Fill) and i.role == GLUE)
    corners = sorted(x for x, _ in tab.points[2:])
    for k, item in enumerate(kept):
        if isinstance(item, Line) and item.role == CUT and item.closed:
            points = list(item.points)
            at = next(j for j in range(len(points)) if abs(points[j][1] - height) < 1e-9
                      and abs(points[(j + 1) % len(points)][1] - height) < 1e-9)
            top = points[at][1]
            points[at + 1:at + 1] = [(corners[1], top), (corners[0], top)]
            kept[k] = replace(item, points=tuple(points))
    # A colour's stands sit side by side, sharing their cut lines.
    part = Part(f"Stand ({color['name']})", width, height, kind="stand", group=group or f"stands-{color['name']}",
                abut=f"stands-{color['name']}", meta={"color": color["name"], "slit": (a, b, ridge)},
                sized_by=(("kit", "card", "width_mm"), ("kit", "stand", "face_mm"), ("kit", "stand", "base_mm"),
                          ("kit", "stand", "glue_tab_mm")))
    part.extend(kept)
    return part


def text_boxes(spec) -> list:
    """Where the spec's words print (``copyfit``): the colour names in the
    checklist and a colour's own sheets' header, the title up a card's back."""
    from ...copyfit import TextBox, colour_name_boxes

    sizes = kit_sizes(spec)
    _, length, across = name_room(sizes)
    back = [TextBox(("title",), spec["title"], "a card's back", length, NAME_PT, bold=True, most=name_lines(sizes),
                    height=across, smallest=REVERSED_PT, sized_by="kit.card.height_mm")] if spec.get("title") else []
    return back + colour_name_boxes(spec, ("Scissors cards ({})",),
                                    ("cards ({}): fold each along its middle, glue, cut",))


def parts(spec, options) -> list[Part]:
    data = data_of(spec)
    out = board_sections(spec, options)
    title = data.get("title", "Playground Battles")
    on = on_field(options)
    sizes = kit_sizes(spec)
    for color in kit_colors(spec, options):
        make = duplex_card if getattr(options, "duplex", False) else card
        group = pieces_group("cards", color["name"], options)
        for kind in TYPES:
            out += [make(kind, color, title, group, on, sizes) for _ in range(data["cards"]["per_type"])]
    stands = len(out)
    for color in kit_colors(spec, options):
        group = pieces_group("stands", color["name"], options)
        out += [stand(color, group, on, sizes) for _ in range(3 * data["cards"]["per_type"])]
    last = len(board_sections(spec, options))
    if die_beside_board(spec, options):
        out.insert(last, the_die(out[last - 1].group))
    else:  # first on the stands' first sheet, which its title then names truly
        out.insert(stands, the_die(out[stands].group))
    return out


def footprints(spec, parts: list[Part]) -> list:
    """What stands where (``printkit.footprint``), measured from the parts: each
    colour's stand, seen from above with its card upright in the slit, on a
    square; an army on the back row, one piece to a square."""
    from shapely.geometry import Polygon, box
    from shapely.ops import unary_union

    from ...footprint import Cell, Piece, SetUp, face_box, size_of, tent_base

    data = data_of(spec)
    board = data["board"]
    square = float(board["square_mm"])
    cell = Cell("square", "squares", rect(0, 0, square, square), square, ("board", "square_mm"))
    out = []
    for colour in dict.fromkeys(p.meta["color"] for p in parts if p.kind == "stand"):
        stand_part = next(p for p in parts if p.kind == "stand" and p.meta["color"] == colour)
        cards = [p for p in parts if p.kind == "card" and p.meta["color"] == colour]
        base = Polygon(tent_base(stand_part))
        (x0, y0, x1, y1), width = base.bounds, max(size_of(face_box(c, "card"))[0] for c in cards)
        middle, foot = (x0 + x1) / 2, (y0 + y1) / 2
        upright = box(middle - width / 2, foot - CARD_THICK / 2, middle + width / 2, foot + CARD_THICK / 2)
        seen = unary_union([base, upright]).envelope  # the stand's base, and the card where it is wider
        piece = Piece("stands with their cards", tuple(seen.exterior.coords)[:-1], cell,
                      sized_by=(("kit", "card", "width_mm"), ("kit", "stand", "base_mm")), turns=(0,),
                      apart=True)
        out.append(piece)
    if out:
        out.append(SetUp("the back row", out[0], data["army"]["size"], board["columns"], ("army", "size")))
    return out


def the_die(group: str) -> Part:
    items, width, height, faces = die_net(16.0, 6.0, with_faces=True)
    die = Part("Die", width, height, kind="die", group=group, table="die", table_faces=faces)
    die.extend(items)
    return die


def die_beside_board(spec, options) -> bool:
    """Whether the die rides on the last board section's sheet, in the room
    the board leaves (turned on A4), rather than with the stands (paper that
    leaves none)."""
    last = board_sections(spec, options)[-1]
    return share_a_sheet([last, the_die(last.group)], options)


def sheet_title(group: str, members: list[Part]) -> str:
    if group.startswith("board-"):
        return members[0].name + (" and the die" if any(p.kind == "die" for p in members) else "")
    # A group of one colour (--sheet-per-color) names it; the colours of a
    # shared group fill sheets of their own one after another, so naming
    # them all would misname every sheet (the checklist says which is which).
    colours = list(dict.fromkeys(p.meta["color"] for p in members if "color" in p.meta))
    whose = f" ({colours[0]})" if len(colours) == 1 else ""
    if group.split("-")[0] == "cards":
        if members[0].back:  # --duplex: the backs follow on the next page ("fronts" and "backs")
            return f"cards{whose}"
        return f"cards{whose}: fold each along its middle, glue, cut"
    if group.split("-")[0] == "stands":
        return f"stands{whose}" + (" and the die" if any(p.kind == "die" for p in members) else "")
    return ", ".join(sorted({p.name for p in members}))


PLAN_SCALES = tuple(k / 100 for k in range(28, 9, -1))  # the board plan on the cover, largest first
PLAN_CAPTION_H = 5.0  # mm over the plan for its caption
PLAN_CAPTION = "The board's sections"


def cover(spec, options, width: float, height: float) -> list:
    """Making the kit, step by step, beside the board's plan (where each
    section goes), for the cover sheet's free area."""
    data = data_of(spec)
    board = board_sections(spec, options)
    count = len(board)
    colours = kit_colors(spec, options)
    per_type = data["cards"]["per_type"]
    duplex = getattr(options, "duplex", False)
    if duplex:
        paper = (f"{PRINT_STEP} Each page of card fronts is followed by its backs: print the two on one "
                 "sheet, both sides, flipping on the long edge (the calibration pages at the end show how "
                 "well they meet).")
        cards = (f"Cards ({per_type} of each type per colour): cut along their outlines; each shows its type "
                 "on the front and its colour, with the game's name, on the back.")
    else:
        paper = PRINT_STEP
        cards = (f"Cards ({per_type} of each type per colour): fold each along the dash-dot line in its middle, "
                 "printed sides out, glue the halves together, then cut along the outline: the type on one "
                 "face, its colour with the game's name on the other.")
    die_at = f"beside board section {count}" if die_beside_board(spec, options) else "before the stands"
    steps = [
        paper,
        f"Board: cut out the {count} sections along their solid outlines, grey tabs included. Crease each "
        "tab away from you along its dash-dot line, glue it and lay the next section on it, edge to edge, "
        "as numbered in the plan (each section prints its number in a corner).",
        cards,
        "Stands (one per card, in its colour, side by side sharing their cut lines): cut each out and cut "
        "the slit in the middle of the fold "
        "between its two coloured faces. Fold the dash-dot lines away from you and glue the grey tab "
        "inside the back to make a tent.",
        "Slide each card down into the slit of a stand of its colour until its foot rests on the base, "
        "its type towards you and its back towards your opponent: each player sees only their own types "
        "until a battle. A piece stands on one square, 1 mm clear of its edges.",
        f"Die ({die_at}): cut it out, fold every line away from you and glue the tabs inside to close "
        "the cube.",
        f"Each player picks an army of {data['army']['size']} cards, at least one of each type, and sets "
        "it up on the back row in front of their base.",
    ]
    room_w, room_h = label_room(options)
    spare = [(width - room_w, 0.0, width, room_h)]
    # The plan in the lower left corner, beside the box label, as large as
    # the steps above it leave room for (the label gives way before the plan).
    caption_w = text_width_mm(PLAN_CAPTION, 8, bold=True)
    # Whose base is at which end of the board: a long colour name widens the corner the steps keep clear.
    bases = [f"{colour['name']} base" for colour in colours[:2]]
    bases_w = max(text_width_mm(words, 6) for words in bases)
    _, low, _, high = bounds(assembly(board, scale=1.0))
    # First choice: the steps all above the plan and the label; else beside them.
    tries = [(True, 8.0, True)] + [(label, size, False) for label in (True, False) for size in (8.0, 7.0, 6.0)]
    for (label, size, above), scale in itertools.product(tries, PLAN_SCALES):
        plan = assembly(board, scale=scale)
        x0, y0, x1, y1 = bounds(plan)
        corner = (0.0, 0.0, max(x1 - x0, caption_w, bases_w) + 3.0, y1 - y0 + PLAN_CAPTION_H + 3.0)
        if label and corner[2] > width - room_w:
            continue
        row = [(0.0, 0.0, width, max(corner[3], room_h))] if above else []
        if steps_fit("Making the kit", steps, width, height, size=size,
                     keep_clear=[corner] + (spare if label else []) + row):
            break
    else:
        return numbered_steps("Making the kit", steps, width, height, spare=spare)
    middle = (x1 - x0) / 2
    items = [Text(max(middle, caption_w / 2), y1 - y0 + 2.0, PLAN_CAPTION, size=8, bold=True)]
    items += translate(plan, -x0, -y0)
    for words, y in zip(bases, (1.2, y1 - y0 - 3.2)):
        items.append(Text(max(middle, bases_w / 2), y, words, size=6))
    items += numbered_steps("Making the kit", steps, width, height, keep_clear=[corner],
                            spare=spare if label else [])
    return items

