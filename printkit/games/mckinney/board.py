"""McKinney board geometry: where the four quadrants, start squares and +/- spaces lie.

The one place that turns a spec's quadrant list and its relative +/- space
coordinates into board squares. The rules engine, the spec checks, the
validator and the kit's quadrant drawings all read it, so what is printed is
what is played.

Board coordinates: ``x`` is the column from the left (0 = file ``a``), ``y``
the row from the bottom (0 = rank ``1``), like a chess board seen from its
first rank. The board is ``2 * quadrant_size`` squares wide.

Relative coordinates ``(dx, dy)`` count squares away from the board's centre
along each axis, from the quadrant's start square ``(0, 0)`` (its corner at
the centre of the board). So one relative layout gives four mirror images,
one per quadrant, and a quadrant type B is type A's mirror image.
"""

from __future__ import annotations

from dataclasses import dataclass

POSITIONS = ("top-left", "top-right", "bottom-right", "bottom-left")
UNIT_TYPES = ("paper", "rock", "scissors")  # kinds 1, 2, 3 in the engine; kind 0 is the Builder
FILES = "abcdefghijklmnopqrstuvwxyz"

# Direction away from the centre, per quadrant position: (sign of x, sign of y).
SIGNS = {
    "top-left": (-1, 1),
    "top-right": (1, 1),
    "bottom-right": (1, -1),
    "bottom-left": (-1, -1),
}


def start_square(position: str, size: int) -> tuple[int, int]:
    """The board square (x, y) of a quadrant's start square: its corner at the board's centre."""
    sx, sy = SIGNS[position]
    return (size - 1 if sx < 0 else size, size - 1 if sy < 0 else size)


def to_board(position: str, rel, size: int) -> tuple[int, int]:
    """Board square (x, y) of relative coordinates ``rel = (dx, dy)`` in the quadrant at ``position``."""
    sx, sy = SIGNS[position]
    x0, y0 = start_square(position, size)
    return (x0 + sx * rel[0], y0 + sy * rel[1])


def to_relative(position: str, square, size: int) -> tuple[int, int]:
    """Inverse of :func:`to_board`: relative coordinates of a board square in that quadrant's frame."""
    sx, sy = SIGNS[position]
    x0, y0 = start_square(position, size)
    return (sx * (square[0] - x0), sy * (square[1] - y0))


def quadrant_origin(position: str, size: int) -> tuple[int, int]:
    """Board square (x, y) of the quadrant's bottom-left square."""
    return (0 if position.endswith("left") else size, size if position.startswith("top") else 0)


def in_quadrant(position: str, rel, size: int) -> tuple[int, int]:
    """Column and row (from the quadrant's own bottom-left, y up) of relative coordinates.

    This is where a part generator draws a +/- space on the quadrant's sheet."""
    x, y = to_board(position, rel, size)
    ox, oy = quadrant_origin(position, size)
    return (x - ox, y - oy)


def square_name(x: int, y: int) -> str:
    """Chess-like name of a board square: file letter then rank number, ``a1`` bottom-left."""
    return f"{FILES[x]}{y + 1}"


def parse_square(text: str, width: int) -> tuple[int, int] | None:
    """(x, y) of a square name such as ``g8``; None if it is not a square of a board this wide."""
    text = text.strip().lower()
    # ASCII digits only: str.isdigit() also takes '²' and other digits int() refuses or misreads.
    if len(text) < 2 or text[0] not in FILES[:width] or not text[1:].isascii() or not text[1:].isdigit():
        return None
    x, y = FILES.index(text[0]), int(text[1:]) - 1
    if not 0 <= y < width or text[1] == "0":
        return None
    return (x, y)


@dataclass(frozen=True)
class PlusMinusSpace:
    """A +/- space: moving a Builder onto it moves that player's ``slider`` by ``dots``."""

    square: tuple[int, int]
    slider: str  # "A" or "B"
    dots: int
    seat: int  # the seat whose quadrant it lies in
    pointer: tuple  # where it is written in the spec


@dataclass(frozen=True)
class Quadrant:
    position: str
    type: str
    seat: int
    start: tuple[int, int]  # board square of its start square
    spaces_pointer: tuple  # spec pointer of the +/- space list this quadrant uses


@dataclass(frozen=True)
class BoardLayout:
    """The board a spec describes, in board squares."""

    size: int  # squares per quadrant side
    quadrants: tuple  # Quadrant, in spec order
    spaces: tuple  # PlusMinusSpace, sorted by square

    @property
    def width(self) -> int:
        return 2 * self.size

    def start_of(self, seat: int) -> tuple[int, int]:
        for quadrant in self.quadrants:
            if quadrant.seat == seat:
                return quadrant.start
        raise KeyError(seat)


def spaces_pointer(data: dict, index: int) -> tuple:
    """Spec pointer of the +/- space list quadrant ``index`` uses.

    A quadrant may carry its own ``plus_minus_spaces`` (relative to its own
    start square); otherwise it uses the board-wide list."""
    quadrant = data["board"]["quadrants"][index]
    if "plus_minus_spaces" in quadrant:
        return ("board", "quadrants", index, "plus_minus_spaces")
    return ("board", "plus_minus_spaces")


def spaces_for(data: dict, index: int) -> list:
    """The +/- space entries (slider, dots, at) quadrant ``index`` carries, relative to its start square."""
    return _get(data, spaces_pointer(data, index))


def _get(data, pointer):
    for key in pointer:
        data = data[key]
    return data


def layout(data: dict) -> BoardLayout:
    """The board of a (schema-valid) spec's data, in board squares.

    Spaces whose relative coordinates fall outside their quadrant are kept
    (check_spec reports them); callers that play use only checked specs."""
    size = data["board"]["quadrant_size"]
    quadrants, spaces = [], []
    for index, entry in enumerate(data["board"]["quadrants"]):
        position = entry["position"]
        pointer = spaces_pointer(data, index)
        quadrants.append(Quadrant(position, entry["type"], entry["seat"],
                                  start_square(position, size), pointer))
        for i, item in enumerate(_get(data, pointer)):
            square = to_board(position, item["at"], size)
            spaces.append(PlusMinusSpace(square, item["slider"], item["dots"], entry["seat"], pointer + (i,)))
    spaces.sort(key=lambda s: (s.square[1], s.square[0], s.seat))
    return BoardLayout(size, tuple(quadrants), tuple(spaces))


# --- Board symmetries ---------------------------------------------------------

# The eight symmetries of a square board, as maps of (x, y) on a board
# ``w`` squares wide. Names are what a player would call them.
SYMMETRIES = (
    ("identity", lambda x, y, w: (x, y)),
    ("rotation by 90 degrees", lambda x, y, w: (w - 1 - y, x)),
    ("rotation by 180 degrees", lambda x, y, w: (w - 1 - x, w - 1 - y)),
    ("rotation by 270 degrees", lambda x, y, w: (y, w - 1 - x)),
    ("mirror left-right", lambda x, y, w: (w - 1 - x, y)),
    ("mirror top-bottom", lambda x, y, w: (x, w - 1 - y)),
    ("mirror on the a1 diagonal", lambda x, y, w: (y, x)),
    ("mirror on the other diagonal", lambda x, y, w: (w - 1 - y, w - 1 - x)),
)


def layout_symmetries(board: BoardLayout) -> list[str]:
    """Names of the board symmetries that map the +/- spaces (slider and dots kept) onto themselves."""
    marked = {(s.square, s.slider, s.dots) for s in board.spaces}
    found = []
    for name, move in SYMMETRIES:
        if {(move(*sq, board.width), slider, dots) for sq, slider, dots in marked} == marked:
            found.append(name)
    return found


def equivalent_seats(board: BoardLayout) -> list[set]:
    """Seats grouped by which of them the layout's symmetries map onto one another."""
    found = layout_symmetries(board)
    moves = [move for name, move in SYMMETRIES if name in found]
    seat_at = {q.start: q.seat for q in board.quadrants}
    groups: list[set] = []
    for quadrant in board.quadrants:
        images = {seat_at.get(move(*quadrant.start, board.width)) for move in moves} - {None}
        for group in groups:
            if group & images:
                group |= images
                break
        else:
            groups.append(set(images))
    return groups
