"""RPS Phoenix's printed board size, which the parts draw and the spec checks
measure against the paper."""

from __future__ import annotations

from ...sheets import PAPERS, content_box

# Space around the board grid (mm), the same on every side so the cut line
# frames the grid evenly: coordinates in the left and bottom margins, which
# die gives them in the top and right ones, all 2.5 mm or more from the cut.
BOARD_LEFT = BOARD_BOTTOM = BOARD_RIGHT = BOARD_TOP = 7.0
# The printable width and height every sheet offers on both Letter and A4
# (printkit.sheets: margins, title and legend bands), to the micrometre.
PRINTABLE = tuple(round(min(content_box(paper)[k] for paper in PAPERS.values()), 3) for k in (2, 3))


def board_size(spec) -> tuple[float, float]:
    """Width and height of the Board part in mm."""
    b = spec["board"]
    return (BOARD_LEFT + b["columns"] * b["square_mm"] + BOARD_RIGHT,
            BOARD_BOTTOM + b["rows"] * b["square_mm"] + BOARD_TOP)
