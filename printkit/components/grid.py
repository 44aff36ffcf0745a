"""Square and hex grids in millimetres: where each cell is and what it is called.

Cells are named as a board's notation names them: a column letter (a, b,
..., z, aa, ab, ...) and a row number counted from 1 at the bottom, "c3".
Hexes stand point up in rows; every other row (the second, fourth, ...
from the bottom) is set half a hex to the right. Origin at the lower-left
corner of the cells' extent, x to the right, y up.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

SQUARE, HEX = "square", "hex"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
NAME = re.compile(r"^([a-z]{1,2})([1-9][0-9]{0,2})$")


def column_name(column: int) -> str:
    """0 -> a, 25 -> z, 26 -> aa."""
    if column < 26:
        return LETTERS[column]
    return LETTERS[column // 26 - 1] + LETTERS[column % 26]


def cell_name(column: int, row: int) -> str:
    return f"{column_name(column)}{row + 1}"


def parse_name(name: str) -> tuple[int, int] | None:
    """(column, row) of a cell's name, or None when it is not one."""
    m = NAME.match(name)
    if not m:
        return None
    letters, number = m.groups()
    column = LETTERS.index(letters) if len(letters) == 1 else \
        (LETTERS.index(letters[0]) + 1) * 26 + LETTERS.index(letters[1])
    return column, int(number) - 1


@dataclass(frozen=True)
class Grid:
    """A grid of ``columns`` x ``rows`` cells of ``size`` mm (a square's side,
    a hex across its flats)."""

    shape: str
    columns: int
    rows: int
    size: float

    @property
    def radius(self) -> float:
        """A hex's centre to a corner."""
        return self.size / math.sqrt(3)

    def keys(self) -> list[tuple[int, int]]:
        return [(c, r) for r in range(self.rows) for c in range(self.columns)]

    def centre(self, column: int, row: int) -> tuple[float, float]:
        s = self.size
        if self.shape == SQUARE:
            return ((column + 0.5) * s, (row + 0.5) * s)
        return (s / 2 + column * s + (s / 2 if row % 2 else 0.0), self.radius + row * 1.5 * self.radius)

    def outline(self, column: int, row: int, inset: float = 0.0) -> tuple:
        """The cell's corners, counter-clockwise; ``inset`` mm inside its edges."""
        cx, cy = self.centre(column, row)
        if self.shape == SQUARE:
            h = self.size / 2 - inset
            return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))
        r = self.radius - inset * 2 / math.sqrt(3)
        return tuple((cx + r * math.cos(math.radians(90 + 60 * k)), cy + r * math.sin(math.radians(90 + 60 * k)))
                     for k in range(6))

    def extent(self) -> tuple[float, float]:
        """Width and height of the cells together."""
        s = self.size
        if self.shape == SQUARE:
            return self.columns * s, self.rows * s
        width = self.columns * s + (s / 2 if self.rows > 1 else 0.0)
        return width, 2 * self.radius + (self.rows - 1) * 1.5 * self.radius

    def neighbours(self, column: int, row: int) -> list[tuple[int, int]]:
        """The cells across each edge, in the order of the outline's edges."""
        if self.shape == SQUARE:
            # Edges: bottom, right, top, left.
            steps = ((0, -1), (1, 0), (0, 1), (-1, 0))
        else:
            odd = row % 2
            # Edges from the top corner counter-clockwise: upper-left, left,
            # lower-left, lower-right, right, upper-right.
            steps = ((odd - 1, 1), (-1, 0), (odd - 1, -1), (odd, -1), (1, 0), (odd, 1))
        return [(column + dx, row + dy) for dx, dy in steps]

    def inside(self, column: int, row: int) -> bool:
        return 0 <= column < self.columns and 0 <= row < self.rows
