"""The Lam kit: a hex board in two segments, counters, a reference card.

- Two board segments (rows 1-5 and 6-10 by default) that join along the
  zigzag of hex edges between them. Segment 1 carries the glue tab: a band
  that follows the zigzag, on which segment 2's zigzag edge is laid. Row
  numbers sit in the half-hex notch at the end of each row, column letters
  along the outer edges; each set-up cell shows faintly the piece that
  starts there, in its owner's colour, so no rulebook is needed to set up.
- Round counters per colour: Rocks, Papers, Scissors and Flags, each with its
  type and its owner's colour and mark. Papers stack, so every Paper is the
  same size, single thickness, with its owner on its face.
- A reference card: how each type moves, its diagrams drawn from positions
  of the rules engine (``figures`` gives them to the rulebook too).
- On the cover, the steps for making the kit and the two segments drawn
  apart over the tab that joins them.

Geometry in millimetres, origin at each part's lower left, y up.
"""

from __future__ import annotations

import math

from ...parts.core import (ART, ASCENT, CUT, CUT_CLEAR, DESCENT, GLUE, GLUE_GREY, INK, MIN_TEXT_PT, MOUNTAIN, PT,
                           TAB_CLEAR, Fill, Line, Part, Text, item_box, regular_polygon, tapered_free_edge, translate)
from ...parts.marks import player_mark, unit_symbol
from ...parts.steps import PRINT_STEP, numbered_steps
from ...options import pieces_group
from ...shapes import Polygon, box
from ...sheets import label_room
from ...spec import data_of
from ...writers.fonts import text_width_mm
from .hexes import HexBoard, column_letter

SIDE_MM = 4.0  # board frame beside the hexes
EDGE_MM = 9.0  # board frame along the outer edges, for the column letters
HEX_FILL = "#F6F1E4"
EDGE_GREY = "#555555"
KIND_NAMES = {"R": "rock", "P": "paper", "S": "scissors", "F": "flag"}
SIZED_BY = (("board", "hex_mm"), ("board", "columns"), ("board", "segment_rows"), ("board", "glue_tab_mm"))


def _tint(hex_color: str, amount: float) -> str:
    """The colour mixed with white: amount 0 = white, 1 = the colour."""
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(255 - (255 - c) * amount) for c in (r, g, b)]
    return "#{:02X}{:02X}{:02X}".format(*mix)


def flag_symbol(cx: float, cy: float, size: float, color: str = INK) -> list:
    """A flag on a pole, ``size`` mm tall."""
    s = size
    pole = ((cx - 0.3 * s, cy - 0.5 * s), (cx - 0.22 * s, cy - 0.5 * s),
            (cx - 0.22 * s, cy + 0.5 * s), (cx - 0.3 * s, cy + 0.5 * s))
    cloth = ((cx - 0.22 * s, cy + 0.5 * s), (cx + 0.4 * s, cy + 0.3 * s), (cx - 0.22 * s, cy + 0.08 * s))
    return [Fill(pole, color), Fill(cloth, color)]


def piece_symbol(letter: str, cx: float, cy: float, size: float, color: str = INK) -> list:
    if letter == "F":
        return flag_symbol(cx, cy, size, color)
    return unit_symbol(KIND_NAMES[letter], cx, cy, size, color)


def seam_points(board: HexBoard, row: int, flat: float) -> list[tuple[float, float]]:
    """The zigzag between ``row`` and the row above it, in board coordinates,
    from the left edge of the board to the right."""
    width, _ = board.size_mm(flat)
    points: list[tuple[float, float]] = []
    for column in range(board.columns):
        cx, cy = board.centre_mm(board.index(column, row), flat)
        corners = HexBoard.corners(cx, cy, flat)  # top, upper-right, lower-right, bottom, lower-left, upper-left
        for p in (corners[5], corners[0], corners[1]):
            if not points or math.dist(points[-1], p) > 1e-9:
                points.append(p)
    radius = flat / math.sqrt(3)
    high = board.centre_mm(board.index(0, row), flat)[1] + radius
    if points[0][0] > 1e-9:
        points.insert(0, (0.0, high))
    if points[-1][0] < width - 1e-9:
        points.append((width, high))
    return points


def segment_part(spec, number: int) -> Part:
    """Board segment ``number`` (1 or 2) with its frame, coordinates and set-up marks."""
    data = data_of(spec)
    b = data["board"]
    board = HexBoard(b["columns"], b["rows"])
    flat, tab = b["hex_mm"], b["glue_tab_mm"]
    width, height = board.size_mm(flat)
    seam_row = b["segment_rows"] - 1
    seam = seam_points(board, seam_row, flat)
    rows = range(0, b["segment_rows"]) if number == 1 else range(b["segment_rows"], b["rows"])
    left, right = -SIDE_MM, width + SIDE_MM
    seam_full = [(left, seam[0][1]), *seam, (right, seam[-1][1])]
    items: list = []
    if number == 1:
        bottom = -EDGE_MM
        # The band follows the zigzag, its ends cut in at 45 degrees from the
        # ends of the fold, so the tab is shorter than its edge.
        band = list(tapered_free_edge(seam_full, [(x, y + tab) for x, y in seam_full]))
        items.append(Fill(tuple(seam_full + band[::-1]), GLUE_GREY, role=GLUE))
        # Creased away from the print along the zigzag, as every tab that goes
        # under a neighbouring part: segment 2 lies on it, the faces level.
        items.append(Line(tuple(seam_full), role=MOUNTAIN))
        outline = [(left, bottom), (right, bottom), seam_full[-1], *band[::-1], seam_full[0]]
        # The white ground stops at the seam: art is drawn over shading, so a
        # ground under the tab too would hide its grey.
        ground = [(left, bottom), (right, bottom), *seam_full[::-1]]
        peak = max(y for _, y in seam)
        glued = Polygon(seam_full + band[::-1])
        slope = math.tan(math.radians(30))  # the upper edges of a pointy-top hex
        for k in range(1, board.columns, 3):  # the tab's words, over a point of the zigzag
            x = board.centre_mm(board.index(k, seam_row), flat)[0]
            words = zigzag_tab_words(x, peak, tab, slope, "glue under segment 2")
            # Never in a corner the tapered ends cut off.
            if all(glued.contains(box(*item_box(t))) for t in words):
                items += words
        top_y = max(y for _, y in band)
    else:
        top_y = height + EDGE_MM
        outline = [*seam_full, (right, top_y), (left, top_y)]
        ground = outline
        bottom = min(y for _, y in seam_full)
    frame = Fill(tuple(ground), "#FFFFFF", role=ART)
    items.insert(0, frame)
    colors = data["colors"]
    setup = data["setup"]["rows"]
    for row in rows:
        for column in range(board.columns):
            cell = board.index(column, row)
            cx, cy = board.centre_mm(cell, flat)
            corners = HexBoard.corners(cx, cy, flat)
            if number == 1 and row == seam_row:
                # Its upper edges are the tab's fold, drawn dash-dot on their own:
                # a solid edge under it would read as a cut.
                items.append(Fill(tuple(corners), HEX_FILL))
                items.append(Line(tuple(corners[1:]), role=ART, color=EDGE_GREY, width_pt=0.6))
            else:
                items.append(Fill(tuple(corners), HEX_FILL, stroke=EDGE_GREY, stroke_pt=0.6))
            letter, owner = _start_piece(board, setup, cell)
            if letter:
                tint = _tint(colors[owner]["hex"], 0.45)
                items += piece_symbol(letter, cx, cy, flat * 0.42, tint)
            items.append(Text(cx, cy - flat * 0.36, board.name(cell), size=MIN_TEXT_PT, color="#8A8A8A"))
        # The row's number in the half-hex notch at the end of the row.
        notch_x = width - flat / 4 if row % 2 == 0 else flat / 4
        _, cy = board.centre_mm(board.index(0, row), flat)
        items.append(Text(notch_x, cy - 1.2, str(row + 1), size=8.0, bold=True))
    edge_y = -EDGE_MM / 2 - 1.2 if number == 1 else height + EDGE_MM / 2 - 1.2
    edge_row = 0 if number == 1 else b["rows"] - 1
    for column in range(board.columns):
        cx, _ = board.centre_mm(board.index(column, edge_row), flat)
        items.append(Text(cx, edge_y, column_letter(column), size=8.0, bold=True))
    items.append(Line(tuple(outline), role=CUT, closed=True))
    x0, y0 = left, bottom
    part = Part(f"Board segment {number} (rows {rows.start + 1}-{rows.stop})", right - left, top_y - y0,
                kind="board", group=f"board-{number}", rotatable=True, sized_by=SIZED_BY,
                table="board", board_at=(left, bottom))
    part.extend(translate(items, -x0, -y0))
    part.meta = {"segment": number, "origin": (x0, y0), "rows": (rows.start, rows.stop)}
    return part


def zigzag_tab_words(x: float, peak: float, depth: float, slope: float, label: str,
                     size: float = 6.0) -> list[Text]:
    """The words of a zigzag tab over the point (``x``, ``peak``) of its fold,
    level, inside the band ``depth`` mm deep (measured upright) whose edges fall
    away at ``slope`` on both sides: on one line, else on two (the shorter line
    on top, where the band narrows), as large as fits up to ``size`` points."""
    words = label.split()
    options = [[label]] + sorted(([" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))),
                                 key=lambda lines: max(text_width_mm(t, 1.0) for t in lines))
    for step in range(int(round((size - MIN_TEXT_PT) / 0.1)) + 1):
        pt = size - 0.1 * step
        asc, desc, pitch = ASCENT * pt * PT, DESCENT * pt * PT, 1.15 * pt * PT
        for lines in options:
            bottom = peak + TAB_CLEAR + desc  # the last line's baseline, clear of the fold's point
            baselines = [bottom + (len(lines) - 1 - k) * pitch for k in range(len(lines))]
            if all(base + asc <= peak + depth - TAB_CLEAR - slope * text_width_mm(line, pt) / 2
                   for line, base in zip(lines, baselines)):
                return [Text(x, base, line, size=round(pt, 2), color=EDGE_GREY)
                        for line, base in zip(lines, baselines)]
    return [Text(x, peak + TAB_CLEAR + DESCENT * MIN_TEXT_PT * PT, "glue", size=MIN_TEXT_PT, color=EDGE_GREY)]


def _start_piece(board: HexBoard, setup: list[str], cell: int) -> tuple[str, int]:
    """The piece letter that starts on ``cell`` and its owner, or ("", 0)."""
    column, row = board.place(cell)
    if row < len(setup) and setup[row][column] in KIND_NAMES:
        return setup[row][column], 0
    twin = board.rotate_half_turn(cell)
    tc, tr = board.place(twin)
    if tr < len(setup) and setup[tr][tc] in KIND_NAMES:
        return setup[tr][tc], 1
    return "", 0


def counter_part(letter: str, color: dict, size: float, group: str = "") -> Part:
    """A round counter: the owner's colour round a white disc that holds
    the type's symbol and, above and below it, the owner's mark in ink; the
    disc keeps CUT_CLEAR inside the cut, so a cut that misses by a
    millimetre clips no mark."""
    r = size / 2
    kind = KIND_NAMES[letter]
    part = Part(f"{kind.capitalize()} ({color['name']})", size, size, kind="counter",
                group=group or f"counters-{color['name']}", sized_by=(("kit", "counter_mm"),),
                meta={"color": color["name"], "piece": kind}, table="counter", stacks=kind == "paper",
                plural=f"Scissors ({color['name']})" if kind == "scissors" else "")  # not "Scissorses"
    outline = regular_polygon(r, r, r, 72)
    disc = r - CUT_CLEAR
    mark = r * 0.24
    at = disc - 0.6 - mark / 2  # each mark's centre from the counter's, 0.6 mm inside the disc's edge
    symbol = 2 * (at - mark / 2 - 0.5)  # the symbol's square: 0.5 mm clear of the marks
    part.add(Fill(outline, color["hex"], large=True))
    part.add(Fill(regular_polygon(r, r, disc, 60), "#FFFFFF", stroke=INK, stroke_pt=0.4))
    part.extend(piece_symbol(letter, r, r, symbol))
    part.extend(player_mark(color["mark"], r, r - at, mark))
    part.extend(player_mark(color["mark"], r, r + at, mark))
    part.add(Line(outline, role=CUT, closed=True))
    return part


def text_boxes(spec) -> list:
    """Where the colour names print (``copyfit``): the checklist and the counters sheets' header."""
    from ...copyfit import colour_name_boxes

    return colour_name_boxes(spec, ("Scissors ({})",), joined="counters ({})")


def parts(spec, options) -> list[Part]:
    data = data_of(spec)
    size = (data.get("kit") or {}).get("counter_mm", 20)
    out = [segment_part(spec, 1), segment_part(spec, 2)]
    pieces = data["pieces"]
    for color in data["colors"][:options.colors or 2]:
        group = pieces_group("counters", color["name"], options)
        for letter, kind in (("P", "paper"), ("S", "scissors"), ("R", "rock"), ("F", "flag")):
            out += [counter_part(letter, color, size, group) for _ in range(pieces[kind])]
    out.append(reference_card(spec))
    return out


def sheet_title(group: str, members: list[Part]) -> str:
    if group.startswith("board-"):
        return members[0].name
    if group.split("-")[0] == "counters":
        return f"counters ({' and '.join(dict.fromkeys(p.meta['color'] for p in members))})"
    return ", ".join(sorted({p.name for p in members}))


def cover(spec, options, width: float, height: float) -> list:
    """Making the kit, step by step, for the cover sheet's free area."""
    data = data_of(spec)
    b, pieces = data["board"], data["pieces"]
    split, rows = b["segment_rows"], b["rows"]
    first, last = column_letter(0), column_letter(b["columns"] - 1)
    setup = len(data["setup"]["rows"])
    variant = getattr(options, "variant", None) or data["variants"]["default"]
    flags = data["variants"][variant]["flags_to_win"]
    goal = "an enemy Flag" if flags == 1 else ("both enemy Flags" if flags == pieces["flag"] else
                                              f"{flags} enemy Flags")
    colours = data["colors"][:options.colors or 2]
    own = (" Each colour's counters print on sheets of their own: print them on card of that colour if you like."
           if getattr(options, "sheet_per_colour", False) else "")
    steps = [
        PRINT_STEP,
        f"Board: cut out both segments along their solid outlines. Segment 1 (rows 1-{split}) keeps the "
        f"grey zigzag tab along its top edge; segment 2 (rows {split + 1}-{rows}) has a zigzag lower edge.",
        f"Join them: crease the tab away from you along its dash-dot zigzag, glue it and lay segment 2 on it, "
        f"its zigzag edge along the crease over the hexes of row {split}, so the columns {first} to {last} run "
        "straight on. Let it dry flat under a book.",
        f"Counters: cut out each round counter. Each side has {pieces['rock']} Rocks, {pieces['paper']} "
        f"Papers, {pieces['scissors']} Scissors and {pieces['flag']} Flags in its colour and mark; "
        f"Papers stack, so keep them flat.{own}",
        f"Set up: the hexes of rows 1-{setup} and {rows - setup + 1}-{rows} show faintly which piece starts "
        f"there, in its owner's colour ({colours[0]['name']} at row 1, {colours[1]['name']} at row {rows}): "
        "put the counters on them.",
        "Rock takes Scissors, Scissors takes Paper, Paper takes Rock; moving onto a Flag destroys it. "
        f"Destroy {goal} to win. Cut out the reference card: how each type moves and captures.",
    ]
    room_w, room_h = label_room(options)
    items = numbered_steps("Making the kit", steps, width, height, spare=[(width - room_w, 0.0, width, room_h)])
    # The two segments, pulled apart, in the room left under the steps beside the box label.
    below = min(item_box(i)[1] for i in items) - 3.0
    beside = width - room_w - 3.0
    if below > 28.0 and beside > 40.0:
        items += join_diagram(spec, beside, below)
    return items


def join_diagram(spec, width: float, height: float) -> list:
    """Segment 2 lifted off segment 1's grey tab, scaled to fit ``width`` x
    ``height`` mm (lower left at the origin), a caption under them."""
    segments = [segment_part(spec, 1), segment_part(spec, 2)]
    lift = 40.0  # board mm between the segments in the picture
    placed = []
    for part in segments:
        ox, oy = part.meta["origin"]
        dy = oy + (lift if part.meta["segment"] == 2 else 0.0)
        placed.append((part, ox, dy))
    x0 = min(ox for _, ox, _ in placed)
    y0 = min(dy for _, _, dy in placed)
    x1 = max(ox + p.width for p, ox, _ in placed)
    y1 = max(dy + p.height for p, _, dy in placed)
    caption_h = 5.0
    scale = min(width / (x1 - x0), (height - caption_h) / (y1 - y0))
    left = (width - (x1 - x0) * scale) / 2

    def at(point, ox, dy):
        return (left + (point[0] + ox - x0) * scale, caption_h + (point[1] + dy - y0) * scale)

    items: list = []
    for part, ox, dy in placed:
        for item in part.items:
            if isinstance(item, Fill) and (item.role == GLUE or item.color == HEX_FILL):
                grey = item.role == GLUE
                items.append(Fill(tuple(at(p, ox, dy) for p in item.points), GLUE_GREY if grey else HEX_FILL,
                                  stroke=EDGE_GREY, stroke_pt=0.25))
            elif isinstance(item, Line) and item.role == CUT:
                items.append(Line(tuple(at(p, ox, dy) for p in item.points), role=ART, closed=item.closed,
                                  width_pt=0.6))
        mx, my = at((part.width / 2, part.height / 2), ox, dy)
        items.append(Text(mx, my - 2.0, str(part.meta["segment"]), size=14, bold=True))
    items.append(Text(width / 2, 1.2, "segment 2 goes on segment 1's grey tab", size=6.5))
    return items


# --- diagrams from engine positions ---------------------------------------------

DIAGRAM_HEX = 9.0  # mm across the flats in the card's and the rulebook's diagrams
MARK_GREEN = "#2E8B57"


def diagram(state, cells, marked=(), flat: float = DIAGRAM_HEX, title: str = "") -> Part:
    """A patch of the board: ``cells`` drawn with the pieces ``state`` holds,
    ``marked`` cells ringed (where a move can go). ``title`` is kept as the
    part's caption, not drawn: the rulebook scales its drawings, and a title
    drawn inside would shrink with them (4.5 pt at 0.42 of the text width);
    it sets the caption at its own size instead. The card, printed at full
    size, draws it (``titled``)."""
    from .rules import LETTERS, kind, owner

    g = state.game
    board, colors = g.board, g.data["colors"]
    centres = {c: board.centre_mm(c, flat) for c in cells}
    xs = [x for x, _ in centres.values()]
    ys = [y for _, y in centres.values()]
    radius = flat / math.sqrt(3)
    x0, y0 = min(xs) - flat / 2 - 1, min(ys) - radius - 1
    width, height = max(xs) - min(xs) + flat + 2, max(ys) - min(ys) + 2 * radius + 2
    items: list = []
    for cell, (cx, cy) in centres.items():
        corners = HexBoard.corners(cx, cy, flat)
        fill = "#CDEBD8" if cell in marked else HEX_FILL
        items.append(Fill(tuple(corners), fill, stroke=EDGE_GREY, stroke_pt=0.4))
        stack = state.cells[cell]
        if stack:
            top = stack[-1]
            hexcol = colors[owner(top)]["hex"]
            items.append(Fill(regular_polygon(cx, cy, flat * 0.4, 36), hexcol))
            items += piece_symbol(LETTERS[kind(top)], cx, cy, flat * 0.42, "#FFFFFF")
            if len(stack) > 1:
                items.append(Text(cx + flat * 0.32, cy + flat * 0.18, str(len(stack)), size=6.0, bold=True))
        if cell in marked:
            items.append(Line(tuple(HexBoard.corners(cx, cy, flat * 0.8)), role=ART, closed=True,
                              color=MARK_GREEN, width_pt=1.0))
    part = Part(title or "diagram", width, height, meta={"caption": title})
    part.extend(translate(items, -x0, -y0))
    return part


TITLE_ROOM = 4.0  # mm above a card's diagram for its title


def titled(part: Part) -> Part:
    """A diagram with its caption drawn above it, as the reference card
    prints it: at full size, 6.5 pt reads."""
    out = Part(part.name, part.width, part.height + TITLE_ROOM)
    out.extend(part.items)
    out.add(Text(part.width / 2, out.height - 3, part.meta["caption"], size=6.5, bold=True))
    return out


def _position(spec, pieces: dict, to_move: int = 0, locks=()):
    """A state of the game with only ``pieces`` ({cell name: code}) on the
    board, and every Flag: the game is one in progress."""
    from .rules import Game

    game = Game(spec)
    names = game.colors
    pieces = {**pieces, **_flags(game, pieces)}
    counts = {p: {k: 0 for k in ("rock", "paper", "scissors", "flag")} for p in range(2)}
    letters = {"R": "rock", "P": "paper", "S": "scissors", "F": "flag"}
    for code in pieces.values():
        for i in range(0, len(code), 2):
            counts[int(code[i])][letters[code[i + 1]]] += 1
    captured = {names[p]: {k: game.counts[p][n] - counts[p][k] for n, k in
                           enumerate(("rock", "paper", "scissors", "flag"))} for p in range(2)}
    obj = {"game": "lam", "variant": game.variant, "players": names, "to_move": names[to_move], "turn": 1,
           "board": pieces, "locks": [list(pair) for pair in locks], "captured": captured, "result": None}
    return game.state_from_json(obj)


def _flags(game, pieces: dict) -> dict:
    """Every Flag on the board, out of the way of ``pieces``: the first
    player's from the corner of row 1, the second's from the far corner,
    each on a free cell more than three hexes from any piece where there is
    one (so no diagram's move reaches a Flag), else on any free cell."""
    board = game.board
    used = {board.parse(name) for name in pieces}
    near = set(used)
    frontier = list(used)
    for _ in range(3):
        frontier = [n for c in frontier for n in board.neighbours[c] if n not in near]
        near.update(frontier)
    flags = {}
    for player, order in ((0, range(game.cells)), (1, range(game.cells - 1, -1, -1))):
        free = [c for c in order if c not in used]
        far = [c for c in free if c not in near]
        for cell in (far + [c for c in free if c in near])[:game.counts[player][3]]:
            flags[board.name(cell)] = f"{player}F"
            used.add(cell)
    return flags


def _targets(state, cell_name: str) -> list[int]:
    g = state.game
    cell = g.board.parse(cell_name)
    return sorted({a % g.cells for a in state.legal_actions() if a < g.spread_base and a // g.cells == cell})


def _around(board: HexBoard, centre: str, reach: int) -> list[int]:
    start = board.parse(centre)
    seen, frontier = {start}, [start]
    for _ in range(reach):
        frontier = [n for c in frontier for n in board.neighbours[c] if n not in seen]
        seen.update(frontier)
    return sorted(seen)


ROCKS_CAPTION = "Above, a Rock knocks two Rocks; below, the last one takes the Scissors."


def figures(spec, options) -> dict[str, Part | str]:
    """The rulebook's drawings, from engine positions, each titled by its
    caption; a note in place of one the spec's board or pieces cannot show."""
    out = diagrams(spec)
    # The Rock's before and after, one above the other, apart enough to read as two.
    before, after = out.pop("rocks-before"), out.pop("rocks-after")
    if isinstance(before, str):
        out["rocks"] = before
    else:
        out["rocks"] = _stack_vertical([before, after], gap=6.0)
        out["rocks"].meta["caption"] = ROCKS_CAPTION
    return out


def diagram_cells(spec) -> dict[str, str]:
    """The cells the diagrams play on, from the spec's board: ``centre`` (the
    middle of the board: a Scissors' reach, a Rock's row), ``east`` (its
    neighbour, a locked Scissors' partner), ``stack`` (two rows before the
    centre, or the first row) and ``rocks``, the cells of the Rock chain on
    the centre row: the mover, two Rocks and the Scissors at the end
    (b, d, e and h on a row of eight or more hexes, else the first three
    and the last). The bundled board's are e5, f5, e3 and b5, d5, e5, h5."""
    board = data_of(spec)["board"]
    columns, rows = board["columns"], board["rows"]
    b = HexBoard(columns, rows)
    row = (rows - 1) // 2
    centre = b.index(columns // 2, row)
    chain = (1, 3, 4, 7) if columns >= 8 else (0, 1, 2, columns - 1)
    return {"centre": b.name(centre), "east": b.name(b.step(centre, "e")),
            "stack": b.name(b.index(columns // 2, max(0, row - 2))),
            "rocks": tuple(b.name(b.index(c, row)) for c in chain)}


def diagrams(spec) -> dict[str, Part | str]:
    """The diagrams of the rulebook and the reference card, untitled (see
    ``diagram``), played on the spec's board (``diagram_cells``); a note in
    place of one whose pieces a player does not have."""
    data = data_of(spec)
    b = HexBoard(data["board"]["columns"], data["board"]["rows"])
    has = data["pieces"]  # each player's: the set-up places the same for both
    out = {}
    from .rules import Game

    cells = diagram_cells(spec)
    centre, east, home = cells["centre"], cells["east"], cells["stack"]
    start = Game(spec).initial_state()
    out["setup"] = diagram(start, list(range(b.cells)), (), title="The set-up")
    # A Scissors' reach: 3 straight or 2 with one turn.
    if has["scissors"]:
        s = _position(spec, {centre: "0S"})
        out["scissors"] = diagram(s, _around(b, centre, 3), _targets(s, centre), title="A Scissors' reach")
        # A locked Scissors keeps contact with its partner.
        s = _position(spec, {centre: "0S", east: "1S"}, locks=[(centre, east)])
        out["locked"] = diagram(s, _around(b, centre, 2), _targets(s, centre), title="A locked Scissors' moves")
    else:
        out["scissors"] = out["locked"] = "(This spec gives the players no Scissors, so none is shown moving.)"
    # A stack of Papers (three where a player has them): where it can go as a clump, and how it spreads.
    papers = min(3, has["paper"])
    if papers >= 2:
        count = {2: "two", 3: "three"}[papers]
        s = _position(spec, {home: "0P" * papers, **({centre: "1R"} if has["rock"] else {})})
        out["stack"] = diagram(s, _around(b, home, 3), _targets(s, home), title=f"A stack of {count}: as a clump")
        spread = s.clone()
        spread.apply(s.game.spread_base + b.parse(home) * 6 + 1)  # north-east
        out["spread"] = diagram(spread, _around(b, home, 3), (), title="...or spread north-east")
    else:
        out["stack"] = out["spread"] = ("(A player has fewer than two Papers in this kit, so no stack is "
                                        "shown.)")
    # A Rock chain reaction.
    mover, first, second, target = cells["rocks"]
    row = [b.parse(f"{column_letter(c)}{centre[1:]}") for c in range(b.columns)]
    if b.columns >= 4 and has["rock"] >= 2 and has["scissors"]:
        s = _position(spec, {mover: "0R", first: "1R", second: "0R", target: "1S"})
        out["rocks-before"] = diagram(s, row, (), title="A Rock knocks two Rocks")
        s.apply(b.parse(mover) * s.game.cells + b.parse(first))
        out["rocks-after"] = diagram(s, row, (), title="...the last takes the Scissors")
    else:
        out["rocks-before"] = out["rocks-after"] = (
            "(A Rock knocking Rocks on is not shown: it needs two Rocks, a Scissors and a row of four hexes, "
            "which this kit does not give.)")
    return out


def _stack_vertical(parts_: list[Part], gap: float = 2.0) -> Part:
    width = max(p.width for p in parts_)
    height = sum(p.height for p in parts_) + gap * (len(parts_) - 1)
    out = Part(parts_[0].name, width, height)
    y = height
    for p in parts_:
        y -= p.height
        out.extend(translate(p.items, 0, y))
        y -= gap
    return out


def reference_card(spec) -> Part:
    """How each type moves, with the diagrams, on one card."""
    # The diagrams this spec can show (``diagrams`` gives a note for the others).
    figs = {name: titled(part) for name, part in diagrams(spec).items() if not isinstance(part, str)}
    rocks = [figs[n] for n in ("rocks-before", "rocks-after") if n in figs]
    order = [n for n in ("scissors", "locked", "stack", "spread") if n in figs]
    width, gap = 180.0, 4.0
    cols = 2
    cell_w = (width - gap) / cols
    rows_h = []
    for k in range(0, len(order), cols):
        rows_h.append(max(figs[n].height for n in order[k:k + cols]))
    rock = _stack_vertical(rocks) if rocks else Part("rocks", 0.0, -gap)
    text_h = 40.0
    height = text_h + sum(rows_h) + gap * len(rows_h) + rock.height + gap + 4
    card = Part("Reference card", width, height, kind="card", group="reference", table="card")
    y = height - 6
    card.add(Text(width / 2, y, "How the pieces move", size=10, bold=True))
    lines = [
        "Rock: any distance along a row of hexes, never jumping. Onto a Rock: it takes that Rock's hex and the",
        "knocked Rock travels on the same way, off the board or into the next piece (captures as usual).",
        "Paper: one hex. A stack of n (its top sheet's owner moves it) goes up to n hexes in a row as a clump,",
        "jumping all but Scissors, or spreads exactly n hexes, dropping its bottom sheet on each hex.",
        "Scissors: up to 3 hexes straight or 2 with one turn, never jumping. Next to an enemy Scissors: locked.",
        "Captures: Rock takes Scissors, Scissors takes Paper (the whole stack), Paper takes Rock; anything",
        "moving onto a Flag destroys it. The mover can be the one taken; your own pieces can be taken.",
    ]
    for line in lines:
        y -= 4.6
        card.add(Text(4, y, line, size=7.0, anchor="start"))
    y = height - text_h
    for k in range(0, len(order), cols):
        row_h = rows_h[k // cols]
        for j, name in enumerate(order[k:k + cols]):
            f = figs[name]
            card.extend(translate(f.items, j * (cell_w + gap) + (cell_w - f.width) / 2, y - row_h))
        y -= row_h + gap
    card.extend(translate(rock.items, (width - rock.width) / 2, y - rock.height))
    card.add(Line(((0, 0), (width, 0), (width, height), (0, height)), role=CUT, closed=True))
    return card


def footprints(spec, parts: list[Part]) -> list:
    """What stands where (``printkit.footprint``), measured from the parts: each
    kind of counter on a hex (a stack of Papers stands as one counter does,
    so every Paper must be one size); each row of the set-up on its row of hexes."""
    from ...footprint import Cell, Piece, SetUp, cut_outline, size_of

    data = data_of(spec)
    b = data["board"]
    flat = float(b["hex_mm"])
    cell = Cell("hex", "hexes (across the flats)", tuple(HexBoard.corners(0.0, 0.0, flat)), flat, ("board", "hex_mm"))
    out = []
    for part in (p for p in parts if p.kind == "counter"):
        kind = part.meta["piece"]
        out.append(Piece("counters", cut_outline(part), cell, sized_by=(("kit", "counter_mm"),),
                         stack="Papers (they stack)" if kind == "paper" else ""))
    if out:
        widest = max(out, key=lambda piece: size_of(piece.footprint)[0])
        for i, row in enumerate(data["setup"]["rows"]):
            count = sum(1 for letter in row if letter in KIND_NAMES)
            out.append(SetUp(f"row {i + 1} of the set-up", widest, count, b["columns"], ("setup", "rows", i)))
    return out
