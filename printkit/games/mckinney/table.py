"""McKinney's game on a table (``printkit.table``): the four quadrants joined,
the Builders, Units and Slider Markers where the position puts them.

- The board: every printed quadrant moved to its place, keeping what shows
  on the face of the board (glue tabs, waste and the notes beside the seams
  go under or are cut away), as the rulebook's board drawing joins them.
  Its frame: the board's lower left corner at the origin.
- Cells: the 14 x 14 squares by their notation names (``a1`` at the lower
  left, as the engine counts them), and each Slider notch a Slider Marker
  can stand on, ``slider-<seat>-A1`` .. ``slider-<seat>-B5`` on the track of
  seat ``<seat>``'s quadrant (a seat: the spec's ``board.quadrants``; which
  seats play for a player count: ``board.seating``).
- Zones, per playing seat: ``cache-<seat>-paper`` (and ``-rock``,
  ``-scissors``), that player's cache of each Unit type, and
  ``out-<seat>``, where an eliminated player's Builder goes; ``done``, the
  button that ends a stage (``pass``, ``stop``, ``done``, ``end``). The zones
  are made for the players ``options.colors`` says (the spec's most when
  None): build the board for the game's player count.
- Pieces: "Builder" (its label the Shields it has left), "Paper Unit",
  "Rock Unit", "Scissors Unit" (a cache: one stack per type), "Slider
  Marker A" and "B" on their notches. Nothing is hidden in this game.
- Touches: a Builder step is the Builder's square then the next square; a
  build is the cache of that type then the square; a Unit's step its square
  then the next (a move of several steps is one step a click, as the
  notation plays it; a Unit passing over a friend shows on the friend's
  square, ``meta["passing"]``); a Slider choice (``A+``, ``A-``, ...) is the
  notch its Slider Marker stands on (the Slider of the +/- space the
  Builder stopped on) then the notch the Marker moves to (its own again
  where the track ends); ``pass``, ``stop``, ``done`` and ``end`` are
  ``done``. No two legal moves share their clicks.
"""

from __future__ import annotations

from ...parts.core import ART, Fill, Line, rect, transform
from ...table import Board, Cell, Piece, Zone, square_cell
from .board import UNIT_TYPES, square_name
from .geometry import board_layout, kit_geometry
from .parts import _inside, notch_spots, playing_seats, quadrant_parts, seat_color
from .rules import BUILD_BASE, BUILDER_STEP, END, SLIDER_UP
from .turn import LETTERS

UNIT_NAMES = {t: f"{t.capitalize()} Unit" for t in UNIT_TYPES}


def _extent(spec) -> float:
    """From the board's centre to its edge, in mm: a quadrant's grid and its track."""
    g = kit_geometry(spec)
    return g.grid + g.track


def board(spec, options=None) -> Board:
    seats = playing_seats(spec, getattr(options, "colors", None) or spec["players"]["max"])
    g = kit_geometry(spec)
    E = _extent(spec)
    items: list = []
    layout = {q.position: q for q in board_layout(spec)}
    for part in quadrant_parts(spec, seats):
        q = layout[part.meta["position"]]
        ox, oy = part.meta["board_offset"]
        x0, y0, x1, y1 = q.piece_rect()
        face = (x0 - ox, y0 - oy, x1 - ox, y1 - oy)
        items.append(Fill(rect(x0 + E, y0 + E, x1 - x0, y1 - y0), "#FFFFFF"))
        for item in part.items:
            if isinstance(item, (Line, Fill)) and item.role != ART:
                continue  # cut and fold lines, glue and waste: not on the assembled face
            if _inside(item, face):
                items.append(transform(item, dx=ox + E, dy=oy + E))
        items.append(Line(rect(x0 + E, y0 + E, x1 - x0, y1 - y0), role=ART, closed=True, width_pt=1.2))
    n, s = g.size, g.square
    cells = [square_cell(square_name(x, y), E + (x - n) * s, E + (y - n) * s, s)
             for y in range(2 * n) for x in range(2 * n)]
    for q in board_layout(spec):
        for slider in "AB":
            for k, corners in enumerate(notch_spots(spec, q, slider)):
                moved = tuple((x + E, y + E) for x, y in corners)
                xs, ys = [p[0] for p in moved], [p[1] for p in moved]
                cells.append(Cell(f"slider-{q.seat}-{slider}{k + 1}", (sum(xs) / 4, sum(ys) / 4), moved))
    zones = []
    for player, seat in enumerate(seats):
        name = seat_color(spec, seat)["name"]
        zones += [Zone(f"cache-{seat}-{t}", f"{name}'s cache: {UNIT_NAMES[t]}s", player) for t in UNIT_TYPES]
        zones.append(Zone(f"out-{seat}", f"{name}'s Builder, out of the game", player))
    zones.append(Zone("done", "Done: ends the stage (pass, stop, done, end)"))
    return Board(2 * E, 2 * E, tuple(items), tuple(cells), tuple(zones))


def pieces(spec, state, player: int | None) -> list[Piece]:
    view = state.to_json() if player is None else state.observation(player)
    seats = [entry["seat"] for entry in view["players"]]
    out: list[Piece] = []
    for square, code in sorted(view["pieces"].items()):
        owner, letter = int(code[:-1]), code[-1]
        if letter == "B":
            shields = view["players"][owner]["shields"]
            out.append(Piece("Builder", square, owner, "builder", label=str(shields), meta={"shields": shields}))
        else:
            kind = UNIT_TYPES[LETTERS.index(letter) - 1]
            out.append(Piece(UNIT_NAMES[kind], square, owner, "unit", label=letter))
    if view["moving"] and view["path"]:
        # A Unit passing over a friend of another type stands on it for now:
        # the position holds the friend there, the mover in "moving".
        at, mover = view["path"][-1], view["to_move"]
        letter = LETTERS[UNIT_TYPES.index(view["moving"]) + 1]
        if view["pieces"].get(at) != f"{mover}{letter}":
            out.append(Piece(UNIT_NAMES[view["moving"]], at, mover, "unit", label=letter, meta={"passing": True}))
    for owner, entry in enumerate(view["players"]):
        seat = seats[owner]
        for kind in UNIT_TYPES:
            count = entry["cache"][kind]
            if count:
                out.append(Piece(UNIT_NAMES[kind], f"cache-{seat}-{kind}", owner, "unit", count=count,
                                 label=str(count)))
        if entry["shields"] == 0:
            out.append(Piece("Builder", f"out-{seat}", owner, "builder", label="0", meta={"shields": 0}))
        for slider in "AB":
            out.append(Piece(f"Slider Marker {slider}", f"slider-{seat}-{slider}{entry['sliders'][slider] + 1}",
                             owner, "slider-marker", label=slider))
    return out


def touches(spec, state, action: int) -> tuple[str, ...]:
    g, p = state.game, state.player
    if action == END:
        return ("done",)
    seat = g.seats[p]
    at = state.builder[p]
    if action <= SLIDER_UP:
        slider, dots = g.spaces[at]
        top = len(g.notches[slider]) - 1
        value = min(top, max(0, state.sliders[p][slider] + (dots if action == SLIDER_UP else -dots)))
        now = state.sliders[p][slider]
        return (f"slider-{seat}-{'AB'[slider]}{now + 1}", f"slider-{seat}-{'AB'[slider]}{value + 1}")
    if action < BUILD_BASE:
        return (g.names[at], g.names[g.step_to[at * 4 + action - BUILDER_STEP]])
    if action < g.unit_step_base:
        t, square = divmod(action - BUILD_BASE, g.squares)
        return (f"cache-{seat}-{UNIT_TYPES[t]}", g.names[square])
    square, d = divmod(action - g.unit_step_base, 4)
    return (g.names[square], g.names[g.step_to[square * 4 + d]])
