"""The hex geometry Lam's rules and kit share."""

from __future__ import annotations

import math

import pytest

from printkit.games.lam.hexes import DIRECTIONS, OPPOSITE, HexBoard, axial_to_offset, offset_to_axial

BOARD = HexBoard(9, 10)


def test_offset_and_axial_coordinates_round_trip():
    for cell in range(BOARD.cells):
        assert axial_to_offset(*offset_to_axial(*BOARD.place(cell))) == BOARD.place(cell)


def test_inner_cells_have_six_neighbours_each_one_step_away_and_back():
    for cell in range(BOARD.cells):
        column, row = BOARD.place(cell)
        inner = 0 < column < BOARD.columns - 1 and 0 < row < BOARD.rows - 1
        assert len(BOARD.neighbours[cell]) == 6 or not inner
        for d, name in enumerate(DIRECTIONS):
            n = BOARD.steps[cell][d]
            if n is not None:
                assert BOARD.step(n, OPPOSITE[name]) == cell
                # Neighbours are 26 mm apart, centre to centre, on the printed board.
                assert math.dist(BOARD.centre_mm(cell, 26), BOARD.centre_mm(n, 26)) == pytest.approx(26)


def test_lines_run_straight_to_the_edge():
    line = [BOARD.name(c) for c in BOARD.line(BOARD.parse("a1"), DIRECTIONS.index("ne"))]
    assert line == ["a2", "b3", "b4", "c5", "c6", "d7", "d8", "e9", "e10"]
    east = [BOARD.name(c) for c in BOARD.line(BOARD.parse("c5"), 0)]
    assert east == ["d5", "e5", "f5", "g5", "h5", "i5"]


def test_the_half_turn_is_a_symmetry_of_the_board():
    for cell in range(BOARD.cells):
        twin = BOARD.rotate_half_turn(cell)
        assert BOARD.rotate_half_turn(twin) == cell
        (x, y), (tx, ty) = BOARD.centre_mm(cell, 26), BOARD.centre_mm(twin, 26)
        width, height = BOARD.size_mm(26)
        assert (x + tx, y + ty) == pytest.approx((width, height))
        assert {BOARD.rotate_half_turn(n) for n in BOARD.neighbours[cell]} == set(BOARD.neighbours[twin])


def test_names_parse_back():
    for cell in range(BOARD.cells):
        assert BOARD.parse(BOARD.name(cell)) == cell
    assert BOARD.parse("j1") is None and BOARD.parse("a11") is None and BOARD.parse("5e") is None
