"""Greg Lam's game on a table (``printkit.table``): the two board segments
joined, the counters where the position puts them, Paper stacks as stacks.

- The board: both printed segments in their places, segment 2 laid over
  segment 1's glue tab along the zigzag; what goes under (the tab, its
  words and fold) is left out, and the cut lines are the paper's edges
  (the seam's zigzag is the edge of the hexes along it). Its frame: the board's
  lower left corner at the origin.
- Cells: the hexes by their notation names (``a1`` .. ``i10``), each outline
  the hex as printed.
- Zones: ``captured-p``, player p's pieces out of the game (taken, knocked
  or dropped off the board); ``first``, the hand game that decides who
  moves first (its chance outcomes).
- Pieces: "Rock", "Paper", "Scissors", "Flag" (``kind`` "counter"). A Paper
  stack is listed from its bottom sheet up, one Piece per run of one
  owner's sheets (``count`` the run's sheets, ``meta["level"]`` the first
  one's place from the bottom); the top one (``meta["top"]``, it controls
  the stack) carries the whole stack's height as its ``label``. A locked
  Scissors has ``meta["locked"]``. Nothing is hidden in this game.
- Touches: a move (a Rock's, a Scissors', a Paper stack's as a clump) is
  its cell then its target; a spread is its stack then every cell it drops
  a sheet on, in order (``captured-p`` for the mover where the sheets that
  are left fall off the board). No two legal moves share their clicks; a
  clump move to a spread's first cell is a prefix of that spread's clicks.
"""

from __future__ import annotations

from ...parts.core import ART, CUT, GLUE, Fill, Line, item_box, transform
from ...shapes import Polygon, box
from ...spec import data_of
from ...table import Board, Cell, Piece, Zone
from .hexes import DIRECTIONS, HexBoard
from .parts import EDGE_MM, SIDE_MM, segment_part

NAMES = {"R": "Rock", "P": "Paper", "S": "Scissors", "F": "Flag"}


def _hexes(spec) -> tuple[HexBoard, float]:
    b = data_of(spec)["board"]
    return HexBoard(b["columns"], b["rows"]), b["hex_mm"]


def board(spec, options=None) -> Board:
    hexes, flat = _hexes(spec)
    width, height = hexes.size_mm(flat)
    # The board's frame: the hexes' frame moved by the printed margins.
    dx, dy = SIDE_MM, EDGE_MM
    items: list = []
    for number in (1, 2):
        part = segment_part(spec, number)
        ox, oy = part.meta["origin"]
        glued = [Polygon(i.points) for i in part.items if isinstance(i, Fill) and i.role == GLUE]
        for item in part.items:
            if isinstance(item, Line) and item.role == CUT:
                # The paper's edge shows on the assembled board (segment 2's
                # zigzag over segment 1): drawn as the sheets print a cut line.
                items.append(transform(item, dx=ox + dx, dy=oy + dy))
                continue
            if isinstance(item, (Line, Fill)) and item.role != ART:
                continue  # the tab and its fold: under segment 2
            found = item_box(item)
            if found and any(g.buffer(1e-6).contains(box(*found)) for g in glued):
                continue  # the tab's words, under segment 2
            items.append(transform(item, dx=ox + dx, dy=oy + dy))
    cells = []
    for cell in range(hexes.cells):
        cx, cy = hexes.centre_mm(cell, flat)
        corners = tuple((x + dx, y + dy) for x, y in HexBoard.corners(cx, cy, flat))
        cells.append(Cell(hexes.name(cell), (cx + dx, cy + dy), corners))
    names = [c["name"] for c in data_of(spec)["colors"][:2]]
    zones = [Zone(f"captured-{p}", f"{names[p]}'s pieces out of the game", p) for p in range(2)]
    zones.append(Zone("first", "The hand game: who moves first"))
    return Board(width + 2 * dx, height + 2 * dy, tuple(items), tuple(cells), tuple(zones))


def pieces(spec, state, player: int | None) -> list[Piece]:
    view = state.to_json() if player is None else state.observation(player)
    names = view["players"]
    locked = {name for lock in view["locks"] for name in lock}
    out: list[Piece] = []
    for where, codes in view["board"].items():
        sheets = [(int(codes[k]), codes[k + 1]) for k in range(0, len(codes), 2)]
        runs: list[list] = []  # [owner, letter, first level, count]
        for level, (owner, letter) in enumerate(sheets):
            if runs and runs[-1][0] == owner and runs[-1][1] == letter:
                runs[-1][3] += 1
            else:
                runs.append([owner, letter, level, 1])
        for k, (owner, letter, level, count) in enumerate(runs):
            top = k == len(runs) - 1
            meta = {"level": level, "top": top}
            if letter == "S" and where in locked:
                meta["locked"] = True
            label = str(len(sheets)) if top and len(sheets) > 1 else ""
            out.append(Piece(NAMES[letter], where, owner, "counter", count=count, label=label, meta=meta))
    for owner, name in enumerate(names):
        for kind, count in view["captured"][name].items():
            if count:
                out.append(Piece(kind.capitalize(), f"captured-{owner}", owner, "counter", count=count,
                                 label=str(count)))
    return out


def touches(spec, state, action: int) -> tuple[str, ...]:
    g = state.game
    hexes = g.board
    if action >= g.first_base:
        return ("first",)
    if action >= g.spread_base:
        source, d = divmod(action - g.spread_base, 6)
        path = []
        for k in range(1, len(state.cells[source]) + 1):
            cell = hexes.step(source, DIRECTIONS[d], k)
            if cell is None:
                path.append(f"captured-{state.player}")
                break
            path.append(hexes.name(cell))
        return (hexes.name(source), *path)
    source, target = divmod(action, g.cells)
    return (hexes.name(source), hexes.name(target))
