"""Rock Paper Scissors Tiles: the tile sheets and the reference card.

Tiles are printed as a TileGrid per sheet: tiles edge to edge sharing their
cut lines, so a trimmer cuts each line once, with crop marks beyond the
grid in the margin (they never touch the art). On the grid the tiles turn
so that every cut line has the same colour on both sides (the black halves
meet in diamonds): a cut that drifts a little leaves no sliver of the other
colour on a tile's edge. Where a cut line runs through black, the sheets
draw it light (``printkit.parts.cutlines``), so it stays visible once the
sheet is cut into strips.

Ink-saver mode (for coloured cardstock): the black halves are hatched and
outlined instead of filled, and the white halves are left to the card.

The reference card draws every counted image of every shape in both colours
from ``shapes.py``, the very definitions the rules count.
"""

from __future__ import annotations

import math

from ...errors import PartTooLarge
from .rules import Game, decode
from .shapes import BLACK, WHITE, ShapeBook, connected, corner, normalise, swapped
from ...sheets import Paper, content_box, paper_for
from ...spec import data_of
from ...writers.fonts import fit_size, text_width_mm
from ...parts.core import ART, CUT, MIN_TEXT_PT, Circle, Fill, Line, Part, Text, rect
from ...parts.cutlines import KNOCKOUT_PT
from ...parts.nets import cells_outline
from ...literal import as_written

MARK_GAP = 1.0  # mm between the grid and a crop mark
# mm a crop mark runs on past the grid's part box, into the free band under
# the sheet's title or over its legend, so it is long enough to set a trimmer.
MARK_BEYOND = 2.0
MARK_SIDE = 6.0  # mm of margin a crop mark takes beside the grid, at most
MARK_LEAST = 3.5  # mm: smaller crop marks are not worth a row less of tiles
TILE_EDGE_GREY = "#9A9A9A"
HATCH_STEP = 1.6  # mm between hatching lines in ink-saver mode
HATCH_PT = 0.7
HATCH_CLEAR = 0.6  # mm between the hatching and a tile's edge
OUTLINE_PT = 1.0
PAPER_WHITE = "#FFFFFF"

LL, LR, UL, UR = range(4)


# --- one tile --------------------------------------------------------------

def half_polygon(x: float, y: float, size: float, orientation: int) -> tuple:
    """The black triangle of a tile with its lower-left corner at (x, y)."""
    cx, cy = corner(orientation)
    ox = x + (size if cx > 0 else 0.0)
    oy = y + (size if cy > 0 else 0.0)
    # The black corner and the two corners beside it, counter-clockwise.
    sx = -size if cx > 0 else size
    sy = -size if cy > 0 else size
    pts = ((ox, oy), (ox + sx, oy), (ox, oy + sy))
    area = (pts[1][0] - pts[0][0]) * (pts[2][1] - pts[0][1]) - (pts[2][0] - pts[0][0]) * (pts[1][1] - pts[0][1])
    return pts if area > 0 else (pts[0], pts[2], pts[1])


def _hatch(poly, size: float, color: str) -> list:
    """Lines parallel to the tile's diagonal, filling its black triangle."""
    (ox, oy), a, b = poly
    # The black corner o, and the diagonal a-b opposite it. Lines run parallel
    # to a-b, stepping from the diagonal towards the corner.
    height = size / math.sqrt(2)  # from the diagonal to the corner
    lines = []
    steps = int(height / HATCH_STEP)
    # Each line stops HATCH_CLEAR short of the tile's edges, which are cut
    # lines: they cross them at 45 degrees, so they end that much times
    # root 2 inside, and the cut lines run on paper, not through hatching.
    trim = HATCH_CLEAR * math.sqrt(2)
    for k in range(1, steps + 1):
        t = 1 - k * HATCH_STEP / height  # 1 on the diagonal, 0 at the corner
        p = (ox + (a[0] - ox) * t, oy + (a[1] - oy) * t)
        q = (ox + (b[0] - ox) * t, oy + (b[1] - oy) * t)
        length = math.dist(p, q)
        if length <= 2 * trim + HATCH_STEP / 2:
            break
        u = ((q[0] - p[0]) / length * trim, (q[1] - p[1]) / length * trim)
        lines.append(Line(((p[0] + u[0], p[1] + u[1]), (q[0] - u[0], q[1] - u[1])), role=ART, color=color,
                          width_pt=HATCH_PT))
    return lines


def tile_items(x: float, y: float, size: float, orientation: int, colors: dict,
               ink_saver: bool = False, edge: str | None = None, edge_pt: float = 0.3) -> list:
    """The art of one tile with its lower-left corner at (x, y): the black
    half (filled, or hatched in ink-saver mode), the white half if it is not
    paper white, and an optional thin outline of the square in ``edge``."""
    black = half_polygon(x, y, size, orientation)
    white = half_polygon(x, y, size, orientation ^ 3)
    items: list = []
    if ink_saver:
        items += _hatch(black, size, colors["black"])
        items.append(Line(black, role=ART, closed=True, color=colors["black"], width_pt=OUTLINE_PT))
    else:
        if colors["white"].upper() != PAPER_WHITE:
            items.append(Fill(white, colors["white"]))
        items.append(Fill(black, colors["black"]))
    if edge:
        items.append(Line(rect(x, y, size, size), role=ART, closed=True, color=edge, width_pt=edge_pt))
    return items


# --- the tile sheets -------------------------------------------------------

def grid_orientation(column: int, row: int) -> int:
    """How a tile lies on the sheet (row 0 at the top): black halves meet in
    diamonds, so both sides of every cut line have one colour."""
    if row % 2 == 0:
        return LR if column % 2 == 0 else LL
    return UR if column % 2 == 0 else UL


def grid_plan(size: float, paper: Paper) -> tuple[int, int, float, float]:
    """(columns, rows, side margin, top/bottom margin) of a full TileGrid on ``paper``.

    As many tiles as fit with crop marks of at least MARK_LEAST mm."""
    _, _, width, height = content_box(paper)
    columns = int((width - 2 * MARK_LEAST + 1e-6) // size)
    rows = int((height - 2 * MARK_LEAST + 1e-6) // size)
    if columns < 1 or rows < 1:
        raise PartTooLarge(f"a {size:g} mm tile with its crop marks", (("tiles", "size_mm"),))
    side = min(MARK_SIDE, (width - columns * size) / 2)
    end = min(MARK_SIDE, (height - rows * size) / 2)
    return columns, rows, side, end


def tile_grid(count: int, first: int, size: float, columns: int, side: float, end: float,
              colors: dict, ink_saver: bool, beyond: float = MARK_BEYOND) -> Part:
    """A sheet's worth of tiles (``count`` of them, numbers first..) edge to edge."""
    used_rows = math.ceil(count / columns)
    last_row = count - (used_rows - 1) * columns  # tiles in the bottom row
    full_w = min(count, columns) * size
    grid_h = used_rows * size
    width, height = full_w + 2 * side, grid_h + 2 * end
    x0, y0 = side, end  # the grid's lower-left corner in the part

    def cell(column: int, row: int) -> tuple[float, float]:
        return (x0 + column * size, y0 + grid_h - (row + 1) * size)

    def row_tiles(row: int) -> int:
        return last_row if row == used_rows - 1 else columns

    # Each grid is its own group, so each sheet's title names its tiles.
    # The checklist counts the tiles themselves, not the sheets they come on.
    part = Part(f"Sheet of {count} tiles", width, height, kind="tiles", group=f"tiles-{first}",
                rotatable=False, meta={"tiles": count, "first": first, "size_mm": size},
                sized_by=(("tiles", "size_mm"),),
                pieces=count, piece=f"Tile ({size:g} mm square)", plural=f"Tiles ({size:g} mm squares)",
                table="tile")
    art: list = []
    faces = []
    for row in range(used_rows):
        for column in range(row_tiles(row)):
            x, y = cell(column, row)
            art += tile_items(x, y, size, grid_orientation(column, row), colors, ink_saver)
            faces.append(("tile", "", (x, y, size, size)))
    part.faces = tuple(faces)

    # Cut lines: the outline as one closed path (a cutter finishes it cleanly),
    # then each line between two tiles once, as long as tiles lie on both sides.
    wide = min(count, columns)
    top = y0 + grid_h
    full_bottom = top - (used_rows - 1 if last_row < wide else used_rows) * size
    outline = [(x0, top), (x0 + wide * size, top), (x0 + wide * size, full_bottom)]
    if last_row < wide:  # the bottom row is short: the outline steps in
        outline += [(x0 + last_row * size, full_bottom), (x0 + last_row * size, y0)]
    outline.append((x0, y0))
    inner: list = []
    for row in range(1, used_rows):  # horizontal lines, top to bottom
        y = top - row * size
        inner.append(((x0, y), (x0 + min(row_tiles(row - 1), row_tiles(row)) * size, y)))
    for column in range(1, wide):  # vertical lines
        rows_inside = used_rows if column < last_row else used_rows - 1
        x = x0 + column * size
        inner.append(((x, top), (x, top - rows_inside * size)))
    cuts = [Line(tuple(outline), role=CUT, closed=True)] + [Line(c, role=CUT) for c in inner]
    part.extend(art)
    part.extend(cuts)
    part.extend(crop_marks(x0, y0, columns=wide, rows=used_rows, size=size, beyond=beyond,
                           side=side, end=end))
    return part


def crop_marks(x0: float, y0: float, columns: int, rows: int, size: float, beyond: float,
               side: float, end: float) -> list:
    """Short lines in the margin continuing every cut line, MARK_GAP clear of
    the grid; those above and below run ``beyond`` mm past the part's box."""
    marks = []
    w, h = columns * size, rows * size
    for c in range(columns + 1):
        x = x0 + c * size
        marks.append(Line(((x, y0 - MARK_GAP), (x, y0 - end - beyond)), role=ART, width_pt=0.4))
        marks.append(Line(((x, y0 + h + MARK_GAP), (x, y0 + h + end + beyond)), role=ART, width_pt=0.4))
    for r in range(rows + 1):
        y = y0 + r * size
        marks.append(Line(((x0 - MARK_GAP, y), (x0 - side, y)), role=ART, width_pt=0.4))
        marks.append(Line(((x0 + w + MARK_GAP, y), (x0 + w + side, y)), role=ART, width_pt=0.4))
    return marks


def tile_grids(spec, options) -> list[Part]:
    data = data_of(spec)
    count = int(data["tiles"]["count"])
    size = float(data["tiles"]["size_mm"])
    paper = paper_for(options)
    columns, rows, side, end = grid_plan(size, paper)
    # Past the part's box only where the bands are free: not beside a cutting machine's marks.
    beyond = MARK_BEYOND if not paper.corner else 0.0
    per_sheet = columns * rows
    grids = []
    first = 1
    while first <= count:
        n = min(per_sheet, count - first + 1)
        grids.append(tile_grid(n, first, size, columns, side, end, data["colors"], options.ink_saver, beyond))
        first += n
    return grids


# --- the reference card ----------------------------------------------------

CARD_PAD = 5.0  # mm inside the card's cut line
IMAGE_GAP = 3.5  # mm between two images of a shape
SECTION_GAP = 8.0  # mm between the Black and the White images
LABEL_W = 30.0  # mm for a row's name and what it beats
CARD_MAX_W = 184.0  # fits inside the printable width of Letter and A4


def cycle_order(book: ShapeBook) -> list[int]:
    """Shape indexes following "beats" from the first: rock, scissors, paper."""
    order = [0]
    while book.beaten[order[-1]] not in order:
        order.append(book.beaten[order[-1]])
    return order


def _extent(image) -> tuple[int, int]:
    return (max(c[0] for c in image) + 1, max(c[1] for c in image) + 1)


def reference_card(spec, options) -> Part:
    """Every counted image of the three shapes in Black and in White, and
    which beats which, from the shapes the rules count."""
    data = data_of(spec)
    book = ShapeBook.from_spec(data)
    colors = data["colors"]
    order = cycle_order(book)

    # Tile size: the widest row of images must fit the card.
    def row_tiles(colour, index):
        return sum(_extent(i)[0] for i in book.images[colour][index])

    black_tiles = max(row_tiles(BLACK, i) for i in order)
    white_tiles = max(row_tiles(WHITE, i) for i in order)
    most = max(len(book.images[c][i]) for c in (BLACK, WHITE) for i in order)
    fixed = 2 * CARD_PAD + LABEL_W + SECTION_GAP + 2 * (most - 1) * IMAGE_GAP
    mini = min(6.0, (CARD_MAX_W - fixed) / (black_tiles + white_tiles))
    section_w = {BLACK: black_tiles * mini + (most - 1) * IMAGE_GAP,
                 WHITE: white_tiles * mini + (most - 1) * IMAGE_GAP}
    width = 2 * CARD_PAD + LABEL_W + section_w[BLACK] + SECTION_GAP + section_w[WHITE]
    row_h = [max(_extent(im)[1] for c in (BLACK, WHITE) for im in book.images[c][i]) * mini
             for i in order]
    row_gap = 5.0
    title_h, head_h = 9.0, 6.0
    notes = _card_notes(book)
    note_h = 3.6 * len(notes) + 2
    height = CARD_PAD + title_h + head_h + sum(row_h) + row_gap * (len(order) - 1) + 4 + note_h + CARD_PAD

    part = Part("Reference card", width, height, kind="card", group="reference", table="card",
                faces=(("reference-card", "", (0.0, 0.0, width, height)),))
    items: list = [Line(rect(0, 0, width, height), role=CUT, closed=True)]
    top = height - CARD_PAD
    title = f"{data['title']}: the shapes"
    items.append(Text(CARD_PAD, top - 5, title, anchor="start", bold=True,
                      size=fit_size(title, width - 2 * CARD_PAD, 11, True, smallest=MIN_TEXT_PT)))
    y = top - title_h
    xs = {BLACK: CARD_PAD + LABEL_W, WHITE: CARD_PAD + LABEL_W + section_w[BLACK] + SECTION_GAP}
    heads = {BLACK: "Black shapes (black halves)", WHITE: "White shapes (white halves)"}
    for colour in (BLACK, WHITE):
        items.append(Text(xs[colour], y - 4, heads[colour], size=7.5, anchor="start", bold=True))
    y -= head_h
    sep_x = xs[WHITE] - SECTION_GAP / 2
    rows_top = y
    for n, index in enumerate(order):
        shape = book.shapes[index]
        h = row_h[n]
        mid = y - h / 2
        beaten = book.shapes[book.beaten[index]].name
        items.append(Text(CARD_PAD, mid + 1, shape.name, anchor="start", bold=True,
                          size=fit_size(shape.name, LABEL_W - 2, 11, True, smallest=MIN_TEXT_PT)))
        words = f"beats {beaten}"
        items.append(Text(CARD_PAD, mid - 3.5, words, anchor="start",
                          size=fit_size(words, LABEL_W - 2, 7.5, smallest=MIN_TEXT_PT)))
        for colour in (BLACK, WHITE):
            x = xs[colour]
            for image in book.images[colour][index]:
                w, ih = _extent(image)
                base_y = mid - ih * mini / 2
                for cx, cy, o in image:
                    items += tile_items(x + cx * mini, base_y + cy * mini, mini, o, colors,
                                        ink_saver=False, edge=TILE_EDGE_GREY, edge_pt=KNOCKOUT_PT)
                x += w * mini + IMAGE_GAP
        y -= h + row_gap
    items.append(Line(((sep_x, rows_top), (sep_x, y + row_gap)), role=ART, color="#BBBBBB", width_pt=0.5))
    y -= 1
    for line in notes:
        items.append(Text(CARD_PAD, y - 2.5, line, anchor="start",
                          size=fit_size(line, width - 2 * CARD_PAD, 7.0, smallest=MIN_TEXT_PT)))
        y -= 3.6
    part.extend(items)
    return part


def text_boxes(spec) -> list:
    """Where the reference card prints the title and the shapes' names
    (``copyfit``): its title line, a row's name and what it beats, and
    the note of which beats which."""
    from ...copyfit import TextBox

    data = data_of(spec)
    if not data["reference_cards"]:
        return []
    room = reference_card(spec, None).width - 2 * CARD_PAD
    boxes = [TextBox(("title",), data["title"], "the reference card", room, 11.0, bold=True,
                     smallest=MIN_TEXT_PT, around=("", ": the shapes"))]
    book = ShapeBook.from_spec(data)
    keys = list(data["shapes"])
    chain = _card_notes(book)[1]
    for key, shape in zip(keys, book.shapes):
        at = ("shapes", key, "name")
        boxes += [TextBox(at, shape.name, "the reference card", LABEL_W - 2, 11.0, bold=True, smallest=MIN_TEXT_PT),
                  TextBox(at, shape.name, "the reference card", LABEL_W - 2, 7.5, smallest=MIN_TEXT_PT,
                          around=("beats ", ""))]
    longest = max(range(len(keys)), key=lambda i: text_width_mm(book.shapes[i].name, 7.0))
    before, _, after = chain.partition(book.shapes[longest].name)
    boxes.append(TextBox(("shapes", keys[longest], "name"), book.shapes[longest].name, "the reference card's note",
                         room, 7.0, smallest=MIN_TEXT_PT, around=(before, after)))
    return boxes


def _card_notes(book: ShapeBook) -> list[str]:
    order = cycle_order(book)
    chain = ", ".join(f"{book.shapes[i].name} beats {book.shapes[book.beaten[i]].name}" for i in order)
    turned = ("turned or mirrored" if book.mirrors else "turned (mirror images do not count)")
    return [
        f"Every position shown counts: a shape may lie {turned}. Tiles may belong to several shapes.",
        f"{chain}.",
        "After each turn, score 1 point for each pair of your shape and an opponent's shape that yours beats.",
        "The higher score wins at once; equal scores when the last tile is down: a draw.",
    ]


# --- the kit ---------------------------------------------------------------

def parts(spec, options) -> list[Part]:
    """Every part of the kit: the tile sheets, then the reference cards (one per player)."""
    data = data_of(spec)
    cards = [reference_card(spec, options) for _ in range(int(data["reference_cards"]))]
    return tile_grids(spec, options) + cards


def sheet_title(group: str, parts_: list[Part]) -> str:
    if group.startswith("tiles"):
        n = sum(p.meta.get("tiles", 0) for p in parts_)
        first = min(p.meta["first"] for p in parts_)
        return f"tiles {first}-{first + n - 1}"
    if group == "reference":
        return f"{len(parts_)} reference cards" if len(parts_) > 1 else "reference card"
    return ", ".join(sorted({p.name for p in parts_}))


def cover(spec, options, width: float, height: float) -> list:
    """Cutting notes on the cover sheet."""
    data = data_of(spec)
    size = data["tiles"]["size_mm"]
    lines = [
        ("How to cut", True),
        (f"The {data['tiles']['count']} tiles ({size:g} mm squares) sit edge to edge: every line is cut once.", False),
        ("With a trimmer, line the blade up with the crop marks outside the grid: cut the long lines", False),
        ("first, then cut each strip into tiles."
         + ("" if options.ink_saver else " A light hairline shows each cut line that runs through black."), False),
        ("The tiles are all alike; they are turned on the sheet only so no cut leaves a sliver of the", False),
        ("other colour on a tile's edge.", False),
        ("Glue the sheets to thin card before cutting for sturdier tiles.", False),
    ]
    if options.ink_saver:
        lines.append(("Ink-saver: black halves are hatched; print on coloured card for the other colour.", False))
    items = []
    y = height - 6
    for text, bold in lines:
        items.append(Text(0, y, text, size=fit_size(text, width, 10 if bold else 8, bold),
                          anchor="start", bold=bold))
        y -= 6 if bold else 4.2
    return items


# --- rulebook figures --------------------------------------------------------

FIGURE_TILE = 12.0  # mm: a tile in the rulebook's drawings, before they are scaled
FIGURE_GAP = 9.0  # mm between two drawings of shapes
FIGURE_LABEL_W = 16.0  # mm for the row names "Black" and "White"
# Outlines of found shapes in the worked example: a hue per colour and a
# dash for greyscale prints.
SHAPE_INK = {BLACK: ("#D55E00", None), WHITE: ("#0072B2", (3.0, 1.6))}
COLOUR_NAMES = {BLACK: "Black", WHITE: "White"}


def figures(spec, options) -> dict[str, Part]:
    """Drawings for the rulebook (``printkit.rulebook.figures``):

    - ``shapes``: each shape in Black and in White, from the shapes the rules count;
    - ``scoring``: a small table played with the rules engine, the shapes it
      finds there outlined and the score it gives."""
    return {"shapes": shapes_figure(spec), "scoring": scoring_figure(spec)}


def _pattern_items(cells, x: float, y: float, size: float, colors: dict) -> list:
    """The tiles of a pattern ((x, y, orientation), ...) with their lower-left at (x, y)."""
    items = []
    for cx, cy, o in cells:
        items += tile_items(x + cx * size, y + cy * size, size, o, colors,
                            edge=TILE_EDGE_GREY, edge_pt=0.6)
    return items


def shapes_figure(spec) -> Part:
    """Every shape as the spec draws it, in Black (its black halves) and in
    White (the same pattern in white halves), named, with what it beats."""
    data = data_of(spec)
    book = ShapeBook.from_spec(data)
    colors = data["colors"]
    t = FIGURE_TILE
    order = cycle_order(book)
    # Each shape as the spec lists it, moved to the origin: Black, and its White twin.
    drawn = {i: normalise_cells(book.shapes[i].cells) for i in order}
    widths = [max(t * _extent(drawn[i])[0], text_width_mm(book.shapes[i].name, 10, True)) for i in order]
    row_h = max(_extent(drawn[i])[1] for i in order) * t
    head_h, row_gap = 12.0, 7.0
    width = FIGURE_LABEL_W + sum(widths) + FIGURE_GAP * (len(order) - 1)
    height = head_h + 2 * row_h + row_gap
    part = Part("The shapes", width, height)
    x = FIGURE_LABEL_W
    for index, w in zip(order, widths):
        shape = book.shapes[index]
        cx = x + w / 2
        part.add(Text(cx, height - 4.5, shape.name, size=10, bold=True))
        words = f"beats {book.shapes[book.beaten[index]].name}"
        part.add(Text(cx, height - 9.0, words, size=fit_size(words, w + FIGURE_GAP - 1, 8)))
        cells = drawn[index]
        pw, ph = _extent(cells)
        for row, colour in enumerate((BLACK, WHITE)):
            pattern = cells if colour == BLACK else swapped(cells)
            top = height - head_h - row * (row_h + row_gap)
            part.extend(_pattern_items(pattern, cx - pw * t / 2, top - row_h / 2 - ph * t / 2, t, colors))
        x += w + FIGURE_GAP
    for row, name in enumerate(("Black", "White")):
        mid = height - head_h - row * (row_h + row_gap) - row_h / 2
        part.add(Text(0, mid - 1.2, name, size=10, bold=True, anchor="start"))
    turned = "turned or mirrored" if book.mirrors else "turned (not mirrored)"
    part.meta["caption"] = (f"The shapes in Black and in White; each counts wherever it lies, {turned}.")
    return part


def normalise_cells(cells) -> tuple:
    """A pattern moved so that its least x and y are 0 (the spec's order kept)."""
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple((x - mx, y - my, o) for x, y, o in cells)


def scoring_position(spec):
    """A short game played with the rules engine that ends as the template's
    first worked example does: a Black shape and the White shape it beats,
    nothing else on the table. Returns the final engine state.

    The table is searched for, not typed in: the two shapes come from the
    spec, side by side; the engine then lays them tile by tile, every move
    legal, every turn before the last ending level."""
    data = data_of(spec)
    game = Game(spec)
    book = game.book
    winner = book.keys.index(next(iter(data["beats"])))
    loser = book.beaten[winner]
    black = normalise(book.shapes[winner].cells)
    white = normalise(swapped(book.shapes[loser].cells))
    offsets = sorted(((dx, dy) for dx in range(-5, 6) for dy in range(-5, 6)),
                     key=lambda d: (abs(d[0]) + abs(d[1]), abs(d[1]), d))
    for dx, dy in offsets:
        table = {(x, y): o for x, y, o in black}
        moved = [(x + dx, y + dy, o) for x, y, o in white]
        if any((x, y) in table for x, y, _ in moved):
            continue
        table.update({(x, y): o for x, y, o in moved})
        cells = [(x, y, o) for (x, y), o in table.items()]
        if len(table) % 2 or not connected(cells):
            continue
        if {(c, i) for c, i, _ in book.occurrences(table)} != {(BLACK, winner), (WHITE, loser)} \
                or len(book.occurrences(table)) != 2:
            continue
        # The first two tiles lie side by side at (0, 0) and (1, 0).
        for (x, y) in sorted(table):
            if (x + 1, y) not in table:
                continue
            placed = {(px - x, py - y): o for (px, py), o in table.items()}
            state = _lay_all(game.initial_state(), placed)
            if state is not None:
                return state
    return None


def _lay_all(state, todo: dict):
    """Depth-first: lay every tile of ``todo`` with legal moves, the game
    going on until the last one. The final state, or None."""
    if not todo:
        return state
    for action in state.legal_actions():
        x, y, o = decode(action)
        if todo.get((x, y)) != o:
            continue
        after = state.clone()
        after.apply(action)
        rest = {k: v for k, v in todo.items() if k != (x, y)}
        if after.result is not None and rest:
            continue
        found = _lay_all(after, rest)
        if found is not None:
            return found
    return None


LABEL_LINE = 4.5  # mm from one line of shape names to the next in the scoring drawing
LABEL_GAP = 2.0  # mm at least between two names on one line


def label_lines(labels: list) -> list[int]:
    """For names ``(side, left, right)`` (their extents in mm), the line each
    goes on, 0 nearest the drawing: the first line on its side where it
    keeps LABEL_GAP from every name already there."""
    taken: dict = {}  # (side, line) -> extents already set there
    lines = []
    for side, left, right in labels:
        line = 0
        while any(left < end + LABEL_GAP and start < right + LABEL_GAP for start, end in taken.get((side, line), ())):
            line += 1
        taken.setdefault((side, line), []).append((left, right))
        lines.append(line)
    return lines


def scoring_figure(spec) -> Part:
    """The end of a game the engine played (``scoring_position``): its tiles
    numbered in play order, the shapes it counts outlined, and the score."""
    data = data_of(spec)
    book = ShapeBook.from_spec(data)
    state = scoring_position(spec)
    if state is None:  # shapes that cannot lie side by side alone: no example to draw
        part = Part("Scoring example", 60, 10)
        part.add(Text(30, 4, "(these shapes leave no simple example)", size=8))
        return part
    t = FIGURE_TILE * 1.25
    label_h = 7.0  # room for a shape's name above or below the table
    xs = [x for x, _, _ in state.played]
    ys = [y for _, y, _ in state.played]
    x0, y0 = min(xs), min(ys)
    rows = max(ys) - y0 + 1
    found = sorted(book.occurrences(state.table), key=lambda f: (f[0], f[1], sorted(f[2])))
    side = 1.0
    width = (max(xs) - x0 + 1) * t + 2 * side
    # Each shape is named above the table if it reaches the top row, else
    # below; names that would run into each other on one side take a line
    # each (the spec's names may be long).
    shapes = []
    for colour, index, cells in found:
        outline = tuple(cells_outline([(x - x0, y - y0) for x, y, _ in cells], t))
        name = f"{COLOUR_NAMES[colour]} {book.shapes[index].name}"
        size = fit_size(name, width, 9, True)
        mid_x = side + (min(px for px, _ in outline) + max(px for px, _ in outline)) / 2
        half = text_width_mm(name, size, True) / 2
        mid_x = min(max(mid_x, half), width - half)  # inside the drawing
        upper = max(y for _, y, _ in cells) == max(ys)
        shapes.append((colour, outline, name, size, mid_x, half, upper))
    lines = label_lines([(upper, mid_x - half, mid_x + half) for *_, mid_x, half, upper in shapes])
    above = [line for (*_, upper), line in zip(shapes, lines) if upper]
    below = [line for (*_, upper), line in zip(shapes, lines) if not upper]
    top_pad = label_h + LABEL_LINE * max(above) if above else 1.0
    bottom_pad = label_h + LABEL_LINE * max(below) if below else 1.0
    height = rows * t + top_pad + bottom_pad
    part = Part("Scoring example", width, height)

    def at(x, y):
        return (side + (x - x0) * t, bottom_pad + (y - y0) * t)

    for number, (x, y, o) in enumerate(state.played, 1):
        left, bottom = at(x, y)
        part.extend(tile_items(left, bottom, t, o, data["colors"], edge=TILE_EDGE_GREY, edge_pt=0.6))
        part.add(Circle((left + t / 2, bottom + t / 2), t * 0.17, fill="#FFFFFF", stroke="#000000",
                        stroke_pt=0.5))
        part.add(Text(left + t / 2, bottom + t / 2 - 1.1, str(number), size=8, bold=True))
    names = []
    ox, oy = at(x0, y0)
    for (colour, outline, name, size, mid_x, _, upper), line in zip(shapes, lines):
        ink, dash = SHAPE_INK[colour]
        outline = tuple((px + ox, py + oy) for px, py in outline)
        part.add(Line(outline, role=ART, closed=True, color=ink, width_pt=2.2, dash=dash))
        names.append(name)
        if upper:
            y = max(py for _, py in outline) + 2.2 + LABEL_LINE * line
        else:
            y = min(py for _, py in outline) - 5.2 - LABEL_LINE * line
        part.add(Text(mid_x, y, name, size=size, bold=True, color=ink))
    black, white = state.scores()
    result = {BLACK: "Black wins", WHITE: "White wins"}.get(state.result, "a draw")
    beats = (f"{as_written(book.shapes[found[0][1]].name)} beats "
             f"{as_written(book.shapes[book.beaten[found[0][1]]].name)}") if found else ""
    # The shapes' names are the spec's: they print as written; the result is set in bold.
    part.meta["caption"] = (f"A short game, its tiles numbered in play order: "
                            f"{' and '.join(as_written(n) for n in names)}. {beats}: "
                            f"Black {black}, White {white}. **{result}.**")
    part.meta["state"] = state
    return part


def footprints(spec, parts_: list[Part]) -> list:
    """What lies where (``printkit.footprint``), measured from the parts: a
    tile, as the cut lines of its sheet free it (the nearest two cuts each
    way), on its place in the grid the tiles are laid in, edge to edge; so
    every tile of every sheet must be one size."""
    from ...footprint import Cell, Piece

    size = float(data_of(spec)["tiles"]["size_mm"])
    place = Cell("place in the tile grid", "places in the tile grid", rect(0, 0, size, size), size,
                 ("tiles", "size_mm"), clearance=0.0)
    out = []
    for part in (p for p in parts_ if p.kind == "tiles"):
        across, up = set(), set()
        for line in (i for i in part.items if isinstance(i, Line) and i.role == CUT):
            points = line.points + ((line.points[0],) if line.closed else ())
            for (x0, y0), (x1, y1) in zip(points, points[1:]):
                if abs(x0 - x1) < 1e-9:
                    across.add(round(x0, 6))
                elif abs(y0 - y1) < 1e-9:
                    up.add(round(y0, 6))
        w = min(b - a for a, b in zip(sorted(across), sorted(across)[1:]))
        h = min(b - a for a, b in zip(sorted(up), sorted(up)[1:]))
        out.append(Piece("tiles", rect(0, 0, w, h), place, sized_by=(("tiles", "size_mm"),),
                         stack="tiles (they lie edge to edge)"))
    return out
