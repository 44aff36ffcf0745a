"""A custom game's stand-ups, tracks and sliders, tuck boxes and boxes:
nets measured in millimetres, their fit on the cells they stand on, and
their sizes worked out from the components they hold."""

from __future__ import annotations

import math
import textwrap

import pytest
from hypothesis import given, settings, strategies as st
from shapely.geometry import Polygon

from conftest import budget

from printkit import components, spec as specs
from printkit.errors import SpecError
from printkit.footprint import tent_base
from printkit.options import BuildOptions
from printkit.parts.core import CUT, FOLDS, GLUE, Fill, Line, Text
from printkit.sheets import PAPERS, page_for


def write(tmp_path, body: str):
    path = tmp_path / "game.yaml"
    path.write_text("game: custom\ntitle: Test kit\ncomponents:\n" + textwrap.indent(textwrap.dedent(body), "  "))
    return path


def build(tmp_path, body: str):
    spec = specs.load(str(write(tmp_path, body)))
    return spec, components.parts(spec, BuildOptions())


def refused(tmp_path, body: str, marker: str):
    """The problems of a refused spec, and the line of the first line holding ``marker``."""
    path = write(tmp_path, body)
    with pytest.raises(SpecError) as caught:
        specs.load(str(path))
    line = next(k for k, text in enumerate(path.read_text().splitlines(), 1) if marker in text)
    return caught.value.problems, line


def folds(part, horizontal=True):
    out = set()
    for item in part.items:
        if isinstance(item, Line) and item.role in FOLDS and len(item.points) == 2:
            (x0, y0), (x1, y1) = item.points
            if horizontal and abs(y0 - y1) < 1e-9:
                out.add(round(y0, 6))
            if not horizontal and abs(x0 - x1) < 1e-9:
                out.add(round(x0, 6))
    return sorted(out)


def cut_outline(part):
    return max((i for i in part.items if isinstance(i, Line) and i.role == CUT and i.closed),
               key=lambda line: Polygon(line.points).area).points


BOARD = """\
- type: board
  name: Board
  columns: 4
  rows: 4
  cell_mm: {cell}
"""

PAWNS = """\
- type: standups
  name: Pawns
  width_mm: 14
  face_mm: 24
  base_mm: 12
  glue_tab_mm: 6
  stands_on: Board
  pieces:
    - {label: "Red", fill: "#D55E00", count: 2}
    - {fill: "#0072B2"}
"""

STANDS = """\
- type: standups
  name: Stands
  holds: {width_mm: 16, height_mm: 40}
  stands_on: Board
  pieces: [{fill: "#009E73"}]
"""


def test_a_stand_up_is_a_tent_net_its_faces_and_base_as_the_spec_sizes_them(tmp_path):
    _, parts = build(tmp_path, BOARD.format(cell=26) + PAWNS)
    pawns = [p for p in parts if p.kind == "standup"]
    assert [p.name for p in pawns] == ["Stand-up (Pawns, Red)", "Stand-up (Pawns, Red)", "Stand-up (Pawns)"]
    pawn = pawns[0]
    # From the foot: a 6 mm tab, a 12 mm base, two 24 mm faces.
    assert (pawn.width, pawn.height) == pytest.approx((14, 6 + 12 + 24 + 24))
    assert folds(pawn) == pytest.approx([6, 18, 42])
    x0, y0, x1, y1 = Polygon(tent_base(pawn)).bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((14, 12))
    # The label reads on both faces: upright on the front, turned half round on the back.
    labels = [t for t in pawn.items if isinstance(t, Text) and t.text == "Red"]
    assert sorted(t.angle for t in labels) == [0, 180]
    assert 18 < min(t.y for t in labels) < 42 < max(t.y for t in labels)


def test_a_stand_that_holds_a_card_is_the_card_wide_and_slit_along_its_ridge(tmp_path):
    _, parts = build(tmp_path, BOARD.format(cell=26) + STANDS)
    stand = next(p for p in parts if p.kind == "standup")
    # 16 mm card, half a millimetre of slit and 3 mm of ridge beyond it each side.
    assert stand.width == pytest.approx(16 + 2 * 3.5)
    ridge = 6 + 12 + 24
    slit = [i for i in stand.items if isinstance(i, Line) and i.role == CUT and not i.closed]
    assert len(slit) == 1
    (a, ya), (b, yb) = slit[0].points
    assert ya == yb == pytest.approx(ridge) and abs(b - a) == pytest.approx(17)


def test_a_stand_up_wider_than_the_cell_it_stands_on_is_refused_at_the_cell_size(tmp_path):
    # 23 mm wide with a millimetre free each side needs 25 mm squares.
    problems, line = refused(tmp_path, BOARD.format(cell=24) + STANDS, "cell_mm: 24")
    assert len(problems) == 1
    assert problems[0].line == line
    assert "24 mm squares of Board are too small for Stands (stand-ups) (23.0 x 12.0 mm" in problems[0].message
    assert "25 mm squares of Board would fit them" in problems[0].message
    build(tmp_path, BOARD.format(cell=25) + STANDS)  # and 25 mm does


def test_a_stand_up_on_a_board_the_spec_lacks_is_refused_at_its_line(tmp_path):
    problems, line = refused(tmp_path, PAWNS.replace("stands_on: Board", "stands_on: Table"), "stands_on")
    assert [(p.line, "no board or tiles are named 'Table'" in p.message) for p in problems] == [(line, True)]


TRACK = """\
- type: track
  name: Score
  spaces: 30
  cell_mm: 18
  markers: [{fill: "#D55E00", label: A}, {fill: "#0072B2", label: B}]
"""

SLIDER = """\
- type: slider
  name: Slider A
  rows: [Paper, Rock]
  notches: [[1, 3], [2, 2], [3, 1], [4, 0]]
  start: 1
  cell_mm: 16
  markers: [{fill: "#009E73"}]
"""


def test_a_long_track_is_cut_into_sections_that_fit_and_numbers_every_space_once(tmp_path):
    _, parts = build(tmp_path, TRACK)
    strips = [p for p in parts if p.kind == "track"]
    # 31 squares of 18 mm (the name's, then 30 spaces) are 558 mm: three strips on either paper.
    assert len(strips) == 3
    assert all(page_for(p, paper) for p in strips for paper in PAPERS.values())
    assert sum(1 for p in strips for i in p.items if isinstance(i, Fill) and i.role == GLUE) == 2
    numbers = [t for p in strips for t in p.items if isinstance(t, Text) and t.text.isdigit()]
    assert sorted(int(t.text) for t in numbers) == list(range(30))
    assert sorted(int(t.text) for t in numbers if t.bold) == [0, 5, 10, 15, 20, 25]
    markers = [p for p in parts if p.kind == "marker"]
    # A space less a millimetre free each side and one of play.
    assert [(p.width, p.height) for p in markers] == [(15.0, 15.0)] * 2
    assert [t.text for p in markers for t in p.items if isinstance(t, Text)] == ["A", "B"]


def test_a_slider_shows_each_notchs_pair_and_frames_its_start(tmp_path):
    _, parts = build(tmp_path, SLIDER)
    strip = next(p for p in parts if p.kind == "track")
    s = 16
    texts = [t for t in strip.items if isinstance(t, Text)]
    (ox, _) = strip.meta["origin"]
    for k, (first, second) in enumerate([(1, 3), (2, 2), (3, 1), (4, 0)]):
        mid = (k + 1.5) * s - ox  # after the name's square
        here = sorted((t for t in texts if abs(t.x - mid) < 1e-6), key=lambda t: -t.y)
        assert [t.text for t in here] == [str(first), str(second)]
    frames = [i for i in strip.items if isinstance(i, Line) and i.role == "art" and i.closed]
    assert len(frames) == 1
    xs = [x for x, _ in frames[0].points]
    assert (min(xs) + max(xs)) / 2 == pytest.approx(2.5 * s - ox)  # notch 1, the second


def test_a_marker_larger_than_a_space_is_refused_at_its_size(tmp_path):
    problems, line = refused(tmp_path, TRACK.replace("cell_mm: 18", "cell_mm: 18\n  marker_mm: 17.5"), "marker_mm")
    assert [p.line for p in problems] == [line - 1]  # the space's size, the key a fix changes first
    assert "18 mm spaces are too small for Score markers" in problems[0].message


CARDS = """\
- type: cards
  name: Cards
  size: poker
  rows:
    - {title: "Ace", count: 40}
    - {title: "King", count: 12}
  face: {title: title}
  back: {color: "#333366"}
"""

TUCK = """\
- type: storage
  name: Deck box
  kind: tuck
  deck: Cards
"""


def test_a_tuck_box_is_sized_to_its_deck(tmp_path):
    _, parts = build(tmp_path, CARDS + TUCK)
    box = next(p for p in parts if p.kind == "tuck-box")
    # 52 poker cards 0.3 mm thick, a millimetre of play each way: 65 x 90 x 17.6 mm inside.
    w, h, d = box.meta["inside"]
    assert (w, h, d) == pytest.approx((65, 90, 52 * 0.3 + 2))
    # Back, side, front, side across from the net's left edge, then the tube's tab: the folds measured.
    across = folds(box, horizontal=False)
    assert across == pytest.approx([w, w + d, 2 * w + d, 2 * w + 2 * d])
    # Up the net: the bottom's tab, the bottom (d), the panels (h), the lid (d).
    up = folds(box)
    assert [b - a for a, b in zip(up, up[1:])] == pytest.approx([d, h, d])
    assert sum(1 for i in box.items if isinstance(i, Fill) and i.role == GLUE) == 2
    assert all(page_for(box, paper) for paper in PAPERS.values())
    # The thumb notch: the cut dips into the front's top edge, 8 mm deep.
    outline = cut_outline(box)
    top = up[2]
    notch = [y for x, y in outline if across[1] < x < across[2] and top - 9 < y < top - 1e-6]
    assert min(notch) == pytest.approx(top - 8, abs=0.05)


def test_a_tuck_box_counts_a_thicker_card(tmp_path):
    _, parts = build(tmp_path, CARDS + TUCK + "  card_mm: 0.5\n")
    box = next(p for p in parts if p.kind == "tuck-box")
    assert box.meta["inside"][2] == pytest.approx(52 * 0.5 + 2)


def test_a_tuck_box_for_a_deck_the_spec_lacks_is_refused_at_its_line(tmp_path):
    problems, line = refused(tmp_path, CARDS + TUCK.replace("deck: Cards", "deck: Hand"), "deck: Hand")
    assert [(p.line, "no component is named 'Hand'" in p.message) for p in problems] == [(line, True)]


def test_a_tray_and_lid_hold_what_the_kit_makes_layer_on_layer(tmp_path):
    body = BOARD.format(cell=26) + PAWNS + CARDS + """\
- type: storage
  name: Box
  holds: [Cards, Pawns]
"""
    _, parts = build(tmp_path, body)
    tray, lid = [p for p in parts if p.kind == "tray"]
    length, width, depth = tray.meta["inside"]
    # The floor: a poker card lying flat and a millimetre round it.
    assert (length, width) == pytest.approx((88 + 2, 63 + 2))
    # 52 cards in one stack; 3 pawns (14 x 12 mm) side by side in one layer, as tall as a tent's ridge.
    ridge = math.sqrt(24 ** 2 - 6 ** 2)
    assert depth == pytest.approx(52 * 0.3 + ridge + 1.0, abs=1e-3)
    # The net: the floor between four folds, walls as deep as the box, tabs in the corners.
    xs, ys = folds(tray, horizontal=False), folds(tray)
    assert (xs[1] - xs[0], ys[1] - ys[0]) == pytest.approx((length, width))
    assert xs[0] == pytest.approx(depth) and ys[0] == pytest.approx(depth)
    assert sum(1 for i in tray.items if isinstance(i, Fill) and i.role == GLUE) == 4
    # The lid slides over the tray: a millimetre more each way.
    assert lid.meta["inside"] == pytest.approx((length + 2, width + 2, depth))


def test_a_label_too_long_for_its_stand_up_is_refused_at_its_line(tmp_path):
    problems, line = refused(tmp_path, PAWNS.replace('label: "Red"', 'label: "Crimson Guard"'), "Crimson")
    assert [(p.line, "'Crimson Guard' does not fit across the face: 9.0 mm" in p.message) for p in problems] \
        == [(line, True)]


def test_every_word_on_a_stand_up_is_6_pt_or_larger(tmp_path):
    _, parts = build(tmp_path, BOARD.format(cell=26) + PAWNS + STANDS)
    sizes = [i.size for p in parts if p.kind == "standup" for i in p.items if isinstance(i, Text)]
    assert sizes and min(sizes) >= 6.0


@pytest.mark.parametrize("body, marker, words", [
    (TRACK.replace("spaces: 30", "labels: [Dawn, Midafternoon, Dusk]"), "Midafternoon",
     "'Midafternoon' does not fit a 18 mm space at 6 pt"),
    (SLIDER.replace("[4, 0]", "[4, 99999999999]"), "99999999999", "'99999999999' does not fit a 16 mm notch at 6 pt"),
    (SLIDER.replace("start: 1", "start: 4"), "start: 4", "start 4 is not a notch: the notches are 0 to 3"),
])
def test_a_track_whose_words_do_not_fit_or_whose_start_is_off_it_is_refused_at_its_line(tmp_path, body, marker,
                                                                                      words):
    problems, line = refused(tmp_path, body, marker)
    assert any(p.line == line and words in p.message for p in problems), [str(p) for p in problems]


def test_a_stand_holds_the_cards_of_the_deck_it_names(tmp_path):
    deck = CARDS.replace("size: poker", "size_mm: [20, 40]")
    _, parts = build(tmp_path, BOARD.format(cell=30) + deck + STANDS.replace("holds: {width_mm: 16, height_mm: 40}",
                                                                             "holds: Cards"))
    stand = next(p for p in parts if p.kind == "standup")
    # A 20 mm card: the stand 20 + 2 x 3.5 mm wide, its slit 21 mm.
    assert stand.width == pytest.approx(27)
    slit = next(i for i in stand.items if isinstance(i, Line) and i.role == CUT and not i.closed)
    assert abs(slit.points[1][0] - slit.points[0][0]) == pytest.approx(21)


@settings(max_examples=budget(25), deadline=None, derandomize=True)
@given(pieces=st.lists(st.tuples(st.floats(10, 120), st.floats(10, 120), st.sampled_from([0.3, 0.5, 12.7, 20.0]),
                                 st.integers(1, 60)), min_size=1, max_size=5))
def test_a_box_floor_holds_every_piece_flat_and_its_depth_every_layer(pieces):
    from printkit.components.storage import PLAY, box_inside

    flat = [(max(a, b), min(a, b), t) for a, b, t, n in pieces for _ in range(n)]
    length, width, depth = box_inside(flat)
    for a, b, t in flat:
        assert a + 2 * PLAY <= length + 1e-9 and b + 2 * PLAY <= width + 1e-9
    # As deep as the thickest piece and the play, and no deeper than every piece stacked on the next.
    assert max(t for _, _, t in flat) + PLAY <= depth + 1e-9
    assert depth <= sum(round(t, 3) for _, _, t in flat) + PLAY + 1e-9


TILES = """\
- type: tiles
  name: Tiles
  size_mm: 50.8
  rows: [{name: A, count: 2}]
  face: {title: name}
"""


def test_pawns_on_a_quartered_tile_must_fit_a_quarter(tmp_path):
    pawns = PAWNS.replace("stands_on: Board", "stands_on: Tiles\n  split: 2")
    build(tmp_path, TILES + pawns)  # 14 x 12 mm on a 25.4 mm quarter
    problems, line = refused(tmp_path, TILES + pawns.replace("width_mm: 14", "width_mm: 24"), "size_mm: 50.8")
    assert [p.line for p in problems] == [line]
    assert "size_mm: 25.4 mm quarters of the tiles (Tiles) are too small for Pawns (stand-ups) (24.0 x 12.0 mm" \
        in problems[0].message
    assert "larger tiles would hold them, or Pawns (stand-ups) at most 23.4 mm wide" in problems[0].message
