"""A game as it stands on a table: its board, its cells, its pieces where a position puts them.

Whatever shows a game rather than prints it (the live table of ``printkit
play``, the Tabletop Simulator save of ``build --format tts``) reads it from
here, so neither names a game. A game that can be shown has a ``table``
stage, ``printkit/games/<id>/table.py``, with:

    def board(spec, options) -> Board
        the board assembled (not in sections), drawn with the kit's own
        art, its cells and its zones (places off the board where pieces
        wait: a player's reserve, the Ashes, a hand, the dice tray);

    def pieces(spec, state, player: int | None) -> list[Piece]
        every piece of the position ``state`` (an engine ``State``) and where
        it stands. ``player`` None: everything, as the set-up puts it (for a
        table everyone sees). A player's index: only what that player may
        know, read from ``state.observation(player)``, never from the state
        itself, so nothing hidden from that seat can reach it;

    def touches(spec, state, action: int) -> tuple[str, ...]
        the cells and zones a legal move touches, in order: where the piece
        moved (or the choice made) starts first, then its targets, so a
        table can light up a piece's moves and play one by clicks.

A game without a rules engine (a designer's own game) still has a board and
pieces to lay out freely; its ``pieces`` takes ``state`` None.

Several pieces may stand on one cell (a stack of Papers, two pieces in a
stalemate): ``pieces`` lists them from the bottom up, so a table draws the
last one on top. Pieces in a zone are one ``Piece`` per kind, its ``count``
the pile's size. A game played by a varying number of players names the
places of each player's colour after the colour (its seat), not after the
player's number, so that a board made without ``options.colors`` (the
spec's most players) holds the zones of every player count.

A piece printed among others on one part (a sheet of tiles, each at one
of its ``Part.faces``) is drawn from its own face: ``Piece.meta["face"]``
is ``{"index": i, "turn": degrees}``, the ``i``-th face (in ``Part.faces``
order, over the parts of the piece's ``kind`` in the kit's order) cut out
of its part as a virtual table cuts it, turned counter-clockwise by a
multiple of 90 degrees (a tile laid another way round than it is printed).
A ``hidden`` piece has no ``face``: which face it shows may be what is hidden.

A legal move is played by clicking its ``touches`` in order. Several moves
may touch the same places (a type chosen at set-up, a choice made after the
target is reached): a table then offers their notations in a small menu.
A ``touches`` may also be asked of a chance outcome (a die's face): it
names where the chance shows (the dice), for a table that rolls by a click.

Helpers for the stages: ``grid_art`` puts a square-grid board's art back
together as ``printkit.parts.sections`` cuts it (the same squares, the same
frame round them, no glue tabs, cut lines or section labels);
``square_cell`` makes the cell of one of its squares.

Coordinates are millimetres in the assembled board's frame: origin at its
bottom-left corner, x to the right, y up, as ``printkit.parts.core`` draws.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import games
from .parts.core import INK, Line, rect

Point = tuple[float, float]


@dataclass(frozen=True)
class Cell:
    """A place on the board a piece can stand on, named as the notation names it."""

    name: str  # "c3", "N5", ...: the notation's own name
    center: Point
    outline: tuple[Point, ...]  # a closed polygon around the cell


@dataclass(frozen=True)
class Zone:
    """A place off the board: a reserve, a supply, the dice, a discard pile."""

    name: str  # "reserve-0", "ashes", "dice", ...
    label: str  # as the rulebook names it: "Blue's reserve", "The Ashes"
    owner: int | None = None  # the player it belongs to, None when shared


@dataclass(frozen=True)
class Board:
    width: float
    height: float
    items: tuple  # the board's art (printkit.parts.core items), in the board's frame
    cells: tuple[Cell, ...]
    zones: tuple[Zone, ...] = ()


@dataclass(frozen=True)
class Piece:
    """One piece, or one stack of like pieces, where a position puts it."""

    name: str  # as the rulebook names it: "Builder", "Fire Bird"
    where: str  # a Cell.name or a Zone.name
    owner: int | None = None  # player index; None for a neutral piece
    kind: str = ""  # the Part.kind of the part that prints it, to draw it with the kit's art
    count: int = 1  # how many stand there together (a stack, a pile)
    label: str = ""  # what a glance must read: a stack's height, a die's face
    hidden: bool = False  # face down to this viewer: shown, but not what it is
    meta: dict = field(default_factory=dict, compare=False)  # game-specific detail a table may show


def stage(game: str):
    """The game's ``table`` stage, or None where it has none yet."""
    return games.optional_stage(game, "table")


def grid_art(columns: int, rows: int, square: float, draw_cell) -> tuple[list, float, float, float]:
    """A board cut by ``printkit.parts.sections`` whole again: ``draw_cell(column,
    row, x, y, size)`` as the sections call it, every square in the frame the
    outer sections print round them, and the board's edge where its outline
    is cut. Returns (items, width, height, margin): the squares start
    ``margin`` mm in from the board's lower left corner."""
    from .parts.sections import FRAME

    items: list = []
    for row in range(rows):
        for column in range(columns):
            items += draw_cell(column, row, FRAME + column * square, FRAME + row * square, square)
    width, height = columns * square + 2 * FRAME, rows * square + 2 * FRAME
    items.append(Line(rect(0.0, 0.0, width, height), role="art", closed=True, color=INK, width_pt=0.5))
    return items, width, height, FRAME


def square_cell(name: str, x: float, y: float, w: float, h: float | None = None) -> Cell:
    """The cell of a rectangle whose lower left corner is (x, y)."""
    h = w if h is None else h
    return Cell(name, (x + w / 2, y + h / 2), rect(x, y, w, h))


def die_face(rolled) -> dict:
    """A die's ``meta`` as it fell: its face of the number ``rolled`` (a die's
    faces are 1 to 6 in order); nothing before a roll (``rolled`` empty)."""
    return {"face": {"index": int(rolled) - 1, "turn": 0}} if rolled else {}
