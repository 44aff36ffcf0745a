"""Rock Paper Scissors Tiles on a table (``printkit.table``): the tiles laid
so far on the places the notation names, the supply beside them.

The game has no board: the tiles laid make it. The "board" here is the grid
of every place a tile can reach, each named as the notation names it,
``x,y`` (Black's first tile at ``0,0``, White's at ``1,0``, x to the right,
y up): the places no more steps from a first tile than the tiles left after
the first two (each tile touches one already down), so no game leaves it.
A square of the spec's tile size each, drawn as a faint grid with the two
first places outlined; the frame's origin is its lower left corner. A table
shows the part of it the tiles and their neighbours take.

- Zones: ``supply``, the tiles not yet laid (one "Tile" piece, its
  ``count`` and ``label`` how many, drawn as the printed tile).
- Pieces: each "Tile" (``kind`` "tiles", the sheets that print them; no
  owner, as every tile carries both colours) on its place,
  ``meta["corner"]`` the corner its black half lies in (``ll``, ``lr``,
  ``ul``, ``ur``, as the notation writes it), ``meta["face"]`` the printed
  tile turned to lie that way (the first tile of the sheets, a quarter turn
  at a time: ``printkit.table``), ``meta["player"]`` who laid it and
  ``meta["turn"]`` on which turn; no ``label``, as the art shows the corner.
  A tile laid face-hidden that the viewer may not see yet (``player``
  given) is ``hidden``: where it lies shows, its corner and face not.
- Touches: a tile is laid by clicking the supply, then its place; the four
  corners it may lie in share those clicks, and the table offers them as a
  menu of their notations (``3,4 ll`` .. ``3,4 ur``).
"""

from __future__ import annotations

from ...parts.core import INK, Line, Text, rect
from ...table import Board, Piece, Zone, square_cell
from .parts import LL, LR, UL, UR, grid_orientation
from .rules import FIRST_CELLS, decode
from .shapes import CODES

# The black corner a quarter turn counter-clockwise takes to the next.
_TURNING = (LL, LR, UR, UL)

FAINT = "#D0D0D0"


def _reach(spec) -> int:
    """How far a tile can lie from the nearer first place, in steps."""
    return max(0, int(spec["tiles"]["count"]) - 2)


def _bounds(spec) -> tuple[int, int, int, int]:
    """(x0, y0, x1, y1): the places' extent, in whole tiles."""
    r = _reach(spec)
    xs = [x for x, _ in FIRST_CELLS]
    return min(xs) - r, -r, max(xs) + r, r


def places(spec) -> list[tuple[int, int]]:
    r = _reach(spec)
    x0, y0, x1, y1 = _bounds(spec)
    return [(x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1)
            if min(abs(x - fx) + abs(y - fy) for fx, fy in FIRST_CELLS) <= r]


def board(spec, options=None) -> Board:
    size = float(spec["tiles"]["size_mm"])
    x0, y0, x1, y1 = _bounds(spec)
    width, height = (x1 - x0 + 1) * size, (y1 - y0 + 1) * size

    def corner(x, y):
        return (x - x0) * size, (y - y0) * size

    cells = tuple(square_cell(f"{x},{y}", *corner(x, y), size) for x, y in places(spec))
    items: list = []
    for cell in cells:
        items.append(Line(cell.outline, role="art", closed=True, color=FAINT, width_pt=0.3))
    for (x, y), name in zip(FIRST_CELLS, ("Black", "White")):
        left, bottom = corner(x, y)
        items.append(Line(rect(left, bottom, size, size), role="art", closed=True, color=INK, width_pt=0.8))
        items.append(Text(left + size / 2, bottom + 2.0, f"{name}'s first tile", size=6.5))
    return Board(width, height, tuple(items), cells, (Zone("supply", "The supply of tiles"),))


def pieces(spec, state, player: int | None) -> list[Piece]:
    view = state.to_json() if player is None else state.observation(player)
    out = []
    for k, (x, y, corner) in enumerate(view["tiles"]):
        turn = k // 2 + 1
        first = 0 if turn == 1 or turn % 2 == 0 else 1  # Black first on turn 1 and even turns
        laid_by = first if k % 2 == 0 else 1 - first
        meta = {"player": laid_by, "turn": turn}
        if corner is not None:
            meta |= {"corner": corner, "face": _face(CODES.index(corner))}
        out.append(Piece("Tile", f"{x},{y}", None, "tiles", hidden=corner is None, meta=meta))
    if view["supply"]:
        out.append(Piece("Tile", "supply", None, "tiles", count=view["supply"], label=str(view["supply"]),
                         meta={"face": _face(grid_orientation(0, 0))}))
    return out


def _face(orientation: int) -> dict:
    """The sheets' first tile, turned so its black half lies in ``orientation``'s corner."""
    printed = grid_orientation(0, 0)
    turns = (_TURNING.index(orientation) - _TURNING.index(printed)) % 4
    return {"index": 0, "turn": 90 * turns}


def touches(spec, state, action: int) -> tuple[str, ...]:
    x, y, _ = decode(action)
    return ("supply", f"{x},{y}")
