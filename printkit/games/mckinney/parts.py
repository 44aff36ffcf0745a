"""McKinney's Paper, Rock, Scissors: the parts of its print-and-play kit.

``parts(spec, options)`` returns, in order of assembly:

- the four board Quadrants, one sheet each (group ``board-<position>``),
  each printed the way it lies on the assembled board: its 7 x 7 play grid,
  the player's two Slider tracks along its outer edges, its start square in
  the inner corner, the +/- spaces, a label (type and position) in the outer
  corner and, on type A, the glue tabs of both inner edges;
- the pieces of every player colour (group ``pieces``, or ``pieces-<colour>``
  with ``sheet_per_colour``): the Builder net with its Shields, the Slider
  Markers and the Units. Where the Slider Markers alone would fill the last
  pieces sheet, they ride on the last quadrant's sheet instead
  (``markers_beside_board``).

The board frame, shared by the parts, the assembly test and the rulebook:
millimetres, origin at the centre of the assembled board, x east, y north.
``board_layout(spec)`` gives every Quadrant's place in it; a quadrant part's
``meta["board_offset"]`` is what to add to its own coordinates to land there.
Squares of a quadrant are counted from its start square (0, 0) away from the
board's centre: ``i`` along the x axis, ``j`` along the y axis, as the spec's
``plus_minus_spaces`` do. ``Quadrant.board_square(i, j)`` turns that into
the square of the whole board as the rules engine names it
(``board.py``: x from the west, y from the south), so
what is printed is what is played.

Text on a quadrant's tracks and squares reads from the board edge nearest
it: its "up" points at the board's centre line, so players on both sides of
the table read their own Sliders. "Far left" of a track, where both Sliders
start, is the reader's left end; the start notch also says Start.
"""

from __future__ import annotations

import math
from dataclasses import replace

from ...errors import SpecError
from ...literal import as_written
from ...options import pieces_group
from ...parts.core import (ART, CUT, CUT_CLEAR, GLUE_GREY, INK, MIN_TEXT_PT, MOUNTAIN, PT, VALLEY, WASTE,
                           WASTE_GREY, Circle, Fill, Line, Part, Text, glue_tab_art, item_box, rect, regular_polygon,
                           tabbed_outline, transform, translate)
from ...parts.marks import player_mark, unit_symbol
from ...sheets import layout_length, share_a_sheet
from ...writers.fonts import fit_size, text_width_mm, wrap
from .board import spaces_for, square_name
from .geometry import KitGeometry, Quadrant, board_layout, kit_geometry, marker_row, track_cells
from .rules import UNIT_TYPES

GRID_INK = "#3A3A3A"
TINT = "#E2E2E2"  # +/- spaces
LIGHT_LINE = "#8A8A8A"


def playing_seats(spec, colors: int) -> list[int]:
    """The seats that play with ``colors`` players (spec board.seating)."""
    seating = spec["board"]["seating"]
    seats = seating.get(str(colors))
    if seats is None:
        raise SpecError([spec.problem(("board", "seating"),
                                      f"board.seating has no entry for {colors} players")])
    return list(seats)


def kit_colors(spec, options) -> list[dict]:
    """The colours this kit prints, in seat order: the seats that play with
    ``options.colors`` players. The sheets and the rulebook both read it."""
    return [seat_color(spec, s) for s in playing_seats(spec, options.colors or spec["players"]["max"])]


def seat_color(spec, seat: int) -> dict:
    colors = spec["colors"]
    if seat >= len(colors):
        raise SpecError([spec.problem(("colors",), f"seat {seat} has no colour: the spec names {len(colors)}")])
    return colors[seat]


# --- the parts ----------------------------------------------------------------

def parts(spec, options) -> list[Part]:
    """Every part of the McKinney kit, in order of assembly (see the module doc).

    The spec's checks (``checks.py``, with ``geometry.size_problems``)
    have made sure the quadrants join and the
    pieces fit."""
    seats = playing_seats(spec, options.colors or spec["players"]["max"])
    out = quadrant_parts(spec, seats)
    sets = [pieces(spec, seat_color(spec, seat), options) for seat in seats]
    if getattr(options, "sheet_per_colour", False):
        return out + [part for one in sets for part in one]
    # Colours share sheets. A row per colour, its Units (a grid sharing cut
    # lines) with its Builder beside them, turned to the rows' height, and
    # then every colour's Slider Markers, where that is the shorter layout;
    # else (no room beside the Units) every Builder side by side, then the
    # Markers, then the Units, so each row fills with pieces of one size.
    by_colour = [part for one in sets for kind in ("unit", "builder") for part in one if part.kind == kind]
    by_colour += [part for one in sets for part in one if part.kind == "slider-marker"]
    by_kind = [part for kind in ("builder", "slider-marker", "unit") for one in sets for part in one
               if part.kind == kind]
    # By kind unless by colour is strictly shorter (min keeps the first of equals).
    length, shared = min((layout_length(by_kind, options), by_kind), (layout_length(by_colour, options), by_colour),
                         key=lambda pair: pair[0])
    return markers_beside_board(out, shared, length[0], options)


def markers_beside_board(quadrants: list[Part], shared: list[Part], shared_sheets: int, options) -> list[Part]:
    """The quadrants, then the shared pieces (``shared_sheets`` of them); but where
    the Slider Markers would fill a pieces sheet on their own (a print shop's
    wider gaps on Letter), they ride on the last quadrant's sheet instead,
    below the quadrant, if there is room for them there."""
    markers = [p for p in shared if p.kind == "slider-marker"]
    rest = [p for p in shared if p.kind != "slider-marker"]
    if not markers or not rest or layout_length(rest, options)[0] >= shared_sheets:
        return quadrants + shared
    last = quadrants[-1]
    moved = [replace(p, group=last.group, items=list(p.items), meta=dict(p.meta)) for p in markers]
    if not share_a_sheet([last, *moved], options):
        return quadrants + shared
    return quadrants + moved + rest


def quadrant_parts(spec, seats: list[int], space_letter_pt: float = 12) -> list[Part]:
    """The four printed quadrants; only the start squares of ``seats`` are coloured.
    ``space_letter_pt``: the size of the Slider letter on a +/- space (larger
    on the rulebook's board, which prints at a third of the kit's size)."""
    return [quadrant_part(spec, q, seat_color(spec, q.seat) if q.seat in seats else None, space_letter_pt)
            for q in board_layout(spec)]


def sheet_title(group: str, members: list[Part]) -> str:
    """The words on a sheet's title saying what is on it."""
    first = members[0]
    if first.kind == "quadrant":
        color = first.meta.get("color")
        start = f", start square {color}" if color else ", start square unused"
        markers = "; Slider Markers" if any(p.kind == "slider-marker" for p in members) else ""
        return f"Board {first.name}{start}{markers}"
    colors = list(dict.fromkeys(p.meta.get("color", "") for p in members))
    units = sum(1 for p in members if p.kind == "unit") // len(colors)
    markers = sum(1 for p in members if p.kind == "slider-marker") // len(colors)
    return pieces_title(colors, markers, units)


def pieces_title(colors: list[str], markers: int, units: int) -> str:
    if len(colors) == 1:
        return f"{colors[0]} pieces: Builder, {markers} Slider Markers, {units} Units"
    # Several colours: their names alone (the checklist counts the pieces),
    # so that four of them still leave the title a size to read.
    return "Pieces of " + ", ".join(colors[:-1]) + " and " + colors[-1]


def text_boxes(spec) -> list:
    """Where the colour names print (``copyfit``): a quadrant's start
    corner, and the pieces sheets' headers, one colour's or all of them."""
    from ...copyfit import TextBox, colour_name_boxes, sheet_header

    g = kit_geometry(spec)
    colors = spec["colors"]
    boxes = [TextBox(("colors", i, "name"), c["name"], "a quadrant's start corner", g.track * CORNER_NAME,
                     CORNER_PT, smallest=MIN_TEXT_PT, sized_by="kit/track_mm") for i, c in enumerate(colors)]
    longest = max(range(len(colors)), key=lambda i: text_width_mm(colors[i]["name"], 10, bold=True))
    names = [colors[s]["name"] if s != longest else "\0" for s in playing_seats(spec, spec["players"]["max"])]
    for title in (pieces_title(["\0"], 99, 99), pieces_title(names + ["\0"] * (longest not in names), 0, 0)):
        boxes.append(sheet_header(("colors", longest, "name"), colors[longest]["name"],
                                  tuple(title.split("\0", 1))))
    boxes.append(sheet_header(("colors", longest, "name"), colors[longest]["name"],
                              ("Board Quadrant B, bottom-right, start square ", "")))
    return boxes + colour_name_boxes(spec, ("Slider Markers ({})", "Scissors Units ({})"))


def _text_on(x, y, text, up, size, bold=False, color=INK) -> Text:
    """Text centred on (x, y), its "up" pointing along ``up`` (a unit vector)."""
    ux, uy = up
    angle = math.degrees(math.atan2(-ux, uy)) % 360  # the baseline is up turned 90 degrees clockwise
    drop = 0.35 * size * PT
    return Text(x - ux * drop, y - uy * drop, text, size=size, bold=bold, color=color, angle=round(angle, 6))


QUADRANT_SIZED_BY = (("board", "square_mm"), ("board", "quadrant_size"), ("kit", "track_mm"),
                     ("kit", "waste_mm"), ("board", "glue_tab_mm"))


def quadrant_part(spec, q: Quadrant, color: dict | None, space_letter_pt: float = 12) -> Part:
    """One printed quadrant (see the module doc); ``color`` None leaves its start square blank."""
    g = q.geometry
    _, sy = q.signs
    s = g.square
    bx0, by0, bx1, by1 = q.bounds()
    outline = q.outline()
    items: list = [Fill(rect(bx0, by0, bx1 - bx0, by1 - by0), WASTE_GREY, role=WASTE, holes=(outline,))]
    up = (0.0, -float(sy))  # text on the board reads from the north or south edge

    # +/- spaces, under the grid lines.
    for space in spaces_for(spec.data, q.index):
        i, j = space["at"]
        x0, y0, x1, y1 = q.square_rect(i, j)
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        items.append(Fill(rect(x0, y0, s, s), TINT, large=True))
        items.append(_text_on(cx - up[0] * s * 0.3, cy - up[1] * s * 0.3, "+/\u2212", up, 7, bold=True))
        items.append(_text_on(cx, cy, space["slider"], up, space_letter_pt, bold=True))
        dots = space["dots"]
        for k in range(dots):
            offset = (k - (dots - 1) / 2) * s * 0.17
            # along the text's baseline (up turned clockwise), below the letter
            bx, by = -up[1], up[0]
            items.append(Circle((cx + bx * offset + up[0] * s * 0.28, cy + by * offset + up[1] * s * 0.28),
                                s * 0.055, fill=INK, stroke=None))

    # Start square: the player's colour and mark, framed so the four stand out.
    x0, y0, x1, y1 = q.start_square()
    if color is not None:
        items.append(Fill(rect(x0, y0, s, s), color["hex"], large=True))
        items.append(Circle(((x0 + x1) / 2, (y0 + y1) / 2), s * 0.3, fill="#FFFFFF", stroke=None))
        items += player_mark(color["mark"], (x0 + x1) / 2, (y0 + y1) / 2, s * 0.42)
    inset = 1.2
    items.append(Line(rect(x0 + inset, y0 + inset, s - 2 * inset, s - 2 * inset), role=ART, closed=True,
                      width_pt=2.4))

    # The grid; its inner edges are the seams, drawn as cut or fold lines below.
    gx0, gy0, gx1, gy1 = q.grid_rect()
    for k in range(g.size + 1):
        x, y = gx0 + k * s, gy0 + k * s
        if abs(x) > 1e-9:
            items.append(Line(((x, gy0), (x, gy1)), role=ART, color=GRID_INK, width_pt=0.7))
        if abs(y) > 1e-9:
            items.append(Line(((gx0, y), (gx1, y)), role=ART, color=GRID_INK, width_pt=0.7))

    items += _track(spec, q, "A", horizontal=True)
    items += _track(spec, q, "B", horizontal=False)
    items += _corner_label(q, color)

    # Assembly: tabs on type A, notes in the margin of type B's inner edges.
    types = {x.position: x.type for x in board_layout(spec)}
    for seam, a, b in q.seam_edges():
        other = q.neighbour(seam)
        other_type = types[other]
        if q.has_tabs:
            items += glue_tab_art(a, b, g.tab, f"glue under Quadrant {other_type} ({other})", fold=MOUNTAIN,
                                  size=7)
        else:
            items.append(_margin_note(a, b, g.tab / 2,
                                      f"the tab of Quadrant {other_type} ({other}) goes under this edge"))
    items.append(Line(outline, role=CUT, closed=True))

    ox, oy = q.board_offset
    part = Part(q.name, bx1 - bx0, by1 - by0, kind="quadrant", group=f"board-{q.position}",
                rotatable=False, sized_by=QUADRANT_SIZED_BY, table="board", board_at=q.board_offset)
    part.extend(transform(item, dx=-ox, dy=-oy) for item in items)
    sq = q.start_square()
    part.meta = {
        "position": q.position, "type": q.type, "seat": q.seat,
        "color": color["name"] if color else None,
        "board_offset": (ox, oy),
        "grid": _shift_rect(q.grid_rect(), -ox, -oy),
        "start_square": _shift_rect(sq, -ox, -oy),
    }
    return part


def _shift_rect(r, dx, dy):
    return (r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy)


def _margin_note(a, b, distance, words) -> Text:
    """Words along the edge a->b, ``distance`` outside it (right of a->b), read upright."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux
    mx, my = (ax + bx) / 2 + nx * distance, (ay + by) / 2 + ny * distance
    up = (nx, ny)
    if up[1] < -1e-9 or (abs(up[1]) <= 1e-9 and up[0] > 0):
        up = (-nx, -ny)  # never upside down on the sheet
    return _text_on(mx, my, words, up, fit_size(words, length * 0.9, 7.5))


CORNER_NAME, CORNER_PT = 0.62, MIN_TEXT_PT  # a start corner's colour name: its share of the track, its size
LABEL_INSET = 3.0  # mm from the track's end (a cut line) to its labels


def _track_axes(q: Quadrant, horizontal: bool):
    """(at, up) of a Slider's track along an outer edge of the grid: ``at(u, v)``
    the board point ``u`` mm along the track from its label end and ``v`` mm
    out from the grid, ``up`` the way its words read."""
    g = q.geometry
    sx, sy = q.signs
    G = g.grid
    if horizontal:
        V = (0.0, float(sy))
        R = (-float(sy), 0.0)
        edge_y = sy * G
        start_x = max(0, sx * G) if R[0] < 0 else min(0, sx * G)
        origin = (start_x, edge_y)
    else:
        V = (float(sx), 0.0)
        R = (0.0, float(sx))
        edge_x = sx * G
        start_y = max(0, sy * G) if R[1] < 0 else min(0, sy * G)
        origin = (edge_x, start_y)

    def at(u, v):
        return (origin[0] + u * R[0] + v * V[0], origin[1] + u * R[1] + v * V[1])

    return at, (-V[0], -V[1])


def notch_spots(spec, q: Quadrant, slider: str) -> list[tuple]:
    """The Slider Marker's spot of each notch of a Slider's track on quadrant
    ``q`` (A along the edge across the top or bottom, B up the side), corners
    in the board frame: where the Marker stands at that notch."""
    g = q.geometry
    at, _ = _track_axes(q, slider == "A")
    L, c = track_cells(spec, slider, g)
    r = (g.track - marker_row(g.marker)) / 2
    spot = g.marker + 0.8
    vm = 2 * r + 0.4 + spot / 2  # CUT_CLEAR from the quadrant's cut
    out = []
    for k in range(len(spec["sliders"][slider]["notches"])):
        mid = L + (k + 0.5) * c
        u0, v0, u1, v1 = mid - spot / 2, vm - spot / 2, mid + spot / 2, vm + spot / 2
        out.append((at(u0, v0), at(u1, v0), at(u1, v1), at(u0, v1)))
    return out


def _track(spec, q: Quadrant, slider: str, horizontal: bool) -> list:
    """One Slider's track along an outer edge of the grid: a label cell, then a
    notch cell per position showing both values of its pair, and a spot for the
    Slider Marker under each (``notch_spots``), the start notch marked."""
    g = q.geometry
    G, T = g.grid, g.track
    at, up = _track_axes(q, horizontal)
    spots = notch_spots(spec, q, slider)
    data = spec["sliders"][slider]
    notches = data["notches"]
    n = len(notches)
    label1, label2 = data["labels"]
    L, c = track_cells(spec, slider, g)
    outer = marker_row(g.marker)
    r = (T - outer) / 2
    items: list = []
    line = dict(role=ART, color=LIGHT_LINE, width_pt=0.5)
    # rows and cells
    items.append(Line((at(0, 2 * r), at(G, 2 * r)), **line))
    items.append(Line((at(L, r), at(G, r)), **line))
    items.append(Line((at(L, 0), at(L, T)), role=ART, color=GRID_INK, width_pt=0.7))
    for k in range(1, n):
        items.append(Line((at(L + k * c, 0), at(L + k * c, 2 * r)), **line))
    # labels
    items.append(_text_on(*at(LABEL_INSET + text_width_mm(label1, 6.5) / 2, r / 2), label1, up, 6.5))
    items.append(_text_on(*at(LABEL_INSET + text_width_mm(label2, 6.5) / 2, 1.5 * r), label2, up, 6.5))
    name = f"Slider {slider}"
    items.append(_text_on(*at(LABEL_INSET + text_width_mm(name, 8, bold=True) / 2, 2 * r + outer / 2), name,
                          up, 8, bold=True))
    size = min(9.5, r / PT * 0.62)
    for k, (first, second) in enumerate(notches):
        mid = L + (k + 0.5) * c
        items.append(_text_on(*at(mid, r / 2), str(first), up, size, bold=True))
        items.append(_text_on(*at(mid, 1.5 * r), str(second), up, size))
        spot = g.marker + 0.8
        vm = 2 * r + 0.4 + spot / 2
        corners = spots[k]
        if k == data["start"]:
            items.append(Line(corners, role=ART, closed=True, width_pt=1.2))
            items.append(_text_on(*at(mid, vm), "Start", up, fit_size("Start", spot - 1.4, MIN_TEXT_PT, bold=True,
                                                                      smallest=MIN_TEXT_PT), bold=True))
        else:
            items.append(Line(corners, role=ART, closed=True, color=LIGHT_LINE, width_pt=0.5))
    return items



def _corner_label(q: Quadrant, color: dict | None) -> list:
    """The outer corner: the quadrant's type and position (upright for assembly)
    and whose start square it holds."""
    g = q.geometry
    sx, sy = q.signs
    G, T = g.grid, g.track
    cx, cy = sx * (G + T / 2), sy * (G + T / 2)
    items = [
        Text(cx, cy + T * 0.08, q.type, size=min(20, T * 0.95), bold=True),
        Text(cx, cy - T * 0.2, q.position, size=fit_size(q.position, T - 2, 6.5)),
    ]
    if color is not None:
        # Kept 2.5 mm or more inside the cut, as everything that must be read.
        items += player_mark(color["mark"], cx - T * 0.3, cy - T * 0.31, T * 0.12)
        items.append(Text(cx - T * 0.2, cy - T * 0.34, color["name"],
                          size=fit_size(color["name"], T * CORNER_NAME, CORNER_PT, smallest=MIN_TEXT_PT),
                          anchor="start"))
    return items


# --- pieces ----------------------------------------------------------------------

def pieces(spec, color: dict, options=None) -> list[Part]:
    """One colour's pieces: Builder, Slider Markers, Units (edge to edge), on
    sheets shared with the other colours unless ``options`` ask for a sheet
    per colour."""
    g = kit_geometry(spec)
    name = color["name"]
    group = pieces_group("pieces", name, options)
    out = []
    for _ in range(spec["pieces"]["builder"]["count"]):
        out.append(builder_net(spec, color, g, group))
    for _ in range(spec["pieces"]["slider_markers"]):
        out.append(slider_marker(color, g, group))
    for kind in UNIT_TYPES:
        for _ in range(spec["pieces"]["units"][kind]):
            out.append(unit(kind, color, g, group))
    return out


def _meta(color):
    return {"color": color["name"]}


UNIT_BAND = CUT_CLEAR  # mm: the owner's colour round a Unit's edge, the marks just inside it
MARK_AIR = 0.4  # mm of white between the colour band and a mark


def unit(kind: str, color: dict, g: KitGeometry, group: str) -> Part:
    """A Unit tile: its type as a symbol on white, its owner as a band of
    colour round its edge (not a solid field: a sheet of Units printed some
    four times the ink) and a mark in every corner."""
    u = g.unit
    part = Part(f"{kind.capitalize()} Unit ({color['name']})", u, u, kind="unit", group=group,
                abut=f"units-{color['name']}", meta=_meta(color), sized_by=(("kit", "unit_mm"),), table="counter",
                faces=(("unit", "", (0.0, 0.0, u, u)),))
    b = UNIT_BAND
    # White over the middle of the colour field, not a field with a hole:
    # ink-saver mode draws a large fill as a band along its outline, and
    # keeps the one along the cut alone so.
    part.add(Fill(rect(0, 0, u, u), color["hex"], large=True))
    part.add(Fill(rect(b, b, u - 2 * b, u - 2 * b), "#FFFFFF"))
    part.add(Circle((u / 2, u / 2), u * 0.27, fill="#FFFFFF", stroke=INK, stroke_pt=0.4))
    part.extend(unit_symbol(kind, u / 2, u / 2, u * 0.37))
    # The owner's mark in every corner, so it reads from any side of the table,
    # on the white inside the band, so 2.5 mm or more inside the cut (a cut
    # that misses never clips a mark).
    m = u * 0.15
    at = max(u * 0.15, b + MARK_AIR + m / 2)
    for cx, cy in ((at, at), (u - at, at), (at, u - at), (u - at, u - at)):
        part.extend(player_mark(color["mark"], cx, cy, m))
    part.add(Line(rect(0, 0, u, u), role=CUT, closed=True))
    return part


def slider_marker(color: dict, g: KitGeometry, group: str) -> Part:
    """A Slider Marker: a small square in the player's colour with the mark."""
    m = g.marker
    part = Part(f"Slider Marker ({color['name']})", m, m, kind="slider-marker", group=group,
                abut=f"markers-{color['name']}", meta=_meta(color), sized_by=(("kit", "slider_marker_mm"),),
                table="counter")
    part.add(Fill(rect(0, 0, m, m), color["hex"], large=True))
    part.add(Circle((m / 2, m / 2), m * 0.34, fill="#FFFFFF", stroke=None))
    part.extend(player_mark(color["mark"], m / 2, m / 2, min(m * 0.5, m - 2 * CUT_CLEAR)))  # CUT_CLEAR inside
    part.add(Line(rect(0, 0, m, m), role=CUT, closed=True))
    return part


def shields_per_face(shields: int) -> list[int]:
    """How many Shields stand on each of the Builder's three faces: as even as
    can be, an odd one on the middle face, two odd ones on the outer faces.
    A Shield never straddles a fold between faces: folded, it would bend
    round the Builder's edge and could not stand or fold down."""
    base, extra = divmod(shields, 3)
    counts = [base] * 3
    for face in {0: (), 1: (1,), 2: (0, 2)}[extra]:
        counts[face] += 1
    return counts


BUILDER_BAND = 0.35  # of a Builder face's height, from its foot: the colour band


def builder_net(spec, color: dict, g: KitGeometry, group: str) -> Part:
    """The Builder: three faces folded into a triangular tube, closed by a glue
    tab beneath the far side, with the Shields standing on top.

    The faces fold along mountain folds (away from you: the print stays
    outside). Each Shield is cut free along its sides and stays attached to
    the top of the Builder by its hinge, a valley fold: fold it down when it is
    defeated. Shields stand on the faces (``shields_per_face``); above a face
    without one, the net ends at the face's top."""
    W, H, S, D = g.builder_side, g.builder_height, g.shield, g.builder_tab
    counts = shields_per_face(spec["pieces"]["builder"]["shields"])
    x0 = D  # the tab hangs off the left side of the first face
    width = 3 * W
    # The outline, counter-clockwise from the first face's foot, stepping up
    # over the faces that carry Shields; the tab sits on its last edge.
    points = [(x0, 0.0), (x0 + width, 0.0)]
    level = None
    for face in (2, 1, 0):
        right = x0 + (face + 1) * W
        want = H + S if counts[face] else H
        if level is not None and want != level:
            points.append((right, level))
        if want != level:
            points.append((right, want))
        level = want
    points.append((x0, level))
    if level != H:
        points.append((x0, H))
    outline = tabbed_outline(points, [((x0, H), (x0, 0), D)])
    part = Part(f"Builder ({color['name']})", D + width, H + S, kind="builder", group=group,
                meta=_meta(color), sized_by=(("kit", "builder", "height_mm"), ("kit", "builder", "side_mm"),
                                             ("kit", "builder", "shield_mm"), ("kit", "builder", "tab_mm")),
                table="standup", table_faces=((x0, 0.0, W, H + S), (x0 + W, 0.0, W, H + S)))
    # faces: the colour in a band along their foot (not a solid field), the
    # mark over it and the word on each
    band = BUILDER_BAND * H
    part.add(Fill(rect(x0, 0, width, band), color["hex"], large=True))
    for k in range(3):
        cx = x0 + (k + 0.5) * W
        part.extend(player_mark(color["mark"], cx, (band + H * 0.72) / 2, W * 0.36))
        part.add(Text(cx, H * 0.78, "Builder", size=fit_size("Builder", W - 2, 6.5, bold=True), bold=True))
    # shields, numbered left to right, each within its face
    spans = [(x0 + face * W + j * W / n, x0 + face * W + (j + 1) * W / n)
             for face, n in enumerate(counts) for j in range(n)]
    top = H + S
    for k, (left, right) in enumerate(spans):
        sw, cx = right - left, (left + right) / 2
        crest = ((cx - sw * 0.3, top - S * 0.18), (cx + sw * 0.3, top - S * 0.18), (cx + sw * 0.3, H + S * 0.45),
                 (cx, H + S * 0.1), (cx - sw * 0.3, H + S * 0.45))
        part.add(Fill(crest, "#FFFFFF", stroke=INK, stroke_pt=0.8))
        number = str(k + 1)
        part.add(Text(cx, H + S * 0.42, number,
                      size=fit_size(number, sw * 0.5, min(8, S * 0.7 / PT * 0.5), bold=True), bold=True))
        part.add(Line(((left, H), (right, H)), role=VALLEY))
        if k and abs(spans[k - 1][1] - left) < 1e-9:  # a cut between neighbouring Shields
            part.add(Line(((left, H), (left, top)), role=CUT))
    part.extend(glue_tab_art((x0, H), (x0, 0), D, "glue under far side", fold=MOUNTAIN, size=6.0))
    for k in (1, 2):
        part.add(Line(((x0 + k * W, 0), (x0 + k * W, H)), role=MOUNTAIN))
    part.add(Line(outline, role=CUT, closed=True))
    return part


def footprints(spec, parts: list[Part]) -> list:
    """What stands where (``printkit.footprint``), measured from the parts: a
    Unit (its cut outline) and a Builder (the triangle its three faces fold
    into) on a square; each Builder starts on its own start square."""
    from ...footprint import Cell, Piece, SetUp, cut_outline

    g = kit_geometry(spec)
    cell = Cell("square", "squares", rect(0, 0, g.square, g.square), g.square, ("board", "square_mm"))
    out = []
    unit_part = next((p for p in parts if p.kind == "unit"), None)
    if unit_part is not None:
        out.append(Piece("Units", cut_outline(unit_part), cell, sized_by=(("kit", "unit_mm"),)))
    builder = next((p for p in parts if p.kind == "builder"), None)
    if builder is not None:
        # The folds between the faces (and the tab's) stand a face's width apart.
        xs = sorted({round(i.points[0][0], 6) for i in builder.items if isinstance(i, Line)
                     and i.role == MOUNTAIN and len(i.points) == 2 and abs(i.points[0][0] - i.points[1][0]) < 1e-9})
        side = xs[1] - xs[0]
        triangle = ((0.0, 0.0), (side, 0.0), (side / 2, side * math.sqrt(3) / 2))
        # Set down any way round: the check tries it every 15 degrees of its 120.
        piece = Piece("Builders", triangle, cell, sized_by=(("kit", "builder", "side_mm"),),
                      turns=tuple(range(0, 120, 15)))
        out.append(piece)
        out.append(SetUp("a start square", piece, spec["pieces"]["builder"]["count"], 1,
                         ("pieces", "builder", "count")))
    return out


# --- cover: how the board goes together ---------------------------------------

def cover(spec, options, width: float, height: float) -> list:
    """The assembly diagram and the steps, for the cover sheet's free area."""
    layout = board_layout(spec)
    g = kit_geometry(spec)
    colors = options.colors or spec["players"]["max"]
    seats = playing_seats(spec, colors)
    side = min(width * 0.5, height - 8)
    gap = 2.5 * g.tab  # the picture pulls the quadrants apart to show the tabs
    scale = side / (2 * (g.grid + g.track) + gap)
    cx, cy = side / 2, height - 6 - side / 2
    items: list = [Text(0, height - 2, "Assembling the board", size=10, bold=True, anchor="start")]

    for q in layout:
        sx, sy = q.signs

        def board(p, sx=sx, sy=sy):
            return (cx + (p[0] + sx * gap / 2) * scale, cy + (p[1] + sy * gap / 2) * scale)

        for a, b, depth in q.tabs():
            items.append(Fill(tuple(board(p) for p in _tab_polygon(a, b, depth)), GLUE_GREY,
                              stroke=INK, stroke_pt=0.4))
        x0, y0, x1, y1 = q.piece_rect()
        items.append(Fill(tuple(board(p) for p in rect(x0, y0, x1 - x0, y1 - y0)), "#FFFFFF",
                          stroke=INK, stroke_pt=0.6))
        gx0, gy0, gx1, gy1 = q.grid_rect()
        items.append(Line(tuple(board(p) for p in rect(gx0, gy0, gx1 - gx0, gy1 - gy0)), role=ART,
                          closed=True, color=LIGHT_LINE, width_pt=0.4))
        sx0, sy0, sx1, sy1 = q.start_square()
        square = tuple(board(p) for p in rect(sx0, sy0, sx1 - sx0, sy1 - sy0))
        fill = seat_color(spec, q.seat)["hex"] if q.seat in seats else "#FFFFFF"
        items.append(Fill(square, fill, stroke=INK, stroke_pt=0.8))
        if q.seat in seats:  # the colour's mark too: the diagram reads in greyscale
            (ax, ay), (bx, by) = board((sx0, sy0)), board((sx1, sy1))
            items += player_mark(seat_color(spec, q.seat)["mark"], (ax + bx) / 2, (ay + by) / 2,
                                 abs(bx - ax) * 0.62)
        mx, my = board(((gx0 + gx1) / 2, (gy0 + gy1) / 2))
        items.append(Text(mx, my + 1.5, q.type, size=16, bold=True))
        items.append(Text(mx, my - 3.5, q.position, size=7))
        items.append(Text(mx, my - 7, f"sheet {q.index + 2}", size=6.5, color="#444444"))
        if q.has_tabs:
            items.append(Text(mx, my - 10.5, "grey tabs go under B", size=6, color="#444444"))

    text_x = side + 6
    steps = [
        "1. Print the board sheets on white paper or card at 100% (actual size). "
        "Check the 1 in square above.",
        "2. Cut out each quadrant along its solid outline; the " +
        ("hatched" if options.ink_saver else "grey") + " border is waste.",
        "3. Lay the quadrants out as in the picture: the labels in their outer corners "
        "name each one's place.",
        "4. Put glue on the tabs of the two A quadrants and slide each tab under the "
        "neighbouring B quadrant, edges touching. The four start squares meet in the middle.",
        ("5. Pieces: each colour's pieces have sheets of their own (print them on card of that "
         "colour in ink-saver mode)." if getattr(options, "sheet_per_colour", False) else
         "5. Pieces: the colours share the pieces sheets (build with --sheet-per-color to "
         "print each colour on card of its own).")
        + " Units and Slider Markers share cut lines: cut the long lines first.",
        "6. Builder: cut it out and cut along the sides of the Shields. Fold the dash-dot lines "
        "away from you and glue the tab beneath the far side to make a triangle. The Shields "
        "stay attached; fold one down along its dashed hinge when it is defeated.",
    ]
    y = height - 2
    size = 7.2
    for step in steps:
        for line in wrap(step, width - text_x, size):
            items.append(Text(text_x, y, line, size=size, anchor="start"))
            y -= size * PT * 1.35
        y -= 1.2
    return items


def _tab_polygon(a, b, depth):
    from ...parts.core import tab_corners

    c, d = tab_corners(a, b, depth)
    return (a, b, c, d)


# --- rulebook figures ------------------------------------------------------------

FIGURE_LABEL_PT = 20.0  # square names around a board drawing, before it is scaled down
# The board drawing prints at about a third of the kit's size: of the words
# on the quadrants it keeps those this large or larger (the type letters in
# the corners, the Slider letters on the +/- spaces, drawn this large for
# it), and leaves out the rest, which would print at 2 to 4 pt.
FIGURE_LEAST_PT = 18.0
SEAM_WORD_PT = 8.0  # the seam drawing prints near full size
PATH_INK = "#333333"


def figures(spec, options) -> dict[str, Part]:
    """Drawings for the rulebook (``printkit.rulebook.figures``):

    - ``board``: the assembled board from above, drawn from the quadrant parts
      the kit prints, each at its place; square names around it;
    - ``build``: a Builder building as many Units as Slider A allows on the
      squares around it, corners included, played by the rules engine;
    - ``unit-move``: a Unit's move played by the rules engine, before and after;
    - ``seam``: a board seam edge-on, the tab creased, then glued under its neighbour;
    - ``builder-folded``: a Builder folded into its triangular tube, Shields up."""
    return {"board": board_figure(spec, options), "build": build_figure(spec),
            "unit-move": unit_move_figure(spec), "seam": seam_figure(spec),
            "builder-folded": folded_builder_figure(spec, options)}


# --- folded: how a seam and a Builder look once folded ------------------------------

CARD = 1.2  # mm: card thickness, drawn larger than life so the layers show


def _seam(tab: float, under: bool) -> list:
    """A seam seen edge-on: quadrant A with its glue tab creased down (a
    mountain fold) and, ``under``, quadrant B laid over the tab, glued."""
    length = 42.0  # room for the words above each card at SEAM_WORD_PT
    y = 10.0
    items = [Fill(rect(0, y, length, CARD), "#FFFFFF", stroke=INK, stroke_pt=0.6),
             Text(length / 2, y + CARD + 2.2, "quadrant A, face up", size=SEAM_WORD_PT)]
    if not under:
        # The tab bends away from the printed face, down at 45 degrees.
        d = tab / math.sqrt(2)
        items.append(Fill(((length, y + CARD), (length, y), (length + d, y - d), (length + d + CARD * 0.7,
                           y - d + CARD * 0.7)), GLUE_GREY, stroke=INK, stroke_pt=0.6))
        items.append(Text(length + d + 2.5, y - d - 1.0, "tab: crease it down", size=SEAM_WORD_PT, anchor="start"))
        return items
    # The tab lies flat beneath B, which butts against A's edge.
    items.append(Fill(rect(length, y - CARD, tab, CARD), GLUE_GREY, stroke=INK, stroke_pt=0.6))
    items.append(Fill(((length, y), (length, y - CARD), (length + 0.8, y - CARD), (length + 0.8, y)),
                      GLUE_GREY, stroke=None))
    items.append(Fill(rect(length, y, length, CARD), "#FFFFFF", stroke=INK, stroke_pt=0.6))
    items.append(Text(length * 1.5, y + CARD + 2.2, "quadrant B over the tab", size=SEAM_WORD_PT))
    for k in range(4):  # the glue between the tab and B
        items.append(Circle((length + 1.5 + k * (tab - 3) / 3, y - CARD / 2), 0.35, fill=INK, stroke=None))
    items.append(Text(length + tab / 2, y - CARD - 3.6, "glue", size=SEAM_WORD_PT))
    return items


def _iso(x: float, y: float, z: float) -> tuple:
    """A point of a piece standing on the table, as drawn seen from the front
    and a little above: x to the right, y away from the viewer (drawn
    higher), z up."""
    return (x, z + 0.3 * y)


def _folded_builder(color: dict, g: KitGeometry) -> list:
    """A folded Builder: the triangular tube standing on the table with an
    edge towards the viewer, so two faces show, each with its Shield upright."""
    W, H, S = g.builder_side, g.builder_height, g.shield
    front, left, right = (W / 2, 0.0), (0.0, W * math.sqrt(3) / 2), (W, W * math.sqrt(3) / 2)
    items: list = []
    # The back face first, so the two front faces hide what they cover.
    for (p, q), shade, show in (((right, left), 0.6, False), ((left, front), 0.85, True), ((front, right), 1.0, True)):
        (px, py), (qx, qy) = p, q

        def on(u, v):
            return _iso(px + (qx - px) * u, py + (qy - py) * u, v)
        items.append(Fill((on(0, 0), on(1, 0), on(1, H), on(0, H)), _shaded(color["hex"], shade),
                          stroke=INK, stroke_pt=0.6))
        items.append(Fill((on(0, H), on(1, H), on(1, H + S), on(0, H + S)), _shaded(color["hex"], shade),
                          stroke=INK, stroke_pt=0.6))
        crest = (on(0.2, H + S * 0.82), on(0.8, H + S * 0.82), on(0.8, H + S * 0.45), on(0.5, H + S * 0.1),
                 on(0.2, H + S * 0.45))
        items.append(Fill(crest, "#FFFFFF", stroke=INK, stroke_pt=0.5))
        if show:
            cx, cy = on(0.5, H * 0.42)
            items.append(Circle((cx, cy), W * 0.17, fill="#FFFFFF", stroke=None))
            items += player_mark(color["mark"], cx, cy, W * 0.2)
    return items


def _shaded(hex_code: str, factor: float) -> str:
    """A colour darkened by ``factor`` (1: as it is), for a face turned from the light."""
    r, g, b = (int(hex_code.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    return "#{:02X}{:02X}{:02X}".format(*(round(v * factor) for v in (r, g, b)))


# The steps and titles of these drawings are their rulebook captions, not
# words drawn inside: the rulebook scales a drawing, and its words with it.

def seam_figure(spec) -> Part:
    """A board seam edge-on: the tab creased down (left), then under the next quadrant, glued (right)."""
    g = kit_geometry(spec)
    return _panels("Seam", [_seam(g.tab, under=False), _seam(g.tab, under=True)])


def folded_builder_figure(spec, options) -> Part:
    """A Builder folded, its Shields up, in the first colour the kit prints."""
    part = _panels("Folded Builder", [_folded_builder(kit_colors(spec, options)[0], kit_geometry(spec))])
    part.meta["caption"] = "Folded: a triangular tube, Shields up."
    return part


def _panels(name: str, panels, gap: float = 10.0) -> Part:
    """Drawings in a row."""
    out = Part(name, 0, 0)
    x = tallest = 0.0
    for items in panels:
        x0, y0, x1, y1 = _extent(items)
        out.extend(translate(items, x - x0, -y0))
        tallest = max(tallest, y1 - y0)
        x += x1 - x0 + gap
    out.width, out.height = x - gap, tallest
    return out


def _extent(items) -> tuple:
    """The box round the items, words included."""
    boxes = [b for b in map(item_box, items) if b is not None]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _inside(item, rect_, eps: float = 1e-6) -> bool:
    """Whether an item lies within (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = rect_

    def ok(p):
        return x0 - eps <= p[0] <= x1 + eps and y0 - eps <= p[1] <= y1 + eps

    if isinstance(item, (Line, Fill)):
        return all(ok(p) for p in item.points)
    if isinstance(item, Circle):
        return ok(item.center)
    return ok((item.x, item.y))


def board_figure(spec, options) -> Part:
    """The board as it lies assembled: every quadrant part the kit prints,
    moved to its place, keeping what shows on the face of the board (glue
    tabs, waste and the notes beside the edges go under or are cut away)."""
    quadrants = quadrant_parts(spec, playing_seats(spec, options.colors or spec["players"]["max"]),
                               space_letter_pt=FIGURE_LEAST_PT + 2)
    g = kit_geometry(spec)
    E = g.grid + g.track  # from the board's centre to its edge
    margin = FIGURE_LABEL_PT * PT * 1.6
    size = 2 * E + 2 * margin
    figure = Part("The board", size, size)

    def here(item, dx, dy):
        return transform(item, dx=dx + E + margin, dy=dy + E + margin)

    layout = {q.position: q for q in board_layout(spec)}
    for part in quadrants:
        q = layout[part.meta["position"]]
        ox, oy = part.meta["board_offset"]
        x0, y0, x1, y1 = q.piece_rect()
        face = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
        figure.add(here(Fill(rect(x0, y0, x1 - x0, y1 - y0), "#FFFFFF"), 0, 0))
        for item in part.items:
            if isinstance(item, (Line, Fill)) and item.role not in (ART,):
                continue  # cut and fold lines, glue and waste: not on the assembled face
            if isinstance(item, Text) and item.size < FIGURE_LEAST_PT:
                continue  # too small to read at the figure's size
            if _inside(item, face):
                figure.add(here(item, ox, oy))
        figure.add(here(Line(rect(x0, y0, x1 - x0, y1 - y0), role=ART, closed=True, width_pt=1.2), 0, 0))
    # Square names, as the reference uses them.
    n, s = g.size, g.square
    for k in range(2 * n):
        centre = (k - n + 0.5) * s
        file_, rank = square_name(k, 0)[0], str(k + 1)
        figure.add(here(Text(centre, -E - margin * 0.62, file_, size=FIGURE_LABEL_PT), 0, 0))
        figure.add(here(Text(-E - margin * 0.5, centre - FIGURE_LABEL_PT * PT * 0.35, rank,
                             size=FIGURE_LABEL_PT), 0, 0))
    figure.meta["caption"] = ("The assembled board from above, as the kit prints it but for the small words "
                              "of its tracks: the start squares meet in the middle, each +/- space shows its "
                              "Slider and dots; the letters and numbers along its edges name the squares in this book's examples.")
    return figure


def fewest_players(spec) -> int:
    """The fewest players the spec takes (a seating entry within its players'
    min and max): the figures play the game the way the most tables can."""
    low, high = spec["players"]["min"], spec["players"]["max"]
    return min(n for n in map(int, spec["board"]["seating"]) if low <= n <= high)


def examples(spec, options) -> dict:
    """The notation's examples (``printkit.rulebook.templating``), from the
    moves the rules engine lists at the start of a game of the fewest
    players: ``players`` (that count), ``step`` (the square of the first
    Builder step listed, g9 on the bundled board), ``build`` (a square the
    Builder may build on: that of the last step listed, f8) and
    ``build_move``, a build there the engine lists (``P@f8``)."""
    from .rules import Game

    players = fewest_players(spec)
    state = Game(spec, players=players).initial_state()
    moves = [state.action_to_string(a) for a in state.legal_actions()]
    steps = [m[1:] for m in moves if m.startswith("B")]
    builds = [m for m in moves if "@" in m]
    build_move = next((m for m in builds if m.endswith(f"@{steps[-1]}")), builds[0] if builds else "pass")
    return {"players": players, "step": steps[0], "build": steps[-1], "build_move": build_move}


def unit_move_position(spec):
    """A Unit's move played by the rules engine: a Scissors takes two Papers
    in one move. Returns (position before, moves in notation, position after)."""
    from .rules import Game

    game = Game(spec, players=fewest_players(spec))
    start = game.initial_state()
    board = start.to_json()
    n = game.board.size
    scissors, paper = "scissors", spec["beats"]["scissors"]
    # Player 0's start square is a corner of the centre; the move runs along
    # the second row beyond it, away from the centre, towards it.
    bx, by = game.board.start_of(game.seats[0])
    sx = -1 if bx < n else 1
    sy = -1 if by < n else 1
    row = by + 2 * sy
    line = [(bx + sx * (3 - k), row) for k in range(4)]  # the Scissors, two Papers, an empty square
    steps = len(line) - 1
    fits = [i for i, (_, st) in enumerate(game.notches[1]) if st >= steps]
    if not fits:
        return None
    notch = min(fits, key=lambda i: (game.notches[1][i][1], i))  # as few steps as will do
    names = [square_name(x, y) for x, y in line]
    board["pieces"][names[0]] = "0" + "PRS"[UNIT_TYPES.index(scissors)]
    for name in names[1:3]:
        board["pieces"][name] = "1" + "PRS"[UNIT_TYPES.index(paper)]
    board["players"][0]["cache"][scissors] -= 1
    board["players"][1]["cache"][paper] -= 2
    board["players"][0]["sliders"]["B"] = notch
    board.update(phase="units", read={"A": board["read"]["A"], "B": notch})
    before = game.state_from_json(board)
    after = before.clone()
    moves = []
    for a, b in zip(names, names[1:]):
        action = after.string_to_action(f"{a}-{b}")
        moves.append(after.action_to_string(action))
        after.apply(action)
    if after.to_json()["phase"] == "unit-move":  # steps to spare: the Unit stops here
        moves.append("stop")
        after.apply(after.string_to_action("stop"))
    return before, moves, after, line, game


def unit_move_figure(spec) -> Part | str:
    """Before and after a Unit's move the rules engine played (``unit_move_position``):
    a window of the board with its square names, the Units as the kit prints them."""
    played = unit_move_position(spec)
    if played is None:
        return "(No Slider B notch gives a Unit the three steps of this example, so it is not shown.)"
    before, moves, after, line, game = played
    g = kit_geometry(spec)
    s = g.square
    xs = [x for x, _ in line] + [game.board.start_of(game.seats[0])[0]]
    ys = [y for _, y in line] + [game.board.start_of(game.seats[0])[1]]
    cols = range(min(xs) - 1, max(xs) + 2)
    rows = range(min(ys), max(ys) + 1)
    label = 11.0
    panel_w, panel_h = len(cols) * s, len(rows) * s
    gap = 16.0
    head = 11.0
    width = 2 * (label + panel_w) + gap
    height = panel_h + label + head
    part = Part("A Unit's move", width, height)
    for k, (state, title) in enumerate(((before, "Before"), (after, "After"))):
        left = k * (label + panel_w + gap) + label
        bottom = label

        def at(x, y, left=left, bottom=bottom):
            return (left + (x - cols[0]) * s, bottom + (y - rows[0]) * s)

        part.add(Text(left + panel_w / 2, height - 7, title, size=18, bold=True))
        for x in cols:
            part.add(Text(at(x, 0)[0] + s / 2, bottom - 7.5, square_name(x, 0)[0], size=16))
        for y in rows:
            part.add(Text(left - 5.5, at(0, y)[1] + s / 2 - 2.0, str(y + 1), size=16))
        part.add(Line(rect(left, bottom, panel_w, panel_h), role=ART, closed=True, color=GRID_INK,
                      width_pt=1.0))
        for i in range(1, len(cols)):
            part.add(Line(((left + i * s, bottom), (left + i * s, bottom + panel_h)), role=ART,
                          color=GRID_INK, width_pt=0.7))
        for j in range(1, len(rows)):
            part.add(Line(((left, bottom + j * s), (left + panel_w, bottom + j * s)), role=ART,
                          color=GRID_INK, width_pt=0.7))
        # The path, over the pieces but below their symbols; faint, under them, once played.
        low = [(c[0] + s / 2, c[1] + s * 0.2) for c in (at(x, y) for x, y in line)]
        arrow = _arrow(low, s, PATH_INK if k == 0 else "#BBBBBB")
        if k:
            part.extend(arrow)
        part.extend(_panel_pieces(spec, game, g, state.to_json()["pieces"], cols, rows, at))
        if not k:
            part.extend(arrow)
    squares = [square_name(x, y) for x, y in line]
    part.meta["caption"] = (
        f"With {game.notches[1][before.read[1]][1]} steps per Unit the "
        f"{as_written(spec['colors'][game.seats[0]]['name'])} Scissors moves from {squares[0]} along its row, "
        f"taking two {as_written(spec['colors'][game.seats[1]]['name'])} Papers on {squares[1]} and "
        f"{squares[2]} in one move, and stops on {squares[3]}; the Papers go back to their owner's cache.")
    return part


def build_position(spec):
    """A build played by the rules engine: with two players, at the start of
    the game, player 0's Slider A at the notch with the most builds; the
    Builder builds that many Units on the free squares around it, the
    corners first. Returns (position before, legal build squares, moves in
    notation, position after, game)."""
    from .rules import Game

    game = Game(spec, players=fewest_players(spec))
    board = game.initial_state().to_json()
    notches = game.notches[0]
    notch = max(range(len(notches)), key=lambda i: (notches[i][1], -i))
    board["players"][0]["sliders"]["A"] = notch
    board["read"]["A"] = notch
    before = game.state_from_json(board)
    at = before.builder[0]
    free = [n for n in game.around[at] if before.cells[n] == 0]
    corners = [n for n in free if n not in game.adjacent[at]]
    order = corners + [n for n in free if n in game.adjacent[at]]
    after = before.clone()
    moves = []
    for k, square in enumerate(order[:notches[notch][1]]):
        letter = "PRS"[k % 3]
        if after.to_json()["phase"] not in ("builder", "build") or after.to_json()["to_move"] != 0:
            break
        action = after.string_to_action(f"{letter}@{game.names[square]}")
        moves.append(after.action_to_string(action))
        after.apply(action)
    return before, free, moves, after, game


def build_figure(spec) -> Part:
    """A Builder's build (``build_position``): the squares around it where it
    may build, and the Units it built there, as the kit prints them."""
    before, free, moves, after, game = build_position(spec)
    g = kit_geometry(spec)
    s = g.square
    w = game.width
    bx, by = before.builder[0] % w, before.builder[0] // w
    cols = [x for x in range(bx - 2, bx + 3) if 0 <= x < w]
    rows = [y for y in range(by - 2, by + 3) if 0 <= y < w]
    label, gap, head = 11.0, 16.0, 11.0
    panel_w, panel_h = len(cols) * s, len(rows) * s
    width = 2 * (label + panel_w) + gap
    height = panel_h + label + head
    part = Part("Building", width, height)
    after_json = after.to_json()
    for k, (pieces, title) in enumerate(((before.to_json()["pieces"], "Where it may build"),
                                         (after_json["pieces"], "After building"))):
        left = k * (label + panel_w + gap) + label
        bottom = label

        def at(x, y, left=left, bottom=bottom):
            return (left + (x - cols[0]) * s, bottom + (y - rows[0]) * s)

        part.add(Text(left + panel_w / 2, height - 7, title, size=18, bold=True))
        for x in cols:
            part.add(Text(at(x, rows[0])[0] + s / 2, bottom - 7.5, square_name(x, 0)[0], size=16))
        for y in rows:
            part.add(Text(left - 5.5, at(cols[0], y)[1] + s / 2 - 2.0, str(y + 1), size=16))
        if k == 0:
            for square in free:
                x0, y0 = at(square % w, square // w)
                part.add(Fill(rect(x0, y0, s, s), TINT))
        part.add(Line(rect(left, bottom, panel_w, panel_h), role=ART, closed=True, color=GRID_INK,
                      width_pt=1.0))
        for i in range(1, len(cols)):
            part.add(Line(((left + i * s, bottom), (left + i * s, bottom + panel_h)), role=ART,
                          color=GRID_INK, width_pt=0.7))
        for j in range(1, len(rows)):
            part.add(Line(((left, bottom + j * s), (left + panel_w, bottom + j * s)), role=ART,
                          color=GRID_INK, width_pt=0.7))
        part.extend(_panel_pieces(spec, game, g, pieces, cols, rows, at))
    builds = game.notches[0][before.read[0]][1]
    name = as_written(spec["colors"][game.seats[0]]["name"])
    kinds = {letter: kind.capitalize() for letter, kind in zip("PRS", UNIT_TYPES)}
    built = [f"a {kinds[m[0]]} on {m.split('@')[1]}" for m in moves]
    part.meta["caption"] = (
        f"With Slider A set to {builds} "
        f"{as_written(spec['sliders']['A']['labels'][1])}, the {name} Builder may build on any free square "
        f"around it, sharing a side or a corner (shaded); here it builds {', '.join(built)}. "
        "It still steps only straight across a side.")
    return part


def _panel_pieces(spec, game, g, pieces: dict, cols, rows, at) -> list:
    """The pieces of a position (``to_json()["pieces"]``) on a figure's panel of
    squares, ``at(x, y)`` giving each square's lower-left corner: Builders seen
    from above, Units as the kit prints them, without their cut lines."""
    items, s = [], g.square
    for x in cols:
        for y in rows:
            code = pieces.get(square_name(x, y))
            if not code:
                continue
            color = spec["colors"][game.seats[int(code[0])]]
            x0, y0 = at(x, y)
            if code[1] == "B":
                items += _builder_from_above(color, x0, y0, s)
                continue
            piece = unit(UNIT_TYPES["PRS".index(code[1])], color, g, "figure")
            offset = (s - g.unit) / 2
            items += [transform(i, dx=x0 + offset, dy=y0 + offset) for i in piece.items
                      if not (isinstance(i, Line) and i.role == CUT)]
    return items


def _builder_from_above(color: dict, x0: float, y0: float, s: float) -> list:
    """A standing Builder seen from above: a triangle in its owner's colour."""
    c = (x0 + s / 2, y0 + s / 2)
    tri = regular_polygon(c[0], c[1] - s * 0.05, s * 0.45, 3)
    return [Fill(tri, color["hex"], stroke=INK, stroke_pt=0.6),
            Circle((c[0], c[1] - s * 0.05), s * 0.15, fill="#FFFFFF", stroke=None),
            *player_mark(color["mark"], c[0], c[1] - s * 0.05, s * 0.2)]


def _arrow(points, s: float, ink: str = PATH_INK) -> list:
    """A path through ``points`` with an arrowhead at its end, on a white halo."""
    (ax, ay), (bx, by) = points[-2], points[-1]
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    head = s * 0.32
    tip = (bx - ux * s * 0.1, by - uy * s * 0.1)
    base = (tip[0] - ux * head, tip[1] - uy * head)
    left = (base[0] - uy * head * 0.5, base[1] + ux * head * 0.5)
    right = (base[0] + uy * head * 0.5, base[1] - ux * head * 0.5)
    shaft = tuple(points[:-1]) + (base,)
    return [Line(shaft, role=ART, color="#FFFFFF", width_pt=5.0),
            Fill((tip, left, right), "#FFFFFF", stroke="#FFFFFF", stroke_pt=2.0),
            Line(shaft, role=ART, color=ink, width_pt=3.0),
            Fill((tip, left, right), ink)]
