"""A custom game's tiles, tokens and dice, measured on their parts: sizes in
mm, outlines, folds between two sides, faces for --format png, dice faces."""

from __future__ import annotations

import math

import pytest

from printkit import spec as specs
from printkit.components import made_by_component
from printkit.options import BuildOptions
from printkit.parts.core import CUT, MOUNTAIN, Circle, Image, Line, Text


def _load(tmp_path, components: str):
    (tmp_path / "icon.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                                       '<rect width="10" height="10" fill="#0A0"/></svg>', encoding="utf-8")
    path = tmp_path / "g.yaml"
    path.write_text("game: custom\ntitle: Pieces\ncomponents:\n" + components, encoding="utf-8")
    return specs.load(str(path))


def _cut(part):
    (outline,) = [i for i in part.items if isinstance(i, Line) and i.role == CUT]
    return outline.points


@pytest.mark.parametrize("duplex", [False, True])
def test_hex_tiles_measure_their_size_across_the_flats_and_fold_on_a_shared_edge(tmp_path, duplex):
    spec = _load(tmp_path, "  - type: tiles\n    name: Land\n    shape: hex\n    size_mm: 40\n"
                           "    rows: [{t: Wood, count: 3}, {t: Lake}]\n    face: {title: t}\n"
                           "    back: {color: '#333333'}\n")
    parts = made_by_component(spec, BuildOptions(duplex=duplex))["Land"]
    assert len(parts) == 4
    corner = 40 / math.sqrt(3)  # a hex 40 mm across its flats is 46.19 mm across its corners
    for part in parts:
        points = _cut(part)
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        if duplex:
            assert (part.width, round(part.height, 3)) == (40.0, round(2 * corner, 3))
            assert len(points) == 6 and round(max(xs) - min(xs), 6) == 40 and round(max(ys) - min(ys), 3) == round(2 * corner, 3)
            # Every side of the hexagon the same length.
            sides = {round(math.dist(points[k], points[(k + 1) % 6]), 6) for k in range(6)}
            assert sides == {round(corner, 6)}
            assert part.back and part.faces[1] == ("tile", "back", None)
        else:
            # Front and back side by side, folded along the upright edge they share.
            assert round(part.width, 6) == 80 and round(max(xs) - min(xs), 6) == 80
            (fold,) = [i for i in part.items if isinstance(i, Line) and i.role == MOUNTAIN]
            assert [tuple(round(v, 6) for v in p) for p in fold.points] == \
                [(40.0, round(corner / 2, 6)), (40.0, round(3 * corner / 2, 6))]
            assert [f[:2] for f in part.faces] == [("tile", "front"), ("tile", "back")]


def test_round_tokens_are_circles_of_their_size_and_two_sided_ones_print_two_discs(tmp_path):
    spec = _load(tmp_path, "  - type: tokens\n    name: Coins\n    size_mm: 19\n"
                           "    rows: [{v: '1', count: 2}]\n    face: {title: v}\n    back: {image: icon.svg}\n")
    parts = made_by_component(spec, BuildOptions())["Coins"]
    assert [p.name for p in parts] == ["Token (Coins)", "Back of token (Coins)"] * 2
    for part in parts:
        centre = (part.width / 2, part.height / 2)
        assert {round(math.dist(p, centre), 6) for p in _cut(part)} == {9.5}
    # The back carries the picture, inside the disc's cut.
    back = parts[1]
    (picture,) = [i for i in back.items if isinstance(i, Image)]
    corners = [(picture.x, picture.y), (picture.x + picture.w, picture.y + picture.h)]
    assert all(math.dist(c, (9.5, 9.5)) < 9.5 for c in corners)


def test_a_die_is_a_cube_net_whose_faces_show_what_the_spec_says(tmp_path):
    spec = _load(tmp_path, "  - type: dice\n    name: D\n    size_mm: 18\n    count: 2\n"
                           "    faces: [{pips: 1}, {number: 2}, {text: Go}, {icon: icon.svg}, {pips: 5}, {pips: 6}]\n")
    parts = made_by_component(spec, BuildOptions())["D"]
    assert len(parts) == 2
    part = parts[0]
    assert len(part.table_faces) == 6 and {(w, h) for _, _, w, h in part.table_faces} == {(18.0, 18.0)}

    def inside(item, square):
        x, y, w, h = square
        px, py = (item.center if isinstance(item, Circle) else (item.x + item.w / 2, item.y + item.h / 2)
                  if isinstance(item, Image) else (item.x, item.y))
        return x < px < x + w and y < py < y + h

    faces = part.table_faces
    pips = [i for i in part.items if isinstance(i, Circle)]
    assert [sum(inside(p, face) for p in pips) for face in faces] == [1, 0, 0, 0, 5, 6]
    words = [i for i in part.items if isinstance(i, Text) and i.text in ("2", "Go")]
    assert [next(k for k, face in enumerate(faces) if inside(w, face)) for w in words] == [1, 2]
    (picture,) = [i for i in part.items if isinstance(i, Image)]
    assert inside(picture, faces[3])


def test_a_back_per_row_takes_each_rows_own_colour(tmp_path):
    spec = _load(tmp_path, "  - type: cards\n    name: Deck\n    size: mini\n"
                           "    rows: [{t: A, c: '#AA0000'}, {t: B, c: '#0000AA'}]\n    face: {title: t}\n"
                           "    back_face: {background: c, title: t}\n")
    parts = made_by_component(spec, BuildOptions(duplex=True))["Deck"]
    assert [p.back[0].color for p in parts] == ["#AA0000", "#0000AA"]
    assert [[i.text for i in p.back if isinstance(i, Text)] for p in parts] == [["A"], ["B"]]


def test_two_components_of_one_name_are_refused_at_the_second(tmp_path):
    from printkit.errors import SpecError

    path = tmp_path / "g.yaml"
    path.write_text("game: custom\ntitle: T\ncomponents:\n  - {type: dice}\n  - {type: dice, name: dice 1}\n",
                    encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        specs.load(str(path))
    (problem,) = caught.value.problems
    assert problem.line == 5 and "'dice 1' names entry 1 too" in problem.message
