"""A square-grid board too large for the paper, cut into sections that join.

``sections(columns, rows, square, draw_cell, tab, name)`` cuts a board of
``columns`` x ``rows`` squares of ``square`` mm along square edges into the
fewest sections (a grid of them) that each fit the printable area of every
paper, turned or on its side. Each seam gets one glue tab, on the section to
its left or below it, creased along a mountain fold to lie under the
neighbour; every section is labelled with where it goes ("row 2, column 1
of 2 x 2"), and ``assembly(...)`` draws the plan for the cover sheet. ``draw_cell(column, row, x, y, size)`` returns
the art of one square in board millimetres (origin at the board's lower
left). No game is named here: any rectangular board can use it.
"""

from __future__ import annotations

from ..sheets import PAPERS, page_for
from .core import (ASCENT, CUT, CUT_CLEAR, DESCENT, INK, MIN_TEXT_PT, MOUNTAIN, PT, Fill, Line, Part, Text,
                   glue_tab_art, rect, tabbed_outline, translate)

FRAME = 6.0  # mm of board margin around the outer edges of the squares, where each section is labelled
LABEL_SIZE = MIN_TEXT_PT  # points; the label sits CUT_CLEAR or more from the cut


def _spans(count: int, parts: int) -> list[tuple[int, int]]:
    """``count`` squares cut into ``parts`` runs as even as can be: (first, end)."""
    base, extra = divmod(count, parts)
    out, start = [], 0
    for k in range(parts):
        size = base + (1 if k < extra else 0)
        out.append((start, start + size))
        start += size
    return out


def plan(columns: int, rows: int, square: float, tab: float) -> tuple[int, int]:
    """The fewest sections across and up that fit every paper."""
    best = None
    for across in range(1, columns + 1):
        for up in range(1, rows + 1):
            width = max(e - s for s, e in _spans(columns, across)) * square + 2 * FRAME + (tab if across > 1 else 0)
            height = max(e - s for s, e in _spans(rows, up)) * square + 2 * FRAME + (tab if up > 1 else 0)
            probe = Part("probe", width, height)
            if all(page_for(probe, paper) is not None for paper in PAPERS.values()):
                key = (across * up, max(across, up))
                if best is None or key < best[0]:
                    best = (key, (across, up))
    if best is None:
        raise ValueError("a single square does not fit the paper")
    return best[1]


def sections(columns: int, rows: int, square: float, draw_cell, tab: float, name: str = "Board",
             group: str = "board", sized_by: tuple = ()) -> list[Part]:
    across, up = plan(columns, rows, square, tab)
    xs, ys = _spans(columns, across), _spans(rows, up)
    out = []
    for j, (r0, r1) in enumerate(ys):
        for i, (c0, c1) in enumerate(xs):
            x0, y0 = c0 * square, r0 * square
            w, h = (c1 - c0) * square, (r1 - r0) * square
            items: list = []
            for row in range(r0, r1):
                for column in range(c0, c1):
                    items += draw_cell(column, row, column * square, row * square, square)
            left = x0 - (FRAME if i == 0 else 0)
            bottom = y0 - (FRAME if j == 0 else 0)
            right = x0 + w + (FRAME if i == across - 1 else 0)
            top = y0 + h + (FRAME if j == up - 1 else 0)
            tabs = []
            if i < across - 1:  # a tab on the right edge, under the next section
                tabs.append(((right, bottom), (right, top), tab))
            if j < up - 1:  # a tab on the top edge
                tabs.append(((right, top), (left, top), tab))
            for a, b, depth in tabs:  # creased away from the print, to slip under the neighbour
                items += glue_tab_art(a, b, depth, "glue under the next section", fold=MOUNTAIN)
            outline = tabbed_outline(rect(left, bottom, right - left, top - bottom), tabs)
            items.append(Line(outline, role=CUT, closed=True))
            label = f"{name} section {j * across + i + 1} of {across * up}: row {j + 1}, column {i + 1}"
            # In the frame along the board's outer edge, never on a square or a seam.
            label_y = bottom + CUT_CLEAR + DESCENT * LABEL_SIZE * PT if j == 0 else \
                top - CUT_CLEAR - ASCENT * LABEL_SIZE * PT - 0.2
            items.append(Text(left + 3.0, label_y, label, size=LABEL_SIZE, anchor="start"))
            xs_all = [p[0] for p in outline]
            ys_all = [p[1] for p in outline]
            ox, oy = min(xs_all), min(ys_all)
            part = Part(f"{name} section {j * across + i + 1}", max(xs_all) - ox, max(ys_all) - oy,
                        kind="board", group=f"{group}-{j * across + i + 1}", rotatable=True, sized_by=sized_by)
            part.extend(translate(items, -ox, -oy))
            part.meta = {"section": (i, j), "grid": (across, up), "origin": (ox, oy),
                         "squares": ((c0, c1), (r0, r1))}
            out.append(part)
    return out


def assembly(parts: list[Part], scale: float = 0.25) -> list:
    """The plan of the sections for the cover: each outline where it goes, numbered."""
    items: list = []
    for part in parts:
        ox, oy = part.meta["origin"]
        (c0, c1), (r0, r1) = part.meta["squares"]
        x, y = ox * scale, oy * scale
        items.append(Fill(rect(x, y, part.width * scale, part.height * scale), "#FFFFFF", stroke=INK,
                          stroke_pt=0.5))
        items.append(Text(x + part.width * scale / 2, y + part.height * scale / 2,
                          part.name.rsplit(" ", 1)[-1], size=9, bold=True))
    return items
