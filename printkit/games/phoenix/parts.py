"""RPS Phoenix: the parts of its print-and-play kit.

``parts(spec, options)`` returns, in order of assembly:

- group ``board``: the Board (the 6 x 6 grid, X along the bottom from the
  black die, Y up the left side from the white die, the gold Phoenix
  squares) and the Turn Counter strip (rounds 0 to 27+, the Escalation
  Phase marked) with its marker;
- group ``birds``: a Bird net per type and printed colour, a stand-up tent
  (``nets.standup_net``) showing its type symbol, colour and mark on both
  faces;
- group ``ashes-dice``: the Ashes mat, a row per colour with a place for
  each Bird, and the two dice nets (``nets.die_net``);
- group ``score``: score sheets, a table per game with a column per player.

Sizes come from the spec; ``board_size(spec)`` is shared with the spec
checks so that a board too big for the paper is reported before building.
"""

from __future__ import annotations

import math

from ...literal import as_written
from ...spec import data_of
from ...parts.core import (ASCENT, CUT, CUT_CLEAR, INK, MIN_TEXT_PT, PT, Circle, Fill, Line, Part, Text, rect,
                           regular_polygon, translate)
from ...parts.marks import on_field, player_mark, unit_symbol
from ...parts.nets import CROSS, caption_room, die_net, standup_net
from ...parts.steps import PRINT_STEP, numbered_steps
from ...parts.worked import panels
from ...sheets import label_room
from ...writers.fonts import fit_size, text_width_mm
from .geometry import BOARD_BOTTOM, BOARD_LEFT, board_size
from .rules import TYPES

GRID_INK = "#3A3A3A"
LABEL_GREY = "#8A8A8A"
EMBLEM_INK = "#7A5A00"  # dark gold: the Phoenix emblem reads in greyscale and ink-saver
WHITE = "#FFFFFF"

DIE_ICON_ROOM = 13.0  # mm of a board edge kept for the die drawn either side of its words
ASHES_NAME_W = 25.0  # mm for a colour's name on the Ashes, before its row's places
SCORE_LABEL_W = 50.0  # mm of a score table's row labels, before the players' columns


def text_boxes(spec) -> list:
    """Where the colour names print (``copyfit``): a Bird's base, the Ashes,
    a score table's column (as narrow as the most players make it) and the
    Birds sheets' header."""
    from ...copyfit import TextBox, colour_name_boxes, sheet_header

    colors = spec["colors"]
    base = spec["birds"]["net"]["width_mm"] - 2
    column = (board_size(spec)[0] - SCORE_LABEL_W) / spec["players"]["max"] - 9.5
    boxes = []
    for i, c in enumerate(colors):
        at = ("colors", i, "name")
        boxes += [TextBox(at, c["name"], "a Bird's base", base, 6.0, smallest=MIN_TEXT_PT,
                          sized_by="birds/net/width_mm"),
                  TextBox(at, c["name"], "the Ashes", ASHES_NAME_W, 9.0, bold=True, smallest=MIN_TEXT_PT),
                  TextBox(at, c["name"], "a score table's column", column, 8.5, bold=True, smallest=MIN_TEXT_PT)]
    shown = colors[:spec["players"]["max"]]
    longest = max(range(len(shown)), key=lambda i: text_width_mm(shown[i]["name"], 10, bold=True))
    before = ", ".join(c["name"] for c in shown[:longest])
    after = ", ".join(c["name"] for c in shown[longest + 1:])
    boxes.append(sheet_header(("colors", longest, "name"), shown[longest]["name"],
                              (f"99 Birds: {before + ', ' if before else ''}", f"{', ' + after if after else ''}")))
    face = spec["dice"]["face_mm"]
    edge = min(spec["board"]["columns"], spec["board"]["rows"]) * spec["board"]["square_mm"] - DIE_ICON_ROOM
    for axis in ("x", "y"):
        name, at = spec["dice"][axis]["name"], ("dice", axis, "name")
        boxes += [TextBox(at, name, "its die's net", caption_room(CROSS, face), 7.5, bold=True,
                          smallest=MIN_TEXT_PT, around=("", " die"), sized_by="dice/face_mm"),
                  TextBox(at, name.lower(), "the board's edge", edge, 7.5, bold=True, smallest=MIN_TEXT_PT,
                          around=(f"{axis.upper()}: the ", " die"), sized_by="board/square_mm")]
    return boxes + colour_name_boxes(spec, ("Scissors Bird ({})",))


def printed_colors(spec, options) -> list[dict]:
    """The player colours this kit prints: the first ``options.colors``."""
    count = options.colors or spec["players"]["max"]
    return list(spec["colors"][:count])


def parts(spec, options) -> list[Part]:
    """Every part of the Phoenix kit, in order of assembly (see the module doc)."""
    colors = printed_colors(spec, options)
    out = [board_part(spec), turn_track_part(spec)]
    for color in colors:
        for kind in TYPES:
            for _ in range(spec["birds"]["counts"][kind]):
                out.append(bird_part(spec, color, kind, on=on_field(options)))
    out.append(ashes_part(spec, colors))
    out += [die_part(spec, "x", options.ink_saver), die_part(spec, "y", options.ink_saver)]
    out += [score_part(spec, colors, n) for n in range(1, 5)]
    return out


def sheet_title(group: str, members: list[Part]) -> str:
    """The words on a sheet's title saying what is on it."""
    if group == "board":
        return "Board and turn counter"
    if group == "birds":
        names = []
        for p in members:
            if p.meta["color"] not in names:
                names.append(p.meta["color"])
        return f"{len(members)} Birds: {', '.join(names)}"
    if group == "ashes-dice":
        return "The Ashes and the two dice"
    return "Score sheets"


# --- the board ------------------------------------------------------------------

def _die_icon(x: float, y: float, size: float, face: str, pip: str) -> list:
    """A tiny die face (one pip), bottom-left corner at (x, y)."""
    return [Fill(rect(x, y, size, size), face, stroke=INK, stroke_pt=0.5),
            Circle((x + size / 2, y + size / 2), size * 0.16, fill=pip, stroke=None)]


def phoenix_emblem(cx: float, cy: float, size: float, color: str = EMBLEM_INK) -> list:
    """A rising bird with spread wings over a flame: the Phoenix squares' sign."""
    s = size / 2
    wings = ((0.0, 0.05), (-0.35, 0.35), (-0.95, 0.55), (-0.7, 0.2), (-0.95, 0.15), (-0.55, -0.05),
             (-0.75, -0.15), (-0.25, -0.15), (-0.12, -0.35), (0.0, -0.2), (0.12, -0.35), (0.25, -0.15),
             (0.75, -0.15), (0.55, -0.05), (0.95, 0.15), (0.7, 0.2), (0.95, 0.55), (0.35, 0.35))
    head = regular_polygon(cx, cy + 0.32 * s, 0.13 * s, 16)
    # One bird: the body joins head, wings and the flame of its tail feathers,
    # each shape overlapping the next, so nothing floats loose at small sizes.
    body = ((-0.09, 0.3), (0.09, 0.3), (0.13, -0.05), (0.07, -0.44), (-0.07, -0.44), (-0.13, -0.05))
    tail = ((-0.08, -0.36), (-0.32, -0.62), (-0.2, -0.96), (-0.05, -0.72), (0.0, -0.93), (0.05, -0.72),
            (0.2, -0.96), (0.32, -0.62), (0.08, -0.36))
    shapes = [wings, body, tail]
    return ([Fill(tuple((cx + x * s, cy + y * s) for x, y in shape), color) for shape in shapes]
            + [Fill(head, color)])


# The rulebook draws the board at under half its size: its axis numbers
# drawn this large print at 6 pt or more; the coordinates in every square
# and the words on the Phoenix squares, which would print at 2 pt, and the
# dice named along the edges are left to the caption.
FIGURE_AXIS_PT = 16.0
FIGURE_LEAST_PT = 7.0  # words of the nets under this are named in the caption instead (drawn at ~0.9)
FIGURE_DIE_PT = (8.0, 7.5)  # a die net's name and axis, as the nets figure draws them


def board_part(spec, for_rulebook: bool = False) -> Part:
    """The 6 x 6 Board with its coordinates and the gold Phoenix squares;
    ``for_rulebook``: as the rulebook draws it, its axis numbers large and
    no other words (see ``FIGURE_AXIS_PT``)."""
    b, dice = spec["board"], spec["dice"]
    sq, cols, rows = b["square_mm"], b["columns"], b["rows"]
    width, height = board_size(spec)
    part = Part("Board", width, height, kind="board", group="board", rotatable=False,
                sized_by=(("board", "square_mm"),), table="board")
    x0, y0 = BOARD_LEFT, BOARD_BOTTOM
    phoenix = {tuple(p) for p in b["phoenix_squares"]}
    for x in range(1, cols + 1):
        for y in range(1, rows + 1):
            left, bottom = x0 + (x - 1) * sq, y0 + (y - 1) * sq
            if (x, y) in phoenix:
                part.add(Fill(rect(left, bottom, sq, sq), b["phoenix_hex"], large=True))
                part.extend(phoenix_emblem(left + sq / 2, bottom + sq * 0.56, sq * 0.56))
                if not for_rulebook:
                    part.add(Text(left + sq / 2, bottom + sq * 0.1, "PHOENIX",
                                  size=fit_size("PHOENIX", sq * 0.8, MIN_TEXT_PT, smallest=MIN_TEXT_PT),
                                  bold=True, color=EMBLEM_INK))
            # Every square says its coordinates, for finding the rolled square fast.
            if not for_rulebook:
                part.add(Text(left + 1.2, bottom + sq - 3.0, f"{x},{y}", size=MIN_TEXT_PT, anchor="start",
                              color=LABEL_GREY if (x, y) not in phoenix else EMBLEM_INK))
    for i in range(1, cols):
        part.add(Line(((x0 + i * sq, y0), (x0 + i * sq, y0 + rows * sq)), role="art", color=GRID_INK, width_pt=0.7))
    for j in range(1, rows):
        part.add(Line(((x0, y0 + j * sq), (x0 + cols * sq, y0 + j * sq)), role="art", color=GRID_INK, width_pt=0.7))
    part.add(Line(rect(x0, y0, cols * sq, rows * sq), role="art", closed=True, width_pt=1.4))
    # Coordinates: X along the bottom, Y up the left side; which die gives
    # each along the opposite edge (X at the top, Y at the right).
    if for_rulebook:
        size = FIGURE_AXIS_PT
        for x in range(1, cols + 1):  # the digits' tops 1.2 mm under the board
            part.add(Text(x0 + (x - 0.5) * sq, y0 - 1.2 - 0.73 * size * PT, str(x), size=size, bold=True))
        for y in range(1, rows + 1):
            part.add(Text(x0 - 3.4, y0 + (y - 0.5) * sq - 0.36 * size * PT, str(y), size=size, bold=True))
        part.add(Line(rect(0, 0, width, height), role=CUT, closed=True))
        part.meta.update(origin=(x0, y0), square=sq)
        return part
    for x in range(1, cols + 1):
        part.add(Text(x0 + (x - 0.5) * sq, y0 - 3.9, str(x), size=10, bold=True))
    for y in range(1, rows + 1):
        part.add(Text(x0 - 3.1, y0 + (y - 0.5) * sq - 1.3, str(y), size=10, bold=True))
    xd, yd = dice["x"], dice["y"]
    words = f"X: the {xd['name'].lower()} die"
    size = fit_size(words, cols * sq - DIE_ICON_ROOM, 7.5, bold=True, smallest=MIN_TEXT_PT)
    tw = text_width_mm(words, size, bold=True)
    cx = x0 + cols * sq / 2
    part.extend(_die_icon(cx - tw / 2 - 4.6, height - 5.5, 3.0, xd["hex"], xd["pips_hex"]))
    part.add(Text(cx, height - 4.9, words, size=size, bold=True))
    words = f"Y: the {yd['name'].lower()} die"
    size = fit_size(words, rows * sq - DIE_ICON_ROOM, 7.5, bold=True, smallest=MIN_TEXT_PT)
    tw = text_width_mm(words, size, bold=True)
    cy = y0 + rows * sq / 2
    part.extend(_die_icon(width - 5.5, cy - tw / 2 - 4.6, 3.0, yd["hex"], yd["pips_hex"]))
    part.add(Text(width - 3.0, cy, words, size=size, bold=True, angle=90))
    part.add(Line(rect(0, 0, width, height), role=CUT, closed=True))
    part.meta.update(origin=(x0, y0), square=sq)
    return part


def turn_track_part(spec) -> Part:
    """The Turn Counter: rounds 0 to the Escalation Phase, and its marker."""
    rounds = spec["escalation_after_turns_per_player"]
    width = board_size(spec)[0]
    cell_h = 10.0
    marker = cell_h - 1.5  # the marker sits inside a cell, never over its neighbours
    per_row = math.ceil((rounds + 1) / 2)
    # The strip, the marker 2 mm in from the right and, between them, room for
    # the word under the marker to keep CUT_CLEAR from the strip's cut.
    cell = min(13.0, (width - 4 - marker - 2 - (CUT_CLEAR + 0.5)) / per_row)
    rows = math.ceil((rounds + 1) / per_row)
    height = 8 + rows * cell_h + 2.5
    part = Part("Turn counter with marker", width, height, kind="track", group="board", rotatable=False,
                sized_by=(("board", "square_mm"),), table="tile")
    strip_w = per_row * cell + 4
    part.add(Line(rect(0, 0, strip_w, height), role=CUT, closed=True))
    part.add(Text(2.6, height - 5.0, "Turn counter", size=9, bold=True, anchor="start"))
    note = ("rounds: move the marker one space when play comes back to the first player; "
            f"after {rounds} rounds the Escalation Phase begins")
    part.add(Text(2.6 + text_width_mm("Turn counter", 9, bold=True) + 2, height - 5.0, note,
                  size=fit_size(note, strip_w - text_width_mm("Turn counter", 9, bold=True) - 7.5, 6.5),
                  anchor="start"))
    top = height - 8
    for n in range(rounds + 1):
        r, c = divmod(n, per_row)
        left, bottom = 2 + c * cell, top - (r + 1) * cell_h
        last = n == rounds
        if last:
            part.add(Fill(rect(left, bottom, cell, cell_h), spec["board"]["phoenix_hex"], large=True))
        part.add(Line(rect(left, bottom, cell, cell_h), role="art", closed=True, color=GRID_INK,
                      width_pt=1.2 if last else 0.5))
        part.add(Text(left + cell / 2, bottom + cell_h / 2 - (0.2 if last else 1.4), f"{n}+" if last else str(n),
                      size=9 if not last else 8, bold=last))
        if last:
            # Mixed case, regular weight: narrow enough for the cell at 6 pt.
            part.add(Text(left + cell / 2, bottom + 1.2, "Escalation",
                          size=fit_size("Escalation", cell - 1, MIN_TEXT_PT, smallest=MIN_TEXT_PT), color=EMBLEM_INK))
    # The marker: a small square token to cut out.
    mx, my = width - marker - 2, (height - marker) / 2
    part.add(Line(rect(mx, my, marker, marker), role=CUT, closed=True))
    part.extend(phoenix_emblem(mx + marker / 2, my + marker / 2 + 0.5, marker * 0.7, INK))
    part.add(Text(mx + marker / 2, my - CUT_CLEAR - 0.2 - ASCENT * MIN_TEXT_PT * PT, "marker", size=MIN_TEXT_PT))
    return part


# --- the Birds -------------------------------------------------------------------

def bird_art(color: dict, kind: str, on: str = WHITE):
    """The art of one face of a Bird, for ``standup_net``."""
    def art(w: float, h: float) -> list:
        band = min(7.0, h * 0.25)
        items = [Fill(rect(0, 0, w, h), color["hex"], large=True),
                 Fill(rect(0, 0, w, band), WHITE)]
        # A bird at each end of the name band: the piece says what it is.
        bird = band * 0.6
        items += phoenix_emblem(bird * 0.5 + 0.8, band / 2, bird, color["hex"])
        items += phoenix_emblem(w - bird * 0.5 - 0.8, band / 2, bird, color["hex"])
        name = kind.capitalize()
        # 2.5 mm or more above the face's lower edge, which is a cut on the back face
        items.append(Text(w / 2, max(band / 2 - 0.75, 2.9), name,
                          size=fit_size(name, w - 2 * (bird + 0.8) - 1.0, 6.5, bold=True, smallest=MIN_TEXT_PT),
                          bold=True))
        # The owner's mark large, white on the colour (``on_field``), in both top corners:
        # read from across the table, in greyscale and by colour-blind players.
        big = min(6.0, w * 0.28)
        mx, my = CUT_CLEAR + big / 2, h - 1.0 - big / 2  # clear of the side cuts and the top fold
        r = min(w, h - band) * 0.32
        cy = band + (h - band) * 0.42
        items += player_mark(color["mark"], mx, my, big, on)
        items += player_mark(color["mark"], w - mx, my, big, on)
        items.append(Circle((w / 2, cy), r, fill=WHITE, stroke=INK, stroke_pt=0.4))
        items += unit_symbol(kind, w / 2, cy, r * 1.35)
        return items
    return art


def bird_part(spec, color: dict, kind: str, on: str = WHITE) -> Part:
    """A Bird to fold: its type on both faces, its colour and mark."""
    net = spec["birds"]["net"]

    def base_art(w: float, h: float) -> list:
        return (player_mark(color["mark"], w / 2, h * 0.62, min(5.0, h * 0.3))
                + [Text(w / 2, h * 0.18, color["name"],
                        size=fit_size(color["name"], w - 2, 6, smallest=MIN_TEXT_PT))])

    items, width, height = standup_net(net["width_mm"], net["face_mm"], net["base_mm"], net["glue_tab_mm"],
                                       bird_art(color, kind, on), bird_art(color, kind, on), base_art)
    # A colour's Birds stand edge to edge on the sheet, sharing their side
    # cuts (one cut of the trimmer frees two sides); the colours stand apart,
    # each bleeding into the gap, so a cut that misses shows no other
    # player's colour; rows apart, so a glue tab never shares part of its
    # edge with the Bird below.
    pad = 0.0
    face, low = net["face_mm"], net["glue_tab_mm"] + net["base_mm"]
    part = Part(f"{kind.capitalize()} Bird ({color['name']})", width + 2 * pad, height, kind="bird",
                group="birds", rotatable=False, abut=f"birds-{color['name']}",
                sized_by=(("birds", "net", "face_mm"), ("birds", "net", "width_mm"), ("birds", "net", "base_mm"),
                          ("birds", "net", "glue_tab_mm")), table="standup",
                # The front face above the base; the back above it, printed upside down.
                table_faces=((pad, low, width, face), (pad, low + face, width, face, 180)))
    part.extend(translate(items, pad, 0.0))
    part.meta.update(color=color["name"], bird=kind, net=(pad, 0.0, width, height))
    return part


def footprints(spec, parts: list[Part]) -> list:
    """What stands where (``printkit.footprint``), measured from the parts: a
    Bird (the base its net folds round) on a square, and on its place in its
    colour's row of the Ashes, a place for each of a player's Birds."""
    from ...footprint import Cell, Piece, SetUp, tent_base

    square = float(spec["board"]["square_mm"])
    cell = Cell("square", "squares", rect(0, 0, square, square), square, ("board", "square_mm"))
    bird = next((p for p in parts if p.kind == "bird"), None)
    if bird is None:
        return []
    sized_by = (("birds", "net", "width_mm"), ("birds", "net", "base_mm"))
    out = [Piece("Birds", tent_base(bird), cell, sized_by=sized_by, apart=True)]
    ashes = next((p for p in parts if p.kind == "ashes"), None)
    if ashes is not None and "place_pitch" in ashes.meta:
        step, row_h = ashes.meta["place_pitch"]
        place = Cell("place in the Ashes", "places in the Ashes", rect(0, 0, step, row_h), step, ("birds", "counts"),
                     scales=False, hint="fewer Birds per player would leave them room, as would larger squares "
                                        "(board.square_mm; the Ashes are as wide as the board)")
        on_ashes = Piece("Birds", tent_base(bird), place, sized_by=sized_by, apart=True)
        out += [on_ashes, SetUp("a colour's row of the Ashes", on_ashes, sum(spec["birds"]["counts"].values()),
                                ashes.meta["places"], ("birds", "counts"))]
    return out


# --- the Ashes and the dice ---------------------------------------------------------

def ashes_part(spec, colors: list[dict]) -> Part:
    """The Ashes: a mat beside the board, a row per colour, a place per Bird."""
    net = spec["birds"]["net"]
    width = board_size(spec)[0]
    foot_w, foot_h = net["width_mm"], net["base_mm"]
    row_h = foot_h + 5
    title_h = 14
    height = title_h + len(colors) * row_h + 3
    part = Part("The Ashes", width, height, kind="ashes", group="ashes-dice", rotatable=False, table="tile")
    part.add(Line(rect(0, 0, width, height), role=CUT, closed=True))
    part.add(Text(4, height - 8, "The Ashes", size=14, bold=True, anchor="start"))
    part.extend(phoenix_emblem(4 + text_width_mm("The Ashes", 14, True) + 8, height - 6.5, 10))
    note = "Eliminated Birds wait here. Roll doubles to make one rise onto the gold Phoenix square."
    left_note = 4 + text_width_mm("The Ashes", 14, True) + 16
    part.add(Text(left_note, height - 7.5, note, size=fit_size(note, width - left_note - 3, 7), anchor="start"))
    for i, color in enumerate(colors):
        bottom = height - title_h - (i + 1) * row_h
        part.add(Fill(rect(4, bottom + 2, 8, foot_h), color["hex"], stroke=INK, stroke_pt=0.4))
        part.extend(player_mark(color["mark"], 20, bottom + 2 + foot_h / 2, 6))
        part.add(Text(26, bottom + 2 + foot_h / 2 - 1.2, color["name"], bold=True, anchor="start",
                      size=fit_size(color["name"], ASHES_NAME_W, 9, bold=True, smallest=MIN_TEXT_PT)))
        places = sum(spec["birds"]["counts"].values())
        step = min(foot_w + 14, (width - 56 - foot_w) / max(1, places - 1))
        # A Bird stands on each place: where they stand, for printkit.footprint.
        part.meta.update(places=places, place_pitch=(step, row_h))
        k = 0
        for kind in TYPES:
            for _ in range(spec["birds"]["counts"][kind]):
                left = 52 + k * step
                # A tinted place with a thin solid edge: dashes mean a valley fold.
                part.add(Fill(rect(left, bottom + 2, foot_w, foot_h), "#F1F1F1", stroke=LABEL_GREY,
                              stroke_pt=0.6))
                part.extend(unit_symbol(kind, left + foot_w / 2, bottom + 2 + foot_h / 2, foot_h * 0.55,
                                        color=LABEL_GREY))
                k += 1
        if i:
            part.add(Line(((3, bottom + row_h), (width - 3, bottom + row_h)), role="art",
                          color=LABEL_GREY, width_pt=0.3))
    return part


def die_part(spec, axis: str, ink_saver: bool = False, words_pt: tuple = (7.5, 6.5)) -> Part:
    """The net of one die: the black one gives X, the white one Y; ``words_pt``:
    the sizes of its name and of what it gives."""
    dice = spec["dice"]
    die = dice[axis]
    what = "X: columns" if axis == "x" else "Y: rows"
    items, width, height, faces = die_net(dice["face_mm"], dice["glue_tab_mm"], die["hex"], die["pips_hex"],
                                   caption=((f"{die['name']} die", words_pt[0], True), (what, words_pt[1], False)),
                                   ink_saver=ink_saver, with_faces=True)
    part = Part(f"{die['name']} die ({axis.upper()})", width, height, kind="die", group="ashes-dice",
                sized_by=(("dice", "face_mm"), ("dice", "glue_tab_mm")), table="die", table_faces=faces)
    part.extend(items)
    part.meta.update(axis=axis, face=dice["face_mm"])
    return part


# --- the score sheet ------------------------------------------------------------------

def score_part(spec, colors: list[dict], number: int) -> Part:
    """One game's table on the score sheet: a column per player."""
    width = board_size(spec)[0]
    s = spec["scoring"]
    rows = [f"Eliminations ({s['elimination']} each)", f"Resurrections ({s['resurrection']} each)",
            f"Win bonus ({s['win']})", "Total points"]
    casino = spec["variants"].get("casino")
    if casino:
        rows.append(f"Casino chips (start {casino['starting_chips']})")
    head_h, row_h, label_w = 9.0, 8.0, SCORE_LABEL_W
    height = 7 + head_h + len(rows) * row_h + 1
    part = Part("Score table (one game)", width, height, kind="score", group="score", rotatable=False, stock="paper",
                plural="Score tables (one game each)")
    heading = f"Game {number}"
    part.add(Text(1, height - 4.5, heading, size=9, bold=True, anchor="start"))
    fields = "Date ______________    Variant: standard / team / give-away / casino"
    part.add(Text(width - 1, height - 4.5, fields, size=fit_size(fields, width - 24, 7), anchor="end"))
    top = height - 7
    col_w = (width - label_w) / len(colors)
    table_bottom = top - head_h - len(rows) * row_h
    for c, color in enumerate(colors):
        left = label_w + c * col_w
        part.add(Fill(rect(left, top - 2.2, col_w, 2.2), color["hex"]))
        part.extend(player_mark(color["mark"], left + 4.5, top - head_h / 2 - 1, 4.2))
        part.add(Text(left + 8.5, top - head_h / 2 - 2.2, color["name"], bold=True, anchor="start",
                      size=fit_size(color["name"], col_w - 9.5, 8.5, bold=True, smallest=MIN_TEXT_PT)))
    for r, label in enumerate(rows):
        baseline = top - head_h - (r + 1) * row_h + 2.6
        bold = label.startswith("Total")
        if bold:  # shade the totals row, under its label
            part.add(Fill(rect(0.3, top - head_h - (r + 1) * row_h, width - 0.6, row_h), "#EDEDED"))
        part.add(Text(1.5, baseline, label, size=fit_size(label, label_w - 3, 7.5, bold=bold), bold=bold,
                      anchor="start"))
    # Rules of the table.
    for r in range(len(rows) + 1):
        y = top - head_h - r * row_h
        part.add(Line(((0, y), (width, y)), role="art", color=GRID_INK, width_pt=0.8 if r == 0 else 0.4))
    part.add(Line(((0, top), (width, top)), role="art", color=GRID_INK, width_pt=0.8))
    part.add(Line(((0, table_bottom), (width, table_bottom)), role="art", color=GRID_INK, width_pt=0.8))
    for c in range(len(colors) + 1):
        x = label_w + c * col_w
        part.add(Line(((x, top), (x, table_bottom)), role="art", color=GRID_INK, width_pt=0.4))
    part.add(Line(((0, top), (0, table_bottom)), role="art", color=GRID_INK, width_pt=0.4))
    return part


def cover(spec, options, width: float, height: float) -> list:
    """Making the kit, in short, for the cover sheet's free area."""
    steps = [
        PRINT_STEP,
        "Board: cut along the outer solid line. The turn counter strip and its marker lie beside it.",
        "Birds: cut each net out, fold every dash-dot line away from you (print outside) into a tent, "
        "and glue the tab inside the back face. Each Bird shows its type on both faces.",
        "Dice: crease all fold lines first, glue the band of four faces into a ring, then close the "
        "two lids. The black die gives X, the white die Y; opposite faces add up to 7.",
        "The Ashes mat takes the eliminated Birds; the score sheet keeps the points.",
    ]
    room_w, room_h = label_room(options)
    return numbered_steps("Making the kit", steps, width, height, spare=[(width - room_w, 0.0, width, room_h)])


# --- rulebook figures ------------------------------------------------------------------

def figures(spec, options) -> dict[str, Part | str]:
    """Drawings for the rulebook (``printkit.rulebook.figures``), from the kit's own parts:

    - ``board``: the Board as printed, its Phoenix squares and X and Y axes;
    - ``nets``: a Bird net and the two dice nets, their folds and glue tabs
      as the sheets print them.

    The worked examples (fights, chains, Escalation) are the book stage's
    (``book.py``)."""
    board = board_part(spec, for_rulebook=True)
    board.meta["caption"] = "The board: X along the bottom, Y up the side, the Phoenix squares in gold."
    color = printed_colors(spec, options)[0]
    kind = TYPES[0]
    # Named in the caption, not under the net: the rulebook scales the
    # drawing, and words drawn in it with it (7.7 pt on A4).
    # So are the words on the Bird (its type and colour), too small at this size.
    bird = bird_part(spec, color, kind)
    bird.items = [i for i in bird.items if not (isinstance(i, Text) and i.size < FIGURE_LEAST_PT)]
    shown = [(bird, "")]
    shown += [(die_part(spec, axis, options.ink_saver, FIGURE_DIE_PT), "")
              for axis in ("x", "y")]  # the nets name their dice
    nets = panels("Nets", shown, label_h=0.0)
    nets.meta["caption"] = (f"A Bird ({kind.capitalize()}, {as_written(color['name'])}: the kit prints its type "
                            "in the white bands and its colour on the base) and the two dice. Folds are "
                            "dash-dot mountain folds: fold away from you, so the print stays outside. "
                            "Grey tabs marked glue go inside.")
    return {"board": board, "nets": nets}


def _figure_variant(spec) -> str:
    """The rules a figure plays: the standard game's where the spec has it;
    else any other variant of the spec's, Team last (its partners do not fight)."""
    from .rules import VARIANTS

    listed = data_of(spec)["variants"]
    return next(v for v in ("standard", "give-away", "casino", "team", *VARIANTS) if v in listed)


def _player_count(spec, prefer: tuple) -> int | None:
    """The first count of ``prefer`` the figure's rules can be played with, None if none."""
    from .checks import player_counts

    allowed = player_counts(spec, _figure_variant(spec))
    return next((n for n in prefer if n in allowed), None)


def _opponents(spec, players: int) -> list[int]:
    """The seats that fight the first one (in the Team variant, not its partner's)."""
    from .rules import Game

    game = Game(spec, players=players, variant=_figure_variant(spec))
    return [p for p in range(players) if not game.friendly(0, p)]


# Squares for the Birds a figure only needs on the board (so that every
# player is still in play), away from the diagonals its move touches.
SPARE_SQUARES = ((1, 3), (1, 5), (5, 2), (6, 1), (3, 1), (2, 6), (6, 2))
# The squares the figures play on: a 6 x 6 board (the cube dice's six faces)
# holds them all; a sound spec's board is that size.
FIGURE_SQUARES = 6


def _engine_position(spec, players: int, birds, escalation: bool = False):
    """An engine state with ``birds`` ((x, y), seat, type) on the grid, a
    Bird more on a spare square for each seat without one (so every player
    is in play), every other Bird in the Ashes, the first player to move.

    Its turn is the spec's own: in the Escalation Phase its first turn, else
    a turn before both the Escalation Phase and the cap. None where the spec
    has no such turn (the cap comes first)."""
    from .rules import Game

    data = data_of(spec)
    game = Game(spec, players=players, variant=_figure_variant(spec))
    names = game.player_names()
    birds = list(birds)
    spare = iter(s for s in SPARE_SQUARES if s not in {at for at, _, _ in birds})
    for seat in range(players):
        if not any(o == seat for _, o, _ in birds):
            kind = next(t for t in ("paper", "scissors", "rock") if data["birds"]["counts"][t] > 0)
            birds.append((next(spare), seat, kind))
    cap = data["max_turns"]
    if escalation:
        turn = game.escalation_turn
        if turn >= cap:
            return None, names
    else:
        turn = min(10, game.escalation_turn - 1, cap - 1)
    obj = game.initial_state().to_json()
    obj.update(stage="choose", to_move=names[0], escalation=escalation, turn=turn)
    obj["grid"] = sorted(({"at": list(at), "owner": names[o], "bird": b} for at, o, b in birds),
                         key=lambda d: d["at"])
    for p, name in enumerate(names):
        for kind in TYPES:
            placed = sum(1 for _, o, b in birds if o == p and b == kind)
            obj["hand"][name][kind] = 0
            obj["ashes"][name][kind] = data["birds"]["counts"][kind] - placed
    return game.state_from_json(obj), names


def _bird_at(view: dict, at) -> tuple | None:
    """(owner, type) of the Bird on ``at`` in a position's JSON, or None."""
    return next(((b["owner"], b["bird"]) for b in view["grid"] if b["at"] == list(at)), None)


def _on_board(spec) -> bool:
    board = data_of(spec)["board"]
    return min(board["columns"], board["rows"]) >= FIGURE_SQUARES


NOT_PLAYED = "(This example does not arise under this kit's rules, so it is left out.)"
MOVER = "rock"  # the Bird each figure moves: the rulebook's examples speak of a Rock


def _other(*kinds: str) -> str:
    """A type other than ``kinds``, for a Bird that only stands by: Paper where it can be."""
    return next(t for t in ("paper", "scissors", "rock") if t not in kinds)


# --- worked examples for the notation, played by the rules engine ------------------

OPENING_SQUARES = ((2, 2), (4, 1), (1, 6), (6, 4), (5, 2))  # where the others enter, after 3,5
# One Bird a column, the rows shuffled; then the same shifted by a row, and
# so on: all 36 squares, the Birds spread over the board.
POSITION_SQUARES = tuple((x, (6, 2, 5, 4, 1, 3)[(x - 1 + k) % 6]) for k in range(6) for x in range(1, 7))


def examples(spec, options) -> dict:
    """The notation's worked examples, on the spec's own rules, for the
    fewest players its standard rules take (``_figure_variant``):

    - ``players``: the colours in seat order;
    - ``opening``: the moves of an opening as ``printkit apply`` takes them
      (the first player enters a Rock on 3,5, each other player a Bird
      elsewhere, the first rolls 3,5 again onto its own Rock), and
      ``opening_text`` saying so;
    - ``position``: a position after the entry phase, every Bird on the
      board (as many as it holds, the rest in the Ashes), the first player
      to roll, as ``printkit apply`` prints it, one Bird a line; its
      ``position_turn``."""
    from .rules import Game

    players = _player_count(spec, (2, 3, 4, 5, 6))
    game = Game(spec, players=players, variant=_figure_variant(spec))
    names = game.player_names()
    state = game.initial_state()
    moves = [f"first {names[0]}", "3-5", "R 3,5"]
    said = [f"{as_written(names[0])} begins and enters the Rock on 3,5"]
    for seat, (x, y) in zip(range(1, players), OPENING_SQUARES):
        kind = TYPES[seat % len(TYPES)]
        moves += [f"{x}-{y}", f"{kind[0].upper()} {x},{y}"]
        said.append(f"{as_written(names[seat])} enters the {kind.capitalize()} on {x},{y}")
    moves.append("3-5")
    for move in moves:
        state.apply(state.string_to_action(move))
    said = "; ".join(said) + f"; {as_written(names[0])} rolls 3-5 again, onto the own Rock, and the turn is over."
    return {"players": names, "opening": " ".join(f'"{m}"' if " " in m else m for m in moves),
            "opening_text": said, "position": _position_json(spec, game), "position_turn": _entered(spec, game)[1]}


def _entered(spec, game) -> tuple[list, int]:
    """Every Bird of ``game`` entered, in seat order type by type, on the
    first squares of POSITION_SQUARES (those the board has no room for in
    the Ashes), and the turn: one an entry each, within the cap."""
    birds = [(seat, kind) for kind in TYPES for _ in range(spec["birds"]["counts"][kind])
             for seat in range(game.num_players)]
    placed = [(at, seat, kind) for at, (seat, kind) in zip(POSITION_SQUARES, birds)]
    return placed, min(len(birds), game.max_turns - 1)


def _position_json(spec, game) -> str:
    """The example position as ``printkit apply`` prints it, set out one key
    group and one Bird a line as the rulebook shows it."""
    import json

    placed, turn = _entered(spec, game)
    names = game.player_names()
    obj = game.initial_state().to_json()
    obj.update(stage="roll", to_move=names[0], turn=turn, escalation=turn >= game.escalation_turn)
    obj["grid"] = sorted(({"at": list(at), "owner": names[o], "bird": b} for at, o, b in placed),
                         key=lambda d: d["at"])
    for p, name in enumerate(names):
        for kind in TYPES:
            obj["hand"][name][kind] = 0
            obj["ashes"][name][kind] = spec["birds"]["counts"][kind] - sum(
                1 for _, o, b in placed if o == p and b == kind)
    obj = game.state_from_json(obj).to_json()  # the engine's own reading of it

    def one(key):
        return f"{json.dumps(key)}: {json.dumps(obj[key])}"

    def by_name(key, indent):
        rows = [f"{json.dumps(n)}: {json.dumps(v)}" for n, v in obj[key].items()]
        return f"{json.dumps(key)}: {{" + f",\n{' ' * indent}".join(rows) + "}"

    grid = f",\n{' ' * 10}".join(json.dumps(b) for b in obj["grid"])
    lines = [", ".join(one(k) for k in ("game", "variant", "players")),
             ", ".join(one(k) for k in ("stage", "to_move", "turn", "escalation")),
             ", ".join(one(k) for k in ("rolled", "active", "direction")),
             f'"grid": [{grid}]',
             by_name("hand", 10), by_name("ashes", 11), by_name("score", 11)]
    lines += [", ".join(one(k) for k in ("chips", "pot")) for _ in [0] if "chips" in obj]
    lines.append(one("result"))
    return "{" + ",\n ".join(lines) + "}"


kit_colors = printed_colors  # read by the rulebook too: one source of truth for the colours printed
