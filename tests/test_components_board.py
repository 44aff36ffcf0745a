"""A custom game's board: square and hex grids cut into sections that fit the
paper and join by glue tabs, the cells where the spec puts them, and the
board assembled for a table."""

from __future__ import annotations

import math
import textwrap

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Polygon
from shapely.ops import unary_union

from conftest import budget
from printkit import components, spec as specs
from printkit.components import boards
from printkit.components.grid import Grid, cell_name, parse_name
from printkit.errors import SpecError
from printkit.options import BuildOptions
from printkit.parts.core import CUT, GLUE, MOUNTAIN, Fill, Line, Text
from printkit.parts.sections import FRAME
from printkit.sheets import PAPERS, page_for


def load(tmp_path, body: str):
    path = tmp_path / "game.yaml"
    path.write_text("game: custom\ntitle: Board test\ncomponents:\n" + textwrap.indent(textwrap.dedent(body), "  "))
    return specs.load(str(path))


SQUARE = """\
- type: board
  name: Field
  columns: 9
  rows: 9
  cell_mm: 28
  map:
    - "R.......B"
    - "........."
    - "........."
    - "........."
    - "....W...."
    - "........."
    - "........."
    - "........."
    - "B.......R"
  legend:
    R: {fill: "#E8B4B4"}
    B: {fill: "#B4C8E8"}
    W: {fill: "#F2D16B", text: "Well"}
  cells:
    b2: {label: "b2", text: "Start"}
  regions:
    - {name: "Red base", cells: [c1, d1, e1, d2], fill: "#F4CCCC", border: "#CC0000"}
  track: {start: 0, every: 5}
"""

HEX = """\
- type: board
  name: Hexes
  grid: hex
  columns: 11
  rows: 9
  cell_mm: 26
  cells:
    f5: {fill: "#F2D16B", text: "Centre"}
"""


@pytest.fixture(scope="module")
def square(tmp_path_factory):
    spec = load(tmp_path_factory.mktemp("square"), SQUARE)
    return spec, components.parts(spec, BuildOptions())


@pytest.fixture(scope="module")
def hexes(tmp_path_factory):
    spec = load(tmp_path_factory.mktemp("hex"), HEX)
    return spec, components.parts(spec, BuildOptions())


def outline_of(part):
    return max((i for i in part.items if isinstance(i, Line) and i.role == CUT and i.closed),
               key=lambda line: Polygon(line.points).area).points


def fits_both_papers(part) -> bool:
    return all(page_for(part, paper) is not None for paper in PAPERS.values())


def fills_of(part, colour):
    return [i for i in part.items if isinstance(i, Fill) and i.color.upper() == colour]


def test_square_board_with_its_track_is_cut_into_four_sections_that_fit_the_paper(square):
    _, parts = square
    # 9 x 9 cells of 28 mm and a ring of track spaces: 11 x 11 x 28 = 308 mm a side,
    # too large for one sheet; two sections across and two up fit both papers.
    assert [p.name for p in parts] == [f"Field section {k}" for k in (1, 2, 3, 4)]
    assert all(fits_both_papers(p) for p in parts)
    assert {p.meta["grid"] for p in parts} == {(2, 2)}
    # Sections 1 (lower left) holds 6 x 6 cells, its frame and its right and top tabs.
    first = parts[0]
    assert first.width == pytest.approx(6 * 28 + FRAME + 8.0)
    assert first.height == pytest.approx(6 * 28 + FRAME + 8.0)
    # The last section has no tab: 5 x 5 cells and its frame on two sides.
    assert parts[3].width == pytest.approx(5 * 28 + FRAME)
    assert sum(1 for p in parts for i in p.items if isinstance(i, Fill) and i.role == GLUE) == 4


def test_square_cells_measure_the_spec_and_stand_where_the_map_puts_them(square):
    _, parts = square
    first = parts[0]  # lower left: origin at the frame's corner, the track ring first
    wells = fills_of(first, "#F2D16B")
    assert len(wells) == 1
    xs = sorted({round(x, 6) for x, _ in wells[0].points})
    ys = sorted({round(y, 6) for _, y in wells[0].points})
    assert xs[1] - xs[0] == pytest.approx(28) and ys[1] - ys[0] == pytest.approx(28)
    # e5 is column 4, row 4; the track ring puts it one cell in: its lower left at 5 x 28 mm past the frame.
    assert (xs[0], ys[0]) == pytest.approx((FRAME + 5 * 28, FRAME + 5 * 28))
    # The map's bottom-left "B" (a1) and its top-right "B" (i9).
    blue = [f for p in parts for f in fills_of(p, "#B4C8E8")]
    assert len(blue) == 2


def test_the_score_track_runs_round_the_edge_numbered_clockwise(square):
    spec, parts = square
    layout = boards.board_layout(spec.data["components"][0], components.Context(spec, BuildOptions(), spec.path.parent))
    track = {c.name: c.center for c in layout.cells if c.name.startswith("track-")}
    # A ring of 11 x 11 spaces: 4 x 11 - 4 = 40, from 0 at the top-left corner.
    assert len(track) == 40
    assert track["track-0"] == pytest.approx((FRAME + 14, FRAME + 10 * 28 + 14))
    assert track["track-10"] == pytest.approx((FRAME + 10 * 28 + 14, FRAME + 10 * 28 + 14))
    assert track["track-20"] == pytest.approx((FRAME + 10 * 28 + 14, FRAME + 14))
    numbers = sorted(int(t.text) for p in parts for t in p.items if isinstance(t, Text) and t.text.isdigit())
    assert numbers == list(range(40))
    # Every fifth space is bold.
    bold = sorted(int(t.text) for p in parts for t in p.items if isinstance(t, Text) and t.text.isdigit() and t.bold)
    assert bold == list(range(0, 40, 5))


def test_a_region_has_its_fill_its_border_round_its_outline_only_and_its_name(square):
    _, parts = square
    region = [f for p in parts for f in fills_of(p, "#F4CCCC")]
    assert len(region) == 4
    borders = [i for p in parts for i in p.items if isinstance(i, Line) and i.color == "#CC0000"]
    # c1 d1 e1 in a row and d2 on the middle: 3 + 2 + 3 + 2 outer edges (the T's perimeter in cell edges).
    assert len(borders) == 10
    names = [t for p in parts for t in p.items if isinstance(t, Text) and t.text == "Red base"]
    assert len(names) == 1


def test_hex_board_is_cut_along_the_hexes_into_sections_that_fit_every_paper(hexes):
    _, parts = hexes
    assert len(parts) == 2
    assert all(fits_both_papers(p) for p in parts)
    grid = Grid("hex", 11, 9, 26)
    # Every hex in exactly one section, whole: the sections' cells partition the board.
    held = [key for p in parts for key in p.meta["cells"]]
    assert sorted(held) == sorted(grid.keys())
    # Each hex drawn measures 26 mm across its flats (15.01 mm a side).
    for part in parts:
        hexes_drawn = [i for i in part.items if isinstance(i, Fill) and len(i.points) == 6]
        assert len(hexes_drawn) == len(part.meta["cells"])
        for h in hexes_drawn[:5]:
            xs = [x for x, _ in h.points]
            assert max(xs) - min(xs) == pytest.approx(26)
            assert math.dist(h.points[0], h.points[1]) == pytest.approx(26 / math.sqrt(3))


def test_hex_sections_meet_along_the_zigzag_and_the_tab_follows_it(hexes):
    _, parts = hexes
    left, right = parts
    (ox1, oy1), (ox2, oy2) = left.meta["origin"], right.meta["origin"]
    a = Polygon([(x + ox1, y + oy1) for x, y in outline_of(left)])
    b = Polygon([(x + ox2, y + oy2) for x, y in outline_of(right)])
    folds = [i for i in left.items if isinstance(i, Line) and i.role == MOUNTAIN]
    assert len(folds) == 1
    fold = [(x + ox1, y + oy1) for x, y in folds[0].points]
    # The seam zigzags along hex edges: more than two points, none off the right section's outline.
    assert len(fold) > 10
    assert all(b.exterior.distance(Polygon([p, p, p]).centroid) < 1e-3 for p in fold)
    # The tab lies under the right section and is 8 mm deep; the sections' own areas do not overlap.
    tab = [i for i in left.items if isinstance(i, Fill) and i.role == GLUE][0]
    tab_poly = Polygon([(x + ox1, y + oy1) for x, y in tab.points])
    assert tab_poly.difference(b).area < 1.0
    assert a.intersection(b).area == pytest.approx(tab_poly.area, rel=1e-3)
    board = left.meta["board"]
    whole = unary_union([a, b])
    assert whole.bounds == pytest.approx(board, abs=1e-3)


def test_board_layout_names_every_cell_at_its_place(hexes):
    spec, _ = hexes
    ctx = components.Context(spec, BuildOptions(), spec.path.parent)
    layout = boards.board_layout(spec.data["components"][0], ctx)
    grid = Grid("hex", 11, 9, 26)
    width, height = grid.extent()
    assert (layout.width, layout.height) == pytest.approx((width + 2 * FRAME, height + 2 * FRAME))
    assert len(layout.cells) == 99
    cell = {c.name: c for c in layout.cells}
    # a1 at the lower left; a2 half a hex to the right, 1.5 radii up.
    r = 26 / math.sqrt(3)
    assert cell["a1"].center == pytest.approx((FRAME + 13, FRAME + r))
    assert cell["a2"].center == pytest.approx((FRAME + 26, FRAME + 2.5 * r))
    assert Polygon(cell["f5"].outline).contains(Polygon(cell["f5"].outline).centroid)


@settings(max_examples=budget(12), deadline=None, derandomize=True)
@given(columns=st.integers(1, 26), rows=st.integers(1, 26))
def test_cell_names_read_back(columns, rows):
    assert parse_name(cell_name(columns - 1, rows - 1)) == (columns - 1, rows - 1)


@settings(max_examples=budget(6), deadline=None, derandomize=True)
@given(shape=st.sampled_from(["square", "hex"]), columns=st.integers(2, 20), rows=st.integers(2, 20),
       size=st.sampled_from([18.0, 25.0, 40.0]))
def test_any_board_is_cut_into_sections_that_fit_both_papers_and_hold_every_cell_once(tmp_path_factory, shape,
                                                                                     columns, rows, size):
    component = {"type": "board", "grid": shape, "columns": columns, "rows": rows, "cell_mm": size}
    spec = load(tmp_path_factory.mktemp("any"), f"- {component}\n".replace("'", '"'))
    parts = components.parts(spec, BuildOptions())
    assert all(fits_both_papers(p) for p in parts)
    across, up = parts[0].meta["grid"]
    assert len(parts) == across * up
    # Each section says where it goes, once.
    for k, part in enumerate(parts, 1):
        words = [i for i in part.items if isinstance(i, Text) and f"section {k} of {across * up}" in i.text]
        assert len(words) == 1
    if shape == "hex":
        assert sorted(k for p in parts for k in p.meta["cells"]) == sorted(Grid(shape, columns, rows, size).keys())
    else:
        assert sum((c1 - c0) * (r1 - r0) for p in parts for (c0, c1), (r0, r1) in [p.meta["squares"]]) \
            == columns * rows


@pytest.mark.parametrize("body, where, words", [
    (SQUARE.replace("b2: {", "k2: {"), "k2:", "'k2' is not a cell of this 9 x 9 board"),
    (SQUARE.replace('- "....W...."', '- "....W..."'), "....W...", "map row 5 has 8 cells"),
    (SQUARE.replace('- "....W...."', '- "....X...."'), "....X....", "'X' not in legend"),
    (HEX + "  track: {start: 1}\n", "track:", "a hex board has none"),
    (SQUARE.replace('text: "Well"', 'text: "The deep well in the middle of the village square, where all roads meet"'),
     "The deep well", "does not fit a 28 mm cell in three lines of 6 pt"),
    (SQUARE.replace('label: "b2"', 'label: "Marketplace of the north"'), "Marketplace",
     "'Marketplace of the north' does not fit across a 28 mm cell"),
])
def test_a_board_the_grid_cannot_hold_is_refused_at_its_line(tmp_path, body, where, words):
    with pytest.raises(SpecError) as caught:
        load(tmp_path, body)
    problems = caught.value.problems
    text = (tmp_path / "game.yaml").read_text().splitlines()
    where = next(k for k, line in enumerate(text, 1) if where in line)
    assert any(words in p.message and p.line == where for p in problems), [str(p) for p in problems]


ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">' \
       '<circle cx="5" cy="5" r="4" fill="#0072B2"/></svg>'


def test_a_cells_icon_is_drawn_in_its_middle_half_the_cell_wide(tmp_path):
    from printkit.parts.core import Image

    (tmp_path / "well.svg").write_text(ICON)
    spec = load(tmp_path, HEX.replace('f5: {fill: "#F2D16B", text: "Centre"}', "f5: {icon: well.svg}"))
    parts = components.parts(spec, BuildOptions())
    images = [(p, i) for p in parts for i in p.items if isinstance(i, Image)]
    assert len(images) == 1
    part, image = images[0]
    grid = Grid("hex", 11, 9, 26)
    board_x0, board_y0 = part.meta["board"][:2]
    ox, oy = part.meta["origin"]
    cx, cy = grid.centre(*parse_name("f5"))
    assert (image.w, image.h) == pytest.approx((13, 13))
    assert (image.x + image.w / 2 + ox, image.y + image.h / 2 + oy) == pytest.approx((cx, cy))
    assert (board_x0, board_y0) == pytest.approx((-FRAME, -FRAME))


def test_a_missing_icon_is_refused_at_its_line(tmp_path):
    with pytest.raises(SpecError) as caught:
        load(tmp_path, HEX.replace('f5: {fill: "#F2D16B", text: "Centre"}', "f5: {icon: well.svg}"))
    text = (tmp_path / "game.yaml").read_text().splitlines()
    line = next(k for k, row in enumerate(text, 1) if "well.svg" in row)
    assert [(p.line, "no such file" in p.message) for p in caught.value.problems] == [(line, True)]


def test_a_large_hex_board_is_cut_three_ways_and_four_each_section_labelled_and_every_hex_once(tmp_path):
    spec = load(tmp_path, "- {type: board, name: Hexes, grid: hex, columns: 18, rows: 20, cell_mm: 30}\n")
    parts = components.parts(spec, BuildOptions())
    # 567 x 540 mm of hexes and frame: three across and four up is the fewest that fit both papers.
    assert [p.meta["grid"] for p in parts] == [(3, 4)] * 12
    assert all(fits_both_papers(p) for p in parts)
    assert sorted(k for p in parts for k in p.meta["cells"]) == sorted(Grid("hex", 18, 20, 30).keys())
    labels = {p.name: next(i for i in p.items if isinstance(i, Text) and "Hexes section" in i.text) for p in parts}
    # Down the left and right edges the words read along the frame; the middle ones sit on a hex.
    assert labels["Hexes section 4"].angle == 90 and labels["Hexes section 6"].angle == 270
    middle = [i.text for i in parts[4].items if isinstance(i, Text) and i.size <= 6.0 and i.angle == 0]
    assert labels["Hexes section 5"].angle == 0 and middle == ["Hexes section 5 of 12", "row 2, column 2"]
    # No words under 6 pt, the tabs' included.
    assert min(i.size for p in parts for i in p.items if isinstance(i, Text)) >= 6.0


def test_a_specs_first_board_is_what_a_table_shows(square, hexes):
    for spec, parts in (square, hexes):
        board = boards.spec_board(spec, BuildOptions())
        # The sections, each moved to where it goes, cover the board a table shows, cells and frame.
        for part in parts:
            x, y = part.board_at
            assert 0 <= x + 1e-6 and x + part.width <= board.width + 8.0 + 1e-6
            assert 0 <= y + 1e-6 and y + part.height <= board.height + 8.0 + 1e-6
        assert {c.name for c in board.cells} >= {"a1", "i9" if spec is square[0] else "k9"}


def test_a_cells_icon_and_words_share_it_the_icon_above_the_words(tmp_path):
    from printkit.parts.core import Image

    (tmp_path / "well.svg").write_text(ICON)
    spec = load(tmp_path, SQUARE.replace('W: {fill: "#F2D16B", text: "Well"}',
                                         'W: {fill: "#F2D16B", text: "Well", icon: well.svg}'))
    parts = components.parts(spec, BuildOptions())
    part = next(p for p in parts if any(isinstance(i, Image) for i in p.items))
    image = next(i for i in part.items if isinstance(i, Image))
    words = next(i for i in part.items if isinstance(i, Text) and i.text == "Well")
    # Neither runs into the other: the words' cap height under the icon's foot, both inside the 28 mm cell.
    assert words.y + 0.76 * words.size * 25.4 / 72 < image.y
    x0, y0 = FRAME + 5 * 28, FRAME + 5 * 28  # e5 inside the track's ring
    assert x0 < image.x and image.x + image.w < x0 + 28 and y0 < words.y - 1 and image.y + image.h < y0 + 28
