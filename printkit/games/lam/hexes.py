"""Hex geometry for Greg Lam's board: pointy-top hexes in offset rows.

Cells are named by column and row as the board prints them: columns a, b,
c... from the left, rows 1, 2, 3... from the first player's edge. Odd rows
(2, 4, ...) sit half a hex to the right ("odd-r" offset layout). Internally
a cell is its index ``row * columns + column``; moves along a line use axial
coordinates (q, r), where the six directions are fixed steps:

    e (+1, 0)   ne (0, +1)   nw (-1, +1)   w (-1, 0)   sw (0, -1)   se (+1, -1)

with r growing towards higher row numbers. The names follow the printed
board as the first player sees it from the row-1 edge: "n" is away from
them, towards the higher rows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

# Direction names as a player at the row-1 edge sees the board: "n" is away from them.
DIRECTIONS = ("e", "ne", "nw", "w", "sw", "se")
_AXIAL = {"e": (1, 0), "ne": (0, 1), "nw": (-1, 1), "w": (-1, 0), "sw": (0, -1), "se": (1, -1)}
OPPOSITE = {d: DIRECTIONS[(i + 3) % 6] for i, d in enumerate(DIRECTIONS)}


def offset_to_axial(column: int, row: int) -> tuple[int, int]:
    return column - (row - (row & 1)) // 2, row


def axial_to_offset(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def column_letter(column: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[column]


@dataclass(frozen=True)
class HexBoard:
    """A board of ``columns`` x ``rows`` pointy-top hexes, odd rows shifted right."""

    columns: int
    rows: int

    @property
    def cells(self) -> int:
        return self.columns * self.rows

    def index(self, column: int, row: int) -> int:
        return row * self.columns + column

    def place(self, cell: int) -> tuple[int, int]:
        """(column, row) of a cell, both from 0."""
        return cell % self.columns, cell // self.columns

    def on_board(self, column: int, row: int) -> bool:
        return 0 <= column < self.columns and 0 <= row < self.rows

    def name(self, cell: int) -> str:
        column, row = self.place(cell)
        return f"{column_letter(column)}{row + 1}"

    def parse(self, text: str) -> int | None:
        """The cell named ``text`` (e.g. "e5"), or None."""
        text = text.strip().lower()
        if len(text) < 2 or not text[0].isalpha() or not text[1:].isdigit():
            return None
        column, row = ord(text[0]) - ord("a"), int(text[1:]) - 1
        return self.index(column, row) if self.on_board(column, row) else None

    def step(self, cell: int, direction: str, k: int = 1) -> int | None:
        """The cell ``k`` steps from ``cell`` in ``direction``, or None off the board."""
        q, r = offset_to_axial(*self.place(cell))
        dq, dr = _AXIAL[direction]
        column, row = axial_to_offset(q + k * dq, r + k * dr)
        return self.index(column, row) if self.on_board(column, row) else None

    @cached_property
    def steps(self) -> tuple[tuple[int | None, ...], ...]:
        """steps[cell][d]: the neighbour in DIRECTIONS[d], or None (a table: moves are hot)."""
        return tuple(tuple(self.step(c, d) for d in DIRECTIONS) for c in range(self.cells))

    @cached_property
    def neighbours(self) -> tuple[frozenset, ...]:
        return tuple(frozenset(n for n in self.steps[c] if n is not None) for c in range(self.cells))

    @cached_property
    def rays(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """rays[cell][d]: the cells from ``cell`` (not included) along DIRECTIONS[d] to the edge."""
        return tuple(tuple(tuple(self.line(c, d)) for d in range(6)) for c in range(self.cells))

    @cached_property
    def ray_moves(self) -> tuple:
        """ray_moves[cell][d]: ((target, move action), ...) along ``rays[cell][d]``."""
        return tuple(tuple(tuple((t, c * self.cells + t) for t in ray) for ray in self.rays[c])
                     for c in range(self.cells))

    @cached_property
    def single_steps(self) -> tuple[tuple[int, ...], ...]:
        """single_steps[cell]: the move actions (``cell * cells + target``) to each
        neighbour, sorted: a single Paper's moves wherever the other pieces are."""
        return tuple(tuple(c * self.cells + t for t in sorted(self.neighbours[c])) for c in range(self.cells))

    @cached_property
    def spreads(self) -> tuple[tuple[int, ...], ...]:
        """spreads[cell]: the spread actions of a Paper stack there, one per
        direction with a cell next to it (numbered after every move action)."""
        base = self.cells * self.cells
        return tuple(tuple(base + c * 6 + d for d in range(6) if self.steps[c][d] is not None)
                     for c in range(self.cells))

    @cached_property
    def scissors_paths(self) -> tuple:
        """scissors_paths[cell]: per direction off the board's edge, (the first
        cell, then the next two of the row, then the cells a 60-degree turn after
        the first cell reaches), each cell with the move action to it
        (``cell * cells + target``). A sharper turn ends next to ``cell``, where
        a straight step lands as well, so it adds no move and is left out."""
        paths = []
        for c in range(self.cells):
            here = []
            for d in range(6):
                ray = self.rays[c][d][:3]
                if not ray:
                    continue
                turns = tuple(self.steps[ray[0]][d2] for d2 in ((d + 1) % 6, (d + 5) % 6)
                              if self.steps[ray[0]][d2] is not None)
                origin = c * self.cells
                here.append((ray[0], origin + ray[0], tuple((t, origin + t) for t in ray[1:]),
                             tuple((t, origin + t) for t in turns)))
            paths.append(tuple(here))
        return tuple(paths)

    @cached_property
    def neighbour_masks(self) -> tuple[int, ...]:
        """neighbour_masks[cell]: a bit mask (bit ``n`` for cell ``n``) of the cells next to ``cell``."""
        return tuple(sum(1 << n for n in self.neighbours[c]) for c in range(self.cells))

    @cached_property
    def row_stops(self) -> tuple:
        """row_stops[cell]: per row from ``cell`` (a direction with a cell next
        to it): (a bit mask of the row's cells, whether their numbers rise
        along it, {a cell of the row: the move actions up to and onto it},
        the move actions to every cell of the row)."""
        stops = []
        for c in range(self.cells):
            here = []
            for ray in self.ray_moves[c]:
                if ray:
                    moves = tuple(move for _, move in ray)
                    here.append((sum(1 << t for t, _ in ray), ray[0][0] > c,
                                 {t: moves[:i + 1] for i, (t, _) in enumerate(ray)}, moves))
            stops.append(tuple(here))
        return tuple(stops)

    @cached_property
    def row_cells(self) -> tuple[int, ...]:
        """row_cells[cell]: a bit mask of the cells on the six rows through ``cell``."""
        return tuple(sum(1 << t for ray in self.rays[c] for t in ray) for c in range(self.cells))

    @cached_property
    def rows_near(self) -> tuple[int, ...]:
        """rows_near[cell]: a bit mask of the first two cells of each of the six rows from ``cell``."""
        return tuple(sum(1 << t for ray in self.rays[c] for t in ray[:2]) for c in range(self.cells))

    @cached_property
    def scissors_cells(self) -> tuple[tuple[int, int], ...]:
        """scissors_cells[cell]: bit masks of (the cells a Scissors' paths from
        ``cell`` pass through: each first cell and the next one straight on;
        every cell of ``scissors_paths[cell]``)."""
        masks = []
        for c in range(self.cells):
            through = every = 0
            for first, _, further, turns in self.scissors_paths[c]:
                through |= 1 << first
                every |= 1 << first
                for i, (at, _) in enumerate(further):
                    every |= 1 << at
                    if i == 0:
                        through |= 1 << at
                for at, _ in turns:
                    every |= 1 << at
            masks.append((through, every))
        return tuple(masks)

    def line(self, cell: int, direction: int):
        """The cells from ``cell`` (not included) along DIRECTIONS[direction] to the edge."""
        steps = self.steps
        at = steps[cell][direction]
        while at is not None:
            yield at
            at = steps[at][direction]

    def rotate_half_turn(self, cell: int) -> int:
        """The cell a half turn of the board brings ``cell`` to: how the other
        player sees it. Exact when the row count is even (rows swap parity)."""
        column, row = self.place(cell)
        return self.index(self.columns - 1 - column, self.rows - 1 - row)

    # --- drawing -------------------------------------------------------------
    def centre_mm(self, cell: int, flat_mm: float) -> tuple[float, float]:
        """Centre of a cell in mm, origin at the lower left of the board's bounding box, y up."""
        column, row = self.place(cell)
        radius = flat_mm / math.sqrt(3)  # centre to corner
        x = flat_mm / 2 + column * flat_mm + (flat_mm / 2 if row % 2 else 0.0)
        y = radius + row * 1.5 * radius
        return x, y

    @staticmethod
    def corners(cx: float, cy: float, flat_mm: float) -> list[tuple[float, float]]:
        """The six corners of a pointy-top hex, starting at the top, clockwise."""
        radius = flat_mm / math.sqrt(3)
        return [(cx + radius * math.sin(math.radians(a)), cy + radius * math.cos(math.radians(a)))
                for a in range(0, 360, 60)]

    def size_mm(self, flat_mm: float) -> tuple[float, float]:
        radius = flat_mm / math.sqrt(3)
        return (self.columns + 0.5) * flat_mm, 2 * radius + (self.rows - 1) * 1.5 * radius
